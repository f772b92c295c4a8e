"""When the window meets an error it did not expect: never a silent exit.

The error goes whole into the log (`game.logs`), the battle on screen is saved as an
emergency save beside the manual saves (the round's autosave stays where it was), and a
last screen says what happened and where the log and the save are, until a key is
pressed.  The command then ends with one line on stderr and exit status 1.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from game.i18n import _
from game.logs import log, log_path

CRASH_SCREEN_SECONDS = 600.0  # the last screen waits this long for a key at most


@dataclass(frozen=True)
class Crash:
    """What was kept of a crash: the error in words, the log file, the emergency save."""

    error: str
    log: Path | None
    save: Path | None

    def lines(self) -> list[str]:
        """The last screen's words."""
        return [
            _("Dominion Tactics stopped on an error it did not expect."),
            self.error,
            _("The log: {log}").format(log=self.log) if self.log else _("No log could be written."),
            _("Your battle is saved: {save} (Load it from the menu).").format(save=self.save)
            if self.save
            else _("No battle was open to save; the autosaves of earlier rounds are kept."),
            _("Press any key to close."),
        ]

    def one_line(self) -> str:
        """For stderr."""
        where = f"; log: {self.log}" if self.log else ""
        saved = f"; battle saved to {self.save}" if self.save else ""
        return f"error: the game stopped on an unexpected error ({self.error}){where}{saved}"


def emergency_save(scenes: list[object]) -> Path | None:
    """Save the battle of the topmost battle screen to `saves/emergency-<time>.json`; None
    when there is none, or it cannot be written (the crash may be the disk)."""
    from game.persist.autosave import saves_dir
    from game.persist.saves import save_battle

    for scene in reversed(scenes):
        battle = getattr(scene, "battle", None)
        if battle is None or not hasattr(battle, "records"):
            continue
        path = saves_dir() / f"emergency-{datetime.now():%Y%m%d-%H%M%S}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_battle(battle, path)
        except Exception:  # noqa: BLE001 - whatever went wrong, the crash screen still shows
            log.exception("the emergency save could not be written")
            return None
        return path
    return None


def keep_crash(scenes: list[object], error: BaseException) -> Crash:
    """Log the error whole and save the battle on screen."""
    log.error("the window stopped on an unexpected error", exc_info=error)
    words = f"{type(error).__name__}: {error}"[:200]
    return Crash(words, log_path(), emergency_save(scenes))


def show_crash_screen(screen: pygame.Surface, crash: Crash, seconds: float | None = None) -> None:
    """The last screen, until a key, a click or the window's close (at most `seconds`,
    CRASH_SCREEN_SECONDS by default)."""
    from game.ui.theme import Theme

    theme = Theme()
    deadline = time.monotonic() + (CRASH_SCREEN_SECONDS if seconds is None else seconds)
    while time.monotonic() < deadline:
        if any(e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.QUIT) for e in pygame.event.get()):
            break
        screen.fill((18, 20, 24))
        y = theme.px(40)
        for k, line in enumerate(crash.lines()):
            for part in theme.wrap(line, screen.get_width() - theme.px(80), 16, bold=k == 0):
                image = theme.text(part, 16, (240, 200, 90) if k == 0 else (230, 230, 230), k == 0)
                screen.blit(image, (theme.px(40), y))
                y += theme.line_height(16)
            y += theme.px(10)
        pygame.display.flip()
        time.sleep(0.05)


def run_window(app: object) -> int:
    """Run the window's loop; an unexpected error is kept (log, emergency save), shown on the
    last screen and told in one line on stderr: exit status 1, never a silent exit."""
    import sys

    try:
        app.run()  # type: ignore[attr-defined]
    except Exception as error:  # noqa: BLE001 - the window's last word on any error
        crash = keep_crash(list(getattr(app, "scenes", [])), error)
        try:
            show_crash_screen(app.screen, crash)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - the display itself may be what failed
            log.exception("the crash screen could not be shown")
        print(crash.one_line(), file=sys.stderr)
        return 1
    return 0
