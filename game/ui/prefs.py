"""The player's settings (UI scale, colour-blind palette, the window, sound, pacing, the
language), kept in
the user's data folder.  A damaged or hostile settings file is read value by value: each
value that is not one the game could have written is dropped for its default."""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.files import FileRefused, read_limited
from game.persist.atomic import write_atomic

UI_SCALES = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)
ANIMATION_SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0)  # × the normal pace of resolution playback
VOLUMES = (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)  # of the sound effects' full loudness
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 64 * 2**10  # bytes; the game writes about a hundred
MAX_WINDOW = 7680  # pixels a side at most: an 8K display (a remembered 16384 made 1 GiB frames)
CHOICES: dict[str, tuple[float, ...]] = {
    "ui_scale": UI_SCALES,
    "animation_speed": ANIMATION_SPEEDS,
    "volume": VOLUMES,
}
"""Settings that take one of a few values: anything else in the file is ignored."""


@dataclass
class Prefs:
    """What the settings screen changes."""

    ui_scale: float = 1.0
    colour_blind: bool = False
    edge_scroll: bool = True
    animation_speed: float = 1.0  # × the normal pace of resolution playback
    pause_after_mine: bool = False  # playback pauses after each action of a side played here
    round_summary: bool = True  # a summary of the round before the next round's Timing
    volume: float = 0.75
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] | None = None  # the last windowed size (None: the default)
    language: str = ""  # a language code ("de"), or "" for the system's (game.i18n.choose)

    @classmethod
    def path(cls) -> Path:
        """Where the settings live: the platform's configuration folder (`config_dir`).
        Settings an older version left in the data folder are moved there once."""
        from game.persist.autosave import config_dir, data_dir

        path = config_dir() / SETTINGS_FILE
        old = data_dir() / SETTINGS_FILE
        if old != path and not path.exists() and old.is_file():
            _move_settings(old, path)
        return path

    @classmethod
    def load(cls) -> Prefs:
        """The saved settings, or the defaults for any that are missing or unusable.

        A damaged, huge or hostile settings file never stops the game from starting:
        the worst it does is reset the settings it spoils.
        """
        prefs = cls()
        try:
            data = json.loads(read_limited(cls.path(), MAX_SETTINGS_BYTES).decode("utf-8"))
        except (FileRefused, ValueError, RecursionError):
            return prefs
        if not isinstance(data, dict):
            return prefs
        for field in fields(cls):
            if field.name == "window_size":
                prefs.window_size = _window_size(data.get("window_size"))
            elif field.name in data and _usable(field.name, data[field.name], getattr(prefs, field.name)):
                setattr(prefs, field.name, type(getattr(prefs, field.name))(data[field.name]))
        return prefs

    def save(self) -> None:
        """Write the settings (best effort: a read-only folder only loses them)."""
        with contextlib.suppress(OSError):
            path = self.path()
            path.parent.mkdir(parents=True, exist_ok=True)  # the configuration folder, the first time
            write_atomic(path, json.dumps(asdict(self), indent=1).encode("utf-8"))


def _move_settings(old: Path, new: Path) -> None:
    """Move settings from where an older version kept them (best effort: on any failure they
    stay where they were, and the defaults are used)."""
    try:
        data = read_limited(old, MAX_SETTINGS_BYTES)
        new.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(new, data)
        old.unlink()
    except (FileRefused, OSError):
        return


def _window_size(value: Any) -> tuple[int, int] | None:
    """A remembered window size: two whole numbers of pixels, each from 1 to MAX_WINDOW
    (the window itself never goes below its minimum); None for anything else."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_WINDOW for v in value):
        return None
    return (value[0], value[1])


def _usable(name: str, value: Any, default: Any) -> bool:
    """Whether a value read from the file may replace the default."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if name == "language":  # "" or a code such as "de" or "pt_BR"; what the game lacks falls back
        return isinstance(value, str) and (
            value == "" or re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", value) is not None
        )
    if name in CHOICES:
        # NaN, infinities and 1e308 are not among the choices, so they cannot get through.
        return isinstance(value, int | float) and value in CHOICES[name]
    return isinstance(value, type(default))
