"""The numbers of one attack, given what the Modifier Stage left behind.

Shared by the Resolution Stage (with the real outcomes) and the forecast
(with every possible outcome), so the two can never disagree.  The attack's
spec gives its own stat and reasons to be nullified; every rules module that
is on adds its terms (facing, cover …) and its defence costs.
"""

from __future__ import annotations

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier
from game.rules.api.attack import CALLED_SHOT, AttackContext, Situation
from game.rules.board import Board
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import modules_with
from game.world import World


def attack_breakdown(
    world: World,
    board: Board,
    attacker: int,
    order: Order,
    action: Action,
    weapon: Weapon,
    situation: Situation,
) -> Breakdown | str:
    """The modified stat of an attack, or the reason it is nullified.

    For a Called Shot the breakdown includes the Called Shot Modifier; the
    general hit uses the same breakdown `without(CALLED_SHOT)` (CO.08 Ex. 1).
    """
    return modified_stat(AttackContext(world, board, attacker, order, action, weapon, situation))[0]


def modified_stat(
    ctx: AttackContext,
) -> tuple[Breakdown | str, tuple[dict[ActionKind, int | None], str] | None]:
    """`attack_breakdown` of an attack's context, with the target's defence costs it used
    (None when the attack is nullified): the odds need both."""
    spec = ctx.spec
    situation, action = ctx.situation, ctx.action
    problem = spec.nullify(ctx)
    if problem:
        return problem, None
    positional: list[Modifier] = []
    for module in modules_with(situation.options, "attack_modifiers"):
        terms = module.attack_modifiers(ctx)
        if isinstance(terms, str):
            return terms, None
        positional += terms
    problem = spec.late_nullify(ctx)
    if problem:
        return problem, None
    breakdown = spec.base_breakdown(ctx).plus(*positional)
    if action.called_shot is not None:
        # Called Shot Modifiers are suspended against Defeated characters (CO.08).
        modifier = 0 if situation.target_defeated else action.called_shot.modifier
        breakdown = breakdown.plus(Modifier(CALLED_SHOT, modifier))
    costs, arc = defence_costs(ctx)
    return breakdown.plus(*situation.defence.penalty_against(spec.attack_class, costs, arc)), (costs, arc)


def defence_costs(ctx: AttackContext) -> tuple[dict[ActionKind, int | None], str]:
    """How much each of the target's defences loses against this attacker (the modules
    that are on say so: facing, by arc), and the word for the ledger."""
    costs: dict[ActionKind, int | None] = {}
    word = ""
    for module in modules_with(ctx.situation.options, "defence_costs"):
        found = module.defence_costs(ctx)
        if found is None:
            continue
        more, label = found
        if not costs:
            # The first module's costs as they are (each added to none before it).
            costs = dict(more)
            word = word or label
            continue
        for kind, cost in more.items():
            before = costs.get(kind, 0)
            costs[kind] = None if cost is None or before is None else before + cost
        word = word or label
    return costs, word
