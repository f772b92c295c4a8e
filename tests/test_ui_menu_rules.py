"""The action menu offers exactly what the rules accept for the order being built.

The battle screen's menus are made of the planner's choices (enabled or greyed
with a reason); each choice must be the rules' own verdict on the draft with
that action added: greyed exactly when `validate_order` refuses that order,
and with the reasons it gives.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.battle_setup import build_battle
from game.content.scenarios import list_scenarios
from game.rules.battle import Battle
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import find_by_name, is_active
from game.rules.validate import validate_order
from game.ui.planner import Choice, Draft, Planner, with_action

SCENARIOS = [s.id for s in list_scenarios()]
EXAMPLES = 12  # random drafts per scenario (a fixed size: 15 scenarios make about 180)


@functools.cache
def opening(scenario_id: str) -> Battle:
    """The scenario's battle at its first Strategy Stage (shared: nothing here changes it)."""
    scenario = next(s for s in list_scenarios() if s.id == scenario_id)
    battle, _ = build_battle(scenario, seed=1)
    battle.start_round()
    return battle


def menu(planner: Planner, draft: Draft) -> list[Choice]:
    """Everything the battle screen's menus offer for the draft."""
    choices = planner.self_choices(draft)
    for enemy in planner.enemies():
        choices += planner.attack_choices(draft, enemy)
    for enemy in planner.enemies()[:1]:
        choices += planner.called_shot_choices(draft, enemy, ActionKind.STRIKE)
        choices += planner.called_shot_choices(draft, enemy, ActionKind.MISSILE_STRIKE)
    return choices


@st.composite
def drafts(draw: st.DrawFn, scenario_id: str) -> tuple[Planner, Draft]:
    """A random order being built by a random combatant: a path (with the Sprint or
    Retreat it needs), a facing, and up to four actions from the menus, legal or not."""
    battle = opening(scenario_id)
    world = battle.world
    assert battle.round is not None
    actors = [e for e in battle.round.timing if is_active(world, e)]
    actor = draw(st.sampled_from(actors))
    planner = Planner(world, battle.board, actor, {}, battle.options)
    draft = Draft(actor)
    if draw(st.booleans()):
        tiles = sorted(planner.reach(planner.sprint_metres(draft.order())).iter_tiles())
        state = planner.with_path(draft, draw(st.sampled_from(tiles)))
        if state is not None:
            draft.change(state)
    if draw(st.booleans()):
        draft.set_facing(draw(st.integers(0, 7)))
    if draw(st.integers(0, 3)) == 0:  # now and then, the menu's flight off the map
        flight = planner.flight_choice(draft)
        if flight.enabled:
            draft.change(flight.state)
    offered = [c.action for c in menu(planner, draft)]
    for action in draw(st.lists(st.sampled_from(offered), max_size=4)):
        draft.add(action)
    return planner, draft


def assert_menu_is_the_rules(planner: Planner, draft: Draft) -> None:
    for choice in menu(planner, draft):
        state = with_action(draft.state, choice.action)  # a Charge takes the path's own Sprint's place
        new = Order(draft.actor, state.actions, state.path, state.facing, state.flee)
        verdict = validate_order(planner.world, planner.board, new, planner.earlier, planner.options)
        assert choice.enabled == (not verdict), (choice.label, new, verdict, choice.reasons)
        assert sorted(choice.reasons) == sorted(verdict), (choice.label, new, verdict, choice.reasons)
    flight = planner.flight_choice(draft)  # to flee (or to stay): the rules' verdict on that order
    new = Draft(draft.actor, flight.state).order()
    assert new.flee != draft.order().flee
    verdict = validate_order(planner.world, planner.board, new, planner.earlier, planner.options)
    assert flight.enabled == (not verdict), (flight.label, new, verdict, flight.reasons)
    assert sorted(flight.reasons) == sorted(verdict), (flight.label, new, verdict, flight.reasons)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_greyed_exactly_when_the_rules_refuse_with_their_reasons(scenario_id: str) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(drafts(scenario_id))
    def check(planned: tuple[Planner, Draft]) -> None:
        assert_menu_is_the_rules(*planned)

    check()


