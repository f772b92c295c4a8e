"""The settings screen: display (UI scale, colour-blind palette, fullscreen, edge scrolling,
the language),
pacing (resolution speed, pausing after your units' actions, the end-of-round summary) and
sound (volume, mute).  Every change is used at once and remembered (`game.ui.prefs`).

Two columns of buttons, walked with the arrow keys in reading order; Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import AUTOMATIC, _, available_languages, language, language_name
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.prefs import ANIMATION_SPEEDS, UI_SCALES, VOLUMES
from game.ui.render.widgets import Button, ButtonColumn, blit_text, draw_panel, shade, switch_label

COLUMN_W = 300  # pixels (before UI scale) of a settings button
ROW_H = 40  # pixels (before UI scale)
GAP = 8  # pixels (before UI scale) between buttons


def _next(values: tuple[float, ...], current: float) -> float:
    """The value after `current` in `values` (round again after the last)."""
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class SettingsScene(Scene):
    """Display, pacing and sound settings; the key bindings are a button away."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.column = ButtonColumn([])
        self.left = 0  # how many buttons are in the left column
        self._rebuild()

    def _toggle(self, name: str) -> Callable[[], None]:
        def flip() -> None:
            setattr(self.app.prefs, name, not getattr(self.app.prefs, name))
            self._apply()

        return flip

    def _cycle(self, name: str, values: tuple[float, ...]) -> Callable[[], None]:
        def step() -> None:
            setattr(self.app.prefs, name, _next(values, getattr(self.app.prefs, name)))
            self._apply()

        return step

    def _rebuild(self) -> None:
        p, app = self.app.prefs, self.app
        index = self.column.index
        scale = _("UI scale: {scale:g}×").format(scale=p.ui_scale)
        if abs(app.theme.scale - p.ui_scale) > 1e-9:
            scale = _("UI scale: {scale:g}× ({fits:g}× fits)").format(scale=p.ui_scale, fits=app.theme.scale)
        display = [
            Button(scale, self._cycle("ui_scale", UI_SCALES)),
            Button(switch_label(_("Colour-blind palette"), p.colour_blind), self._toggle("colour_blind")),
            Button(switch_label(_("Fullscreen"), app.fullscreen), lambda: self._fullscreen(), hint="F11"),
            Button(switch_label(_("Edge scrolling"), p.edge_scroll), self._toggle("edge_scroll")),
            Button(self._language_label(), self._next_language),
            Button(_("Keys (help)"), lambda: self.app.push_screen("help"), hint="F1"),
        ]
        pacing = [
            Button(
                _("Resolution speed: {speed:g}×").format(speed=p.animation_speed),
                self._cycle("animation_speed", ANIMATION_SPEEDS),
            ),
            Button(
                switch_label(_("Pause after my units act"), p.pause_after_mine),
                self._toggle("pause_after_mine"),
            ),
            Button(switch_label(_("End-of-round summary"), p.round_summary), self._toggle("round_summary")),
            Button(
                _("Sound volume: {percent}%").format(percent=round(p.volume * 100)),
                self._cycle("volume", VOLUMES),
            ),
            Button(_("Sound: muted") if p.muted else _("Sound: on"), self._toggle("muted")),
        ]
        self.left = len(display)
        back = Button(_("Back"), lambda: self.app.pop(self), hint=_("Esc"))
        self.column = ButtonColumn([*display, *pacing, back])
        self.column.index = index

    def _language_label(self) -> str:
        """The language switch: the chosen language by its own name, or what "Automatic"
        (the system's language) comes to."""
        chosen = self.app.prefs.language
        if chosen == AUTOMATIC:
            name = _("Automatic ({language})").format(language=language_name(language()))
        else:
            name = language_name(chosen)
        return _("Language: {language}").format(language=name)

    def _next_language(self) -> None:
        """Automatic, then each language the game has, round again."""
        choices = [AUTOMATIC, *available_languages()]
        current = self.app.prefs.language
        index = choices.index(current) if current in choices else 0
        self.app.prefs.language = choices[(index + 1) % len(choices)]
        self._apply()

    def _fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.fullscreen)
        self._rebuild()

    def _apply(self) -> None:
        self.app.apply_prefs()
        self._rebuild()

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed (the UI scale that fits may have too)."""
        self._rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        """Esc backs out; the arrows, Enter and the mouse use the buttons."""
        if BINDINGS.matches(event, "back"):
            self.app.pop(self)
            return
        self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The settings box: two columns, Back under them."""
        theme, pal = self.theme, self.theme.palette
        shade(surface)
        w, h = surface.get_size()
        rows = max(self.left, len(self.column.buttons) - 1 - self.left)
        col_w, row_h, gap = theme.px(COLUMN_W), theme.px(ROW_H), theme.px(GAP)
        width = 2 * col_w + 3 * theme.px(20)
        height = theme.px(70) + rows * (row_h + gap) + row_h + theme.px(56)
        box = pygame.Rect(0, 0, width, height)
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        title = (box.centerx, box.y + theme.px(14))
        blit_text(surface, theme, _("Settings"), title, 22, pal.accent, True, anchor="midtop")
        top = box.y + theme.px(64)
        xs = (box.x + theme.px(20), box.x + 2 * theme.px(20) + col_w)
        buttons = self.column.buttons
        for i, button in enumerate(buttons[:-1]):
            column, row = (0, i) if i < self.left else (1, i - self.left)
            button.rect = pygame.Rect(xs[column], top + row * (row_h + gap), col_w, row_h)
            button.size = 14
        back = buttons[-1]
        back.rect = pygame.Rect(0, 0, theme.px(160), row_h)
        back.rect.midtop = (box.centerx, top + rows * (row_h + gap) + theme.px(4))
        self.column.draw(surface, theme)
        blit_text(
            surface,
            theme,
            _("Sides keep their badge shapes in every palette · sounds are made by the game itself"),
            (box.centerx, box.bottom - theme.px(12)),
            12,
            pal.text_dim,
            anchor="midbottom",
        )
