"""The workbench's position with its history: every edit is a new `Setup`, undo and redo walk
the list.

    bench = Bench(setup)
    refused = bench.do(edits.move(bench.setup, eid, (4, 5)), "move Omar")
    bench.undo()    # "move Omar"

`version` changes with every change, so the screen's caches (overlays, ledgers, the attack
matrix) know when to work things out again.
"""

from __future__ import annotations

from game.workbench.setup import Refused, Setup

HISTORY_LIMIT = 200  # versions kept for undo


class Bench:
    """The position being edited, its undo and redo."""

    def __init__(self, setup: Setup, limit: int = HISTORY_LIMIT) -> None:
        self._past: list[tuple[Setup, str]] = []
        self._future: list[tuple[Setup, str]] = []
        self._setup = setup
        self.limit = max(1, limit)
        self.version = 0

    @property
    def setup(self) -> Setup:
        """The position as it stands."""
        return self._setup

    def do(self, result: Setup | Refused, label: str) -> Refused | None:
        """Take an edit's result: a new setup becomes the position (undoable as `label`);
        a refusal changes nothing and is handed back."""
        if isinstance(result, Refused):
            return result
        if result is self._setup:
            return None
        self._past.append((self._setup, label))
        if len(self._past) > self.limit:
            del self._past[0]
        self._future.clear()
        self._setup = result
        self.version += 1
        return None

    def reset(self, setup: Setup, label: str) -> None:
        """A whole new position (a file loaded, another map); undo brings the old one back."""
        self.do(setup, label)

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._future)

    def undo(self) -> str | None:
        """Back one edit; returns what was undone (None: nothing to undo)."""
        if not self._past:
            return None
        setup, label = self._past.pop()
        self._future.append((self._setup, label))
        self._setup = setup
        self.version += 1
        return label

    def redo(self) -> str | None:
        """Forward one undone edit; returns what was redone (None: nothing to redo)."""
        if not self._future:
            return None
        setup, label = self._future.pop()
        self._past.append((self._setup, label))
        self._setup = setup
        self.version += 1
        return label
