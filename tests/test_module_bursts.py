"""The bursts module (seed 001 Aimed Burst and Spread Burst; docs/modules.md): the Burst Bonus
+3 less the Recoil −1 (none when prone), an Aimed Burst's hit one size heavier, a Spread Burst's
−3 per extra target over neighbouring targets within 15°; the forecast counts them; the AI
weighs them through the registry and declares each where it pays."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.dice import ScriptedDice
from game.rules.forecast import forecast_order
from game.rules.modules.bursts import AIMED_BURST, SPREAD_BURST, spread_group
from game.rules.modules.prone import Prone
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, PLATE, Cast, rolls, the_roll

ON = RuleOptions({"bursts"})
SMG = Weapon(
    "submachine gun",
    WeaponClass.MISSILE,
    hands=2,
    injury=2,
    missile_kind=MissileKind.SLUG,
    ranges=(15.0, 40.0, 80.0),
    traits=frozenset({"burst"}),
)


def line(**more: tuple[int, int]) -> Cast:
    """Gun (Missile Strike 7, a submachine gun 15/40/80 m) at (2, 10); Ada (Stamina 5) 10 m east."""
    cast = Cast(40, 21)
    cast.add("Gun", (2, 10), "a", weapons=(SMG,), missile_slug=7, movement=0)
    cast.add("Ada", (12, 10), "b", stamina=5, weapons=())
    for name, tile in more.items():
        cast.add(name, tile, "a" if name.startswith("Pal") else "b", stamina=5, weapons=())
    return cast


def play(cast: Cast, dice: dict[str, list[int]], *actions: tuple[K, str]) -> list:  # noqa: ANN001
    orders = {cast["Gun"]: cast.order("Gun", *(cast.act(kind, who) for kind, who in actions))}
    dice_ = ScriptedDice(keyed=dice)
    return play_round(cast.world, cast.board, dice_, orders, 1, list(cast.ids.values()), ON)


def test_an_aimed_burst_adds_the_burst_bonus_less_recoil_and_hits_a_size_heavier() -> None:
    """7 + 3 − 1 = 9; Ada withstands at 5 − 2 [submachine gun] − 1 [Aimed Burst] = 2."""
    cast = line()
    events = play(cast, {"Gun:Aimed Burst": [9], "Ada:Withstand Injury": [3]}, (AIMED_BURST, "Ada"))
    assert the_roll(events, "Gun", "Aimed Burst").text() == (
        "Gun — Aimed Burst on Ada: 7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] − 1 [Recoil] = 9;"
        " rolled 9: hit"
    )
    assert the_roll(events, "Ada", "Withstand Injury").text() == (
        "Ada — Withstand Injury: 5 [Withstand Injury] − 2 [submachine gun Injury Rating]"
        " − 1 [Aimed Burst] = 2; rolled 3: failure"
    )


def test_a_prone_gunner_is_braced_and_ignores_the_recoil() -> None:
    cast = line()
    cast.world.set(cast["Gun"], Prone())
    events = play(cast, {"Gun:Aimed Burst": [12]}, (AIMED_BURST, "Ada"))
    assert the_roll(events, "Gun", "Aimed Burst").breakdown.text() == (
        "7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] = 10"
    )


def test_bursts_need_a_burst_weapon_the_whole_round_and_the_module() -> None:
    cast = line()
    one = cast.order("Gun", cast.act(AIMED_BURST, "Ada"))
    assert validate_order(cast.world, cast.board, one, {}, ON) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Aimed Burst is part of the bursts rules module, which is not in play"
    ]
    two = cast.order("Gun", cast.act(AIMED_BURST, "Ada"), cast.act(K.MISSILE_STRIKE, "Ada"))
    assert "Aimed Burst takes the whole round: no other action" in validate_order(
        cast.world, cast.board, two, {}, ON
    )
    cast.add("Ash", (2, 12), "a", weapons=(BLASTER,), missile_beam=8)
    no_burst = cast.order("Ash", cast.act(AIMED_BURST, "Ada"))
    assert validate_order(cast.world, cast.board, no_burst, {}, ON) == [
        "Aimed Burst needs a burst-capable weapon in hand (a submachine gun, a machine gun …)"
    ]


def test_a_spread_burst_is_minus_3_per_extra_target_and_one_action() -> None:
    """Three side by side at 10 m: 7 + 3 − 1 − 6 = 3 on each of three rolls, in declared order."""
    cast = line(Bo=(12, 11), Cy=(12, 12))
    dice = {"Gun:Spread Burst": [3, 4, 12], "Bo:Withstand Injury": [12]}
    events = play(cast, dice, (SPREAD_BURST, "Bo"), (SPREAD_BURST, "Ada"), (SPREAD_BURST, "Cy"))
    assert [r.text() for r in rolls(events, "Gun")] == [
        f"Gun — Spread Burst on {who}: 7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] − 1 [Recoil]"
        f" − 6 [Spread Burst, 3 targets] = 3; rolled {die}: {word}"
        for who, die, word in (("Bo", 3, "hit"), ("Ada", 4, "miss"), ("Cy", 12, "miss"))
    ]
    order = cast.order("Gun", cast.act(SPREAD_BURST, "Bo"), cast.act(SPREAD_BURST, "Ada"))
    assert order.action_penalty == 0


@pytest.mark.parametrize(
    ("tiles", "taken"),
    [
        (((12, 10), (12, 11)), [0, 1]),  # side by side, 5.7° apart
        (((12, 10), (12, 12)), [0]),  # a tile between them: not neighbours
        (((12, 10), (13, 10), (14, 11)), [0, 1, 2]),  # a chain in depth
        (((4, 10), (4, 11)), [0]),  # side by side 2 m off: 26.6° apart, wider than 15°
        (((12, 11), (12, 12), (12, 10)), [0, 1, 2]),  # declared out of order: still one chain
    ],
)
def test_the_spread_takes_neighbours_within_15_degrees(tiles: tuple, taken: list[int]) -> None:
    assert spread_group((2, 10), tiles) == taken


def test_a_spread_is_refused_when_its_targets_are_not_side_by_side_and_nullified_when_they_part() -> None:
    cast = line(Bo=(12, 12), Cy=(12, 11), Pal=(4, 11))
    apart = cast.order("Gun", cast.act(SPREAD_BURST, "Ada"), cast.act(SPREAD_BURST, "Bo"))
    assert validate_order(cast.world, cast.board, apart, {}, ON) == [
        "Spread Burst: Bo not beside the other targets within 15°"
    ]
    twice = cast.order("Gun", cast.act(SPREAD_BURST, "Ada"), cast.act(SPREAD_BURST, "Ada"))
    assert "Spread Burst: each target once" in validate_order(cast.world, cast.board, twice, {}, ON)
    # Cy walks off before the burst fires (the scenario's Timing: Cy first): his shot is nullified.
    orders = {
        cast["Gun"]: cast.order("Gun", cast.act(SPREAD_BURST, "Ada"), cast.act(SPREAD_BURST, "Cy")),
        cast["Cy"]: cast.order("Cy", path=((13, 11), (14, 11), (15, 11))),
    }
    assert validate_order(cast.world, cast.board, orders[cast["Gun"]], {}, ON) == []
    dice = ScriptedDice(keyed={"Gun:Spread Burst": [12]})
    timing = [cast["Cy"], *(e for e in cast.ids.values() if e != cast["Cy"])]
    events = play_round(cast.world, cast.board, dice, orders, 1, timing, ON)
    texts = [e.text() for e in events]
    assert "Gun — Spread Burst on Cy nullified: Cy is no longer beside the other targets within 15°" in texts


def test_the_forecast_counts_the_bonus_the_heavier_hit_and_the_spread() -> None:
    """Aimed: 9 hits 9/12, Withstand 2 fails on 3–12 (10/12).  Spread at two: 7 + 3 − 1 − 3 = 6."""
    cast = line(Bo=(12, 11))
    aimed = {cast["Gun"]: cast.order("Gun", cast.act(AIMED_BURST, "Ada"))}
    (one,) = forecast_order(cast.world, cast.board, aimed, cast["Gun"], ON)
    assert one.breakdown is not None and one.breakdown.total == 9
    assert one.expected_injuries == Fraction(9, 12) * Fraction(10, 12)
    assert any("one weapon size heavier" in n for n in one.notes)
    spread = {cast["Gun"]: cast.order("Gun", cast.act(SPREAD_BURST, "Ada"), cast.act(SPREAD_BURST, "Bo"))}
    lines = forecast_order(cast.world, cast.board, spread, cast["Gun"], ON)
    assert [(f.action.target, f.breakdown.total if f.breakdown else None) for f in lines] == [
        (cast["Ada"], 6),
        (cast["Bo"], 6),
    ]
    assert lines[0].expected_injuries == Fraction(6, 12) * Fraction(9, 12)


def test_the_hard_ai_fires_an_aimed_burst_at_a_man_in_plate() -> None:
    """Gun (Missile Strike 4: too low for a Called Shot at the head) at Ada in full plate
    (Withstand 5 + 8 − 2 = 11): a plain hit Injures on a 12 only; an Aimed Burst at 4 + 3 − 1 = 6
    Injures on 11–12: 6/12 × 2/12 = 12/144, against two shots' 2 × 3/12 × 1/12 = 6/144."""
    from ai_helpers import judging, view_of

    cast = Cast(40, 21)
    cast.add("Gun", (2, 10), "a", weapons=(SMG,), missile_slug=4, movement=0)
    cast.add("Ada", (12, 10), "b", stamina=5, armour=PLATE, weapons=())
    assert dealt(cast, (AIMED_BURST, "Ada")) == Fraction(12, 144)
    assert dealt(cast, (K.MISSILE_STRIKE, "Ada"), (K.MISSILE_STRIKE, "Ada")) == Fraction(6, 144)
    order = judging("ai:hard", 3).choose_order(replace(view_of(cast, "Gun", later=("Ada",)), options=ON))
    assert [a.kind for a in order.actions] == [AIMED_BURST]


