"""A rules module defined entirely in this file reaches every part of the game with no edit
elsewhere: validation, the forecast, the round, the sandbox, the AI's candidates and the
setup screen (issue 14).  Its rule: +1 to melee attacks from a hill onto lower ground, and
no Sprint ending on a hill."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from builders import Cast

from game.core.modifiers import Modifier
from game.rules.api.attack import AttackContext
from game.rules.api.contexts import OrderCheck
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks
from game.rules.dice import ScriptedDice
from game.rules.events import Rolled
from game.rules.forecast import forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind, Order
from game.rules.registry import register_module, rules_modules, unregister
from game.rules.round import play_round
from game.rules.validate import validate_order

HILLS = {(3, 5), (2, 2)}


class Hills(ModuleOverlay):
    """The hills, and what standing on one is worth."""

    name = "hills"
    label = "Hills"

    def marks(self, ask: OverlayAsk) -> TileMarks:
        style = MarkStyle("hill: +1 to melee attacks from here", "good", "dots")
        return TileMarks((style,), {tile: (0, "+1") for tile in HILLS})


class HigherGround(RulesModule):
    """Attacking down from a hill is easier; sprinting up one is not allowed."""

    name = "higher_ground"
    label = "Higher Ground"
    builtin = False
    help = "+1 to melee attacks from a hill onto lower ground; no Sprint up a hill"
    mark_overlays = (Hills(),)

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        here, there = ctx.situation.attacker_tile, ctx.situation.target_tile
        if "melee" in ctx.spec.roles and here in HILLS and there not in HILLS:
            return [Modifier("Higher Ground", 1)]
        return []

    def order_reasons(self, check: OrderCheck) -> list[str]:
        order = check.order
        if order.movement_mode == "sprint" and order.path and order.path[-1] in HILLS:
            return ["no Sprint up a hill"]
        return []


OFF = RuleOptions()


def module_on() -> RuleOptions:
    """The toy module on (only once it is registered)."""
    return RuleOptions({"higher_ground"})


@pytest.fixture(autouse=True)
def plugged_in() -> Iterator[None]:
    register_module(HigherGround)
    yield
    unregister("higher_ground")


def duel() -> Cast:
    cast = Cast()
    cast.add("Hilda", (3, 5), "hill", strike=6)
    cast.add("Val", (4, 5), "vale", facing=6, dodge=5)
    return cast


def test_validation_asks_the_module() -> None:
    cast = Cast()
    cast.add("Hilda", (4, 2), "hill", movement=4)
    cast.add("Val", (9, 9), "vale")
    order = cast.order("Hilda", cast.act(ActionKind.SPRINT), path=((3, 2), (2, 2)))
    assert validate_order(cast.world, cast.board, order, {}, module_on()) == ["no Sprint up a hill"]
    assert validate_order(cast.world, cast.board, order, {}, OFF) == []


def test_the_forecast_shows_the_modules_term_and_its_chance() -> None:
    cast = duel()
    orders = {cast["Hilda"]: cast.order("Hilda", cast.act(ActionKind.STRIKE, "Val"))}
    (on,) = forecast_order(cast.world, cast.board, orders, cast["Hilda"], module_on())
    (off,) = forecast_order(cast.world, cast.board, orders, cast["Hilda"], OFF)
    assert on.breakdown is not None and on.breakdown.text() == "6 [Strike] + 1 [Higher Ground] = 7"
    assert on.success - off.success == pytest.approx(1 / 12)


def test_the_round_rolls_with_it_and_the_log_says_so() -> None:
    cast = duel()
    orders = {
        cast["Hilda"]: cast.order("Hilda", cast.act(ActionKind.STRIKE, "Val")),
        cast["Val"]: Order(cast["Val"]),
    }
    dice = ScriptedDice(keyed={"Hilda:Strike": [7], "Val:Withstand Injury": [1]})
    events = play_round(
        cast.world, cast.board, dice, orders, timing_order=[cast["Hilda"], cast["Val"]], options=module_on()
    )
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Hilda")
    assert strike.text() == "Hilda — Strike on Val: 6 [Strike] + 1 [Higher Ground] = 7; rolled 7: hit"


def test_the_sandbox_plays_it_when_the_file_names_it(tmp_path: Path) -> None:
    from game.sandbox.loader import load_scenario
    from game.sandbox.runner import play

    scenario = {
        "modules": ["higher_ground"],
        "board": {"width": 8, "height": 8},
        "combatants": [
            {
                "name": "Hilda",
                "side": "hill",
                "position": [3, 5],
                "facing": "E",
                "attributes": {"vigor": 3, "agility": 3},
                "skills": {"strike": 6},
                "weapons": ["sword"],
            },
            {
                "name": "Val",
                "side": "vale",
                "position": [4, 5],
                "facing": "W",
                "attributes": {"vigor": 3, "agility": 3},
            },
        ],
        "rounds": [
            {
                "timing": ["Hilda", "Val"],
                "orders": {"Hilda": {"actions": [{"action": "strike", "target": "Val"}]}},
                "dice": {"Hilda:Strike": [12]},
            }
        ],
    }
    path = tmp_path / "hill.json"
    path.write_text(json.dumps(scenario))
    events = [e for report in play(load_scenario(path)) for e in report.events]
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Hilda")
    assert "+ 1 [Higher Ground]" in strike.text()


def test_the_ai_strikes_from_the_hill_when_the_module_is_on() -> None:
    from ai_helpers import view_of

    from game.ai.factory import make_controller

    def chosen(options: RuleOptions) -> Order:
        cast = Cast()
        cast.add("Hilda", (4, 7), "hill", strike=6, movement=4)
        cast.add("Val", (4, 4), "vale", facing=6, strike=1, dodge=1)
        view = replace(view_of(cast, "Hilda"), options=options)
        return make_controller("ai:hard", 1).choose_order(view)

    on, off = chosen(module_on()), chosen(OFF)
    assert on.path and on.path[-1] == (3, 5)
    assert off.path and off.path[-1] != (3, 5)


def test_the_setup_screen_lists_it_and_switches_it() -> None:
    from ui_helpers import make_app, setup_switch

    from game.ui.scenes.menu import SetupScene

    assert "higher_ground" in [m.name for m in rules_modules()]
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    app.step([], 1 / 60)
    button = setup_switch(app, setup, "Higher Ground")
    assert button is not None
    assert button.label == "Higher Ground: off"
    button.on_click()
    assert setup.options.has("higher_ground")


def test_the_window_and_render_draw_its_overlay() -> None:
    from game.cli.render import render
    from game.rules.battle import Battle
    from game.rules.board import GridBoard
    from game.ui.battle.input import next_module_overlay
    from game.ui.render.overlays import OverlayLayer
    from game.ui.theme import Theme

    cast = duel()
    cast.board = GridBoard(8, 8)
    picture_of = {}
    for overlays in (set(), {"hills"}):
        battle = Battle(cast.world.copy(), cast.board, 1, module_on(), max_rounds=3)
        surface = render(battle, None, overlays, select="Hilda")
        picture_of[bool(overlays)] = surface
    hill = (3 * 32 + 3, 5 * 32 + 28)  # inside the hill tile under Hilda's token, clear of the text
    assert picture_of[True].get_at(hill) != picture_of[False].get_at(hill)
    layer = OverlayLayer(Theme())
    overlays = [Hills()]
    assert next_module_overlay(layer, overlays) == "Hills overlay on" and "hills" in layer.active
    assert next_module_overlay(layer, overlays) == "rules module overlays off" and "hills" not in layer.active
    assert next_module_overlay(layer, []) == "no rules module in play has an overlay"
