"""Dodge (CO.14): duck and weave against melee attacks."""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.defence import DefenceSpec
from game.rules.orders import ActionKind
from game.rules.registry import register_action


@register_action
class Dodge(DefenceSpec):
    """A Defense Penalty against Strikes, Brawls and Disarms (not against missiles)."""

    kind = ActionKind.DODGE
    listing = 80
    label = N_("Dodge")
    skill = "dodge"
    counters = frozenset({"strike", "brawling", "disarm"})
    help = N_(
        "Dodge: a success is a Defense Penalty against every Strike, Brawl and Disarm on you this round."
    )
