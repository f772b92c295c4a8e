"""A scope in which the world stands still, so the rules may remember their answers.

The AI asks the rules the same questions many times while it declares (how a hit
lands, where a Sprint can end) and nothing changes meanwhile: inside
`world_standing_still(memo, world)` the pure rules functions that call
`remembered` about that world keep their answers in `memo`, which the caller owns
and drops when the world changes.  A question about any other world (a copy the
AI changed to imagine a round ahead, say) is worked out afresh, and outside such a
scope (the round, the window, the sandbox) nothing is remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_MEMO: ContextVar[tuple[dict[Hashable, object], object] | None] = ContextVar("still_world", default=None)


@contextmanager
def world_standing_still(memo: dict[Hashable, object], world: object) -> Iterator[None]:
    """Inside, `remembered` keeps its answers about `world` in `memo`: the caller promises
    that neither `world` nor the board changes until the scope ends, and that `memo` only
    ever serves worlds with the same contents (it drops `memo` when they change)."""
    token = _MEMO.set((memo, world))
    try:
        yield
    finally:
        _MEMO.reset(token)


def remembered(key: Hashable | None, compute: Callable[[], T], world: object) -> T:
    """`compute()`, or, inside `world_standing_still` and asked about its world, the answer
    kept under `key` (which must name everything the answer depends on besides the world
    and the board); a None key is never remembered.  The answer is shared: callers must
    not change it."""
    scope = _MEMO.get()
    if scope is None or key is None or scope[1] is not world:
        return compute()
    memo = scope[0]
    found = memo.get(key, _UNKNOWN)  # (a miss raising KeyError costs more than the lookup)
    if found is _UNKNOWN:
        found = memo[key] = compute()
    return found  # type: ignore[return-value]


_UNKNOWN = object()
"""Not remembered yet (an answer may be None)."""
