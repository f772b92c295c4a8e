"""Fog of war: what one side sees and knows (the `fog` rules module, docs/modules.md).

The one place that says what a side may know; the window, the hand-over, the AI, replays
and the sandbox ask here and filter nothing themselves.  Pure and deterministic: it reads
the world, the board and the events, and never changes them (the round plays the same
with fog on or off; fog only hides).

- **What a side sees** (`side_sight`): every tile in line of sight of one of its active
  combatants (not Defeated, not dead, not fled), asked of the one vectorised sight function
  (`game.rules.sight.sight_within`), within each tile's darkness (`Board.sight_limit_at`:
  a dark tile is seen only from within its metres).  With the `fog_arcs` option (and
  facing) a combatant sees only its front and side arcs.  A side always sees its own.
- **What it knows** (`view_for` → `SideView`): the combatants it sees now, and a `Ghost`
  for each other one it saw before (where and facing which way, in which round).
- **Declarations** (`SideView.declarations`): its own side's and those of the combatants
  it sees.
- **A round's events** (`watch`): replayed onto a copy of the world event by event; an
  event is shown when it names a combatant the side knows of at that moment (its own, or
  one it sees), a movement when the side sees a tile of its path; a combatant an event
  shows is revealed where it stands (a shot from the dark reveals the shooter's tile).
  The Timing order is shown with the unseen left out.

The memory (`FogMemory`) is one value per side, updated by `remember` (a view) and `watch`
(a round).  A save stores the true world; the memory can be stored (`to_json`) or
rebuilt from the replay (the round-start worlds and each round's events, `rebuild`).
"""

from __future__ import annotations

import dataclasses
import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np

from game.core.geometry import DIRECTION_NAMES, Tile
from game.rules.apply import apply
from game.rules.arcs import ARCS, BACK, arc_index_by_offset
from game.rules.board import Board, BoardBase
from game.rules.events import Event, Moved, TimingOrderSet
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.positions import combatants, name_of
from game.rules.sight import EPSILON, SightMap, sight_within
from game.world import Condition, Facing, Position, Side, World

FOG = "fog"
"""The module's name: `options.has(FOG)` says whether a battle plays with fog of war."""
FOG_ARCS = "fog_arcs"
"""The option (a module that requires fog and facing): sight only in the front and side arcs."""
SIGHTS_KEPT = 512  # sights (a bool array of the board each) a board keeps, by tile and facing
NO_FACING = -1


def fog_on(options: RuleOptions) -> bool:
    """Whether the battle plays with fog of war."""
    return options.has(FOG)


def arcs_only(options: RuleOptions | None) -> bool:
    """Whether sight is limited to the front and side arcs (the `fog_arcs` option, with facing)."""
    return options is not None and options.has(FOG_ARCS) and options.has("facing")


# ------------------------------------------------------------------ sight
def darkness(board: Board) -> np.ndarray:
    """[y, x] metres within which each tile can be seen (inf: no limit), kept on the board.
    The terrain overlay may show the dark tiles (`np.isfinite`)."""

    def build() -> np.ndarray:
        limits = np.full((board.height, board.width), math.inf)
        whole = getattr(board, "sight_limit", None)
        if whole is not None:
            limits[:] = whole
        for (x, y), metres in getattr(board, "dark_tiles", {}).items():
            if 0 <= x < board.width and 0 <= y < board.height:
                limits[y, x] = min(limits[y, x], metres)
        limits.setflags(write=False)
        return limits

    derived = getattr(board, "derived", None)
    return derived("fog darkness", build) if derived is not None else build()


def sight_of(board: Board, tile: Tile, facing: int | None = None) -> np.ndarray:
    """[y, x] the tiles a combatant on `tile` sees: line of sight (the rules' one vectorised
    sight function) within each tile's darkness; with `facing` (the `fog_arcs` option) not
    its back arc.  Its own tile always.  Read-only; a board keeps the latest
    `SIGHTS_KEPT` (a sight changes only when its combatant moves or turns)."""
    if not isinstance(board, BoardBase):
        return _sight_of(board, tuple(tile), facing)
    kept: OrderedDict[tuple[Tile, int], np.ndarray] = board.derived("fog sights", OrderedDict)
    key = (tuple(tile), NO_FACING if facing is None else facing)
    found = kept.get(key)
    if found is not None:
        kept.move_to_end(key)
        return found
    found = kept[key] = _sight_of(board, key[0], facing)
    if len(kept) > SIGHTS_KEPT:
        kept.popitem(last=False)
    return found


