"""What a round produces: events, each printable the rulebook's way and as JSON.

Rendering, the log, animation and sound consume these; `game.rules.apply`
is the one place that says what an event does to the world (the round changes
the world only through it, and playback replays a round with it).  Events name
combatants by name for the text (names are unique within a battle) and carry
their entity ids for `apply`; the ids are left out of the JSON form, which is
what players and tools read.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.geometry import Tile
from game.core.modifiers import Breakdown


@dataclass(frozen=True)
class Event:
    """Base class: every event has a kind and prints one line."""

    kind: ClassVar[str] = "event"

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        """One line of the battle log."""
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        """JSON form: {"event": kind, fields…}."""
        data: dict[str, Any] = {"event": self.kind}
        for f in dataclasses.fields(self):
            if f.metadata.get("id"):
                continue
            value = getattr(self, f.name)
            if isinstance(value, Breakdown):
                value = value.to_dict()
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            data[f.name] = value
        return data


def entity_id() -> Any:
    """A field for an entity id: for `apply`, left out of the JSON form and of comparisons
    (two events that say the same thing are equal)."""
    return field(default=None, compare=False, metadata={"id": True})


@dataclass(frozen=True)
class RoundStarted(Event):
    """A new round begins."""

    kind: ClassVar[str] = "round_started"
    round: int

    def text(self) -> str:
        return f"— Round {self.round} —"


@dataclass(frozen=True)
class StageStarted(Event):
    """One of the four stages begins."""

    kind: ClassVar[str] = "stage_started"
    stage: str

    def text(self) -> str:
        return f"{self.stage} Stage"


@dataclass(frozen=True)
class TimingRolled(Event):
    """A Timing roll: d12 + Timing (re-rolls among tied combatants are marked)."""

    kind: ClassVar[str] = "timing_rolled"
    actor: str
    die: int
    timing: int
    score: int
    reroll: int = 0

    def text(self) -> str:
        again = f" (tie re-roll {self.reroll})" if self.reroll else ""
        return f"{self.actor} Timing{again}: {self.die} [d12] + {self.timing} [Timing] = {self.score}"


@dataclass(frozen=True)
class TimingOrderSet(Event):
    """The Timing order, best first; declarations go the other way."""

    kind: ClassVar[str] = "timing_order"
    order: tuple[str, ...]
    fixed: bool = False

    def text(self) -> str:
        how = " (set by the scenario)" if self.fixed else ""
        return f"Timing order{how}: {', '.join(self.order)}"


@dataclass(frozen=True)
class OrderDeclared(Event):
    """A combatant's declaration, as the other combatants see it."""

    kind: ClassVar[str] = "order_declared"
    actor: str
    summary: str
    action_penalty: int

    def text(self) -> str:
        penalty = f" (Action Penalty \u2212{-self.action_penalty})" if self.action_penalty else ""
        return f"{self.actor} declares {self.summary}{penalty}"


@dataclass(frozen=True)
class Rolled(Event):
    """A skill roll with its full breakdown: `6 [Strike] − 4 [Dodge] = 2; rolled 11: miss`.

    `die` is None when the modified stat is below 1: the action is impossible
    and no die is rolled.  `outcome` is one of success, failure, hit, miss,
    impossible, or "general hit" for a Called Shot that hits only the torso.
    """

    kind: ClassVar[str] = "rolled"
    actor: str
    action: str
    target: str | None
    breakdown: Breakdown
    die: int | None
    outcome: str
    note: str = ""

    @property
    def succeeded(self) -> bool:
        """Whether the roll achieved its purpose (a general hit counts)."""
        return self.outcome in ("success", "hit", "general hit")

    def text(self) -> str:
        at = f" on {self.target}" if self.target else ""
        if self.die is None:
            result = "impossible"
        else:
            result = f"rolled {self.die}: {self.outcome}"
        note = f" ({self.note})" if self.note else ""
        return f"{self.actor} — {self.action}{at}: {self.breakdown.text()}; {result}{note}"

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["text"] = self.breakdown.text()
        data["target_number"] = self.breakdown.total
        return data


@dataclass(frozen=True)
class ActionIgnored(Event):
    """An unnecessary defence (no attack it could counter): not rolled, still penalised."""

    kind: ClassVar[str] = "action_ignored"
    actor: str
    action: str
    reason: str

    def text(self) -> str:
        return f"{self.actor} — {self.action} ignored: {self.reason}"


@dataclass(frozen=True)
class EvadeLimited(Event):
    """An Evade whose Defense Penalty is cut to the whole metres actually moved (CO.15)."""

    kind: ClassVar[str] = "evade_limited"
    actor: str
    rolled: int
    kept: int
    metres: float

    def text(self) -> str:
        return f"{self.actor} — Evade {self.rolled} limited to {self.kept}: only {self.metres:.1f} m moved"


