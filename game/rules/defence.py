"""Defense Penalties: what a combatant's successful defences do to each attack.

Each successful defensive roll is one defence (CO.05: the penalty is the sum
of the successful rolls).  The facing module lowers *each roll* by the cost of
the attacker's arc, never below 0 (RULES.md §8), so two Dodges of 4 and 2 from
the back (−4 each) give 0 + 0, exactly as a Dodge of 4 and a Parry of 2 would.
A defence limited by metres (Evade) is then capped by the whole metres its
maker moved (CO.15).  Which attacks a defence counts against is its spec's
(`game.rules.actions`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.core.modifiers import Breakdown, roll_succeeds
from game.core.words import article
from game.i18n import _
from game.rules.api.attack import AttackSpec
from game.rules.api.defence import DefenceSpec
from game.rules.api.state import DefenceResult
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import DEFENCES, OFFENSIVE, spec_of
from game.world import Equipment, World


def defence_spec(kind: ActionKind) -> DefenceSpec:
    """The spec of a defensive action."""
    spec = spec_of(kind)
    assert isinstance(spec, DefenceSpec), f"{kind.value} is not a defence"
    return spec


def attack_class(action: Action) -> str:
    """What defences an attack is countered as (its spec's class)."""
    spec = spec_of(action.kind)
    assert isinstance(spec, AttackSpec)
    return spec.attack_class


def attacks_on(orders: Mapping[int, Order], defender: int) -> list[Action]:
    """Every attack the `orders` declare on `defender`."""
    return [
        action
        for order in orders.values()
        for action in order.actions
        if action.target == defender and action.kind in OFFENSIVE
    ]


def countered(kind: ActionKind, equipment: Equipment, attacks: Iterable[Action]) -> list[Action]:
    """The attacks among `attacks` that a `kind` defence by a defender holding `equipment`
    counts against (an unnecessary defence is ignored, CO.05: the round asks this, and the
    menus say it before the defence is declared)."""
    classes = defence_spec(kind).counters_for(equipment)
    return [action for action in attacks if attack_class(action) in classes]


def defences_counted(world: World, orders: Mapping[int, Order], action: Action) -> tuple[str, ...] | None:
    """The declared defences of `action`'s target that count against it, by label, in the
    order declared (a Dodge twice is named twice); None when the target has not declared yet
    (a forecast then counts no defence: `game.rules.forecast`).  What every chance shown
    for an attack says it assumed."""
    if action.target is None or action.kind not in OFFENSIVE:
        return ()
    order = orders.get(action.target)
    if order is None:
        return None
    equipment = world.get(action.target, Equipment)
    return tuple(
        defence_spec(own.kind).label
        for own in order.actions
        if own.kind in DEFENCES and countered(own.kind, equipment, [action])
    )


def ignored_reason(kind: ActionKind) -> str:
    """Why a defence that counters no attack of the round is ignored."""
    label = defence_spec(kind).label
    return _("no attack this round that {article} {label} counters").format(
        article=article(label), label=_(label)
    )


def without_defence_penalties(breakdown: Breakdown) -> Breakdown:
    """The stat without the Defense Penalties `penalty_against` put in it (what a natural that
    ignores them, a critical, is judged against)."""
    labels = {spec_of(kind).label for kind in DEFENCES}
    kept = tuple(m for m in breakdown.modifiers if m.name.split(" (")[0] not in labels)
    return Breakdown(breakdown.base_name, breakdown.base, kept)


def stopped_by(breakdown: Breakdown, die: int | None, succeeded: bool) -> tuple[str, ...]:
    """The defences whose penalties turned a roll that would have succeeded into a failure
    (the labels in the breakdown: "Parry", "Dodge"), or () when the roll succeeded, rolled
    no die, or would have failed anyway: what the board says over a foiled attack."""
    if succeeded or die is None:
        return ()
    bare = without_defence_penalties(breakdown)
    if not roll_succeeds(die, bare.total):
        return ()
    kept = set(bare.modifiers)
    names = {m.name.split(" (")[0] for m in breakdown.modifiers if m not in kept}
    return tuple(label for label in (spec_of(kind).label for kind in DEFENCES) if label in names)


def ledger(result: DefenceResult) -> tuple[tuple[str, int], ...]:
    """(kind, penalty) for each defence kind that created one: the DefenseTotal line."""
    return tuple((k.label, result.total(k)) for k in result.rolls if result.total(k))
