"""The battle screen's drawing: the map with its plans and marks, the stage bar, the side
panel (your unit's sheet, then the order, pace or declarations panel), the cards over the
map (an inspected combatant, the end-of-round summary), the log, hints and tooltips.

A part of `BattleScene` (a mixin): it only draws, and notes what it laid out (buttons,
chips, cards) for the input to use on the next event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.rules.battle import Battle
from game.rules.fog import SideView
from game.rules.orders import Order
from game.rules.positions import combatants, find_by_name, name_of, tile_of
from game.ui.battle.hud import battle_hint, chip_lines, draw_battle_stage_bar
from game.ui.battle.inspect_card import draw_inspect_card
from game.ui.battle.order_panel import OrderPanel, draw_declared_list, draw_pace_panel
from game.ui.battle.plans import MapLabels, draw_cursor, draw_declared, draw_draft, draw_enemy_chances
from game.ui.battle.round_summary import RoundSummaryCard
from game.ui.battle.ruler import show_ruler
from game.ui.battle.tips import chance_lines, panel_lines
from game.ui.guide import Guide
from game.ui.input.bindings import BINDINGS
from game.ui.map_view import MapView
from game.ui.planner import Draft, Planner
from game.ui.playback import Playback
from game.ui.render.battlefield import draw_hint, draw_side_panel, draw_toasts
from game.ui.render.camera import Camera
from game.ui.render.floaters import draw_floaters
from game.ui.render.log import LogPanel
from game.ui.render.overlays import OverlayLayer
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, PopupMenu, draw_tooltip
from game.ui.scenarios import CONTROLLER_LABELS
from game.ui.theme import SideStyle, Theme
from game.world import Position, World


class BattleDrawing:
    """Draws the battle screen.

    The screen provides the state it draws (`battle`, `world`, `view`, `phase`, `actor`,
    `selected`, `draft`, `planner`, `playback`, `menu`, `summary`, `log`, `rects`,
    `toasts`, `order_panel`, `close_inspect`, `clock`, `plan_labels`, `ruler`) and the methods named under
    TYPE_CHECKING; it keeps `buttons`, `row_tips`, `chip_rects` and `cards` up to date.
    """

    battle: Battle
    view: MapView
    phase: str
    actor: int | None
    selected: int | None
    draft: Draft | None
    planner: Planner | None
    playback: Playback | None
    menu: PopupMenu | None
    summary: RoundSummaryCard | None
    log: LogPanel
    rects: dict[str, pygame.Rect]
    toasts: list[list[Any]]
    plan_labels: MapLabels  # the plans' names, drawn under the tokens' layer, shown over it
    ruler: bool  # the ruler (R) is out
    ruler_box: pygame.Rect | None  # where the ruler's words went this frame (it keeps this up to date)
    order_panel: OrderPanel
    close_inspect: Button
    clock: float
    buttons: list[Button]
    row_tips: list[tuple[pygame.Rect, list[str]]]
    chip_rects: list[tuple[pygame.Rect, int]]
    cards: list[pygame.Rect]
    guide: Guide | None  # a guided tutorial's steps (the first tutorial)

    if TYPE_CHECKING:  # the screen's own

        @property
        def theme(self) -> Theme: ...
        @property
        def on_top(self) -> bool: ...
        @property
        def world(self) -> World: ...
        @property
        def camera(self) -> Camera: ...
        @property
        def overlays(self) -> OverlayLayer: ...
        @property
        def tokens(self) -> TokenArt: ...
        def style_of(self, world: World, eid: int) -> SideStyle: ...
        def controller_of(self, eid: int) -> str: ...
        def home_unit(self) -> int | None: ...
        def inspected(self) -> int | None: ...
        def viewpoint(self) -> tuple[int, Planner, Draft] | None: ...
        def hovered_combatant(self) -> int | None: ...
        def plan_end(self, eid: int) -> tuple[tuple[int, int], int]: ...
        def pace(self, what: str) -> None: ...
        def fog_view(self) -> SideView | None: ...
        def fog_sees(self, eid: int | None) -> bool: ...
        def seen_orders(self, orders: dict[int, Order]) -> dict[int, Order]: ...

    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen."""
        surface.fill(self.theme.palette.background)
        self.draw_map(surface)
        self.chip_rects = draw_battle_stage_bar(
            surface,
            self.theme,
            self.rects["top"],
            self.battle,
            self.playback,
            self.style_of,
            self.tokens,
            self.fog_sees,
        )
        self._draw_right(surface)
        self._draw_cards(surface)
        self.log.draw(surface, self.rects["log"])
        controller = self.controller_of(self.actor) if self.actor is not None else ""
        controller = _(CONTROLLER_LABELS[controller]) if controller in CONTROLLER_LABELS else controller
        hint = battle_hint(
            self.battle, self.phase, self.actor, controller, self.playback, self.clock, self.fog_sees
        )
        if self.phase == "ai" and not self.fog_sees(self.actor):
            hint = _("An enemy out of sight is choosing an order")  # fog of war: not whom
        guide = self.guide
        asking = guide is not None and not guide.finished and self.actor == guide.learner
        if asking and guide is not None and self.phase == "declare":
            hint = guide.line()  # a guided tutorial asks one thing at a time
        draw_hint(surface, self.theme, hint, self.rects["hint"])
        if self.on_top and not self.blocking(pygame.mouse.get_pos()):
            self._draw_chance_tip(surface)
        if self.menu is not None:
            self.menu.draw(surface)
            item = self.menu.hovered_item()
            if item is not None and item.explain:
                spot = (self.menu.rect.right, self.menu.item_rects[self.menu.index].y)
                draw_tooltip(surface, self.theme, item.explain, spot, avoid=self.menu.rect)
        elif self.on_top:
            self._draw_hover_tips(surface)
        if self.ai_reasons.visible:
            self._fog_ai_reasons()
        self.ai_reasons.draw(surface, self.theme, self.rects["map"])
        draw_toasts(surface, self.theme, self.toasts, self.rects["map"], self.ruler_box)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        """Cards over the map: the inspected combatant's sheet."""
        self.cards = []
        inspected = self.inspected()
        area = self.camera.viewport
        if inspected is not None:
            close = self.close_inspect
            close.hovered = close.rect.collidepoint(pygame.mouse.get_pos())
            card = draw_inspect_card(
                surface, self.theme, area, self.world, inspected, self.style_of, self.tokens, close
            )
            self.cards.append(card)
            self.buttons.append(close)

    def _name_colour(self, name: str) -> tuple[int, int, int]:
        eid = find_by_name(self.world, name)
        return self.style_of(self.world, eid).colour if eid is not None else self.theme.palette.text

    def blocking(self, pos: tuple[int, int]) -> bool:
        """Whether a card over the map is under `pos` (it takes the click, not the map)."""
        return any(card.collidepoint(pos) for card in self.cards)

    def card_event(self, event: pygame.event.Event) -> bool:
        """The end-of-round summary takes its keys and clicks first; True if it used the event."""
        if self.summary is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            return False  # the pause menu and the help still open over it
        if BINDINGS.matches(event, "save"):
            return False  # Ctrl+S says whether it can save now, not nothing (issue 52)
        return self.summary.handle(event) or event.type == pygame.KEYDOWN

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
            keep=self.target_tiles(),
            fog=self.fog_view(),
        )

    def target_tiles(self) -> list[tuple[int, int]]:
        """The tiles of the drafted order's targets: the legend and the minimap keep clear of
        them as of the declarer."""
        if self.draft is None:
            return []
        world = self.world
        targets = [a.target for a in self.draft.state.actions if a.target is not None]
        return [tile_of(world, t) for t in targets if world.has(t, Position)]

    def _draw_plans(self, surface: pygame.Surface) -> None:
        """Under the tokens: the round's earlier declarations and the order being drafted."""
        theme, view, world = self.theme, self.view, self.world
        self.plan_labels.clear()
        rnd = self.battle.round
        if rnd is not None and self.playback is None:
            board, orders = self.battle.board, self.seen_orders(rnd.orders)
            draw_declared(
                surface,
                theme,
                view.camera,
                view.tokens,
                world,
                board,
                orders,
                self.style_of,
                self.plan_end,
                self.plan_labels,
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
                self.plan_labels,
            )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Over the tokens: the names of the plans' attacks and defences, each enemy's hit chance
        while declaring (clear of those names and of the tokens'), then the tile cursor."""
        if self.playback is not None:
            draw_floaters(surface, self.theme, self.camera, self.world, self.playback)
        taken = self.plan_labels.draw(surface, self.theme) + self.view.name_boxes
        if "chance" in self.overlays.active and self.planner is not None and self.draft is not None:
            view = self.viewpoint()
            if view is not None and view[0] == self.actor:
                draw_enemy_chances(
                    surface, self.theme, self.camera, self.world, self.planner, self.draft, taken
                )
        self.ruler_box = None  # where the ruler's words are this frame (toasts keep off them)
        if self.ruler:
            self._draw_ruler(surface)
        draw_cursor(surface, self.theme, self.camera, self.view.pointed(), self.view.keyboard_cursor)

    def _fog_ai_reasons(self) -> None:
        """Fog of war: the AI's reasons tell the side at the window no more than it sees."""
        view = self.fog_view()
        panel = self.ai_reasons
        if view is None:
            panel.fog((), False)
            return
        world = self.world
        hidden = [name_of(world, e) for e in combatants(world) if not view.sees(e)]
        panel.fog(hidden, panel.actor is not None and not view.sees(panel.actor))

    def _draw_ruler(self, surface: pygame.Surface) -> None:
        """The ruler (R) from the focused combatant, from where its order ends, to the pointer."""
        focus = self.focus()
        origin = self.plan_end(focus)[0] if focus is not None else None
        battle = self.battle
        self.ruler_box = show_ruler(
            surface, self.theme, self.camera, self.world, battle.board, battle.options, focus, origin,
            self.view.pointed(), self.fog_view(),
        )  # fmt: skip

    def chance_tip(self, target: int) -> list[str]:
        """The hit chance tooltip on `target`: the viewpoint's attack, from its planned tile."""
        view = self.viewpoint()
        # A click adds an attack only to the order being declared, not between rounds nor
        # to the order another combatant declared.
        clickable = view is not None and self.phase == "declare" and view[2] is self.draft
        return chance_lines(self.world, view, target, clickable)

    def _draw_chance_tip(self, surface: pygame.Surface) -> None:
        """Hovering an enemy shows the hit chance with its full breakdown."""
        if not self.chance_tip_shown():
            return
        target = self.hovered_combatant()
        lines = self.chance_tip(target) if target is not None else []
        spot = self.camera.tile_centre(tile_of(self.world, target)) if target is not None else None
        # A tip for a token the camera moved off the map's view (under a panel, off screen)
        # would hang there stale, over the panels' headers.
        if lines and spot is not None and self.rects["map"].collidepoint(spot):
            draw_tooltip(surface, self.theme, lines, spot)

    def chance_tip_shown(self) -> bool:
        """Whether a hovered enemy's hit chance may show: the overlay is on, and no menu, replay
        or end-of-round summary (the round is over: no attack to weigh) is up."""
        if "chance" not in self.overlays.active or self.menu is not None or self.playback is not None:
            return False
        return self.summary is None

    def _draw_hover_tips(self, surface: pygame.Surface) -> None:
        pos = pygame.mouse.get_pos()
        chips = self.chip_rects

        def chip_tip(eid: int) -> list[str]:
            return chip_lines(self.battle, self.world, eid)

        lines = panel_lines(pos, self.buttons, self.row_tips, chips, chip_tip)
        if lines:
            draw_tooltip(surface, self.theme, lines, pos)

    def _draw_right(self, surface: pygame.Surface) -> None:
        """The sheet of your unit (the declarer while declaring, else the one in focus), and
        under it the order, pace or declarations panel."""
        theme = self.theme
        self.buttons, self.row_tips = [], []
        body = draw_side_panel(
            surface, theme, self.rects["right"], self.world, self.home_unit(), self.style_of, self.tokens
        )
        rnd = self.battle.round
        orders = self.seen_orders(rnd.orders) if rnd is not None else None
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
        elif self.summary is not None:
            self.summary.draw(surface, theme, body, self._name_colour)
            self.buttons = [self.summary.button]
        else:
            draw_declared_list(surface, theme, body, self.world, orders, self.style_of)
