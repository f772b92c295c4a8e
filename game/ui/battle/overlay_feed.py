"""What the battle screen's overlays show, worked out from whom they are about (and, for the
overlays and hit chances of a combatant that is not drafting, the plan it declared).

The screen says who the overlays are about (the focus), where that combatant will stand
and face, which tile the sight overlay looks from and whose arcs to show; the feed
computes the arrays the active overlays need (`overlay_arrays`), keeps them in a small
cache keyed by the battle's progress, and hands the layer new data only when something
it shows has changed.

Line of sight (the sight overlay, and what each shooter sees for the threat overlay)
is the slow part: its ray tables are traced at load (`warm`), and then each sight map is
a few gathers, of which a frame works out one (`slow`); the layer shows the other
overlays meanwhile, and the sight or threat overlay a frame or a few later.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from game.board.sight import prepare_sight, warm_rays
from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.rules.api.modules import OverlayAsk, TileMarks
from game.rules.board import Board
from game.rules.cover_terms import cover_terms
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.positions import combatants, engaged_with, is_active, tile_of
from game.rules.registry import MOVEMENT_ACTIONS, module_overlays, movement_kind
from game.rules.stats import max_movement_metres, movement_rate
from game.ui import frame_budget
from game.ui.planner import Draft, DraftState, Planner
from game.ui.render.overlay_arrays import (
    arc_array,
    band_array,
    melee_threat,
    missile_reach,
    reach_arrays,
    shoot_mask,
    sight_arrays,
    threat_arrays,
    threat_enemies,
)
from game.ui.render.overlays import OverlayData, OverlayLayer, threat_words
from game.ui.render.terrain_overlay import TerrainData, terrain_arrays
from game.world import Condition, Equipment, Side, World

CACHE_LIMIT = 160  # entries kept before the cache starts again
SLOW_BUDGET = 0.008  # seconds a frame may spend starting slow parts (it always starts one)
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


class Pending(Exception):
    """A slow part of an overlay waits for a later frame."""


class OverlayFeed:
    """Feeds an `OverlayLayer` the arrays of its active overlays."""

    def __init__(self, patient: bool = False) -> None:
        self._key: object = None
        self._shown: object = None  # what the layer was last given (an unfinished key, with its parts)
        self._cache: dict[Hashable, Any] = {}
        self._deadline = 0.0  # perf_counter() past which this frame starts no new slow part
        self._slow_done = False  # this frame has worked out a slow part
        self.patient = patient  # True: every slow part is worked out at once (tools, tests)
        self.show_cover = True  # the sight overlay's cover marks (off when no module plays cover)
        self._terrain: TerrainData | None = None  # the terrain overlay's arrays: the board's, made once

    def cached(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """`compute()`, once per key until the cache is emptied."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def slow(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """`compute()` for a part that may take a good part of a frame (line of sight on a big
        map, an enemy's reach): cached like `cached`, but a frame starts new ones only while
        its SLOW_BUDGET lasts (always at least one); until their turn comes, `Pending`."""
        if key in self._cache or self.patient:
            return self.cached(key, compute)
        if self._slow_done and time.perf_counter() > self._deadline:
            raise Pending
        self._slow_done = True
        return self.cached(key, compute)

    def warm(self, board: TerrainBoard, world: World) -> None:
        """At load: trace the ray tables line of sight needs on this board (the whole map for
        the sight overlay, each missile weapon's reach for the threat overlay), the slow part
        of every later sight map; and what the terrain overlay shows."""
        mpt = board.metres_per_tile
        warm_rays(math.ceil(math.hypot(board.width, board.height)))
        prepare_sight(board, math.hypot(board.width, board.height))
        for eid in combatants(world):
            reach = missile_reach(world, eid)
            if reach is not None:
                prepare_sight(board, reach / mpt)
        self._terrain = terrain_arrays(board)

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
        seen: frozenset[int] | None = None,
    ) -> None:
        """New data for `layer` if anything it shows changed.  `focus` is whom the reach, range
        and threat overlays are about and `plan` where it will stand and face; `drafting` is
        the declarer, its planner and the order drafted so far (its reach counts that order's
        actions); `version` changes whenever the battle's world may have.  With fog of war
        `seen` is the combatants the side at the window sees (`SideView.seen`): the threat
        overlay shows only theirs."""
        active = frozenset(layer.active)
        draft_order = drafting[2] if drafting is not None else None
        key = (
            active,
            focus,
            plan,
            draft_order,
            sight_origin,
            arcs_plan,
            version,
            options,
            self.show_cover,
            seen,
        )
        self._slow_done = False
        self._deadline = frame_budget.deadline(SLOW_BUDGET) or 0.0
        if key == self._key:
            return
        data = OverlayData(board.width, board.height)
        data.cover_terms = cover_terms(options)
        data.threat_kinds = threat_words(options)
        waiting: list[str] = []
        if focus is not None and "reach" in active and is_active(world, focus):
            self._reach(data, world, board, version, focus, drafting, seen)
        weapon = world.get(focus, Equipment).missile_weapon() if focus is not None else None
        if plan is not None and weapon is not None and "range" in active:
            origin = plan[0]
            data.bands = self.cached(("range", origin, weapon), lambda: band_array(board, origin, weapon))
            data.band_origin, data.weapon = origin, weapon
        if sight_origin is not None and "sight" in active and board.in_bounds(sight_origin):
            try:
                self._sight(data, board, sight_origin)
            except Pending:
                waiting.append("sight")
        if focus is not None and "threat" in active:
            try:
                self._threat(data, world, board, version, focus, plan, seen)
            except Pending:
                waiting.append("threat")
        if arcs_plan is not None and "arcs" in active:
            data.arcs = arc_array(board, arcs_plan[0], arcs_plan[1])
            data.arc_centre = arcs_plan[0]
        if "terrain" in active:
            if self._terrain is None:
                self._terrain = terrain_arrays(board)
            data.terrain = self._terrain
        if focus is not None and plan is not None and options is not None:
            mine = draft_order if drafting is not None and focus == drafting[0] else None
            declared = dict(orders or {})
            ask = OverlayAsk(
                world, board, options, focus, plan[0], plan[1], mine or declared.get(focus), declared
            )
            data.marks, missing = self._module_marks(ask, active, version)
            if missing:
                waiting.append("marks")
        if waiting:  # shown without what is still being worked out; asked again next frame
            shown = (key, tuple(waiting))
            if shown != self._shown:
                self._shown = shown
                layer.set_data(data)
            return
        self._key = key
        self._shown = None
        layer.set_data(data)
        if len(self._cache) > CACHE_LIMIT:  # only once a picture is whole: its parts stay till then
            self._cache.clear()

    def _module_marks(
        self, ask: OverlayAsk, active: frozenset[str], version: Hashable
    ) -> tuple[dict[str, TileMarks], bool]:
        """The marks of the rules module overlays switched on, and whether some still wait.

        Each is a slow part (a module may ask sight and paths over much of the map), worked
        out once per change of what it is about (whom, where it will stand and face, the
        orders, the battle's progress): a frame with other overlays to work out leaves it to
        the next, and a later frame finds it here."""
        orders = tuple(sorted(ask.orders.items()))
        found: dict[str, TileMarks] = {}
        missing = False
        for overlay in module_overlays(ask.options):
            if overlay.name not in active:
                continue
            key = ("marks", overlay.name, ask.focus, ask.origin, ask.facing, ask.order, orders, version)
            try:
                found[overlay.name] = self.slow((*key, ask.options), functools.partial(overlay.marks, ask))
            except Pending:
                missing = True
        return found, missing

    def _sight(self, data: OverlayData, board: TerrainBoard, origin: Tile) -> None:
        """Line of sight and cover from `origin` (a slow part)."""
        sight = self.slow(("sight", origin), lambda: sight_arrays(board, origin))
        data.unseen, data.cover, data.sight_beyond = sight
        data.sight_origin = origin
        if not self.show_cover:
            data.cover = np.full_like(data.cover, -1)
            data.cover_shown = False

    def _threat(
        self,
        data: OverlayData,
        world: World,
        board: TerrainBoard,
        version: Hashable,
        focus: int,
        plan: Plan | None,
        seen: frozenset[int] | None = None,
    ) -> None:
        """Where the focus's enemies could attack next round: their melee, and what each shooter
        sees (a slow part each); Pending until every shooter's part is in.  With fog of war
        (`seen`) only the enemies the side sees: an unseen one's threat would give it away."""
        facing = plan[1] if plan else None
        side = world.get(focus, Side).name
        parts = []
        missing = False
        enemies = [e for e in threat_enemies(world, focus) if seen is None or e in seen]
        for enemy in enemies:
            melee = functools.partial(melee_threat, world, board, enemy, seen)
            try:
                here, strike = self.slow(("melee threat", enemy, version, seen), melee)
            except Pending:
                missing = True
                continue
            radius = missile_reach(world, enemy)
            shoot = np.zeros_like(strike)
            if radius is not None:
                try:
                    sees = functools.partial(shoot_mask, board, here, radius)
                    shoot = self.slow(("shoot", here, radius), sees)
                except Pending:
                    missing = True
            parts.append((here, strike, shoot))
        if missing:
            raise Pending
        threat = self.cached(
            ("threat", side, version, facing, seen),
            lambda: threat_arrays(parts, board.width, board.height, facing),
        )
        data.threat_melee, data.threat_missile, data.threat_back = threat

    def _reach(
        self,
        data: OverlayData,
        world: World,
        board: TerrainBoard,
        version: Hashable,
        focus: int,
        drafting: tuple[int, Planner, Order] | None,
        seen: frozenset[int] | None = None,
    ) -> None:
        """Walk and Sprint tiles of `focus`: for the declarer as far as its drafted actions
        allow, for anyone else as far as the best Sprint roll would take it.  With fog of war
        (`seen`), a tile an unseen combatant stands on is shown free: it would give him away
        (the rules do not refuse a walk there; it stops short at resolution)."""
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
            tile_of(world, e)
            for e in combatants(world)
            if e != focus and world.get(e, Condition).present and (seen is None or e in seen)
        ]
        data.walk, data.sprint = self.cached(
            ("reach", focus, start, walk_m, sprint_m, version, seen),
            lambda: reach_arrays(board, start, walk_m, sprint_m, occupied),
        )


def module_marks(ask: OverlayAsk, active: frozenset[str] | set[str]) -> dict[str, TileMarks]:
    """The marks of every rules module overlay in play that is switched on."""
    return {o.name: o.marks(ask) for o in module_overlays(ask.options) if o.name in active}
