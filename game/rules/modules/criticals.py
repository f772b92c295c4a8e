"""The criticals and fumbles module (RULES.md §8; seed 002 "Critical Rolls").

A natural 1 on an attack is a critical: "no defending maneuvers can be made"
(002), so the target's Defense Penalties do not count against that roll (it
is rolled even when they leave the stat below 1, as long as the stat without
them is 1 or more).  A critical hit that can Injure rolls d4 on the critical
table, converted from 002's damage to this game's Injuries ("Name:Critical"):

    1  max damage      no Withstand Injury roll: it Injures
    2  melee: armour breached   −1 to this Withstand Injury, and the armour
                                loses 1 of its Withstand bonus for the battle
       missile: bleeding        a failed Withstand Injury adds 1 more Injury
    3  faint           no offensive actions until the end of the next round
    4  double damage   a failed Withstand Injury adds twice the Injuries

A natural 12 on an attack (a miss, as any 12) rolls 002's fumble table for its
kind: d6 on the melee table ("Name:Fumble"), d4 on the ranged one ("Name:Ranged
Fumble"; `game.rules.modules.fumbles`).  A Disarm's critical only
ignores the Defense Penalties: it Injures nobody, so it rolls no table.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from game.core.modifiers import Modifier, signed
from game.i18n import N_
from game.rules.api.attack import Blow
from game.rules.api.modules import Natural, RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.modules.fumbles import (
    DAMAGE_PURPOSE,
    DAMAGE_SIDES,
    FUMBLE_TABLE,
    RANGED_FUMBLE_TABLE,
    RANGED_PURPOSE,
    RANGED_SIDES,
    SIDES,
    fumble,
    stuck_reason,
    stuck_weapon_reason,
    work_loose,
)
from game.rules.positions import combatants, name_of
from game.rules.registry import OFFENSIVE, register_module
from game.rules.statuses import StatusGained, StatusLost, expiring, statuses_of
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext
    from game.rules.api.contexts import OrderCheck
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.events import Rolled

NAME = "criticals"
CRITICAL, FUMBLE = "Critical", "Fumble"
CRITICAL_DIE, FUMBLE_DIE = 1, 12
TABLE_SIDES = 4
FAINT = "Faint"
ARMOUR_BREACH = -1
"""What a breached armour loses, on this roll and for the rest of the battle."""
MAX, BREACH, BLEED, FAINTED, DOUBLE = "max damage", "armour breached", "bleeding", "faint", "double damage"
CRITICAL_TABLE = {
    1: (MAX, MAX),
    2: (BREACH, BLEED),
    3: (FAINTED, FAINTED),
    4: (DOUBLE, DOUBLE),
}
"""d4 → (melee result, missile result), 002's tables converted to Injuries."""
EFFECT_WORDS = {
    MAX: "no Withstand Injury roll: it Injures",
    BREACH: f"{signed(ARMOUR_BREACH)} to this Withstand Injury and to the armour for the battle",
    BLEED: "a failed Withstand Injury adds 1 more Injury",
    FAINTED: "no offensive actions until the end of the next round",
    DOUBLE: "a failed Withstand Injury adds twice the Injuries",
}


def critical_result(die: int, missile: bool) -> str:
    """The critical table's result for a d4 roll."""
    melee_result, missile_result = CRITICAL_TABLE[die]
    return missile_result if missile else melee_result


def apply_critical(blow: Blow, result: str) -> Blow:
    """A hit as a critical result leaves it."""
    if result == MAX:
        return replace(blow, sure=True)
    if result == BREACH:
        return replace(blow, withstand=(*blow.withstand, Modifier(N_("Armour Breached"), ARMOUR_BREACH)),
                       effects=(*blow.effects, BREACH))  # fmt: skip
    if result == BLEED:
        return replace(blow, extra=blow.extra + 1)
    if result == FAINTED:
        return replace(blow, effects=(*blow.effects, FAINTED))
    return replace(blow, factor=blow.factor * 2)


def faint_reason(world: World, eid: int) -> str:
    """Why a faint combatant may not attack ("" when it is not faint)."""
    for status in statuses_of(world, eid, NAME):
        if status.name == FAINT:
            who = name_of(world, eid)
            return f"{who} is faint (a critical hit) until the end of round {status.until_round}"
    return ""


@dataclass(frozen=True)
class ArmourDamaged(Event):
    """A critical breached the target's armour: its Withstand bonus is lower for the battle."""

    kind: ClassVar[str] = "armour_damaged"
    target: str
    armour: str
    withstand: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target}'s {self.armour} is breached: Withstand bonus now {self.withstand}"


@applies(ArmourDamaged)
def _armour_damaged(world: World, event: ArmourDamaged) -> None:
    eid = entity(event.target_id, event)
    equipment = world.get(eid, Equipment)
    if equipment.armour is not None:
        armour = replace(equipment.armour, withstand_bonus=event.withstand)
        world.set(eid, replace(equipment, armour=armour))