@dataclass(frozen=True)
class ActionNullified(Event):
    """A declared action that cannot happen any more (target gone, out of reach …)."""

    kind: ClassVar[str] = "action_nullified"
    actor: str
    action: str
    target: str | None
    reason: str

    def text(self) -> str:
        at = f" on {self.target}" if self.target else ""
        return f"{self.actor} — {self.action}{at} nullified: {self.reason}"


@dataclass(frozen=True)
class Moved(Event):
    """Movement along a path (normal, Sprint, Retreat), with the metres covered."""

    kind: ClassVar[str] = "moved"
    actor: str
    mode: str
    path: tuple[Tile, ...]
    metres: float
    allowed: float
    facing: str
    note: str = ""
    actor_id: int | None = entity_id()

    def text(self) -> str:
        if len(self.path) <= 1:
            where = f"stays at {tuple(self.path[0])}" if self.path else "stays"
            note = f" ({self.note})" if self.note else ""
            return f"{self.actor} {where}, facing {self.facing}{note}"
        note = f"; {self.note}" if self.note else ""
        return (
            f"{self.actor} {self.mode}s {self.metres:.1f} m of {self.allowed:.1f} m "
            f"{tuple(self.path[0])} → {tuple(self.path[-1])}, facing {self.facing}{note}"
        )


@dataclass(frozen=True)
class Turned(Event):
    """A combatant that did not move ends facing a new way."""

    kind: ClassVar[str] = "turned"
    actor: str
    facing: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} turns to face {self.facing}"


@dataclass(frozen=True)
class DefenseTotal(Event):
    """The Defense Penalties a combatant's successful defences create this round."""

    kind: ClassVar[str] = "defense_total"
    actor: str
    parts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        terms = " + ".join(f"{v} [{n}]" for n, v in self.parts)
        total = sum(v for _, v in self.parts)
        return f"{self.actor} Defense Penalties: {terms} = {total}"


@dataclass(frozen=True)
class Hit(Event):
    """An attack landed, on a body part (torso for a general hit)."""

    kind: ClassVar[str] = "hit"
    actor: str
    target: str
    part: str
    weapon: str
    actor_id: int | None = entity_id()
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} hits {self.target} ({self.part}) with {self.weapon}"


@dataclass(frozen=True)
class Injured(Event):
    """Injuries added by a failed Withstand Injury roll."""

    kind: ClassVar[str] = "injured"
    target: str
    added: int
    injuries: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        added = "Injury" if self.added == 1 else "Injuries"
        plural = "ies" if self.injuries != 1 else "y"
        return f"{self.target} takes {self.added} {added}; now {self.injuries} Injur{plural}"


@dataclass(frozen=True)
class Defeated(Event):
    """A combatant reached 3 Injuries."""

    kind: ClassVar[str] = "defeated"
    target: str
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target} is Defeated"


@dataclass(frozen=True)
class Fled(Event):
    """A combatant stepped off the map from the edge tile `tile` and is out of the battle (RULES.md §7)."""

    kind: ClassVar[str] = "fled"
    actor: str
    tile: Tile
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} flees off the map from {tuple(self.tile)}"


@dataclass(frozen=True)
class Killed(Event):
    """A Defeated combatant failed a Withstand Injury roll."""

    kind: ClassVar[str] = "killed"
    target: str
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target} is killed"


@dataclass(frozen=True)
class WeaponDropped(Event):
    """A Disarm knocked a weapon to the ground."""

    kind: ClassVar[str] = "weapon_dropped"
    target: str
    weapon: str
    tile: Tile
    target_id: int | None = entity_id()
    item_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target} is Disarmed: {self.weapon} lands at {tuple(self.tile)}"


@dataclass(frozen=True)
class WeaponFell(WeaponDropped):
    """A weapon slips from its holder's hand (a wounded arm's failed Grip, a fumble): it
    lands on `tile` as a Disarmed one does, and may be retrieved."""

    kind: ClassVar[str] = "weapon_fell"
    why: str = ""

    def text(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"{self.target}'s {self.weapon} falls at {tuple(self.tile)}{why}"


@dataclass(frozen=True)
class WeaponRetrieved(Event):
    """Someone picked a dropped weapon up."""

    kind: ClassVar[str] = "weapon_retrieved"
    actor: str
    weapon: str
    tile: Tile
    actor_id: int | None = entity_id()
    item_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} retrieves the {self.weapon} at {tuple(self.tile)}"


@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over."""

    kind: ClassVar[str] = "round_ended"
    round: int

    def text(self) -> str:
        return f"— End of round {self.round} —"


@dataclass(frozen=True)
class BattleEnded(Event):
    """One side is left standing, or nobody is."""

    kind: ClassVar[str] = "battle_ended"
    winner: str | None

    def text(self) -> str:
        return f"Victory for {self.winner}" if self.winner else "The battle ends in a draw"
