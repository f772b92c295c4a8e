"""Block (CO.13): a shield against Strikes, Missile Strikes, Brawls and Disarms."""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.contexts import OrderCheck
from game.rules.api.defence import DefenceSpec
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action
from game.world import Equipment


@register_action
class Block(DefenceSpec):
    """A shield's Defense Penalty: the only defence that counts against missiles and melee alike."""

    kind = ActionKind.BLOCK
    listing = 70
    label = N_("Block")
    skill = "block"
    counters = frozenset({"strike", "missile_strike", "brawling", "disarm"})
    help = N_(
        "Block with a shield: a success is a Defense Penalty against every Strike, Missile Strike, "
        "Brawl and Disarm on you this round."
    )

    def usable_with(self, equipment: Equipment) -> bool:
        """A Block needs a shield."""
        return equipment.shield is not None

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """A Block needs a shield (`usable_with`)."""
        return [] if self.usable_with(check.equipment) else ["Block needs a shield"]