@register_module
class Criticals(RulesModule):
    """Criticals and fumbles (seed 002): a natural 1 ignores defences and rolls the critical
    table; a natural 12 on an attack rolls the fumble table."""

    name = NAME
    listing = 130
    label = N_("Criticals and fumbles")
    source = "RULES.md §8; seed 002 (Critical Rolls)"
    dice = {CRITICAL: TABLE_SIDES, FUMBLE: SIDES, RANGED_PURPOSE: RANGED_SIDES, DAMAGE_PURPOSE: DAMAGE_SIDES}
    help = N_(
        "a natural 1 on an attack ignores the Defense Penalties and rolls d4 on the critical table; "
        "a natural 12 rolls the fumble table (melee d6, ranged d4)"
    )
    hint = N_(
        "A natural 1 on an attack is a critical: no Defense Penalty counts, and d4 on the critical table. "
        "A natural 12 is a fumble: a dropped, damaged or stuck weapon, an ally or yourself hit, or a free "
        "attack for the enemy (melee d6, ranged d4)."
    )

    # ------------------------------------------------------------ the roll
    def natural_roll(self, ctx: AttackContext, die: int) -> Natural | None:
        """A natural 1 is a critical (no Defense Penalty counts); a 12 a fumble."""
        if die == CRITICAL_DIE:
            return Natural("critical", ignores_defences=True)
        if die == FUMBLE_DIE:
            return Natural("fumble")
        return None

    def after_attack(self, rnd: RoundPort, ctx: AttackContext, rolled: Rolled) -> None:
        """A natural 12 rolls the fumble table (not on a free attack)."""
        if rolled.die == FUMBLE_DIE and not rnd.free_attacks:
            fumble(rnd, ctx, rolled)

    # ------------------------------------------------------------ the critical hit
    def hit_roll(self, ctx: AttackContext, blow: Blow) -> tuple[str, int] | None:
        """A critical hit that can Injure rolls the critical table."""
        if blow.natural != "critical" or blow.struck or not ctx.spec.deals_injury:
            return None
        return CRITICAL, TABLE_SIDES

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the attack's class and the blow."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """The critical table's result."""
        if die is None:
            return blow, ""
        result = critical_result(die, ctx.spec.attack_class == "missile_strike")
        return apply_critical(blow, result), f"{result} ({EFFECT_WORDS[result]})"

    def blow_landed(self, rnd: RoundPort, ctx: AttackContext, blow: Blow, added: int) -> None:
        """What lasts: a breached armour, a faint."""
        world, target = rnd.world, blow.target
        if blow.struck or world.get(target, Condition).dead:
            return
        name = name_of(world, target)
        armour = world.get(target, Equipment).armour
        if BREACH in blow.effects and armour is not None and armour.withstand_bonus > 0:
            lower = max(0, armour.withstand_bonus + ARMOUR_BREACH)
            rnd.emit(ArmourDamaged(name, armour.name, lower, target_id=target))
        if FAINTED in blow.effects and not world.get(target, Condition).defeated:
            until = rnd.number + 1
            why = "no offensive actions"
            rnd.emit(StatusGained(name, FAINT, NAME, until_round=until, why=why, target_id=target))

    # ------------------------------------------------------------ lasting conditions
    def order_reasons(self, check: OrderCheck) -> list[str]:
        """No offensive action while faint; no attack with a stuck weapon."""
        reasons = []
        offensive = [a for a in check.order.actions if a.kind in OFFENSIVE]
        faint = faint_reason(check.world, check.actor)
        if faint and offensive:
            reasons.append(f"{faint}: no offensive actions")
        for action in offensive:
            reason = stuck_reason(check.world, check.actor, check.equipment, action)
            if reason:
                reasons.append(reason)
        return reasons

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """An attack by a combatant who fainted, or with a weapon that got stuck, earlier
        this round is nullified."""
        world, attacker = ctx.world, ctx.attacker
        return faint_reason(world, attacker) or stuck_weapon_reason(world, attacker, ctx.weapon) or []

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """A faint wears off; each weapon stuck before this round may be worked loose."""
        world = rnd.world
        for eid in combatants(world):
            for status in expiring(world, eid, NAME, rnd.number):
                if status.name == FAINT:
                    name = name_of(world, eid)
                    rnd.emit(StatusLost(name, FAINT, NAME, why="the faint passes", target_id=eid))
            work_loose(rnd, eid)

    # ------------------------------------------------------------ the window
    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """The natural rolls, in the rulebook's words."""
        missile = ctx.spec.attack_class == "missile_strike"
        results = " / ".join(critical_result(d, missile) for d in sorted(CRITICAL_TABLE))
        table = f", d4 [Critical]: {results}" if ctx.spec.deals_injury else ""
        fumbles = RANGED_FUMBLE_TABLE if ctx.weapon.is_missile else FUMBLE_TABLE
        purpose = RANGED_PURPOSE if ctx.weapon.is_missile else FUMBLE
        words = " / ".join(
            f"a free attack for {ctx.target_name}" if r == "a free attack" else r for r in fumbles.values()
        )
        return [
            f"natural 1 (1 in 12): critical, the Defense Penalties do not count{table}",
            f"natural 12 (1 in 12): fumble, d{len(fumbles)} [{purpose}]: {words}",
        ]

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Faint, stuck weapons."""
        return [TokenMark(s.name) for s in statuses_of(world, eid, NAME)]

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """Each condition with what it does."""
        lines = []
        for status in statuses_of(world, eid, NAME):
            if status.name == FAINT:
                lines.append(f"Faint until the end of round {status.until_round}: no offensive actions")
            else:
                lines.append(f"{status.label}: no attack with it; a Grip roll each round's end frees it")
        return lines
