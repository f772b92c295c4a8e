"""The orders of every side as the round will take them: who declares when, what the rules say
of each order, and what each action can expect.

The round takes declarations worst Timing first, and validates each against the ones declared
before it (`game.rules.validate`).  With a fixed Timing order the workbench does exactly that.
With rolled Timing every run of the round may take them in another order, so each order is
checked as if it came first (nothing declared before it), the strictest case: an order that
passes here is accepted whatever the Timing rolls.

Forecasts come from `game.rules.forecast`.  Who moves first matters only between an attacker
and its target; under rolled Timing the two cases are worked out separately and shown apart
when they differ (the rules give no chance of one Timing beating another).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.i18n import _
from game.rules.api.contexts import ActionForecast
from game.rules.forecast import forecast_order
from game.rules.orders import Order
from game.rules.positions import name_of
from game.rules.timing import declaration_order as timing_declaration_order
from game.rules.validate import validate_order
from game.workbench.setup import Setup


def declaration_order(setup: Setup) -> list[int]:
    """The combatants who can act, in the order they declare: worst Timing first under a fixed
    Timing order, else by id (rolled Timing: each run rolls its own)."""
    standing = setup.standing
    if setup.timing is not None:
        return [e for e in timing_declaration_order(setup.timing) if e in standing]
    return standing


def earlier_orders(setup: Setup, eid: int) -> dict[int, Order]:
    """The orders `eid` declares after: those before it under a fixed Timing order; none under
    rolled Timing (it may declare first)."""
    if setup.timing is None:
        return {}
    earlier: dict[int, Order] = {}
    for other in declaration_order(setup):
        if other == eid:
            break
        if other in setup.orders:
            earlier[other] = setup.orders[other]
    return earlier


def order_problems(setup: Setup, order: Order) -> list[str]:
    """Why the rules refuse `order` in this position (empty when they accept it)."""
    earlier = earlier_orders(setup, order.actor)
    return validate_order(setup.world, setup.board, order, earlier, setup.options)


def problems(setup: Setup) -> dict[int, list[str]]:
    """Every order the rules refuse, with their reasons."""
    found = {}
    for eid, order in setup.orders.items():
        reasons = order_problems(setup, order)
        if reasons:
            found[eid] = reasons
    return found


def ready_problem(setup: Setup) -> str:
    """Why the round cannot be resolved now ("" when it can): nobody can act, or an order is
    refused (the first reason of the first such order)."""
    if not setup.standing:
        return _("nobody in the position can act")
    for eid, reasons in problems(setup).items():
        return f"{name_of(setup.world, eid)}: {reasons[0]}"
    return ""


def declared(setup: Setup, replaced: Mapping[int, Order] | None = None) -> dict[int, Order]:
    """Every order in declaration order (worst Timing first), with `replaced` put in place of
    (or added to) the setup's own; combatants without an order are left out."""
    orders = {**setup.orders, **(replaced or {})}
    return {e: orders[e] for e in declaration_order(setup) if e in orders}


@dataclass(frozen=True)
class Case:
    """The forecast of one order under one assumption about Timing: `when` is "" when it holds
    whatever the Timing, else "if Serena acts first"."""

    when: str
    forecasts: tuple[ActionForecast, ...]


def forecast_cases(setup: Setup, order: Order, target: int | None = None) -> list[Case]:
    """The forecast of `order` (put in place of its actor's own), as the rules give it.

    Under a fixed Timing order there is one case.  Under rolled Timing, with a `target`, the
    order is forecast with the attacker first and with the target first; the two become one
    case when they agree on every action aimed at the target."""
    actor = order.actor
    orders = declared(setup, {actor: order})
    world, board, options = setup.world, setup.board, setup.options
    if setup.timing is not None or target is None:
        timing = list(setup.timing) if setup.timing is not None else None
        return [Case("", tuple(forecast_order(world, board, orders, actor, options, timing)))]
    first = tuple(forecast_order(world, board, orders, actor, options, [actor, target]))
    second = tuple(forecast_order(world, board, orders, actor, options, [target, actor]))
    aimed = [i for i, a in enumerate(order.actions) if a.target == target]
    if all(first[i] == second[i] for i in aimed):
        return [Case("", first)]
    return [
        Case(f"if {name_of(world, actor)} acts first", first),
        Case(f"if {name_of(world, target)} acts first", second),
    ]
