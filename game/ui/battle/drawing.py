"""The battle screen's drawing: the map with its plans and marks, the stage bar, the side
panel (your unit's sheet, then the order, pace or declarations panel), the cards over the
map (an inspected combatant), the log, hints and tooltips.

A component of `BattleScene` (`scene.drawing`), not a mixin: it reads the screen only
through `DrawingHost` (`game.ui.battle.host`), a narrow state it never assigns, and notes
what it laid out (buttons, chips, cards) for the input to use on the next event.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.positions import combatants, find_by_name, name_of, tile_of
from game.ui.battle.host import DrawingHost
from game.ui.battle.hud import battle_hint, chip_lines, draw_battle_stage_bar
from game.ui.battle.inspect_card import draw_inspect_card
from game.ui.battle.order_panel import OrderPanel, draw_declared_list, draw_pace_panel
from game.ui.battle.plans import MapLabels, draw_cursor, draw_declared, draw_draft, draw_enemy_chances
from game.ui.battle.ruler import show_ruler
from game.ui.battle.tips import chance_lines, panel_lines
from game.ui.render.battlefield import draw_hint, draw_side_panel, draw_toasts
from game.ui.render.floaters import draw_floaters
from game.ui.render.widgets import Button, draw_tooltip
from game.ui.scenarios import CONTROLLER_LABELS
from game.world import Position


class BattleDrawing:
    """Draws the battle screen from a `DrawingHost` (the screen's narrow, read-only state).

    It keeps what it lays out for the input to use on the next event (`buttons`,
    `chip_rects`, `cards`) and what one frame hands to the next (`plan_labels`,
    `ruler_box`); the order panel and the inspect card's close button are given to it.
    """

    def __init__(self, host: DrawingHost, order_panel: OrderPanel, close_inspect: Button) -> None:
        self.host = host
        self.order_panel = order_panel
        self.close_inspect = close_inspect  # the × of the inspected combatant's card
        self.buttons: list[Button] = []  # the side panel's buttons (and the card's ×) this frame
        self.row_tips: list[tuple[pygame.Rect, list[str]]] = []
        self.chip_rects: list[tuple[pygame.Rect, int]] = []  # the stage bar's chips
        self.cards: list[pygame.Rect] = []  # the cards over the map this frame (they take clicks)
        self.plan_labels = MapLabels()  # the plans' names, kept from under the tokens to over them
        self.ruler_box: pygame.Rect | None = None  # where the ruler's words went this frame

    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen."""
        surface.fill(self.host.theme.palette.background)
        self.draw_map(surface)
        self.chip_rects = draw_battle_stage_bar(
            surface,
            self.host.theme,
            self.host.rects["top"],
            self.host.battle,
            self.host.playback,
            self.host.style_of,
            self.host.view.tokens,
            self.host.sight.sees,
        )
        self._draw_right(surface)
        self._draw_cards(surface)
        self.host.log.draw(surface, self.host.rects["log"])
        controller = self.host.controller_of(self.host.actor) if self.host.actor is not None else ""
        controller = _(CONTROLLER_LABELS[controller]) if controller in CONTROLLER_LABELS else controller
        hint = battle_hint(
            self.host.battle,
            self.host.phase,
            self.host.actor,
            controller,
            self.host.playback,
            self.host.clock,
            self.host.sight.sees,
        )
        if self.host.phase == "ai" and not self.host.sight.sees(self.host.actor):
            hint = _("An enemy out of sight is choosing an order")  # fog of war: not whom
        guide = self.host.guide
        asking = guide is not None and not guide.finished and self.host.actor == guide.learner
        if asking and guide is not None and self.host.phase == "declare":
            hint = guide.line()  # a guided tutorial asks one thing at a time
        draw_hint(surface, self.host.theme, hint, self.host.rects["hint"])
        if self.host.on_top and not self.blocking(pygame.mouse.get_pos()):
            self._draw_chance_tip(surface)
        if self.host.menu is not None:
            self.host.menu.draw(surface)
            item = self.host.menu.hovered_item()
            if item is not None and item.explain:
                spot = (self.host.menu.rect.right, self.host.menu.item_rects[self.host.menu.index].y)
                draw_tooltip(surface, self.host.theme, item.explain, spot, avoid=self.host.menu.rect)
        elif self.host.on_top:
            self._draw_hover_tips(surface)
        if self.host.ai_reasons.visible:
            self._fog_ai_reasons()
        self.host.ai_reasons.draw(surface, self.host.theme, self.host.rects["map"])
        draw_toasts(surface, self.host.theme, self.host.toasts, self.host.rects["map"], self.ruler_box)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        """Cards over the map: the inspected combatant's sheet."""
        self.cards = []
        inspected = self.host.aim.inspected()
        area = self.host.view.camera.viewport
        if inspected is not None:
            close = self.close_inspect
            close.hovered = close.rect.collidepoint(pygame.mouse.get_pos())
            card = draw_inspect_card(
                surface,
                self.host.theme,
                area,
                self.host.world,
                inspected,
                self.host.style_of,
                self.host.view.tokens,
                close,
            )
            self.cards.append(card)
            self.buttons.append(close)

    def _name_colour(self, name: str) -> tuple[int, int, int]:
        eid = find_by_name(self.host.world, name)
        return (
            self.host.style_of(self.host.world, eid).colour
            if eid is not None
            else self.host.theme.palette.text
        )

    def blocking(self, pos: tuple[int, int]) -> bool:
        """Whether a card over the map is under `pos` (it takes the click, not the map)."""
        return any(card.collidepoint(pos) for card in self.cards)

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map viewport: tiles, overlays, plans, tokens, the dice box, the legend."""
        self.host.view.draw(
            surface,
            self.host.world,
            self.host.style_of,
            self.host.playback,
            selected=self.host.selected,
            hovered=self.host.aim.hovered_combatant(),
            declarer=self.host.actor if self.host.phase in ("declare", "ai") else None,
            clock=self.host.clock,
            under=self._draw_plans,
            over=self._draw_marks,
            keep=self.target_tiles(),
            fog=self.host.sight.view(),
        )

    def target_tiles(self) -> list[tuple[int, int]]:
        """The tiles of the drafted order's targets: the legend and the minimap keep clear of
        them as of the declarer."""
        if self.host.draft is None:
            return []
        world = self.host.world
        targets = [a.target for a in self.host.draft.state.actions if a.target is not None]
        return [tile_of(world, t) for t in targets if world.has(t, Position)]

    def _draw_plans(self, surface: pygame.Surface) -> None:
        """Under the tokens: the round's earlier declarations and the order being drafted."""
        theme, view, world = self.host.theme, self.host.view, self.host.world
        self.plan_labels.clear()
        rnd = self.host.battle.round
        if rnd is not None and self.host.playback is None:
            board, orders = self.host.battle.board, self.host.sight.orders(rnd.orders)
            draw_declared(
                surface,
                theme,
                view.camera,
                view.tokens,
                world,
                board,
                orders,
                self.host.style_of,
                self.host.aim.plan_end,
                self.plan_labels,
            )
        if self.host.phase == "declare" and self.host.draft is not None and self.host.planner is not None:
            pointed = view.pointed() if self.host.menu is None else None
            draw_draft(
                surface,
                theme,
                view.camera,
                view.tokens,
                world,
                self.host.battle.board,
                self.host.planner,
                self.host.draft,
                self.host.style_of,
                self.host.aim.plan_end,
                pointed,
                self.plan_labels,
            )

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Over the tokens: the names of the plans' attacks and defences, each enemy's hit chance
        while declaring (clear of those names and of the tokens'), then the tile cursor."""
        if self.host.playback is not None:
            draw_floaters(
                surface, self.host.theme, self.host.view.camera, self.host.world, self.host.playback
            )
        taken = self.plan_labels.draw(surface, self.host.theme) + self.host.view.name_boxes
        if (
            "chance" in self.host.view.overlays.active
            and self.host.planner is not None
            and self.host.draft is not None
        ):
            view = self.host.aim.viewpoint()
            if view is not None and view[0] == self.host.actor:
                draw_enemy_chances(
                    surface,
                    self.host.theme,
                    self.host.view.camera,
                    self.host.world,
                    self.host.planner,
                    self.host.draft,
                    taken,
                )
        self.ruler_box = None  # where the ruler's words are this frame (toasts keep off them)
        if self.host.ruler:
            self._draw_ruler(surface)
        draw_cursor(
            surface,
            self.host.theme,
            self.host.view.camera,
            self.host.view.pointed(),
            self.host.view.keyboard_cursor,
        )

    def _fog_ai_reasons(self) -> None:
        """Fog of war: the AI's reasons tell the side at the window no more than it sees."""
        view = self.host.sight.view()
        panel = self.host.ai_reasons
        if view is None:
            panel.fog((), False)
            return
        world = self.host.world
        hidden = [name_of(world, e) for e in combatants(world) if not view.sees(e)]
        panel.fog(hidden, panel.actor is not None and not view.sees(panel.actor))

    def _draw_ruler(self, surface: pygame.Surface) -> None:
        """The ruler (R) from the focused combatant, from where its order ends, to the pointer."""
        focus = self.host.aim.focus()
        origin = self.host.aim.plan_end(focus)[0] if focus is not None else None
        host = self.host
        battle, view = host.battle, host.view
        self.ruler_box = show_ruler(
            surface, host.theme, view.camera, host.world, battle.board, battle.options, focus, origin,
            view.pointed(), host.sight.view(),
        )  # fmt: skip

    def chance_tip(self, target: int) -> list[str]:
        """The hit chance tooltip on `target`: the viewpoint's attack, from its planned tile."""
        view = self.host.aim.viewpoint()
        # A click adds an attack only to the order being declared, not between rounds nor
        # to the order another combatant declared.
        clickable = view is not None and self.host.phase == "declare" and view[2] is self.host.draft
        return chance_lines(self.host.world, view, target, clickable)

    def _draw_chance_tip(self, surface: pygame.Surface) -> None:
        """Hovering an enemy shows the hit chance with its full breakdown."""
        if not self.chance_tip_shown():
            return
        target = self.host.aim.hovered_combatant()
        lines = self.chance_tip(target) if target is not None else []
        spot = (
            self.host.view.camera.tile_centre(tile_of(self.host.world, target))
            if target is not None
            else None
        )
        # A tip for a token the camera moved off the map's view (under a panel, off screen)
        # would hang there stale, over the panels' headers.
        if lines and spot is not None and self.host.rects["map"].collidepoint(spot):
            draw_tooltip(surface, self.host.theme, lines, spot)

    def chance_tip_shown(self) -> bool:
        """Whether a hovered enemy's hit chance may show: the overlay is on, and no menu, replay
        or end-of-round summary (the round is over: no attack to weigh) is up."""
        if (
            "chance" not in self.host.view.overlays.active
            or self.host.menu is not None
            or self.host.playback is not None
        ):
            return False
        return self.host.summary is None

    def _draw_hover_tips(self, surface: pygame.Surface) -> None:
        pos = pygame.mouse.get_pos()
        chips = self.chip_rects

        def chip_tip(eid: int) -> list[str]:
            return chip_lines(self.host.battle, self.host.world, eid)

        lines = panel_lines(pos, self.buttons, self.row_tips, chips, chip_tip)
        if lines:
            draw_tooltip(surface, self.host.theme, lines, pos)

    def _draw_right(self, surface: pygame.Surface) -> None:
        """The sheet of your unit (the declarer while declaring, else the one in focus), and
        under it the order, pace or declarations panel."""
        theme = self.host.theme
        self.buttons, self.row_tips = [], []
        body = draw_side_panel(
            surface,
            theme,
            self.host.rects["right"],
            self.host.world,
            self.host.aim.home_unit(),
            self.host.style_of,
            self.host.view.tokens,
        )
        rnd = self.host.battle.round
        orders = self.host.sight.orders(rnd.orders) if rnd is not None else None
        if self.host.phase == "declare" and self.host.draft is not None:
            assert self.host.planner is not None and self.host.actor is not None
            _, facing = self.host.aim.plan_end(self.host.actor)
            panel = self.order_panel
            panel.draw(
                surface,
                theme,
                body,
                self.host.world,
                self.host.planner,
                self.host.draft,
                facing,
                orders,
                self.host.style_of,
            )
            self.buttons, self.row_tips = panel.buttons, panel.tips
        elif self.host.playback is not None:
            self.buttons = draw_pace_panel(surface, theme, body, self.host.playback, self.host.pace)
        elif self.host.summary is not None:
            self.host.summary.draw(surface, theme, body, self._name_colour)
            self.buttons = [self.host.summary.button]
        else:
            draw_declared_list(surface, theme, body, self.host.world, orders, self.host.style_of)
