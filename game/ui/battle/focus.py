"""Whom the battle screen's overlays and hit chances are about, and feeding the overlays.

A part of `BattleScene` (a mixin).  The focus is the combatant selected, else the one
declaring, else (during playback) whoever the event on screen is about; the viewpoint is
that combatant where its draft or declared order puts it.  `refresh_overlays` works out
which window overlays are on (`OverlayChoice`: what matters now, plus the player's keys)
and hands the overlay feed what they need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.rules.battle import Battle
from game.rules.orders import Order
from game.rules.positions import find_by_name, is_active, occupant
from game.ui.battle.overlay_defaults import OverlayChoice, module_part_shown
from game.ui.battle.overlay_feed import OverlayFeed, declared_viewpoint
from game.ui.battle.plans import plan_end
from game.ui.map_view import MapView
from game.ui.planner import Draft, Planner
from game.ui.playback import Playback
from game.ui.render.overlays import OverlayLayer
from game.world import Equipment, Position, World


class BattleFocus:
    """The focus, the viewpoint and the overlays' inputs of the battle screen.

    The screen provides `battle`, `terrain`, `world`, `view`, `overlays`, `phase`, `actor`,
    `selected`, `draft`, `planner`, `playback`, `feed` and `overlay_choice`.
    """

    battle: Battle
    terrain: TerrainBoard
    view: MapView
    phase: str
    actor: int | None
    selected: int | None
    draft: Draft | None
    planner: Planner | None
    playback: Playback | None
    feed: OverlayFeed
    overlay_choice: OverlayChoice

    if TYPE_CHECKING:  # the screen's own

        @property
        def world(self) -> World: ...
        @property
        def overlays(self) -> OverlayLayer: ...
        def fog_sees(self, eid: int | None) -> bool: ...
        def seen_orders(self, orders: dict[int, Order]) -> dict[int, Order]: ...
        def fog_seen(self) -> frozenset[int] | None: ...

    def focus(self) -> int | None:
        """The combatant the overlays are about: the selected one, else the declarer
        (during playback, else whoever the event on screen is about)."""
        shown = None
        if self.playback is not None and self.playback.current is not None:
            who = getattr(self.playback.current, "actor", None) or getattr(
                self.playback.current, "target", None
            )
            shown = find_by_name(self.world, who) if isinstance(who, str) else None
        for eid in (self.selected, self.actor, shown):
            if eid is not None and self.world.has(eid, Position) and self.fog_sees(eid):
                return eid
        return None

    def home_unit(self) -> int | None:
        """Your unit: the declarer while you declare (the side panel shows it and Home centres
        on it, whoever you inspect), else the focus."""
        if self.phase == "declare" and self.actor is not None:
            return self.actor
        return self.focus()

    def inspected(self) -> int | None:
        """The combatant inspected beside the declarer (its sheet is a card over the map)."""
        if self.phase != "declare" or self.selected in (None, self.actor):
            return None
        return self.selected if self.world.has(self.selected, Position) else None  # type: ignore[arg-type]

    def viewpoint(self) -> tuple[int, Planner, Draft] | None:
        """Whose attacks the hit chances show, and from where: the combatant the overlays are
        about (`focus`), standing where `plan_end` puts it; the order being drafted for the
        declarer, and for anyone else the path and facing it declared this round.

        The sight overlay is drawn from that same tile, so the two always agree."""
        eid = self.focus()
        if eid is None or not is_active(self.world, eid):
            return None
        if (
            eid == self.actor
            and self.phase == "declare"
            and self.planner is not None
            and self.draft is not None
        ):
            return eid, self.planner, self.draft

        def planned() -> tuple[Planner, Draft]:
            rnd = self.battle.round
            earlier = dict(self.seen_orders(rnd.orders)) if rnd is not None and self.playback is None else {}
            return declared_viewpoint(self.world, self.battle.board, self.battle.options, eid, earlier)

        planner, draft = self.feed.cached(("viewpoint", eid, self._world_version()), planned)
        return eid, planner, draft

    def hovered_combatant(self) -> int | None:
        """The living combatant under the mouse or keyboard cursor (one the side sees)."""
        tile = self.view.pointed()
        who = occupant(self.world, tile) if tile is not None else None
        return who if self.fog_sees(who) else None

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face: its draft or declared order, else now."""
        order: Order | None = None
        if self.draft is not None and eid == self.actor:
            order = self.draft.order()
        elif self.battle.round is not None and self.playback is None:
            order = self.seen_orders(self.battle.round.orders).get(eid)  # fog: only one it saw
        return plan_end(self.world, eid, order)

    def _world_version(self) -> tuple[int, int, int]:
        rnd = self.battle.round
        return (
            self.battle.number,
            len(rnd.orders) if rnd is not None else -1,
            self.playback.index if self.playback is not None else -2,
        )

    def refresh_overlays(self) -> None:
        """Switch the window overlays that matter now on, and give the overlays new data if
        whom or what they show has changed."""
        focus = self.focus()
        options = self.battle.options
        missile = focus is not None and self.world.get(focus, Equipment).missile_weapon() is not None
        layer = self.overlays
        wanted = self.overlay_choice.apply(layer.active, options, self.phase == "declare", missile)
        if wanted != layer.active:
            layer.active = wanted
            layer.invalidate()
        hovered = self.hovered_combatant()
        plan = self.plan_end(focus) if focus is not None else None
        sight_origin = plan[0] if plan else self.view.pointed()
        arcs_of = hovered if hovered is not None else focus
        arcs_plan = self.plan_end(arcs_of) if arcs_of is not None else None
        drafting = None
        if self.planner is not None and self.draft is not None and self.actor is not None:
            drafting = (self.actor, self.planner, self.draft.order())
        world, version = self.world, self._world_version()
        rnd = self.battle.round
        orders = self.seen_orders(rnd.orders) if rnd is not None and self.playback is None else {}
        self.feed.show_cover = module_part_shown("sight", options)
        self.feed.refresh(
            layer,
            world,
            self.terrain,
            version,
            focus,
            plan,
            sight_origin,
            arcs_plan,
            drafting,
            options,
            orders,
            self.fog_seen(),
        )
