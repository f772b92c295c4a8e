"""The power strike module: Power Strike and Well-aimed Shot (seed 001), a harder attack that
hits harder.  Rulings and their reasons: docs/modules.md, "Power Strike and Well-aimed Shot".

Seed 001: "The character gets a -20 to his attack for the round and if the attack is successful,
he gets to add an additional +10 to the modification for weapon size."  Converted (RULES.md §8:
10 d100 points ≈ 1 on the d12):

- a **Power Strike** (a melee weapon: a Strike) or a **Well-aimed Shot** (a missile weapon: a
  Missile Strike) is rolled at −2;
- a hit is one weapon size heavier: the target's Withstand Injury is −1 [design: a weapon's
  size is its injury rating here, and the rating is subtracted from Withstand Injury];
- each is one action, an attack of its own (the seed's asterisk: it replaces an attack rather
  than adding to one); several may be declared, each counting for the Action Penalty as any
  action [design: the chapter prices extra attacks]; no Feint serves them, nor do they take a
  Called Shot (they already pick the vulnerable spot).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.modifiers import Breakdown, Modifier, signed
from game.i18n import N_
from game.rules.actions.missile_strike import MissileStrike
from game.rules.actions.strike import Strike
from game.rules.api.modules import RulesModule
from game.rules.orders import ActionKind
from game.rules.registry import register_action, register_module
from game.rules.stats import skill_roll
from game.world import World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext, Blow

NAME = "power_strike"
POWER_STRIKE = ActionKind.define("power_strike")
WELL_AIMED_SHOT = ActionKind.define("well_aimed_shot")
ROLL_PENALTY = -2  # the seed's −20 to the attack
HEAVIER = -1  # +10 to the weapon size: one more point of injury rating against Withstand Injury
LABELS = {POWER_STRIKE: "Power Strike", WELL_AIMED_SHOT: "Well-aimed Shot"}


def heavier_blow(blow: Blow, kind: ActionKind) -> Blow:
    """A hit of a Power Strike or a Well-aimed Shot: one weapon size heavier."""
    return replace(blow, withstand=(*blow.withstand, Modifier(LABELS[kind], HEAVIER)))


@register_module
class PowerStrikeModule(RulesModule):
    """Power Strike and Well-aimed Shot (seed 001): −2 to the roll, a hit one size heavier."""

    name = NAME
    listing = 150
    label = N_("Power Strike and Well-aimed Shot")
    source = "seed 001 (Power Strike, Well-aimed Shot)"
    help = (
        f"Power Strike (melee) and Well-aimed Shot (missile): {signed(ROLL_PENALTY)} to the roll, and a hit "
        f"is one weapon size heavier ({signed(HEAVIER)} to the target's Withstand Injury)"
    )
    hint = (
        f"A Power Strike or a Well-aimed Shot rolls at {signed(ROLL_PENALTY)}, but its hit is one weapon "
        f"size heavier: {signed(HEAVIER)} to the target's Withstand Injury."
    )

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the attack's kind."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit of either is one weapon size heavier."""
        if ctx.action.kind in LABELS and not blow.struck:
            return heavier_blow(blow, ctx.action.kind), ""
        return blow, ""

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What the hit gets."""
        if ctx.action.kind not in LABELS:
            return []
        return [
            f"{LABELS[ctx.action.kind]}: a hit is one weapon size heavier ({signed(HEAVIER)} to Withstand)"
        ]


@register_action
class PowerStrike(Strike):
    """A Strike at −2 whose hit is one weapon size heavier (seed 001)."""

    kind = POWER_STRIKE
    listing = 165
    label = N_("Power Strike")
    module = NAME
    roles = frozenset({"offensive", "targeted", "melee"})
    quick = False
    called_shot = False
    help = (
        f"Put your weight behind one blow: Strike {signed(ROLL_PENALTY)}, and "
        f"a hit is one weapon size heavier ({signed(HEAVIER)} to the target's Withstand Injury)."
    )
    hint = PowerStrikeModule.hint

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Strike with the round's penalties, −2."""
        return super().base_breakdown(ctx).plus(Modifier(self.label, ROLL_PENALTY))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Strike stat, −2."""
        return skill_roll(world, actor, "strike", None).total + ROLL_PENALTY


@register_action
class WellAimedShot(MissileStrike):
    """A Missile Strike at −2 whose hit is one weapon size heavier (seed 001)."""

    kind = WELL_AIMED_SHOT
    listing = 166
    label = N_("Well-aimed Shot")
    module = NAME
    quick = False
    called_shot = False
    help = (
        "Aim one shot at a vulnerable spot: Missile Strike "
        f"{signed(ROLL_PENALTY)}, and a hit is one weapon size heavier ({signed(HEAVIER)} to the target's "
        "Withstand Injury)."
    )
    hint = PowerStrikeModule.hint

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Missile Strike."""
        return ActionKind.MISSILE_STRIKE.value

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Missile Strike with the range band, −2."""
        return super().base_breakdown(ctx).plus(Modifier(self.label, ROLL_PENALTY))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Missile Strike stat, −2."""
        return super().ai_stat(world, actor) + ROLL_PENALTY
