"""The pulled blows module (seed 003 Pulled Blows, seed 001 Subdual; docs/modules.md): a Pulled
Blow's hit counts the weapon's Injury Rating half; a Subdual rolls at −2 and adds at most one
Injury; neither kills; the forecast counts it; the AI scores them through the registry."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.events import Injured, Killed
from game.rules.forecast import forecast_order
from game.rules.modules.pulled_blows import PULLED_BLOW, SUBDUAL, held_back
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Condition
from tests.builders import Cast, the_roll

ON = RuleOptions({"pulled_blows"})


def pair(injuries: int = 0) -> Cast:
    """Omar (Strike 7, a sword: rating 2) next to Niles (Stamina 5)."""
    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", strike=7)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=5, injuries=injuries)
    return cast


def play(cast: Cast, kind: K, keyed: dict[str, list[int]], options: RuleOptions = ON) -> list:
    orders = {cast["Omar"]: cast.order("Omar", cast.act(kind, "Niles"))}
    timing = (
        [cast["Omar"]] if cast.world.get(cast["Niles"], Condition).defeated else [cast["Omar"], cast["Niles"]]
    )
    return play_round(cast.world, cast.board, ScriptedDice(keyed=keyed), orders, 1, timing, options)


def test_the_rating_counts_half_rounded_down() -> None:
    assert [held_back(r) for r in range(6)] == [0, 1, 1, 2, 2, 3]


def test_a_pulled_blow_rolls_as_a_strike_and_its_hit_counts_the_rating_half() -> None:
    """The sword's 2 counts 1: 5 − 2 + 1 = 4; Niles's 5 fails: 1 Injury (seed 003's half damage)."""
    cast = pair()
    events = play(cast, PULLED_BLOW, {"Omar:Pulled Blow": [6], "Niles:Withstand Injury": [5]})
    assert (
        the_roll(events, "Omar", "Pulled Blow").text()
        == "Omar — Pulled Blow on Niles: 7 [Strike] = 7; rolled 6: hit"
    )
    assert the_roll(events, "Niles", "Withstand Injury").breakdown.text() == (
        "5 [Withstand Injury] − 2 [sword Injury Rating] + 1 [Pulled Blow] = 4"
    )
    assert [e.added for e in events if isinstance(e, Injured)] == [1]


def test_a_subdual_rolls_at_minus_2_keeps_the_rating_and_its_double_hit_adds_one() -> None:
    """With criticals: Omar's natural 1 and a d4 4 (double damage) would add 2 Injuries; a
    Subdual's lesser result adds 1; a Pulled Blow's half of 2 is 1 as well."""
    both = RuleOptions({"pulled_blows", "criticals"})
    cast = pair()
    events = play(
        cast, SUBDUAL, {"Omar:Subdual": [1], "Omar:Critical": [4], "Niles:Withstand Injury": [9]}, both
    )
    assert the_roll(events, "Omar", "Subdual").breakdown.text() == "7 [Strike] − 2 [Subdual] = 5"
    assert the_roll(events, "Niles", "Withstand Injury").breakdown.text() == (
        "5 [Withstand Injury] − 2 [sword Injury Rating] = 3"
    )
    assert [e.added for e in events if isinstance(e, Injured)] == [1]
    cast = pair()
    events = play(
        cast, K.STRIKE, {"Omar:Strike": [1], "Omar:Critical": [4], "Niles:Withstand Injury": [9]}, both
    )
    assert [e.added for e in events if isinstance(e, Injured)] == [2]
    cast = pair()
    events = play(
        cast,
        PULLED_BLOW,
        {"Omar:Pulled Blow": [1], "Omar:Critical": [4], "Niles:Withstand Injury": [9]},
        both,
    )
    assert [e.added for e in events if isinstance(e, Injured)] == [1]


@pytest.mark.parametrize("kind", [PULLED_BLOW, SUBDUAL])
def test_neither_kills_a_defeated_foe(kind: K) -> None:
    cast = pair(injuries=3)
    label = "Pulled Blow" if kind == PULLED_BLOW else "Subdual"
    events = play(cast, kind, {f"Omar:{label}": [1], "Niles:Withstand Injury": [12]})
    assert any(
        e.text()
        == "Omar's sword hit on Niles (torso) strikes the flat (a pulled blow spares the Defeated) instead"
        for e in events
    )
    assert not any(isinstance(e, Killed) for e in events)
    assert cast.world.get(cast["Niles"], Condition).present
    cast = pair(injuries=3)
    events = play(cast, K.STRIKE, {"Omar:Strike": [1], "Niles:Withstand Injury": [12]})
    assert any(isinstance(e, Killed) for e in events)


def test_they_need_the_module_and_a_melee_weapon() -> None:
    cast = pair()
    one = cast.order("Omar", cast.act(PULLED_BLOW, "Niles"))
    assert validate_order(cast.world, cast.board, one, {}, ON) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Pulled Blow is part of the pulled_blows rules module, which is not in play"
    ]


def test_the_forecast_counts_the_lesser_blows() -> None:
    """Pulled Blow: 7/12 to hit, Withstand 4 fails 8/12.  Subdual: 5/12, Withstand 3 fails 9/12."""
    cast = pair()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(PULLED_BLOW, "Niles"))}
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert line.expected_injuries == Fraction(7, 12) * Fraction(8, 12)
    assert any(
        n.startswith("Pulled Blow: the sword's Injury Rating counts half (+1 to Withstand)")
        for n in line.notes
    )
    orders = {cast["Omar"]: cast.order("Omar", cast.act(SUBDUAL, "Niles"))}
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    assert line.breakdown is not None and line.breakdown.text() == "7 [Strike] − 2 [Subdual] = 5"
    assert line.expected_injuries == Fraction(5, 12) * Fraction(9, 12)
    assert "Subdual: a hit adds at most one Injury; never kills" in line.notes


def test_the_ai_scores_the_lesser_blows_by_the_rules_odds_and_prefers_a_strike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hard AI proposes each lesser blow through the registry and the odds score it: a
    Pulled Blow expects what its forecast says (7/12 × 8/12), 8/9 of a Strike's 7/12 × 9/12, a
    Subdual 5/12 × 9/12, 5/7 of it; so it Strikes: no victory in the game asks for a foe alive
    (docs/modules.md)."""
    from dataclasses import replace

    from ai_helpers import judging, view_of

    import game.ai.tactical

    monkeypatch.setattr(game.ai.tactical, "EXPLAIN_TOP", 100)  # every candidate in the explanation
    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", strike=7, movement=0)
    cast.add("Niles", (4, 4), "b", facing=6, stamina=5, weapons=())
    view = replace(view_of(cast, "Omar", later=("Niles",)), options=ON)
    controller = judging("ai:hard", 1)
    order = controller.choose_order(view)
    explained = controller.last_explanation
    dealt = {words.split(" — ")[0]: terms.get("dealt", 0.0) for words, _score, terms in explained}
    strike = dealt["stay: strike"]  # the AI weighs every line alike (its guess of the defences …)
    assert dealt["stay: pulled blow"] / strike == pytest.approx(8 / 9, rel=0.01)  # Withstand 4 against 3
    assert dealt["stay: subdual"] / strike == pytest.approx(5 / 7, rel=0.01)  # hits on 5 against 7
    assert order is not None and not order.has(PULLED_BLOW) and not order.has(SUBDUAL)
