"""Strike (CO.05–CO.06): a melee attack with a weapon in hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import OrderCheck
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action
from game.rules.stats import skill_roll

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext


@register_action
class Strike(AttackSpec):
    """A melee attack with the weapon in hand; a Feint may serve it."""

    kind = ActionKind.STRIKE
    listing = 10
    label = N_("Strike")
    roles = frozenset({"offensive", "targeted", "melee", "feintable"})
    quick = True
    called_shot = True
    names_weapon = True
    help = N_(
        "Attack an enemy within your weapon's reach with your Strike skill; a hit makes the "
        "target roll Withstand Injury. Every action beyond the first costs \u22121 on every roll."
    )

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A Strike needs a melee weapon in hand."""
        if weapon is None:
            return ["Strike needs a melee weapon in hand (use Brawling without one)"]
        return []

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Strike with the round's penalties, and the Feint Bonus if a Feint succeeded."""
        return skill_roll(ctx.world, ctx.attacker, "strike", ctx.order).plus(*self.feint_bonus(ctx))
