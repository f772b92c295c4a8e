"""Modified stats with their breakdowns: shared by resolution and the forecast.

Every number the engine rolls against is built here, so the log, the UI and
the AI explain it the same way.
"""

from __future__ import annotations

from game.core.equipment import MissileKind
from game.core.modifiers import BEST_ROLL, Breakdown, Modifier
from game.core.sheet import COMBAT_SKILLS, MISSILE_SKILLS, SKILL_LABELS, Sheet
from game.i18n import N_
from game.rules.orders import Order
from game.rules.registry import movement_rule, rules_modules
from game.rules.statuses import status_terms
from game.rules.still import remembered
from game.world import Condition, Equipment, World

WEAPONLESS_FEINT = -5  # CO.09
WEAPONLESS_DISARM = -3  # CO.10
PARRYING_TARGET_BONUS = 1  # CO.10: Disarm against a Parrying target


def injury_penalty(injuries: int) -> int:
    """The Injury Penalty of a combatant with `injuries`: −1 per Injury."""
    return -injuries


def injury_modifier(world: World, eid: int) -> Modifier:
    """The Injury Penalty, to every skill roll (not to the Movement rate)."""
    return Modifier(N_("Injury Penalty"), injury_penalty(world.get(eid, Condition).injuries))


def armour_modifier(world: World, eid: int) -> Modifier:
    """The armour's skill penalty, on combat skill rolls."""
    armour = world.get(eid, Equipment).armour
    return Modifier(armour.name, armour.skill_modifier) if armour else Modifier("", 0)


def skill_roll(world: World, eid: int, skill: str, order: Order | None) -> Breakdown:
    """A skill with the round's Action Penalty, Injury Penalty and armour penalty.

    Grip, Timing and Withstand Injury take only the Injury Penalty: they are
    not declared actions, and armour hampers fighting, not holding on.
    """
    combat = skill in COMBAT_SKILLS or skill in MISSILE_SKILLS.values()
    penalty = order.action_penalty if order is not None and combat else None
    key = ("skill", eid, skill, penalty)
    return remembered(key, lambda: _skill_roll(world, eid, skill, penalty, combat), world)


def _skill_roll(world: World, eid: int, skill: str, penalty: int | None, combat: bool) -> Breakdown:
    sheet = world.get(eid, Sheet)
    breakdown = Breakdown(SKILL_LABELS[skill], sheet.skill(skill))
    mods = []
    if penalty is not None:
        mods.append(Modifier(N_("Action Penalty"), penalty))
    mods.append(injury_modifier(world, eid))
    if combat and skill != "movement":
        mods.append(armour_modifier(world, eid))
    return breakdown.plus(*mods, *status_terms(world, eid, skill, breakdown.base))


def grip_roll(world: World, eid: int) -> Breakdown:
    """Grip against a Disarm (or to work a stuck weapon loose): only the Injury Penalty (not an
    action of the round)."""
    return skill_roll(world, eid, "grip", None)


def missile_roll(world: World, eid: int, kind: MissileKind, order: Order | None) -> Breakdown:
    """Missile Strike of a kind, with the −3 for an untrained kind (CO.07)."""
    penalty = order.action_penalty if order is not None else None
    key = ("missile", eid, kind, penalty)
    return remembered(key, lambda: _missile_roll(world, eid, kind, penalty), world)


def _missile_roll(world: World, eid: int, kind: MissileKind, penalty: int | None) -> Breakdown:
    sheet = world.get(eid, Sheet)
    label, base, untrained = sheet.missile_strike(kind)
    breakdown = Breakdown(label, base).plus(
        Modifier(f"Untrained: {kind.label}", -untrained),
    )
    mods = [injury_modifier(world, eid), armour_modifier(world, eid)]
    if penalty is not None:
        mods.insert(0, Modifier(N_("Action Penalty"), penalty))
    return breakdown.plus(*mods, *status_terms(world, eid, MISSILE_SKILLS[kind], base - untrained))


def movement_rate(world: World, eid: int) -> Breakdown:
    """Metres a combatant may move in a round: Movement, plus armour's Movement
    modifier; never reduced by Injury (CO.16).  A rules module's state may change it
    (a prone combatant crawls: `RulesModule.rate_modifiers`)."""
    return remembered(("rate", eid), lambda: _movement_rate(world, eid), world)


def _movement_rate(world: World, eid: int) -> Breakdown:
    sheet = world.get(eid, Sheet)
    armour = world.get(eid, Equipment).armour
    rate = Breakdown(N_("Movement"), sheet.skill("movement"))
    if armour:
        rate = rate.plus(Modifier(armour.name, armour.movement_modifier))
    # A status (a wounded leg, shock) halves the rate armour leaves; a module's state (a crawl)
    # then takes its share of what is left.  Each taken from the sheet alone, a prone fighter
    # in shock crawled 5 − 2 − 3 = 0 m.
    rate = rate.plus(*status_terms(world, eid, "movement", max(0, rate.total)))
    for module in rules_modules():
        rate = rate.plus(*module.rate_modifiers(world, eid, rate))
    return rate


def movement_roll(world: World, eid: int, order: Order | None) -> Breakdown:
    """The Sprint or Retreat roll: the Movement rate with Action and Injury Penalties."""
    rate = movement_rate(world, eid)
    mods = [injury_modifier(world, eid)]
    if order is not None:
        mods.insert(0, Modifier(N_("Action Penalty"), order.action_penalty))
    return rate.plus(*mods)


def max_movement_metres(world: World, eid: int, order: Order) -> float:
    """The longest path an order may declare: the rate, plus the best successful
    Sprint or Retreat roll (at most 11, since a 12 always fails); a movement without
    a roll, its multiple of the rate (a Charge)."""
    rate = max(0, movement_rate(world, eid).total)
    rule = movement_rule(order.movement_mode)
    if rule is not None and not rule.rolls:
        return float(rate * rule.multiplier)
    if rule is not None:
        best_roll = max(0, min(BEST_ROLL, movement_roll(world, eid, order).total))
        return float(rate + best_roll)
    return float(rate)
