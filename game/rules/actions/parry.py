"""Parry (CO.12): turn attacks aside with a parrying weapon, or a Brawl with bare hands."""

from __future__ import annotations

from game.core.modifiers import Modifier
from game.i18n import N_
from game.rules.api.defence import DefenceSpec, parry_weapon
from game.rules.orders import ActionKind
from game.rules.registry import register_action
from game.world import Equipment


@register_action
class Parry(DefenceSpec):
    """A Defense Penalty against Strikes and Brawls; the weapon's Parry modifier applies."""

    kind = ActionKind.PARRY
    listing = 60
    label = N_("Parry")
    skill = "parry"
    counters = frozenset({"strike", "brawling"})
    help = N_(
        "Parry with a melee weapon that can parry: a success is a Defense Penalty against every "
        "Strike and Brawl on you this round. Without one, a Parry counts only against Brawling "
        "(CO.12). A Parry also gives a Disarmer +1."
    )

    def counters_for(self, equipment: Equipment) -> frozenset[str]:
        """Without a parrying weapon, only a Brawl can be Parried (CO.12)."""
        return self.counters if parry_weapon(equipment) is not None else frozenset({"brawling"})

    def modifiers(self, equipment: Equipment) -> list[Modifier]:
        """The parrying weapon's Parry bonus or penalty (The Armory)."""
        weapon = parry_weapon(equipment)
        if weapon is None or weapon.parry_modifier == 0:
            return []
        word = "Bonus" if weapon.parry_modifier > 0 else "Penalty"
        return [Modifier(f"{weapon.name} Parry {word}", weapon.parry_modifier)]
