"""No defence for nothing: where no attack can come, a level that weighs what enemies can
do offers no Parry, Dodge or Block (a player reads "Parry, move to (9, 5)" with nobody
near as a blunder).  The premise is checked too: there, scoring finds a defence worth
exactly nothing, so leaving it out only removes ties with the plain move."""

from __future__ import annotations

import pytest
from ai_helpers import judging, knowledge_of, view_of
from builders import Cast

from game.ai.candidates import candidates
from game.ai.knowledge import Knowledge
from game.ai.levels import LEVELS
from game.ai.scoring import Scorer
from game.rules.orders import Order
from game.rules.registry import DEFENCES, MOVEMENT_ACTIONS

SMART = ("ai:normal", "ai:hard")


def _far_apart() -> Cast:
    """Two swordsmen 40 m apart: neither can reach the other this round."""
    cast = Cast(30, 12)
    cast.add("Me", (2, 5), "a", facing=2, strike=6, parry=6, dodge=5, movement=4)
    cast.add("Foe", (22, 5), "b", facing=6, strike=6, parry=6, movement=4)
    return cast


def _know(cast: Cast, actor: str, later: tuple[str, ...]) -> Knowledge:
    view = view_of(cast, actor, later=later)
    return knowledge_of(view)


def _defends_in_place(order: Order) -> bool:
    """A walk (or a stand) with nothing but defences: no Sprint or Retreat rolled with them."""
    kinds = [a.kind for a in order.actions]
    return bool(kinds) and all(k in DEFENCES for k in kinds) and not any(k in MOVEMENT_ACTIONS for k in kinds)


@pytest.mark.parametrize("level", SMART)
def test_no_defence_is_offered_where_no_attack_can_come(level: str) -> None:
    know = _know(_far_apart(), "Me", later=("Foe",))
    offered = candidates(know, LEVELS[level.removeprefix("ai:")])
    assert len(offered) >= 5
    assert not any(_defends_in_place(c.order) for c in offered)
    order = judging(level, seed=3).choose_order(view_of(_far_apart(), "Me", later=("Foe",)))
    assert not any(a.kind in DEFENCES for a in order.actions)


@pytest.mark.parametrize("level", SMART)
def test_defences_are_offered_where_an_attack_can_come(level: str) -> None:
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6, parry=6, dodge=5)
    cast.add("Foe", (7, 5), "b", facing=6, strike=6, movement=4)
    offered = candidates(_know(cast, "Me", later=("Foe",)), LEVELS[level.removeprefix("ai:")])
    assert any(_defends_in_place(c.order) for c in offered)


def test_easy_may_still_raise_its_guard_for_nothing() -> None:
    know = _know(_far_apart(), "Me", later=("Foe",))
    assert any(_defends_in_place(c.order) for c in candidates(know, LEVELS["easy"]))


@pytest.mark.parametrize("level", SMART)
def test_where_no_attack_can_come_a_defence_scores_as_the_plain_move(level: str) -> None:
    """The premise of leaving them out: each defence easy offers at a calm tile scores, for
    the levels that weigh threats, exactly what the same walk without it scores."""
    know = _know(_far_apart(), "Me", later=("Foe",))
    scorer = Scorer(know, LEVELS[level.removeprefix("ai:")])
    plain = {
        (c.order.path, c.order.facing): c for c in candidates(know, LEVELS["easy"]) if not c.order.actions
    }
    guarded = [c for c in candidates(know, LEVELS["easy"]) if _defends_in_place(c.order)]
    assert len(guarded) >= 3
    compared = 0
    for cand in guarded:
        twin = plain.get((cand.order.path, cand.order.facing))
        if twin is None:
            continue
        assert scorer.score(cand).score == pytest.approx(scorer.score(twin).score, abs=1e-12)
        compared += 1
    assert compared >= 3
