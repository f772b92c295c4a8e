"""Retreat (CO.18): leave melee on a Movement roll; melee attacks on you then miss."""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.action import MovementRule, MovementSpec
from game.rules.orders import ActionKind
from game.rules.registry import register_action


@register_action
class Retreat(MovementSpec):
    """Movement + the roll in metres out of reach on a success; on a failure you stay."""

    kind = ActionKind.RETREAT
    listing = 110
    label = N_("Retreat")
    hint = N_(
        "Engaged in melee, or about to be, only a Retreat takes you out of reach; a failed one leaves "
        "you where you are."
    )
    movement = MovementRule("retreat", leaves_melee=True)
    help = N_(
        "Retreat from melee: roll Movement; on a success you move Movement + the roll in metres "
        "and every melee attack of the enemies you got out of reach of is nullified. On a "
        "failure you stay where you are. The path must end out of reach. It may be declared "
        "before an enemy with better Timing closes in: you retreat once it has."
    )
