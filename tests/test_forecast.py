"""The forecast: exact probabilities, checked by hand and against the engine itself."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.rules.called_shots import called_shot
from game.rules.dice import SeededDice
from game.rules.events import Hit, WeaponDropped
from game.rules.forecast import chance, convolve, forecast_order, roll_value_dist
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import Round
from tests.builders import BLASTER, SHIELD, Cast


def test_chance_respects_the_automatic_12() -> None:
    assert chance(12) == Fraction(11, 12)
    assert chance(30) == Fraction(11, 12)
    assert chance(0) == 0
    assert chance(-3) == 0
    assert chance(5) == Fraction(5, 12)


def test_roll_value_distribution_sums_to_one() -> None:
    dist = roll_value_dist(8)
    assert sum(dist.values()) == 1
    assert dist[0] == Fraction(4, 12)
    assert dist[8] == Fraction(1, 12)
    assert sum(convolve(dist, dist).values()) == 1


def omar_feints_niles_dodges() -> tuple[Cast, dict]:
    cast = Cast()
    cast.add("Omar", (1, 1), "hunters", strike=6, feint=4)
    cast.add("Niles", (2, 1), "assassin", dodge=8)
    orders = {
        cast["Niles"]: cast.order("Niles", cast.act(K.DODGE)),
        cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"), cast.act(K.FEINT)),
    }
    return cast, orders


def test_strike_with_feint_against_dodge_by_hand() -> None:
    cast, orders = omar_feints_niles_dodges()
    strike, feint = forecast_order(cast.world, cast.board, orders, cast["Omar"])
    # Feint 4 − 1 = 3 → 1/4.  Strike 5 (9 with the Feint Bonus) against Dodge 8:
    # no feint: 4/12·5/12 + (4+3+2+1)/144 = 30/144; feint: 4/12·9/12 + 36/144 = 72/144.
    assert feint.success == Fraction(1, 4)
    assert strike.success == Fraction(3, 4) * Fraction(30, 144) + Fraction(1, 4) * Fraction(72, 144)
    assert strike.breakdown is not None
    assert strike.breakdown.text() == "6 [Strike] − 1 [Action Penalty] = 5"
    assert dict(strike.uncertain)["Feint Bonus"] == (0, 4)


def test_an_undeclared_target_counts_as_undefended() -> None:
    cast, orders = omar_feints_niles_dodges()
    del orders[cast["Niles"]]
    strike, _ = forecast_order(cast.world, cast.board, orders, cast["Omar"])
    assert strike.success == Fraction(3, 4) * Fraction(5, 12) + Fraction(1, 4) * Fraction(9, 12)


def test_retreat_nullifies_melee_with_its_own_chance() -> None:
    cast = Cast()
    cast.add("Niles", (5, 5), "assassin", strike=9)
    cast.add("Serena", (6, 5), "hunters", movement=4)
    orders = {
        cast["Serena"]: cast.order(
            "Serena", cast.act(K.RETREAT), path=tuple((6 + i, 5) for i in range(1, 6))
        ),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Serena")),
    }
    (strike,) = forecast_order(cast.world, cast.board, orders, cast["Niles"])
    assert strike.nullified == Fraction(4, 12)  # Retreat needs ≤ 4
    assert strike.success == Fraction(8, 12) * Fraction(9, 12)


def test_sprint_out_of_range_is_counted() -> None:
    cast = Cast(width=40, height=5)
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=8)
    cast.add("IX", (12, 2), "law", movement=5)
    path = tuple((12 + i, 2) for i in range(1, 17))
    orders = {
        cast["IX"]: cast.order("IX", cast.act(K.SPRINT), path=path),
        cast["Sentry"]: cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "IX")),
    }
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Sentry"])
    # 12 m away; blaster short ≤ 20 m, medium ≤ 50 m.  Walking 5 m (Sprint failed,
    # 7/12) or sprinting 6–8 m (roll 1–3) stays short; rolls 4–5 carry it to medium.
    short = Fraction(7, 12) + Fraction(3, 12)
    medium = Fraction(2, 12)
    assert shot.success == short * Fraction(8, 12) + medium * Fraction(5, 12)
    assert shot.nullified == 0


def test_evade_is_limited_by_metres_moved() -> None:
    cast = Cast(width=30, height=5)
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=10)
    cast.add("Alex", (10, 2), "resistance", evade=5, movement=2)
    orders = {
        cast["Alex"]: cast.order("Alex", cast.act(K.EVADE), path=((11, 2), (12, 2))),
        cast["Sentry"]: cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Alex")),
    }
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Sentry"])
    # Evade 5: penalty 0 (7/12), 1 (1/12), 2+ capped to 2 by the 2 m moved (4/12).
    expected = Fraction(7, 12) * chance(10) + Fraction(1, 12) * chance(9) + Fraction(4, 12) * chance(8)
    assert shot.success == expected


def test_called_shot_part_and_general_hit() -> None:
    cast = Cast()
    cast.add("Serena", (1, 1), "hunters", strike=5)
    cast.add("Niles", (2, 1), "assassin")
    orders = {cast["Serena"]: cast.order("Serena", cast.act(K.STRIKE, "Niles", called_shot("head")))}
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Serena"])
    assert shot.part_hit == Fraction(1, 12)  # 5 − 1 − 3 = 1
    assert shot.success == Fraction(4, 12)  # general hit on ≤ 4 (RULES.md §5 ruling)


def _simulate(build, actor: str, trials: int, seed: int) -> dict[str, float]:
    """Play the same round many times with seeded dice and count outcomes."""
    dice = SeededDice(seed)
    counts = {"hit": 0, "dropped": 0}
    for _ in range(trials):
        cast, orders = build()
        rnd = Round(cast.world, cast.board, dice)
        for eid in rnd.declaration_order:
            rnd.declare(orders.get(eid) or Order(eid))
        for event in rnd.resolve():
            if isinstance(event, Hit) and event.actor == actor:
                counts["hit"] += 1
            if isinstance(event, WeaponDropped):
                counts["dropped"] += 1
    return {k: v / trials for k, v in counts.items()}


@pytest.mark.parametrize("defences", [(K.DODGE,), (K.PARRY, K.BLOCK), (K.DODGE, K.DODGE)])
def test_forecast_agrees_with_the_engine(defences: tuple[K, ...]) -> None:
    def build():
        cast = Cast()
        cast.add("A", (3, 3), "red", strike=8, feint=5)
        cast.add("B", (4, 3), "blue", dodge=6, parry=5, block=4, shield=SHIELD)
        orders = {
            cast["A"]: cast.order("A", cast.act(K.STRIKE, "B"), cast.act(K.FEINT)),
            cast["B"]: cast.order("B", *[cast.act(d) for d in defences]),
        }
        return cast, orders

    cast, orders = build()
    (strike, _feint) = forecast_order(cast.world, cast.board, orders, cast["A"])
    observed = _simulate(build, "A", 3000, seed=11)["hit"]
    p = float(strike.success)
    sigma = (p * (1 - p) / 3000) ** 0.5
    assert abs(observed - p) < 4 * sigma + 1e-9, (observed, p)


def test_disarm_forecast_agrees_with_the_engine() -> None:
    def build():
        cast = Cast()
        cast.add("Charles", (3, 3), "red", disarm=7)
        cast.add("Bruto", (4, 3), "blue", grip=5, parry=4)
        orders = {
            cast["Charles"]: cast.order("Charles", cast.act(K.DISARM, "Bruto")),
            cast["Bruto"]: cast.order("Bruto", cast.act(K.PARRY)),
        }
        return cast, orders

    cast, orders = build()
    (disarm,) = forecast_order(cast.world, cast.board, orders, cast["Charles"])
    observed = _simulate(build, "Charles", 3000, seed=5)["dropped"]
    p = float(disarm.success)
    assert abs(observed - p) < 4 * (p * (1 - p) / 3000) ** 0.5


def test_feint_on_a_brawl_is_forecast() -> None:
    def build():
        cast = Cast()
        cast.add("Bully", (3, 3), "red", weapons=(), brawling=6, feint=8)
        cast.add("Yobbo", (4, 3), "blue", dodge=5)
        orders = {
            cast["Bully"]: cast.order("Bully", cast.act(K.BRAWLING, "Yobbo"), cast.act(K.FEINT)),
            cast["Yobbo"]: cast.order("Yobbo", cast.act(K.DODGE)),
        }
        return cast, orders

    cast, orders = build()
    brawl, feint = forecast_order(cast.world, cast.board, orders, cast["Bully"])
    # Feint 8 − 1 − 5 (weaponless) = 2 → 1/6; it adds the Feint stat, 8, to the Brawl.
    assert feint.success == Fraction(2, 12)
    assert dict(brawl.uncertain)["Feint Bonus"] == (0, 8)
    observed = _simulate(build, "Bully", 3000, seed=3)["hit"]
    p = float(brawl.success)
    assert abs(observed - p) < 4 * (p * (1 - p) / 3000) ** 0.5
