"""The dodging fire module (seed 001 Dodging Fire; docs/modules.md): a Missile Strike at −4 from
beside high cover (or behind a tower shield); that round every Missile Strike at the shooter is
at −2; the forecast counts both; the AI weighs it through the registry."""

from __future__ import annotations

from fractions import Fraction

from game.core.equipment import Shield
from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.dodging_fire import DODGING_FIRE
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, the_roll

ON = RuleOptions({"dodging_fire", "cover"})
TOWER = Shield("tower shield", 2)


def range_(cover: dict | None = None) -> Cast:
    """Bea (Missile Strike 8) at (2, 4) beside a wall's high cover at (2, 3), off the line of fire;
    Sam (Missile Strike 8) 10 m east in the open."""
    cast = Cast(20, 8, cover=cover if cover is not None else {(2, 3): "high"})
    cast.add("Bea", (2, 4), "a", weapons=(BLASTER,), missile_beam=8)
    cast.add("Sam", (12, 4), "b", facing=6, weapons=(BLASTER,), missile_beam=8)
    return cast


def test_a_dodging_fire_shot_is_at_minus_4_and_shots_at_the_shooter_at_minus_2() -> None:
    cast = range_()
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(DODGING_FIRE, "Sam")),
        cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    }
    dice = ScriptedDice(
        keyed={"Sam:Missile Strike": [7], "Bea:Dodging Fire": [4], "Sam:Withstand Injury": [12]}
    )
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Sam"], cast["Bea"]], ON)
    assert the_roll(events, "Sam", "Missile Strike").text() == (
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 2 [Dodging Fire (target)] = 6;"
        " rolled 7: miss"
    )
    assert the_roll(events, "Bea", "Dodging Fire").text() == (
        "Bea — Dodging Fire on Sam: 8 [Missile Strike (Beam)] − 4 [Dodging Fire] = 4; rolled 4: hit"
    )


def test_without_it_the_shot_at_her_is_not_lessened() -> None:
    cast = range_()
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam")),
        cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    }
    dice = ScriptedDice(keyed={"Sam:Missile Strike": [9], "Bea:Missile Strike": [9]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Sam"], cast["Bea"]], ON)
    assert the_roll(events, "Sam", "Missile Strike").breakdown.text() == "8 [Missile Strike (Beam)] = 8"


def test_it_needs_high_cover_at_hand_or_a_tower_shield() -> None:
    cast = range_(cover={})
    one = cast.order("Bea", cast.act(DODGING_FIRE, "Sam"))
    assert validate_order(cast.world, cast.board, one, {}, ON) == [
        "Dodging Fire needs high cover next to (2, 4) (or a tower shield)"
    ]
    cast = range_(cover={(2, 3): "low"})
    assert validate_order(cast.world, cast.board, one, {}, ON) != []
    cast = range_(cover={})
    cast.add("Tor", (2, 6), "a", weapons=(BLASTER,), shield=TOWER, missile_beam=8)
    shielded = cast.order("Tor", cast.act(DODGING_FIRE, "Sam"))
    assert validate_order(cast.world, cast.board, shielded, {}, ON) == []
    cast = range_()
    assert validate_order(cast.world, cast.board, one, {}, ON) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions({"cover"})) == [
        "Dodging Fire is part of the dodging_fire rules module, which is not in play"
    ]
    both = cast.order("Bea", cast.act(DODGING_FIRE, "Sam"), cast.act(K.MISSILE_STRIKE, "Sam"))
    assert validate_order(cast.world, cast.board, both, {}, ON) == [
        "Dodging Fire ducks after every shot: no Missile Strike beside it"
    ]
    twice = cast.order("Bea", cast.act(DODGING_FIRE, "Sam"), cast.act(DODGING_FIRE, "Sam"))
    assert validate_order(cast.world, cast.board, twice, {}, ON) == []
    # Walking away from the wall: no cover where she will stand.
    away = cast.order("Bea", cast.act(DODGING_FIRE, "Sam"), path=((2, 5), (2, 6)))
    assert validate_order(cast.world, cast.board, away, {}, ON) == [
        "Dodging Fire needs high cover next to (2, 6) (or a tower shield)"
    ]


def test_the_forecast_counts_the_shot_s_penalty_and_the_shooter_s_gain() -> None:
    """Bea's shot: 4/12.  Sam's at her: 6/12 instead of 8/12."""
    cast = range_()
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(DODGING_FIRE, "Sam")),
        cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    }
    (mine,) = forecast_order(cast.world, cast.board, orders, cast["Bea"], ON)
    assert (
        mine.breakdown is not None
        and mine.breakdown.text() == "8 [Missile Strike (Beam)] − 4 [Dodging Fire] = 4"
    )
    assert mine.success == Fraction(4, 12)
    assert "Dodging Fire: every Missile Strike at you this round −2" in mine.notes
    (theirs,) = forecast_order(cast.world, cast.board, orders, cast["Sam"], ON)
    assert theirs.success == Fraction(6, 12)


def test_the_hard_ai_dodges_fire_against_five_shooters() -> None:
    """Bea (Missile Strike 12, beside a wall) against five riflemen in the open who declare
    after her: −4 on her shots buys −2 on each of their five."""
    from dataclasses import replace

    from ai_helpers import judging, view_of

    cast = Cast(20, 10, cover={(2, 3): "high"})
    cast.add("Bea", (2, 4), "a", weapons=(BLASTER,), missile_beam=12, movement=0, stamina=3)
    for n, y in enumerate((0, 2, 4, 6, 8)):
        cast.add(f"S{n}", (12, y), "b", facing=6, weapons=(BLASTER,), missile_beam=9, stamina=8)
    view = replace(view_of(cast, "Bea", later=("S0", "S1", "S2", "S3", "S4")), options=ON)
    controller = judging("ai:hard", 1)
    order = controller.choose_order(view)
    assert order is not None and order.has(DODGING_FIRE), order
