"""Easy's mistakes are human ones (issue 52, item 8): no "Parry, Parry" with no foe in reach,
no "Evade, Evade" when nobody shoots.  `defences_can_matter` says whether every defence of
an order counters an attack that can come this round, from what the AI may know."""

from __future__ import annotations

from game.ai.mistakes import defences_can_matter
from game.rules.orders import Action, ActionKind, Order
from tests.ai_helpers import knowledge_of, view_of
from tests.builders import BLASTER, Cast


def _order(cast: Cast, *kinds: ActionKind) -> Order:
    return Order(cast["Thug"], tuple(Action(k) for k in kinds))


def test_no_defence_against_what_cannot_come() -> None:
    cast = Cast(30, 10)
    cast.add("Thug", (3, 4), "b", strike=6, parry=5, evade=4)
    cast.add("Omar", (25, 4), "a", strike=6, movement=4)  # a sword 22 m away: nothing reaches
    know = knowledge_of(view_of(cast, "Thug", later=("Omar",)))
    assert not defences_can_matter(know, _order(cast, ActionKind.PARRY, ActionKind.PARRY))
    assert not defences_can_matter(know, _order(cast, ActionKind.EVADE))
    assert defences_can_matter(know, _order(cast, ActionKind.STRIKE))  # no defence: nothing to judge


def test_a_foe_in_reach_makes_a_parry_matter_and_a_shooter_an_evade() -> None:
    cast = Cast(30, 10)
    cast.add("Thug", (3, 4), "b", strike=6, parry=5, evade=4)
    cast.add("Omar", (5, 4), "a", strike=6, movement=4)  # two tiles off: a walk and a strike
    cast.add("Gunner", (20, 4), "a", weapons=(BLASTER,), missile_beam=6)
    know = knowledge_of(view_of(cast, "Thug", later=("Omar", "Gunner")))
    assert defences_can_matter(know, _order(cast, ActionKind.PARRY))
    assert defences_can_matter(know, _order(cast, ActionKind.EVADE))


def test_easy_never_evades_when_nobody_shoots() -> None:
    """The thug of the first tutorial declared "Evade" with nobody to shoot at him."""
    from game.ai.factory import make_controller

    cast = Cast(30, 10)
    cast.add("Thug", (12, 4), "b", strike=6, parry=4, evade=4, dodge=3)
    cast.add("Omar", (4, 4), "a", strike=5, parry=3, movement=4)
    orders = []
    for seed in range(60):
        controller = make_controller("ai:easy", seed)
        orders.append(controller.choose_order(view_of(cast, "Thug", later=("Omar",))))
    kinds = [a.kind for order in orders for a in order.actions]
    assert ActionKind.EVADE not in kinds, kinds
