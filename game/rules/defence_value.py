"""What a defence buys: each attack declared on a combatant, its chance without and with one
more defence in the combatant's order (Parry, Block, Dodge, Evade and the modules' own).

Both numbers are the forecast's (`forecast_order`, the attacker's order as declared), asked
twice with only the defender's order changed, so the menu's "Strike from Thug 42% → 17%"
is the same chance the attacker's own screens show, before and after.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from game.rules.board import Board
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.registry import OFFENSIVE
from game.world import World


@dataclass(frozen=True)
class DefenceEffect:
    """One attack on the defender: who makes it, the action, and its chance of success with
    the defender's order as it stands (`before`) and with the defence added (`after`)."""

    attacker: int
    action: Action
    before: Fraction
    after: Fraction


def defence_effects(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    order: Order,
    defence: Action,
    options: RuleOptions | None = None,
    timing: Sequence[int] | None = None,
) -> list[DefenceEffect]:
    """For every attack `orders` declare on `order`'s maker: its chance against `order`, and
    against `order` with `defence` added (the attacks declared so far; later declarers'
    are not known yet)."""
    defender = order.actor
    added = replace(order, actions=(*order.actions, defence))
    found = []
    for attacker, theirs in orders.items():
        if attacker == defender:
            continue
        aimed = [i for i, a in enumerate(theirs.actions) if a.kind in OFFENSIVE and a.target == defender]
        if not aimed:
            continue
        chances = []
        for mine in (order, added):
            asked = {**orders, defender: mine}
            forecasts = forecast_order(world, board, asked, attacker, options, timing)
            on_him = (fc for fc in forecasts if fc.index in aimed and fc.action.target == defender)
            chances.append({fc.index: fc.success for fc in on_him})
        before, after = chances
        for index in aimed:
            if index in before and index in after:
                found.append(DefenceEffect(attacker, theirs.actions[index], before[index], after[index]))
    return found
