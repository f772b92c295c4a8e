"""What the menu says beside a defence before it is declared: how many of the attacks declared
on you so far it counters, and what it does to each of them in the forecast's numbers
("Strike from Thug 42% → 17%").  Pure: no pygame; the numbers are the rules'."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.words import article
from game.i18n import _, ngettext
from game.rules.board import Board
from game.rules.defence import attacks_on, countered
from game.rules.defence_value import defence_effects
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of, undeclared_enemies
from game.rules.registry import DEFENCES, spec_of
from game.ui.forecast_text import percent
from game.world import Equipment, World


def defence_note(world: World, actor: int, earlier: Mapping[int, Order], kind: ActionKind) -> str:
    """For a defence: how many of the attacks declared on `actor` so far it counters (the
    round ignores a defence no attack calls for; better Timing still declares after)."""
    if kind not in DEFENCES:
        return ""
    attacks = attacks_on(earlier, actor)
    met = countered(kind, world.get(actor, Equipment), attacks)
    if not attacks:
        if not undeclared_enemies(world, actor, earlier):
            return _("nobody attacks you this round: the round will ignore it")
        return _("no attack declared on you yet (later declarers may still attack)")
    label = spec_of(kind).label
    n = len(attacks)
    if not met:
        if n == 1:
            return _("the one attack declared on you so far is not one {article} {label} counters").format(
                article=article(label), label=_(label)
            )
        return _("none of the {n} attacks declared on you so far is one {article} {label} counters").format(
            n=n, article=article(label), label=_(label)
        )
    return ngettext(
        "counters {met} of the {n} attack declared on you so far",
        "counters {met} of the {n} attacks declared on you so far",
        n,
    ).format(met=len(met), n=n)


def defence_buys(
    world: World,
    board: Board,
    earlier: Mapping[int, Order],
    order: Order,
    kind: ActionKind,
    options: RuleOptions,
) -> str:
    """For a defence: what adding it to `order` does to each attack declared on its maker so
    far ("Strike from Thug 42% → 17%"); "" for no defence or no attack."""
    if kind not in DEFENCES:
        return ""
    try:
        effects = defence_effects(world, board, earlier, order, Action(kind), options)
    except (KeyError, ValueError, AssertionError):  # as the planner's forecasts: an order refused
        return ""
    # Alike attacks are told once, counted: "2 Strikes from Thug 42% → 31% each".
    told: dict[tuple[str, str, str], int] = {}
    for e in effects:
        key = (
            _(e.action.kind.label),
            name_of(world, e.attacker),
            f"{percent(float(e.before))} → {percent(float(e.after))}",
        )
        told[key] = told.get(key, 0) + 1
    return ", ".join(
        _("{label} from {who} {change}").format(label=label, who=who, change=change)
        if n == 1
        else _("{n} {label}s from {who} {change} each").format(n=n, label=label, who=who, change=change)
        for (label, who, change), n in told.items()
    )
