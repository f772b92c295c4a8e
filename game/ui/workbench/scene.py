"""The position workbench: set up any position in the window and see what every positional rule
does to it.

Four tabs share one map: **Set up** (the board, the rules modules, combatants from the roster
placed, dragged, turned and edited), **See** (a combatant's overlays; every attack between a
pair, both ways, with the rules' ledger; the attack matrix), **Try** (every side's orders, the
round resolved once with animation or N times with its distribution), **Keep** (scenario and
sandbox files, saved battles at a round, a picture of the screen).  The position and its
history are `game.workbench`'s; every number shown comes from the rules through it, and the
map, overlays, plans and menus are the battle screen's own (`MapView`, `OverlayFeed`,
`game.ui.battle.plans`, `game.ui.battle.menus`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.geometry import Tile
from game.i18n import _
from game.persist.house_rules import gather
from game.rules.events import Event
from game.rules.orders import Order
from game.rules.positions import name_of, occupant, tile_of
from game.ui.app import App, Scene
from game.ui.battle.overlay_feed import OverlayFeed
from game.ui.battle.plans import MapLabels, draw_cursor, draw_declared, plan_end
from game.ui.battle.ruler import show_ruler
from game.ui.map_view import MapView
from game.ui.planner import Draft, DraftState, Planner, terrain_board
from game.ui.playback import Playback
from game.ui.render.battlefield import draw_hint, draw_toasts, screen_rects
from game.ui.render.camera import DEFAULT_ZOOM
from game.ui.render.fog_layer import FogLayer
from game.ui.render.log import LogPanel
from game.ui.render.toasts import add_toast, age_toasts
from game.ui.render.widgets import Button, PopupMenu, draw_tooltip
from game.ui.theme import SideStyle
from game.ui.workbench import fog_views, keep_panel, see_panel, setup_panel, try_panel
from game.ui.workbench.bar import TABS, draw_bar
from game.ui.workbench.input import WorkbenchInput
from game.ui.workbench.widgets import TextField
from game.workbench import plans
from game.workbench.bench import Bench
from game.workbench.boards import empty_setup
from game.workbench.setup import Refused, Setup
from game.workbench.trials import Trials
from game.world import Position, Side, World

LEAVE_SECONDS = 5.0  # seconds a second click on Menu leaves without saving
PANELS = {"setup": setup_panel.draw, "see": see_panel.draw, "try": try_panel.draw, "keep": keep_panel.draw}


class WorkbenchScene(Scene):
    """The workbench screen (opened by name: "workbench").  Its keys and clicks are a component
    (`scene.input`, `WorkbenchInput`) that reads the screen only through `InputHost`."""

    def __init__(self, app: App, setup: Setup | None = None, notes: list[str] | None = None) -> None:
        super().__init__(app)
        gather()  # house rules (docs/house-rules.md): switches in the Set up tab like any module
        self.bench = Bench(setup or empty_setup())
        self.tab = "setup"
        self.selected: int | None = None
        self.partner: int | None = None
        self.placing: Any = None  # the roster character a click on a free tile places
        self.place_side = ""
        self.menu: PopupMenu | None = None
        self.field: TextField | None = None
        self.toasts: list[list[Any]] = []
        self.plan_labels = MapLabels()  # the plans' names, kept from under the tokens to over them
        self.log = LogPanel(self.theme)
        self.feed = OverlayFeed()
        self.buttons: list[Button] = []
        self.named: dict[str, Button] = {}
        self.panel_text: list[str] = []
        self.matrix_cells: list[tuple[pygame.Rect, int, int]] = []  # where each cell was drawn
        self.matrix_shown: dict[tuple[int, int], Any] = {}  # the cells drawn: (attacker, enemy) → best
        self.tips: list[tuple[pygame.Rect, list[str]]] = []
        self.scroll: dict[str, int] = {name: 0 for name, _label in TABS}
        self.content_height = 0
        self.drafts: dict[int, DraftState] = {}
        self.playback: Playback | None = None
        self.outcome: tuple[World, list[Event]] | None = None  # the last single resolution
        self.trials: Trials | None = None
        self.runs = 1000
        self.heat = True
        self.matrix = False
        self.fog_views = False  # the See tab's Fog button: the map split into each side's view
        self.fog_layers: list[FogLayer] = []  # the fog views' darkening, one per side
        self.ruler = False  # R: distance, range band, sight and cover from the selected to the pointer
        self.scripted = True
        self.cache: dict[Any, Any] = {}
        self.clock = 0.0
        self.saved_version = 0  # the bench's version when last saved (or opened)
        self.last_file = ""  # the file last saved or opened
        self.leave_warned = -LEAVE_SECONDS
        self.rects: dict[str, pygame.Rect] = {}
        self._board_key: object = None
        self.input = WorkbenchInput(self)  # the keys and clicks to the commands
        self.view = MapView(self.theme, self.setup.board, self.setup.source.art)
        self.view.overlays.active = {"reach", "range", "arcs", "sight", "chance"}  # what See is about
        self.on_resize(app.screen.get_size())
        self.log.add_text(
            _("Position workbench: set up a position, see what the rules make of it, try the round.")
        )
        if setup is not None:
            self.log.add_text(_("Opened: {title}").format(title=setup.title))
        for note in notes or ():
            self.log.add_text(f"  {note}")
        self._sync_board()

    # ------------------------------------------------------------- the position
    @property
    def setup(self) -> Setup:
        """The position as it stands."""
        return self.bench.setup

    @property
    def world(self) -> World:
        """The world drawn: the playback's copy while a resolution is shown."""
        return self.playback.world if self.playback is not None else self.setup.world

    def edit(self, result: Setup | Refused, label: str) -> bool:
        """Take an edit (undoable as `label`); a refusal is shown with its reason.  True if made."""
        if self.playback is not None:
            self.close_playback()
        refused = self.bench.do(result, label)
        if refused is not None:
            self.toast(refused.reason, bad=True)
            return False
        self.after_change()
        return True

    def after_change(self) -> None:
        """The position changed (an edit, undo, a file): forget what was worked out for the old one."""
        self.trials = None
        self.outcome = None
        self.cache.clear()
        world = self.setup.world
        if self.selected is not None and not world.has(self.selected, Position):
            self.selected = None
        if self.partner is not None and not world.has(self.partner, Position):
            self.partner = None
        self._sync_board()

    def replace_setup(self, setup: Setup, label: str, notes: list[str] | None = None) -> None:
        """A whole new position (a file, a saved battle); undo brings the old one back."""
        self.close_playback()
        self.bench.reset(setup, label)
        self.selected = self.partner = None
        self.drafts.clear()
        self.after_change()
        self.saved_version = self.bench.version
        self.log.add_text(f"{label}: {setup.title}")
        for note in notes or ():
            self.log.add_text(f"  {note}")
        first = next(iter(setup.living), None)
        if first is not None:
            self.view.camera.centre_on(tile_of(setup.world, first), snap=True)

    def _sync_board(self) -> None:
        """A new map view when the board changed (another map, a file, undo)."""
        key = (id(self.setup.board), self.setup.source)
        if key == self._board_key:
            return
        if self._board_key is not None:  # (the first call's view, made in __init__, is of this board)
            active = set(self.view.overlays.active)
            self.view = MapView(self.theme, self.setup.board, self.setup.source.art)
            self.view.overlays.active = active
        self._board_key = key
        self.view.resize(self.theme, self.rects["map"])
        self.terrain = terrain_board(self.setup.board)
        self.feed = OverlayFeed()
        # A board that fits whole at a readable zoom is shown whole, as the battle screen does.
        self.view.camera.opening_zoom(most=DEFAULT_ZOOM, otherwise=DEFAULT_ZOOM)
        self.view.camera.centre_on((self.setup.board.width / 2, self.setup.board.height / 2), snap=True)
        self.view.keep_clear_of_legend()

    def undo(self) -> None:
        """Undo the last edit."""
        self.close_playback()
        label = self.bench.undo()
        self.toast(
            _("Undone: {what}").format(what=label) if label else _("Nothing to undo"), bad=label is None
        )
        self.after_change()

    def redo(self) -> None:
        """Redo what was undone."""
        self.close_playback()
        label = self.bench.redo()
        self.toast(
            _("Redone: {what}").format(what=label) if label else _("Nothing to redo"), bad=label is None
        )
        self.after_change()

    def save_sandbox(self) -> Path | None:
        """Save the position as a sandbox file (Ctrl+S); where, or None if it could not."""
        return keep_panel.save_sandbox(self)

    def export_picture(self) -> Path | None:
        """A picture of the screen as a PNG file (F12); where, or None if it could not."""
        return keep_panel.export_picture(self)

    def cached(self, key: Any, compute: Any) -> Any:
        """`compute()` once per position version and key."""
        full = (self.bench.version, key)
        if full not in self.cache:
            if len(self.cache) > 256:
                self.cache.clear()
            self.cache[full] = compute()
        return self.cache[full]

    # ------------------------------------------------------------- selection and drafts
    def select(self, eid: int | None) -> None:
        """Inspect a combatant (its overlays, sheet and order)."""
        self.selected = eid
        if eid == self.partner:
            self.partner = None
        if eid is not None and self.world.has(eid, Position):
            self.view.cursor = tile_of(self.world, eid)

    def style_of(self, world: World, eid: int) -> SideStyle:
        """The side style of a combatant: colours and shapes by the order the sides appear in."""
        sides = self.setup.sides
        side = world.get(eid, Side).name
        return self.theme.side_style(side, sides.index(side) if side in sides else len(sides))

    def draft(self, eid: int) -> Draft:
        """The order of `eid` as a draft the battle screen's planner and menus work on."""
        order = self.setup.order_of(eid)
        state = self.drafts.get(eid)
        if state is None or Order(eid, state.actions, state.path, state.facing, state.flee) != order:
            state = DraftState(order.path, order.facing, order.actions, flee=order.flee)
        return Draft(eid, state)

    def planner(self, eid: int) -> Planner:
        """What `eid` can declare, given the orders declared before it (`game.workbench.plans`)."""
        setup = self.setup
        return self.cached(
            ("planner", eid),
            lambda: Planner(setup.world, setup.board, eid, plans.earlier_orders(setup, eid), setup.options),
        )

    def commit_draft(self, draft: Draft, label: str = "") -> None:
        """The draft becomes the combatant's order (undoable)."""
        from game.workbench import edits

        eid = draft.actor
        order = draft.order()
        if order == self.setup.order_of(eid):
            self.drafts[eid] = draft.state
            return
        if self.edit(
            edits.set_order(self.setup, eid, order), label or f"order of {name_of(self.world, eid)}"
        ):
            self.drafts[eid] = draft.state

    # ------------------------------------------------------------- playback
    def play(self, world_before: World, events: list[Event], after: World) -> None:
        """Show a resolution on a copy of the position."""
        self.playback = Playback(world_before, events, self.app.prefs.animation_speed)
        self.outcome = (after, events)

    def close_playback(self) -> None:
        """Back to the position from a resolution shown on the map."""
        self.playback = None

    # ------------------------------------------------------------- screen
    def toast(self, text: str, bad: bool = False, log: bool = True) -> None:
        """A message that fades after a few seconds (and stays in the log, unless `log` is False)."""
        self.toasts = add_toast(self.toasts, text, bad)
        if log:
            self.log.add_text(text, "bad" if bad else "note")

    def on_event(self, event: pygame.event.Event) -> None:
        """One key or click (`WorkbenchInput`)."""
        self.input.on_event(event)

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out: the battle screen's regions."""
        self.rects = screen_rects(self.theme, size)
        self.view.resize(self.theme, self.rects["map"])
        self.log.theme = self.theme

    def on_enter(self) -> None:
        """Back on top (after help or settings): take up new settings."""
        if self.view.overlays.theme is not self.theme:
            self.on_resize(self.app.screen.get_size())

    def update(self, dt: float) -> None:
        """Animations, the N-times resolution in steps, the overlays."""
        self.clock += dt
        self.view.camera.update(dt)
        if self.app.prefs.edge_scroll and self.menu is None and self.field is None:
            self.view.edge_scroll(dt, self.app.screen.get_size())
        if self.playback is not None:
            for event in self.playback.update(dt):
                self.log.add(event)
        if self.trials is not None and not self.trials.done:
            self.trials.step(runs=5000, seconds=0.012)
        self.toasts = age_toasts(self.toasts, dt)
        if self.menu is not None and self.menu.closed:
            self.menu = None
        if self.field is not None and self.field.closed:
            self.field = None
        self.refresh_overlays()
        self.view.keep_clear_of_legend()

    def focus(self) -> int | None:
        """The combatant the overlays are about."""
        eid = self.selected
        return eid if eid is not None and self.world.has(eid, Position) else None

    def hovered(self) -> int | None:
        """The combatant under the mouse or the keyboard cursor."""
        tile = self.view.pointed()
        return occupant(self.world, tile) if tile is not None else None

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face after its order (where it stands, during playback)."""
        order = self.setup.orders.get(eid) if self.playback is None else None
        return plan_end(self.world, eid, order)

    def refresh_overlays(self) -> None:
        """The overlays of the focus, drawn by the battle screen's feed and layer."""
        focus = self.focus()
        plan = self.plan_end(focus) if focus is not None else None
        hovered = self.hovered()
        arcs_of = hovered if hovered is not None else focus
        drafting = None
        if focus is not None and self.tab == "try" and self.playback is None and focus in self.setup.standing:
            drafting = (focus, self.planner(focus), self.draft(focus).order())
        version = (self.bench.version, self.playback.index if self.playback is not None else -1)
        orders = plans.declared(self.setup) if self.playback is None else {}
        self.feed.refresh(
            self.view.overlays,
            self.world,
            self.terrain,
            version,
            focus,
            plan,
            plan[0] if plan else self.view.pointed(),
            self.plan_end(arcs_of) if arcs_of is not None else None,
            drafting,
            self.setup.options,
            orders,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen."""
        theme = self.theme
        surface.fill(theme.palette.background)
        self.view.draw(
            surface,
            self.world,
            self.style_of,
            self.playback,
            selected=self.selected,
            hovered=self.hovered(),
            clock=self.clock,
            under=self._draw_under,
            over=self._draw_over,
            top=self._draw_top,
        )
        self._draw_tabs(surface)
        self._draw_panel(surface)
        self.log.draw(surface, self.rects["log"])
        draw_hint(surface, theme, self.input.hint(), self.rects["hint"])
        if self.menu is not None:
            self.menu.draw(surface)
            item = self.menu.hovered_item()
            if item is not None and item.explain:
                spot = (self.menu.rect.right, self.menu.item_rects[self.menu.index].y)
                draw_tooltip(surface, theme, item.explain, spot, avoid=self.menu.rect)
        elif self.field is None:
            self._draw_tips(surface)
        draw_toasts(surface, theme, self.toasts, self.rects["map"])
        if self.field is not None:
            self.field.draw(surface, theme)

    def _draw_under(self, surface: pygame.Surface) -> None:
        """Under the tokens: every order's path and attacks, the draft's preview, the heat map."""
        self.plan_labels.clear()
        if self.playback is None and self.tab in ("see", "try"):
            setup = self.setup
            draw_declared(
                surface,
                self.theme,
                self.view.camera,
                self.view.tokens,
                setup.world,
                setup.board,
                plans.declared(setup),
                self.style_of,
                self.plan_end,
                self.plan_labels,
            )
        if self.tab == "try":
            try_panel.draw_map(self, surface)

    def _draw_over(self, surface: pygame.Surface) -> None:
        """Over the tokens: the plans' names, the pair, the cursor."""
        self.plan_labels.draw(surface, self.theme)
        if self.tab == "see":
            see_panel.draw_pair(self, surface)
        if self.tab == "try":
            try_panel.draw_heat(self, surface, labels=True)
        if self.ruler:
            focus = self.focus()
            origin = self.plan_end(focus)[0] if focus is not None else None
            setup = self.setup
            show_ruler(
                surface, self.theme, self.view.camera, self.world, setup.board, setup.options, focus, origin,
                self.view.pointed(),
            )  # fmt: skip
        draw_cursor(surface, self.theme, self.view.camera, self.view.pointed(), self.view.keyboard_cursor)

    def _draw_top(self, surface: pygame.Surface) -> None:
        """On top of the map: the fog of war views (See tab), the attack matrix."""
        if self.tab == "see" and self.fog_views and fog_views.available(self):
            fog_views.draw(self, surface, self.rects["map"], self.fog_layers)
            return
        if self.matrix:
            see_panel.draw_matrix(self, surface)

    def _draw_tabs(self, surface: pygame.Surface) -> None:
        """The top bar (its buttons are the first of the screen's)."""
        self.buttons = draw_bar(self, surface)

    def set_tab(self, name: str) -> None:
        """Open a tab (a resolution shown on the map stays only in Try)."""
        if name != "try":
            self.close_playback()
        self.tab = name
        self.placing = None
        self.menu = None

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The tab's side panel (its buttons join the top bar's)."""
        rect = self.rects["right"]
        pygame.draw.rect(surface, self.theme.palette.panel, rect)
        pygame.draw.line(surface, self.theme.palette.panel_edge, rect.topleft, rect.bottomleft)
        scroll = self.scroll[self.tab]
        col = PANELS[self.tab](self, surface, rect, scroll)
        height = col.finish()
        self.content_height = height
        self.buttons += col.buttons
        self.tips = col.tips
        self.named = col.named
        self.panel_text = col.lines
        if height > rect.h and self.rects["right"].h > 0:
            room = rect.h - self.theme.px(20)
            bar_h = max(self.theme.px(20), room * rect.h // max(1, height))
            top = rect.y + self.theme.px(10) + (room - bar_h) * scroll // max(1, height - rect.h)
            pygame.draw.rect(surface, self.theme.palette.panel_edge, (rect.right - 5, top, 3, bar_h))

    def scroll_panel(self, rows: int) -> None:
        """Scroll the side panel (the wheel over it)."""
        most = max(0, self.content_height - self.rects["right"].h + self.theme.px(30))
        self.scroll[self.tab] = min(most, max(0, self.scroll[self.tab] + rows * self.theme.px(40)))

    def _draw_tips(self, surface: pygame.Surface) -> None:
        if not self.on_top:
            return
        pos = pygame.mouse.get_pos()
        for button in self.buttons:
            if button.rect.collidepoint(pos) and button.tooltip():
                draw_tooltip(surface, self.theme, button.tooltip(), pos)
                return
        for rect, lines in self.tips:
            if rect.collidepoint(pos):
                draw_tooltip(surface, self.theme, lines, pos)
                return
        if self.matrix:
            lines = see_panel.matrix_tip(self, pos)
            if lines:
                draw_tooltip(surface, self.theme, lines, pos)

    def leave(self) -> None:
        """Back to the menu.  With edits since the workbench opened (or last saved), the first
        click only warns: the position is not kept unless Keep saves it."""
        if self.bench.version != self.saved_version and self.clock - self.leave_warned > LEAVE_SECONDS:
            self.leave_warned = self.clock
            self.toast(_("Not saved: Menu or Esc again leaves anyway (Keep saves the position)"), bad=True)
            return
        if len(self.app.scenes) > 1:
            self.app.pop(self)
        else:
            self.app.replace_screen("menu")

    # ------------------------------------------------------------- for tests and tools
    def screen_pos(self, tile: Tile) -> tuple[int, int]:
        """Screen position of a tile's centre (scrolling it into view first)."""
        return self.view.screen_pos(tile)

    def button(self, label: str) -> Button:
        """The button with that label, as last drawn (KeyError if none)."""
        for button in self.buttons:
            if button.label == label:
                return button
        raise KeyError(f"no button {label!r}; there are {[b.label for b in self.buttons]}")
