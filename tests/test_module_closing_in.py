"""The closing-in module (seed 002, the Agility roll to move into range and still act;
docs/modules.md): the Close In roll after a move into reach or range, the attacks it was for
lost on a failure while the move stands, the forecast's chance, and the AI weighing it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.closing_in import close_in_roll
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.world import Position
from tests.builders import SWORD, Cast, log_text, rolls, the_roll

ON = RuleOptions({"closing_in"})
WALK = ((3, 5), (4, 5), (5, 5))  # Dan walks 3 m east, to beside Orc
PISTOL = Weapon("pistol", WeaponClass.MISSILE, 1, injury=2, missile_kind=MissileKind.BEAM, ranges=(5, 8, 10))


def duel(**dan: object) -> Cast:
    """Dan (Agility 3, Strike 7, a sword, Movement 4) at (2, 5); Orc (Stamina 3) at (6, 5)."""
    cast = Cast(20, 10)
    cast.add("Dan", (2, 5), "a", **{"agility": 3, "strike": 7, "movement": 4, **dan})
    cast.add("Orc", (6, 5), "b", facing=6)
    return cast


def play(cast: Cast, dice: dict[str, list[int]], *actions: tuple[K, str], path=WALK) -> list:  # noqa: ANN001
    orders = {cast["Dan"]: cast.order("Dan", *(cast.act(k, t) for k, t in actions), path=path)}
    timing = [cast["Dan"], cast["Orc"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, timing, ON)


def test_a_failed_roll_leaves_the_mover_there_without_its_attack() -> None:
    cast = duel()
    events = play(cast, {"Dan:Close In": [8]}, (K.STRIKE, "Orc"))
    text = log_text(events)
    assert "Dan walks 3.0 m of 4.0 m (2, 5) → (5, 5), facing E" in text
    assert (
        the_roll(events, "Dan", "Close In").text() == "Dan — Close In: 6 [Agility ×2] = 6; rolled 8: failure"
    )
    assert "Dan — Strike on Orc nullified: Dan's Close In roll failed" in text
    assert cast.world.get(cast["Dan"], Position).tile == (5, 5)


def test_a_success_lets_the_attack_go_on_and_two_attacks_pay_the_action_penalty_once_more() -> None:
    cast = duel()
    events = play(cast, {"Dan:Close In": [5], "Dan:Strike": [12, 12]}, (K.STRIKE, "Orc"), (K.STRIKE, "Orc"))
    assert the_roll(events, "Dan", "Close In").text() == (
        "Dan — Close In: 6 [Agility ×2] − 1 [Action Penalty] = 5; rolled 5: success"
    )
    assert len(rolls(events, "Dan", "Strike")) == 2


def test_no_roll_without_a_move_into_reach() -> None:
    """Already beside Orc, Dan steps round him: the move is not what the Strike needs."""
    cast = duel()
    cast.world.set(cast["Dan"], Position(5, 5))
    events = play(cast, {"Dan:Strike": [12]}, (K.STRIKE, "Orc"), path=((5, 6),))
    assert not rolls(events, "Dan", "Close In")
    assert len(rolls(events, "Dan", "Strike")) == 1


def test_a_shot_that_needed_the_move_into_range_is_lost_too() -> None:
    """Ash (pistol, long range 10 m) walks from 12 m to 9 m of Orc and shoots."""
    cast = Cast(20, 10)
    cast.add("Ash", (2, 5), "a", weapons=(PISTOL,), missile_beam=7, agility=2, movement=4)
    cast.add("Orc", (14, 5), "b", facing=6)
    orders = {
        cast["Ash"]: cast.order("Ash", cast.act(K.MISSILE_STRIKE, "Orc"), path=((3, 5), (4, 5), (5, 5)))
    }
    dice = ScriptedDice(keyed={"Ash:Close In": [5]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Ash"], cast["Orc"]], ON)
    assert (
        the_roll(events, "Ash", "Close In").text() == "Ash — Close In: 4 [Agility ×2] = 4; rolled 5: failure"
    )
    assert "Ash — Missile Strike on Orc nullified: Ash's Close In roll failed" in log_text(events)


def test_the_forecast_counts_the_roll() -> None:
    """Close In 6 (6/12), then the Strike 7 (7/12): 42/144 to hit, nullified half the time."""
    cast = duel()
    orders = {cast["Dan"]: cast.order("Dan", cast.act(K.STRIKE, "Orc"), path=WALK)}
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Dan"], ON)
    assert line.success == Fraction(6, 12) * Fraction(7, 12)
    assert line.nullified == Fraction(1, 2)
    assert "Close In first: 6 [Agility ×2] = 6; on a failure this attack is lost" in line.notes
    assert close_in_roll(cast.world, cast["Dan"], orders[cast["Dan"]]).total == 6


def test_the_hard_ai_does_not_strike_after_a_run_in_on_a_poor_roll() -> None:
    """Dan (Agility 1: Close In 2, 2/12) with a sword (Strike 9) and a pistol (Missile Strike 5),
    Orc 4 m off: without the module he walks in and strikes twice; with it the strikes after the
    walk are nullified 10 times in 12, and he does not strike after a walk: he shoots from where
    the pistol reaches Orc already (no move into range, no roll)."""
    from ai_helpers import judging, view_of

    def choice(options: RuleOptions) -> list[K]:
        cast = Cast(20, 10)
        cast.add("Dan", (2, 5), "a", agility=1, strike=9, missile_beam=5, movement=4, weapons=(SWORD, PISTOL))
        cast.add("Orc", (6, 5), "b", facing=6, weapons=())
        earlier = {"Orc": cast.order("Orc")}
        view = replace(view_of(cast, "Dan", earlier=earlier), options=options)
        return [a.kind for a in judging("ai:hard", 4).choose_order(view).actions]

    assert choice(RuleOptions()) == [K.STRIKE, K.STRIKE]
    assert K.STRIKE not in choice(ON)


def test_the_ais_quick_look_at_a_walk_in_strike_counts_the_roll_as_the_forecast_does() -> None:
    """The AI ranks every candidate with a quick look (`first_look`) before judging the best few
    with the forecast: the quick look at a walk into reach must count the Close In roll too, or
    every walk-in attack ranks as if it could not fail (42/144 to hit, not 7/12)."""
    from ai_helpers import knowledge_of, view_of

    from game.ai.expect import first_look

    cast = duel()
    view = replace(view_of(cast, "Dan", earlier={"Orc": cast.order("Orc")}), options=ON)
    know = knowledge_of(view)
    order = cast.order("Dan", cast.act(K.STRIKE, "Orc"), path=WALK)
    orders = {**view.earlier, cast["Dan"]: order}
    (quick,) = first_look(know, orders, cast["Dan"])
    (exact,) = forecast_order(cast.world, cast.board, orders, cast["Dan"], ON, one=1.0)
    assert quick.success == pytest.approx(float(exact.success)) == pytest.approx(42 / 144)
    assert quick.nullified == pytest.approx(0.5)
