"""The tutorials come in teaching order, each with a one-line goal (issue 52, onboarding):
the basics, then movement, defences, the Feint, then the rules modules."""

from __future__ import annotations

import pytest

from game.content.fields import FieldError
from game.content.scenarios import parse_scenario, teaching_list

MOVEMENT = ("sprint", "retreat", "flee")
DEFENCES = ("evade",)


def test_every_tutorial_has_a_lesson_and_a_goal_in_teaching_order() -> None:
    tutorials = [s for s in teaching_list() if s.tutorial is not None]
    assert tutorials and all(s.lesson is not None and s.goal for s in tutorials)
    lessons = [s.lesson for s in tutorials]
    assert lessons == sorted(lessons) and len(set(lessons)) == len(lessons)  # the list's order
    topics = [s.tutorial for s in tutorials]
    assert topics[0] == "basics"
    last_movement = max(topics.index(t) for t in MOVEMENT)
    assert last_movement < topics.index("evade") < topics.index("feint")
    chapter_done = topics.index("disarm")
    assert all(topics.index(t) > chapter_done for t in ("facing", "cover", "overwatch", "criticals"))


def test_simulations_hand_out_seeds_in_the_fixed_order() -> None:
    """The teaching order moved tutorials in the menu; `simulate`'s battles keep their seeds."""
    from game.content.scenarios import SEED_ORDER, list_scenarios

    assert tuple(s.id for s in list_scenarios())[: len(SEED_ORDER)] == SEED_ORDER
    assert [s.id for s in list_scenarios()] != [s.id for s in teaching_list()]


def test_a_goal_is_one_line() -> None:
    data = {
        "title": "T",
        "briefing": "b",
        "map": "maps/open_ground.tmx",
        "sides": [
            {"name": "A", "zone": "west", "units": [{"character": "omar"}]},
            {"name": "B", "zone": "east", "units": [{"character": "niles"}]},
        ],
    }
    data["goal"] = "two\nlines"
    with pytest.raises(FieldError, match="goal"):
        parse_scenario(data, "t")


def test_new_battle_shows_a_tutorials_goal_over_its_briefing(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from game.ui.scenes import menu
    from game.ui.scenes.menu import SetupScene
    from tests.ui_helpers import make_app, spy

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    calls = spy(monkeypatch, menu, "blit_text")
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    first = teaching_list()[0]
    setup.choose(next(i for i, sc in enumerate(setup.scenarios) if sc.id == first.id))
    app.step([], 1 / 60)
    drawn = [args[2] for args, _ in calls]  # blit_text(surface, theme, text, …)
    assert any(line.startswith("Goal: ") for line in drawn)
    assert " ".join(drawn).count(first.goal.split()[0]) >= 1