def _sight_of(board: Board, tile: Tile, facing: int | None) -> np.ndarray:
    limits = darkness(board)
    mpt = board.metres_per_tile
    ox, oy = tile
    corner = math.hypot(max(ox, board.width - 1 - ox), max(oy, board.height - 1 - oy)) * mpt
    radius = min(corner, float(limits.max()))
    seen = np.zeros((board.height, board.width), bool)
    sight = sight_within(board, tile, radius)
    if isinstance(sight, SightMap):
        h, w = sight.visible.shape
        seen[sight.y0 : sight.y0 + h, sight.x0 : sight.x0 + w] = sight.visible
    else:  # a board without the arrays a sight map needs: the same rules, tile by tile
        for y in range(board.height):
            for x in range(board.width):
                seen[y, x] = sight.sees((x, y))
    ys, xs = np.mgrid[0 : board.height, 0 : board.width]
    metres = np.hypot(xs - ox, ys - oy) * mpt
    seen &= metres <= limits + EPSILON
    if facing is not None:
        # The compass bearing of each tile (game.core.geometry.bearing_direction, at once).
        degrees = np.degrees(np.arctan2(xs - ox, -(ys - oy))) % 360
        offset = ((((degrees + 22.5) % 360) // 45).astype(int) - facing) % 8
        back = np.array([ARCS[i] == BACK for i in arc_index_by_offset()])
        seen &= ~back[offset]
    if board.in_bounds(tile):
        seen[oy, ox] = True
    seen.setflags(write=False)
    return seen


def _side_of(world: World, eid: int) -> str | None:
    side = world.try_get(eid, Side)
    return side.name if side else None


def sides_of(world: World) -> list[str]:
    """The sides of the battle's combatants, by name."""
    return sorted({side for eid in combatants(world) if (side := _side_of(world, eid)) is not None})


def eyes(world: World, side: str) -> list[int]:
    """The combatants of `side` that give it sight: active ones (not Defeated, dead or fled)
    on the board."""
    return [
        eid
        for eid in combatants(world)
        if _side_of(world, eid) == side and world.get(eid, Condition).can_act and world.has(eid, Position)
    ]


def side_sight(world: World, board: Board, side: str, options: RuleOptions | None = None) -> np.ndarray:
    """[y, x] every tile some active combatant of `side` sees (read-only)."""
    seen = np.zeros((board.height, board.width), bool)
    arcs = arcs_only(options)
    for eid in eyes(world, side):
        facing = world.get(eid, Facing).direction if arcs and world.has(eid, Facing) else None
        seen |= sight_of(board, world.get(eid, Position).tile, facing)
    seen.setflags(write=False)
    return seen


def hidden_from(world: World, board: Board, eid: int, other: int, options: RuleOptions | None) -> bool:
    """Whether `other` is out of the sight of `eid`'s side now, fog being on: what the rules
    must not tell `eid`'s player (a declared path ending on an unseen enemy's tile is not
    refused for it: the walk stops short at resolution, as before any occupied tile)."""
    return bool(others_hidden(world, board, eid, (other,), options))


def others_hidden(
    world: World, board: Board, eid: int, others: Sequence[int], options: RuleOptions | None
) -> frozenset[int]:
    """Those of `others` hidden from `eid`'s side (`hidden_from`), its sight worked out once:
    enemies on the board on a tile the side does not see; none with fog off."""
    if options is None or not fog_on(options) or not others:
        return frozenset()
    side = _side_of(world, eid)
    if side is None:
        return frozenset()
    hidden = set()
    sight: np.ndarray | None = None
    for other in others:
        place = world.try_get(other, Position)
        if place is None or _side_of(world, other) == side:
            continue
        if sight is None:
            sight = side_sight(world, board, side, options)
        x, y = place.tile
        if not sight[y, x]:
            hidden.add(other)
    return frozenset(hidden)


def in_sight_of_side(
    world: World, board: Board, eid: int, others: Sequence[int], options: RuleOptions | None
) -> tuple[int, ...]:
    """`others` less those hidden from `eid`'s side (`hidden_from`): under fog of war a
    combatant is held in melee, at declaration, only by the enemies his side sees (the
    rules refuse nothing for a foe the player cannot know of, and name none)."""
    hidden = others_hidden(world, board, eid, others, options)
    return tuple(e for e in others if e not in hidden)


# ------------------------------------------------------------------ knowledge
@dataclass(frozen=True)
class Ghost:
    """Where a side last saw a combatant it does not see now: its tile, facing (0 = N …
    7 = NW) and the round it was seen in (0: before the first round)."""

    eid: int
    name: str
    tile: Tile
    facing: int
    round: int

    def to_json(self) -> list[Any]:
        """[id, name, x, y, facing, round]."""
        return [self.eid, self.name, self.tile[0], self.tile[1], self.facing, self.round]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Ghost:
        """Inverse of `to_json`."""
        eid, name, x, y, facing, seen = data
        return cls(int(eid), str(name), (int(x), int(y)), int(facing), int(seen))


@dataclass(frozen=True)
class FogMemory:
    """What one side remembers: where it last saw each combatant of another side (`last`,
    by id; those it sees now too)."""

    side: str
    last: Mapping[int, Ghost] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def seeing(self, world: World, eids: Iterable[int], round_number: int) -> FogMemory:
        """This memory with `eids` seen where they stand now, in `round_number`."""
        last = dict(self.last)
        for eid in eids:
            if _side_of(world, eid) == self.side or not world.has(eid, Position):
                continue
            facing = world.get(eid, Facing).direction if world.has(eid, Facing) else 0
            last[eid] = Ghost(eid, name_of(world, eid), world.get(eid, Position).tile, facing, round_number)
        return FogMemory(self.side, MappingProxyType(dict(sorted(last.items()))))

    def to_json(self) -> dict[str, Any]:
        """{"side": …, "last": [[id, name, x, y, facing, round], …]}."""
        return {"side": self.side, "last": [ghost.to_json() for ghost in self.last.values()]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FogMemory:
        """Inverse of `to_json`; ValueError or KeyError on a malformed one."""
        ghosts = [Ghost.from_json(entry) for entry in data["last"]]
        by_id = {g.eid: g for g in sorted(ghosts, key=lambda g: g.eid)}
        return cls(str(data["side"]), MappingProxyType(by_id))


@dataclass(frozen=True)
class SideView:
    """What one side knows at one moment: the tiles it sees (`tiles`, [y, x], read-only), the
    combatants it sees (`seen`, its own among them), and `ghosts`: where it last saw each
    other combatant it does not see now."""

    side: str
    round: int
    tiles: np.ndarray
    seen: frozenset[int]
    own: frozenset[int]
    ghosts: Mapping[int, Ghost]

    def sees_tile(self, tile: Tile) -> bool:
        """Whether the side sees the tile now."""
        x, y = tile
        return 0 <= y < self.tiles.shape[0] and 0 <= x < self.tiles.shape[1] and bool(self.tiles[y, x])

    def sees(self, eid: int) -> bool:
        """Whether the side sees the combatant now (its own always)."""
        return eid in self.seen

    def visible_tiles(self) -> frozenset[Tile]:
        """The tiles the side sees, as (x, y)."""
        ys, xs = np.nonzero(self.tiles)
        return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))

    def declarations(self, orders: Mapping[int, Order]) -> dict[int, Order]:
        """The orders of the round this side may see: its own side's, and those of the
        combatants it sees (an unseen enemy's order is not shown)."""
        return {eid: order for eid, order in orders.items() if eid in self.seen}

    def describe(self, world: World) -> str:
        """The view in words (the sandbox's log): `in sight: Sam at (12, 3); last seen: Kai at
        (4, 1) (round 1)`; where the others stand is read from `world`."""
        others = sorted((e for e in self.seen if e not in self.own), key=lambda e: name_of(world, e))
        seen = ", ".join(f"{name_of(world, e)} at {world.get(e, Position).tile}" for e in others)
        parts = [f"in sight: {seen}" if seen else "in sight: nobody"]
        if self.ghosts:
            kept = sorted(self.ghosts.values(), key=lambda g: g.name)
            ghosts = ", ".join(f"{g.name} at {g.tile} (round {g.round})" for g in kept)
            parts.append(f"last seen: {ghosts}")
        return "; ".join(parts)


def view_for(
    world: World,
    board: Board,
    side: str,
    memory: FogMemory | None = None,
    round_number: int = 0,
    options: RuleOptions | None = None,
) -> SideView:
    """What `side` sees and knows now: the one view the window, the hand-over, the AI and
    replays ask for (`remember` gives the memory updated with it)."""
    tiles = side_sight(world, board, side, options)
    seen = set()
    own = set()
    for eid in combatants(world):
        if not world.has(eid, Position) or world.get(eid, Condition).fled:
            continue
        x, y = world.get(eid, Position).tile
        if _side_of(world, eid) == side:
            own.add(eid)
            seen.add(eid)
        elif board.in_bounds((x, y)) and tiles[y, x]:
            seen.add(eid)
    memory = memory if memory is not None else FogMemory(side)
    ghosts = {eid: ghost for eid, ghost in memory.last.items() if eid not in seen and _present(world, eid)}
    return SideView(side, round_number, tiles, frozenset(seen), frozenset(own), MappingProxyType(ghosts))


def _present(world: World, eid: int) -> bool:
    condition = world.try_get(eid, Condition)
    return condition is None or not condition.fled


def known_world(world: World, view: SideView) -> World:
    """A copy of `world` as `view`'s side knows it (what the AI declares from): an enemy it does
    not see stands on its ghost's tile, facing as it was seen, if that tile is not in sight now
    and nobody it sees stands there; else (never seen, or its ghost's tile seen empty) it is
    not there at all."""
    known = world.copy()
    taken = {known.get(e, Position).tile for e in view.seen if known.has(e, Position)}
    for eid in [e for e, _ in known.query(Side) if e not in view.seen and known.has(e, Condition)]:
        ghost = view.ghosts.get(eid)
        if ghost is None or view.sees_tile(ghost.tile) or ghost.tile in taken:
            known.destroy(eid)
            continue
        taken.add(ghost.tile)
        known.set(eid, Position(*ghost.tile))
        known.set(eid, Facing(ghost.facing))
    return known


def remember(memory: FogMemory, world: World, view: SideView) -> FogMemory:
    """`memory` with what `view` saw (every combatant it sees, where it stands in `world`)."""
    return memory.seeing(world, view.seen, view.round)


# ------------------------------------------------------------------ a round's events
@dataclass(frozen=True)
class Watched:
    """What a side saw of a round: the `events` it may see (in order; a Timing order without
    the unseen), its `memory` after them, and its `view` at the end of the round."""

    events: tuple[Event, ...]
    memory: FogMemory
    view: SideView


def mentioned(event: Event, ids_by_name: Mapping[str, int]) -> list[int]:
    """The combatants an event names (by their names in its fields, or their ids), in order."""
    found: list[int] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, str) and item in ids_by_name:
                found.append(ids_by_name[item])
            elif f.name.endswith("_id") and isinstance(item, int) and item in ids_by_name.values():
                found.append(item)
    return list(dict.fromkeys(found))


