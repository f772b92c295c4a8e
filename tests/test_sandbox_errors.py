"""Malformed sandbox scenarios: exit status 2, one line on stderr naming the field, no traceback."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli import main

BASE: dict[str, Any] = {
    "board": {"width": 10, "height": 8},
    "combatants": [
        {
            "name": "Omar",
            "side": "bounty hunters",
            "position": [4, 4],
            "facing": "E",
            "attributes": {"vigor": 2, "agility": 3, "luck": 2},
            "skills": {"strike": 6, "feint": 4},
            "weapons": ["sword"],
        },
        {
            "name": "Serena",
            "side": "bounty hunters",
            "position": [6, 4],
            "attributes": {"vigor": 3, "agility": 4},
            "skills": {"strike": 5},
            "weapons": ["stun baton"],
            "shield": "shield",
        },
        {
            "name": "Niles",
            "side": "assassin",
            "position": [5, 4],
            "attributes": {"vigor": 4, "agility": 5, "luck": 4},
            "skills": {"dodge": 8},
            "weapons": ["dagger"],
        },
    ],
    "rounds": [
        {
            "timing": ["Niles", "Serena", "Omar"],
            "orders": {
                "Omar": {"actions": [{"action": "strike", "target": "Niles"}]},
                "Niles": {"actions": [{"action": "dodge"}]},
            },
            "dice": {"Niles:Dodge": [4], "Omar:Strike": [11]},
        }
    ],
}
"""A valid scenario (CO.06); each case below breaks one thing in it."""

Edit = Callable[[dict[str, Any]], object]


def omar(d: dict[str, Any]) -> dict[str, Any]:
    return d["combatants"][0]  # type: ignore[no-any-return]


def omar_order(d: dict[str, Any]) -> dict[str, Any]:
    return d["rounds"][0]["orders"]["Omar"]  # type: ignore[no-any-return]


def first_action(d: dict[str, Any]) -> dict[str, Any]:
    return omar_order(d)["actions"][0]  # type: ignore[no-any-return]


def second_round(d: dict[str, Any]) -> None:
    d["rounds"].append(
        {"timing": ["Niles", "Serena", "Omar"], "orders": {"Omar": {"actions": [{"action": "feint"}]}}}
    )


CASES: list[tuple[str, Edit | str, str]] = [
    # name, an edit of BASE (or the raw file text), what stderr must say
    ("bad json", '{"board": {"width": 3,, }', "bad JSON at line 1 column 23"),
    ("nan", '{"seed": NaN}', "NaN is not allowed"),
    ("not an object", "[1, 2]", "expected the whole file to be one JSON object, got [1, 2]"),
    (
        "duplicate key",
        '{"board": {"width": 3, "width": 4}, "combatants": [], "rounds": []}',
        "board.width: given twice",
    ),
    ("missing board", lambda d: d.pop("board"), "board: required field is missing"),
    ("unknown top field", lambda d: d.__setitem__("sead", 3), 'sead: unknown field (did you mean "seed"?)'),
    ("seed type", lambda d: d.__setitem__("seed", "x"), 'seed: expected a whole number, got "x"'),
    (
        "board width",
        lambda d: d["board"].__setitem__("width", 0),
        "board.width: expected a whole number from 1",
    ),
    (
        "wall off board",
        lambda d: d["board"].__setitem__("walls", [[3, 9]]),
        "board.walls[0]: [3, 9] is off the 10 × 8 board",
    ),
    (
        "cover level",
        lambda d: d["board"].__setitem__("cover", [[1, 1, "medium"]]),
        "board.cover[0][2]: expected one of",
    ),
    (
        "move cost shape",
        lambda d: d["board"].__setitem__("move_costs", [[1, 1]]),
        "board.move_costs[0]: expected [x, y, cost]",
    ),
    (
        "unknown option",
        lambda d: d.__setitem__("options", {"flanking": True}),
        "options.flanking: unknown field",
    ),
    (
        "skill word",
        lambda d: d["combatants"][1]["skills"].__setitem__("strike", "six"),
        'combatants[1].skills.strike: expected a whole number, got "six"',
    ),
    (
        "unknown skill",
        lambda d: omar(d)["skills"].__setitem__("stirke", 5),
        'combatants[0].skills.stirke: unknown skill "stirke" (did you mean "strike"?)',
    ),
    (
        "field typo",
        lambda d: omar(d).__setitem__("skils", {}),
        'combatants[0].skils: unknown field (did you mean "skills"?)',
    ),
    (
        "missing vigor",
        lambda d: d["combatants"][2]["attributes"].pop("vigor"),
        "combatants[2].attributes.vigor: required field is missing",
    ),
    (
        "bool as number",
        lambda d: omar(d).__setitem__("injuries", True),
        "combatants[0].injuries: expected a whole number, got true",
    ),
    (
        "unknown weapon",
        lambda d: omar(d).__setitem__("weapons", ["spork"]),
        'combatants[0].weapons[0]: unknown weapon "spork"',
    ),
    (
        "inline weapon ranges",
        lambda d: omar(d).__setitem__(
            "weapons", [{"name": "gun", "class": "missile", "kind": "slug", "ranges": [10, 5, 20]}]
        ),
        "combatants[0].weapons[0].ranges: ranges must grow",
    ),
    (
        "melee weapon with ranges",
        lambda d: omar(d).__setitem__("weapons", [{"name": "club", "ranges": [1, 2, 3]}]),
        "combatants[0].weapons[0].ranges: only missile weapons have this field",
    ),
    (
        "unknown armour",
        lambda d: omar(d).__setitem__("armour", "mithril"),
        'combatants[0].armour: unknown armour "mithril"',
    ),
    (
        "too many hands",
        lambda d: omar(d).__setitem__("weapons", ["shotgun", "sword"]),
        "combatants[0].weapons: needs 3 hands",
    ),
    (
        "a flight that is neither true nor false",
        lambda d: omar_order(d).__setitem__("flee", "yes"),
        'rounds[0].orders.Omar.flee: expected true or false, got "yes"',
    ),
    (
        "a flight from the middle of the board",
        lambda d: omar_order(d).__setitem__("flee", True),
        "to flee off the map, the path must end on the map's edge ((4, 4) is not)",
    ),
    (
        "bad facing",
        lambda d: omar(d).__setitem__("facing", "UP"),
        'combatants[0].facing: expected one of N, NE, E, SE, S, SW, W, NW, got "UP"',
    ),
    (
        "off map",
        lambda d: omar(d).__setitem__("position", [10, 2]),
        "combatants[0].position: [10, 2] is off the 10 × 8 board",
    ),
    (
        "on a wall",
        lambda d: d["board"].__setitem__("walls", [[4, 4]]),
        "combatants[0].position: [4, 4] is a wall",
    ),
    (
        "same tile",
        lambda d: d["combatants"][2].__setitem__("position", [4, 4]),
        "combatants[2].position: [4, 4] is already taken by Omar",
    ),
    (
        "same name",
        lambda d: d["combatants"][2].__setitem__("name", "omar"),
        'combatants[2].name: "omar" is used twice',
    ),
    (
        "colon in name",
        lambda d: d["combatants"][2].__setitem__("name", "Niles:X"),
        "combatants[2].name: \"Niles:X\" contains ':'",
    ),
    ("no rounds", lambda d: d.__setitem__("rounds", []), "rounds: expected at least 1 item, got []"),
    (
        "unknown target",
        lambda d: first_action(d).__setitem__("target", "Nils"),
        'rounds[0].orders.Omar.actions[0].target: unknown combatant "Nils" (did you mean "Niles"?)',
    ),
    (
        "missing target",
        lambda d: first_action(d).pop("target"),
        "rounds[0].orders.Omar.actions[0].target: required field is missing",
    ),
    (
        "target on a defence",
        lambda d: d["rounds"][0]["orders"]["Niles"]["actions"][0].__setitem__("target", "Omar"),
        "rounds[0].orders.Niles.actions[0].target: a dodge has no target",
    ),
    (
        "unknown action",
        lambda d: first_action(d).__setitem__("action", "stab"),
        'rounds[0].orders.Omar.actions[0].action: unknown action "stab"',
    ),
    (
        "unknown order name",
        lambda d: d["rounds"][0]["orders"].__setitem__("Nobody", {}),
        'rounds[0].orders.Nobody: unknown combatant "Nobody"',
    ),
    (
        "order name with a space",
        lambda d: d["rounds"][0]["orders"].__setitem__("Nobody Else", {}),
        'rounds[0].orders["Nobody Else"]: unknown combatant',
    ),
    (
        "bad path",
        lambda d: omar_order(d).__setitem__("path", [[1]]),
        "rounds[0].orders.Omar.path[0]: expected [x, y] (two whole numbers), got [1]",
    ),
    (
        "called shot part",
        lambda d: first_action(d).__setitem__("called_shot", {"part": "tail"}),
        "rounds[0].orders.Omar.actions[0].called_shot.part: unknown body part 'tail'",
    ),
    (
        "called shot modifier",
        lambda d: first_action(d).__setitem__("called_shot", {"part": "sensor", "modifier": 2}),
        "actions[0].called_shot.modifier: expected a whole number from -12 to -1, got 2",
    ),
    (
        "timing unknown",
        lambda d: d["rounds"][0].__setitem__("timing", ["Niles", "Serena", "Omer"]),
        'rounds[0].timing[2]: unknown combatant "Omer"',
    ),
    (
        "timing incomplete",
        lambda d: d["rounds"][0].__setitem__("timing", ["Niles", "Omar"]),
        "rounds[0].timing: a fixed Timing order must list every combatant still standing; missing Serena",
    ),
    (
        "die too big",
        lambda d: d["rounds"][0]["dice"].__setitem__("Niles:Dodge", [13]),
        'rounds[0].dice["Niles:Dodge"][0]: expected a whole number from 1 to 12, got 13',
    ),
    (
        "die zero in list",
        lambda d: d["rounds"][0].__setitem__("dice", [4, 0]),
        "rounds[0].dice[1]: expected a whole number from 1 to 12, got 0",
    ),
    (
        "dice key purpose",
        lambda d: d["rounds"][0]["dice"].__setitem__("Omar:Stike", [3]),
        'rounds[0].dice["Omar:Stike"]: unknown roll "Stike" (did you mean "Strike"?)',
    ),
    (
        "dice key shape",
        lambda d: d["rounds"][0]["dice"].__setitem__("Omar", [3]),
        'rounds[0].dice.Omar: expected a key "Name:Purpose"',
    ),
    (
        "dice exhausted",
        lambda d: d["rounds"][0]["dice"].pop("Omar:Strike"),
        "rounds[0].dice: no scripted die left for Omar:Strike (d12)",
    ),
    (
        "disarm distance die",
        lambda d: d["rounds"][0]["dice"].__setitem__("Disarm:distance", [4]),
        'rounds[0].dice["Disarm:distance"][0]: expected a whole number from 1 to 3, got 4',
    ),
    (
        "weapon not held",
        lambda d: omar_order(d).__setitem__(
            "actions", [{"action": "disarm", "target": "Niles", "weapon": "axe"}]
        ),
        'rounds[0].orders.Omar.actions[0].weapon: Omar holds no melee weapon named "axe" (holds sword)',
    ),
    (
        "nothing to retrieve",
        lambda d: omar_order(d).__setitem__("actions", [{"action": "retrieve", "weapon": "sword"}]),
        "rounds[0].orders.Omar.actions[0].weapon: no sword lies on the ground",
    ),
    (
        "refused order",
        lambda d: omar_order(d).__setitem__(
            "actions", [{"action": "feint"}, {"action": "feint"}, {"action": "strike", "target": "Niles"}]
        ),
        "round 1: Omar: more Feints (2) than Strikes (1)",
    ),
    ("refused in round 2", second_round, "round 2: Omar: more Feints (1) than Strikes (0)"),
    (
        "order for the Defeated",
        lambda d: d["combatants"][2].__setitem__("injuries", 3),
        "round 1: Niles: Niles is Defeated and takes no more actions",
    ),
]


def write_case(tmp_path: Path, edit: Edit | str) -> Path:
    path = tmp_path / "scenario.json"
    if isinstance(edit, str):
        path.write_text(edit, encoding="utf-8")
    else:
        data = copy.deepcopy(BASE)
        edit(data)
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_base_scenario_is_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_case(tmp_path, lambda d: None)
    assert main(["resolve", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss" in out
    assert err == ""


@pytest.mark.parametrize(("name", "edit", "message"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("as_json", [False, True], ids=["human", "json"])
def test_malformed_scenario(
    name: str,
    edit: Edit | str,
    message: str,
    as_json: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write_case(tmp_path, edit)
    status = main(["resolve", str(path), *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert message in err, err
    assert "Traceback" not in err + out
    if as_json:
        assert out == ""  # never half a JSON document


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    assert main(["resolve", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"error: {missing}: no such file\n")


def test_directory_instead_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_rounds_before_a_refused_order_are_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_case(tmp_path, second_round)
    assert main(["resolve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "— End of round 1 —" in out and "Round 2" not in out
    assert err == "error: round 2: Omar: more Feints (1) than Strikes (0)\n"
