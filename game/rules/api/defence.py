"""A defensive action's spec: its roll, the attack classes it counters, when it is lost; and what
a Parry parries with (asked by the Parry and by the facing module's costs)."""

from __future__ import annotations

from typing import ClassVar

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.orders import Action, Order
from game.rules.stats import skill_roll
from game.world import Equipment, World


class DefenceSpec(ActionSpec):
    """A defensive roll: a Defense Penalty against every attacker it counters (CO.05, CO.11–CO.15)."""

    roles: ClassVar[frozenset[str]] = frozenset({"defence"})
    menu: ClassVar[str | None] = "self"
    skill: ClassVar[str]
    counters: ClassVar[frozenset[str]]
    """The attack classes its penalty counts against."""
    needs_unengaged: ClassVar[bool] = False
    """Lost when its maker is engaged in melee as it begins to move (Evade, CO.15)."""
    limited_by_metres: ClassVar[bool] = False
    """Its penalty is at most the whole metres its maker moved this round (Evade, CO.15)."""

    def counters_for(self, equipment: Equipment) -> frozenset[str]:
        """The attack classes it counters for a defender holding `equipment`."""
        return self.counters

    def modifiers(self, equipment: Equipment) -> list[Modifier]:
        """Modifiers of its roll from the defender's equipment."""
        return []

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The defender's skill with the round's penalties and the equipment's modifiers."""
        return skill_roll(world, actor, self.skill, order).plus(*self.modifiers(world.get(actor, Equipment)))

    def ai_stat(self, world: World, actor: int) -> int:
        """The defence's stat before the round's penalties, or 0 when it cannot help this defender."""
        return self.roll_breakdown(world, actor, Order(actor)).total  # type: ignore[union-attr]

    def ai_usable(self, ask: AiAsk) -> bool:
        """Whether an AI should consider it where it ends (a melee defence always; Evade only
        on the move and out of melee)."""
        if self.needs_unengaged and (ask.engaged or not ask.moving):
            return False
        return not self.order_reasons_for(ask)

    def order_reasons_for(self, ask: AiAsk) -> list[str]:
        """The spec's own reasons against one such defence (a Block without a shield)."""
        check = OrderCheck(
            ask.world,
            ask.board,
            Order(ask.actor, (Action(self.kind),)),
            ask.earlier,
            ask.options,
            ask.equipment,
            (),
            ask.here,
        )
        return self.reasons(check, Action(self.kind))


def parry_weapon(equipment: Equipment) -> Weapon | None:
    """The weapon a combatant Parries Strikes with: the first melee weapon that can parry.

    Without one, a Parry still counts against Brawling (CO.12: "A Brawl can be
    Parried with a weapon or without one").
    """
    return next((w for w in equipment.weapons if w.is_melee and w.can_parry), None)
