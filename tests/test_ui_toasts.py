"""Toasts: the same message twice is shown once, afresh; the newest few are kept; they fade."""

from __future__ import annotations

from game.ui.render.toasts import TOAST_SECONDS, TOASTS_SHOWN, add_toast, age_toasts


def test_a_repeated_message_is_shown_once_and_renewed() -> None:
    toasts = add_toast([], "Click a free tile")
    toasts = add_toast(toasts, "Saved")
    toasts = age_toasts(toasts, 1.0)
    toasts = add_toast(toasts, "Click a free tile", bad=True)
    assert [t[0] for t in toasts] == ["Saved", "Click a free tile"]
    assert toasts[-1][1] == TOAST_SECONDS and toasts[-1][2] is True


def test_only_the_newest_are_kept_and_they_run_out() -> None:
    toasts: list[list[object]] = []
    for n in range(TOASTS_SHOWN + 2):
        toasts = add_toast(toasts, f"message {n}")
    assert [t[0] for t in toasts] == [f"message {n}" for n in range(2, TOASTS_SHOWN + 2)]
    toasts = age_toasts(toasts, TOAST_SECONDS - 0.5)
    assert len(toasts) == TOASTS_SHOWN  # half a second left: still showing, fading
    assert age_toasts(toasts, 1.0) == []