def watch(
    world: World,
    board: Board,
    side: str,
    memory: FogMemory,
    events: Sequence[Event],
    round_number: int,
    options: RuleOptions | None = None,
) -> Watched:
    """Replay a round's `events` on a copy of `world` (as it stood when the round began) and
    say which of them `side` may see, and what it remembers after them.  `world` is not
    changed."""
    here = world.copy()
    ids_by_name = {name_of(here, eid): eid for eid in combatants(here)}
    view = view_for(here, board, side, memory, round_number, options)
    memory = remember(memory, here, view)
    shown: list[Event] = []
    for event in events:
        named = mentioned(event, ids_by_name)
        if isinstance(event, TimingOrderSet):
            kept = tuple(n for n in event.order if ids_by_name.get(n) in view.seen)
            shown.append(dataclasses.replace(event, order=kept) if kept != event.order else event)
            continue
        mover = event.actor_id if isinstance(event, Moved) else None
        if mover is not None and mover not in view.own:
            # Seen where it set out or on a tile of its way: last seen on the last such tile.
            on_path = [t for t in event.path if view.sees_tile(t)]
            if mover in view.seen or on_path:
                shown.append(event)
            if on_path:
                last = dict(memory.last)
                facing = DIRECTION_NAMES.index(event.facing)
                last[mover] = Ghost(mover, event.actor, on_path[-1], facing, round_number)
                memory = FogMemory(side, MappingProxyType(dict(sorted(last.items()))))
        elif not named or any(eid in view.seen for eid in named):
            shown.append(event)
            memory = memory.seeing(here, [eid for eid in named if eid not in view.seen], round_number)
        apply(here, event)
        if event_moves_sight(event):
            view = view_for(here, board, side, memory, round_number, options)
            memory = remember(memory, here, view)
    view = view_for(here, board, side, memory, round_number, options)
    memory = remember(memory, here, view)
    return Watched(tuple(shown), memory, view)


