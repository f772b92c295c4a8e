"""Every roll the rules can ask the dice for, by the name in its dice key.

A dice key is "Name:Purpose" for a combatant's roll ("Omar:Strike", "Niles:Grip") or a
whole shared key for a roll nobody in particular makes ("Disarm:tile",
"Sides:Initiative").  The names come from the rules themselves: the Timing and Withstand
Injury rolls of the chapter, each registered action's own roll and the rolls it sets
off (`ActionSpec.dice`, `ActionSpec.shared_dice`), each rules module's
(`RulesModule.dice`, `RulesModule.shared_dice`).  The sandbox, the workbench's export
and the names a combatant may not take all ask this module, so a plug-in's dice are
scriptable as soon as it is registered.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.injury import WITHSTAND_ROLL
from game.rules.registry import action_specs, derived, rules_modules
from game.rules.timing import TIMING_ROLL

DIE_SIDES = 12
"""The die of every skill roll (an action's, Timing, Withstand Injury)."""


@dataclass(frozen=True)
class RollName:
    """One roll's name in a dice key, its die (None: the sides vary with the board) and the
    rules module that makes it (None: the combat chapter, always in play)."""

    name: str
    sides: int | None
    module: str | None = None


def personal_rolls() -> tuple[RollName, ...]:
    """The purposes a combatant's dice key may name after its colon, in the order the
    sandbox lists them: every action that rolls, its target's reply roll and the other rolls
    it sets off, Timing and
    Withstand Injury, then the rules modules' rolls (Hit Location, Keep Footing)."""
    return derived(("rolls", "personal"), _personal)


def shared_rolls() -> tuple[RollName, ...]:
    """The whole keys of the rolls nobody in particular makes ("Disarm:distance",
    "Sides:Initiative")."""
    return derived(("rolls", "shared"), _shared)


def roll_purposes() -> tuple[str, ...]:
    """The purposes alone ("Strike", "Grip", "Timing" …), first spelling of each."""
    return tuple(r.name for r in personal_rolls())


def reserved_names() -> tuple[str, ...]:
    """Words before the colon of the shared keys ("Disarm", "Sides"): no combatant may be
    called so, or its own rolls would be read as those."""
    return tuple(dict.fromkeys(r.name.partition(":")[0] for r in shared_rolls()))


def shared_keys_of(prefix: str) -> tuple[str, ...]:
    """The shared keys that start with this reserved word ("Disarm" → Disarm:distance and
    Disarm:tile), ignoring case."""
    return tuple(r.name for r in shared_rolls() if r.name.partition(":")[0].casefold() == prefix.casefold())


def _personal() -> tuple[RollName, ...]:
    found: list[RollName] = []
    for spec in action_specs():
        if spec.roll_purpose:
            found.append(RollName(spec.roll_purpose, DIE_SIDES, spec.module))
        reply = getattr(spec, "reply", None)  # an attack's target's reply roll (a Disarm's Grip)
        if reply is not None:
            found.append(RollName(reply.purpose, DIE_SIDES, spec.module))
        found += [RollName(p, sides, spec.module) for p, sides in spec.dice.items()]
    found += [RollName(TIMING_ROLL, DIE_SIDES), RollName(WITHSTAND_ROLL, DIE_SIDES)]
    found += [RollName(p, sides, m.name) for m in rules_modules() for p, sides in m.dice.items()]
    return _first_of_each(found)


def _shared() -> tuple[RollName, ...]:
    found = [RollName(k, n, spec.module) for spec in action_specs() for k, n in spec.shared_dice.items()]
    found += [RollName(k, sides, m.name) for m in rules_modules() for k, sides in m.shared_dice.items()]
    return _first_of_each(found)


def _first_of_each(rolls: list[RollName]) -> tuple[RollName, ...]:
    """One entry per name, ignoring case: the first registered wins (an action and its module
    naming the same roll name one roll)."""
    seen: dict[str, RollName] = {}
    for roll in rolls:
        seen.setdefault(roll.name.casefold(), roll)
    return tuple(seen.values())
