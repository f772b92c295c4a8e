"""The game's log file, and what the window does when it meets an error it did not expect.

Started from a launcher, the game has no terminal: a traceback on stderr is seen by nobody
and the window just vanishes.  So every run keeps a log (the standard `logging` module, a
rotating file in the platform's log folder, or `logs/` in `DOMINION_TACTICS_HOME`), and an
unexpected exception in the window is written there whole, the battle on screen is saved
beside the autosaves, and a last screen says where both are (`game.ui.crash`).  `--verbose`
logs the details too and echoes the log to stderr.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

APP_NAME = "dominion-tactics"
LOG_FILE = "game.log"
LOG_BYTES = 1_000_000  # a log file's size before it is rotated
LOG_KEPT = 3  # rotated files kept beside the current one
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("game")


def log_dir() -> Path:
    """Where the log goes: `logs/` in DOMINION_TACTICS_HOME when it is set (the tests give
    each test one), else the platform's log folder."""
    override = os.environ.get("DOMINION_TACTICS_HOME")
    if override:
        return Path(override) / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP_NAME, appauthor=False))


def start_logging(verbose: bool = False) -> Path | None:
    """Log this run to the rotating file (INFO, or DEBUG with `verbose`, which also echoes
    it to stderr); the file's path, or None when it cannot be written (a read-only home:
    the game runs on without a log rather than not at all)."""
    log.setLevel(logging.DEBUG if verbose else logging.INFO)
    for handler in list(log.handlers):  # started again (the tests): one set of handlers
        log.removeHandler(handler)
        handler.close()
    if verbose:
        echo = logging.StreamHandler()
        echo.setFormatter(logging.Formatter(FORMAT))
        log.addHandler(echo)
    path = log_dir() / LOG_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_KEPT, encoding="utf-8", errors="backslashreplace"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    return path


def log_path() -> Path | None:
    """The file this run logs to, if any."""
    for handler in log.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            return Path(handler.baseFilename)
    return None
