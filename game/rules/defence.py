"""Defense Penalties: what a combatant's successful defences do to each attack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.rules.actions import DEFENDS_AGAINST, ActionKind
from game.rules.modifiers import Modifier
from game.world import Equipment

DEFENCE_SKILL = {
    ActionKind.PARRY: "parry",
    ActionKind.BLOCK: "block",
    ActionKind.DODGE: "dodge",
    ActionKind.EVADE: "evade",
}
"""The skill each defensive action rolls."""


@dataclass
class DefenceResult:
    """The successful defensive rolls of one combatant this round.

    `rolls` sums the successful rolls per defence kind (CO.05: several
    successful defences add up); `parrying` records a declared Parry, which
    gives Disarmers +1 (CO.10) whether or not the Parry succeeded.
    """

    rolls: dict[ActionKind, int] = field(default_factory=dict)
    parry_armed: bool = True
    parrying: bool = False

    def penalty_against(
        self, attack: ActionKind, costs: Mapping[ActionKind, int | None] | None = None, arc: str = ""
    ) -> list[Modifier]:
        """The Defense Penalties that count against an attack, one per defence kind.

        `costs` (facing module) lowers each defence kind's total against this
        attacker, never below 0; None means the defence cannot face that way.
        """
        mods = []
        for kind, total in self.rolls.items():
            if attack not in counters(kind, self.parry_armed) or total == 0:
                continue
            cost = (costs or {}).get(kind, 0)
            if cost is None:
                continue
            name = f"{kind.label} ({arc} arc)" if cost else kind.label
            mods.append(Modifier(name, -max(0, total - cost)))
        return mods


def counters(kind: ActionKind, armed: bool) -> frozenset[ActionKind]:
    """The attacks a defence counts against (a bare-handed Parry: only Brawling)."""
    if kind is ActionKind.PARRY and not armed:
        return frozenset({ActionKind.BRAWLING})
    return DEFENDS_AGAINST[kind]


def parry_modifiers(equipment: Equipment) -> list[Modifier]:
    """The parrying weapon's Parry bonus or penalty (The Armory)."""
    weapon = next((w for w in equipment.weapons if w.is_melee and w.can_parry), None)
    if weapon is None or weapon.parry_modifier == 0:
        return []
    word = "Bonus" if weapon.parry_modifier > 0 else "Penalty"
    return [Modifier(f"{weapon.name} Parry {word}", weapon.parry_modifier)]
