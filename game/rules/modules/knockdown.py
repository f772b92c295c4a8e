"""The knockdown module: Knockdown (seed 001), an attack that floors its foe instead of injuring
him.  It builds on the prone module (a knocked-down combatant lies prone, `knock_down`).
Rulings and their reasons: docs/modules.md, "Knockdown".

Seed 001: "Knockdown*: A character can make a Maneuver Roll, using the combined stat bonuses
from Strength, Agility, and Quickness for this attack.  If the Percentage result is 100 (or
higher), the foe is forced to make a RR (adding 2x his Agility bonus) versus the result gained
from the RR column of the Maneuver table.  A failure results in the foe being knocked prone
(treat as Foe Downed)."  Converted (RULES.md §8: 10 d100 points ≈ 1 on the d12):

- a **Knockdown** is an attack of its own (the seed's asterisk: it replaces an attack) on an
  adjacent foe, rolled on **Vigor + Agility** with the round's penalties [design: the sheet's
  Vigor is Strength, its Agility both Agility and Quickness; bare body, so reach 1, and the
  target's defences count as against a Brawl];
- a success makes the foe roll **Resist Knockdown: 2 × Agility** with its Injury Penalty, **less
  the margin** by which the Knockdown beat its stat [design: the RR column's value grows with
  the manoeuvre's result, a point of margin a point of resistance]; a failure knocks it prone
  (`prone`'s `knock_down`: prone from that moment, for the attacks still to come this round);
- it deals no Injury; a foe already prone, or fixed in place (Movement 0, as `prone` rules),
  cannot be knocked down.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.equipment import BARE_HANDS, Weapon
from game.core.modifiers import Breakdown, Modifier, roll_succeeds
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule
from game.rules.chances import chance
from game.rules.hits import judged_stat
from game.rules.modules.prone import fixed_in_place, is_prone, knock_down
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import is_active, name_of
from game.rules.registry import register_action, register_module
from game.rules.stats import armour_modifier, injury_modifier
from game.rules.statuses import status_terms
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.events import Rolled

NAME = "knockdown"
KNOCKDOWN = ActionKind.define("knockdown")
RESIST = "Resist Knockdown"
"""The foe's roll in the log and in the dice keys ("Niles:Resist Knockdown")."""
RESIST_AGILITY_TIMES = 2  # the seed's "adding 2x his Agility bonus"
AI_DOWN_WORTH = 0.5
"""An AI's estimate, in Injuries on the target, of a foe knocked prone in melee: +2 to every
melee attack on it, −2 to its own, and its next round's movement spent standing up."""


def knockdown_breakdown(world: World, eid: int, order: Order | None) -> Breakdown:
    """The Knockdown roll: Vigor + Agility with the round's Action Penalty, the Injury Penalty,
    the armour's penalty and what statuses do to a Brawl (it is a body attack)."""
    sheet = world.get(eid, Sheet)
    base = Breakdown(N_("Vigor + Agility"), sheet.vigor + sheet.agility)
    mods = []
    if order is not None:
        mods.append(Modifier(N_("Action Penalty"), order.action_penalty))
    mods += [injury_modifier(world, eid), armour_modifier(world, eid)]
    return base.plus(*mods, *status_terms(world, eid, "brawling", base.base))


def resist_breakdown(world: World, target: int, margin: int) -> Breakdown:
    """Resist Knockdown: 2 × Agility with the Injury Penalty, less the Knockdown's margin (no
    action of the round: no Action Penalty)."""
    agility = world.get(target, Sheet).agility
    return Breakdown(f"Agility ×{RESIST_AGILITY_TIMES}", RESIST_AGILITY_TIMES * agility).plus(
        injury_modifier(world, target), Modifier(N_("Knockdown margin"), -margin)
    )


def down_chance(world: World, target: int, stat: int) -> Fraction:
    """The chance a successful Knockdown judged against `stat` floors `target`: every die that
    succeeds, equally likely, each with its margin against the same `resist_breakdown` the round
    rolls."""
    dice = [d for d in range(1, 13) if roll_succeeds(d, stat)]
    if not dice:
        return Fraction(0)
    falls = sum(1 - chance(resist_breakdown(world, target, stat - d).total) for d in dice)
    return Fraction(falls) / len(dice)


