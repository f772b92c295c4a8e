"""A house rule's composed actions (docs/house-rules.md, `[[action]]`): a skill roll whose
success pushes, floors or disarms, offered only while the rule is on, rolled and logged as
any attack, forecast, saved with the rule."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from builders import Cast

from game.content.fields import FieldError
from game.content.house_rules import HouseRuleError, parse_description, read_house_rule
from game.rules.dice import ScriptedDice
from game.rules.events import Rolled
from game.rules.forecast import forecast_order
from game.rules.house.module import install, uninstall
from game.rules.modules.prone import is_prone
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import tile_of
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Equipment

BRAWL = """
name = "brawl"
label = "Brawl"

[[action]]
name = "shove"
label = "Shove"
skill = "brawling"
effect = "push"
tiles = 2

[[action]]
name = "trip"
label = "Trip"
skill = "brawling"
effect = "prone"

[[action]]
name = "wrench"
label = "Wrench"
skill = "disarm"
effect = "drop_weapon"
"""


@pytest.fixture
def brawl(tmp_path: Path) -> Iterator[RuleOptions]:
    """The rule installed; the options with it on."""
    path = tmp_path / "brawl.toml"
    path.write_text(BRAWL)
    install(read_house_rule(path))
    yield RuleOptions({"house_brawl"})
    uninstall("brawl")


def duel() -> Cast:
    cast = Cast()
    cast.add("Hilda", (3, 5), "hill", brawling=7, disarm=7)
    cast.add("Val", (4, 5), "vale", facing=6)
    return cast


def played(cast: Cast, kind: str, options: RuleOptions, dice: dict[str, list[int]]) -> list[object]:
    action = Action(ActionKind(kind), cast["Val"])
    orders = {cast["Hilda"]: Order(cast["Hilda"], (action,)), cast["Val"]: Order(cast["Val"])}
    return play_round(
        cast.world,
        cast.board,
        ScriptedDice(keyed=dice),
        orders,
        timing_order=[cast["Hilda"], cast["Val"]],
        options=options,
    )


def test_a_shove_is_offered_only_while_its_rule_is_on(brawl: RuleOptions) -> None:
    cast = duel()
    order = Order(cast["Hilda"], (Action(ActionKind("house_brawl_shove"), cast["Val"]),))
    assert validate_order(cast.world, cast.board, order, {}, brawl) == []
    assert validate_order(cast.world, cast.board, order, {}, RuleOptions())


def test_a_successful_shove_pushes_the_target_and_the_log_says_so(brawl: RuleOptions) -> None:
    cast = duel()
    events = played(cast, "house_brawl_shove", brawl, {"Hilda:Shove": [5]})
    rolled = next(e for e in events if isinstance(e, Rolled) and e.actor == "Hilda")
    assert rolled.text() == "Hilda — Shove on Val: 7 [Brawling] = 7; rolled 5: success"
    assert tile_of(cast.world, cast["Val"]) == (6, 5)
    assert any(e.text() == "Val is pushed 2 tiles by Hilda's Shove: (4, 5) → (6, 5)" for e in events)  # type: ignore[attr-defined]


def test_a_failed_shove_leaves_the_target_where_it_stands(brawl: RuleOptions) -> None:
    cast = duel()
    played(cast, "house_brawl_shove", brawl, {"Hilda:Shove": [8]})
    assert tile_of(cast.world, cast["Val"]) == (4, 5)


def test_a_trip_floors_the_target_and_brings_the_prone_rules(brawl: RuleOptions) -> None:
    assert brawl.has("prone")  # required by the rule, as its effect needs it
    cast = duel()
    played(cast, "house_brawl_trip", brawl, {"Hilda:Trip": [1]})
    assert is_prone(cast.world, cast["Val"])


def test_a_wrench_drops_the_targets_weapon_where_a_disarmed_one_lands(brawl: RuleOptions) -> None:
    cast = duel()
    events = played(
        cast, "house_brawl_wrench", brawl, {"Hilda:Wrench": [1], "Disarm:distance": [1], "Disarm:tile": [1]}
    )
    assert cast.world.get(cast["Val"], Equipment).weapons == ()
    assert any("sword falls at" in e.text() and "Hilda's Wrench" in e.text() for e in events)  # type: ignore[attr-defined]


def test_the_forecast_gives_its_chance(brawl: RuleOptions) -> None:
    cast = duel()
    orders = {cast["Hilda"]: Order(cast["Hilda"], (Action(ActionKind("house_brawl_shove"), cast["Val"]),))}
    (seen,) = forecast_order(cast.world, cast.board, orders, cast["Hilda"], brawl)
    assert seen.breakdown is not None and seen.breakdown.text() == "7 [Brawling] = 7"
    assert seen.success == pytest.approx(7 / 12)


def test_the_rule_saves_with_its_actions_and_reads_back(brawl: RuleOptions, tmp_path: Path) -> None:
    path = tmp_path / "brawl.toml"
    description = read_house_rule(path)
    saved = json.loads(json.dumps(description.to_dict()))
    assert [a["name"] for a in saved["action"]] == ["shove", "trip", "wrench"]
    assert parse_description(saved) == description


def test_uninstalling_the_rule_removes_its_actions(tmp_path: Path) -> None:
    path = tmp_path / "brawl.toml"
    path.write_text(BRAWL)
    install(read_house_rule(path))
    uninstall("brawl")
    with pytest.raises(ValueError):
        ActionKind("house_brawl_shove")


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        (
            'name = "a"\nlabel = "Strike"\nskill = "brawling"\neffect = "prone"',
            'field action[0].label: "Strike" is',
        ),
        ('name = "a"\nlabel = "A"\nskill = "brawling"\neffect = "prone"\ntiles = 2', "only a 'push' effect"),
        (
            'name = "a"\nlabel = "A"\nskill = "brawling"\neffect = "explode"',
            "field action[0].effect: expected one of",
        ),
        (
            'name = "a"\nlabel = "A"\nskill = "cooking"\neffect = "push"',
            "field action[0].skill: expected one of",
        ),
        ('name = "a"\nlabel = "A"\nskill = "brawling"\neffect = "push"\ntiles = 9', "from 1 to 3"),
    ],
)
def test_a_bad_action_is_one_line(tmp_path: Path, entry: str, fragment: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'name = "bad"\nlabel = "Bad"\n[[action]]\n{entry}\n')
    with pytest.raises(HouseRuleError) as caught:
        read_house_rule(path)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(FieldError):
        parse_description({"name": "bad", "label": "Bad", "action": [{"name": "a"}]})


def test_the_attack_menu_offers_it_only_while_on(brawl: RuleOptions) -> None:
    from game.ui.battle.menus import attack_menu
    from game.ui.planner import Draft, Planner
    from game.ui.theme import Theme

    cast = duel()

    def labels(options: RuleOptions) -> list[str]:
        planner = Planner(cast.world, cast.board, cast["Hilda"], {}, options)
        menu = attack_menu(
            Theme(), cast.world, planner, Draft(cast["Hilda"]), cast["Val"], (0, 0),
            lambda a: None, lambda t, k, p: None, lambda t: None, lambda t: None,
        )  # fmt: skip
        return [item.label for item in menu.items if item.enabled]

    assert "Shove on Val" in labels(brawl) and "Trip on Val" in labels(brawl)
    assert not any(label.startswith("Shove") for label in labels(RuleOptions()))


def test_the_sandbox_plays_it_from_an_inline_rule(tmp_path: Path) -> None:
    import tomllib

    from game.sandbox.loader import load_scenario
    from game.sandbox.runner import play

    person = {"attributes": {"vigor": 3, "agility": 3}}
    scenario = {
        "house_rules": [tomllib.loads(BRAWL)],
        "board": {"width": 8, "height": 8},
        "combatants": [
            {
                **person,
                "name": "Hilda",
                "side": "hill",
                "position": [3, 5],
                "facing": "E",
                "skills": {"brawling": 7},
            },
            {**person, "name": "Val", "side": "vale", "position": [4, 5], "facing": "W"},
        ],
        "rounds": [
            {
                "orders": {"Hilda": {"actions": [{"action": "house_brawl_shove", "target": "Val"}]}},
                "timing": ["Hilda", "Val"],
                "dice": {"Hilda:Shove": [2]},
            }
        ],
    }
    path = tmp_path / "shove.json"
    path.write_text(json.dumps(scenario))
    try:
        lines = [e.text() for report in play(load_scenario(path)) for e in report.events]
    finally:
        uninstall("brawl")
    assert "Val is pushed 2 tiles by Hilda's Shove: (4, 5) → (6, 5)" in lines


def test_the_ai_weighs_the_rules_actions_while_it_is_on(brawl: RuleOptions) -> None:
    from dataclasses import replace

    from ai_helpers import knowledge_of, view_of

    from game.ai.candidates import candidates
    from game.ai.levels import LEVELS
    from game.rules.registry import spec_of

    cast = duel()
    kinds = {f"house_brawl_{name}" for name in ("shove", "trip", "wrench")}
    for options, expected in ((brawl, kinds), (RuleOptions(), set())):
        view = replace(view_of(cast, "Hilda", later=("Val",)), options=options)
        found = candidates(knowledge_of(view), LEVELS["hard"])
        offered = {a.kind.value for c in found for a in c.order.actions} & kinds
        assert offered == expected
    wrench, disarm = spec_of(ActionKind("house_brawl_wrench")), spec_of(ActionKind.DISARM)
    action = Action(ActionKind("house_brawl_wrench"), cast["Val"])
    assert wrench.ai_worth(cast.world, cast["Hilda"], action) == disarm.ai_worth(
        cast.world, cast["Hilda"], action
    )


DUCK = """
name = "duck"
label = "Ducking"

