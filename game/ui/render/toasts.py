"""Toasts: short messages over the map that fade after a few seconds, for every screen.

A toast is `[text, seconds left, bad]`; a screen keeps a list of them, adds with
`add_toast`, ages them each frame with `age_toasts` and draws them with
`battlefield.draw_toasts`.  A message already on screen is shown afresh rather than
stacked twice (a key pressed twice says it once).
"""

from __future__ import annotations

from typing import Any

TOAST_SECONDS = 4.0  # how long a toast stays (its last second fades)
TOASTS_SHOWN = 4  # the newest this many are kept

Toast = list[Any]  # [text, seconds left, bad]


def add_toast(toasts: list[Toast], text: str, bad: bool = False) -> list[Toast]:
    """The toasts with `text` added as the newest (the same text already showing moves
    there, its time renewed), at most TOASTS_SHOWN."""
    kept = [t for t in toasts if t[0] != text]
    return [*kept, [text, TOAST_SECONDS, bad]][-TOASTS_SHOWN:]


def age_toasts(toasts: list[Toast], dt: float) -> list[Toast]:
    """The toasts `dt` seconds later: the ones whose time ran out are gone."""
    for toast in toasts:
        toast[1] -= dt
    return [t for t in toasts if t[1] > 0]
