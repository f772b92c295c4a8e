"""The delay action module: a Strike held for the first enemy to move or attack within reach,
struck before that move or attack happens (seed 001 Delay Action, the melee half beside
`overwatch`'s held shot).  Rulings and their reasons: docs/modules.md, "Delay Action: the
held Strike".

Seed 001: "Delay Action: Characters can choose to delay taking their action to a later point in
the round, which can be useful for situations where their actions depend on the actions of
another person. [...] The cop uses Delay Action to wait until the criminal starts acting – if
the criminal reaches for a gun, the cop can shoot him at that point in the round [...]."

- A **Held Strike** takes the whole round (no other action, no path; turning is free) and needs
  a melee weapon in hand.  It is ready to strike: it does not hide its maker behind high cover.
- It strikes once, at the first enemy that, within the holder's reach, either walks in the
  Modifier Stage (starts to move from a tile in reach, or steps into one: struck there, before
  it goes on; one that goes down, or is slowed, stops there) or, in the Resolution Stage, is
  about to resolve an offensive action.  Timing does not matter: a held action interrupts
  (the seed's cop acts "at that point in the round").  Unstruck, it lapses at the end of the
  round.  The Strike is an ordinary one: the holder's Strike skill, the target's defences.
- [design] A successful Retreat is not struck: CO.18 nullifies every melee action on it, and
  the held Strike is one.
- [design] A delayed *move* is not played: the chapter fixes every path in the Strategy Stage
  (RULES.md §6), so a move held until someone acts could only be the path already declared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.i18n import N_
from game.rules.api.action import ActionSpec, whole_round_reasons
from game.rules.api.contexts import ActionForecast, AiAsk, OrderCheck
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.modules.overwatch import (
    held_attackers,
    held_forecast,
    likely_trigger,
    loose_held,
    watch_facing,
)
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, is_active, name_of, tile_of, undeclared_enemies
from game.rules.registry import OFFENSIVE, register_action, register_module, spec_of
from game.rules.stats import movement_rate
from game.world import Equipment, World
from game.world.registry import component

if TYPE_CHECKING:
    from game.rules.api.contexts import ForecastAsk
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "delay_action"
HELD_STRIKE = ActionKind.define("held_strike")
STRUCK = "held strike struck"
"""The round fact of a holder whose held Strike is spent."""


def within_reach(board: Board, here: Tile, weapon: Weapon, tile: Tile) -> bool:
    """Whether a holder at `here` with `weapon` reaches `tile` (its reach, not through a wall)."""
    return board.in_reach(here, tile, weapon.reach)


def held_weapon(equipment: Equipment) -> Weapon | None:
    """The melee weapon a Strike is held with: the first in hand."""
    return equipment.melee_weapon()


@component("holding_strike")
@dataclass(frozen=True)
class HoldingStrike:
    """Holding a Strike for the first enemy to move or attack within reach (delay action)."""


@dataclass(frozen=True)
class StrikeHeld(Event):
    """A holder takes its stance as the Modifier Stage begins."""

    kind: ClassVar[str] = "strike_held"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} holds a Strike, waiting for an enemy to move or attack within reach"


@dataclass(frozen=True)
class HeldStrikeStruck(Event):
    """The held Strike goes off at an enemy that moved or attacked within reach."""

    kind: ClassVar[str] = "held_strike_struck"
    actor: str
    target: str
    why: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} strikes from a held action: {self.target} {self.why}"


@dataclass(frozen=True)
class HeldStrikeLapsed(Event):
    """An unstruck held Strike lapses at the end of the round."""

    kind: ClassVar[str] = "held_strike_lapsed"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} holds the Strike: no enemy moved or attacked within reach"


@applies(StrikeHeld)
def _held(world: World, event: StrikeHeld) -> None:
    world.set(entity(event.actor_id, event), HoldingStrike())


@applies(HeldStrikeStruck)
def _struck(world: World, event: HeldStrikeStruck) -> None:
    world.remove(entity(event.actor_id, event), HoldingStrike)


@applies(HeldStrikeLapsed)
def _lapsed(world: World, event: HeldStrikeLapsed) -> None:
    world.remove(entity(event.actor_id, event), HoldingStrike)


def _holders(rnd: RoundPort, state: RoundState, mover: int) -> list[tuple[int, int, Weapon]]:
    """(holder, index of its Held Strike, weapon): the enemies of `mover` still holding a Strike,
    in Timing order."""
    return held_attackers(rnd, state, mover, HELD_STRIKE, STRUCK, held_weapon)


def _strike(
    rnd: RoundPort,
    state: RoundState,
    holder: int,
    index: int,
    weapon: Weapon,
    target: int,
    at: Tile,
    why: str,
) -> None:
    """The held Strike at `target` standing on `at`."""
    world = rnd.world
    struck = HeldStrikeStruck(name_of(world, holder), name_of(world, target), why, actor_id=holder)
    blow = Action(ActionKind.STRIKE, target, weapon=weapon.name)
    loose_held(rnd, state, holder, index, blow, STRUCK, struck, at)


class HeldReach(ModuleOverlay):
    """The tiles the focus's held Strike would cover (its melee reach), and the enemies in them."""

    name = "delay_action"
    label = N_("Held Strike reach")
    help = N_("the tiles a held Strike covers, and the enemies in them")
    STYLES = (
        MarkStyle("in reach: the first enemy to move or attack here is struck first", "info", "dots"),
        MarkStyle("enemy within reach", "bad", "cross"),
    )

    def marks(self, ask: OverlayAsk) -> TileMarks:
        """The tiles in reach; enemies in them marked apart."""
        world, board = ask.world, ask.board
        weapon = held_weapon(world.get(ask.focus, Equipment))
        if weapon is None:
            return TileMarks(self.STYLES)
        x, y = ask.origin
        r = weapon.reach
        tiles: dict[Tile, tuple[int, str]] = {
            (x + dx, y + dy): (0, "")
            for dx in range(-r, r + 1)
            for dy in range(-r, r + 1)
            if board.in_bounds((x + dx, y + dy))
            and not board.blocks_move((x + dx, y + dy))
            and within_reach(board, ask.origin, weapon, (x + dx, y + dy))
        }
        for eid in combatants(world):
            there = tile_of(world, eid)
            if are_enemies(world, ask.focus, eid) and is_active(world, eid) and there in tiles:
                tiles[there] = (1, "")
        return TileMarks(self.STYLES, tiles)


