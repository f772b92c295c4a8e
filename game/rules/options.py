"""Which rules modules a battle plays with (RULES.md §8).

The engine's default is the combat chapter alone, as the worked examples
assume.  Battles on a map (scenarios, the game) start from
`RuleOptions.battlefield()`: the modules marked on by default (facing and
cover).  The modules themselves are in `game.rules.modules`; this only says
which are on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.hashing import keep_hash, without_hash
from game.rules.registry import module_of, rules_modules


def module_names() -> tuple[str, ...]:
    """Every known rules module, in the order the setup screen lists them."""
    return tuple(m.name for m in rules_modules())


@dataclass(frozen=True, init=False)
class RuleOptions:
    """The set of rules modules in play.

    `RuleOptions(facing=True)` or `RuleOptions({"facing", "cover"})`;
    `options.has("facing")` (or `options.facing`) asks about one.
    """

    on: frozenset[str]

    def __init__(self, modules: Iterable[str] = (), **flags: bool) -> None:
        chosen = set(modules) | {name for name, value in flags.items() if value}
        for name in [*chosen, *flags]:
            _known(name)
        object.__setattr__(self, "on", frozenset(_with_requirements(chosen)))

    def __hash__(self) -> int:
        # Part of the key of every odds and forecast the rules remember: kept (`game.core.hashing`).
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(self, (self.on,))

    def __getstate__(self) -> dict[str, Any]:
        return without_hash(self)

    def has(self, name: str) -> bool:
        """Whether the module of that name is on."""
        return name in self.on

    def __getattr__(self, name: str) -> bool:
        # `options.facing` reads like a field for every registered module.
        if name.startswith("_") or name == "on":
            raise AttributeError(name)
        try:
            module_of(name)
        except KeyError:
            raise AttributeError(f"no rules module {name!r}") from None
        return name in self.on

    @classmethod
    def battlefield(cls) -> RuleOptions:
        """The defaults for battles on a map: every module that is on by default."""
        return cls(m.name for m in rules_modules() if m.default_on)

    def with_module(self, name: str, on: bool) -> RuleOptions:
        """A copy with one module switched on (with the modules it requires) or off (with the
        modules that require it)."""
        _known(name)
        if on:
            return RuleOptions(self.on | {name})
        return RuleOptions(m for m in self.on if name not in _with_requirements({m}))

    def to_dict(self) -> dict[str, bool]:
        """JSON form: every built-in module on by default (on or off) and every module that is
        on.  A module off by default is left out while it is off, so a battle saved before that
        module existed writes (and hashes) the same; reading treats a missing module as off."""
        return {
            m.name: m.name in self.on
            for m in rules_modules()
            if (m.builtin and m.default_on) or m.name in self.on
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], base: RuleOptions | None = None) -> RuleOptions:
        """Options from JSON, starting from `base`; ValueError names an unknown module."""
        on = set((base or cls()).on)
        for key, value in data.items():
            _known(key)
            if not isinstance(value, bool):
                raise ValueError(f"rules module {key}: expected true or false, got {value!r}")
            if value:
                on.add(key)
            else:
                on.discard(key)
        for key, value in data.items():
            needing = sorted(m for m in on if value is False and key in _with_requirements({m}) - {m})
            if needing:
                raise ValueError(
                    f"rules module {needing[0]} needs {key}: switch {key} on, or {needing[0]} off"
                )
        return cls(on)


def _with_requirements(names: Iterable[str]) -> set[str]:
    """The modules named and every module they require, and those require … (RulesModule.requires)."""
    found: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo += module_of(name).requires
    return found


def _known(name: str) -> None:
    try:
        module_of(name)
    except KeyError:
        raise ValueError(f"unknown rules module {name!r} (known: {', '.join(module_names())})") from None
