"""Hot-seat hand-over: a curtain between two human players' declarations."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _
from game.rules.battle import Battle
from game.rules.positions import name_of
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import Button, blit_text, draw_panel, shade
from game.ui.theme import SideStyle
from game.ui.tutorial_steps import tutorial_hint
from game.world import Side


class Seat(Protocol):
    """What the hand-over curtain needs of the battle screen behind it."""

    battle: Battle
    styles: dict[str, SideStyle]

    @property
    def tokens(self) -> TokenArt:
        """The token pictures."""
        ...

    def begin_human(self, eid: int) -> None:
        """The player at the window declares for `eid`."""
        ...

    def can_save(self) -> bool:
        """Whether the battle may be saved now (the pause menu asks)."""
        ...

    def save(self) -> object:
        """Save the battle (from the pause menu)."""
        ...


class HandoverScene(Scene):
    """ "Pass to the blue player": the map stays hidden until they are ready."""

    def __init__(self, app: App, battle_scene: Seat, eid: int) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene
        self.eid = eid
        self.side = battle_scene.battle.world.get(eid, Side).name
        self.button = Button(_("I am ready"), self.ready, hint=_("Enter"))

    def ready(self) -> None:
        """Lift the curtain and let the player declare."""
        self.app.pop(self)
        self.battle_scene.begin_human(self.eid)

    def on_event(self, event: pygame.event.Event) -> None:
        """Enter, Space or a click continues; Esc opens the pause menu."""
        if BINDINGS.matches(event, "back"):
            self.app.push_screen("pause", self.battle_scene)
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
        ):
            self.ready()
        else:
            self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The curtain, in the side's colour and shape."""
        theme = self.theme
        style = self.battle_scene.styles.get(self.side) or theme.side_style(self.side, 0)
        surface.fill(theme.palette.background)
        w, h = surface.get_size()
        token = self.battle_scene.tokens.token(TokenLook("person", style, 0, False, False), theme.px(120))
        surface.blit(token, token.get_rect(center=(w // 2, h // 2 - theme.px(120))))
        blit_text(
            surface,
            theme,
            _("Pass to the {side} player").format(side=self.side),
            (w // 2, h // 2),
            30,
            style.colour,
            True,
            anchor="center",
        )
        world = self.battle_scene.battle.world
        blit_text(
            surface,
            theme,
            _("{name_of} declares next (Round {number}).").format(
                name_of=name_of(world, self.eid), number=self.battle_scene.battle.number
            ),
            (w // 2, h // 2 + theme.px(40)),
            16,
            anchor="center",
        )
        rule = (
            _(
                "Fog of war: you will see only what your side sees, and the declarations "
                "of the combatants it sees."
            )
            if self.battle_scene.battle.fog is not None
            else _(
                "Earlier declarations this round stay visible: "
                "that is the rule (worst Timing declares first)."
            )
        )
        blit_text(
            surface,
            theme,
            rule,
            (w // 2, h // 2 + theme.px(66)),
            13,
            theme.palette.text_dim,
            anchor="center",
        )
        self.button.rect = pygame.Rect(0, 0, theme.px(220), theme.px(44))
        self.button.rect.center = (w // 2, h // 2 + theme.px(120))
        self.button.hovered = self.button.rect.collidepoint(pygame.mouse.get_pos())
        self.button.selected = True
        self.button.draw(surface, theme)


class BriefingScene(Scene):
    """The scenario's briefing (and the tutorial's first step) before the first round: a few
    lines, with the rules it shows off (and their codes) in a fold-out (R or the button)."""

    overlay = True

    def __init__(
        self, app: App, title: str, briefing: str, tutorial: str | None = None, rules: str = ""
    ) -> None:
        super().__init__(app)
        self.title = title
        self.briefing = briefing
        self.rules = rules
        self.hint = tutorial_hint(tutorial or "")
        self.unfolded = False
        self.button = Button(_("Begin"), lambda: self.app.pop(self), hint=_("Enter"), selected=True)
        self.fold = Button(_("Rules ▸"), self.toggle_rules, hint="R")

    def toggle_rules(self) -> None:
        """Show or hide the rules fold-out."""
        self.unfolded = not self.unfolded
        self.fold.label = _("Rules ▾") if self.unfolded else _("Rules ▸")

    def on_event(self, event: pygame.event.Event) -> None:
        """Enter, Space, Esc or a click on Begin begins; R or the Rules button folds the rules."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.rules:
            self.toggle_rules()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.app.pop(self)
        elif not (self.rules and self.fold.handle(event)):
            self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """A card over the map."""
        theme, pal = self.theme, self.theme.palette
        shade(surface, 120)
        w, h = surface.get_size()
        width = min(theme.px(640), w - theme.px(40))
        inner = width - theme.px(40)
        lines = theme.wrap(self.briefing, inner, 15)
        hint = theme.wrap(self.hint, inner, 13) if self.hint else []
        rules = theme.wrap(self.rules, inner, 12) if self.rules and self.unfolded else []
        big, small, tiny = theme.line_height(15), theme.line_height(13), theme.line_height(12)
        height = theme.px(126) + big * len(lines) + (theme.px(30) + small * len(hint) if hint else 0)
        room = h - theme.px(40) - height
        rules = rules[: max(0, room // tiny)]
        height += tiny * len(rules) + (theme.px(8) if rules else 0)
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        x, y = box.x + theme.px(20), box.y + theme.px(16)
        blit_text(surface, theme, self.title, (x, y), 20, pal.accent, True)
        y += theme.px(40)
        for text in lines:
            blit_text(surface, theme, text, (x, y), 15, pal.text)
            y += big
        if hint:
            y += theme.px(12)
            blit_text(surface, theme, _("Try this"), (x, y), 13, pal.accent, True)
            y += theme.px(18)
            for text in hint:
                blit_text(surface, theme, text, (x, y), 13, pal.text_good)
                y += small
        if rules:
            y += theme.px(8)
            for text in rules:
                blit_text(surface, theme, text, (x, y), 12, pal.text_dim)
                y += tiny
        self.button.rect = pygame.Rect(0, 0, theme.px(160), theme.px(40))
        self.button.rect.bottomright = (box.right - theme.px(16), box.bottom - theme.px(14))
        self.button.draw(surface, theme)
        if self.rules:
            self.fold.rect = pygame.Rect(0, 0, theme.px(140), theme.px(40))
            self.fold.rect.bottomleft = (box.x + theme.px(16), box.bottom - theme.px(14))
            self.fold.hovered = self.fold.rect.collidepoint(pygame.mouse.get_pos())
            self.fold.draw(surface, theme)
