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
        object.__setattr__(self, "on", frozenset(chosen))

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
        """A copy with one module switched on or off."""
        _known(name)
        return RuleOptions(self.on | {name} if on else self.on - {name})

    def switched(self, name: str, on: bool) -> RuleOptions:
        """A copy with one module switched as a player means it: on with the modules it
        requires, off with the modules that require it."""
        chosen = self.with_module(name, on)
        for module in rules_modules():
            if on and module.name == name:
                for needed in module.requires:
                    chosen = chosen.switched(needed, True)
            elif not on and name in module.requires and chosen.has(module.name):
                chosen = chosen.switched(module.name, False)
        return chosen

    def unmet(self) -> list[str]:
        """What the modules that are on require and is off ("location_effects needs hit_locations")."""
        return [
            f"{m.name} needs {' and '.join(r for r in m.requires if not self.has(r))}"
            for m in rules_modules()
            if self.has(m.name) and not all(self.has(r) for r in m.requires)
        ]

    def to_dict(self) -> dict[str, bool]:
        """JSON form: every module that is on, and every built-in module on by default that is
        off.  A module off by default and off is left out: read back from any base it is off,
        and saves and sandbox logs written before it existed stay the same."""
        return {
            m.name: m.name in self.on
            for m in rules_modules()
            if m.name in self.on or (m.builtin and m.default_on)
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
        return cls(on)


def _known(name: str) -> None:
    try:
        module_of(name)
    except KeyError:
        raise ValueError(f"unknown rules module {name!r} (known: {', '.join(module_names())})") from None