[[defence]]
name = "duck"
label = "Duck"
skill = "dodge"
counters = ["missile_strike"]
"""


@pytest.fixture
def duck(tmp_path: Path) -> Iterator[RuleOptions]:
    """A rule with one composed defence, installed; the options with it on."""
    path = tmp_path / "duck.toml"
    path.write_text(DUCK)
    install(read_house_rule(path))
    yield RuleOptions({"house_duck"})
    uninstall("duck")


def shootout() -> Cast:
    from builders import BLASTER

    cast = Cast(16, 8)
    cast.add("Gunner", (1, 3), "a", weapons=(BLASTER,), missile_beam=8)
    cast.add("Val", (6, 3), "b", facing=6, dodge=5)
    return cast


def test_a_composed_defence_counts_against_the_attacks_it_counters(duck: RuleOptions) -> None:
    from game.rules.registry import DEFENCES

    duck_kind = ActionKind("house_duck_duck")
    assert duck_kind in DEFENCES
    cast = shootout()
    shot = cast.order("Gunner", cast.act(ActionKind.MISSILE_STRIKE, "Val"))
    ducking = Order(cast["Val"], (Action(duck_kind),))
    assert validate_order(cast.world, cast.board, ducking, {}, duck) == []
    assert validate_order(cast.world, cast.board, ducking, {}, RuleOptions()) != []
    orders = {cast["Gunner"]: shot, cast["Val"]: ducking}
    dice = ScriptedDice(keyed={"Val:Duck": [3], "Gunner:Missile Strike": [6]})
    events = play_round(
        cast.world, cast.board, dice, orders, timing_order=[cast["Gunner"], cast["Val"]], options=duck
    )
    lines = [e.text() for e in events]
    assert "Val — Duck: 5 [Dodge] = 5; rolled 3: success" in lines
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Gunner")
    assert strike.breakdown.text().endswith("− 3 [Duck] = 5") and not strike.succeeded
    (forecast,) = forecast_order(cast.world, cast.board, orders, cast["Gunner"], duck)
    (bare,) = forecast_order(cast.world, cast.board, {cast["Gunner"]: shot}, cast["Gunner"], duck)
    assert forecast.success < bare.success
    assert ("Duck", (0, -1, -2, -3, -4, -5)) in forecast.uncertain


def test_a_composed_defence_is_ignored_against_what_it_does_not_counter(duck: RuleOptions) -> None:
    cast = Cast()
    cast.add("Omar", (3, 3), "a", strike=6)
    cast.add("Val", (4, 3), "b", facing=6, dodge=5)
    orders = {
        cast["Omar"]: cast.order("Omar", cast.act(ActionKind.STRIKE, "Val")),
        cast["Val"]: Order(cast["Val"], (Action(ActionKind("house_duck_duck")),)),
    }
    events = play_round(
        cast.world, cast.board, ScriptedDice(keyed={"Omar:Strike": [6], "Val:Withstand Injury": [1]}), orders,
        timing_order=[cast["Omar"], cast["Val"]], options=duck,
    )  # fmt: skip
    assert "Val — Duck ignored: no attack this round that a Duck counters" in [e.text() for e in events]


def test_a_composed_defence_saves_with_its_rule_and_bad_ones_are_one_line(duck: RuleOptions) -> None:
    from game.rules.house.module import installed

    (description,) = [d for d in installed() if d.name == "duck"]
    assert parse_description(description.to_dict(), "save") == description
    bad = description.to_dict()
    bad["defence"][0]["counters"] = ["sneeze"]
    with pytest.raises(FieldError, match=r"defence\[0\]\.counters\[0\]"):
        parse_description(bad, "save")


def test_the_ai_weighs_a_composed_defence_while_its_rule_is_on(duck: RuleOptions) -> None:
    from dataclasses import replace

    from ai_helpers import knowledge_of, view_of

    from game.ai.candidates import candidates
    from game.ai.levels import LEVELS

    cast = shootout()
    earlier = {"Gunner": cast.order("Gunner", cast.act(ActionKind.MISSILE_STRIKE, "Val"))}
    for options, expected in ((duck, True), (RuleOptions(), False)):
        view = replace(view_of(cast, "Val", earlier=earlier), options=options)
        found = candidates(knowledge_of(view), LEVELS["hard"])
        assert any(c.order.has(ActionKind("house_duck_duck")) for c in found) == expected
