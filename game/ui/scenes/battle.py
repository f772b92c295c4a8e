"""The battle screen: the map with tokens and overlays, the stage bar, the sheet and
order panel, the log; declaring orders, AI turns in the background, hand-over in
hot-seat, and resolution playback.

The battle's flow (rounds, whose turn it is, hand-overs, autosaves, the end) is the
session's (`game.session.flow`): this screen asks it what comes next and shows it.
All changes to the battle go through the session (`Battle.declare` and
`Battle.resolve`); everything drawn is read from the battle's world (or, during
playback, from a private copy that replays the round's events).  The map view, the
order panel, the plans on the map, the menus, the overlays' inputs and the input
routing live in `game.ui.battle` and `game.ui.map_view`.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pygame

from game.core.geometry import Tile
from game.rules.battle import Battle
from game.rules.orders import Order
from game.rules.positions import combatants, find_by_name, is_active, occupant, tile_of
from game.session.flow import AwaitResolution, BattleOver, Session
from game.ui.ai_runner import AiDeclaration, window_session
from game.ui.app import App, Scene
from game.ui.battle.hud import battle_hint, draw_battle_stage_bar
from game.ui.battle.input import BattleInput
from game.ui.battle.order_panel import OrderPanel, draw_declared_list, draw_pace_panel
from game.ui.battle.orders import OrderCommands
from game.ui.battle.overlay_feed import OverlayFeed, declared_viewpoint
from game.ui.battle.plans import draw_cursor, draw_declared, draw_draft, draw_enemy_chances, plan_end
from game.ui.battle.tips import chance_lines, panel_lines
from game.ui.map_view import MapView
from game.ui.planner import Draft, Planner, terrain_board
from game.ui.playback import Playback
from game.ui.render.battlefield import draw_hint, draw_side_panel, draw_toasts, screen_rects, side_styles
from game.ui.render.camera import Camera
from game.ui.render.log import LogPanel
from game.ui.render.overlays import OverlayLayer
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, PopupMenu, draw_tooltip
from game.ui.theme import SideStyle
from game.world import Position, Side, World

TOAST_SECONDS = 4.0


class BattleScene(BattleInput, OrderCommands, Scene):
    """One battle, from its first round to its end."""

    def __init__(
        self,
        app: App,
        battle: Battle,
        battle_map: Any = None,
        title: str | None = None,
        session: Session | None = None,
        note: str | None = None,
    ) -> None:
        super().__init__(app)
        self.battle = battle
        self.battle_map = battle_map
        self.title = title or str(battle.meta.get("title") or "Battle")
        self.terrain = terrain_board(battle.board)
        self.art = getattr(battle_map, "art", None) if battle_map is not None else None
        self.styles = self._side_styles()
        self.view = MapView(self.theme, battle.board, self.art)
        self.log = LogPanel(self.theme)
        self.rects: dict[str, pygame.Rect] = {}
        self.on_resize(app.screen.get_size())
        self._logged = 0
        self._sync_log()
        self.phase = "idle"  # declare | ai | playback | handover | over
        self.actor: int | None = None
        self.draft: Draft | None = None
        self.planner: Planner | None = None
        self.selected: int | None = None
        self.menu: PopupMenu | None = None
        self.ai: AiDeclaration | None = None
        self.playback: Playback | None = None
        self.toasts: list[list[Any]] = []
        self.order_panel = OrderPanel(self.open_action_menu, self.undo, self.confirm)
        self.buttons: list[Button] = []
        self.row_tips: list[tuple[pygame.Rect, list[str]]] = []
        self.chip_rects: list[tuple[pygame.Rect, int]] = []
        self.clock = 0.0
        self.feed = OverlayFeed()
        self.finished = False
        self.saved_path: Path | None = None
        self.session = session or window_session(battle, self._note)
        first = next((e for e in combatants(battle.world) if is_active(battle.world, e)), None)
        if first is not None:
            self.camera.centre_on(tile_of(battle.world, first), snap=True)
        if note:
            self.log.add_text(note)
        self.started = False  # the first update starts the flow (the scene is on the stack by then)

    # ------------------------------------------------------------- set-up
    @property
    def camera(self) -> Camera:
        """The map view's camera."""
        return self.view.camera

    @property
    def overlays(self) -> OverlayLayer:
        """The map view's overlay layer."""
        return self.view.overlays

    @property
    def tokens(self) -> TokenArt:
        """The token pictures."""
        return self.view.tokens

    def _side_styles(self) -> dict[str, SideStyle]:
        return side_styles(self.theme, self.battle.world, self.battle.meta)

    def controller_of(self, eid: int) -> str:
        """ "human" or "ai:…" for a combatant's side."""
        return self.session.spec_of(self.battle.world.get(eid, Side).name)

    def style_of(self, world: World, eid: int) -> SideStyle:
        """The side style of a combatant."""
        side = world.get(eid, Side).name
        return self.styles.get(side) or self.theme.side_style(side, len(self.styles))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window size."""
        t = self.theme
        self.rects = screen_rects(t, size)
        self.view.resize(t, self.rects["map"])
        self.log.theme = t

    def on_enter(self) -> None:
        """Back on top (after a hand-over, help or pause): take up new settings."""
        if self.overlays.theme is not self.theme:
            self.on_resize(self.app.screen.get_size())
            self.styles = self._side_styles()

    # ------------------------------------------------------------- the flow
    @property
    def world(self) -> World:
        """The world to draw: the playback copy while a round is being shown."""
        return self.playback.world if self.playback is not None else self.battle.world

    def _sync_log(self) -> None:
        events = self.battle.events()
        for event in events[self._logged :]:
            self.log.add(event)
        self._logged = len(events)

    def _note(self, text: str) -> None:
        """A line from the session (a failed autosave, a failed AI), after the events so far."""
        self._sync_log()
        self.log.add_text(text)

    def advance(self) -> None:
        """Move the battle on until a human must act or something must be shown."""
        if self.playback is not None or self.finished:
            return
        step = self.session.next_step()
        self._sync_log()
        if isinstance(step, BattleOver):
            self._finish()
        elif isinstance(step, AwaitResolution):
            self._resolve()
        elif step.handover:
            self.phase = "handover"
            self.app.push_screen("handover", self, step.actor)
        elif step.human:
            self.begin_human(step.actor)
        else:
            self.begin_ai(step.actor)

    def begin_human(self, eid: int) -> None:
        """A human declares for `eid`."""
        battle = self.battle
        assert battle.round is not None
        self.phase = "declare"
        self.actor = eid
        self.draft = Draft(eid)
        self.planner = Planner(battle.world, battle.board, eid, battle.round.orders, battle.options)
        self.selected = eid
        self.session.take_seat(eid)
        self.view.cursor = tile_of(battle.world, eid)
        self.camera.ensure_visible(self.view.cursor, 3)

    def begin_ai(self, eid: int) -> None:
        """An AI declares for `eid` in a worker thread."""
        self.phase = "ai"
        self.actor = eid
        self.draft = None
        self.planner = None
        self.ai = AiDeclaration(self.session.controller_of(eid), self.session.view(eid))

    def _poll_ai(self) -> None:
        ai = self.ai
        if ai is None or not ai.finished:
            return
        self.ai = None
        self.session.submit(ai.result(), ai.error)
        self._sync_log()
        self.advance()

    def confirm(self) -> None:
        """Declare the drafted order."""
        if self.phase != "declare" or self.draft is None:
            return
        problems = self.session.declare(self.draft.order())
        if problems:
            self.toast("Cannot declare: " + problems[0], bad=True)
            return
        self._sync_log()
        self.draft = None
        self.planner = None
        self.menu = None
        self.phase = "idle"
        self.advance()

    def _resolve(self) -> None:
        before = self.battle.world.copy()
        events = self.session.resolve()
        self.playback = Playback(before, events, self.app.prefs.animation_speed)
        self.phase = "playback"
        self.draft = None
        self.planner = None
        self.actor = None

    def _end_playback(self) -> None:
        self.playback = None
        self._logged = len(self.battle.events())
        self.phase = "idle"
        self.advance()

    def _finish(self) -> None:
        self.finished = True
        self.phase = "over"
        self.app.push_screen("end", self)

    def can_save(self) -> bool:
        """Saving is allowed in the Strategy Stage (not while a round is being shown)."""
        return self.battle.round is not None and self.playback is None and not self.finished

    def save(self) -> Path | None:
        """Save to the user's saves folder; returns the path (None if not now)."""
        if not self.can_save():
            self.toast("Save in the Strategy Stage (while orders are being declared)", bad=True)
            return None
        from game.persist.autosave import saves_dir
        from game.persist.saves import save_battle

        stem = re.sub(r"[^a-z0-9]+", "-", str(self.battle.meta.get("scenario", "battle")).lower()).strip("-")
        path = (
            saves_dir()
            / f"{stem or 'battle'}-round{self.battle.number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        )
        try:
            save_battle(self.battle, path)
        except OSError as err:
            self.toast(f"Save failed: {err}", bad=True)
            return None
        self.saved_path = path
        self.toast(f"Saved to {path}")
        self.log.add_text(f"saved to {path}")
        return path

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades after a few seconds."""
        self.toasts.append([text, TOAST_SECONDS, bad])
        self.toasts = self.toasts[-4:]

    # ------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Advance animations, poll the AI, play the round."""
        self.clock += dt
        if not self.started:
            self.started = True
            self.advance()
        self.camera.update(dt)
        if self.app.prefs.edge_scroll and not self.menu:
            self.view.edge_scroll(dt, self.app.screen.get_size())
        if self.phase == "ai":
            self._poll_ai()
        if self.playback is not None:
            for event in self.playback.update(dt):
                self.log.add(event)
            if self.playback.done:
                self._end_playback()
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self.menu is not None and self.menu.closed:
            self.menu = None
        self.refresh_overlays()
        self.view.keep_clear_of_legend()

    # ------------------------------------------------------------- overlays
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
            if eid is not None and self.world.has(eid, Position):
                return eid
        return None

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
            earlier = dict(rnd.orders) if rnd is not None and self.playback is None else {}
            return declared_viewpoint(self.world, self.battle.board, self.battle.options, eid, earlier)

        planner, draft = self.feed.cached(("viewpoint", eid, self._world_version()), planned)
        return eid, planner, draft

    def hovered_combatant(self) -> int | None:
        """The living combatant under the mouse or keyboard cursor."""
        tile = self.view.pointed()
        return occupant(self.world, tile) if tile is not None else None

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face: its draft or declared order, else now."""
        order: Order | None = None
        if self.draft is not None and eid == self.actor:
            order = self.draft.order()
        elif self.battle.round is not None and self.playback is None:
            order = self.battle.round.orders.get(eid)
        return plan_end(self.world, eid, order)

    def _world_version(self) -> tuple[int, int, int]:
        rnd = self.battle.round
        return (
            self.battle.number,
            len(rnd.orders) if rnd is not None else -1,
            self.playback.index if self.playback is not None else -2,
        )

    def refresh_overlays(self) -> None:
        """Give the overlays new data if whom or what they show has changed."""
        focus = self.focus()
        hovered = self.hovered_combatant()
        plan = self.plan_end(focus) if focus is not None else None
        sight_origin = plan[0] if plan else self.view.pointed()
        arcs_of = hovered if hovered is not None else focus
        arcs_plan = self.plan_end(arcs_of) if arcs_of is not None else None
        drafting = None
        if self.planner is not None and self.draft is not None and self.actor is not None:
            drafting = (self.actor, self.planner, self.draft.order())
        layer, world, version = self.overlays, self.world, self._world_version()
        orders = self.battle.round.orders if self.battle.round is not None and self.playback is None else {}
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
            self.battle.options,
            orders,
        )

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen."""
        surface.fill(self.theme.palette.background)
        self.draw_map(surface)
        self.chip_rects = draw_battle_stage_bar(
            surface, self.theme, self.rects["top"], self.battle, self.playback, self.style_of, self.tokens
        )
        self._draw_right(surface)
        self.log.draw(surface, self.rects["log"])
        controller = self.controller_of(self.actor) if self.actor is not None else ""
        hint = battle_hint(self.battle, self.phase, self.actor, controller, self.playback, self.clock)
        draw_hint(surface, self.theme, hint, self.rects["hint"])
        self._draw_chance_tip(surface)
        if self.menu is not None:
            self.menu.draw(surface)
            item = self.menu.hovered_item()
            if item is not None and item.explain:
                spot = (self.menu.rect.right, self.menu.item_rects[self.menu.index].y)
                draw_tooltip(surface, self.theme, item.explain, spot)
        else:
            self._draw_hover_tips(surface)
        draw_toasts(surface, self.theme, self.toasts, self.rects["map"])

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map viewport: tiles, overlays, plans, tokens, the dice box, the legend."""
        self.view.draw(
            surface,
            self.world,
            self.style_of,
            self.playback,
            selected=self.selected,
            hovered=self.hovered_combatant(),
            declarer=self.actor if self.phase in ("declare", "ai") else None,
            clock=self.clock,
            under=self._draw_plans,
            over=self._draw_marks,
        )

    def _draw_plans(self, surface: pygame.Surface) -> None:
        """Under the tokens: the round's earlier declarations and the order being drafted."""
        theme, view, world = self.theme, self.view, self.world
        rnd = self.battle.round
        if rnd is not None and self.playback is None:
            board, orders = self.battle.board, rnd.orders
            draw_declared(
                surface, theme, view.camera, view.tokens, world, board, orders, self.style_of, self.plan_end
            )
        if self.phase == "declare" and self.draft is not None and self.planner is not None:
            pointed = view.pointed() if self.menu is None else None
            draw_draft(
                surface,
                theme,
                view.camera,
                view.tokens,
                world,
                self.battle.board,
                self.planner,
                self.draft,
                self.style_of,
                self.plan_end,
                pointed,
            )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Over the tokens: each enemy's hit chance while declaring, then the tile cursor."""
        if "chance" in self.overlays.active and self.planner is not None and self.draft is not None:
            view = self.viewpoint()
            if view is not None and view[0] == self.actor:
                draw_enemy_chances(surface, self.theme, self.camera, self.world, self.planner, self.draft)
        draw_cursor(surface, self.theme, self.camera, self.view.pointed(), self.view.keyboard_cursor)

    def chance_tip(self, target: int) -> list[str]:
        """The hit chance tooltip on `target`: the viewpoint's attack, from its planned tile."""
        return chance_lines(self.world, self.viewpoint(), target)

    def _draw_chance_tip(self, surface: pygame.Surface) -> None:
        """Hovering an enemy shows the hit chance with its full breakdown."""
        if "chance" not in self.overlays.active or self.menu is not None or self.playback is not None:
            return
        target = self.hovered_combatant()
        lines = self.chance_tip(target) if target is not None else []
        if lines:
            draw_tooltip(surface, self.theme, lines, self.camera.tile_centre(tile_of(self.world, target)))

    def _draw_hover_tips(self, surface: pygame.Surface) -> None:
        pos = pygame.mouse.get_pos()
        rnd = self.battle.round
        orders = rnd.orders if rnd is not None else None
        lines = panel_lines(pos, self.buttons, self.row_tips, self.chip_rects, self.world, orders)
        if lines:
            draw_tooltip(surface, self.theme, lines, pos)

    def _draw_right(self, surface: pygame.Surface) -> None:
        """The sheet of the combatant in focus, and under it the order, pace or declarations panel."""
        theme = self.theme
        self.buttons, self.row_tips = [], []
        body = draw_side_panel(
            surface, theme, self.rects["right"], self.world, self.focus(), self.style_of, self.tokens
        )
        rnd = self.battle.round
        orders = rnd.orders if rnd is not None else None
        if self.phase == "declare" and self.draft is not None:
            assert self.planner is not None and self.actor is not None
            _, facing = self.plan_end(self.actor)
            panel = self.order_panel
            panel.draw(
                surface, theme, body, self.world, self.planner, self.draft, facing, orders, self.style_of
            )
            self.buttons, self.row_tips = panel.buttons, panel.tips
        elif self.playback is not None:
            self.buttons = draw_pace_panel(surface, theme, body, self.playback, self.pace)
        else:
            draw_declared_list(surface, theme, body, self.world, orders, self.style_of)

    # ------------------------------------------------------------- for tests and tools
    def screen_pos(self, tile: Tile) -> tuple[int, int]:
        """Screen position of a tile's centre (scrolling it into view first)."""
        return self.view.screen_pos(tile)
