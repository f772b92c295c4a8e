"""The player's settings (UI scale, colour-blind palette), kept in the user's data folder."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.files import FileRefused, read_limited
from game.persist.atomic import write_atomic

UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)  # × the normal pace of resolution playback
SETTINGS_FILE = "settings.json"
MAX_SETTINGS_BYTES = 64 * 2**10  # bytes; the game writes about a hundred
CHOICES: dict[str, tuple[float, ...]] = {"ui_scale": UI_SCALES, "animation_speed": ANIMATION_SPEEDS}
"""Settings that take one of a few values: anything else in the file is ignored."""


@dataclass
class Prefs:
    """What the settings screen changes."""

    ui_scale: float = 1.0
    colour_blind: bool = False
    edge_scroll: bool = True
    animation_speed: float = 1.0  # × the normal pace of resolution playback

    @classmethod
    def path(cls) -> Path:
        """Where the settings live."""
        from game.persist.autosave import data_dir

        return data_dir() / SETTINGS_FILE

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
            if field.name in data and _usable(field.name, data[field.name], getattr(prefs, field.name)):
                setattr(prefs, field.name, type(getattr(prefs, field.name))(data[field.name]))
        return prefs

    def save(self) -> None:
        """Write the settings (best effort: a read-only folder only loses them)."""
        with contextlib.suppress(OSError):
            write_atomic(self.path(), json.dumps(asdict(self), indent=1).encode("utf-8"))


def _usable(name: str, value: Any, default: Any) -> bool:
    """Whether a value read from the file may replace the default."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if name in CHOICES:
        # NaN, infinities and 1e308 are not among the choices, so they cannot get through.
        return isinstance(value, int | float) and value in CHOICES[name]
    return isinstance(value, type(default))
