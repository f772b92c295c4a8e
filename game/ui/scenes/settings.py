"""Help (key bindings and the overlays), the pause menu and the load screen (the settings
are `game.ui.scenes.options`)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.core.modifiers import signed
from game.i18n import N_, _, language
from game.rules.positions import RANGE_BANDS
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS, CTRL
from game.ui.input.scroll_window import ScrollWindow
from game.ui.render.help_sheet import Placed, help_blocks, lay_out
from game.ui.render.overlays import OVERLAY_LABELS
from game.ui.render.widgets import Button, ButtonColumn, blit_text, draw_panel, shade
from game.ui.theme import fit_text

OVERLAY_HELP = {
    "reach": N_("tiles it can walk to (blue, plain) and reach only with a Sprint (orange, hatched)"),
    "range": N_(
        "range bands of its missile weapon: short (plain), medium {medium} (dots), long {long} (hatched)"
    ),
    "arcs": N_("F front, L/R side, B back arc (cross-hatched) of the selected or hovered combatant"),
    "sight": N_("from its planned tile: unseen tiles dark and crossed; shields with L or H mark cover"),
    "threat": N_(
        "tiles enemies could attack next round: melee (slashes, 2+ = how many enemies) or missile "
        "(dots); B = from the back arc"
    ),
    "chance": N_(
        "hover an enemy: hit chance with the full breakdown; each enemy shows the chance of a click"
    ),
    "terrain": N_(
        "what the map says: walls crossed, blocks movement slashed, sight dotted; L/H cover; ×2 cost"
    ),
}


MOUSE_HELP = (
    N_("left click: select / plan a path / attack an enemy (menu with target numbers)"),
    N_("right click: final facing toward the tile · drag: pan · wheel: zoom (over the log: scroll)"),
)


class Saving(Protocol):
    """What the pause menu needs of the battle screen below it."""

    def can_save(self) -> bool:
        """Whether the battle may be saved now."""
        ...

    def save(self) -> object:
        """Save the battle."""
        ...


class HelpScene(Scene):
    """Every key binding and what each overlay shows (F1 or ?)."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # Laid out once per window size and UI scale: fitting the sheet tries several column
        # counts and text sizes, too much to do again every frame of a screen that is still.
        self._sheet: tuple[tuple[object, ...], list[Placed]] | None = None

    def on_event(self, event: pygame.event.Event) -> None:
        """Any key or click closes it."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop(self)

    def _laid_out(self, area: pygame.Rect) -> list[Placed]:
        """The sheet's pieces placed in `area` (kept while the area and the scale stay)."""
        key = (tuple(area), self.theme.scale, language())
        if self._sheet is None or self._sheet[0] != key:
            bands = {"medium": signed(RANGE_BANDS[1][1]), "long": signed(RANGE_BANDS[2][1])}
            overlays = {_(OVERLAY_LABELS[k]): _(OVERLAY_HELP[k]).format(**bands) for k in OVERLAY_LABELS}
            mouse = tuple(_(line) for line in MOUSE_HELP)
            self._sheet = key, lay_out(self.theme, area, help_blocks(BINDINGS, mouse, overlays))
        return self._sheet[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Bindings by group, the mouse, then the overlays, in columns that fit the window."""
        theme, pal = self.theme, self.theme.palette
        shade(surface)
        w, h = surface.get_size()
        box = pygame.Rect(theme.px(30), theme.px(24), w - theme.px(60), h - theme.px(48))
        draw_panel(surface, theme, box, pal.panel)
        blit_text(
            surface,
            theme,
            _("Help — keys and overlays (any key closes)"),
            (box.x + 20, box.y + 14),
            18,
            pal.accent,
            True,
        )
        area = pygame.Rect(box.x + 20, box.y + theme.px(50), box.w - 40, box.h - theme.px(50) - 10)
        colours = {"title": pal.accent, "keys": pal.text, "text": pal.text_dim}
        for piece in self._laid_out(area):
            bold = piece.role != "text"
            blit_text(surface, theme, piece.text, piece.at, piece.size, colours[piece.role], bold)


class PauseScene(Scene):
    """Esc in battle: resume, save, load, settings, help, leave."""

    overlay = True

    def __init__(self, app: App, battle_scene: Saving) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene
        self.column = self._column()

    def _column(self) -> ButtonColumn:
        """The pause box's buttons, in the language in use."""
        can_save = self.battle_scene.can_save()
        return ButtonColumn(
            [
                Button(_("Resume"), lambda: self.app.pop(self), hint=_("Esc")),
                Button(
                    _("Save"),
                    self.save,
                    enabled=can_save,
                    reason=_("saving is possible in the Strategy Stage"),
                ),
                Button(_("Load"), lambda: self.app.push(LoadScene(self.app))),
                Button(_("Settings"), lambda: self.app.push_screen("settings")),
                Button(_("Help"), lambda: self.app.push_screen("help"), hint="F1"),
                Button(_("Quit to menu"), self.to_menu),
                Button(_("Quit game"), self.quit_game),
            ]
        )

    def on_language(self) -> None:
        """The buttons in the new language."""
        index = self.column.index
        self.column = self._column()
        self.column.index = index

    def save(self) -> None:
        """Save and resume."""
        self.app.pop(self)
        self.battle_scene.save()

    def to_menu(self) -> None:
        """Leave the battle (the autosave of this round stays), asking first if orders
        declared since the last save would be lost."""
        self.app.request_leave(lambda: self.app.replace_screen("menu"), _("Leave the battle"))

    def quit_game(self) -> None:
        """Quit, asking first if the battle is not saved."""
        self.app.request_quit()

    def on_event(self, event: pygame.event.Event) -> None:
        """Esc resumes."""
        if BINDINGS.matches(event, "back"):
            self.app.pop(self)
            return
        self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The pause box."""
        theme = self.theme
        shade(surface, 140)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, theme.px(360), theme.px(470))
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, theme.palette.panel)
        blit_text(
            surface,
            theme,
            _("Paused"),
            (box.centerx, box.y + theme.px(14)),
            22,
            theme.palette.accent,
            True,
            anchor="midtop",
        )
        self.column.layout(theme, box.centerx, box.y + theme.px(60), 280, 44, 10)
        self.column.draw(surface, theme)


class LoadScene(Scene):
    """Pick a save to resume, or to watch as a replay; a damaged one says why.

    Every save and autosave is listed, newest first, by scenario, round and time;
    the list scrolls (arrows, Page Up/Down, the wheel) when it is longer than the box.
    """

    overlay = True
    PAGE = 9  # saves shown at once
    WATCH_WIDTH = 150  # pixels (before UI scale): the "Watch replay" button beside each save

    def __init__(self, app: App) -> None:
        from game.persist.catalog import list_saved_battles

        super().__init__(app)
        self.entries = list_saved_battles()
        self.saves: list[Path] = [e.path for e in self.entries]
        self.error = ""
        self.index = 0  # the highlighted row: a save, or len(saves) for Back
        self.window = ScrollWindow(0, self.PAGE)  # which saves are shown
        self.rows: list[Button] = []
        self.watch_buttons: list[Button] = []
        self.back = Button(_("Back"), lambda: self.app.pop(self), hint=_("Esc"))
        self._build()

    def on_language(self) -> None:
        """The buttons in the new language."""
        self.back = Button(_("Back"), lambda: self.app.pop(self), hint=_("Esc"))
        self._build()

    @property
    def first(self) -> int:
        """The first save shown."""
        return self.window.first

    def _build(self) -> None:
        """The buttons of the saves in view."""
        shown = self.entries[self.first : self.first + self.PAGE]
        self.rows = [Button(e.label(), lambda p=e.path: self.load(p), size=13) for e in shown]
        self.watch_buttons = [
            Button(_("▶ Watch replay"), lambda p=e.path: self.watch(p), size=13) for e in shown
        ]

    def move(self, step: int) -> None:
        """Move the highlight (Back follows the last save), scrolling the list to keep it in view."""
        self.index = min(len(self.saves), max(0, self.index + step))
        if self.index < len(self.saves):
            before = self.first
            if self.window.show(self.index, len(self.saves)) != before:
                self._build()

    def scroll(self, rows: int) -> None:
        """Scroll the list (the mouse wheel)."""
        before = self.first
        if self.window.scroll(rows, len(self.saves)) != before:
            self._build()

    def load(self, path: Path) -> None:
        """Load a save and open its battle."""
        from game.persist.saves import SaveError

        try:
            open_saved_battle(self.app, path)
        except SaveError as err:
            self.error = str(err)

    def watch(self, path: Path) -> None:
        """Open the save's replay (the battle played back event by event)."""
        from game.persist.saves import SaveError
        from game.ui.replay_timeline import load_replay

        try:
            self.app.replace_screen("replay", load_replay(Path(path)))
        except SaveError as err:
            self.error = str(err)

    def on_event(self, event: pygame.event.Event) -> None:
        """Esc backs out; arrows and Page Up/Down move; Enter resumes; R watches the replay."""
        if BINDINGS.matches(event, "back"):
            self.app.pop(self)
            return
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.PAGE,
                pygame.K_PAGEDOWN: self.PAGE,
            }
            if event.key in steps:
                self.move(steps[event.key])
            elif event.key == pygame.K_r and not getattr(event, "mod", 0) & CTRL:
                if self.index < len(self.saves):
                    self.watch(self.saves[self.index])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.index < len(self.saves):
                    self.load(self.saves[self.index])
                else:
                    self.back.on_click()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        for button in self.watch_buttons:
            if button.handle(event):
                return
        for i, button in enumerate([*self.rows, self.back]):
            if event.type == pygame.MOUSEMOTION and button.rect.collidepoint(event.pos):
                self.index = self.first + i if i < len(self.rows) else len(self.saves)
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """The list of saves."""
        theme, pal = self.theme, self.theme.palette
        shade(surface)
        w, h = surface.get_size()
        box = pygame.Rect(0, 0, theme.px(760), min(h - 40, theme.px(620)))
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        blit_text(
            surface,
            theme,
            _("Load a battle"),
            (box.centerx, box.y + theme.px(14)),
            22,
            pal.accent,
            True,
            anchor="midtop",
        )
        if not self.saves:
            blit_text(
                surface,
                theme,
                _("No saves yet: Ctrl+S saves during the Strategy Stage; every round autosaves."),
                (box.centerx, box.y + theme.px(60)),
                13,
                pal.text_dim,
                anchor="midtop",
            )
        elif len(self.saves) > self.PAGE:
            last = min(len(self.saves), self.first + self.PAGE)
            blit_text(
                surface,
                theme,
                _("{first}–{last} of {count}, newest first (↑↓ PgUp PgDn, wheel)").format(
                    first=self.first + 1, last=last, count=len(self.saves)
                ),
                (box.centerx, box.y + theme.px(44)),
                12,
                pal.text_dim,
                anchor="midtop",
            )
        column = ButtonColumn([*self.rows, self.back])
        column.index = self.index - self.first if self.index < len(self.saves) else len(self.rows)
        column.layout(theme, box.centerx, box.y + theme.px(90 if not self.saves else 64), 700, 38, 8)
        gap = theme.px(8)
        mouse = pygame.mouse.get_pos()
        for row, watch in zip(self.rows, self.watch_buttons, strict=True):
            # Each save row gives up its right end to its "Watch replay" button.
            watch.rect = pygame.Rect(0, row.rect.y, theme.px(self.WATCH_WIDTH), row.rect.h)
            watch.rect.right = row.rect.right
            row.rect.width -= watch.rect.w + gap
            watch.hovered = watch.rect.collidepoint(mouse)
            watch.draw(surface, theme)
        for row in self.rows:  # a long label is cut to its row
            row.label = fit_text(theme.font(row.size), row.label, row.rect.w - theme.px(16))
        column.draw(surface, theme)
        if self.saves:
            blit_text(
                surface,
                theme,
                _("Enter or click: resume · R or ▶: watch the replay · Esc: back"),
                (box.centerx, box.bottom - theme.px(14)),
                12,
                pal.text_dim,
                anchor="midbottom",
            )
        if self.error:
            for i, line in enumerate(theme.wrap(self.error, box.w - 40, 13)):
                blit_text(
                    surface,
                    theme,
                    line,
                    (box.x + 20, box.bottom - theme.px(60) + i * theme.line_height(13)),
                    13,
                    pal.text_bad,
                )


def open_saved_battle(app: App, path: Path) -> None:
    """Load a save (SaveError if it cannot be) and make its battle the only scene."""
    from game.persist.saves import load_battle
    from game.ui.scenarios import map_for

    battle = load_battle(path)
    end = Path(path) if battle.over else None  # a finished battle's save holds its whole replay
    app.replace_screen("battle", battle, map_for(battle), note=f"loaded {path}", end_autosave=end)
