"""Hashes of frozen values worked out once and kept on the value.

Orders, actions, weapons, trails, rules options and the odds' guards key every cache the AI
and the forecast keep, and are hashed hundreds of thousands of times a battle: a frozen
dataclass works its hash out afresh each time (in Python, field by field, enums and
fractions included).  A value that keeps its hash gives the same number a dataclass would,
and leaves it out of its pickled or copied state (`without_hash`): a string's hash differs
from one process to the next.  Its `__hash__` reads the kept hash first and only then builds
its fields (`keep_hash`), so a hash asked again costs one dictionary lookup:

    def __hash__(self) -> int:
        found = self.__dict__.get("_hash")
        if found is not None:
            return found
        return keep_hash(self, (self.a, self.b))
"""

from __future__ import annotations

from typing import Any


def keep_hash(value: object, fields: tuple[object, ...]) -> int:
    """The hash of a frozen value's fields, kept on the value for the next time."""
    found = hash(fields)
    object.__setattr__(value, "_hash", found)
    return found


def without_hash(value: object) -> dict[str, Any]:
    """The value's state to pickle or copy, without the kept hash."""
    state = dict(value.__dict__)
    state.pop("_hash", None)
    return state
