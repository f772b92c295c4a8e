"""Evade (CO.15): run and weave against missiles, worth at most the metres moved."""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.contexts import OrderCheck
from game.rules.api.defence import DefenceSpec
from game.rules.orders import ActionKind
from game.rules.registry import register_action


@register_action
class Evade(DefenceSpec):
    """A Defense Penalty against Missile Strikes, limited by the whole metres moved; not in melee."""

    kind = ActionKind.EVADE
    listing = 90
    label = N_("Evade")
    hint = N_("Evade counts only the metres you really move: its Defense Penalty is capped by those metres.")
    skill = "evade"
    counters = frozenset({"missile_strike"})
    needs_unengaged = True
    limited_by_metres = True
    help = N_(
        "Evade while moving: a success is a Defense Penalty against every Missile Strike on you, "
        "but at most the metres you actually move this round (CO.15). Not while engaged in melee."
    )

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Not engaged in melee, and a path to move along (CO.15)."""
        reasons = []
        if check.engaged:
            reasons.append(f"cannot Evade while engaged in melee with {check.engaged_names}")
        if not check.order.path:
            reasons.append("Evade needs a path: its Defense Penalty is limited by the metres moved")
        return reasons
