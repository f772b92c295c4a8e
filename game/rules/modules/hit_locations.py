"""The hit locations module (RULES.md §8; seed 004): a hit rolls where it lands, and every
combatant keeps its Injuries per location.

    d100: head 01–10, torso 11–60, right arm 61–70, left arm 71–80,
          right leg 81–90, left leg 91–00

Called Shots still choose: a full Called Shot hit lands on the part it called,
which is on one location (`PART_LOCATION`: the neck and eyes are the head, a
hand its arm, a foot its leg; a spot on no location, such as a drone's sensor,
counts as the torso), and its general hit on the torso, as CO.08 says.  Every
other hit rolls (004: "If the character does not aim, the GM determines where
the character is hit randomly").  The roll is the attacker's, dice key
"Name:Hit Location".
Alone the module changes no number: location effects and cover by body part
build on it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from game.i18n import N_
from game.rules.api.attack import Blow
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.hits import PERCENTILE, percentile
from game.rules.positions import name_of
from game.rules.registry import register_module
from game.world import World
from game.world.registry import component

if TYPE_CHECKING:
    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort

NAME = "hit_locations"
PURPOSE = "Hit Location"
SIDES = PERCENTILE  # a d100: 00 reads as 100
LOCATIONS: tuple[tuple[str, int], ...] = (
    ("head", 10),
    ("torso", 60),
    ("right arm", 70),
    ("left arm", 80),
    ("right leg", 90),
    ("left leg", 100),
)
"""Each location with the highest d100 roll that lands on it (seed 004)."""
LOCATION_NAMES = tuple(name for name, _ in LOCATIONS)
PART_LOCATION = {
    **{name: name for name in LOCATION_NAMES},
    "neck": "head",
    "eyes": "head",
    "right hand": "right arm",
    "left hand": "left arm",
    "right foot": "right leg",
    "left foot": "left leg",
}
"""The location each Called Shot part of `game.rules.called_shots` is on."""
DEFAULT_LOCATION = "torso"
"""Where a called spot that is on no location counts (a sensor, a strap)."""


def location_of_roll(die: int) -> str:
    """The location a d100 roll lands on."""
    return next(name for name, top in LOCATIONS if die <= top)


def location_of_part(part: str) -> str:
    """The location a called part is on."""
    return PART_LOCATION.get(part.casefold(), DEFAULT_LOCATION)


def location_ranges() -> list[tuple[str, int, int]]:
    """(location, lowest roll, highest roll) for each location."""
    found, low = [], 1
    for name, top in LOCATIONS:
        found.append((name, low, top))
        low = top + 1
    return found


def table_text() -> str:
    """ "head 01–10, torso 11–60, …" """
    ranges = location_ranges()
    return ", ".join(f"{name} {percentile(low)}\u2013{percentile(high)}" for name, low, high in ranges)


@component("wounds")
@dataclass(frozen=True)
class Wounds:
    """Injuries per hit location (those taken before the battle are on none)."""

    by_location: tuple[tuple[str, int], ...] = ()

    def get(self, location: str) -> int:
        """Injuries on one location."""
        return dict(self.by_location).get(location, 0)

    def plus(self, location: str, added: int) -> Wounds:
        """A copy with `added` more on `location`, in the table's order."""
        counts = dict(self.by_location)
        counts[location] = counts.get(location, 0) + added
        return Wounds(tuple((name, counts[name]) for name in LOCATION_NAMES if counts.get(name)))

    def to_json(self) -> dict[str, int]:
        """{location: Injuries}."""
        return dict(self.by_location)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Wounds:
        """Inverse of `to_json`."""
        return cls(tuple((name, int(data[name])) for name in LOCATION_NAMES if data.get(name)))


def wounds_of(world: World, eid: int) -> Wounds:
    """A combatant's Injuries per location (none yet: empty)."""
    return world.try_get(eid, Wounds) or Wounds()


@dataclass(frozen=True)
class LocationInjured(Event):
    """Injuries added on one location: `Niles's left leg: 1 Injury (now 1)`."""

    kind: ClassVar[str] = "location_injured"
    target: str
    location: str
    added: int
    total: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        plural = "ies" if self.added != 1 else "y"
        return f"{self.target}'s {self.location}: {self.added} Injur{plural} (now {self.total} there)"


@applies(LocationInjured)
def _location_injured(world: World, event: LocationInjured) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, wounds_of(world, eid).plus(event.location, event.added))


@register_module
class HitLocations(RulesModule):
    """Hit locations (seed 004): a d100 says where a hit lands; Injuries are kept per location."""

    name = NAME
    listing = 100
    label = N_("Hit locations")
    source = "RULES.md §8; seed 004 (hit locations)"
    dice = {PURPOSE: SIDES}
    help = f"a hit rolls d100 for where it lands: {table_text()}; Called Shots still choose"
    hint = N_(
        "Every hit rolls d100 for where it lands (head 01\u201310, torso 11\u201360, arms 61\u201380, "
        "legs 81\u201300); a Called Shot still picks its part. Tokens and sheets show the wounded places."
    )

    def hit_roll(self, ctx: AttackContext, blow: Blow) -> tuple[str, int] | None:
        """A d100, unless the attack was a Called Shot (or the hit already has a location)."""
        if ctx.action.called_shot is not None or blow.location is not None:
            return None
        return PURPOSE, SIDES

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the Called Shot and the blow."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """The location: the part's (a Called Shot's part, or the torso), or the d100's."""
        if blow.location is not None:
            return blow, ""
        if die is None:
            return replace(blow, location=location_of_part(blow.part)), ""
        where = location_of_roll(die)
        return replace(blow, part=where, location=where), where

    def hit_outcomes(self, ctx: AttackContext, blow: Blow) -> list[tuple[Fraction, Blow]] | None:
        """The six locations with their chances, without trying all hundred dice."""
        if self.hit_roll(ctx, blow) is None:
            return None
        return [
            (Fraction(high - low + 1, SIDES), replace(blow, part=name, location=name))
            for name, low, high in location_ranges()
        ]

    def blow_landed(self, rnd: RoundPort, ctx: AttackContext, blow: Blow, added: int) -> None:
        """The Injuries go on the location."""
        if added and blow.location is not None:
            world, target = rnd.world, blow.target
            total = wounds_of(world, target).get(blow.location) + added
            rnd.emit(LocationInjured(name_of(world, target), blow.location, added, total, target_id=target))

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """Where a hit lands."""
        called = ctx.action.called_shot
        table = f"d100 [Hit Location]: {table_text()}"
        if called is None:
            return [table]
        where = location_of_part(called.part)
        return [f"Called Shot: a hit on the {called.part} counts on the {where}; a general hit on the torso"]

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Injuries on each wounded location."""
        return [TokenMark(name, count, name) for name, count in wounds_of(world, eid).by_location]

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """ "Wounds: torso 1, left leg 2" (nothing while unhurt)."""
        found = wounds_of(world, eid).by_location
        if not found:
            return []
        return ["Wounds: " + ", ".join(f"{name} {count}" for name, count in found)]
