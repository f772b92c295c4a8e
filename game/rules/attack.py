"""The numbers of one attack, given what the Modifier Stage left behind.

Shared by the Resolution Stage (with the real outcomes) and the forecast
(with every possible outcome), so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.actions import MELEE_ATTACKS, Action, ActionKind, Order
from game.rules.board import Board
from game.rules.defence import DefenceResult
from game.rules.equipment import BARE_HANDS, Weapon
from game.rules.geometry import Tile
from game.rules.modifiers import Breakdown, Modifier
from game.rules.positions import name_of, range_band
from game.rules.sheet import Sheet
from game.rules.stats import (
    PARRYING_TARGET_BONUS,
    WEAPONLESS_DISARM,
    missile_roll,
    skill_roll,
)
from game.world import World

CALLED_SHOT = "Called Shot"


@dataclass(frozen=True)
class Situation:
    """What an attack's numbers depend on besides the sheets and the order."""

    attacker_tile: Tile
    target_tile: Tile
    defence: DefenceResult = field(default_factory=DefenceResult)
    feint_succeeded: bool = False
    grip: int = 0
    target_retreated: bool = False
    target_defeated: bool = False
    attacker_engaged: bool = False


def attack_breakdown(
    world: World,
    board: Board,
    attacker: int,
    order: Order,
    action: Action,
    weapon: Weapon,
    situation: Situation,
) -> Breakdown | str:
    """The modified stat of an attack, or the reason it is nullified.

    For a Called Shot the breakdown includes the Called Shot Modifier; the
    general hit uses the same breakdown `without(CALLED_SHOT)` (CO.08 Ex. 1).
    """
    kind = action.kind
    assert action.target is not None
    target_name = name_of(world, action.target)
    here, there = situation.attacker_tile, situation.target_tile
    if kind in MELEE_ATTACKS:
        if situation.target_retreated:
            return f"{target_name} Retreated out of melee"
        if not board.in_reach(here, there, weapon.reach):
            return f"{target_name} is out of reach"

    if kind is ActionKind.MISSILE_STRIKE:
        if situation.attacker_engaged:
            return "engaged in melee: no Missile Strike"
        if not board.line_of_sight(here, there):
            return f"no line of sight to {target_name}"
        distance = board.distance(here, there)
        band = range_band(distance, weapon)
        if band is None:
            return f"{target_name} is out of range ({distance:.1f} m)"
        assert weapon.missile_kind is not None
        breakdown = missile_roll(world, attacker, weapon.missile_kind, order).plus(Modifier(band[2], band[1]))
    elif kind is ActionKind.STRIKE:
        breakdown = skill_roll(world, attacker, "strike", order)
        if situation.feint_succeeded:
            breakdown = breakdown.plus(Modifier("Feint Bonus", world.get(attacker, Sheet).skill("feint")))
    elif kind is ActionKind.BRAWLING:
        breakdown = skill_roll(world, attacker, "brawling", order)
    else:  # Disarm (CO.10)
        breakdown = skill_roll(world, attacker, "disarm", order)
        mods = []
        if weapon is BARE_HANDS:
            mods.append(Modifier("Weaponless Penalty", WEAPONLESS_DISARM))
        if situation.defence.parrying:
            mods.append(Modifier("Parrying Target", PARRYING_TARGET_BONUS))
        mods.append(Modifier("Grip Penalty", -situation.grip))
        breakdown = breakdown.plus(*mods)

    if action.called_shot is not None:
        # Called Shot Modifiers are suspended against Defeated characters (CO.08).
        modifier = 0 if situation.target_defeated else action.called_shot.modifier
        breakdown = breakdown.plus(Modifier(CALLED_SHOT, modifier))
    return breakdown.plus(*situation.defence.penalty_against(kind))
