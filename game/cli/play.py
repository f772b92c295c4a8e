"""`python -m game` / `python -m game play`: open the game window.

`--load FILE` resumes a saved battle; `--map FILE` opens New battle with a
quick battle on that Tiled map chosen (the map is checked first: a map that
cannot be played is one line and exit 2, before any window); `--demo` runs
the old terminal demo (placeholder AIs on both sides, the log printed)
without a window.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.ui.prefs import MAX_WINDOW  # no pygame in it: --help stays cheap

if TYPE_CHECKING:
    from game.ui.scenarios import UiScenario


def window_size(text: str) -> tuple[int, int]:
    """A window's `--size` ("1280x720"), checked: the one reading of it for play and workbench
    (UsageError, one line, for anything else)."""
    from game.cli import UsageError

    try:
        width, height = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not {str(text)[:40]!r}") from None
    if not (0 < width <= MAX_WINDOW and 0 < height <= MAX_WINDOW):
        raise UsageError(f"--size must be between 1x1 and {MAX_WINDOW}x{MAX_WINDOW}, not {str(text)[:40]!r}")
    return width, height


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that open no window anyone can see."""
X_LIKE = ("linux", "freebsd", "openbsd", "netbsd", "sunos")
"""Platforms whose windows need an X11 or Wayland display."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the play command."""
    parser.add_argument("--load", metavar="FILE", help="resume a saved battle")
    parser.add_argument("--map", metavar="FILE", help="open New battle on a Tiled map (.tmx) of your own")
    parser.add_argument(
        "--demo", action="store_true", help="play the terminal demo battle instead (no window)"
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        default=None,
        help="window size in pixels (default: the size you left it at, else 1280x720; at least 960x600)",
    )
    add_language_argument(parser)


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """The `--lang` option of the commands that open the window."""
    parser.add_argument(
        "--lang",
        metavar="CODE",
        default=None,
        help="the window's language, such as en or de (default: the one chosen in Settings, "
        "else LANGUAGE / LANG, else English; one the game lacks is English)",
    )


def choose_language(lang: str | None) -> str:
    """Use the language named by `--lang`, else the settings', else the environment's."""
    from game.i18n import choose, set_language
    from game.ui.prefs import Prefs

    return set_language(choose(lang, Prefs.load().language, os.environ))


def run(args: argparse.Namespace) -> int:
    """Open the window (or run the terminal demo)."""
    from game.cli import UsageError

    if args.demo:
        from game.cli.demo import run_demo

        return run_demo()
    size = window_size(args.size) if args.size is not None else None
    if args.load and args.map:
        raise UsageError("--load and --map cannot be used together")
    chosen = _chosen_map(args.map) if args.map else None
    require_display()
    choose_language(args.lang)
    from game.persist.autosave import remove_stale_temp_files

    remove_stale_temp_files()  # what saves killed mid-write left behind
    from game.persist.usermaps import fit_bundled_project

    fit_bundled_project()  # the bundled Tiled project's commands, runnable here (Windows: no python3)
    from game.ui.screens import make_app

    if args.load:
        from pathlib import Path

        import game.ui.scenarios  # noqa: F401  (registers map boards for saves)
        from game.persist.saves import SaveError, load_battle

        try:
            load_battle(Path(args.load))
        except SaveError as err:
            raise UsageError(str(err)) from None
    app = make_app(size)
    app.push_screen("menu")
    if chosen is not None:
        app.push_screen("setup", chosen)
    if args.load:
        from pathlib import Path

        from game.ui.scenes.settings import open_saved_battle

        open_saved_battle(app, Path(args.load))
    from game.ui.crash import run_window

    return run_window(app)


def _chosen_map(text: str) -> UiScenario:
    """The quick battle on a map file, for the setup screen; UsageError if it cannot be played."""
    from pathlib import Path

    from game.cli import UsageError
    from game.files import resolved
    from game.persist.usermaps import user_maps_dir
    from game.ui.scenarios import map_scenario

    path = Path(text)
    mine = resolved(path).parent == resolved(user_maps_dir())  # a symlink loop is no error here
    chosen = map_scenario(path, mine=mine)
    if chosen.error:
        raise UsageError(chosen.error)
    return chosen


def require_display(environ: dict[str, str] | None = None, platform: str | None = None) -> None:
    """UsageError (one line, exit 2) when there is no display to open the window on.

    Without one, SDL falls back to its offscreen driver without a word and the game
    would run in a window nobody can see, waiting for input forever.  A headless
    driver asked for by name (SDL_VIDEODRIVER=dummy, for tests) is allowed.
    """
    from game.cli import UsageError

    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    asked = env.get("SDL_VIDEODRIVER", "").strip().lower()
    no_display = not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY")
    if not asked and platform.startswith(X_LIKE) and no_display:
        raise UsageError("no display to open the game window on (DISPLAY and WAYLAND_DISPLAY are not set)")
    if environ is not None:
        return  # asked about an environment other than ours: SDL cannot be tried on it
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        with _quiet_stderr():  # SDL prints each video driver it fails to start on the way
            pygame.display.init()
    except pygame.error as err:
        raise UsageError(f"cannot open the game window: {err}") from None
    driver = (pygame.display.get_driver() or "").lower()
    if driver in HEADLESS_DRIVERS and asked != driver:
        pygame.display.quit()
        raise UsageError(f"no display to open the game window on (SDL found only its {driver} driver)")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 points at /dev/null for the duration (C libraries write there directly)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
