"""Orders that undo the one before (issue 53): the measure, and hard's cost for walking
back to the tile it left a round ago without attacking from where it went."""

from __future__ import annotations

from dataclasses import replace

from ai_helpers import view_of
from builders import Cast

from game.ai.candidates import Candidate
from game.ai.dithering import TileTrail, undone_rounds
from game.ai.explain import reasons
from game.ai.levels import HARD, NORMAL
from game.ai.scoring import BACK, Scorer
from game.rules.orders import ActionKind, Order
from game.world import Position


def test_a_round_that_walks_back_to_the_tile_left_undoes_the_one_before() -> None:
    a, b, c = (1, 1), (2, 1), (3, 1)
    assert undone_rounds([a, b, a]) == (1, 1)  # out and straight back
    assert undone_rounds([a, b, c]) == (0, 1)  # on and on
    assert undone_rounds([a, a, a]) == (0, 1)  # standing is not undoing
    assert undone_rounds([a, b, a, b, a]) == (3, 3)  # to and fro
    # A shot from the step out of cover, a strike from the step in: back again has its reason.
    assert undone_rounds([a, b, a], [False, True, False]) == (0, 1)
    assert undone_rounds([a]) == (0, 0)


def test_the_trail_judges_a_combatant_only_while_it_is_in_the_fight() -> None:
    trail = TileTrail()
    trail.record({1: (1, 1), 2: (5, 5)})
    trail.record({1: (2, 1), 2: (5, 6)}, attackers={2})
    trail.record({1: (1, 1)})  # 2 is out of the fight
    assert trail.count([1]) == (1, 1)
    assert trail.count([2]) == (0, 0)


def _two_rounds(previous_attacked: bool):  # noqa: ANN202
    """Me started round 1 on (4, 5), walked to (3, 5) (attacking Foe or not); round 2's view."""
    from game.ai.tactical import TacticalController

    cast = Cast(16, 10)
    cast.add("Me", (4, 5), "a", facing=2, strike=7, movement=4)
    cast.add("Foe", (9, 5), "b", facing=6, strike=6)
    ai = TacticalController(replace(HARD, mistakes=False), 0)
    first = view_of(cast, "Me", later=("Foe",))
    ai._watch(first)  # round 1 begins with Me on (4, 5)
    cast.world.set(cast["Me"], Position(3, 5))
    actions = (cast.act(ActionKind.STRIKE, "Foe"),) if previous_attacked else ()
    last = Order(cast["Me"], actions, ((3, 5),), 2)
    second = replace(view_of(cast, "Me", later=("Foe",)), round_number=2, previous=(last,))
    return ai, cast, ai._watch(second)


def test_hard_remembers_the_tile_it_left_without_attacking() -> None:
    _, _, know = _two_rounds(previous_attacked=False)
    assert know.left == (4, 5)
    _, _, know = _two_rounds(previous_attacked=True)
    assert know.left is None


def test_walking_back_costs_hard_its_back_weight_and_says_so() -> None:
    """The candidate that ends on the tile left a round ago carries the `back` term (hard's
    `back_weight` × the chance it ends there) and its words say so; one that ends elsewhere,
    or the same walk judged by a level without the weight, does not."""
    ai, cast, know = _two_rounds(previous_attacked=False)
    me = cast["Me"]
    back = Candidate(Order(me, (), ((4, 5),), 2), "walk")
    on = Candidate(Order(me, (), ((4, 4),), 2), "walk")
    scored = Scorer(know, replace(HARD, mistakes=False)).score(back)
    assert scored.terms[BACK] == -HARD.back_weight
    assert "back where I stood a round ago" in reasons(know, scored)
    assert BACK not in Scorer(know, replace(HARD, mistakes=False)).score(on).terms
    assert BACK not in Scorer(know, NORMAL).score(back).terms


def test_simulate_reports_the_rounds_undone() -> None:
    from game.ai.simulate import play_battles, summarize

    sides = ["ai:hard", "ai:normal"]
    results = list(play_battles("ring_duel", None, sides, 2, 7357, jobs=1))
    summary = summarize(results, sides)
    undone = summary["rounds_undone"]
    assert len(undone) == 2
    for entry in undone:
        assert set(entry) == {"undone", "judged", "share"}
        assert 0 <= entry["undone"] <= entry["judged"]
    assert sum(e["judged"] for e in undone) > 0
