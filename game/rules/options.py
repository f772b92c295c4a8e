"""Rules modules a battle switches on or off (RULES.md §8).

The engine's default is the combat chapter alone, as the worked examples
assume.  Battles on a map (scenarios, the game) start from
`RuleOptions.battlefield()`, where facing and cover are on.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

MODULES = ("facing", "cover")


@dataclass(frozen=True)
class RuleOptions:
    """Which positional rules modules are in play."""

    facing: bool = False
    cover: bool = False

    @classmethod
    def battlefield(cls) -> RuleOptions:
        """The defaults for battles on a map: facing and cover on."""
        return cls(facing=True, cover=True)

    def to_dict(self) -> dict[str, bool]:
        """JSON form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, object], base: RuleOptions | None = None) -> RuleOptions:
        """Options from JSON, starting from `base`; ValueError names an unknown module."""
        values = (base or cls()).to_dict()
        for key, value in data.items():
            if key not in values:
                raise ValueError(f"unknown rules module {key!r} (known: {', '.join(MODULES)})")
            if not isinstance(value, bool):
                raise ValueError(f"rules module {key}: expected true or false, got {value!r}")
            values[key] = value
        return cls(**values)
