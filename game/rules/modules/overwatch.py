"""The overwatch module: a Missile Strike held on an arc, fired at the first enemy that moves or
attacks in it, before that move or attack happens (RULES.md §8; seed 001 Delay Action, seed 004
"wait for them to make an offensive move").  Rulings and their reasons: docs/modules.md,
"Overwatch".

- Overwatch takes the whole round (no other action, no path; the order's facing sets the arc)
  and needs a missile weapon in hand; not in melee.  It is ready to shoot: it does not hide its
  maker behind high cover.
- The watched area: the watcher's front arc (its facing after this round's order; the three
  front directions, as the facing module draws them), out to its weapon's long range, in sight.
- It fires once, at the first enemy that either walks a tile of the area in the Modifier Stage
  (shot at the first such tile, before it goes on; one that goes down stops there) or, in the
  Resolution Stage, is about to resolve an offensive action from inside it.  Timing does not
  matter: a held shot interrupts.  Unfired, it is lost at the end of the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_NAMES, Tile, bearing_direction, direction_name
from game.i18n import N_
from game.rules.api.action import ActionSpec, whole_round_reasons
from game.rules.api.contexts import ActionForecast, AiAsk, OrderCheck
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks, TokenMark
from game.rules.api.state import Trail
from game.rules.apply import applies, entity
from game.rules.arcs import FRONT, arc_of
from game.rules.events import Event, entity_id
from game.rules.forecast import movement_outcomes
from game.rules.odds import AttackOdds
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    is_active,
    name_of,
    range_band,
    tile_of,
    undeclared_enemies,
)
from game.rules.registry import OFFENSIVE, register_action, register_module, spec_of
from game.rules.sight import candidate_tiles, sight_within
from game.rules.stats import movement_rate
from game.world import Equipment, Facing, World
from game.world.registry import component

if TYPE_CHECKING:
    from game.rules.api.contexts import ActionForecast, ForecastAsk
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

OVERWATCH = ActionKind.define("overwatch")
FIRED = "overwatch fired"
"""The round fact of a watcher whose held shot is spent."""


def watched(
    board: Board,
    here: Tile,
    facing: int,
    weapon: Weapon,
    tile: Tile,
    sees: Callable[[Tile], bool] | None = None,
) -> bool:
    """Whether a watcher at `here` facing `facing` with `weapon` watches `tile`: front arc, in
    range, in sight (`sees`: the board's sight from `here` to a tile, when already at hand)."""
    if tile == here or arc_of(here, facing, tile) != FRONT:
        return False
    if range_band(board.distance(here, tile), weapon) is None:
        return False
    return sees(tile) if sees is not None else board.line_of_sight(here, tile)


def watched_tiles(board: Board, here: Tile, facing: int, weapon: Weapon) -> list[Tile]:
    """Every tile of the watched area one can stand on (the overlay), row by row: the tiles the
    watcher sees within its long range (one sight map, `sight_within`), asked `watched`."""
    assert weapon.ranges is not None
    sight = sight_within(board, here, weapon.ranges[-1])
    return [
        tile
        for tile in candidate_tiles(board, here, weapon.ranges[-1], sight)
        if not board.blocks_move(tile) and watched(board, here, facing, weapon, tile, sight.sees)
    ]


def ground_to(board: Board, tiles: tuple[Tile, ...], index: int) -> float:
    """The metres of ground a walk over `tiles` (start first) has covered on reaching
    `tiles[index]`."""
    return sum(board.distance(a, b) for a, b in zip(tiles[:index], tiles[1 : index + 1], strict=False))


def watch_facing(world: World, eid: int, order: Order | None) -> int:
    """The facing a watcher watches from: its order's, else where it faces now."""
    if order is not None and order.facing is not None:
        return order.facing
    return world.get(eid, Facing).direction


@component("watching")
@dataclass(frozen=True)
class Watching:
    """Holding a Missile Strike on the front arc of `facing` (the overwatch module)."""

    facing: int


@dataclass(frozen=True)
class OverwatchSet(Event):
    """A watcher takes its post as the Modifier Stage begins."""

    kind: ClassVar[str] = "overwatch_set"
    actor: str
    facing: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} holds a Missile Strike on overwatch, watching {self.facing}"


