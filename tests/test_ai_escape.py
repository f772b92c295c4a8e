"""The AI of a side that wins by escaping off the map (Victory "escape"), and of its hunters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ai_helpers import judging, knowledge_of, view_of
from builders import Cast

from game.ai.levels import ESCAPE_WORTH, HARD, NORMAL, for_stakes
from game.board.paths import metres_to_edge
from game.board.terrain import TerrainBoard
from game.content.scenarios import find_scenario
from game.rules.flight import on_edge
from game.rules.orders import Order
from game.rules.validate import validate_order
from game.rules.victory import Victory
from game.session.controller import DeclarationView

ESCAPE = Victory("escape", "runners", 10)
SMART = ("ai:normal", "ai:hard")


def choose(level: str, view: DeclarationView) -> Order:
    """The level's order (slips off), checked legal."""
    order = judging(level, seed=1).choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier) == []
    return order


def chase(runner_at: tuple[int, int], hunter_at: tuple[int, int], size: int = 20) -> Cast:
    """A runner (Movement 4) and a hunter with a sword on an open field, `size` tiles wide and
    half as high."""
    cast = Cast(size, size // 2)
    cast.add("Runner", runner_at, "runners", movement=4, strike=5, dodge=5)
    cast.add("Hunter", hunter_at, "hunters", movement=4, strike=6)
    return cast


def test_only_the_side_that_wins_by_escaping_values_getting_away() -> None:
    runners = for_stakes(HARD, ESCAPE, "Runners")  # side names in any case
    hunters = for_stakes(HARD, ESCAPE, "hunters")
    assert runners.escape == ESCAPE_WORTH and hunters.escape == 0
    assert hunters.approach_weight > HARD.approach_weight  # they must catch it before the clock
    assert for_stakes(NORMAL, Victory(), "runners").escape == 0


@pytest.mark.parametrize("level", SMART)
def test_a_runner_within_a_walk_of_the_edge_flees(level: str) -> None:
    cast = chase((2, 5), (12, 5))
    view = replace(view_of(cast, "Runner", later=("Hunter",)), victory=ESCAPE)
    order = choose(level, view)
    assert order.flee and order.path and on_edge(cast.board, order.path[-1])


@pytest.mark.parametrize("level", SMART)
def test_a_runner_far_from_the_edge_heads_for_it(level: str) -> None:
    cast = chase((20, 10), (24, 10), size=40)  # 10 m from the nearest edge: out of a Sprint's reach
    view = replace(view_of(cast, "Runner", later=("Hunter",)), victory=ESCAPE)
    order = choose(level, view)
    field = metres_to_edge(TerrainBoard.from_board(cast.board))
    end = order.path[-1] if order.path else (20, 10)
    assert field[end[1], end[0]] < field[10, 20]  # nearer the edge than where it stood
    assert not order.flee  # out of reach this round


@pytest.mark.parametrize("level", SMART)
def test_hunters_never_flee(level: str) -> None:
    cast = chase((10, 5), (0, 5))  # the hunter stands on the edge itself
    view = replace(view_of(cast, "Hunter", later=("Runner",)), victory=ESCAPE)
    assert not choose(level, view).flee
    # Nor does anyone in a battle won by defeating the enemy.
    plain = view_of(cast, "Hunter", later=("Runner",))
    assert not choose(level, plain).flee


def test_the_getaway_can_be_won_by_either_side() -> None:
    """The bundled escape, hard against hard on fixed seeds: Niles gets away in some battles
    and is stopped in others; no order is refused."""
    from game.ai.simulate import play_battles

    scenario = find_scenario("the_getaway")
    assert scenario.victory == Victory("escape", "Niles", 12)
    results = play_battles("the_getaway", None, ["ai:hard", "ai:hard"], 10, seed=1)
    sides = {r.winning_side for r in results}
    assert sides == {0, 1}
    assert all(r.rejected == 0 for r in results)
    assert all(r.rounds <= 12 for r in results if r.winning_side == 1)  # away before the clock


def test_the_flight_tutorial_teaches_the_rule_in_the_rules_words() -> None:
    """Fleeing is a rule of the chapter's RULES.md §7, with a tutorial of its own after Evade:
    its first step is the rule as the menus word it, and how to try it."""
    from game.content.scenarios import list_scenarios
    from game.rules.flight import FLIGHT_HELP
    from game.ui.tutorial_steps import tutorial_hint

    hint = tutorial_hint("flee")
    assert hint.startswith(FLIGHT_HELP) and "Flee off the map in the action menu (X)" in hint
    tutorials = [s.id for s in list_scenarios() if s.tutorial is not None]
    assert tutorials.index("tutorial_flee") == tutorials.index("tutorial_evade") + 1
    scenario = find_scenario("tutorial_flee")
    assert scenario.victory == Victory("escape", "Niles", 8) and scenario.sides[0].controller == "human"


def _walled_room(hunter_at: tuple[int, int]) -> Cast:
    """A room walled all round but for one gap in the east wall at (11, 4): the only way off."""
    walls = [(x, y) for x in range(12) for y in (0, 8)] + [(x, y) for y in range(9) for x in (0, 11)]
    cast = Cast(12, 9, walls=[t for t in walls if t != (11, 4)])
    cast.add("Runner", (3, 4), "runners", movement=4, strike=5, dodge=5)
    cast.add("Hunter", hunter_at, "hunters", movement=4, strike=6)
    return cast


@pytest.mark.parametrize("level", SMART)
def test_a_runner_does_not_count_a_way_off_that_a_hunter_holds(level: str) -> None:
    """A hunter standing in the only gap shuts the way off (the helper's "doorman" script beat
    hard's runner 86 times in 100 that way: the runner walked up to him for the edge's worth and
    was cut down there).  Normal and hard go round the tiles enemies hold, find no way left,
    and fight their way out instead: no edge term, an approach term."""
    from game.ai.escape import way_off

    def know_of(cast: Cast):  # noqa: ANN202
        return knowledge_of(view_of(cast, "Runner", later=("Hunter",)))

    held = know_of(_walled_room((11, 4)))
    assert metres_to_edge(held.terrain)[4, 3] < 10  # the gap is 8 m off across open floor
    assert way_off(held, HARD)[4, 3] == float("inf")
    assert way_off(know_of(_walled_room((5, 2))), HARD)[4, 3] < 10  # not in the gap: open

    view = replace(view_of(_walled_room((11, 4)), "Runner", later=("Hunter",)), victory=ESCAPE)
    controller = judging(level, seed=1)
    order = controller.choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier) == []
    _, _, terms = controller.last_explanation[0]
    assert "edge" not in terms and "approach" in terms
