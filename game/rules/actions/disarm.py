"""Disarm (CO.10): knock the target's weapon out of its hand; its Grip roll is a penalty."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.reply import ReplyRoll
from game.rules.events import WeaponDropped
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of, occupant, tile_of
from game.rules.registry import register_action
from game.rules.stats import PARRYING_TARGET_BONUS, WEAPONLESS_DISARM, grip_roll, skill_roll
from game.world import Equipment, Item, Position, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.events import Rolled

LANDING_RINGS = (1, 2, 3)
"""[design] A Disarmed weapon lands 1–3 tiles away (d3), on a random free tile at that distance."""
GRIP_ROLL = "Grip"
"""The target's roll against a Disarm, keyed "Name:Grip"."""
LANDING_DISTANCE_ROLL = "Disarm:distance"
LANDING_TILE_ROLL = "Disarm:tile"
"""The shared rolls for where a Disarmed weapon lands: how far (d3), then which free tile."""
AI_DISARM_WORTH = 0.6
"""An AI's estimate, in Injuries on the target: a disarmed foe loses most of a round or two of attacks."""


@register_action
class Disarm(AttackSpec):
    """A melee attack that makes the target drop its weapon (CO.10)."""

    kind = ActionKind.DISARM
    listing = 40
    label = N_("Disarm")
    hint = N_(
        "A Disarm knocks the weapon 1\u20133 tiles away; whoever stands on or next to it can Retrieve it."
    )
    roles = frozenset({"offensive", "targeted", "melee"})
    names_weapon = True
    quick = True
    deals_injury = False
    win = "success"
    lose = "failure"
    reply = ReplyRoll(GRIP_ROLL, "Grip Penalty", -1, grip_roll)
    shared_dice = {LANDING_DISTANCE_ROLL: len(LANDING_RINGS), LANDING_TILE_ROLL: None}
    help = N_(
        "Knock an adjacent enemy's weapon away with your Disarm skill; the target's successful "
        "Grip roll is a penalty, a declared Parry gives you +1, bare hands \u22123. "
        "The weapon lands 1\u20133 tiles away and can be retrieved."
    )

    def default_weapon(self, equipment: Equipment) -> Weapon | None:
        """ "Only possible using a melee weapon", or bare-handed at −3 (CO.10 Ex. 8): a hand
        that holds only a missile weapon (or a shield) has neither."""
        return equipment.melee_weapon() or (BARE_HANDS if equipment.free_hands() > 0 else None)

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A melee weapon or a free hand, and a target holding a weapon."""
        assert action.target is not None
        if weapon is None:
            held = ", ".join(w.name for w in check.equipment.weapons) or "nothing"
            return [f"Disarm needs a melee weapon or a free hand; your hands hold {held}"]
        if not check.world.get(action.target, Equipment).weapons:
            return [f"{name_of(check.world, action.target)} holds no weapon to Disarm"]
        return []

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """A Disarm, for the finer AIs, against an armed foe: above all one that declared a Parry
        (+1, CO.10), else when our Disarm is no worse than our Strike."""
        assert ask.target is not None
        if not ask.tactics or not ask.world.get(ask.target, Equipment).weapons:
            return []
        theirs = ask.earlier.get(ask.target)
        parrying = theirs is not None and theirs.has(ActionKind.PARRY)
        if (
            not parrying
            and self.ai_stat(ask.world, ask.actor) < skill_roll(ask.world, ask.actor, "strike", None).total
        ):
            return []
        one = Action(self.kind, ask.target)
        weapon = self.weapon(ask.equipment, one)
        if weapon is None or not self.ai_reaches(ask, weapon):
            return []
        return [((one,), "disarm")]

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """A disarmed foe loses most of a round or two of attacks (an AI's estimate)."""
        return AI_DISARM_WORTH

    def nullify(self, ctx: AttackContext) -> str:
        """Out of reach, or nothing left to knock away."""
        problem = super().nullify(ctx)
        if problem:
            return problem
        if not ctx.target_equipment.weapons:
            return f"{ctx.target_name} holds no weapon any more"
        return ""

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Disarm with the round's penalties, bare hands −3, +1 against a declared Parry,
        and the target's successful Grip roll as a penalty."""
        mods = []
        if ctx.weapon is BARE_HANDS:
            mods.append(Modifier(N_("Weaponless Penalty"), WEAPONLESS_DISARM))
        if ActionKind.PARRY in ctx.situation.defence.declared:
            mods.append(Modifier(N_("Parrying Target"), PARRYING_TARGET_BONUS))
        return skill_roll(ctx.world, ctx.attacker, "disarm", ctx.order).plus(*mods, *self.reply_terms(ctx))

    def on_success(self, rnd: RoundPort, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """The target's weapon (a melee one first) falls 1–3 tiles away."""
        assert action.target is not None
        world = rnd.world
        target = action.target
        equipment = world.get(target, Equipment)
        if not equipment.weapons:  # an earlier Disarm this round took the last one
            return
        dropped = equipment.melee_weapon() or equipment.weapons[0]
        tile = landing_tile(rnd, tile_of(world, target))
        rnd.emit(
            WeaponDropped(name_of(world, target), dropped.name, tile, target_id=target, item_id=world.next_id)
        )


def landing_tile(rnd: RoundPort, origin: Tile) -> Tile:
    """[design] 1–3 tiles away (d3), on a random free tile at that distance."""
    distance = rnd.dice.roll(len(LANDING_RINGS), LANDING_DISTANCE_ROLL)
    for ring in (distance, *[d for d in LANDING_RINGS if d != distance]):
        tiles = [
            (origin[0] + dx, origin[1] + dy)
            for dy in range(-ring, ring + 1)
            for dx in range(-ring, ring + 1)
            if max(abs(dx), abs(dy)) == ring
        ]
        free = [
            t
            for t in tiles
            if rnd.board.in_bounds(t)
            and not rnd.board.blocks_move(t)
            and occupant(rnd.world, t) is None
            and not _item_at(rnd.world, t)
        ]
        if free:
            return free[rnd.dice.roll(len(free), LANDING_TILE_ROLL) - 1]
    return origin


def _item_at(world: World, tile: Tile) -> bool:
    return any(pos.tile == tile for _, pos, _item in world.query(Position, Item))