def event_moves_sight(event: Event) -> bool:
    """Whether an event can change what a side sees (someone moved, turned, fell or fled)."""
    return event.kind in ("moved", "turned", "defeated", "killed", "fled")


def rebuild(
    board: Board,
    side: str,
    rounds: Iterable[tuple[World, Sequence[Event], int]],
    options: RuleOptions | None = None,
) -> FogMemory:
    """A side's memory rebuilt from a replay: each round's starting world, its events and
    its number, in order."""
    memory = FogMemory(side)
    for world, events, number in rounds:
        memory = watch(world, board, side, memory, events, number, options).memory
    return memory


# ------------------------------------------------------------------ through a battle
class BattleFog:
    """Each side's memory through one battle, kept by the battle (`Battle.fog`): what the
    window, the hand-over, the AI and replays ask of a battle with fog on.  A replay that
    plays the same orders keeps the same memories (they are made from the rounds alone)."""

    def __init__(self, sides: Iterable[str]) -> None:
        self.memories: dict[str, FogMemory] = {side: FogMemory(side) for side in sides}
        self.shown: dict[tuple[int, str], tuple[Event, ...]] = {}
        self._start: World | None = None
        self._number = 0

    def round_started(self, world: World, number: int) -> None:
        """Keep the world as the round begins (its events are watched from there)."""
        self._start = world.copy()
        self._number = number

    def round_resolved(self, board: Board, events: Sequence[Event], options: RuleOptions | None) -> None:
        """Watch the round's events as each side could: its memory and the events it saw."""
        assert self._start is not None, "round_started first"
        for side, memory in self.memories.items():
            watched = watch(self._start, board, side, memory, events, self._number, options)
            self.memories[side] = watched.memory
            self.shown[(self._number, side)] = watched.events
        self._start = None

    def view(
        self, world: World, board: Board, side: str, number: int, options: RuleOptions | None
    ) -> SideView:
        """What `side` sees and knows now."""
        return view_for(world, board, side, self.memories.get(side), number, options)

    def events(
        self,
        world: World,
        board: Board,
        side: str,
        number: int,
        events: Sequence[Event],
        options: RuleOptions | None,
    ) -> list[Event]:
        """The events of round `number` that `side` may see: as it saw them once the round is
        resolved; while it is under way, those naming only combatants it sees now (a
        declaration of an unseen enemy is not shown)."""
        kept = self.shown.get((number, side))
        if kept is None:  # under way: Timing and declarations so far, watched as a round is
            memory = self.memories.get(side, FogMemory(side))
            kept = watch(world, board, side, memory, events, number, options).events
        return list(kept)
