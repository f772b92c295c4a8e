"""Defences show what they buy (issue 52): before declaring a Dodge, the menu says what it does
to each attack declared on you so far, in the forecast's own numbers."""

from __future__ import annotations

from fractions import Fraction

from game.rules.defence_value import defence_effects
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.ui.forecast_text import percent
from game.ui.planner import Draft, Planner
from tests.builders import Cast


def _thug_strikes_serena() -> tuple[Cast, dict[int, Order]]:
    cast = Cast(10, 6)
    cast.add("Serena", (3, 2), "a", facing=2, strike=6, dodge=7, parry=5)
    cast.add("Thug", (4, 2), "b", facing=6, strike=8)
    thug = cast["Thug"]
    return cast, {thug: Order(thug, (Action(ActionKind.STRIKE, cast["Serena"]),))}


def test_the_effect_is_the_attackers_forecast_before_and_after() -> None:
    cast, earlier = _thug_strikes_serena()
    serena, thug = cast["Serena"], cast["Thug"]
    bare = Order(serena, ())
    (effect,) = defence_effects(cast.world, cast.board, earlier, bare, Action(ActionKind.DODGE))
    dodging = Order(serena, (Action(ActionKind.DODGE),))
    (before,) = forecast_order(cast.world, cast.board, {**earlier, serena: bare}, thug)
    (after,) = forecast_order(cast.world, cast.board, {**earlier, serena: dodging}, thug)
    assert (effect.attacker, effect.before, effect.after) == (thug, before.success, after.success)
    assert effect.after < effect.before
    assert effect.before == Fraction(2, 3)  # Strike 8: d12 ≤ 8 with a 12 always failing


def test_the_menu_says_it_beside_each_defence() -> None:
    cast, earlier = _thug_strikes_serena()
    planner = Planner(cast.world, cast.board, cast["Serena"], earlier, RuleOptions())
    choices = {c.action.kind: c for c in planner.self_choices(Draft(cast["Serena"]))}
    (dodge,) = defence_effects(
        cast.world, cast.board, earlier, Order(cast["Serena"], ()), Action(ActionKind.DODGE)
    )
    words = f"Strike from Thug {percent(float(dodge.before))} → {percent(float(dodge.after))}"
    assert words in choices[ActionKind.DODGE].note
    assert "Strike from Thug 67% → " in choices[ActionKind.PARRY].note
    assert "→" not in choices[ActionKind.SPRINT].note  # not a defence


def test_nothing_is_promised_with_no_attack_declared() -> None:
    cast, _ = _thug_strikes_serena()
    planner = Planner(cast.world, cast.board, cast["Serena"], {}, RuleOptions())
    choices = {c.action.kind: c for c in planner.self_choices(Draft(cast["Serena"]))}
    assert "→" not in choices[ActionKind.DODGE].note
    assert "later declarers may still attack" in choices[ActionKind.DODGE].note


def test_alike_attacks_are_told_once_counted() -> None:
    """Two Strikes from one Thug at the same odds: "2 Strikes from Thug 67% → …% each", not the
    same words twice (the note was cut in the menu)."""
    cast, earlier = _thug_strikes_serena()
    thug, serena = cast["Thug"], cast["Serena"]
    strike = Action(ActionKind.STRIKE, serena)
    earlier = {thug: Order(thug, (strike, strike))}
    planner = Planner(cast.world, cast.board, serena, earlier, RuleOptions())
    note = {c.action.kind: c for c in planner.self_choices(Draft(serena))}[ActionKind.DODGE].note
    effects = defence_effects(cast.world, cast.board, earlier, Order(serena, ()), Action(ActionKind.DODGE))
    assert len(effects) == 2 and effects[0].after == effects[1].after
    change = f"{percent(float(effects[0].before))} → {percent(float(effects[0].after))}"
    assert f"2 Strikes from Thug {change} each" in note
    assert note.count("Thug") == 1
