"""The action menu offers exactly what the rules accept for the order being built.

The battle screen's menus are made of the planner's choices (enabled or greyed
with a reason); each choice must be the rules' own verdict on the draft with
that action added: greyed exactly when `validate_order` refuses that order,
and with the reasons it gives.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.scenarios import build_battle, list_scenarios
from game.rules.battle import Battle
from game.rules.orders import Action, ActionKind
from game.rules.positions import find_by_name, is_active
from game.rules.validate import validate_order
from game.ui.planner import Choice, Draft, Planner

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
    offered = [c.action for c in menu(planner, draft)]
    for action in draw(st.lists(st.sampled_from(offered), max_size=4)):
        draft.add(action)
    return planner, draft


def assert_menu_is_the_rules(planner: Planner, draft: Draft) -> None:
    order = draft.order()
    for choice in menu(planner, draft):
        new = replace(order, actions=(*order.actions, choice.action))
        verdict = validate_order(planner.world, planner.board, new, planner.earlier, planner.options)
        assert choice.enabled == (not verdict), (choice.label, order, verdict, choice.reasons)
        assert sorted(choice.reasons) == sorted(verdict), (choice.label, order, verdict, choice.reasons)


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
