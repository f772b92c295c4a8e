"""`python -m game simulate`: summaries, JSON, parallel runs, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ai_helpers import TEST_MAPS, write_scenario

from game.cli import main


@pytest.fixture
def scenario_args(tmp_path: Path) -> list[str]:
    scenario, roster = write_scenario(
        tmp_path,
        ["swordsman", "archer"],
        ["knight", "spearman"],
        map_path=str(TEST_MAPS / "foreign.tmx"),
        zones=("A", "B"),
        max_rounds=5,
    )
    return [str(scenario), "--roster", str(roster)]


def test_simulate_prints_wins_draws_rounds_and_injuries(scenario_args: list[str], capsys) -> None:  # noqa: ANN001
    assert main(["simulate", *scenario_args, "--sides", "ai:normal,ai:random", "--battles", "2"]) == 0
    out = capsys.readouterr().out
    assert "ai:normal" in out and "ai:random" in out
    assert "draws" in out and "mean rounds" in out and "mean injuries" in out
    assert "by seat: ai:normal on its first side won " in out and "; on its second side won " in out


def test_simulate_json_parses_and_matches_with_jobs(scenario_args: list[str], capsys) -> None:  # noqa: ANN001
    common = [
        "simulate",
        *scenario_args,
        "--sides",
        "ai:easy,ai:random",
        "--battles",
        "4",
        "--seed",
        "3",
        "--json",
    ]
    assert main(common) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*common, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["battles"] == 4 and len(one["results"]) == 4
    assert sum(one["wins"]) + one["draws"] == 4
    assert one["rejected_orders"] == 0
    # Sides swap on alternate battles.
    assert one["results"][0]["entrants"] == ["ai:easy", "ai:random"]
    assert one["results"][1]["entrants"] == ["ai:random", "ai:easy"]
    # Wins by side count the same battles as wins by AI, seen from the scenario's sides.
    assert sum(one["side_wins"]) == sum(one["wins"])
    for result in one["results"]:
        if result["winner"] is None:
            assert result["winning_side"] is None
        else:
            assert result["entrants"][result["winning_side"]] == one["sides"][result["winner"]]
    # Four battles are two pairs, each tallied once from the first AI's seat.
    assert one["pairs"]["won"] + one["pairs"]["tied"] + one["pairs"]["lost"] == 2
    (tally,) = one["per_scenario"].values()
    assert [tally["first_side"], tally["second_side"]] == one["side_wins"]
    # The first AI's battles by seat: the first side in even battles, the second in odd ones.
    assert [r["seat"] for r in one["results"]] == [0, 1, 0, 1]
    first, second = one["by_seat"]
    assert first["battles"] == second["battles"] == 2
    assert first["won"] + second["won"] == one["wins"][0]
    for seat, played in ((first, one["results"][0::2]), (second, one["results"][1::2])):
        assert seat["won"] == sum(1 for r in played if r["winner"] == 0)
        assert seat["drawn"] == sum(1 for r in played if r["winner"] is None)
        assert seat["won"] + seat["drawn"] + seat["lost"] == 2
    strip = lambda doc: {k: v for k, v in doc.items() if k not in ("seconds", "median_decision_ms")}  # noqa: E731
    assert strip(one) == strip(two)


def test_simulate_explain_lists_the_candidates(scenario_args: list[str], capsys) -> None:  # noqa: ANN001
    assert (
        main(["simulate", *scenario_args, "--sides", "ai:hard,ai:normal", "--battles", "1", "--explain"]) == 0
    )
    out = capsys.readouterr().out
    assert "round 1," in out and "(ai:hard)" in out
    assert "dealt" in out or "approach" in out


def test_simulate_on_a_map(capsys) -> None:  # noqa: ANN001
    from game.content.roster import default_roster
    from game.content.scenarios import bundled_maps

    (skirmish,) = [m for m in bundled_maps() if m.name == "skirmish.tmx"]
    default_roster().get("soldier")  # the quick battle's troops
    assert main(["simulate", str(skirmish), "--sides", "ai:random,ai:random", "--battles", "1"]) == 0


@pytest.mark.parametrize(
    "args",
    [
        ["--sides", "ai:hard"],
        ["--sides", "ai:hard,ai:godlike"],
        ["--battles", "0"],
        ["--battles", "many"],
        ["--jobs", "0"],
        ["--seed", "x"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(scenario_args: list[str], args: list[str], capsys) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit) as info:
        raise SystemExit(main(["simulate", *scenario_args, *args]))
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err


def test_an_unknown_scenario_exits_2_with_one_line(capsys) -> None:  # noqa: ANN001
    assert main(["simulate", "no_such_scenario", "--battles", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err


def test_one_ai_against_itself_does_not_replay_the_pair() -> None:
    """With the same AI on both sides, swapping sides changes nothing, so the second
    battle of a pair gets other AI streams (same dice seed): it is another battle."""
    from game.ai.simulate import play_battle
    from game.content.scenarios import find_scenario

    scenario = find_scenario("tutorial_feint")
    for seed in (1, 2, 3):
        first = play_battle(scenario, seed, ["ai:easy", "ai:easy"], swapped=False, explain=True)
        again = play_battle(scenario, seed, ["ai:easy", "ai:easy"], swapped=False, explain=True)
        second = play_battle(scenario, seed, ["ai:easy", "ai:easy"], swapped=True, explain=True)
        assert first.explain == again.explain  # still deterministic
        if first.explain != second.explain:
            return
    raise AssertionError("the swapped battle repeated the first on every seed")


def test_simulate_json_counts_each_action_declared_per_side(capsys) -> None:  # noqa: ANN001
    args = ["simulate", "tutorial_feint", "--sides", "ai:hard,ai:easy", "--battles", "2", "--seed", "1"]
    args.append("--json")
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    declared = doc["actions_declared"]
    assert len(declared) == 2  # one tally per entrant of --sides, in that order
    kinds = {"strike", "missile_strike", "feint", "disarm", "brawling", "parry", "block", "dodge", "evade"}
    kinds |= {"sprint", "retreat", "retrieve", "called_shot"}
    for tally in declared:
        assert tally and set(tally) <= kinds and all(isinstance(n, int) and n > 0 for n in tally.values())
        assert tally.get("strike", 0) > 0  # a melee tutorial: every AI strikes
    # The summary adds up the battles' own tallies (swapped sides included).
    for e in range(2):
        total: dict[str, int] = {}
        for result in doc["results"]:
            for kind, n in result["actions"][e].items():
                total[kind] = total.get(kind, 0) + n
        assert total == declared[e]


def test_the_scenario_selections_split_the_bundle() -> None:
    """`battles` is the bundle without its tutorials; `mirror` fields both sides' troops on
    each side of every bundled scenario won by elimination."""
    from game.ai.simulate import load_scenarios
    from game.content.scenarios import list_scenarios

    bundled = list_scenarios()
    battles = load_scenarios("battles", None)
    assert battles and all(s.tutorial is None for s in battles)
    tutorials = [s for s in bundled if s.tutorial is not None]
    assert tutorials and len(battles) + len(tutorials) == len(bundled)
    mirrored = load_scenarios("mirror", None)
    for scenario in mirrored:
        first, second = scenario.sides[:2]
        assert [u.character for u in first.units] == [u.character for u in second.units]


def test_pairs_tell_strength_apart_from_a_lopsided_scenario() -> None:
    from game.ai.simulate import BattleResult, pair_outcomes, summarize

    def battle(index: int, winner: int | None) -> BattleResult:
        return BattleResult(index, "s", 1, ["a", "b"], winner, 3, [0, 0])

    results = [
        battle(0, 0), battle(1, 0),  # won from both sides: won
        battle(2, 0), battle(3, 1),  # each won from one side (a lopsided scenario): tied
        battle(4, None), battle(5, 1),  # a draw, then a loss: lost
        battle(6, None), battle(7, 0),  # a draw, then a win: won
        battle(8, None), battle(9, None),  # two draws: tied
        battle(10, 0),  # no partner: not counted
    ]  # fmt: skip
    pairs = pair_outcomes(results)
    assert (pairs["won"], pairs["tied"], pairs["lost"]) == (2, 2, 1)
    assert pairs["decided_won"] == round(2 / 3, 4)
    assert pairs["by_scenario"] == {"s": {"won": 2, "tied": 2, "lost": 1}}
    assert summarize(results, ["a", "b"])["pairs"] == pairs
    assert pair_outcomes([battle(0, 1), battle(1, 0)])["decided_won"] is None  # nothing decided


def test_wilson_interval_matches_the_figures_in_docs() -> None:
    from game.ai.simulate import wilson_interval

    # docs/ai.md: 146 of 240 → 54.5–66.8 %; 236 of 240 → 95.8–99.4 %.
    assert [round(x, 3) for x in wilson_interval(146, 240)] == [0.545, 0.668]
    assert [round(x, 3) for x in wilson_interval(236, 240)] == [0.958, 0.994]
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28  # never below 0, unlike the normal approximation


def test_seat_outcomes_tell_the_seat_that_loses() -> None:
    """A lopsided scenario: the first AI wins both battles on the first side, draws and loses
    on the second; the by-seat tally says where its non-wins are, with Wilson intervals."""
    from game.ai.simulate import BattleResult, seat_outcomes, wilson_interval

    def battle(index: int, seat: int, winner: int | None) -> BattleResult:
        return BattleResult(index, "lopsided", 7, ["a", "b"], winner, 3, [0, 0], seat=seat)

    first, second = seat_outcomes([battle(0, 0, 0), battle(1, 1, None), battle(2, 0, 0), battle(3, 1, 1)])
    interval = lambda won, n: [round(x, 4) for x in wilson_interval(won, n)]  # noqa: E731
    assert first == {
        "battles": 2,
        "won": 2,
        "drawn": 0,
        "lost": 0,
        "win_rate": 1.0,
        "interval": interval(2, 2),
    }
    assert second == {
        "battles": 2,
        "won": 0,
        "drawn": 1,
        "lost": 1,
        "win_rate": 0.0,
        "interval": interval(0, 2),
    }
    assert seat_outcomes([])[0] == {
        "battles": 0,
        "won": 0,
        "drawn": 0,
        "lost": 0,
        "win_rate": None,
        "interval": [0.0, 1.0],
    }
