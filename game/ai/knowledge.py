"""What the AI knows when it declares: every combatant's numbers, and the board.

Everything here comes from a `DeclarationView`: the sheets and positions
anyone can see, the orders declared *before* this one, never later ones and
never the dice.  Numbers are the engine's own (`skill_roll`, `missile_roll`,
`withstand_breakdown`), before the round's Action Penalty, so the estimates
the AI makes can be explained the rulebook's way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from game.board.reach import ReachMap, reachable
from game.board.terrain import TerrainBoard
from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.rules.board import Board
from game.rules.defence import defence_spec
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind, Order
from game.rules.positions import combatants, engaged_with, melee_reach, name_of, tile_of
from game.rules.registry import OFFENSIVE, spec_of
from game.rules.stats import missile_roll, movement_rate, skill_roll
from game.rules.validate import planned_tile
from game.world import Condition, Equipment, Facing, Item, Position, Side, World

MAX_MOVE_COST_SEEN = 4.0  # distance fields give up beyond this many times the map's span

INJURY_VALUE = (1.0, 1.5, 3.0)
"""What one more Injury is worth on a combatant with 0, 1 or 2 Injuries: the third Defeats."""


def injury_value(injuries: float) -> float:
    """The worth of one more Injury on a combatant that has `injuries` (a fractional
    count, such as Injuries already expected from attacks declared this round, is
    read between the table's entries)."""
    top = len(INJURY_VALUE) - 1
    at = min(max(float(injuries), 0.0), float(top))
    low = int(at)
    if low == top:
        return INJURY_VALUE[top]
    share = at - low
    return INJURY_VALUE[low] * (1 - share) + INJURY_VALUE[low + 1] * share


@dataclass(frozen=True)
class Unit:
    """One combatant as the AI sees it.  Stats carry the Injury and armour
    penalties but no Action Penalty: subtract one per action beyond the first."""

    eid: int
    name: str
    side: str
    tile: Tile
    facing: int
    injuries: int
    active: bool
    rate: int
    melee: Weapon  # the melee weapon in hand, or bare hands
    armed: bool  # holds a melee weapon (else it Brawls)
    missile: Weapon | None
    reach: int
    shield: bool
    stats: Mapping[str, int]

    @property
    def attack_kind(self) -> ActionKind:
        """Strike with a weapon in hand, Brawling without."""
        return ActionKind.STRIKE if self.armed else ActionKind.BRAWLING


def read_unit(world: World, eid: int) -> Unit:
    """The numbers of one combatant, from its sheet, equipment and condition."""
    equipment = world.get(eid, Equipment)
    condition = world.get(eid, Condition)
    melee = equipment.melee_weapon()
    missile = equipment.missile_weapon()
    stats = {
        skill: skill_roll(world, eid, skill, None).total
        for skill in ("strike", "brawling", "feint", "disarm", "dodge", "evade", "block")
    }
    stats["parry"] = (
        skill_roll(world, eid, "parry", None).plus(*defence_spec(ActionKind.PARRY).modifiers(equipment)).total
        if melee is not None and any(w.is_melee and w.can_parry for w in equipment.weapons)
        else 0
    )
    stats["movement"] = skill_roll(world, eid, "movement", None).total
    if missile is not None:
        assert missile.missile_kind is not None
        stats["missile"] = missile_roll(world, eid, missile.missile_kind, None).total
    if melee is None:
        stats["strike"] = stats["brawling"]
        feint = spec_of(ActionKind.FEINT).roll_breakdown(world, eid, Order(eid))
        assert feint is not None
        stats["feint"] = feint.total  # a Feint without a weapon (CO.09)
    return Unit(
        eid=eid,
        name=name_of(world, eid),
        side=world.get(eid, Side).name,
        tile=tile_of(world, eid),
        facing=world.get(eid, Facing).direction,
        injuries=condition.injuries,
        active=condition.can_act,
        rate=max(0, movement_rate(world, eid).total),
        melee=melee or BARE_HANDS,
        armed=melee is not None,
        missile=missile,
        reach=melee_reach(equipment),
        shield=equipment.shield is not None,
        stats=stats,
    )


def terrain_board(board: Board) -> TerrainBoard:
    """The board as a `TerrainBoard` (the fast overlays need its arrays)."""
    if isinstance(board, TerrainBoard):
        return board
    cached = getattr(board, "_ai_terrain", None)
    if cached is None:
        cached = TerrainBoard.from_board(board)  # type: ignore[arg-type]
        with contextlib.suppress(AttributeError):  # a board with __slots__ just converts again
            board._ai_terrain = cached  # type: ignore[attr-defined]
    return cached


@dataclass
class RoundFacts:
    """What stays true for a whole Strategy Stage (positions move only at resolution),
    shared by every declaration of that round: units and reachable tiles."""

    key: tuple[object, ...]
    units: dict[int, Unit]
    reach_maps: dict[tuple[int, float], ReachMap] = field(default_factory=dict)
    fields_: dict[Tile, np.ndarray] = field(default_factory=dict)
    threat_masks: dict[tuple[int, Tile], np.ndarray] = field(default_factory=dict)
    los: dict[tuple[Tile, Tile], bool] = field(default_factory=dict)


def round_key(world: World, round_number: int) -> tuple[object, ...]:
    """A cheap fingerprint of everything `RoundFacts` depends on."""
    parts: list[object] = [round_number]
    for eid in combatants(world):
        condition = world.get(eid, Condition)
        parts.append((eid, tile_of(world, eid), condition.injuries, condition.can_act, condition.dead))
        parts.append(tuple(w.name for w in world.get(eid, Equipment).weapons))
    return tuple(parts)


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
        declaration = list(reversed(timing))
        mine = declaration.index(actor) if actor in declaration else len(declaration)
        self.later = [e for e in declaration[mine + 1 :] if e not in self.earlier]
        self.engaged = engaged_with(world, board, actor)
        self.occupied = {u.tile for u in units if u.eid != actor and not world.get(u.eid, Condition).dead}
        self.planned_ends = {planned_tile(world, e, self.earlier) for e in self.earlier if e != actor}
        self.items = [(eid, pos.tile, item.weapon) for eid, pos, item in world.query(Position, Item)]
        self.expect_cache: dict[tuple[object, ...], float] = {}
        """The rules' odds of imagined attacks, asked again and again (`game.ai.expect`)."""

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

    def declared(self, eid: int) -> bool:
        """Whether it has declared this round (before us)."""
        return eid in self.earlier

    def attacking(self, eid: int) -> bool:
        """Whether its declared order holds an offensive action (exposed behind high cover)."""
        order = self.earlier.get(eid)
        return order is not None and any(a.kind in OFFENSIVE for a in order.actions)

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
                if u.eid != eid and not self.world.get(u.eid, Condition).dead
            ]
            found = self.facts.reach_maps[key] = reachable(self.terrain, unit.tile, budget, occupied)
        return found

    def distance_field(self, tile: Tile) -> np.ndarray:
        """Metres of walking from `tile` to every tile of the board (inf where unreachable)."""
        found = self.facts.fields_.get(tile)
        if found is None:
            big = float(self.terrain.width + self.terrain.height) * 2 * self.mpt * MAX_MOVE_COST_SEEN
            found = self.facts.fields_[tile] = _full_metres(reachable(self.terrain, tile, big))
        return found

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

    def distance(self, a: Tile, b: Tile) -> float:
        """Metres between tile centres."""
        return self.board.distance(a, b)


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
