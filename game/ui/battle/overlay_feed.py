"""What the battle screen's overlays show, worked out from whom they are about (and, for the
overlays and hit chances of a combatant that is not drafting, the plan it declared).

The screen says who the overlays are about (the focus), where that combatant will stand
and face, which tile the sight overlay looks from and whose arcs to show; the feed
computes the arrays the active overlays need (`overlay_arrays`), keeps them in a small
cache keyed by the battle's progress, and hands the layer new data only when something
it shows has changed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.rules.board import Board
from game.rules.modules.base import OverlayAsk, TileMarks
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.positions import combatants, engaged_with, is_active, tile_of
from game.rules.registry import MOVEMENT_ACTIONS, module_overlays, movement_kind
from game.rules.stats import max_movement_metres, movement_rate
from game.ui.planner import Draft, DraftState, Planner
from game.ui.render.overlay_arrays import (
    arc_array,
    band_array,
    reach_arrays,
    sight_arrays,
    threat_arrays,
    threat_parts,
)
from game.ui.render.overlays import OverlayData, OverlayLayer
from game.ui.render.terrain_overlay import terrain_arrays
from game.world import Condition, Equipment, Side, World

CACHE_LIMIT = 64  # entries kept before the cache starts again
Plan = tuple[Tile, int]  # where a combatant will stand, and its facing


def declared_viewpoint(
    world: World, board: Board, options: RuleOptions, eid: int, orders: Mapping[int, Order]
) -> tuple[Planner, Draft]:
    """A planner and draft for `eid` standing where its declared order (in `orders`) takes it,
    with the Sprint or Retreat that takes it there; the other orders are the earlier ones."""
    earlier = dict(orders)
    declared = earlier.pop(eid, None)
    draft = Draft(eid)
    if declared is not None:  # where it means to go, with the Sprint or Retreat that takes it there
        moves = tuple(a for a in declared.actions if a.kind in MOVEMENT_ACTIONS)
        draft.state = DraftState(declared.path, declared.facing, moves)
    return Planner(world, board, eid, earlier, options), draft


class OverlayFeed:
    """Feeds an `OverlayLayer` the arrays of its active overlays."""

    def __init__(self) -> None:
        self._key: object = None
        self._cache: dict[Hashable, Any] = {}
        self.show_cover = True  # the sight overlay's cover marks (off when no module plays cover)

    def cached(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """`compute()`, once per key until the cache is emptied."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def refresh(
        self,
        layer: OverlayLayer,
        world: World,
        board: TerrainBoard,
        version: Hashable,
        focus: int | None,
        plan: Plan | None,
        sight_origin: Tile | None,
        arcs_plan: Plan | None,
        drafting: tuple[int, Planner, Order] | None = None,
        options: RuleOptions | None = None,
        orders: Mapping[int, Order] | None = None,
    ) -> None:
        """New data for `layer` if anything it shows changed.  `focus` is whom the reach, range
        and threat overlays are about and `plan` where it will stand and face; `drafting` is
        the declarer, its planner and the order drafted so far (its reach counts that order's
        actions); `version` changes whenever the battle's world may have."""
        active = frozenset(layer.active)
        draft_order = drafting[2] if drafting is not None else None
        key = (active, focus, plan, draft_order, sight_origin, arcs_plan, version, options, self.show_cover)
        if key == self._key:
            return
        self._key = key
        data = OverlayData(board.width, board.height)
        if focus is not None and "reach" in active and is_active(world, focus):
            self._reach(data, world, board, version, focus, drafting)
        weapon = world.get(focus, Equipment).missile_weapon() if focus is not None else None
        if plan is not None and weapon is not None and "range" in active:
            origin = plan[0]
            data.bands = self.cached(("range", origin, weapon), lambda: band_array(board, origin, weapon))
            data.band_origin, data.weapon = origin, weapon
        if sight_origin is not None and "sight" in active and board.in_bounds(sight_origin):
            origin = sight_origin
            sight = self.cached(("sight", origin), lambda: sight_arrays(board, origin))
            data.unseen, data.cover, data.sight_beyond = sight
            data.sight_origin = origin
            if not self.show_cover:
                data.cover = np.full_like(data.cover, -1)
                data.cover_shown = False
        if focus is not None and "threat" in active:
            facing = plan[1] if plan else None
            pkey = ("threat parts", world.get(focus, Side).name, version)
            parts = self.cached(pkey, lambda: threat_parts(world, board, focus))
            threat = self.cached(
                ("threat", pkey, facing), lambda: threat_arrays(parts, board.width, board.height, facing)
            )
            data.threat_melee, data.threat_missile, data.threat_back = threat
        if arcs_plan is not None and "arcs" in active:
            data.arcs = arc_array(board, arcs_plan[0], arcs_plan[1])
            data.arc_centre = arcs_plan[0]
        if "terrain" in active:
            data.terrain = self.cached(("terrain",), lambda: terrain_arrays(board))
        if focus is not None and plan is not None and options is not None:
            mine = draft_order if drafting is not None and focus == drafting[0] else None
            declared = dict(orders or {})
            ask = OverlayAsk(
                world, board, options, focus, plan[0], plan[1], mine or declared.get(focus), declared
            )
            data.marks = module_marks(ask, active)
        if len(self._cache) > CACHE_LIMIT:
            self._cache.clear()
        layer.set_data(data)

    def _reach(
        self,
        data: OverlayData,
        world: World,
        board: TerrainBoard,
        version: Hashable,
        focus: int,
        drafting: tuple[int, Planner, Order] | None,
    ) -> None:
        """Walk and Sprint tiles of `focus`: for the declarer as far as its drafted actions
        allow, for anyone else as far as the best Sprint roll would take it."""
        start = tile_of(world, focus)
        if drafting is not None and focus == drafting[0]:
            _actor, planner, order = drafting
            walk_m = planner.walk_metres
            sprint_m = planner.sprint_metres(replace(order, path=()))
        else:
            walk_m = float(max(0, movement_rate(world, focus).total))
            run = movement_kind(None, bool(engaged_with(world, board, focus)))
            sprint_m = max_movement_metres(world, focus, Order(focus, (Action(run),)))
        occupied = [
            tile_of(world, e) for e in combatants(world) if e != focus and not world.get(e, Condition).dead
        ]
        data.walk, data.sprint = self.cached(
            ("reach", focus, start, walk_m, sprint_m, version),
            lambda: reach_arrays(board, start, walk_m, sprint_m, occupied),
        )


def module_marks(ask: OverlayAsk, active: frozenset[str] | set[str]) -> dict[str, TileMarks]:
    """The marks of every rules module overlay in play that is switched on."""
    return {o.name: o.marks(ask) for o in module_overlays(ask.options) if o.name in active}
