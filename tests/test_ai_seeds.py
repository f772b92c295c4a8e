"""The AI's random streams never come from the dice seed (issue 17)."""

from __future__ import annotations

import pytest

from game.ai import factory
from game.ai.seeds import ai_seed_for

MAKE = factory.make_controller


def _seeds_used(monkeypatch: pytest.MonkeyPatch, dice_seed: int, ai_seed: int) -> list[int]:
    from game.ai.simulate import play_battle
    from game.content.scenarios import find_scenario

    seen: list[int] = []

    def spy(name: str, seed: int = 0):  # noqa: ANN202
        seen.append(seed)
        return MAKE(name, seed)

    monkeypatch.setattr(factory, "make_controller", spy)
    scenario = find_scenario("tutorial_feint")
    short = type(scenario)(**{**scenario.__dict__, "max_rounds": 1})
    play_battle(short, dice_seed, ["ai:easy", "ai:random"], ai_seed=ai_seed)
    return seen


def test_simulate_gives_the_ais_seeds_apart_from_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    one = _seeds_used(monkeypatch, dice_seed=1, ai_seed=0)
    other_dice = _seeds_used(monkeypatch, dice_seed=2, ai_seed=0)
    other_ai = _seeds_used(monkeypatch, dice_seed=1, ai_seed=1)
    assert len(one) == 2 and len(set(one)) == 2
    assert one == other_dice  # the dice seed changes nothing of the AIs' streams
    assert set(one).isdisjoint(other_ai)  # --ai-seed does


def test_the_window_draws_each_ais_seed_from_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import seeds
    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.ui import ai_runner

    given: list[int] = []
    monkeypatch.setattr(seeds, "fresh_ai_seed", lambda: 424242)
    monkeypatch.setattr(ai_runner, "controller_for", lambda spec, seed=0: given.append(seed))
    for dice in (3, 9):
        battle, _ = build_battle(find_scenario("tutorial_feint"), dice)
        make = ai_runner.window_controllers(battle)
        for side in ("Frederic", "Dirk"):
            make(side)
    assert given and set(given) == {424242}


def test_ai_seeds_are_spread_and_reproducible() -> None:
    seeds = {ai_seed_for(0, battle, side) for battle in range(50) for side in range(4)}
    assert len(seeds) == 200
    assert ai_seed_for(7, 3, 1) == ai_seed_for(7, 3, 1)
