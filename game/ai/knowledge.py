"""What the AI knows when it declares: every combatant's numbers, and the board.

Everything here comes from a `DeclarationView`: the sheets and positions
anyone can see, the orders declared *before* this one, never later ones and
never the dice.  Numbers are the engine's own (`skill_roll`, `missile_roll`,
`withstand_breakdown`), before the round's Action Penalty, so the estimates
the AI makes can be explained the rulebook's way.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Protocol

import numpy as np

from game.ai.facts import RoundFacts, Unit, terrain_board
from game.ai.scouting import scout_goal
from game.board.reach import ReachMap, reachable
from game.board.terrain import TerrainBoard
from game.core.equipment import Weapon
from game.core.geometry import Tile, chebyshev
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.defence import DefenceSpec
from game.rules.board import Board
from game.rules.fog import Ghost, SideView
from game.rules.odds import order_reading
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.positions import (
    engaged_with,
    left_behind,
    planned_tile,
    range_band,
    tile_of,
)
from game.rules.registry import OFFENSIVE, action_specs
from game.rules.timing import declaration_order
from game.world import Condition, Item, Position, World

VANTAGE_LOOKS = 24  # a shooter's nearest tiles looked at for a shot it must step out to take
MAX_MOVE_COST_SEEN = 4.0  # distance fields give up beyond this many times the map's span

_UNKNOWN = object()  # not in a table yet
SHOT_BANDS_KEPT = 200_000  # range bands of shots kept per board (`Knowledge.shot_band`), ~30 MB at most
GHOST_DECAY = 0.7  # the share of an enemy's threat still feared from its ghost, per round since seen


class SideReading(Protocol):
    """What the AI has read of an enemy side (`game.ai.opponents.Boldness`): the share of the
    usual threat to fear from it, and those words.  Named here so that what the AI knows does
    not import what reads the opponent (which reads what the AI knows)."""

    @property
    def wariness(self) -> float:
        """The share, 1 for a side that attacks whenever it sensibly could."""
        ...

    def words(self, side: str) -> str:
        """What it shows, for a player ("" while feared as much as sensible play)."""
        ...


class Knowledge:
    """One declaration's view, with the lookups the AI asks over and over."""

    def __init__(
        self,
        world: World,
        board: Board,
        options: RuleOptions,
        actor: int,
        earlier: Mapping[int, Order],
        timing: tuple[int, ...],
        facts: RoundFacts,
    ) -> None:
        self.world, self.board, self.options = world, board, options
        self.actor = actor
        self.earlier = dict(earlier)
        self.timing = timing
        self.facts = facts
        self.terrain = terrain_board(board)
        self.mpt = board.metres_per_tile
        self.me = facts.units[actor]
        units = facts.units.values()
        self.enemies = [u for u in units if u.side != self.me.side and u.active]
        self.allies = [u for u in units if u.side == self.me.side and u.active and u.eid != actor]
        declaration = declaration_order(timing)
        mine = declaration.index(actor) if actor in declaration else len(declaration)
        self.later = [e for e in declaration[mine + 1 :] if e not in self.earlier]
        self.engaged = engaged_with(world, board, actor)
        facts.engaged.setdefault(actor, bool(self.engaged))
        self.occupied = {u.tile for u in units if u.eid != actor and world.get(u.eid, Condition).present}
        self.planned_ends = {planned_tile(world, e, self.earlier) for e in self.earlier if e != actor}
        self.items = [(eid, pos.tile, item.weapon) for eid, pos, item in world.query(Position, Item)]
        self.left: Tile | None = None
        """The tile it stood on when the round before began, if it has left it since without
        attacking (kept by the controller, `TacticalAI`): walking back there undoes that round
        (`game.ai.dithering`)."""
        self.read: Mapping[str, SideReading] = {}
        """What each enemy side has shown of its boldness (`game.ai.opponents`): the share of the
        usual threat to fear from it; a side not named, all of it."""
        self._pinners: list[int] | None = None
        self.expect_cache: dict[tuple[object, ...], float] = {}
        """The rules' odds of imagined attacks, asked again and again (`game.ai.expect`)."""
        self._strike_spots: dict[tuple[int, Tile, bool], list[Tile]] = {}
        self.fog: SideView | None = None
        """With fog of war, what the side knows (`DeclarationView.fog`); see `know_fog`."""
        self.ghosts: dict[int, Ghost] = {}
        """The enemies known only where they were last seen (standing there in `world`): never
        attacked, their threat feared less with each round since (`wary`)."""
        self.round_number = 0
        self.seen_at: np.ndarray | None = None
        """[y, x] the round the side last saw each tile, with fog of war (`know_fog`)."""

    def know_fog(self, fog: SideView | None, round_number: int, seen_at: np.ndarray | None = None) -> None:
        """What the side knows with fog of war: its ghosts (those standing in `world`), and the
        round it last saw each tile (`game.ai.scouting.SightMemory`), if its controller keeps it."""
        self.fog, self.round_number, self.seen_at = fog, round_number, seen_at
        if fog is not None:
            self.ghosts = {e: g for e, g in fog.ghosts.items() if e in self.facts.units}

    @property
    def targets(self) -> list[Unit]:
        """The enemies it can attack: those it sees (not a ghost)."""
        return [u for u in self.enemies if u.eid not in self.ghosts]

    def scout_goal(self) -> tuple[Tile, Ghost | None] | None:
        """With fog of war and no enemy known: where to look for one, and the ghost it follows
        (`game.ai.scouting.scout_goal`, over the unseen ground it can walk to); None with fog
        off or nothing unseen within reach.  Kept for the round."""
        if self.fog is None:
            return None
        key = ("scout goal", self.actor)
        if key in self.facts.odds:
            return self.facts.odds[key]  # type: ignore[return-value]
        walk = self.distance_field(self.me.tile)
        unseen = np.isfinite(walk) & ~self.fog.tiles & ~self.terrain.move_blocked
        found = scout_goal(unseen, walk, self.seen_at, list(self.fog.ghosts.values()))
        self.facts.odds[key] = found  # type: ignore[assignment]
        return found

    # ------------------------------------------------------------ who and where
    def unit(self, eid: int) -> Unit:
        """The numbers of a combatant."""
        return self.facts.units[eid]

    def planned(self, eid: int) -> Tile:
        """Where a combatant will be, as far as anyone can know: its declared path's end."""
        return planned_tile(self.world, eid, self.earlier)

    def facing_of(self, eid: int) -> int:
        """The facing it declared, else the facing it has."""
        order = self.earlier.get(eid)
        if order is not None and order.facing is not None:
            return order.facing
        if order is not None and order.path:
            from game.rules.movement import final_facing

            return final_facing(order, [tile_of(self.world, eid), *order.path], self.unit(eid).facing)
        return self.unit(eid).facing

    def wary(self, eid: int) -> float:
        """The share of the usual threat to fear from a combatant's side (1 unless read
        otherwise); from an enemy known only by its ghost, `GHOST_DECAY` less each round since
        it was seen."""
        seen = self.read.get(self.unit(eid).side)
        share = seen.wariness if seen is not None else 1.0
        ghost = self.ghosts.get(eid)
        if ghost is not None:
            share *= GHOST_DECAY ** max(1, self.round_number - ghost.round)
        return share

    def pinners(self) -> list[int]:
        """The enemies still to declare (the better Timing: they move before us) that can come
        within striking reach of where we stand this round, nearest first: any of them may hold
        us in melee before our walk starts, and then only a Retreat leaves (none if we are
        engaged already: the rules hold us as it is)."""
        if self._pinners is None:
            here, later = self.me.tile, set(self.later)
            near = [
                (chebyshev(enemy.tile, here), enemy.eid)
                for enemy in ([] if self.engaged else self.enemies)
                if enemy.eid in later and self.melee_zone(enemy.eid, enemy.tile)[here[1], here[0]]
            ]
            self._pinners = [eid for _, eid in sorted(near)]
        return self._pinners

    def reading(self, eid: int, order: Order | None) -> tuple[object, str | None]:
        """All that the odds of an attack on `eid` read of its `order` (`odds.order_reading`),
        kept for the round: the caches of imagined attacks key their answers by it."""
        key = (eid, order)
        found = self.facts.readings.get(key)
        if found is None:
            found = self.facts.readings[key] = order_reading(self.world, self.board, eid, order, self.options)
        return found

    def declared(self, eid: int) -> bool:
        """Whether it has declared this round (before us)."""
        return eid in self.earlier

    def attacking(self, eid: int) -> bool:
        """Whether its declared order holds an offensive action (exposed behind high cover)."""
        order = self.earlier.get(eid)
        return order is not None and any(a.kind in OFFENSIVE for a in order.actions)

    def engaged_now(self, eid: int) -> bool:
        """Whether a combatant is engaged in melee now (before anyone moves), cached for the round."""
        found = self.facts.engaged.get(eid)
        if found is None:
            found = self.facts.engaged[eid] = bool(engaged_with(self.world, self.board, eid))
        return found

    def stat(self, eid: int, spec: ActionSpec) -> int:
        """A combatant's stat for an action before the round's penalties (the spec's `ai_stat`)."""
        key = (eid, spec.kind)
        found = self.facts.stats.get(key)
        if found is None:
            found = self.facts.stats[key] = spec.ai_stat(self.world, eid)  # type: ignore[attr-defined]
        return found

    def defences(self, eid: int, moving: bool) -> list[DefenceSpec]:
        """The defences in play a combatant can usefully roll, standing or on the move (each
        spec's `ai_usable`: a Block needs a shield, an Evade a move out of melee)."""
        key = (eid, moving)
        found = self.facts.defences.get(key)
        if found is None:
            unit = self.unit(eid)
            ask = AiAsk(
                self.world,
                self.board,
                self.options,
                eid,
                unit.tile,
                None,
                {},
                moving,
                self.engaged_now(eid),
                True,
            )
            found = [
                spec
                for spec in action_specs(self.options)
                if isinstance(spec, DefenceSpec) and spec.ai_usable(ask) and self.stat(eid, spec) > 0
            ]
            self.facts.defences[key] = found
        return found

    def strike_tiles(self, eid: int, there: Tile, next_round: bool = False) -> list[Tile]:
        """Free tiles within `eid`'s reach of `there` that it can walk to: this round from
        where it stands (engaged, only where it stays engaged with everyone: it cannot walk
        out of a melee), or, `next_round`, from where it plans to end (as the crow flies).
        Asked of many candidates alike: kept for the declaration (the caller must not change it)."""
        key = (eid, there, next_round)
        found = self._strike_spots.get(key)
        if found is None:
            found = self._strike_spots[key] = self._strike_tiles(eid, there, next_round)
        return found

    def _strike_tiles(self, eid: int, there: Tile, next_round: bool) -> list[Tile]:
        unit = self.unit(eid)
        origin = self.planned(eid) if next_round else unit.tile
        walk = None if next_round else self.reach_map(eid, float(unit.rate))
        engaged = not next_round and self.engaged_now(eid)
        found = []
        for dy in range(-unit.reach, unit.reach + 1):
            for dx in range(-unit.reach, unit.reach + 1):
                tile = (there[0] + dx, there[1] + dy)
                if not (dx or dy) or not self.terrain.in_bounds(tile):
                    continue
                if tile != origin and (tile in self.occupied or tile in self.planned_ends):
                    continue
                if walk is not None:
                    if not walk.can_reach(tile):
                        continue
                elif self.distance(origin, tile) > unit.rate + 1e-9 or not self.terrain.passable(tile):
                    continue
                if engaged and tile != unit.tile and left_behind(self.world, self.board, eid, tile):
                    continue
                found.append(tile)
        return found

    # ------------------------------------------------------------ board lookups
    def reach_map(self, eid: int, budget: float) -> ReachMap:
        """Tiles `eid` can walk to within `budget` metres past the others (cached for the round)."""
        key = (eid, budget)
        found = self.facts.reach_maps.get(key)
        if found is None:
            unit = self.unit(eid)
            occupied = [
                u.tile
                for u in self.facts.units.values()
                if u.eid != eid and self.world.get(u.eid, Condition).present
            ]
            found = self.facts.reach_maps[key] = walks_from(self.terrain, unit.tile, budget, occupied)
        return found

    def distance_field(self, tile: Tile) -> np.ndarray:
        """Metres of walking from `tile` to every tile of the board (inf where unreachable)."""
        found = self.facts.fields_.get(tile)
        if found is None:
            big = float(self.terrain.width + self.terrain.height) * 2 * self.mpt * MAX_MOVE_COST_SEEN
            found = self.facts.fields_[tile] = _full_metres(walks_from(self.terrain, tile, big, self.bodies))
        return found

    @property
    def bodies(self) -> list[Tile]:
        """Tiles of the defeated, who lie where they fell and block the way for good (the living
        move on, so the walking fields look past them)."""
        return [
            u.tile
            for u in self.facts.units.values()
            if not u.active and self.world.get(u.eid, Condition).present
        ]

    def melee_zone(self, eid: int, origin: Tile) -> np.ndarray:
        """[y, x] tiles a combatant at `origin` can strike this round after a normal move."""
        key = (eid, origin)
        found = self.facts.threat_masks.get(key)
        if found is None:
            unit = self.unit(eid)
            reach = self.reach_map(eid, float(unit.rate)) if origin == unit.tile else None
            mask = reach.mask() if reach is not None else _disc(self.terrain, origin, unit.rate / self.mpt)
            found = self.facts.threat_masks[key] = _dilate(mask, unit.reach)
        return found

    def sees(self, a: Tile, b: Tile) -> bool:
        """Line of sight between two tiles (symmetric), cached for the round."""
        key = (a, b) if a <= b else (b, a)
        found = self.facts.los.get(key)
        if found is None:
            found = self.facts.los[key] = self.board.line_of_sight(a, b)
        return found

    def shot_band(self, weapon: Weapon, here: Tile, there: Tile) -> tuple[str, int, str] | None:
        """The range band of a shot with `weapon` from `here` at `there`, if in range and in
        sight.  It depends on the board alone (distance, walls), and the same few weapons ask
        it of the same tiles again and again, round after round: kept on the board, up to
        `SHOT_BANDS_KEPT` answers (all dropped past that)."""
        # The band reads nothing of the weapon but its ranges (`range_band`): the cheaper key.
        key = (weapon.ranges, here, there)
        bands: dict[tuple[object, Tile, Tile], tuple[str, int, str] | None]
        bands = self.terrain.derived("ai shot bands", dict)
        try:
            return bands[key]
        except KeyError:
            pass
        band = range_band(self.distance(here, there), weapon)
        if len(bands) >= SHOT_BANDS_KEPT:
            bands.clear()
        found = bands[key] = band if band is not None and self.sees(here, there) else None
        return found

    def vantage(self, eid: int, there: Tile) -> Tile | None:
        """Where a shooter (not engaged) would shoot at `there` from this round: of where it
        stands and the nearest `VANTAGE_LOOKS` tiles a normal move takes it to, the one with
        the best range band (the rules' range penalty), the nearest of those (where it stands
        first): it steps out from behind cover, or a step closer out of long range, to shoot.
        None: no shot within a step or two.  Cached for the round."""
        key = ("vantage", eid, there)
        kept = self.facts.odds.get(key, _UNKNOWN)
        if kept is not _UNKNOWN:
            return kept  # type: ignore[return-value]
        unit = self.unit(eid)
        if unit.missile is None:
            return None
        band = self.shot_band(unit.missile, unit.tile, there)
        if band is not None and band[1] >= 0:
            self.facts.odds[key] = unit.tile  # type: ignore[assignment]
            return unit.tile  # no band is better than one without a penalty
        found, penalty = (unit.tile, band[1]) if band is not None else (None, None)
        # `shot_band` of each tile, read straight from its table where it is there already.
        bands = self.terrain.derived("ai shot bands", dict)
        ranges = unit.missile.ranges
        for tile in self._steps_out(eid):
            band = bands.get((ranges, tile, there), _UNKNOWN)
            if band is _UNKNOWN:
                band = self.shot_band(unit.missile, tile, there)
            if band is not None and (penalty is None or band[1] > penalty):
                found, penalty = tile, band[1]
        self.facts.odds[key] = found  # type: ignore[assignment]
        return found

    def _steps_out(self, eid: int) -> list[Tile]:
        """The nearest `VANTAGE_LOOKS` tiles a normal move takes a shooter to, nearest first
        (`vantage` looks there for a shot): the same whatever it shoots at, kept for the round."""
        key = ("steps out", eid)
        found = self.facts.odds.get(key)
        if found is None:
            unit = self.unit(eid)
            walk = self.reach_map(eid, float(unit.rate))
            near = sorted(
                (t for t in walk.iter_tiles() if t != unit.tile), key=lambda t: (walk.metres_to(t), t)
            )
            found = self.facts.odds[key] = near[:VANTAGE_LOOKS]  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def distance(self, a: Tile, b: Tile) -> float:
        """Metres between tile centres."""
        return self.board.distance(a, b)


