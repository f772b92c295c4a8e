"""Whether the battle on the screen is saved, and saving it: where the battle stood at its
last save or autosave, what leaving now would lose, and a save to the saves folder.

A component of `BattleScene` (`scene.saves`), not a mixin: it reads the screen only
through `SavesHost` (`game.ui.battle.host`).  It keeps the finished battle's autosave too
(the end screen's "Watch replay" plays it).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from game.rules.battle import Battle
from game.session.flow import Session
from game.ui.battle.host import SavesHost


class BattleSaves:
    """The battle's saves: the last one's mark and path, and the finished battle's autosave."""

    def __init__(self, host: SavesHost, end_autosave: Path | None) -> None:
        self.host = host
        # The finished battle's autosave, its whole replay: the save a finished battle was
        # loaded from, or the one the session makes at the end.
        self.end_autosave = end_autosave
        self.saved_path: Path | None = None
        self.saved_mark = self.progress_mark()  # as it stands now: new, or loaded from its save

    def progress_mark(self) -> tuple[int, int, int]:
        """Where the battle stands: round, orders declared in it, events so far."""
        battle = self.host.battle
        rnd = battle.round
        return battle.number, len(rnd.orders) if rnd is not None else -1, len(battle.events())

    def track_autosaves(self, session: Session) -> None:
        """Note each autosave the session makes, so leaving right after one asks nothing."""
        autosave = session.autosave
        if autosave is None:
            return

        def saving(battle: Battle) -> object:
            saved = autosave(battle)
            self.saved_mark = self.progress_mark()
            if isinstance(saved, Path) and battle.over:
                self.end_autosave = saved
            return saved

        session.autosave = saving

    def leave_warning(self) -> str | None:
        """What leaving now would lose: the orders and rolls since the last save (none once the
        battle is over, or right after a save or the round's autosave)."""
        if self.host.finished or self.progress_mark() == self.saved_mark:
            return None
        return (
            "This round's declarations (and anything resolved since) are not saved yet. "
            "Rounds are autosaved as they begin; a save now keeps everything."
        )

    def can_save(self) -> bool:
        """Saving is allowed in the Strategy Stage (not while a round is being shown)."""
        host = self.host
        return host.battle.round is not None and host.playback is None and not host.finished

    def save(self) -> Path | None:
        """Save to the user's saves folder; returns the path (None if not now)."""
        host = self.host
        if not self.can_save():
            host.toast("Save in the Strategy Stage (while orders are being declared)", bad=True)
            return None
        from game.persist.autosave import saves_dir
        from game.persist.saves import SaveError, save_battle

        battle = host.battle
        stem = re.sub(r"[^a-z0-9]+", "-", str(battle.meta.get("scenario", "battle")).lower()).strip("-")
        path = saves_dir() / f"{stem or 'battle'}-round{battle.number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save_battle(battle, path)
        except (OSError, SaveError) as err:  # SaveError: a save it could not load, not written
            host.toast(f"Save failed: {err}", bad=True)
            return None
        self.saved_path = path
        self.saved_mark = self.progress_mark()
        host.toast(f"Saved to {path}")
        host.log.add_text(f"saved to {path}")
        return path
