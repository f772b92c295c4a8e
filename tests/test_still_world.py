"""`game.rules.still`: answers remembered only inside a still-world scope, and the AI's
declarations are the same whether the rules remember or not (every module on)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace

import pytest

import game.ai.tactical as tactical
from game.ai.bench import BENCH_MAP, SQUAD
from game.ai.controller import DeclarationView
from game.ai.factory import make_controller
from game.content.battle_setup import build_battle
from game.content.scenarios import UnitSpec, bundled_maps, quick_scenario
from game.rules.options import RuleOptions
from game.rules.registry import rules_modules
from game.rules.still import remembered, world_standing_still
from game.world import Side, World

ROUNDS = 3
PER_SIDE = 4
WORLD = World()


def test_nothing_is_remembered_outside_a_scope() -> None:
    calls = []
    for _ in range(2):
        remembered("k", lambda: calls.append(1), WORLD)
    assert len(calls) == 2


def test_inside_a_scope_an_answer_is_worked_out_once_and_a_none_key_never_kept() -> None:
    calls: list[int] = []
    memo: dict = {}
    with world_standing_still(memo, WORLD):
        first = remembered("k", lambda: calls.append(1) or [1], WORLD)
        again = remembered("k", lambda: calls.append(1) or [2], WORLD)
        remembered(None, lambda: calls.append(1), WORLD)
        remembered(None, lambda: calls.append(1), WORLD)
    assert first is again and calls == [1, 1, 1]
    assert list(memo) == ["k"]
    remembered("k", lambda: calls.append(1), WORLD)
    assert len(calls) == 4, "the scope ended"


def test_a_question_about_another_world_is_worked_out_afresh() -> None:
    """The AI imagines a round ahead on a changed copy of the world (Careful Aim's worth):
    that copy's answers are never the scope's, nor kept."""
    memo: dict = {}
    other = World()
    with world_standing_still(memo, WORLD):
        assert remembered("k", lambda: "still", WORLD) == "still"
        assert remembered("k", lambda: "imagined", other) == "imagined"
    assert memo == {"k": "still"}


def _orders(remember: bool) -> list[str]:
    """Every order of a short hard-against-normal battle with every module on."""
    path = next(m for m in bundled_maps() if m.name == BENCH_MAP)
    units = tuple(UnitSpec(SQUAD[i % len(SQUAD)]) for i in range(PER_SIDE))
    every = RuleOptions(m.name for m in rules_modules())
    scenario = quick_scenario(path)
    scenario = replace(scenario, sides=tuple(replace(s, units=units) for s in scenario.sides), options=every)
    battle, _ = build_battle(scenario, 3, options=every)
    names = [s.name for s in scenario.sides]
    ais = {names[0]: make_controller("ai:hard", 3), names[1]: make_controller("ai:normal", 4)}
    seen = []
    with pytest.MonkeyPatch.context() as patch:
        if not remember:
            patch.setattr(tactical, "world_standing_still", _forgetful)
        for _ in range(ROUNDS):
            rnd = battle.start_round()
            while (eid := rnd.next_declarer) is not None:
                order = ais[battle.world.get(eid, Side).name].choose_order(DeclarationView.of(battle, eid))
                seen.append(repr(order))
                battle.declare(order)
            battle.resolve()
    return seen


@contextlib.contextmanager
def _forgetful(memo: dict, world: object) -> Iterator[None]:
    yield


def test_the_ai_declares_the_same_orders_whether_the_rules_remember_or_not() -> None:
    remembering = _orders(remember=True)
    assert len(remembering) >= ROUNDS * PER_SIDE
    assert remembering == _orders(remember=False)
