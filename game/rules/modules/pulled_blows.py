"""The pulled blows module: Pulled Blows (seed 003) and Subdual (seed 001), a lesser blow struck
to subdue rather than to maim or kill.  Rulings and their reasons: docs/modules.md, "Pulled
Blows and Subdual".

Seed 003: "Occasionally a character may wish to avoid maiming or killing an opponent. This is
achieved by 'pulling' a blow, limiting the force placed behind it or striking with a less lethal
part of the weapon. A pulled blow halves the damage inflicted on a successful hit. The intent to
pull a blow must be announced before the attack is made [...]."
Seed 001: "Subdual: At times, characters may wish to strike a foe using a melee weapon without
utilizing their entire force for the blow, in an effort to disable or subdue a target. This
action receives a -20 modifier to the attack roll. Should the attack still result in severe
damaging effects, the character may adjust the result to any other lesser critical on the same
table at their leisure."  Converted (RULES.md §8: 10 d100 points ≈ 1 on the d12):

- both are melee attacks of their own, declared (so announced) in the Strategy Stage;
- a **Pulled Blow** rolls as a Strike; its hit "halves the damage": the weapon's Injury Rating
  counts half, rounded down (the term "Pulled Blow" gives back the rest to Withstand Injury)
  [design: damage is the weapon's rating here], and a hit that would add more than one Injury
  (a vulnerable spot, a critical's double damage) adds half, rounded down [design];
- a **Subdual** rolls as a Strike at **−2** (the −20); its hit keeps the weapon's full rating,
  but the "severe damaging effects" are lessened: a hit that would add more than one Injury adds
  one [design: the lesser result the seed lets the attacker pick, always picked];
- neither kills: a hit on a foe already Defeated (whose failed Withstand Injury would kill it)
  strikes with the flat and rolls nothing [design: the intent both clauses state].
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.modifiers import Breakdown, Modifier, signed
from game.i18n import N_
from game.rules.actions.strike import Strike
from game.rules.api.contexts import AiAsk
from game.rules.api.modules import RulesModule
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action, register_module
from game.rules.stats import skill_roll
from game.world import Condition, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext, Blow

NAME = "pulled_blows"
PULLED_BLOW = ActionKind.define("pulled_blow")
SUBDUAL = ActionKind.define("subdual")
SUBDUAL_PENALTY = -2  # seed 001's −20 to the attack roll
LABELS = {PULLED_BLOW: "Pulled Blow", SUBDUAL: "Subdual"}
SPARED = "the flat (a pulled blow spares the Defeated)"
"""What a lesser blow on a Defeated foe strikes instead of its body (the log: "… strikes the
flat (…) instead")."""


def held_back(rating: int) -> int:
    """What a Pulled Blow gives back to Withstand Injury of a weapon's Injury Rating: the rating
    counts half, rounded down."""
    return max(0, rating) - max(0, rating) // 2


def lesser_blow(world: World, ctx: AttackContext, blow: Blow) -> Blow:
    """A hit of a Pulled Blow or a Subdual as it lands (after the modules listed before this one):
    no kill; a Pulled Blow's rating halved and its Injuries halved; a Subdual's at most one."""
    kind = ctx.action.kind
    if world.get(blow.target, Condition).defeated:
        return replace(blow, struck=SPARED)
    injuries = blow.injuries
    if kind == PULLED_BLOW:
        back = held_back(ctx.weapon.injury)
        withstand = (*blow.withstand, Modifier(LABELS[kind], back)) if back else blow.withstand
        lessened = max(1, injuries // 2)
    else:
        withstand = blow.withstand
        lessened = min(injuries, 1)
    return replace(blow, withstand=withstand, extra=blow.extra + lessened - injuries)


@register_module
class PulledBlowsModule(RulesModule):
    """Pulled Blows (seed 003) and Subdual (seed 001): lesser blows that do not kill."""

    name = NAME
    listing = 156
    label = N_("Pulled Blows and Subdual")
    source = "seed 003 (Pulled Blows), seed 001 (Subdual)"
    help = (
        "Pulled Blow: a Strike whose hit counts the weapon's Injury Rating half and never kills; "
        f"Subdual: a Strike at {signed(SUBDUAL_PENALTY)} whose hit adds at most one Injury and never kills"
    )
    hint = (
        "A Pulled Blow halves the weapon's Injury Rating; a Subdual rolls at "
        f"{signed(SUBDUAL_PENALTY)} but adds at most one Injury. Neither kills a Defeated foe."
    )

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the attack's kind, the weapon and the target's state in the world."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit of either is a lesser blow."""
        if ctx.action.kind in LABELS and not blow.struck:
            return lesser_blow(ctx.world, ctx, blow), ""
        return blow, ""

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What the hit gets."""
        kind = ctx.action.kind
        if kind == PULLED_BLOW:
            back = held_back(ctx.weapon.injury)
            return [
                f"Pulled Blow: the {ctx.weapon.name}'s Injury Rating counts half ({signed(back)} to "
                "Withstand), half the Injuries of a double hit; never kills"
            ]
        if kind == SUBDUAL:
            return ["Subdual: a hit adds at most one Injury; never kills"]
        return []


@register_action
class PulledBlow(Strike):
    """A Strike whose hit counts the weapon's Injury Rating half and never kills (seed 003)."""

    kind = PULLED_BLOW
    listing = 169
    label = N_("Pulled Blow")
    module = NAME
    roles = frozenset({"offensive", "targeted", "melee"})
    quick = False
    called_shot = False
    help = N_(
        "Pull the blow to spare the foe: a Strike whose hit counts your weapon's Injury Rating half "
        "(rounded down), halves a double hit's Injuries, and never kills a Defeated foe."
    )
    hint = PulledBlowsModule.hint

    def ai_stat(self, world: World, actor: int) -> int:
        """The Strike stat."""
        return skill_roll(world, actor, "strike", None).total

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One, as `lesser_options` says."""
        return lesser_options(self, ask)


@register_action
class Subdual(Strike):
    """A Strike at −2 whose hit adds at most one Injury and never kills (seed 001)."""

    kind = SUBDUAL
    listing = 170
    label = N_("Subdual")
    module = NAME
    roles = frozenset({"offensive", "targeted", "melee"})
    quick = False
    called_shot = False
    help = (
        f"Strike to subdue: Strike {signed(SUBDUAL_PENALTY)}; a hit adds at most one Injury (a vulnerable "
        "spot's or a critical's too) and never kills a Defeated foe."
    )
    hint = PulledBlowsModule.hint

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Strike with the round's penalties, −2."""
        return super().base_breakdown(ctx).plus(Modifier(self.label, SUBDUAL_PENALTY))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Strike stat, −2."""
        return skill_roll(world, actor, "strike", None).total + SUBDUAL_PENALTY

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One, as `lesser_options` says."""
        return lesser_options(self, ask)


def lesser_options(spec: Strike, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
    """What an AI tries of a lesser blow: one alone (the odds score it by its expected Injuries,
    which are never more than a Strike's: no victory here asks for a foe alive, so it is tried
    once, not twice, to keep the AI's time)."""
    return [(actions, tag) for actions, tag in Strike.ai_options(spec, ask) if len(actions) == 1]