@dataclass(frozen=True)
class OverwatchFired(Event):
    """The held shot goes off at an enemy that moved or attacked in the arc."""

    kind: ClassVar[str] = "overwatch_fired"
    actor: str
    target: str
    why: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} fires on overwatch: {self.target} {self.why}"


@dataclass(frozen=True)
class OverwatchEnded(Event):
    """An unfired watch lapses at the end of the round."""

    kind: ClassVar[str] = "overwatch_ended"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} holds fire: no enemy moved or attacked in the arc"


@applies(OverwatchSet)
def _set(world: World, event: OverwatchSet) -> None:
    world.set(entity(event.actor_id, event), Watching(DIRECTION_NAMES.index(event.facing)))


@applies(OverwatchFired)
def _fired(world: World, event: OverwatchFired) -> None:
    world.remove(entity(event.actor_id, event), Watching)


@applies(OverwatchEnded)
def _ended(world: World, event: OverwatchEnded) -> None:
    world.remove(entity(event.actor_id, event), Watching)


def held_attackers(
    rnd: RoundPort,
    state: RoundState,
    mover: int,
    kind: ActionKind,
    spent: str,
    weapon_of: Callable[[Equipment], Weapon | None],
) -> list[tuple[int, int, Weapon]]:
    """(holder, index of its held action, weapon): the enemies of `mover` still holding an
    attack of `kind` (not yet `spent` this round), in Timing order; `weapon_of` is the weapon
    the held attack uses (a held shot's missile weapon, a held Strike's melee one)."""
    world = rnd.world
    found = []
    for eid in rnd.timing:
        order = rnd.orders.get(eid)
        if order is None or not order.has(kind) or spent in state.facts.get(eid, ()):
            continue
        if not is_active(world, eid) or not are_enemies(world, eid, mover):
            continue
        weapon = weapon_of(world.get(eid, Equipment))
        if weapon is not None:
            index = next(i for i, a in enumerate(order.actions) if a.kind is kind)
            found.append((eid, index, weapon))
    return found


def loose_held(
    rnd: RoundPort,
    state: RoundState,
    holder: int,
    index: int,
    blow: Action,
    spent: str,
    event: Event,
    at: Tile,
) -> None:
    """A held attack let loose: `holder`'s action `index` is `spent`, `event` says why, and
    `blow` is rolled at its target standing on `at`, before any contact."""
    state.fact(holder, spent)
    rnd.emit(event)
    rnd.attack(holder, index, blow, None, state, before_contact=True, target_at=at)


def _watchers(rnd: RoundPort, state: RoundState, mover: int) -> list[tuple[int, int, Weapon]]:
    """(watcher, index of its Overwatch action, weapon): the enemies of `mover` still holding a
    shot, in Timing order."""
    return held_attackers(rnd, state, mover, OVERWATCH, FIRED, Equipment.missile_weapon)


def _fire(
    rnd: RoundPort,
    state: RoundState,
    watcher: int,
    index: int,
    weapon: Weapon,
    target: int,
    at: Tile,
    why: str,
) -> None:
    """The held Missile Strike at `target` standing on `at`."""
    world = rnd.world
    fired = OverwatchFired(name_of(world, watcher), name_of(world, target), why, actor_id=watcher)
    shot = Action(ActionKind.MISSILE_STRIKE, target, weapon=weapon.name)
    loose_held(rnd, state, watcher, index, shot, FIRED, fired, at)


class WatchedArc(ModuleOverlay):
    """The area the focus would watch on Overwatch (its front arc as it will face, out to its
    missile weapon's long range, in sight), and the enemies in it."""

    name = "overwatch"
    label = N_("Overwatch arc")
    help = N_("the front arc a held shot watches, and the enemies in it")
    STYLES = (
        MarkStyle("watched: the first enemy to move or attack here is shot first", "info", "dots"),
        MarkStyle("enemy in the watched arc", "bad", "cross"),
    )

    def marks(self, ask: OverlayAsk) -> TileMarks:
        """The watched tiles; enemies in them marked apart."""
        world, board = ask.world, ask.board
        weapon = world.get(ask.focus, Equipment).missile_weapon()
        if weapon is None:
            return TileMarks(self.STYLES)
        tiles: dict[Tile, tuple[int, str]] = {
            t: (0, "") for t in watched_tiles(board, ask.origin, ask.facing, weapon)
        }
        for eid in combatants(world):
            there = tile_of(world, eid)
            if are_enemies(world, ask.focus, eid) and is_active(world, eid) and there in tiles:
                tiles[there] = (1, "")
        return TileMarks(self.STYLES, tiles)


