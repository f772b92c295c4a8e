"""Fleeing off the map (RULES.md §7: "a side wins when every enemy is Defeated, dead or fled
off the map").  The chapter says no more, so the rest is ours (docs/rulings.md, "Fleeing off
the map"):

- Flight is part of a declared movement (`Order.flee`): after its path, the combatant steps
  off the map from the edge tile the path ends on (or the one it stands on, with no path).
  That step is one more tile of open ground, `exit_metres`, counted with the path against
  the movement's metres: a walk, a Sprint or a Retreat, as for any other path.
- It flees in the Modifier Stage, as it moves, if the metres it was allowed cover the whole
  path and the step off and nothing stopped it on the way (an occupied tile, a held shot).
  Otherwise it stays on the map where its walk ended.
- Only a Retreat leaves melee (CO.17), so a combatant engaged as it moves flees only by a
  successful Retreat.
- A combatant that fled is out of the battle: it takes no more actions, holds no tile, and
  every attack on it is nullified.

The round, the forecast and the order checks all ask here, so they agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.geometry import Tile
from game.i18n import N_
from game.rules.board import Board
from game.rules.movement import EPSILON
from game.rules.orders import Order
from game.rules.positions import name_of, tile_of
from game.world import World


def on_edge(board: Board, tile: Tile) -> bool:
    """Whether the tile is on the map's edge: a combatant on it may step off the map."""
    x, y = tile
    return board.in_bounds(tile) and (x in (0, board.width - 1) or y in (0, board.height - 1))


def exit_tiles(board: Board) -> list[Tile]:
    """Every tile a combatant may step off the map from: the open tiles of its edge, clockwise
    from the north-west corner (a map maker walls the edge where nobody should leave)."""
    w, h = board.width, board.height
    ring = [(x, 0) for x in range(w)] + [(w - 1, y) for y in range(1, h)]
    ring += [(x, h - 1) for x in range(w - 2, -1, -1)] if h > 1 else []
    ring += [(0, y) for y in range(h - 2, 0, -1)] if w > 1 else []
    return [t for t in dict.fromkeys(ring) if not board.blocks_move(t)]


def exit_step(board: Board, tile: Tile) -> Tile:
    """The tile just off the map that a flight from edge tile `tile` steps to, across the
    nearest edge (west, then east, north, south at a corner): where the UI draws the step."""
    x, y = tile
    if x == 0:
        return (-1, y)
    if x == board.width - 1:
        return (x + 1, y)
    return (x, -1) if y == 0 else (x, y + 1)


FLIGHT_HELP = N_(
    "From a tile on the map's edge, step off the map after the path: one more tile of metres, "
    "within what the walk, Sprint or Retreat allows. Whoever flees is out of the battle; only a "
    "Retreat leaves melee."
)
"""The rule in a sentence, for the menus."""


def exit_metres(board: Board) -> float:
    """The metres of the step off the map: one tile of open ground (beyond the map there is
    no terrain to slow it)."""
    return float(board.metres_per_tile)


def metres_needed(board: Board, path_metres: float, flee: bool) -> float:
    """The metres a movement needs: its path's, and the step off the map for one that flees."""
    return path_metres + (exit_metres(board) if flee else 0.0)


def exit_tile(world: World, order: Order) -> Tile:
    """The tile an order that flees steps off the map from: its path's end, else where it stands."""
    return order.path[-1] if order.path else tile_of(world, order.actor)


def flight_reasons(
    board: Board,
    world: World,
    order: Order,
    path_metres: float,
    allowed: float,
    engaged: Sequence[int],
    leaves_melee: bool,
) -> list[str]:
    """Why an order's flight cannot be declared: the path must end on the map's edge; the path
    and the step off must fit in the most metres the movement may give (`allowed`; a path too
    long already is refused for that alone); and one `engaged` in melee now needs a movement
    that `leaves_melee` (a Retreat)."""
    if not order.flee:
        return []
    reasons = []
    end = exit_tile(world, order)
    if not on_edge(board, end):
        reasons.append(f"to flee off the map, the path must end on the map's edge ({tuple(end)} is not)")
    total = metres_needed(board, path_metres, True)
    if path_metres <= allowed + EPSILON < total:
        reasons.append(
            f"the path and the step off the map are {total:.1f} m but you may move at most {allowed:.1f} m"
        )
    if engaged and not leaves_melee:
        names = ", ".join(name_of(world, e) for e in engaged)
        reasons.append(f"engaged in melee with {names}: only a Retreat leaves it to flee off the map")
    return reasons


def why_not_fled(
    board: Board, order: Order, tiles: tuple[Tile, ...], metres: float, allowed: float, stop: str, held: bool
) -> str:
    """Why a movement that meant to flee ends on the map ("" when it flees): `tiles` walked
    (start first), `metres` spent of the `allowed`, `stop` why the walk ended early, `held`
    whether melee still holds it at its last tile."""
    if not order.flee:
        return "it did not mean to flee"
    end = order.path[-1] if order.path else tiles[0]
    if tiles[-1] != end or stop:
        return "it stopped short of the edge"
    if held:
        return "engaged in melee, only a Retreat leaves it"
    if metres_needed(board, metres, True) > allowed + EPSILON:
        return "out of metres before the edge"
    return ""