def dealt(cast: Cast, *actions: tuple[K, str]) -> Fraction:
    """The Injuries Gun's order of `actions` is forecast to deal, in all."""
    orders = {cast["Gun"]: cast.order("Gun", *(cast.act(kind, who) for kind, who in actions))}
    return sum(
        (f.expected_injuries for f in forecast_order(cast.world, cast.board, orders, cast["Gun"], ON)),
        Fraction(0),
    )


def test_the_hard_ai_spreads_a_braced_burst_over_two_foes_side_by_side() -> None:
    """Gun, prone (braced), Missile Strike 4, at Ada and Bo side by side (Stamina 2: Withstand
    2 − 2 = 0, every hit Injures): a spread at two rolls 4 + 3 − 3 = 4 at each (2 × 4/12 = 96/144
    Injuries), an Aimed Burst 7 at one (84/144), two Missile Strikes 3 (72/144).  With a third foe
    beside them the spread at three is 4 + 3 − 6 = 1 at each (36/144): it still spreads at two."""
    from ai_helpers import judging, view_of

    for more in ({}, {"Cy": (12, 12)}):
        cast = Cast(40, 21)
        cast.add("Gun", (2, 10), "a", weapons=(SMG,), missile_slug=4, movement=0)
        for name, tile in {"Ada": (12, 10), "Bo": (12, 11), **more}.items():
            cast.add(name, tile, "b", stamina=2, weapons=())
        cast.world.set(cast["Gun"], Prone())
        assert dealt(cast, (SPREAD_BURST, "Ada"), (SPREAD_BURST, "Bo")) == Fraction(96, 144)
        assert dealt(cast, (AIMED_BURST, "Ada")) == Fraction(84, 144)
        assert dealt(cast, (K.MISSILE_STRIKE, "Ada"), (K.MISSILE_STRIKE, "Bo")) == Fraction(72, 144)
        if more:
            three = dealt(cast, (SPREAD_BURST, "Ada"), (SPREAD_BURST, "Bo"), (SPREAD_BURST, "Cy"))
            assert three == Fraction(36, 144)
        # They declared first (nothing): the AI need not guess an Evade against the lower rolls.
        earlier = {n: cast.order(n) for n in cast.ids if n != "Gun"}
        view = replace(view_of(cast, "Gun", earlier=earlier), options=ON)
        order = judging("ai:hard", 3).choose_order(view)
        assert [a.kind for a in order.actions] == [SPREAD_BURST, SPREAD_BURST], order
        assert {a.target for a in order.actions} == {cast["Ada"], cast["Bo"]}
