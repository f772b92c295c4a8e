"""Which rows of a long list are in view, for the screens that list scenarios or saves.

A list longer than its box shows `visible` rows from `first`.  Moving the
highlight with the keys scrolls only as far as it takes to keep it in view, a
click picks a row where it is (the list never jumps under the pointer), and
the wheel scrolls without moving the highlight.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ScrollWindow:
    """The first row in view of a list; `visible` rows fit."""

    first: int = 0
    visible: int = 1

    def fit(self, visible: int, total: int) -> int:
        """The box holds `visible` rows of `total` now (the window was resized): keep the
        view inside the list.  Returns the first row in view."""
        self.visible = max(1, visible)
        self.first = min(max(0, self.first), max(0, total - self.visible))
        return self.first

    def show(self, index: int, total: int) -> int:
        """Scroll the least that brings row `index` into view.  Returns the first row."""
        if index < self.first:
            self.first = index
        elif index >= self.first + self.visible:
            self.first = index - self.visible + 1
        return self.fit(self.visible, total)

    def scroll(self, rows: int, total: int) -> int:
        """Scroll by `rows` (negative: up), within the list.  Returns the first row."""
        self.first += rows
        return self.fit(self.visible, total)
