"""The numbers of one attack, given what the Modifier Stage left behind.

Shared by the Resolution Stage (with the real outcomes) and the forecast
(with every possible outcome), so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.rules.actions import MELEE_ATTACKS, Action, ActionKind, Order
from game.rules.arcs import arc_of, attack_facing_modifier, defence_cost
from game.rules.board import Board
from game.rules.defence import DefenceResult, parry_weapon
from game.rules.options import RuleOptions
from game.rules.positions import name_of, range_band
from game.rules.stats import (
    PARRYING_TARGET_BONUS,
    WEAPONLESS_DISARM,
    missile_roll,
    skill_roll,
)
from game.world import Equipment, World

CALLED_SHOT = "Called Shot"
COVER_PENALTY = {"none": 0, "low": -2, "high": -8}  # RULES.md §8 cover module
COVER_LABELS = {"none": "", "low": "Low Cover", "high": "High Cover"}


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
    attacker_facing: int = 2
    target_facing: int = 2
    target_exposed: bool = True
    options: RuleOptions = field(default_factory=RuleOptions)


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
        problem = reach_problem(board, here, there, weapon, target_name, situation.target_retreated)
        if problem:
            return problem

    if kind is ActionKind.DISARM and not world.get(action.target, Equipment).weapons:
        return f"{target_name} holds no weapon any more"
    options = situation.options
    positional: list[Modifier] = []
    if kind is ActionKind.MISSILE_STRIKE and options.cover:
        level = board.cover_between(here, there)
        if level == "high" and not situation.target_exposed:
            return f"{target_name} is hidden behind high cover"
        positional.append(Modifier(COVER_LABELS[level], COVER_PENALTY[level]))
    if kind in MELEE_ATTACKS and options.facing:
        positional.append(attack_facing_modifier(arc_of(here, situation.attacker_facing, there), weapon))

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
        if situation.feint_succeeded:  # an unarmed Feint serves a Brawl (CO.09 Ex. 6)
            breakdown = breakdown.plus(Modifier("Feint Bonus", world.get(attacker, Sheet).skill("feint")))
    else:  # Disarm (CO.10)
        breakdown = skill_roll(world, attacker, "disarm", order)
        mods = []
        if weapon is BARE_HANDS:
            mods.append(Modifier("Weaponless Penalty", WEAPONLESS_DISARM))
        if situation.defence.parrying:
            mods.append(Modifier("Parrying Target", PARRYING_TARGET_BONUS))
        mods.append(Modifier("Grip Penalty", -situation.grip))
        breakdown = breakdown.plus(*mods)

    breakdown = breakdown.plus(*positional)
    if action.called_shot is not None:
        # Called Shot Modifiers are suspended against Defeated characters (CO.08).
        modifier = 0 if situation.target_defeated else action.called_shot.modifier
        breakdown = breakdown.plus(Modifier(CALLED_SHOT, modifier))
    costs, arc = defence_costs(world, action.target, situation)
    return breakdown.plus(*situation.defence.penalty_against(kind, costs, arc))


def reach_problem(
    board: Board, here: Tile, there: Tile, weapon: Weapon, target_name: str, retreated: bool
) -> str:
    """Why a melee action (or the Feint serving it) cannot reach its target now; "" if it can.

    A Retreat nullifies the melee actions on a combatant only when it got out of
    the attacker's reach (CO.18: "because she's no longer there"); a retreater
    stopped within reach can still be struck.
    """
    if board.in_reach(here, there, weapon.reach):
        return ""
    return f"{target_name} Retreated out of melee" if retreated else f"{target_name} is out of reach"


def defence_costs(
    world: World, target: int, situation: Situation
) -> tuple[dict[ActionKind, int | None], str]:
    """Facing module: how much each of the target's defences loses against this
    attacker, from the arc of the target the attack comes from."""
    if not situation.options.facing:
        return {}, ""
    arc = arc_of(situation.target_tile, situation.target_facing, situation.attacker_tile)
    weapon = parry_weapon(world.get(target, Equipment))
    two_handed = weapon is not None and weapon.hands == 2
    kinds = (ActionKind.PARRY, ActionKind.BLOCK, ActionKind.DODGE, ActionKind.EVADE)
    return {kind: defence_cost(kind, arc, two_handed) for kind in kinds}, arc
