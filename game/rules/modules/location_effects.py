"""The location effects module (RULES.md §8; seed 004 "shock"): what an Injury does where
it lands.  Needs hit locations.

- A hit on the head is a vulnerable area (RULES.md §7): −3 to Withstand Injury,
  and a failure adds two Injuries, as a Called Shot at the head does.
- An Injury on a leg halves Movement (the rate, and so a Sprint's and a
  Retreat's roll), rounded down, or up with Favorable Rounding.  Once: a
  second wounded leg does not halve it again.
- An Injury on an arm makes its holder roll Grip at once (dice key
  "Name:Grip"); on a failure the weapon in that hand falls at its feet (the
  right hand holds the first weapon, the left a second one or the other grip of
  a two-handed weapon; a shield is strapped on and stays).
- Two Injuries on one location (004: "more than half damage on any body part")
  is shock: the combatant is knocked prone (the prone module's prone: −2 to
  Missile Strikes against it, +2 to melee attacks against it, crawling; so the
  module brings the prone rules), may take no offensive action, and
  every skill is halved (rounded by Favorable Rounding), Withstand Injury,
  Timing and the Movement rate included.  Shock lasts the battle: nobody here
  has 004's Medicine skill to stabilise it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.modifiers import Modifier
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.attack import Blow
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.events import WeaponFell
from game.rules.modules.hit_locations import NAME as HIT_LOCATIONS
from game.rules.modules.hit_locations import wounds_of
from game.rules.modules.prone import knock_down
from game.rules.positions import name_of, tile_of
from game.rules.registry import OFFENSIVE, register_module
from game.rules.stats import grip_roll
from game.rules.statuses import Status, StatusGained, has_status, statuses_of
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext
    from game.rules.api.contexts import OrderCheck
    from game.rules.api.port import RoundPort

NAME = "location_effects"
PRONE_MODULE = "prone"  # the prone rules, which shock knocks its victim into
VULNERABLE_LOCATIONS = ("head",)
LEGS = ("right leg", "left leg")
ARMS = ("right arm", "left arm")
SHOCK_AT = 2
"""Injuries on one location that put a combatant in shock (of the 3 that Defeat it)."""
SHOCK, LAME = "Shock", "Leg Injury"


def halved(value: int, favorable: bool) -> int:
    """Half, rounded down, or up with Favorable Rounding (RULES.md §2)."""
    return (value + 1) // 2 if favorable else value // 2


def shock_reason(world: World, eid: int) -> str:
    """Why a combatant in shock may not attack ("" when it is not in shock)."""
    for status in statuses_of(world, eid, NAME):
        if status.name == SHOCK:
            return f"{name_of(world, eid)} is in shock ({status.detail}): no offensive actions"
    return ""


def hand_weapon(equipment: Equipment, arm: str) -> str | None:
    """The weapon held by that arm's hand (`Equipment.hand_of`)."""
    hand = arm.removesuffix(" arm")
    return next((w.name for w, holder in equipment.held() if holder in (hand, "both")), None)


@register_module
class LocationEffects(RulesModule):
    """Location effects (seed 004): head hits are vulnerable, legs halve Movement, arms may
    drop their weapon, two Injuries on one place are shock."""

    name = NAME
    listing = 110
    label = N_("Location effects")
    source = "RULES.md §7–§8; seed 004 (hit locations, shock)"
    requires = (HIT_LOCATIONS, PRONE_MODULE)
    help = N_(
        "with hit locations: a head hit is vulnerable (\u22123, 2 Injuries), a leg Injury halves Movement, "
        "an arm Injury drops that hand's weapon on a failed Grip; 2 Injuries on one place: shock"
    )
    hint = N_(
        "A head hit is a vulnerable area, a wounded leg halves Movement, a wounded arm may drop its "
        "weapon (Grip), and two Injuries on one place mean shock: prone, no attacks, skills halved."
    )

    # ------------------------------------------------------------ the hit
    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the blow's location."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit on the head is a vulnerable area (RULES.md §7)."""
        if blow.location in VULNERABLE_LOCATIONS and not blow.vulnerable:
            return replace(blow, vulnerable=True), ""
        return blow, ""

    def blow_landed(self, rnd: RoundPort, ctx: AttackContext, blow: Blow, added: int) -> None:
        """An arm's Grip, a leg's halved Movement, shock at two Injuries on one place."""
        world, target = rnd.world, blow.target
        if not added or blow.location is None or world.get(target, Condition).dead:
            return
        name = name_of(world, target)
        if blow.location in ARMS:
            self._grip(rnd, target, blow.location)
        if blow.location in LEGS and not has_status(world, target, LAME, NAME):
            why = "Movement halved"
            rnd.emit(StatusGained(name, LAME, NAME, blow.location, why=why, target_id=target))
        shocked = wounds_of(world, target).get(blow.location) >= SHOCK_AT
        if shocked and not has_status(world, target, SHOCK, NAME):
            why = f"{SHOCK_AT} Injuries on one place: no offensive actions, skills halved"
            rnd.emit(StatusGained(name, SHOCK, NAME, blow.location, why=why, target_id=target))
            knock_down(rnd, target, "is knocked prone by the shock")

    def _grip(self, rnd: RoundPort, target: int, arm: str) -> None:
        """The wounded arm's hand rolls Grip; on a failure its weapon falls at its feet."""
        world = rnd.world
        weapon = hand_weapon(world.get(target, Equipment), arm)
        if weapon is None:
            return
        rolled = rnd.roll(target, "Grip", None, grip_roll(world, target), note=f"the {arm} is wounded")
        if rolled.succeeded:
            return
        tile = tile_of(world, target)
        name = name_of(world, target)
        why = f"the wounded {arm} lost its grip"
        rnd.emit(WeaponFell(name, weapon, tile, target_id=target, item_id=world.next_id, why=why))

    # ------------------------------------------------------------ the statuses
    def status_modifiers(
        self, world: World, eid: int, statuses: Sequence[Status], skill: str, base: int
    ) -> list[Modifier]:
        """A wounded leg halves the Movement rate; shock halves every skill (in that order)."""
        favorable = world.get(eid, Sheet).has_favorable_rounding
        names = {s.name for s in statuses}
        halvings = []
        if skill == "movement" and LAME in names:
            halvings.append("Leg Injury (halved)")
        if SHOCK in names:
            halvings.append("Shock (halved)")
        value, terms = base, []
        for label in halvings:
            half = halved(value, favorable)
            terms.append(Modifier(label, half - value))
            value = half
        return terms

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """No offensive action in shock."""
        reason = shock_reason(check.world, check.actor)
        if reason and any(a.kind in OFFENSIVE for a in check.order.actions):
            return [reason]
        return []

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """An attack whose maker went into shock earlier this round is nullified."""
        return shock_reason(ctx.world, ctx.attacker) or []

    # ------------------------------------------------------------ the window
    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What the places mean for this hit."""
        if not ctx.spec.deals_injury:
            return []
        return ["a head hit is a Vulnerable Area (\u22123 to Withstand Injury, 2 Injuries); "
                f"{SHOCK_AT} Injuries on one place: shock"]  # fmt: skip

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Shock, a lamed leg (lying prone shows as the prone module's badge)."""
        return [TokenMark(s.name) for s in statuses_of(world, eid, NAME)]

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """Each condition with what it does."""
        words = {
            SHOCK: "no offensive actions, skills halved",
            LAME: "Movement halved",
        }
        return [f"{s.label}: {words.get(s.name, '')}" for s in statuses_of(world, eid, NAME)]
