"""The shield bash module: Shield Bash (seed 001), the shield used as a weapon at the price of
its guard for the round.  Rulings and their reasons: docs/modules.md, "Shield Bash".

Seed 001: "Shield Bash: A character bearing a shield can, in dire straits, use it as a weapon,
making an attack roll using the DB value of the shield as the OB for the attack. [...]
Unfortunately, performing this sort of action negates the DB bonus for the shield for that
round. This particular action may only be performed by characters with the Shield Training
Talent. The Shield Bash attack replaces a character's normal attack action for that round.
Riot and Blast Shield Bashes do Medium Martial Arts Sweeps/Unbalancing criticals."
Converted (RULES.md §8):

- a **Shield Bash** is a melee attack (reach 1) of one bearing a shield, rolled on its
  **Block** skill with the round's penalties [design: the shield's DB is what Block measures
  here, and the Block skill is the Shield Training the seed asks for];
- its hit strikes with the shield as bare hands strike: injury rating 0 [design: the seed's
  "Martial Arts" criticals are unarmed ones];
- the round it is made, the shield guards nothing: no Block may be declared with it, and the
  shield's bonus to Withstand Injury does not count against the hits on the basher [design:
  the shield's DB is both its Block and its passive Withstand bonus here];
- one Shield Bash a round (one shield), an attack of its own (it "replaces" an attack); no
  Feint serves it and it takes no Called Shot.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from game.core.equipment import BARE_HANDS, Weapon
from game.core.modifiers import Breakdown, Modifier
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import register_action, register_module
from game.rules.stats import skill_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext, Blow
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "shield_bash"
SHIELD_BASH = ActionKind.define("shield_bash")
FACT = "shield bash"
"""The round fact of a combatant whose shield bashes this round (it guards nothing)."""
UNGUARDED = "Shield Bashing (no guard)"
"""The Withstand Injury term of a hit on a basher: its shield's bonus, taken away."""


@cache
def bashing_shield(name: str) -> Weapon:
    """The shield called `name` as a weapon: reach 1, bare hands' injury rating, no parry."""
    return Weapon(name, reach=1, can_parry=False, injury=BARE_HANDS.injury)


def bashes(order: Order | None) -> bool:
    """Whether `order` makes a Shield Bash (its shield guards nothing this round)."""
    return order is not None and order.has(SHIELD_BASH)


def unguarded(world: World, blow: Blow) -> list[Modifier]:
    """The term a hit on a basher gets: its shield's Withstand bonus, taken away."""
    shield = world.get(blow.target, Equipment).shield
    return [Modifier(UNGUARDED, -shield.withstand_bonus)] if shield is not None else []


@register_module
class ShieldBashModule(RulesModule):
    """Shield Bash (seed 001): the shield as a weapon on the Block skill, without its guard."""

    name = NAME
    listing = 154
    label = N_("Shield Bash")
    source = "seed 001 (Shield Bash)"
    help = N_(
        "Shield Bash: a melee attack with the shield on the Block skill (injury rating 0); that round "
        "no Block, and the shield adds nothing to Withstand Injury"
    )
    hint = N_(
        "A Shield Bash strikes with your Block skill instead of Strike, but that round your shield "
        "guards nothing: no Block, and no shield bonus to Withstand Injury."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """As the Modifier Stage begins: who bashes (their shields guard nothing this round)."""
        if stage != "Modifier":
            return
        for eid, order in rnd.orders.items():
            if bashes(order):
                state.fact(eid, FACT)

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """Bashing (certain: declared)."""
        return [(Fraction(1), frozenset({FACT}))] if bashes(order) else None

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Whether the target bashes this round."""
        return FACT in ctx.situation.target_facts

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit on a basher: no shield bonus to its Withstand Injury."""
        if FACT not in ctx.situation.target_facts or blow.struck or blow.target != ctx.target:
            return blow, ""
        return replace(blow, withstand=(*blow.withstand, *unguarded(ctx.world, blow))), ""

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """A bash's price (a hit on a basher counts it in its expected Injuries: `land_hit`)."""
        if ctx.action.kind != SHIELD_BASH:
            return []
        return ["Shield Bash: no Block this round, and no shield bonus to Withstand Injury"]


@register_action
class ShieldBash(AttackSpec):
    """A melee attack with the shield on the Block skill; the shield guards nothing that round."""

    kind = SHIELD_BASH
    listing = 168
    label = N_("Shield Bash")
    module = NAME
    roles = frozenset({"offensive", "targeted", "melee"})
    quick = False
    called_shot = False
    help = N_(
        "Strike an adjacent foe with your shield, rolling your Block skill (injury rating 0). "
        "This round you may not Block, and the shield adds nothing to your Withstand Injury."
    )
    hint = ShieldBashModule.hint

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Strike."""
        return ActionKind.STRIKE.value

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """The shield borne, as a weapon (None without one)."""
        shield = equipment.shield
        return bashing_shield(shield.name) if shield is not None else None

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A shield to bash with."""
        return [] if weapon is not None else ["Shield Bash needs a shield"]

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """One bash a round, and no Block beside it (the shield cannot guard and strike)."""
        reasons = []
        if sum(a.kind == SHIELD_BASH for a in check.order.actions) > 1:
            reasons.append("one Shield Bash a round: you have one shield")
        if check.order.has(ActionKind.BLOCK):
            reasons.append("a Shield Bash forgoes the round's Block: the shield cannot guard and strike")
        return reasons

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Block with the round's penalties."""
        return skill_roll(ctx.world, ctx.attacker, "block", ctx.order)

    def ai_stat(self, world: World, actor: int) -> int:
        """The Block stat."""
        return skill_roll(world, actor, "block", None).total

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One bash, when bearing a shield and the foe is within reach."""
        assert ask.target is not None
        one = Action(self.kind, ask.target)
        weapon = self.weapon(ask.equipment, one)
        if weapon is None or not self.ai_reaches(ask, weapon):
            return []
        return [((one,), "shield bash")]
