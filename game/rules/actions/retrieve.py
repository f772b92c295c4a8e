"""Retrieve Weapon: pick up a dropped weapon on or next to one's tile (CO.10, [design])."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.geometry import Tile, chebyshev
from game.i18n import N_
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import ActionForecast, OrderCheck
from game.rules.events import WeaponRetrieved
from game.rules.forecast import movement_outcomes, moves_first
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of, tile_of
from game.rules.registry import register_action
from game.world import Equipment, Item, Position, World

if TYPE_CHECKING:
    from game.rules.api.contexts import ActionForecast, ForecastAsk
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState


AI_RETRIEVE_WORTH = 0.8
"""An AI's estimate, in Injuries: a weapon back in hand is worth most of a round of attacks."""


def within_grasp(weapon_at: Tile, tile: Tile) -> bool:
    """Whether one standing on `tile` can pick up a weapon lying at `weapon_at`: on it or
    next to it (CO.10, [design]; docs/rulings.md)."""
    return chebyshev(weapon_at, tile) <= 1


def hand_free_for(world: World, eid: int, weapon: Weapon) -> bool:
    """Whether `eid` has a hand free for `weapon`: without one a pick-up is nullified."""
    return world.get(eid, Equipment).free_hands() >= weapon.hands


@register_action
class Retrieve(ActionSpec):
    """The weapon goes to whoever has the best Timing among those reaching for it."""

    kind = ActionKind.RETRIEVE
    listing = 120
    label = N_("Retrieve Weapon")
    menu = "item"
    picks_item = True
    resolves = True
    help = N_(
        "Pick up a weapon lying on or next to the tile you end your movement on. It counts as an "
        "action; with several hands reaching for it, the best Timing gets it."
    )

    def within_grasp(self, weapon_at: Tile, tile: Tile) -> bool:
        """On the weapon's tile or next to it."""
        return within_grasp(weapon_at, tile)

    def can_take(self, world: World, eid: int, weapon: Weapon) -> bool:
        """A hand free for it."""
        return hand_free_for(world, eid, weapon)

    @property
    def roll_purpose(self) -> str | None:
        """No die: Timing decides."""
        return None

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """A weapon back in hand (an AI's estimate)."""
        return AI_RETRIEVE_WORTH

    def forecast(self, ask: ForecastAsk) -> ActionForecast | None:
        """Certain (no die) when the move ends beside the weapon for sure and nobody with
        better Timing reaches for it; a Sprint or Retreat is rolled, and in the ways it falls
        short of the weapon the pick-up cannot happen; nor can it when one who resolves first
        (`moves_first`) takes the weapon: whenever that one's move ends beside it, with a
        hand free for it."""
        world, action = ask.world, ask.action
        if action.item is None or not world.has(action.item, Item):
            return None
        where = world.get(action.item, Position).tile
        weapon = world.get(action.item, Item).weapon
        reached = _reaches(ask, ask.actor, where)
        reasons = [f"the move may end short of the {weapon.name}"] if reached < 1 else []
        free = Fraction(1)
        for other in _rivals(ask, action.item, weapon):
            taken = _reaches(ask, other, where)
            if taken:
                free *= 1 - taken
                surely = "will" if taken == 1 else "may"
                reasons.append(f"{name_of(world, other)}, with better Timing, {surely} get to it first")
        got = reached * free
        if got == 1:
            return None
        return ActionForecast(
            ask.actor, ask.index, action, got, got, 1 - got, Fraction(0), None, reason="; ".join(reasons)
        )

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """The weapon lies on or next to the tile the actor will end on."""
        world = check.world
        if action.item is None or not world.has(action.item, Item):
            return ["Retrieve Weapon: no such weapon on the ground"]
        where = world.get(action.item, Position).tile
        if not within_grasp(where, check.end_tile):
            weapon = world.get(action.item, Item).weapon.name
            return [f"Retrieve Weapon: the {weapon} at {where} is not on or next to {tuple(check.end_tile)}"]
        return []

    def resolve(
        self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState, slot: int | None
    ) -> None:
        """Take the weapon if it is still there, within a step, and a hand is free."""
        world = rnd.world
        item_id = action.item
        if item_id is None or item_id in state.slot(self.kind.value, set) or not world.has(item_id, Item):
            rnd.nullify(eid, action, "someone with better Timing got to it first")
            return
        item = world.get(item_id, Item)
        where = world.get(item_id, Position).tile
        if not within_grasp(where, tile_of(world, eid)):
            rnd.nullify(eid, action, f"the {item.weapon.name} is not on or next to you")
            return
        if not hand_free_for(world, eid, item.weapon):
            rnd.nullify(eid, action, f"no free hand for the {item.weapon.name}")
            return
        state.slot(self.kind.value, set).add(item_id)
        rnd.emit(WeaponRetrieved(name_of(world, eid), item.weapon.name, where, actor_id=eid, item_id=item_id))


def _reaches(ask: ForecastAsk, eid: int, where: Tile) -> Fraction:
    """P(`eid`'s move, as its order says, ends within grasp of a weapon at `where`)."""
    ways = movement_outcomes(ask.world, ask.board, eid, ask.orders[eid])  # no path: where it stands
    return sum((w.probability for w in ways if within_grasp(where, w.tile)), Fraction(0))


def _rivals(ask: ForecastAsk, item: int, weapon: Weapon) -> list[int]:
    """Those who resolve before `ask.actor` and reach for the same weapon with a hand free for
    it: the first of them whose move ends beside it takes it (their moves are rolled apart)."""
    world = ask.world
    return [
        other
        for other, order in ask.orders.items()
        if other != ask.actor
        and any(a.kind is ActionKind.RETRIEVE and a.item == item for a in order.actions)
        and hand_free_for(world, other, weapon)
        and moves_first(ask.orders, other, ask.actor, ask.timing)
    ]
