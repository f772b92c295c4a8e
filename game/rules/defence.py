"""Defense Penalties: what a combatant's successful defences do to each attack.

Each successful defensive roll is one defence (CO.05: the penalty is the sum
of the successful rolls).  The facing module lowers *each roll* by the cost of
the attacker's arc, never below 0 (RULES.md §8), so two Dodges of 4 and 2 from
the back (−4 each) give 0 + 0, exactly as a Dodge of 4 and a Parry of 2 would.
A defence limited by metres (Evade) is then capped by the whole metres its
maker moved (CO.15).  Which attacks a defence counts against is its spec's
(`game.rules.actions`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.core.modifiers import Breakdown, Modifier
from game.rules.actions.base import AttackSpec, DefenceSpec
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import DEFENCES, OFFENSIVE, spec_of
from game.world import Equipment


def reduced(roll: int, cost: int) -> int:
    """One successful defence roll against an attacker whose arc costs `cost` (never below 0)."""
    return max(0, roll - cost)


def metres_limited(total: int, metres: int | None) -> int:
    """A penalty limited by the whole metres moved (CO.15); None: not limited."""
    return total if metres is None else min(total, metres)


def defence_spec(kind: ActionKind) -> DefenceSpec:
    """The spec of a defensive action."""
    spec = spec_of(kind)
    assert isinstance(spec, DefenceSpec), f"{kind.value} is not a defence"
    return spec


def attack_class(action: Action) -> str:
    """What defences an attack is countered as (its spec's class)."""
    spec = spec_of(action.kind)
    assert isinstance(spec, AttackSpec)
    return spec.attack_class


def attacks_on(orders: Mapping[int, Order], defender: int) -> list[Action]:
    """Every attack the `orders` declare on `defender`."""
    return [
        action
        for order in orders.values()
        for action in order.actions
        if action.target == defender and action.kind in OFFENSIVE
    ]


def countered(kind: ActionKind, equipment: Equipment, attacks: Iterable[Action]) -> list[Action]:
    """The attacks among `attacks` that a `kind` defence by a defender holding `equipment`
    counts against (an unnecessary defence is ignored, CO.05: the round asks this, and the
    menus say it before the defence is declared)."""
    classes = defence_spec(kind).counters_for(equipment)
    return [action for action in attacks if attack_class(action) in classes]


def ignored_reason(kind: ActionKind) -> str:
    """Why a defence that counters no attack of the round is ignored."""
    label = defence_spec(kind).label
    article = "an" if label[:1].lower() in "aeiou" else "a"
    return f"no attack this round that {article} {label} counters"


@dataclass
class DefenceResult:
    """The successful defensive rolls of one combatant this round.

    `rolls` keeps each successful roll, per defence kind (CO.05: several
    successful defences add up; the facing module reduces each on its own).
    `counters` says, per kind, the attack classes it counts against for this
    defender (a Parry without a parrying weapon counts only against Brawling);
    `declared` holds every defence declared, successful or not (a declared
    Parry gives Disarmers +1, CO.10); `metres` is the whole metres moved this
    round, which caps the defences limited by metres (CO.15).
    """

    rolls: dict[ActionKind, list[int]] = field(default_factory=dict)
    counters: dict[ActionKind, frozenset[str]] = field(default_factory=dict)
    declared: frozenset[ActionKind] = frozenset()
    metres: int | None = None

    def add(self, kind: ActionKind, roll: int) -> None:
        """Record one successful defensive roll."""
        self.rolls.setdefault(kind, []).append(roll)

    def counts_against(self, kind: ActionKind, attack_class: str) -> bool:
        """Whether this defender's `kind` of defence counts against an attack of that class."""
        found = self.counters.get(kind)
        return attack_class in (found if found is not None else defence_spec(kind).counters)

    def total(self, kind: ActionKind) -> int:
        """The penalty a kind creates against an attacker in front (the round's ledger)."""
        return self.value(kind, 0)

    def value(self, kind: ActionKind, cost: int) -> int:
        """The penalty of one defence kind against an attacker whose arc costs `cost`."""
        value = sum(reduced(roll, cost) for roll in self.rolls.get(kind, ()))
        return metres_limited(value, self.metres) if defence_spec(kind).limited_by_metres else value

    def penalty_against(
        self, attack_class: str, costs: Mapping[ActionKind, int | None] | None = None, arc: str = ""
    ) -> list[Modifier]:
        """The Defense Penalties that count against an attack, one term per defence kind.

        `costs` (facing module) lowers each successful roll against this
        attacker, never below 0; None means the defence cannot face that way.
        """
        mods = []
        for kind in self.rolls:
            if not self.counts_against(kind, attack_class) or self.total(kind) == 0:
                continue
            cost = (costs or {}).get(kind, 0)
            if cost is None:
                continue
            name = f"{kind.label} ({arc} arc)" if cost else kind.label
            mods.append(Modifier(name, -self.value(kind, cost)))
        return mods


def without_defence_penalties(breakdown: Breakdown) -> Breakdown:
    """The stat without the Defense Penalties `penalty_against` put in it (what a natural that
    ignores them, a critical, is judged against)."""
    labels = {spec_of(kind).label for kind in DEFENCES}
    kept = tuple(m for m in breakdown.modifiers if m.name.split(" (")[0] not in labels)
    return Breakdown(breakdown.base_name, breakdown.base, kept)


def ledger(result: DefenceResult) -> tuple[tuple[str, int], ...]:
    """(kind, penalty) for each defence kind that created one: the DefenseTotal line."""
    return tuple((k.label, result.total(k)) for k in result.rolls if result.total(k))
