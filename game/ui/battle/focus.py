"""Whom the battle screen's overlays and hit chances are about, and feeding the overlays.

A component of `BattleScene` (`scene.aim`), not a mixin: it reads the screen only through
`FocusHost` (`game.ui.battle.host`) and answers the other parts through `Aim`.  The focus
is the combatant selected, else the one declaring, else (during playback) whoever the
event on screen is about; the viewpoint is that combatant where its draft or declared
order puts it.  `refresh_overlays` works out which window overlays are on
(`OverlayChoice`: what matters now, plus the player's keys) and hands the overlay feed
what they need.
"""

from __future__ import annotations

from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.rules.orders import Order
from game.rules.positions import find_by_name, is_active, occupant
from game.ui.battle.host import FocusHost
from game.ui.battle.overlay_defaults import OverlayChoice, module_part_shown
from game.ui.battle.overlay_feed import OverlayFeed, declared_viewpoint
from game.ui.battle.plans import plan_end
from game.ui.planner import Draft, Planner
from game.world import Equipment, Position


class BattleFocus:
    """The focus, the viewpoint and the overlays' inputs of the battle screen.

    It keeps the overlay feed (which works the overlays' data out, a slow part at a time),
    the choice of window overlays (the player's keys and what matters now) and the board's
    terrain, all given to it by the screen.
    """

    def __init__(
        self, host: FocusHost, feed: OverlayFeed, overlay_choice: OverlayChoice, terrain: TerrainBoard
    ) -> None:
        self.host = host
        self.feed = feed
        self.overlay_choice = overlay_choice
        self.terrain = terrain

    def focus(self) -> int | None:
        """The combatant the overlays are about: the selected one, else the declarer
        (during playback, else whoever the event on screen is about)."""
        host, world, playback = self.host, self.host.world, self.host.playback
        shown = None
        if playback is not None and playback.current is not None:
            who = getattr(playback.current, "actor", None) or getattr(playback.current, "target", None)
            shown = find_by_name(world, who) if isinstance(who, str) else None
        for eid in (host.selected, host.actor, shown):
            if eid is not None and world.has(eid, Position) and host.sight.sees(eid):
                return eid
        return None

    def home_unit(self) -> int | None:
        """Your unit: the declarer while you declare (the side panel shows it and Home centres
        on it, whoever you inspect), else the focus."""
        if self.host.phase == "declare" and self.host.actor is not None:
            return self.host.actor
        return self.focus()

    def inspected(self) -> int | None:
        """The combatant inspected beside the declarer (its sheet is a card over the map)."""
        selected = self.host.selected
        if self.host.phase != "declare" or selected in (None, self.host.actor):
            return None
        return selected if self.host.world.has(selected, Position) else None  # type: ignore[arg-type]

    def viewpoint(self) -> tuple[int, Planner, Draft] | None:
        """Whose attacks the hit chances show, and from where: the combatant the overlays are
        about (`focus`), standing where `plan_end` puts it; the order being drafted for the
        declarer, and for anyone else the path and facing it declared this round.

        The sight overlay is drawn from that same tile, so the two always agree."""
        host = self.host
        eid = self.focus()
        if eid is None or not is_active(host.world, eid):
            return None
        planner, draft = host.planner, host.draft
        if eid == host.actor and host.phase == "declare" and planner is not None and draft is not None:
            return eid, planner, draft

        def planned() -> tuple[Planner, Draft]:
            battle, rnd = host.battle, host.battle.round
            earlier = dict(host.sight.orders(rnd.orders)) if rnd is not None and host.playback is None else {}
            return declared_viewpoint(host.world, battle.board, battle.options, eid, earlier)

        declared = self.feed.cached(("viewpoint", eid, self._world_version()), planned)
        return eid, declared[0], declared[1]

    def hovered_combatant(self) -> int | None:
        """The living combatant under the mouse or keyboard cursor (one the side sees)."""
        tile = self.host.view.pointed()
        who = occupant(self.host.world, tile) if tile is not None else None
        return who if self.host.sight.sees(who) else None

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face: its draft or declared order, else now."""
        host, rnd = self.host, self.host.battle.round
        order: Order | None = None
        if host.draft is not None and eid == host.actor:
            order = host.draft.order()
        elif rnd is not None and host.playback is None:
            order = host.sight.orders(rnd.orders).get(eid)  # fog: only one it saw
        return plan_end(host.world, eid, order)

    def _world_version(self) -> tuple[int, int, int]:
        battle, playback = self.host.battle, self.host.playback
        rnd = battle.round
        return (
            battle.number,
            len(rnd.orders) if rnd is not None else -1,
            playback.index if playback is not None else -2,
        )

    def refresh_overlays(self) -> None:
        """Switch the window overlays that matter now on, and give the overlays new data if
        whom or what they show has changed."""
        host = self.host
        focus = self.focus()
        options = host.battle.options
        missile = focus is not None and host.world.get(focus, Equipment).missile_weapon() is not None
        layer = host.view.overlays
        wanted = self.overlay_choice.apply(layer.active, options, host.phase == "declare", missile)
        if wanted != layer.active:
            layer.active = wanted
            layer.invalidate()
        hovered = self.hovered_combatant()
        plan = self.plan_end(focus) if focus is not None else None
        sight_origin = plan[0] if plan else host.view.pointed()
        arcs_of = hovered if hovered is not None else focus
        arcs_plan = self.plan_end(arcs_of) if arcs_of is not None else None
        drafting = None
        if host.planner is not None and host.draft is not None and host.actor is not None:
            drafting = (host.actor, host.planner, host.draft.order())
        world, version = host.world, self._world_version()
        rnd = host.battle.round
        orders = host.sight.orders(rnd.orders) if rnd is not None and host.playback is None else {}
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
            host.sight.seen(),
        )
