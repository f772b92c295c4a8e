"""The knockdown module (seed 001 Knockdown; docs/modules.md): an attack on Vigor + Agility; a
success makes the foe roll Resist Knockdown (2 × Agility less the margin) or fall prone; no
Injury; the forecast gives the chance to floor it; the AI weighs it through the registry."""

from __future__ import annotations

from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.events import Injured
from game.rules.forecast import forecast_order
from game.rules.modules.knockdown import KNOCKDOWN, down_chance
from game.rules.modules.prone import is_prone
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import PLATE, Cast, the_roll


def options() -> RuleOptions:
    """Knockdown with the prone rules it requires."""
    return RuleOptions({"knockdown", "prone"})


def pair() -> Cast:
    """Omar (Vigor 4, Agility 3: Knockdown 7) next to Niles (Agility 3, Strike 5)."""
    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", vigor=4, agility=3, strike=6)
    cast.add("Niles", (4, 4), "b", facing=6, agility=3, strike=5)
    return cast


def test_a_knockdown_rolls_vigor_plus_agility_and_the_foe_resists_less_the_margin() -> None:
    """Omar's 7 [Vigor + Agility] rolled 2: margin 5; Niles resists at 6 − 5 = 1 and fails a 4:
    prone, and Omar's Strike after it gets +2 against a prone foe."""
    cast = pair()
    order = cast.order("Omar", cast.act(KNOCKDOWN, "Niles"), cast.act(K.STRIKE, "Niles"))
    dice = ScriptedDice(
        keyed={
            "Omar:Knockdown": [2],
            "Niles:Resist Knockdown": [4],
            "Omar:Strike": [9],
            "Niles:Withstand Injury": [1],
        }
    )
    events = play_round(
        cast.world, cast.board, dice, {cast["Omar"]: order}, 1, [cast["Omar"], cast["Niles"]], options()
    )
    assert the_roll(events, "Omar", "Knockdown").text() == (
        "Omar — Knockdown on Niles: 7 [Vigor + Agility] − 1 [Action Penalty] = 6; rolled 2: success"
    )
    assert the_roll(events, "Niles", "Resist Knockdown").breakdown.text() == (
        "6 [Agility ×2] − 4 [Knockdown margin] = 2"
    )
    assert is_prone(cast.world, cast["Niles"])
    assert any("Niles is knocked down by Omar" in e.text() for e in events)
    assert the_roll(events, "Omar", "Strike").breakdown.text() == (
        "6 [Strike] − 1 [Action Penalty] + 2 [Prone Target in Melee] = 7"
    )


def test_a_resisted_or_failed_knockdown_leaves_the_foe_standing_and_unhurt() -> None:
    cast = pair()
    order = cast.order("Omar", cast.act(KNOCKDOWN, "Niles"))
    dice = ScriptedDice(keyed={"Omar:Knockdown": [6], "Niles:Resist Knockdown": [5]})
    events = play_round(
        cast.world, cast.board, dice, {cast["Omar"]: order}, 1, [cast["Omar"], cast["Niles"]], options()
    )
    # margin 1: 6 − 1 = 5, the 5 resists
    assert the_roll(events, "Niles", "Resist Knockdown").outcome == "success"
    assert not is_prone(cast.world, cast["Niles"])
    assert not any(isinstance(e, Injured) for e in events)
    cast = pair()
    dice = ScriptedDice(keyed={"Omar:Knockdown": [8]})
    events = play_round(
        cast.world, cast.board, dice, {cast["Omar"]: order}, 1, [cast["Omar"], cast["Niles"]], options()
    )
    assert the_roll(events, "Omar", "Knockdown").outcome == "failure"
    assert not is_prone(cast.world, cast["Niles"])


def test_a_dodge_counts_against_it_as_against_a_brawl() -> None:
    cast = pair()
    orders = {
        cast["Niles"]: cast.order("Niles", cast.act(K.DODGE)),
        cast["Omar"]: cast.order("Omar", cast.act(KNOCKDOWN, "Niles")),
    }
    dice = ScriptedDice(keyed={"Niles:Dodge": [2], "Omar:Knockdown": [3], "Niles:Resist Knockdown": [12]})
    events = play_round(cast.world, cast.board, dice, orders, 1, [cast["Omar"], cast["Niles"]], options())
    assert the_roll(events, "Omar", "Knockdown").breakdown.text() == "7 [Vigor + Agility] − 2 [Dodge] = 5"


def test_it_needs_the_module_reach_and_a_foe_that_can_fall() -> None:
    cast = pair()
    cast.add("Turret", (3, 3), "b", movement=0)
    cast.add("Far", (8, 4), "b")
    one = cast.order("Omar", cast.act(KNOCKDOWN, "Niles"))
    assert validate_order(cast.world, cast.board, one, {}, options()) == []
    assert validate_order(cast.world, cast.board, one, {}, RuleOptions()) == [
        "Knockdown is part of the knockdown rules module, which is not in play"
    ]
    turret = cast.order("Omar", cast.act(KNOCKDOWN, "Turret"))
    assert validate_order(cast.world, cast.board, turret, {}, options()) == [
        "Turret is fixed in place (Movement 0): it cannot be knocked down"
    ]
    far = cast.order("Omar", cast.act(KNOCKDOWN, "Far"))
    assert validate_order(cast.world, cast.board, far, {}, options()) == [
        "Far will not be within reach (1 tile) of (3, 4)"
    ]


def test_the_forecast_gives_the_chance_to_floor_the_foe() -> None:
    """7 succeeds on 1–7 (7/12); a die d leaves Niles 6 − (7 − d) = d − 1 to resist, which fails
    with (13 − d)/12: (12 + 11 + … + 6) / (7 × 12) = 63/84 = 3/4 of the successes floor him."""
    cast = pair()
    orders = {cast["Omar"]: cast.order("Omar", cast.act(KNOCKDOWN, "Niles"))}
    (line,) = forecast_order(cast.world, cast.board, orders, cast["Omar"], options())
    assert line.breakdown is not None and line.breakdown.text() == "7 [Vigor + Agility] = 7"
    assert line.success == Fraction(7, 12)
    assert line.expected_injuries == 0
    assert down_chance(cast.world, cast["Niles"], 7) == Fraction(3, 4)
    assert (
        "Knockdown: on a success Niles rolls Resist Knockdown at 6 less the margin; down 75% of successes"
        in (line.notes)
    )


def test_the_hard_ai_knocks_down_a_clumsy_man_in_plate_it_can_hardly_hurt() -> None:
    """Omar (Strike 4, a sword; Vigor 6, Agility 5: Knockdown 11) at Niles in full plate
    (Withstand 5 + 8 − 2 = 11: a hit Injures on a 12 only; Agility 1: he resists at 2 less the
    margin): the hard AI, asking the registry's specs and the rules' odds, knocks him down."""
    from dataclasses import replace

    from ai_helpers import judging, view_of

    cast = Cast(12, 8)
    cast.add("Omar", (3, 4), "a", vigor=6, agility=5, strike=4, movement=0)
    cast.add("Niles", (4, 4), "b", facing=6, agility=1, stamina=5, armour=PLATE, weapons=())
    view = replace(view_of(cast, "Omar", later=("Niles",)), options=options())
    order = judging("ai:hard", 1).choose_order(view)
    assert order is not None and order.has(KNOCKDOWN), order
