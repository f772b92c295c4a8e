"""Injury, Defeat and Death (RULES.md §7, design: the chapter's own section is missing).

A hit makes the target roll Withstand Injury (Stamina-based) plus armour and
shield, minus the weapon's injury rating.  Failure adds an Injury (two for a
Called Shot at a vulnerable part, whose roll is also at −3).  Three Injuries
Defeat; a failed roll while Defeated kills.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier, roll_possible, roll_succeeds
from game.i18n import N_, _
from game.rules.dice import Dice
from game.rules.events import Defeated, Event, Injured, Killed, Rolled
from game.rules.positions import name_of
from game.rules.stats import skill_roll
from game.rules.still import remembered
from game.world import Condition, Equipment, World

DEFEAT_AT = 3
VULNERABLE_WITHSTAND = -3
VULNERABLE_INJURIES = 2


WITHSTAND_ROLL = N_("Withstand Injury")
"""The purpose of a hit target's roll in its dice key ("Niles:Withstand Injury")."""


def withstand_breakdown(
    world: World, target: int, weapon: Weapon, vulnerable: bool, extra: Sequence[Modifier] = ()
) -> Breakdown:
    """Withstand Injury with armour, shield, the weapon's rating, the vulnerable-area penalty
    and any `extra` terms a rules module gives the hit (a critical's)."""
    key = ("withstand", target, weapon, vulnerable, tuple(extra))
    return remembered(key, lambda: _withstand_breakdown(world, target, weapon, vulnerable, extra), world)


def _withstand_breakdown(
    world: World, target: int, weapon: Weapon, vulnerable: bool, extra: Sequence[Modifier]
) -> Breakdown:
    equipment = world.get(target, Equipment)
    breakdown = skill_roll(world, target, "withstand_injury", None)
    mods = []
    if equipment.armour:
        mods.append(Modifier(equipment.armour.name, equipment.armour.withstand_bonus))
    if equipment.shield:
        mods.append(Modifier(equipment.shield.name, equipment.shield.withstand_bonus))
    mods.append(Modifier(_("{weapon} Injury Rating").format(weapon=weapon.name), -weapon.injury))
    if vulnerable:
        mods.append(Modifier(N_("Vulnerable Area"), VULNERABLE_WITHSTAND))
    return breakdown.plus(*mods, *extra)


def withstand(
    world: World,
    dice: Dice,
    target: int,
    weapon: Weapon,
    vulnerable: bool,
    extra: Sequence[Modifier] = (),
    sure: bool = False,
    injuries: int | None = None,
) -> list[Event]:
    """Roll Withstand Injury for a hit: the roll, then the Injuries it adds, Defeat or death.

    A rules module may add `extra` terms to the roll, make the hit `sure` (no roll: it
    Injures, as a critical's "max damage") or set the Injuries a failure adds.
    Returns the events; the round applies them (`game.rules.apply`).
    """
    name = name_of(world, target)
    if sure:
        return _injure(world, target, name, [], injuries, vulnerable)
    breakdown = withstand_breakdown(world, target, weapon, vulnerable, extra)
    if not roll_possible(breakdown.total):
        die = None
        ok = False
    else:
        die = dice.roll(12, f"{name}:{WITHSTAND_ROLL}")
        ok = roll_succeeds(die, breakdown.total)
    outcome = "success" if ok else ("impossible" if die is None else "failure")
    events: list[Event] = [Rolled(name, WITHSTAND_ROLL, None, breakdown, die, outcome)]
    if ok:
        return events
    return _injure(world, target, name, events, injuries, vulnerable)


def injuries_dealt(vulnerable: bool) -> int:
    """Injuries a failed Withstand Injury roll adds: two at a vulnerable area (RULES.md §7)."""
    return VULNERABLE_INJURIES if vulnerable else 1


def _injure(
    world: World, target: int, name: str, events: list[Event], injuries: int | None, vulnerable: bool
) -> list[Event]:
    """The Injuries of a failed (or no) Withstand Injury roll, Defeat, or death if Defeated already."""
    condition = world.get(target, Condition)
    if condition.defeated:
        events.append(Killed(name, target_id=target))
        return events
    added = injuries if injuries is not None else injuries_dealt(vulnerable)
    total = condition.injuries + added
    events.append(Injured(name, added, total, target_id=target))
    if total >= DEFEAT_AT:
        events.append(Defeated(name, target_id=target))
    return events
