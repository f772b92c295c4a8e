"""Whole AI battles: every order legal, the same seed plays the same battle, the factory."""

from __future__ import annotations

from pathlib import Path

import pytest
from ai_helpers import ROSTER, TEST_MAPS, write_scenario

from game.ai import CONTROLLER_NAMES, make_controller
from game.ai.controller import DeclarationView
from game.ai.simulate import play_battle
from game.content.battle_setup import build_battle
from game.content.roster import parse_roster
from game.content.scenarios import list_scenarios, load_scenario
from game.rules.validate import validate_order

ALL_AIS = ("ai:random", "ai:easy", "ai:normal", "ai:hard")


def small_scenario(tmp_path: Path, max_rounds: int = 6):  # noqa: ANN201
    path, _ = write_scenario(
        tmp_path,
        ["swordsman", "archer", "spearman"],
        ["knight", "archer", "swordsman"],
        map_path=str(TEST_MAPS / "foreign.tmx"),
        zones=("A", "B"),
        max_rounds=max_rounds,
    )
    roster = parse_roster(ROSTER)
    return load_scenario(path, roster), roster


@pytest.mark.parametrize("first", ALL_AIS)
def test_every_order_passes_validation_on_a_small_board(tmp_path: Path, first: str) -> None:
    scenario, roster = small_scenario(tmp_path)
    for seed in range(3):
        result = play_battle(
            scenario,
            seed,
            [first, ALL_AIS[(ALL_AIS.index(first) + 1 + seed) % 4]],
            bool(seed % 2),
            roster=roster,
        )
        assert result.rejected == 0


def test_every_order_passes_validation_in_the_bundled_scenarios() -> None:
    scenarios = [s for s in list_scenarios() if sum(len(side.units) for side in s.sides) <= 6]
    assert len(scenarios) >= 5
    for index, scenario in enumerate(scenarios):
        pair = ALL_AIS[index % 4], ALL_AIS[(index + 2) % 4]
        short = type(scenario)(**{**scenario.__dict__, "max_rounds": min(scenario.max_rounds, 4)})
        assert play_battle(short, index, list(pair), bool(index % 2)).rejected == 0


def test_the_ai_checks_its_own_orders_like_the_round_does(tmp_path: Path) -> None:
    scenario, roster = small_scenario(tmp_path)
    battle, _ = build_battle(scenario, 5, roster=roster)
    controller = make_controller("ai:hard", 5)
    rnd = battle.start_round()
    while (eid := rnd.next_declarer) is not None:
        view = DeclarationView.of(battle, eid)
        order = controller.choose_order(view)
        assert validate_order(view.world, view.board, order, view.earlier) == []
        assert battle.declare(order) == []


@pytest.mark.parametrize("ai", ALL_AIS)
def test_the_same_seed_plays_the_same_battle(tmp_path: Path, ai: str) -> None:
    scenario, roster = small_scenario(tmp_path, max_rounds=4)

    def record(seed: int) -> list[list[dict]]:
        battle, _ = build_battle(scenario, seed, roster=roster)
        controllers = {side.name: make_controller(ai, seed + i) for i, side in enumerate(scenario.sides)}
        while not battle.over:
            battle.play_round(
                lambda eid, b: controllers[b.world.get(eid, Side).name].choose_order(
                    DeclarationView.of(b, eid)
                )
            )
        return battle.to_dict()["rounds"]

    from game.world import Side

    assert record(11) == record(11)


def test_a_view_is_never_changed_by_the_ai(tmp_path: Path) -> None:
    scenario, roster = small_scenario(tmp_path)
    battle, _ = build_battle(scenario, 2, roster=roster)
    battle.start_round()
    eid = battle.next_declarer
    view = DeclarationView.of(battle, eid)
    before = view.world.to_dict()
    make_controller("ai:hard", 1).choose_order(view)
    assert view.world.to_dict() == before


def test_the_factory_knows_every_controller_name() -> None:
    for name in CONTROLLER_NAMES:
        assert make_controller(name, 1).name == name
    assert make_controller("AI:Hard", 1).name == "ai:hard"
    with pytest.raises(ValueError, match="ai:hard"):
        make_controller("ai:godlike", 1)