@register_module
class OverwatchModule(RulesModule):
    """Overwatch (RULES.md §8; seeds 001 and 004): a held shot that interrupts."""

    name = "overwatch"
    listing = 90
    label = N_("Overwatch")
    source = "RULES.md §8; seed 001 (Delay Action), seed 004 (waiting for an offensive move)"
    mark_overlays = (WatchedArc(),)
    help = N_(
        "Overwatch (the whole round, a missile weapon): hold a Missile Strike on your front arc; it fires at "
        "the first enemy that moves or attacks in it, before that move or attack"
    )
    hint = N_(
        "Overwatch holds a Missile Strike on your front arc for the round: the first enemy that moves or "
        "attacks in it is shot at before it does, whatever its Timing."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """Watchers take their posts as the Modifier Stage begins."""
        if stage != "Modifier":
            return
        for eid in rnd.timing:
            order = rnd.orders.get(eid)
            if order is not None and order.has(OVERWATCH) and is_active(rnd.world, eid):
                facing = direction_name(watch_facing(rnd.world, eid, order))
                rnd.emit(OverwatchSet(name_of(rnd.world, eid), facing, actor_id=eid))

    def interrupt_move(
        self, rnd: RoundPort, eid: int, tiles: tuple[Tile, ...], state: RoundState
    ) -> int | None:
        """Each watcher fires at the first tile of the walk in its area, in the order the mover
        reaches them; a mover that goes down, or whose Movement rate the shot lowered (knocked
        prone by shock, a wounded leg), stops there: its run is broken."""
        world = rnd.world
        rate = movement_rate(world, eid).total
        shots = []
        for watcher, index, weapon in _watchers(rnd, state, eid):
            here = tile_of(world, watcher)
            facing = watch_facing(world, watcher, rnd.orders[watcher])
            first = next(
                (i for i, t in enumerate(tiles) if watched(rnd.board, here, facing, weapon, t)), None
            )
            if first is not None:
                shots.append((first, watcher, index, weapon))
        result = state.defences.get(eid)
        for first, watcher, index, weapon in sorted(shots, key=lambda s: s[0]):
            if not is_active(world, watcher):
                continue
            at = tiles[first]
            if result is not None:
                # Evade counts only the metres actually moved (CO.15, RULES.md §5): those run
                # before the shot, not the whole walk still ahead of it.
                result.metres = int(ground_to(rnd.board, tiles, first) + 1e-9)
            why = f"starts to move from {tuple(at)}" if first == 0 else f"moves into {tuple(at)}"
            _fire(rnd, state, watcher, index, weapon, eid, at, why)
            if not is_active(world, eid) or movement_rate(world, eid).total < rate:
                return first
        return None

    def before_action(self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState) -> None:
        """A watcher fires at an enemy about to attack from inside its area."""
        if action.kind not in OFFENSIVE:
            return
        world = rnd.world
        there = tile_of(world, eid)
        for watcher, watch_index, weapon in _watchers(rnd, state, eid):
            if not is_active(world, eid):
                return
            facing = watch_facing(world, watcher, rnd.orders[watcher])
            if watched(rnd.board, tile_of(world, watcher), facing, weapon, there):
                label = spec_of(action.kind).label
                _fire(
                    rnd, state, watcher, watch_index, weapon, eid, there, f"is about to {label} from {there}"
                )

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """A watcher holding its shot."""
        return [TokenMark("WATCH")] if world.has(eid, Watching) else []

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """An unfired watch lapses."""
        for eid, _ in list(rnd.world.query(Watching)):
            rnd.emit(OverwatchEnded(name_of(rnd.world, eid), actor_id=eid))


@register_action
class Overwatch(ActionSpec):
    """Hold a Missile Strike on the front arc for the round."""

    kind = OVERWATCH
    listing = 190
    label = N_("Overwatch")
    module = "overwatch"
    menu = "self"
    help = N_(
        "Hold your Missile Strike for the round (no other action, no move; face where you watch): the first "
        "enemy that moves or attacks in your front arc, in range and sight, is shot at before it does, "
        "whatever its Timing. Unfired, the shot is lost."
    )
    hint = OverwatchModule.hint
    interrupts = True

    def trigger(
        self,
        world: World,
        board: Board,
        orders: Mapping[int, Order],
        actor: int,
        timing: Sequence[int] | None,
    ) -> tuple[int, Tile] | None:
        """The enemy likeliest to set the held shot off (`likely_trigger`)."""
        if world.get(actor, Equipment).missile_weapon() is None:
            return None
        return likely_trigger(world, board, orders, actor, timing)

    @property
    def exposes(self) -> bool:
        """Ready to shoot: head and weapon arm out of high cover."""
        return True

    @property
    def roll_purpose(self) -> str | None:
        """Its shot is a Missile Strike ("Vasquez:Missile Strike")."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round; a missile weapon; not in melee."""
        reasons = whole_round_reasons(check, self.label)
        if check.equipment.missile_weapon() is None:
            reasons.append("Overwatch needs a missile weapon in hand")
        if check.engaged:
            reasons.append(f"cannot hold Overwatch while engaged in melee with {check.engaged_names}")
        return reasons

    def threatens(
        self, world: World, board: Board, orders: Mapping[int, Order], actor: int, action: Action, eid: int
    ) -> str | None:
        """An enemy standing in the watched area, or declared to walk through it, may be shot at:
        its defences against missiles are rolled."""
        weapon = world.get(actor, Equipment).missile_weapon()
        if weapon is None or not are_enemies(world, actor, eid):
            return None
        here, facing = tile_of(world, actor), watch_facing(world, actor, orders.get(actor))
        theirs = orders.get(eid)
        tiles = (tile_of(world, eid), *(theirs.path if theirs is not None else ()))
        if any(watched(board, here, facing, weapon, t) for t in tiles):
            return ActionKind.MISSILE_STRIKE.value
        return None

    def forecast(self, ask: ForecastAsk) -> ActionForecast | None:
        """The shot at the enemy most likely to set it off (`likely_trigger`), over every way its
        movement can turn out: at the first tile of the area it walks, else where it attacks from
        inside the area; nullified in the ways it does neither."""
        world, board, actor = ask.world, ask.board, ask.actor
        weapon = world.get(actor, Equipment).missile_weapon()
        zero = Fraction(0)
        found = self.trigger(world, board, ask.orders, actor, ask.timing)
        if found is None or weapon is None:
            # Enemies still to declare may yet walk into the arc: the chance waits on them.
            waiting = [] if weapon is None else undeclared_enemies(world, actor, ask.orders)
            undeclared = tuple(name_of(world, e) for e in waiting)
            reason = "no enemy is expected to move or attack in the arc"
            if undeclared:
                reason = "no enemy declared so far moves or attacks in the arc"
            return ActionForecast(
                actor, ask.index, ask.action, zero, zero, Fraction(1), zero, None, reason=reason,
                waits_on=undeclared,
            )  # fmt: skip
        enemy, _ = found
        here, facing = tile_of(world, actor), watch_facing(world, actor, ask.orders[actor])
        shot = Action(ActionKind.MISSILE_STRIKE, enemy, weapon=weapon.name)
        return held_forecast(ask, shot, facing, lambda t: watched(board, here, facing, weapon, t), "the arc")

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Overwatch where it stands, facing each enemy in range (one order per facing)."""
        world, board = ask.world, ask.board
        weapon = ask.equipment.missile_weapon()
        if weapon is None or ask.engaged:
            return []
        facings = {
            bearing_direction(ask.here, tile_of(world, e))
            for e in combatants(world)
            if are_enemies(world, ask.actor, e)
            and is_active(world, e)
            and range_band(board.distance(ask.here, tile_of(world, e)), weapon) is not None
        }
        return [
            (Order(ask.actor, (Action(self.kind),), facing=f), f"overwatch {direction_name(f)}")
            for f in sorted(facings)
        ]


def likely_trigger(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    actor: int,
    timing: Sequence[int] | None,
    inside: Callable[[Tile], bool] | None = None,
) -> tuple[int, Tile] | None:
    """The enemy most likely to set off `actor`'s Overwatch (or another attack held for an area:
    `inside` says which tiles it watches), and where: the first (best Timing first when it is
    known, else in declaration order) that declared a path through the area, else one that will
    attack from inside it, else one standing in it that has not declared yet (it will likely
    act).  The others are taken to stand where they are."""
    if inside is None:
        weapon = world.get(actor, Equipment).missile_weapon()
        assert weapon is not None
        here, facing = tile_of(world, actor), watch_facing(world, actor, orders.get(actor))
        return likely_trigger(
            world, board, orders, actor, timing, lambda t: watched(board, here, facing, weapon, t)
        )
    movers, attackers, waiting = [], [], []
    ranked = list(timing) if timing is not None else [*reversed(list(orders)), *combatants(world)]
    for enemy in dict.fromkeys(ranked):
        if not are_enemies(world, actor, enemy) or not is_active(world, enemy):
            continue
        theirs = orders.get(enemy)
        start = tile_of(world, enemy)
        if theirs is None:
            if inside(start):
                waiting.append((enemy, start))
            continue
        walk = (start, *theirs.path) if theirs.path else ()
        entry = next((t for t in walk if inside(t)), None)
        if entry is not None:
            movers.append((enemy, entry))
            continue
        end = theirs.path[-1] if theirs.path else start
        if any(a.kind in OFFENSIVE for a in theirs.actions) and inside(end):
            attackers.append((enemy, end))
    for group in (movers, attackers, waiting):
        if group:
            return group[0]
    return None


def held_forecast(
    ask: ForecastAsk, shot: Action, facing: int, inside: Callable[[Tile], bool], area: str
) -> ActionForecast:
    """The forecast of an attack held for the first enemy to move or attack `inside` an area (an
    Overwatch's shot, a held Strike): `shot` at that enemy (its target), over every way its
    movement can turn out: at the first tile of the area it walks, else where it attacks from
    inside the area; nullified in the ways it does neither."""
    world, board, actor = ask.world, ask.board, ask.actor
    assert shot.target is not None
    enemy = shot.target
    zero = Fraction(0)
    theirs = ask.orders.get(enemy)
    odds = AttackOdds(world, board, actor, ask.orders[actor], shot, theirs, None, ask.options)
    here = tile_of(world, actor)
    attacks = theirs is None or any(a.kind in OFFENSIVE for a in theirs.actions)
    success = part = expected = nullified = zero
    first = None
    reason = ""
    for way in movement_outcomes(world, board, enemy, theirs):
        tiles = way.trail.tiles
        step = next((i for i, t in enumerate(tiles) if inside(t)), None) if len(tiles) > 1 else None
        at = tiles[step] if step is not None else None
        # Struck on its way, it has run only the metres up to `at` (its Evade's limit, CO.15);
        # struck as it attacks, the whole walk.
        run = ground_to(board, tiles, step) if step is not None else way.metres
        if at is None and attacks and inside(way.tile):
            at = way.tile
        if at is None:
            nullified += way.probability
            reason = reason or f"{name_of(world, enemy)} may not move or attack in {area}"
            continue
        situation = odds.situation(here, facing, at, way.facing, trails=(Trail(), way.trail))
        result = odds.at(situation, run, way.lost)
        nullified += way.probability * Fraction(result.nullified)
        if result.breakdown is None:
            reason = reason or result.reason
            continue
        first = first or result.breakdown
        success += way.probability * result.success
        part += way.probability * result.part_hit
        expected += way.probability * result.expected_injuries
    return ActionForecast(
        actor,
        ask.index,
        replace(ask.action, target=enemy),
        success,
        part,
        nullified,
        expected,
        first,
        tuple(odds.uncertain),
        reason,
        (f"the likely first to set it off: {name_of(world, enemy)}",),
    )
