"""Defense Penalties: what a combatant's successful defences do to each attack.

Each successful defensive roll is one defence (CO.05: the penalty is the sum
of the successful rolls).  The facing module lowers *each roll* by the cost of
the attacker's arc, never below 0 (RULES.md §8), so two Dodges of 4 and 2 from
the back (−4 each) give 0 + 0, exactly as a Dodge of 4 and a Parry of 2 would.
An Evade's penalty is then limited by the whole metres its maker moved (CO.15).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.core.equipment import Weapon
from game.core.modifiers import Modifier
from game.rules.actions import DEFENDS_AGAINST, ActionKind
from game.world import Equipment

DEFENCE_SKILL = {
    ActionKind.PARRY: "parry",
    ActionKind.BLOCK: "block",
    ActionKind.DODGE: "dodge",
    ActionKind.EVADE: "evade",
}
"""The skill each defensive action rolls."""


def reduced(roll: int, cost: int) -> int:
    """One successful defence roll against an attacker whose arc costs `cost` (never below 0)."""
    return max(0, roll - cost)


def evade_limited(total: int, metres: int | None) -> int:
    """An Evade penalty limited by the whole metres moved (CO.15); None: not limited."""
    return total if metres is None else min(total, metres)


@dataclass
class DefenceResult:
    """The successful defensive rolls of one combatant this round.

    `rolls` keeps each successful roll, per defence kind (CO.05: several
    successful defences add up; the facing module reduces each on its own).
    `parrying` records a declared Parry, which gives Disarmers +1 (CO.10)
    whether or not the Parry succeeded.  `evade_metres` is the whole metres
    moved this round, which limits the Evade penalty (CO.15).
    """

    rolls: dict[ActionKind, list[int]] = field(default_factory=dict)
    parry_armed: bool = True
    parrying: bool = False
    evade_metres: int | None = None

    def add(self, kind: ActionKind, roll: int) -> None:
        """Record one successful defensive roll."""
        self.rolls.setdefault(kind, []).append(roll)

    def total(self, kind: ActionKind) -> int:
        """The penalty a kind creates against an attacker in front (the round's ledger)."""
        return self.value(kind, 0)

    def value(self, kind: ActionKind, cost: int) -> int:
        """The penalty of one defence kind against an attacker whose arc costs `cost`."""
        value = sum(reduced(roll, cost) for roll in self.rolls.get(kind, ()))
        return evade_limited(value, self.evade_metres) if kind is ActionKind.EVADE else value

    def penalty_against(
        self, attack: ActionKind, costs: Mapping[ActionKind, int | None] | None = None, arc: str = ""
    ) -> list[Modifier]:
        """The Defense Penalties that count against an attack, one term per defence kind.

        `costs` (facing module) lowers each successful roll against this
        attacker, never below 0; None means the defence cannot face that way.
        """
        mods = []
        for kind in self.rolls:
            if attack not in counters(kind, self.parry_armed) or self.total(kind) == 0:
                continue
            cost = (costs or {}).get(kind, 0)
            if cost is None:
                continue
            name = f"{kind.label} ({arc} arc)" if cost else kind.label
            mods.append(Modifier(name, -self.value(kind, cost)))
        return mods


def counters(kind: ActionKind, armed: bool) -> frozenset[ActionKind]:
    """The attacks a defence counts against (a Parry without a parrying weapon: only Brawling)."""
    if kind is ActionKind.PARRY and not armed:
        return frozenset({ActionKind.BRAWLING})
    return DEFENDS_AGAINST[kind]


def parry_weapon(equipment: Equipment) -> Weapon | None:
    """The weapon a combatant Parries Strikes with: the first melee weapon that can parry.

    Without one, a Parry still counts against Brawling (CO.12: "A Brawl can be
    Parried with a weapon or without one").
    """
    return next((w for w in equipment.weapons if w.is_melee and w.can_parry), None)


def parry_modifiers(equipment: Equipment) -> list[Modifier]:
    """The parrying weapon's Parry bonus or penalty (The Armory)."""
    weapon = parry_weapon(equipment)
    if weapon is None or weapon.parry_modifier == 0:
        return []
    word = "Bonus" if weapon.parry_modifier > 0 else "Penalty"
    return [Modifier(f"{weapon.name} Parry {word}", weapon.parry_modifier)]


def ledger(result: DefenceResult) -> tuple[tuple[str, int], ...]:
    """(kind, penalty) for each defence kind that created one: the DefenseTotal line."""
    return tuple((k.label, result.total(k)) for k in result.rolls if result.total(k))

