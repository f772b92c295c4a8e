"""Character sheets: attributes, the Combat Composite and skill stats (CO.02–CO.03)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.core.equipment import MissileKind
from game.i18n import N_

ATTRIBUTES = ("vigor", "agility", "stamina", "intuition", "intellect", "luck")

COMBAT_SKILLS = (
    "strike",
    "feint",
    "disarm",
    "brawling",
    "parry",
    "block",
    "dodge",
    "evade",
    "movement",
)
"""Skills that start at the Combat Composite (Missile Strike is per kind, below)."""

MISSILE_SKILLS = {kind: f"missile_{kind.value}" for kind in MissileKind}

OTHER_SKILLS = {"grip": "vigor", "timing": "agility", "withstand_injury": "stamina"}
"""Non-combat skills this game rolls, and the attribute each starts at."""

ALL_SKILLS = COMBAT_SKILLS + tuple(MISSILE_SKILLS.values()) + tuple(OTHER_SKILLS)

SKILL_LABELS = {
    "strike": N_("Strike"),
    "feint": N_("Feint"),
    "disarm": N_("Disarm"),
    "brawling": N_("Brawling"),
    "parry": N_("Parry"),
    "block": N_("Block"),
    "dodge": N_("Dodge"),
    "evade": N_("Evade"),
    "movement": N_("Movement"),
    "grip": N_("Grip"),
    "timing": N_("Timing"),
    "withstand_injury": N_("Withstand Injury"),
    **{name: f"Missile Strike ({kind.label})" for kind, name in MISSILE_SKILLS.items()},
}

LUCK_FOR_FAVORABLE_ROUNDING = 4
"""[design] RULES.md §2: Luck 4 or more grants Favorable Rounding unless the sheet says."""

UNTRAINED_MISSILE_PENALTY = 3
"""CO.07: −3 with a missile kind one is not trained in, never below the Unhoned level."""


@dataclass(frozen=True)
class Sheet:
    """The numbers on a character sheet.

    `skills` holds only the skills raised (or lowered) on the sheet; every other
    skill is at its starting value.  A Missile Strike kind listed in `skills` is
    a kind the character is trained in.
    """

    vigor: int
    agility: int
    stamina: int = 3
    intuition: int = 3
    intellect: int = 3
    luck: int = 3
    favorable_rounding: bool | None = None
    skills: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ATTRIBUTES:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"attribute {name} must be a whole number ≥ 0, not {value!r}")
        for name, value in self.skills.items():
            if name not in ALL_SKILLS:
                raise ValueError(f"unknown skill {name!r}")
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"skill {name} must be a whole number, not {value!r}")
        object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))

    @property
    def has_favorable_rounding(self) -> bool:
        """Whether halves round up: the sheet's word, else Luck ≥ 4."""
        if self.favorable_rounding is not None:
            return self.favorable_rounding
        return self.luck >= LUCK_FOR_FAVORABLE_ROUNDING

    @property
    def combat_composite(self) -> int:
        """(Vigor + Agility) / 2, rounded down, or up with Favorable Rounding."""
        total = self.vigor + self.agility
        return (total + 1) // 2 if self.has_favorable_rounding else total // 2

    def skill(self, name: str) -> int:
        """The skill stat before any modifier of the round."""
        if name in self.skills:
            return self.skills[name]
        if name in OTHER_SKILLS:
            return getattr(self, OTHER_SKILLS[name])
        if name in COMBAT_SKILLS or name in MISSILE_SKILLS.values():
            return self.combat_composite
        raise KeyError(f"unknown skill {name!r}")

    def trained_missile_kinds(self) -> tuple[MissileKind, ...]:
        """The missile kinds raised on the sheet."""
        return tuple(kind for kind, name in MISSILE_SKILLS.items() if name in self.skills)

    def missile_strike(self, kind: MissileKind) -> tuple[str, int, int]:
        """(skill label, base stat, untrained penalty) for a Missile Strike of `kind`.

        An untrained kind starts from the best trained kind's stat with a −3
        penalty that never takes it below the Unhoned level (CO.07, Alex: Slug
        Thrower 10 gives Beam 10 − 3 = 7).
        """
        name = MISSILE_SKILLS[kind]
        if name in self.skills or not self.trained_missile_kinds():
            return SKILL_LABELS[name], self.skill(name), 0
        best = max(self.trained_missile_kinds(), key=lambda k: self.skill(MISSILE_SKILLS[k]))
        base = self.skill(MISSILE_SKILLS[best])
        penalty = min(UNTRAINED_MISSILE_PENALTY, max(0, base - self.combat_composite))
        return SKILL_LABELS[MISSILE_SKILLS[best]], base, penalty

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        data: dict[str, object] = {name: getattr(self, name) for name in ATTRIBUTES}
        if self.favorable_rounding is not None:
            data["favorable_rounding"] = self.favorable_rounding
        data["skills"] = dict(self.skills)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Sheet:
        """Inverse of `to_dict`."""
        kwargs = {name: data[name] for name in ATTRIBUTES if name in data}
        return cls(
            favorable_rounding=data.get("favorable_rounding"),  # type: ignore[arg-type]
            skills=dict(data.get("skills", {})),  # type: ignore[call-overload]
            **kwargs,  # type: ignore[arg-type]
        )
