"""The time a frame may spend on work that can wait for a later frame, shared by all of it.

Several parts of the battle screen spread slow work over frames, each under its own
budget: new map chunks, new overlay chunks, the slow parts of an overlay (line of
sight on a big map, an enemy's reach), the hit chances over the enemies.  On a frame
where all of them have work (the first frame of a battle, a zoom with the overlays on)
their budgets add up to nearly a whole frame.  So `App.step` opens one shared
deadline for the frame, `FRAME_WORK` after it starts, and each part stops starting new
work at its own deadline or the shared one, whichever comes first.  Each part still
does at least one piece a frame, so every picture fills in.

Outside `App.step` (a picture rendered once, a test drawing a scene by hand) there is
no shared deadline and each part keeps only its own budget.
"""

from __future__ import annotations

import time

FRAME_WORK = 0.014  # seconds from a frame's start after which no part starts deferrable work

_deadline: float | None = None  # perf_counter() of the open frame's shared deadline


def begin_frame(work_s: float = FRAME_WORK) -> None:
    """A frame starts: deferrable work may go on for `work_s` seconds from now."""
    global _deadline
    _deadline = time.perf_counter() + work_s


def end_frame() -> None:
    """The frame is over: no shared deadline until the next one begins."""
    global _deadline
    _deadline = None


def deadline(own_s: float | None) -> float | None:
    """The perf_counter() past which a part with a budget of `own_s` seconds, starting now,
    starts no new work: its own budget or the frame's shared deadline, the earlier; None
    for a part with no budget (it renders everything at once)."""
    if own_s is None:
        return None
    own = time.perf_counter() + own_s
    return own if _deadline is None else min(own, _deadline)
