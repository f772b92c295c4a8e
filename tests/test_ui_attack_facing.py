"""Attacking turns you to face the target unless you set a facing yourself (issue 52): before,
a Strike on a foe behind you kept the default facing and the facing module's −2 until the
player picked "Face X"."""

from __future__ import annotations

from game.core.geometry import bearing_direction
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind
from game.ui.planner import Draft, Planner
from tests.builders import Cast


def _setup() -> tuple[Cast, Planner, Draft]:
    cast = Cast(10, 6)
    cast.add("Serena", (4, 2), "a", facing=6, strike=6)  # facing west
    cast.add("Thug", (5, 3), "b", facing=6)  # south-east of her
    planner = Planner(cast.world, cast.board, cast["Serena"], {}, RuleOptions({"facing"}))
    return cast, planner, Draft(cast["Serena"])


def test_an_attack_faces_its_target_and_says_so() -> None:
    cast, planner, draft = _setup()
    draft.add(Action(ActionKind.STRIKE, cast["Thug"]))
    draft.state = planner.with_chosen_facing(draft.state)
    assert draft.order().facing == bearing_direction((4, 2), (5, 3))
    assert draft.state.facing_reason == "toward Thug"


def test_a_facing_the_player_set_is_kept() -> None:
    cast, planner, draft = _setup()
    draft.set_facing(0)
    draft.add(Action(ActionKind.STRIKE, cast["Thug"]))
    draft.state = planner.with_chosen_facing(draft.state)
    assert draft.order().facing == 0 and draft.state.facing_reason == ""


def test_the_chance_counts_the_turn() -> None:
    """With the facing module, the Strike from the turned facing is likelier than from the old."""
    cast, planner, draft = _setup()
    strike = Action(ActionKind.STRIKE, cast["Thug"])
    draft.add(strike)
    (unturned,) = planner.forecasts(draft.order())
    draft.state = planner.with_chosen_facing(draft.state)
    (turned,) = planner.forecasts(draft.order())
    assert turned.success > unturned.success
