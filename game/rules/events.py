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
from game.i18n import N_, _, ngettext, source_text

STAGE_NAMES = {
    "Timing": N_("Timing Stage"),
    "Strategy": N_("Strategy Stage"),
    "Modifier": N_("Modifier Stage"),
    "Resolution": N_("Resolution Stage"),
}
"""The round's stages by the name events give them, as the log writes them."""
MOVE_VERBS = {
    "walk": N_("walks"),
    "sprint": N_("sprints"),
    "evade": N_("evades"),
    "retreat": N_("retreats"),
    "crawl": N_("crawls"),
    "charge": N_("charges"),
    "dive": N_("dives"),
    "flee": N_("flees"),
}
"""A movement's mode → the log's verb (translated where it is written)."""
OUTCOMES = (N_("success"), N_("failure"), N_("hit"), N_("miss"), N_("general hit"))
"""A roll's outcomes, as events carry them (translated in the log)."""
BODY_PARTS = (
    N_("head"),
    N_("right arm"),
    N_("left arm"),
    N_("right leg"),
    N_("left leg"),
    N_("arms"),
    N_("legs"),
)
"""The body parts a hit may land on besides the torso (translated where they are shown)."""
COMPASS = {
    "N": N_("N"),
    "NE": N_("NE"),
    "E": N_("E"),
    "SE": N_("SE"),
    "S": N_("S"),
    "SW": N_("SW"),
    "W": N_("W"),
    "NW": N_("NW"),
}
"""The eight facings' abbreviations (a translation may use its own: NO for NE)."""


def stage_name(stage: str) -> str:
    """ "Strategy" → "Strategy Stage", in the language in use."""
    return _(STAGE_NAMES[stage]) if stage in STAGE_NAMES else _("{stage} Stage").format(stage=stage)


def compass(facing: str) -> str:
    """A facing's abbreviation ("NE") in the language in use."""
    return _(COMPASS[facing]) if facing in COMPASS else facing


def action_name(action: str) -> str:
    """An action's name as events carry it ("Strike", "Strike, Feint") in the language in use."""
    return ", ".join(_(part) for part in action.split(", "))


@dataclass(frozen=True)
class Event:
    """Base class: every event has a kind and prints one line."""

    kind: ClassVar[str] = "event"

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        """One line of the battle log."""
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        """JSON form: {"event": kind, fields…}, in the source language whatever the window
        shows: saves hash it (`round_hashes`) and `replay --verify` compares."""
        with source_text():
            return self._fields()

    def _fields(self) -> dict[str, Any]:
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
        return _("— Round {round} —").format(round=self.round)


@dataclass(frozen=True)
class StageStarted(Event):
    """One of the four stages begins."""

    kind: ClassVar[str] = "stage_started"
    stage: str

    def text(self) -> str:
        return stage_name(self.stage)


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
        if self.reroll:
            template = _("{actor} Timing (tie re-roll {reroll}): {die} [d12] + {timing} [Timing] = {score}")
        else:
            template = _("{actor} Timing: {die} [d12] + {timing} [Timing] = {score}")
        return template.format(
            actor=self.actor, reroll=self.reroll, die=self.die, timing=self.timing, score=self.score
        )


@dataclass(frozen=True)
class TimingOrderSet(Event):
    """The Timing order, best first; declarations go the other way."""

    kind: ClassVar[str] = "timing_order"
    order: tuple[str, ...]
    fixed: bool = False

    def text(self) -> str:
        template = (
            _("Timing order (set by the scenario): {order}") if self.fixed else _("Timing order: {order}")
        )
        return template.format(order=", ".join(self.order))


@dataclass(frozen=True)
class OrderDeclared(Event):
    """A combatant's declaration, as the other combatants see it."""

    kind: ClassVar[str] = "order_declared"
    actor: str
    summary: str
    action_penalty: int

    def text(self) -> str:
        if self.action_penalty:
            template = _("{actor} declares {summary} (Action Penalty \u2212{penalty})")
        else:
            template = _("{actor} declares {summary}")
        return template.format(actor=self.actor, summary=_(self.summary), penalty=-self.action_penalty)


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
        action = action_name(self.action)
        if self.target:
            action = _("{action} on {target}").format(action=action, target=self.target)
        if self.die is None:
            result = _("impossible")
        else:
            result = _("rolled {die}: {outcome}").format(die=self.die, outcome=_(self.outcome))
        if self.note:
            result = _("{result} ({note})").format(result=result, note=_(self.note))
        return _("{actor} — {action}: {breakdown}; {result}").format(
            actor=self.actor, action=action, breakdown=self.breakdown.text(), result=result
        )

    def _fields(self) -> dict[str, Any]:
        data = super()._fields()
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
        return _("{actor} — {action} ignored: {reason}").format(
            actor=self.actor, action=action_name(self.action), reason=_(self.reason)
        )


@dataclass(frozen=True)
class EvadeLimited(Event):
    """An Evade whose Defense Penalty is cut to the whole metres actually moved (CO.15)."""

    kind: ClassVar[str] = "evade_limited"
    actor: str
    rolled: int
    kept: int
    metres: float

    def text(self) -> str:
        return _("{actor} — Evade {rolled} limited to {kept}: only {metres:.1f} m moved").format(
            actor=self.actor, rolled=self.rolled, kept=self.kept, metres=self.metres
        )


