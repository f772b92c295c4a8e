"""Who is where: lookups, melee reach, engagement and range bands (RULES.md §1, CO.07)."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.board import Board
from game.rules.orders import Order
from game.rules.still import remembered
from game.world import Condition, Equipment, Name, Position, Side, World

RANGE_BANDS = (
    ("short", 0, N_("Short Range")),
    ("medium", -3, N_("Medium Range")),
    ("long", -6, N_("Long Range")),
)
"""Band name, Range Penalty and its label (CO.07)."""


def combatants(world: World) -> list[int]:
    """Every entity with a character sheet, by id."""
    return [eid for eid, _ in world.query(Sheet)]


def name_of(world: World, eid: int | None) -> str:
    """The combatant's (or item's) name, for events and messages."""
    if eid is None:
        return "?"
    name = world.try_get(eid, Name)
    return name.value if name else f"#{eid}"


def find_by_name(world: World, name: str) -> int | None:
    """The entity with that name (case-insensitive), if any."""
    folded = name.casefold()
    return next((eid for eid, n in world.query(Name) if n.value.casefold() == folded), None)


def tile_of(world: World, eid: int) -> Tile:
    """The entity's tile."""
    return world.get(eid, Position).tile


def occupant(
    world: World, tile: Tile, ignore: int | None = None, where: Mapping[int, Tile] | None = None
) -> int | None:
    """The combatant standing on `tile` (dead bodies and the fled do not occupy tiles).

    `where` puts some combatants on other tiles than the world's (the forecast's
    "what if they had moved").
    """
    for eid, here in remembered(("standing",), lambda: _standing(world), world):
        there = where.get(eid, here) if where else here
        if eid != ignore and there == tile:
            return eid
    return None


def _standing(world: World) -> tuple[tuple[int, Tile], ...]:
    """(combatant, tile) of those on the board who occupy their tile (the living, the
    Defeated), by id: what `occupant` looks through, remembered while the world stands still."""
    return tuple(
        (eid, pos.tile)
        for eid, pos, _sheet in world.query(Position, Sheet)
        if world.get(eid, Condition).present
    )


def occupied_tiles(world: World, ignore: int | None = None) -> set[Tile]:
    """The tiles living combatants on the board stand on (but `ignore`'s): `occupant` for many
    tiles at once."""
    return {
        pos.tile
        for eid, pos, _sheet in world.query(Position, Sheet)
        if eid != ignore and world.get(eid, Condition).present
    }


def is_active(world: World, eid: int) -> bool:
    """Alive, not Defeated and still on the map: can declare and act."""
    return world.get(eid, Condition).can_act


def undeclared_enemies(world: World, actor: int, orders: Mapping[int, Order]) -> list[int]:
    """The enemies of `actor` still able to act that have no order in `orders` yet (those
    still to declare: a chance that depends on them may change)."""
    return [
        e
        for e in combatants(world)
        if e != actor and e not in orders and are_enemies(world, actor, e) and is_active(world, e)
    ]


def out_of_the_fight(world: World, eid: int) -> str:
    """Why a combatant takes no more part, as the log says it: "is dead", "has fled off the
    map", "is Defeated" ("" while it can act)."""
    condition = world.get(eid, Condition)
    if condition.dead:
        return "is dead"
    if condition.fled:
        return "has fled off the map"
    return "is Defeated" if condition.defeated else ""


def are_enemies(world: World, a: int, b: int) -> bool:
    """Whether two combatants are on different sides."""
    mine, theirs = world.get(a, Side), world.get(b, Side)
    # `mine != theirs`, spelled out (asked of every pair that may be engaged): sides are equal
    # when they are of one class with one name.
    return not (mine.__class__ is theirs.__class__ and mine.name == theirs.name)


def melee_reach(equipment: Equipment) -> int:
    """The longest reach of the melee weapons in hand; bare hands reach 1 tile."""
    # Asked of every combatant whenever engagement is in doubt: kept on the (frozen) equipment.
    found = equipment.__dict__.get("_melee_reach")
    if found is None:
        found = max((w.reach for w in equipment.weapons if w.is_melee), default=1)
        object.__setattr__(equipment, "_melee_reach", found)
    return found  # type: ignore[no-any-return]


def engaged_with(
    world: World,
    board: Board,
    eid: int,
    at: Tile | None = None,
    where: Mapping[int, Tile] | None = None,
) -> list[int]:
    """Active enemies engaged in melee with `eid` (either within the other's reach).

    `at` pretends `eid` stands on another tile (for checking planned paths);
    `where` does the same for others (the forecast's "what if they had moved").
    """
    placed = tuple(sorted(where.items())) if where else ()
    key = ("engaged", id(board), eid, at, placed)
    return remembered(key, lambda: _engaged_with(world, board, eid, at, where), world)


def _engaged_with(
    world: World, board: Board, eid: int, at: Tile | None, where: Mapping[int, Tile] | None
) -> list[int]:
    here = at if at is not None else tile_of(world, eid)
    my_reach = melee_reach(world.get(eid, Equipment))
    result = []
    for other in combatants(world):
        if other == eid or not are_enemies(world, eid, other) or not is_active(world, other):
            continue
        there = where[other] if where and other in where else tile_of(world, other)
        their_reach = melee_reach(world.get(other, Equipment))
        if board.in_reach(here, there, my_reach) or board.in_reach(there, here, their_reach):
            result.append(other)
    return result


def left_behind(world: World, board: Board, eid: int, tile: Tile) -> list[int]:
    """The enemies engaged with `eid` now that would not be engaged with it at `tile`:
    the melees a move there would leave (only a Retreat may: docs/rulings.md)."""
    there = set(engaged_with(world, board, eid, at=tile))
    return [e for e in engaged_with(world, board, eid) if e not in there]


def range_band(distance_m: float, weapon: Weapon) -> tuple[str, int, str] | None:
    """(band, Range Penalty, label) for a missile weapon at that distance, or None
    when out of range.  A target exactly at a band's limit is inside that band."""
    ranges = weapon.ranges
    assert ranges is not None
    if len(ranges) != len(RANGE_BANDS):
        raise ValueError(f"{weapon.name}: {len(ranges)} range limits, not {len(RANGE_BANDS)}")
    # (asked of every shot weighed: the bands' own tuples, each looked at in turn)
    for i, limit in enumerate(ranges):
        if distance_m <= limit + 1e-9:
            return RANGE_BANDS[i]
    return None


def shooters_of(world: World, board: Board, eid: int, tile: Tile) -> list[int]:
    """The active enemies of `eid` whose missile weapon has `tile` in range and in sight from
    where they stand (who could shoot at `eid` there)."""
    found = []
    for enemy in combatants(world):
        if not are_enemies(world, eid, enemy) or not is_active(world, enemy):
            continue
        weapon = world.get(enemy, Equipment).missile_weapon()
        there = tile_of(world, enemy)
        seen = weapon is not None and board.line_of_sight(there, tile)
        if seen and range_band(board.distance(there, tile), weapon) is not None:  # type: ignore[arg-type]
            found.append(enemy)
    return found


def planned_tile(world: World, eid: int, orders: Mapping[int, Order]) -> Tile:
    """Where a combatant means to end its movement (its tile if it declared no path)."""
    order = orders.get(eid)
    if order is not None and order.path:
        return order.path[-1]
    return tile_of(world, eid)


def target_tiles(world: World, target: int, earlier: Mapping[int, Order]) -> set[Tile]:
    """Where a target may be at resolution, as far as a declarer can know."""
    return {tile_of(world, target), planned_tile(world, target, earlier)}
