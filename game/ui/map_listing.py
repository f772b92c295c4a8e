"""New battle's list of maps kept live: your maps are listed from their headers at once,
checked in a background thread (`game.persist.map_checks.MapChecker`, from the cache where
their files are unchanged), and each entry is filled in as its check ends, while the window
keeps drawing and taking input.

The map the player looks at is checked first, and one whose check came from the cache is
loaded in the background for its picture: the window never waits for a map to load before
the player asks to start a battle on it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import _
from game.persist.map_checks import MapCheck, MapChecker
from game.ui.render.widgets import Button, blit_text
from game.ui.scenarios import UiScenario, checked_entry, listed_ui_scenarios, resolved, unresolved
from game.ui.theme import Theme


class MapListing:
    """The entries of New battle's list, your maps' filled in as their checks end."""

    def __init__(self, checker: Callable[[list[Path]], MapChecker] | None = None) -> None:
        self.entries, pending = listed_ui_scenarios()
        self.checker = (checker or MapChecker)(pending)
        self._loading: threading.Thread | None = None  # a map loaded for its picture
        self._failed: dict[str, str] = {}  # maps that did not load after all: why

    def progress(self) -> str:
        """ "Checking your maps: 3 of 10…" while checks run; "" when none do."""
        done, total = self.checker.progress
        if done >= total:
            return ""
        return _("Checking your maps: {done} of {total}…").format(done=done, total=total)

    def poll(self) -> list[int]:
        """Take in the checks finished since the last call; the indices of the entries changed."""
        changed = []
        for check in self.checker.poll():
            index = self._index_of(check)
            if index is not None:
                self.entries[index] = checked_entry(self.entries[index], check)
                changed.append(index)
        return changed

    def look_at(self, index: int) -> None:
        """The player looks at this entry: check it first if it is waiting."""
        entry = self.entries[index]
        if entry.checking and entry.map_path:
            self.checker.want(Path(entry.map_path))

    def ready(self, index: int) -> UiScenario | None:
        """The entry with its battle ready to build, if that needs no map loaded in the window;
        else None, and the map is being loaded in the background (ask again next frame)."""
        entry = self.entries[index]
        if entry.checking:
            self.look_at(index)
            return None
        if not unresolved(entry) or entry.error:
            return entry
        from game.board.tiled import LOADED

        assert entry.map_path is not None
        path = Path(entry.map_path)
        LOADED.pin(path)  # the checks of other maps must not push it out before it is drawn
        if entry.map_path in self._failed:  # changed since its check: say so, load no more
            self.entries[index] = checked_entry(entry, MapCheck(entry.map_path, self._failed[entry.map_path]))
            return self.entries[index]
        if LOADED.get(path) is None:
            self._load(path)
            return None
        self.entries[index] = resolved(entry)
        return self.entries[index]

    def stop(self) -> None:
        """No more checks (the screen is left), and no map kept for its picture."""
        from game.board.tiled import LOADED

        self.checker.stop()
        LOADED.pin(None)

    def _load(self, path: Path) -> None:
        if self._loading is not None and self._loading.is_alive():
            return
        from game.board.tiled import load_map

        def load() -> None:
            try:
                load_map(path)
            except Exception as err:  # noqa: BLE001 - the check said it loads; it changed since
                self._failed[str(path)] = str(err).splitlines()[0] if str(err).strip() else type(err).__name__

        self._loading = threading.Thread(target=load, name="map for its picture", daemon=True)
        self._loading.start()

    def _index_of(self, check: MapCheck) -> int | None:
        for i, entry in enumerate(self.entries):
            if entry.checking and entry.map_path == check.path:
                return i
        return None


def draw_broken(
    surface: pygame.Surface,
    theme: Theme,
    sc: UiScenario,
    right: pygame.Rect,
    error: str,
    leave: Callable[[], None],
) -> Button:
    """What is wrong with a map that cannot be played, and how to check it again, in the
    panel `right` (with `error`, why Start failed, if it did); returns the Back button."""
    pal = theme.palette
    pad = theme.px(20)
    x, y = right.x + pad, right.y + theme.px(48)
    lines = [
        (_("This map cannot be played: {error}").format(error=sc.error), pal.text_bad),
        ("", pal.text_dim),
        (
            _("Fix it in Tiled, then come back to New battle. The file: {map_path}").format(
                map_path=sc.map_path
            ),
            pal.text_dim,
        ),
        (_("In a terminal: python -m game check-map {map_path}").format(map_path=sc.map_path), pal.text_dim),
    ]
    for text, colour in lines:
        for line in theme.wrap(text, right.w - 2 * pad, 14) or [""]:
            blit_text(surface, theme, line, (x, y), 14, colour)
            y += theme.line_height(14)
    spot = pygame.Rect(right.right - theme.px(160), right.bottom - theme.px(60), theme.px(140), theme.px(44))
    back = Button(_("Back"), leave, spot, hint=_("Esc"))
    back.hovered = back.rect.collidepoint(pygame.mouse.get_pos())
    back.draw(surface, theme)
    if error:
        for k, line in enumerate(theme.wrap(error, right.w - 2 * pad, 13)):
            at = (x, right.bottom - theme.px(110) + k * theme.line_height(13))
            blit_text(surface, theme, line, at, 13, pal.text_bad)
    return back