@dataclass(frozen=True)
class ActionNullified(Event):
    """A declared action that cannot happen any more (target gone, out of reach …)."""

    kind: ClassVar[str] = "action_nullified"
    actor: str
    action: str
    target: str | None
    reason: str

    def text(self) -> str:
        if self.target:
            template = _("{actor} — {action} on {target} nullified: {reason}")
        else:
            template = _("{actor} — {action} nullified: {reason}")
        return template.format(
            actor=self.actor, action=action_name(self.action), target=self.target, reason=_(self.reason)
        )


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
        facing, note = compass(self.facing), _(self.note)
        if len(self.path) <= 1:
            if self.path:
                line = _("{actor} stays at {tile}, facing {facing}")
            else:
                line = _("{actor} stays, facing {facing}")
            line = line.format(actor=self.actor, tile=tuple(self.path[0]) if self.path else "", facing=facing)
            return _("{line} ({note})").format(line=line, note=note) if self.note else line
        # Translators: {moves} is one of "walks", "sprints", "evades", "retreats", "crawls" …
        line = _("{actor} {moves} {metres:.1f} m of {allowed:.1f} m {start} → {end}, facing {facing}").format(
            actor=self.actor,
            moves=_(MOVE_VERBS.get(self.mode, self.mode + "s")),
            metres=self.metres,
            allowed=self.allowed,
            start=tuple(self.path[0]),
            end=tuple(self.path[-1]),
            facing=facing,
        )
        return _("{line}; {note}").format(line=line, note=note) if self.note else line


@dataclass(frozen=True)
class Turned(Event):
    """A combatant that did not move ends facing a new way."""

    kind: ClassVar[str] = "turned"
    actor: str
    facing: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return _("{actor} turns to face {facing}").format(actor=self.actor, facing=compass(self.facing))


@dataclass(frozen=True)
class DefenseTotal(Event):
    """The Defense Penalties a combatant's successful defences create this round."""

    kind: ClassVar[str] = "defense_total"
    actor: str
    parts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        terms = " + ".join(f"{v} [{_(n)}]" for n, v in self.parts)
        total = sum(v for _n, v in self.parts)
        return _("{actor} Defense Penalties: {terms} = {total}").format(
            actor=self.actor, terms=terms, total=total
        )


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
        return _("{actor} hits {target} ({part}) with {weapon}").format(
            actor=self.actor, target=self.target, part=_(self.part), weapon=self.weapon
        )


@dataclass(frozen=True)
class Injured(Event):
    """Injuries added by a failed Withstand Injury roll."""

    kind: ClassVar[str] = "injured"
    target: str
    added: int
    injuries: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        takes = ngettext("{target} takes {added} Injury", "{target} takes {added} Injuries", self.added)
        now = ngettext("now {injuries} Injury", "now {injuries} Injuries", self.injuries)
        return _("{takes}; {now}").format(
            takes=takes.format(target=self.target, added=self.added), now=now.format(injuries=self.injuries)
        )


@dataclass(frozen=True)
class Defeated(Event):
    """A combatant reached 3 Injuries."""

    kind: ClassVar[str] = "defeated"
    target: str
    target_id: int | None = entity_id()

    def text(self) -> str:
        return _("{target} is Defeated").format(target=self.target)


@dataclass(frozen=True)
class Fled(Event):
    """A combatant stepped off the map from the edge tile `tile` and is out of the battle (RULES.md §7)."""

    kind: ClassVar[str] = "fled"
    actor: str
    tile: Tile
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return _("{actor} flees off the map from {tile}").format(actor=self.actor, tile=tuple(self.tile))


@dataclass(frozen=True)
class Killed(Event):
    """A Defeated combatant failed a Withstand Injury roll."""

    kind: ClassVar[str] = "killed"
    target: str
    target_id: int | None = entity_id()

    def text(self) -> str:
        return _("{target} is killed").format(target=self.target)


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
        return _("{target} is Disarmed: {weapon} lands at {tile}").format(
            target=self.target, weapon=self.weapon, tile=tuple(self.tile)
        )


@dataclass(frozen=True)
class WeaponFell(WeaponDropped):
    """A weapon slips from its holder's hand (a wounded arm's failed Grip, a fumble): it
    lands on `tile` as a Disarmed one does, and may be retrieved."""

    kind: ClassVar[str] = "weapon_fell"
    why: str = ""

    def text(self) -> str:
        line = _("{target}'s {weapon} falls at {tile}").format(
            target=self.target, weapon=self.weapon, tile=tuple(self.tile)
        )
        return _("{line} ({why})").format(line=line, why=_(self.why)) if self.why else line


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
        return _("{actor} retrieves the {weapon} at {tile}").format(
            actor=self.actor, weapon=self.weapon, tile=tuple(self.tile)
        )


@dataclass(frozen=True)
class RoundEnded(Event):
    """The round is over."""

    kind: ClassVar[str] = "round_ended"
    round: int

    def text(self) -> str:
        return _("— End of round {round} —").format(round=self.round)


@dataclass(frozen=True)
class BattleEnded(Event):
    """One side is left standing, or nobody is."""

    kind: ClassVar[str] = "battle_ended"
    winner: str | None

    def text(self) -> str:
        return (
            _("Victory for {winner}").format(winner=self.winner)
            if self.winner
            else _("The battle ends in a draw")
        )
