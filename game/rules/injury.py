"""Injury, Defeat and Death (RULES.md §7, design: the chapter's own section is missing).

A hit makes the target roll Withstand Injury (Stamina-based) plus armour and
shield, minus the weapon's injury rating.  Failure adds an Injury (two for a
Called Shot at a vulnerable part, whose roll is also at −3).  Three Injuries
Defeat; a failed roll while Defeated kills.
"""

from __future__ import annotations

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier, roll_possible, roll_succeeds
from game.rules.dice import Dice
from game.rules.events import Defeated, Event, Injured, Killed, Rolled
from game.rules.positions import name_of
from game.rules.stats import skill_roll
from game.world import Condition, Equipment, World

DEFEAT_AT = 3
VULNERABLE_WITHSTAND = -3
VULNERABLE_INJURIES = 2


def withstand_breakdown(world: World, target: int, weapon: Weapon, vulnerable: bool) -> Breakdown:
    """Withstand Injury with armour, shield, the weapon's rating and the vulnerable-area penalty."""
    equipment = world.get(target, Equipment)
    breakdown = skill_roll(world, target, "withstand_injury", None)
    mods = []
    if equipment.armour:
        mods.append(Modifier(equipment.armour.name, equipment.armour.withstand_bonus))
    if equipment.shield:
        mods.append(Modifier(equipment.shield.name, equipment.shield.withstand_bonus))
    mods.append(Modifier(f"{weapon.name} Injury Rating", -weapon.injury))
    if vulnerable:
        mods.append(Modifier("Vulnerable Area", VULNERABLE_WITHSTAND))
    return breakdown.plus(*mods)


def withstand(world: World, dice: Dice, target: int, weapon: Weapon, vulnerable: bool) -> list[Event]:
    """Roll Withstand Injury for a hit: the roll, then the Injuries it adds, Defeat or death.

    Returns the events; the round applies them (`game.rules.apply`).
    """
    name = name_of(world, target)
    breakdown = withstand_breakdown(world, target, weapon, vulnerable)
    if not roll_possible(breakdown.total):
        die = None
        ok = False
    else:
        die = dice.roll(12, f"{name}:Withstand Injury")
        ok = roll_succeeds(die, breakdown.total)
    outcome = "success" if ok else ("impossible" if die is None else "failure")
    events: list[Event] = [Rolled(name, "Withstand Injury", None, breakdown, die, outcome)]
    if ok:
        return events
    condition = world.get(target, Condition)
    if condition.defeated:
        events.append(Killed(name, target_id=target))
        return events
    added = VULNERABLE_INJURIES if vulnerable else 1
    injuries = condition.injuries + added
    events.append(Injured(name, added, injuries, target_id=target))
    if injuries >= DEFEAT_AT:
        events.append(Defeated(name, target_id=target))
    return events
