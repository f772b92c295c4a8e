"""The player's settings (UI scale, colour-blind palette), kept in the user's data folder."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from game.persist.atomic import write_atomic

UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
SETTINGS_FILE = "settings.json"


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
        """The saved settings, or the defaults if there are none (or they are unreadable)."""
        try:
            data = json.loads(cls.path().read_text("utf-8"))
            prefs = cls()
            for key, value in data.items():
                if hasattr(prefs, key) and isinstance(value, type(getattr(prefs, key))):
                    setattr(prefs, key, value)
            return prefs
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()

    def save(self) -> None:
        """Write the settings (best effort: a read-only folder only loses them)."""
        with contextlib.suppress(OSError):
            write_atomic(self.path(), json.dumps(asdict(self), indent=1).encode("utf-8"))