def test_a_feint_beside_a_strike_is_offered() -> None:
    """The Feint tutorial as briefed: Strike on Dirk, then Feint on Dirk."""
    battle = opening("tutorial_feint")
    world = battle.world
    frederic, dirk = find_by_name(world, "Frederic"), find_by_name(world, "Dirk")
    assert frederic is not None and dirk is not None
    planner = Planner(world, battle.board, frederic, {}, battle.options)
    draft = Draft(frederic)
    state = planner.with_path(draft, (9, 9))  # next to Dirk at (10, 9)
    assert state is not None
    draft.change(state)
    feint = next(c for c in planner.attack_choices(draft, dirk) if c.action.kind is ActionKind.FEINT)
    assert not feint.enabled and any("Feints" in r for r in feint.reasons)  # no Strike yet
    draft.add(Action(ActionKind.STRIKE, dirk))
    feint = next(c for c in planner.attack_choices(draft, dirk) if c.action.kind is ActionKind.FEINT)
    assert feint.enabled, feint.reasons
    assert feint.forecast is not None and feint.forecast.breakdown is not None
    draft.add(feint.action)
    assert validate_order(world, battle.board, draft.order(), {}) == []
    # One Feint serves one Strike: a second is refused, with the rules' words.
    second = next(c for c in planner.attack_choices(draft, dirk) if c.action.kind is ActionKind.FEINT)
    assert not second.enabled and second.reasons == ("more Feints (2) than Strikes (1)",)


def test_the_called_shot_item_is_greyed_with_why_when_no_part_can_be_aimed_at() -> None:
    """Out of sight, every Called Shot is refused for the same reason: the attack menu's
    "with a Called Shot…" says so instead of opening a menu of greyed items; in sight it opens."""
    from game.rules.options import RuleOptions
    from game.ui.battle.menus import attack_menu
    from game.ui.theme import Theme
    from tests.builders import BLASTER, Cast

    def called_item(walls: list[tuple[int, int]]):  # noqa: ANN202
        cast = Cast(12, 6, walls=walls)
        cast.add("Gunner", (1, 2), "a", weapons=(BLASTER,), missile_beam=6)
        cast.add("Target", (9, 2), "b", facing=6)
        planner = Planner(cast.world, cast.board, cast["Gunner"], {}, RuleOptions.battlefield())
        menu = attack_menu(
            Theme(), cast.world, planner, Draft(cast["Gunner"]), cast["Target"], (0, 0),
            lambda a: None, lambda t, k, p: None, lambda t: None, lambda t: None,
        )  # fmt: skip
        return next(item for item in menu.items if item.label.endswith("with a Called Shot…"))

    hidden = called_item([(5, y) for y in range(6)])
    assert not hidden.enabled and hidden.action is None
    assert "line of sight" in hidden.reason, hidden.reason
    seen = called_item([])
    assert seen.enabled and seen.action is not None


def _flight(size: tuple[int, int], runner_at: tuple[int, int], foe_at: tuple[int, int]):  # noqa: ANN202
    """The menu's "Flee off the map" item for a runner (Movement 4) with one foe, and the runner."""
    from game.rules.options import RuleOptions
    from tests.builders import Cast

    cast = Cast(*size)
    cast.add("Runner", runner_at, "a", movement=4)
    cast.add("Foe", foe_at, "b")
    planner = Planner(cast.world, cast.board, cast["Runner"], {}, RuleOptions())
    return planner.flight_choice(Draft(cast["Runner"])), cast["Runner"]


def test_flee_off_the_map_plans_the_way_to_the_nearest_edge() -> None:
    """From the middle of the map the menu's flight walks to the nearest edge tile and adds the
    Sprint the step off needs; engaged on the edge, it adds the Retreat that alone leaves melee."""
    from fractions import Fraction

    flight, runner = _flight((20, 10), (4, 5), (15, 5))
    assert flight.label == "Flee off the map via (0, 5)"
    order = Draft(runner, flight.state).order()
    assert order.flee and order.path == ((3, 5), (2, 5), (1, 5), (0, 5))
    assert [a.kind for a in order.actions] == [ActionKind.SPRINT]  # 4 m + 1 m off: more than a walk
    assert flight.enabled and flight.chance == Fraction(4, 12)  # Sprint rolls 1–4 (≤ Movement 4) give 5 m+

    flight, runner = _flight((20, 10), (0, 5), (1, 5))
    order = Draft(runner, flight.state).order()
    assert flight.label == "Flee off the map" and order.path == ()
    assert [a.kind for a in order.actions] == [ActionKind.RETREAT] and flight.enabled


def test_flee_off_the_map_says_when_no_edge_is_in_reach() -> None:
    """Far from every edge the item is greyed with the rules' reason, and its label says why in
    a player's words."""
    flight, _ = _flight((40, 40), (20, 20), (30, 30))
    assert flight.label == "Flee off the map (no edge tile in reach this round)"
    assert not flight.enabled
    assert flight.reasons == ("to flee off the map, the path must end on the map's edge ((20, 20) is not)",)