WALKS_KEPT_CELLS = 4_000_000  # tiles of reach maps kept per board (~32 MB of metres at most)


def walks_from(board: TerrainBoard, start: Tile, budget: float, occupied: Iterable[Tile]) -> ReachMap:
    """`reachable`, kept on the board for later rounds and battles (least recently used
    dropped past `WALKS_KEPT_CELLS`): a walking field depends on nothing but the board, the
    start, the budget and the tiles in the way, and the same ones come back round after
    round (a unit that holds its ground, the enemies' fields of the approach)."""
    kept: OrderedDict[tuple[object, ...], ReachMap] = board.derived("ai walks", OrderedDict)
    key = (start, budget, tuple(sorted(set(occupied))))
    found = kept.get(key)
    if found is not None:
        kept.move_to_end(key)
        return found
    found = kept[key] = reachable(board, start, budget, key[2])
    cells = board.derived("ai walks cells", lambda: [0])
    cells[0] += found.metres.size
    while cells[0] > WALKS_KEPT_CELLS and len(kept) > 1:
        _, dropped = kept.popitem(last=False)
        cells[0] -= dropped.metres.size
    return found


def _full_metres(reach: ReachMap) -> np.ndarray:
    """A reach map's metres spread over the whole board (inf outside its window)."""
    board = reach.board
    full = np.full((board.height, board.width), np.inf)
    h, w = reach.metres.shape
    full[reach.y0 : reach.y0 + h, reach.x0 : reach.x0 + w] = reach.metres
    return full


def _disc(board: TerrainBoard, origin: Tile, radius_tiles: float) -> np.ndarray:
    """[y, x] tiles within a radius of `origin` (an optimistic reachable set)."""
    ys, xs = np.ogrid[: board.height, : board.width]
    return (xs - origin[0]) ** 2 + (ys - origin[1]) ** 2 <= (radius_tiles + 0.5) ** 2


def _dilate(mask: np.ndarray, reach: int) -> np.ndarray:
    """Every tile within `reach` king moves of a tile of `mask` (walls ignored: an estimate)."""
    out = mask.copy()
    h, w = mask.shape
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if dx == 0 and dy == 0:
                continue
            dst = (slice(max(0, dy), h + min(0, dy)), slice(max(0, dx), w + min(0, dx)))
            src = (slice(max(0, -dy), h + min(0, -dy)), slice(max(0, -dx), w + min(0, -dx)))
            out[dst] |= mask[src]
    return out
