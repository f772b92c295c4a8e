"""Brawling (CO.06, CO.09 Ex. 6): fighting without weapons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.equipment import BARE_HANDS, Weapon
from game.core.modifiers import Breakdown
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action
from game.rules.stats import skill_roll
from game.world import Equipment

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext


@register_action
class Brawling(AttackSpec):
    """A bare-handed melee attack; an unarmed Feint serves it (CO.09 Ex. 6)."""

    kind = ActionKind.BRAWLING
    listing = 30
    label = N_("Brawling")
    plural = N_("Brawls")
    roles = frozenset({"offensive", "targeted", "melee", "feintable"})
    quick = True
    help = N_("Punch, kick or wrestle an adjacent enemy with your Brawling skill (no weapon in hand).")

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """Bare hands, always."""
        return BARE_HANDS

    def usable_with(self, equipment: Equipment) -> bool:
        """Only empty-handed (with a weapon in hand one Strikes)."""
        return equipment.melee_weapon() is None

    def ai_usable(self, ask: AiAsk) -> bool:
        """Only empty-handed (`usable_with`)."""
        return self.usable_with(ask.equipment)

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """Brawling is for empty hands."""
        held = check.equipment.melee_weapon()
        if held is not None:
            return [f"Brawling is fighting without weapons; you hold a {held.name} (Strike instead)"]
        return []

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Brawling with the round's penalties, and the Feint Bonus if a Feint succeeded."""
        return skill_roll(ctx.world, ctx.attacker, "brawling", ctx.order).plus(*self.feint_bonus(ctx))