def cannot_fall(world: World, target: int) -> str:
    """Why `target` cannot be knocked down now ("" if it can)."""
    if fixed_in_place(world, target):
        return f"{name_of(world, target)} is fixed in place (Movement 0): it cannot be knocked down"
    return ""


@register_module
class KnockdownModule(RulesModule):
    """Knockdown (seed 001): an attack on Vigor + Agility; the foe resists or falls prone."""

    name = NAME
    listing = 152
    label = N_("Knockdown")
    source = "seed 001 (Knockdown)"
    requires = ("prone",)
    dice = {RESIST: 12}
    help = (
        "Knockdown: an attack on Vigor + Agility on an adjacent foe; a success makes it roll "
        f"{RESIST} (2 × Agility less the margin) or fall prone; no Injury (brings the prone rules)"
    )
    hint = (
        "A Knockdown rolls Vigor + Agility instead of Strike; on a success the foe rolls "
        f"{RESIST} at 2 × Agility less your margin, and a failure leaves it prone."
    )

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """The foe's chance to go down on a success, from the round's own resistance roll."""
        if ctx.action.kind != KNOCKDOWN:
            return []
        stat = breakdown.total
        down = down_chance(ctx.world, ctx.target, stat)
        resist = resist_breakdown(ctx.world, ctx.target, 0).total
        return [
            f"Knockdown: on a success {ctx.target_name} rolls {RESIST} at {resist} less the margin; "
            f"down {float(down):.0%} of successes"
        ]


@register_action
class Knockdown(AttackSpec):
    """An attack that knocks the foe prone instead of injuring it (seed 001)."""

    kind = KNOCKDOWN
    listing = 167
    label = N_("Knockdown")
    module = NAME
    roles = frozenset({"offensive", "targeted", "melee"})
    quick = False
    called_shot = False
    deals_injury = False
    win = "success"
    lose = "failure"
    help = (
        "Knock an adjacent foe off its feet: roll Vigor + Agility; on a success it rolls "
        f"{RESIST} (2 × Agility less your margin) or falls prone. No Injury."
    )
    hint = KnockdownModule.hint

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Brawl (a body attack)."""
        return ActionKind.BRAWLING.value

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """The body: bare hands' reach, whatever is held."""
        return BARE_HANDS

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """Not a foe fixed in place."""
        assert action.target is not None
        why = cannot_fall(check.world, action.target)
        return [why] if why else []

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Vigor + Agility with the round's penalties."""
        return knockdown_breakdown(ctx.world, ctx.attacker, ctx.order)

    def ai_stat(self, world: World, actor: int) -> int:
        """Vigor + Agility with the Injury and armour penalties."""
        return knockdown_breakdown(world, actor, None).total

    def ai_usable(self, ask: AiAsk) -> bool:
        """Against a foe standing now that can fall."""
        assert ask.target is not None
        return not is_prone(ask.world, ask.target) and not cannot_fall(ask.world, ask.target)

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One Knockdown, when the foe is within reach and can fall."""
        if not self.ai_usable(ask) or not self.ai_reaches(ask, BARE_HANDS):
            return []
        assert ask.target is not None
        return [((Action(self.kind, ask.target),), "knockdown")]

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """A success's worth: the chance the foe then falls (at the AI's stat) × a downed foe's."""
        assert action.target is not None
        if is_prone(world, action.target):
            return 0.0
        return float(down_chance(world, action.target, self.ai_stat(world, actor))) * AI_DOWN_WORTH

    def on_success(self, rnd: RoundPort, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """The foe's Resist Knockdown, less the margin; a failure: prone."""
        target = action.target
        world = rnd.world
        assert target is not None and rolled.die is not None
        if (
            not world.get(target, Condition).present
            or not is_active(world, target)
            or is_prone(world, target)
        ):
            return
        margin = judged_stat(rnd, eid, action, weapon, rolled) - rolled.die
        resist = resist_breakdown(world, target, margin)
        if not rnd.roll(target, RESIST, None, resist).succeeded:  # below 1: impossible, down
            knock_down(rnd, target, f"is knocked down by {name_of(world, eid)}")