@register_module
class DelayActionModule(RulesModule):
    """Delay Action (seed 001), the melee half: a held Strike that interrupts."""

    name = NAME
    listing = 95
    label = N_("Delay Action (held Strike)")
    source = "seed 001 (Delay Action)"
    mark_overlays = (HeldReach(),)
    help = N_(
        "Held Strike (the whole round, a melee weapon): the first enemy that moves or attacks within your "
        "reach is struck before it does, whatever its Timing"
    )
    hint = N_(
        "A Held Strike waits the round out with your weapon raised: the first enemy that moves or attacks "
        "within your reach is struck before it does, whatever its Timing."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """Holders take their stance as the Modifier Stage begins."""
        if stage != "Modifier":
            return
        for eid in rnd.timing:
            order = rnd.orders.get(eid)
            if order is not None and order.has(HELD_STRIKE) and is_active(rnd.world, eid):
                rnd.emit(StrikeHeld(name_of(rnd.world, eid), actor_id=eid))

    def interrupt_move(
        self, rnd: RoundPort, eid: int, tiles: tuple[Tile, ...], state: RoundState
    ) -> int | None:
        """Each holder strikes at the first tile of the walk within its reach, in the order the
        mover reaches them; a mover that goes down, or is slowed, stops there.  A Retreat that
        succeeded is not struck (CO.18)."""
        if eid in state.retreated:
            return None
        world = rnd.world
        rate = movement_rate(world, eid).total
        blows = []
        for holder, index, weapon in _holders(rnd, state, eid):
            here = tile_of(world, holder)
            first = next((i for i, t in enumerate(tiles) if within_reach(rnd.board, here, weapon, t)), None)
            if first is not None:
                blows.append((first, holder, index, weapon))
        for first, holder, index, weapon in sorted(blows, key=lambda b: b[0]):
            if not is_active(world, holder):
                continue
            at = tiles[first]
            why = f"starts to move from {tuple(at)}" if first == 0 else f"steps into reach at {tuple(at)}"
            _strike(rnd, state, holder, index, weapon, eid, at, why)
            if not is_active(world, eid) or movement_rate(world, eid).total < rate:
                return first
        return None

    def before_action(self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState) -> None:
        """A holder strikes an enemy about to attack from within its reach."""
        if action.kind not in OFFENSIVE:
            return
        world = rnd.world
        there = tile_of(world, eid)
        for holder, held_index, weapon in _holders(rnd, state, eid):
            if not is_active(world, eid):
                return
            if within_reach(rnd.board, tile_of(world, holder), weapon, there):
                label = spec_of(action.kind).label
                _strike(rnd, state, holder, held_index, weapon, eid, there, f"is about to {label}")

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """A holder waiting to strike."""
        return [TokenMark("HOLD")] if world.has(eid, HoldingStrike) else []

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """An unstruck held Strike lapses."""
        for eid, _ in list(rnd.world.query(HoldingStrike)):
            rnd.emit(HeldStrikeLapsed(name_of(rnd.world, eid), actor_id=eid))


@register_action
class HeldStrike(ActionSpec):
    """Hold a Strike for the round: the first enemy to move or attack within reach is struck first."""

    kind = HELD_STRIKE
    listing = 195
    label = N_("Held Strike")
    module = NAME
    menu = "self"
    help = N_(
        "Hold your Strike for the round (no other action, no move): the first enemy that moves or attacks "
        "within your weapon's reach is struck before it does, whatever its Timing. Unstruck, it is lost."
    )
    hint = DelayActionModule.hint
    interrupts = True

    @property
    def exposes(self) -> bool:
        """Ready to strike: out of high cover."""
        return True

    @property
    def roll_purpose(self) -> str | None:
        """Its blow is a Strike ("Kai:Strike")."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round; a melee weapon."""
        reasons = whole_round_reasons(check, self.label)
        if held_weapon(check.equipment) is None:
            reasons.append("Held Strike needs a melee weapon in hand")
        return reasons

    def _inside(self, world: World, board: Board, actor: int) -> tuple[Weapon, Tile] | None:
        weapon = held_weapon(world.get(actor, Equipment))
        return None if weapon is None else (weapon, tile_of(world, actor))

    def trigger(
        self,
        world: World,
        board: Board,
        orders: Mapping[int, Order],
        actor: int,
        timing: Sequence[int] | None,
    ) -> tuple[int, Tile] | None:
        """The enemy likeliest to set the held Strike off (`likely_trigger` over its reach)."""
        found = self._inside(world, board, actor)
        if found is None:
            return None
        weapon, here = found
        return likely_trigger(
            world, board, orders, actor, timing, lambda t: within_reach(board, here, weapon, t)
        )

    def threatens(
        self, world: World, board: Board, orders: Mapping[int, Order], actor: int, action: Action, eid: int
    ) -> str | None:
        """An enemy within reach, or declared to walk into it, may be struck: its defences
        against a Strike are rolled."""
        found = self._inside(world, board, actor)
        if found is None or not are_enemies(world, actor, eid):
            return None
        weapon, here = found
        theirs = orders.get(eid)
        tiles = (tile_of(world, eid), *(theirs.path if theirs is not None else ()))
        if any(within_reach(board, here, weapon, t) for t in tiles):
            return ActionKind.STRIKE.value
        return None

    def forecast(self, ask: ForecastAsk) -> ActionForecast | None:
        """The Strike at the enemy most likely to set it off, over every way its movement can
        turn out (`held_forecast`, as an Overwatch's shot)."""
        world, board, actor = ask.world, ask.board, ask.actor
        found = self.trigger(world, board, ask.orders, actor, ask.timing)
        held = self._inside(world, board, actor)
        if found is None or held is None:
            zero = Fraction(0)
            waiting = [] if held is None else undeclared_enemies(world, actor, ask.orders)
            undeclared = tuple(name_of(world, e) for e in waiting)
            reason = "no enemy is expected to move or attack within reach"
            if undeclared:
                reason = "no enemy declared so far moves or attacks within reach"
            return ActionForecast(
                actor, ask.index, ask.action, zero, zero, Fraction(1), zero, None, reason=reason,
                waits_on=undeclared,
            )  # fmt: skip
        weapon, here = held
        facing = watch_facing(world, actor, ask.orders[actor])
        blow = Action(ActionKind.STRIKE, found[0], weapon=weapon.name)
        return held_forecast(ask, blow, facing, lambda t: within_reach(board, here, weapon, t), "reach")

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """A Held Strike where it stands, when an enemy could come within reach this round (within
        its Movement rate and the holder's reach)."""
        world, board = ask.world, ask.board
        weapon = held_weapon(ask.equipment)
        if weapon is None:
            return []
        for e in combatants(world):
            if not are_enemies(world, ask.actor, e) or not is_active(world, e):
                continue
            near = movement_rate(world, e).total + weapon.reach * board.metres_per_tile
            if board.distance(ask.here, tile_of(world, e)) <= near + 1e-9:
                return [(Order(ask.actor, (Action(self.kind),)), "held strike")]
        return []
