"""The round's state as the hooks see it: how each combatant moved (`Trail`), what its
successful defences are worth (`DefenceResult`), and what the Modifier Stage leaves for
the Resolution Stage (`RoundState`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core.geometry import Tile
from game.core.hashing import keep_hash, without_hash
from game.core.modifiers import Modifier
from game.rules.orders import ActionKind
from game.rules.registry import spec_of

T = TypeVar("T")


@dataclass(frozen=True)
class Trail:
    """How a combatant moved this round: the movement that really happened ("none", "walk",
    or a movement action's mode; a refused Sprint walks), the tiles walked (start first) and
    the metres of ground covered.  The round keeps one per combatant (`RoundState.trails`),
    the forecast one per outcome; rules modules read them (a Charge's straight run)."""

    mode: str = "none"
    tiles: tuple[Tile, ...] = ()
    ground: float = 0.0

    def __hash__(self) -> int:
        # Every forecast and imagined attack keys its odds by the two trails: kept (`game.core.hashing`).
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(self, (self.mode, self.tiles, self.ground))

    def __getstate__(self) -> dict[str, Any]:
        return without_hash(self)


def reduced(roll: int, cost: int) -> int:
    """One successful defence roll against an attacker whose arc costs `cost` (never below 0)."""
    return max(0, roll - cost)


def metres_limited(total: int, metres: int | None) -> int:
    """A penalty limited by the whole metres moved (CO.15); None: not limited."""
    return total if metres is None else min(total, metres)


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
        return attack_class in (found if found is not None else spec_of(kind).counters)

    def total(self, kind: ActionKind) -> int:
        """The penalty a kind creates against an attacker in front (the round's ledger)."""
        return self.value(kind, 0)

    def value(self, kind: ActionKind, cost: int) -> int:
        """The penalty of one defence kind against an attacker whose arc costs `cost`."""
        value = sum(reduced(roll, cost) for roll in self.rolls.get(kind, ()))
        return metres_limited(value, self.metres) if spec_of(kind).limited_by_metres else value

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


@dataclass
class RoundState:
    """What the Modifier Stage leaves for the Resolution Stage."""

    defences: dict[int, DefenceResult] = field(default_factory=dict)
    retreated: set[int] = field(default_factory=set)
    """Who got out of melee this round by a movement that leaves it (a Retreat, CO.18)."""
    trails: dict[int, Trail] = field(default_factory=dict)
    """How each combatant moved this round (set as it moves)."""
    facts: dict[int, set[str]] = field(default_factory=dict)
    """Round facts the rules modules record about a combatant ("prone", "dove" …); an attack's
    `Situation` carries its two combatants' facts."""
    owned: dict[str, Any] = field(default_factory=dict)
    """Each plug-in's own state for this round, by its name (`slot`)."""

    def fact(self, eid: int, fact: str, true: bool = True) -> None:
        """Record (or, with `true=False`, drop) a round fact about `eid`."""
        facts = self.facts.setdefault(eid, set())
        if true:
            facts.add(fact)
        else:
            facts.discard(fact)

    def slot(self, owner: str, factory: Callable[[], T]) -> T:
        """The state `owner` (a plug-in's name: its kind or module) keeps this round, made by
        `factory` on first use (a Feint's successes, the weapons picked up).  The round carries
        it without knowing its shape; a rule never borrows another rule's slot."""
        found = self.owned.get(owner)
        if found is None:
            found = self.owned[owner] = factory()
        return found  # type: ignore[no-any-return]
