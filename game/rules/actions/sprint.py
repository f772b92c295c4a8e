"""Sprint (CO.17): a Movement roll for extra metres; not out of melee."""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.action import MovementRule, MovementSpec
from game.rules.api.contexts import OrderCheck
from game.rules.orders import ActionKind
from game.rules.registry import register_action


@register_action
class Sprint(MovementSpec):
    """Movement + the roll in metres on a success, the Movement rate on a failure."""

    kind = ActionKind.SPRINT
    listing = 100
    label = N_("Sprint")
    hint = N_("A Sprint adds its roll to your Movement in metres; on a failure you still move your Movement.")
    movement = MovementRule("sprint", refused_when_engaged=True, fail_moves=True)
    help = N_(
        "Sprint: roll Movement; on a success you may move Movement + the roll in metres, on a "
        "failure only your Movement rate. It counts as an action. Not while engaged in melee."
    )

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Characters cannot Sprint out of melee (CO.17)."""
        if check.engaged:
            return [f"cannot Sprint while engaged in melee with {check.engaged_names} (Retreat instead)"]
        return []
