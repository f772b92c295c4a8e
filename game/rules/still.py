"""A scope in which the world stands still, so the rules may remember their answers.

The AI asks the rules the same questions many times while it declares (how a hit
lands, where a Sprint can end) and nothing changes meanwhile: inside
`world_standing_still(memo)` the pure rules functions that call `remembered` keep
their answers in `memo`, which the caller owns and drops when the world changes.
Outside such a scope (the round, the window, the sandbox) nothing is remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_MEMO: ContextVar[dict[Hashable, object] | None] = ContextVar("still_world", default=None)


@contextmanager
def world_standing_still(memo: dict[Hashable, object]) -> Iterator[None]:
    """Inside, `remembered` keeps its answers in `memo`: the caller promises that neither the
    world nor the board changes until the scope ends (or it drops `memo` when they do)."""
    token = _MEMO.set(memo)
    try:
        yield
    finally:
        _MEMO.reset(token)


def remembered(key: Hashable | None, compute: Callable[[], T]) -> T:
    """`compute()`, or, inside `world_standing_still`, its answer kept under `key` (which
    must name everything the answer depends on besides the world and the board); a None
    key is never remembered.  The answer is shared: callers must not change it."""
    memo = _MEMO.get()
    if memo is None or key is None:
        return compute()
    try:
        return memo[key]  # type: ignore[return-value]
    except KeyError:
        found = memo[key] = compute()
        return found
