"""The published JSON Schemas (docs/schemas/, `python -m game schemas`, issue 54): they are what
the validators' own tables make now, every bundled file passes its schema, the schema refuses
what the validator refuses for the reasons a schema can say (a wrong type, an unknown key, an
unknown word, a missing key), and it never refuses a file the game takes."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from game.cli import main
from game.cli.schemas import SCHEMAS, rendered
from game.content import shapes
from game.content.fields import FieldError
from game.content.house_rules import parse_description
from game.content.scenarios import ScenarioError, parse_scenario
from game.sandbox.loader import parse_scenario as parse_sandbox

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "docs" / "schemas"
SCENARIOS = sorted((ROOT / "game" / "content" / "data" / "scenarios").glob("*.json"))
SANDBOX_FILES = sorted((ROOT / "docs" / "examples").glob("*.json"))
HOUSE_RULES = sorted((ROOT / "docs" / "house-rules").glob("*.toml"))


def schema(name: str) -> Draft202012Validator:
    """The published schema of that name, as an editor reads it."""
    return Draft202012Validator(json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")))


SCENARIO = schema("scenario")
SANDBOX = schema("sandbox")
HOUSE_RULE = schema("house-rule")


def scenario_ok(data: Any) -> bool:
    """Whether the game takes it as a scenario (called `ring_duel`, its map found or not)."""
    try:
        parse_scenario(data, "ring_duel")
    except (FieldError, ScenarioError):
        return False
    return True


def sandbox_ok(data: Any) -> bool:
    """Whether the rules sandbox takes it."""
    try:
        parse_sandbox(data)
    except FieldError:
        return False
    return True


def house_rule_ok(data: Any) -> bool:
    """Whether the game takes it as a house rule."""
    try:
        parse_description(data)
    except FieldError:
        return False
    return True


def passes(validator: Draft202012Validator, data: Any) -> bool:
    """Whether the schema takes it."""
    return validator.is_valid(data)


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def load_toml(path: Path) -> Any:
    return tomllib.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ (a) never stale
def test_the_published_schemas_are_what_the_validators_make_now() -> None:
    made = rendered()
    assert sorted(p.name for p in SCHEMA_DIR.iterdir()) == sorted(made)
    for name, text in made.items():
        assert (SCHEMA_DIR / name).read_bytes() == text.encode("utf-8"), (
            f"docs/schemas/{name} is stale: run `python -m game schemas`"
        )


def test_each_schema_is_a_valid_draft_2020_12_schema_with_an_id_and_help() -> None:
    ids = set()
    for name in SCHEMAS:
        document = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(document)
        assert document["$schema"] == shapes.DRAFT
        assert document["title"] and document["description"]
        ids.add(document["$id"])
        for key, field in document["properties"].items():
            assert field.get("description"), f"{name}: {key} has no description for editors"
    assert len(ids) == len(SCHEMAS)


def test_the_command_checks_and_writes_the_schemas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["schemas", "--check", str(SCHEMA_DIR)]) == 0
    assert main(["schemas", "--check", str(tmp_path)]) == 1
    assert "missing" in capsys.readouterr().out
    assert main(["schemas", str(tmp_path)]) == 0
    assert {p.name for p in tmp_path.iterdir()} == set(SCHEMAS)
    (tmp_path / "scenario.schema.json").write_text("{}\n", encoding="utf-8")
    assert main(["schemas", "--check", str(tmp_path)]) == 1
    assert "stale" in capsys.readouterr().out
    assert main(["schemas", str(tmp_path)]) == 0
    assert main(["schemas", "--check", str(tmp_path)]) == 0


# ------------------------------------------------------------------ (b) every bundled file passes
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_bundled_scenario_passes_its_schema(path: Path) -> None:
    data = load_json(path)
    assert list(SCENARIO.iter_errors(data)) == []


@pytest.mark.parametrize("path", SANDBOX_FILES, ids=lambda p: p.stem)
def test_every_sandbox_example_passes_its_schema(path: Path) -> None:
    data = load_json(path)
    assert list(SANDBOX.iter_errors(data)) == []


@pytest.mark.parametrize("path", HOUSE_RULES, ids=lambda p: p.stem)
def test_every_house_rule_example_passes_its_schema(path: Path) -> None:
    data = load_toml(path)
    assert list(HOUSE_RULE.iter_errors(data)) == []
    assert list(SANDBOX.iter_errors({**load_json(SANDBOX_FILES[0]), "house_rules": [data]})) == []


def test_there_are_files_of_every_kind() -> None:
    assert len(SCENARIOS) > 30 and len(SANDBOX_FILES) > 30 and len(HOUSE_RULES) >= 3


# ------------------------------------------------------------------ "$schema" in a file
@pytest.mark.parametrize(
    ("kind", "base", "accepts", "validator"),
    [
        ("scenario", lambda: load_json(SCENARIOS[0]), scenario_ok, SCENARIO),
        ("sandbox", lambda: load_json(SANDBOX_FILES[0]), sandbox_ok, SANDBOX),
        ("house-rule", lambda: load_toml(HOUSE_RULES[0]), house_rule_ok, HOUSE_RULE),
    ],
)
def test_a_file_may_name_its_schema(
    kind: str, base: Callable[[], Any], accepts: Callable[[Any], bool], validator: Draft202012Validator
) -> None:
    data = base()
    if kind == "scenario":
        data["id"] = "ring_duel"
    data["$schema"] = f"../../docs/schemas/{kind}.schema.json"
    assert accepts(data) and passes(validator, data)
    data["$schema"] = 7
    assert not accepts(data) and not passes(validator, data)


def test_a_scenario_file_naming_its_schema_loads(tmp_path: Path) -> None:
    from game.content.scenarios import load_scenario

    data = load_json(SCENARIOS[0])
    data["$schema"] = str(SCHEMA_DIR / "scenario.schema.json")
    path = tmp_path / f"{data.get('id', SCENARIOS[0].stem)}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_scenario(path).title == data["title"]


# ------------------------------------------------------------------ (c) refused by both
def ring_duel() -> dict[str, Any]:
    return load_json(ROOT / "game" / "content" / "data" / "scenarios" / "ring_duel.json")


def first_unit(d: dict[str, Any]) -> dict[str, Any]:
    return d["sides"][0]["units"][0]  # type: ignore[no-any-return]


SCENARIO_BREAKS: dict[str, Callable[[dict[str, Any]], object]] = {
    "unknown top key": lambda d: d.update(titel="x"),
    "title of a number": lambda d: d.update(title=7),
    "title with a newline": lambda d: d.update(title="a\nb"),
    "title starting with a space": lambda d: d.update(title=" Duel"),
    "no briefing": lambda d: d.pop("briefing"),
    "no map": lambda d: d.pop("map"),
    "one side": lambda d: d.update(sides=d["sides"][:1]),
    "sides of an object": lambda d: d.update(sides={}),
    "unknown side key": lambda d: d["sides"][0].update(flag="red"),
    "a colour by name": lambda d: d["sides"][0].update(colour="blue"),
    "an unknown shape": lambda d: d["sides"][0].update(shape="blob"),
    "an unknown controller": lambda d: d["sides"][0].update(controller="ai:genius"),
    "a side without units": lambda d: d["sides"][0].pop("units"),
    "unknown unit key": lambda d: first_unit(d).update(hp=3),
    "a unit without character": lambda d: first_unit(d).pop("character"),
    "an unknown character": lambda d: first_unit(d).update(character="nobody"),
    "a facing in words": lambda d: first_unit(d).update(facing="north"),
    "a tile of three numbers": lambda d: first_unit(d).update(at=[1, 2, 3]),
    "a defeated unit": lambda d: first_unit(d).update(injuries=3),
    "max_rounds 0": lambda d: d.update(max_rounds=0),
    "max_rounds in words": lambda d: d.update(max_rounds="ten"),
    "an unknown module": lambda d: d.update(modules={"flanking": True}),
    "a module switched by a word": lambda d: d.update(modules={"facing": "yes"}),
    "a comment among the modules": lambda d: d.update(modules={"comment": "no"}),
    "an unknown tutorial": lambda d: d.update(tutorial="juggling"),
    "lesson 0": lambda d: d.update(lesson=0),
    "victory without kind": lambda d: d.update(victory={"side": "x"}),
    "an unknown victory": lambda d: d.update(victory={"kind": "conquer"}),
    "map_units in words": lambda d: d.update(map_units="no"),
    "a comment of a number": lambda d: d.update(comment=3),
}


@pytest.mark.parametrize("case", SCENARIO_BREAKS)
def test_a_scenario_the_validator_refuses_the_schema_refuses(case: str) -> None:
    data = ring_duel()
    assert scenario_ok(data) and passes(SCENARIO, data)
    SCENARIO_BREAKS[case](data)
    assert not scenario_ok(data)
    assert not passes(SCENARIO, data)


def strike(d: dict[str, Any]) -> dict[str, Any]:
    return d["rounds"][0]["orders"]["Omar"]["actions"][0]  # type: ignore[no-any-return]


SANDBOX_BASE: dict[str, Any] = {
    "board": {"width": 10, "height": 8, "cover": [[1, 1, "low"]], "move_costs": [[2, 2, 1.5]]},
    "combatants": [
        {
            "name": "Omar",
            "side": "bounty hunters",
            "position": [4, 4],
            "facing": "E",
            "attributes": {"vigor": 2, "agility": 3, "luck": 2},
            "skills": {"strike": 6, "comment": "from CO.06"},
            "weapons": [
                "Sword",
                {"name": "crossbow2", "class": "missile", "kind": "primitive", "ranges": [1, 2, 3]},
            ],
            "armour": {"name": "padding", "withstand": 1},
        },
        {
            "name": "Niles",
            "side": "assassin",
            "position": [5, 4],
            "attributes": {"vigor": 4, "agility": 5},
            "skills": {"dodge": 8},
            "weapons": ["dagger"],
            "shield": "buckler",
        },
    ],
    "items": [{"weapon": "sword", "position": [1, 2]}],
    "rounds": [
        {
            "timing": ["Niles", "Omar"],
            "orders": {
                "Omar": {
                    "actions": [{"action": "Strike", "target": "Niles", "called_shot": {"part": "head"}}]
                },
                "Niles": {"actions": [{"action": "dodge"}], "facing": "W"},
                "comment": "CO.06",
            },
            "dice": {"Niles:Dodge": [4], "Omar:Strike": [11]},
        },
        {"dice": [3, 4, 5]},
    ],
    "modules": ["facing", "house_backstab"],
    "house_rules": [
        {
            "name": "backstab",
            "label": "Backstab",
            "modifier": [{"label": "Backstab", "value": 3, "applies_to": "strike", "when": {"arc": "back"}}],
        }
    ],
}
"""A sandbox file using most of the format, that the sandbox takes."""

SANDBOX_BREAKS: dict[str, Callable[[dict[str, Any]], object]] = {
    "unknown top key": lambda d: d.update(sead=3),
    "no board": lambda d: d.pop("board"),
    "a board 0 wide": lambda d: d["board"].update(width=0),
    "a board ten wide": lambda d: d["board"].update(width="ten"),
    "a tile a metre and a half": lambda d: d["board"].update(metres_per_tile=500),
    "an unknown cover level": lambda d: d["board"].update(cover=[[1, 1, "medium"]]),
    "a move cost of 0": lambda d: d["board"].update(move_costs=[[1, 1, 0]]),
    "a wall of one number": lambda d: d["board"].update(walls=[[1]]),
    "no combatants": lambda d: d.update(combatants=[]),
    "unknown combatant key": lambda d: d["combatants"][0].update(hp=3),
    "a combatant without attributes": lambda d: d["combatants"][0].pop("attributes"),
    "an unknown attribute": lambda d: d["combatants"][0]["attributes"].update(strength=3),
    "no agility": lambda d: d["combatants"][0]["attributes"].pop("agility"),
    "an unknown skill": lambda d: d["combatants"][0]["skills"].update(stirke=3),
    "a skill of 100": lambda d: d["combatants"][0]["skills"].update(strike=100),
    "facing up": lambda d: d["combatants"][0].update(facing="up"),
    "an unknown weapon": lambda d: d["combatants"][0].update(weapons=["banana"]),
    "a weapon field unknown": lambda d: d["combatants"][0]["weapons"][1].update(colour="red"),
    "a missile weapon without ranges": lambda d: d["combatants"][0]["weapons"][1].pop("ranges"),
    "a melee weapon with a kind": lambda d: d["combatants"][0]["weapons"].append(
        {"name": "x", "kind": "slug"}
    ),
    "a missile weapon with reach": lambda d: d["combatants"][0]["weapons"][1].update(reach=2),
    "armour that speeds one up": lambda d: d["combatants"][0]["armour"].update(movement=1),
    "an unknown action": lambda d: strike(d).update(action="stab"),
    "an action of a number": lambda d: strike(d).update(action=3),
    "an action without its kind": lambda d: strike(d).pop("action"),
    "an unknown action key": lambda d: strike(d).update(speed=2),
    "a Called Shot Modifier of 0": lambda d: strike(d)["called_shot"].update(modifier=0),
    "a Called Shot without part": lambda d: strike(d)["called_shot"].pop("part"),
    "a die of 13": lambda d: d["rounds"][1].update(dice=[13]),
    "a die of 0 under a key": lambda d: d["rounds"][0]["dice"].update({"Omar:Strike": [0]}),
    "a dice key without purpose": lambda d: d["rounds"][0]["dice"].update({"Omar": [1]}),
    "no rounds": lambda d: d.update(rounds=[]),
    "an unknown round key": lambda d: d["rounds"][1].update(order={}),
    "an empty timing": lambda d: d["rounds"][0].update(timing=[]),
    "a flee in words": lambda d: d["rounds"][0]["orders"]["Niles"].update(flee="yes"),
    "an unknown module": lambda d: d.update(modules=["flanking"]),
    "an unknown module flag": lambda d: (d.pop("modules"), d.update(options={"flanking": True})),
    "a module flag of 1": lambda d: (d.pop("modules"), d.update(options={"facing": 1})),
    "a seed below 0": lambda d: d.update(seed=-1),
    "an item without position": lambda d: d["items"][0].pop("position"),
    "a house rule without entries": lambda d: d["house_rules"][0].pop("modifier"),
    "a house rule of capitals": lambda d: d["house_rules"][0].update(name="Backstab"),
}


@pytest.mark.parametrize("case", SANDBOX_BREAKS)
def test_a_sandbox_file_the_validator_refuses_the_schema_refuses(case: str) -> None:
    data = copy.deepcopy(SANDBOX_BASE)
    assert sandbox_ok(data) and passes(SANDBOX, data)
    SANDBOX_BREAKS[case](data)
    assert not sandbox_ok(data)
    assert not passes(SANDBOX, data)


HOUSE_BASE: dict[str, Any] = {
    "name": "brawl",
    "label": "Brawl",
    "help": "shoves, trips and costs",
    "requires": ["facing"],
    "modifier": [
        {
            "label": "Backstab",
            "value": 3,
            "applies_to": ["strike", "melee"],
            "when": {"arc": ["back", "side"], "weapon": "sword", "attacker_skill_at_least": {"strike": 5}},
        }
    ],
    "defence_cost": [
        {"word": "Off balance", "costs": {"dodge": 2, "parry": "cannot"}, "when": {"cover": "low"}}
    ],
    "action": [{"name": "shove", "label": "Shove", "skill": "brawling", "effect": "push", "tiles": 2}],
    "defence": [{"name": "duck", "label": "Duck", "skill": "dodge", "counters": ["missile_strike"]}],
}
"""A house rule using every kind of entry, that the game takes."""


def test_a_sandbox_file_takes_every_kind_of_house_rule_entry_inline() -> None:
    data = copy.deepcopy(SANDBOX_BASE)
    data["house_rules"].append(copy.deepcopy(HOUSE_BASE))
    assert sandbox_ok(data) and passes(SANDBOX, data)
    data["house_rules"][1]["action"][0]["effect"] = "explode"
    assert not sandbox_ok(data) and not passes(SANDBOX, data)


def test_two_different_objects_of_one_name_are_refused_in_one_schema() -> None:
    one = shapes.Obj(required={"a": shapes.Flag()}, name="thing")
    other = shapes.Obj(required={"b": shapes.Flag()}, name="thing")
    top = shapes.Obj(optional={"x": one, "y": one.about("the same, described again")})
    assert shapes.document(top, "urn:x", "t", "d")["$defs"]["thing"]["required"] == ["a"]
    with pytest.raises(ValueError, match="thing"):
        shapes.document(shapes.Obj(optional={"x": one, "y": other}), "urn:x", "t", "d")


def modifier(d: dict[str, Any]) -> dict[str, Any]:
    return d["modifier"][0]  # type: ignore[no-any-return]


HOUSE_BREAKS: dict[str, Callable[[dict[str, Any]], object]] = {
    "unknown top key": lambda d: d.update(colour="red"),
    "a name of capitals": lambda d: d.update(name="Brawl"),
    "a name too long": lambda d: d.update(name="b" * 33),
    "no label": lambda d: d.pop("label"),
    "a label too long": lambda d: d.update(label="L" * 41),
    "default_on in words": lambda d: d.update(default_on="yes"),
    "no entries": lambda d: [d.pop(key) for key in ("modifier", "defence_cost", "action", "defence")],
    "a value of 11": lambda d: modifier(d).update(value=11),
    "a value in words": lambda d: modifier(d).update(value="three"),
    "an unknown attack": lambda d: modifier(d).update(applies_to="stab"),
    "an empty list of attacks": lambda d: modifier(d).update(applies_to=[]),
    "an unknown condition": lambda d: modifier(d)["when"].update(moon="full"),
    "an unknown arc": lambda d: modifier(d)["when"].update(arc="behind"),
    "a flag condition in words": lambda d: modifier(d)["when"].update(attacker_engaged="yes"),
    "an unknown skill condition": lambda d: modifier(d)["when"].update(attacker_skill_below={"stirke": 3}),
    "an empty skill condition": lambda d: modifier(d)["when"].update(attacker_skill_below={}),
    "a skill threshold of 101": lambda d: modifier(d)["when"].update(target_skill_below={"dodge": 101}),
    "an unknown defence": lambda d: d["defence_cost"][0].update(costs={"duck": 1}),
    "a cost of maybe": lambda d: d["defence_cost"][0].update(costs={"dodge": "maybe"}),
    "no costs": lambda d: d["defence_cost"][0].update(costs={}),
    "an unknown effect": lambda d: d["action"][0].update(effect="explode"),
    "a shove of 4 tiles": lambda d: d["action"][0].update(tiles=4),
    "an unknown skill": lambda d: d["action"][0].update(skill="juggling"),
    "an action name with a space": lambda d: d["action"][0].update(name="big shove"),
    "a defence countering nothing": lambda d: d["defence"][0].update(counters=[]),
    "a defence countering a dodge": lambda d: d["defence"][0].update(counters=["dodge"]),
    "requires of a string": lambda d: d.update(requires="facing"),
}


@pytest.mark.parametrize("case", HOUSE_BREAKS)
def test_a_house_rule_the_validator_refuses_the_schema_refuses(case: str) -> None:
    data = copy.deepcopy(HOUSE_BASE)
    assert house_rule_ok(data) and passes(HOUSE_RULE, data)
    HOUSE_BREAKS[case](data)
    assert not house_rule_ok(data)
    assert not passes(HOUSE_RULE, data)


def objects_in(value: Any, parent: str = "") -> Iterator[tuple[dict[str, Any], str]]:
    """Every JSON object in a value, with the key it stands under."""
    if isinstance(value, dict):
        yield value, parent
        for key, item in value.items():
            yield from objects_in(item, key)
    elif isinstance(value, list):
        for item in value:
            yield from objects_in(item, parent)


FREE_NAMES = {"orders"}
"""Objects keyed by the file's own combatant names: a schema cannot know them."""


@pytest.mark.parametrize(
    ("load", "accepts", "validator", "paths"),
    [
        (load_json, scenario_ok, SCENARIO, SCENARIOS[:6]),
        (load_json, sandbox_ok, SANDBOX, SANDBOX_FILES[:6]),
        (load_toml, house_rule_ok, HOUSE_RULE, HOUSE_RULES),
    ],
    ids=["scenario", "sandbox", "house-rule"],
)
def test_an_unknown_key_anywhere_is_refused_by_both(
    load: Callable[[Path], Any],
    accepts: Callable[[Any], bool],
    validator: Draft202012Validator,
    paths: list[Path],
) -> None:
    for path in paths:
        count = len(list(objects_in(load(path))))
        for index in range(count):
            data = load(path)
            if validator is SCENARIO:
                data["id"] = "ring_duel"
            target, parent = list(objects_in(data))[index]
            target["zz_unknown"] = 1
            assert not accepts(data), f"{path.name}: object {index} took an unknown key"
            if parent not in FREE_NAMES:
                assert not passes(validator, data), f"{path.name}: the schema took an unknown key in {parent}"


# ------------------------------------------------------- the schema never refuses what the game takes
ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=40),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: not f.is_integer()),
    st.sampled_from(
        [
            "",
            " ",
            "N",
            "SW",
            "strike",
            "Missile Strike",
            "facing",
            "cover",
            "house_x",
            "low",
            "#00aa11",
            "human",
        ]
        + ["ai:hard", "omar", "Sword", "dagger", "melee", "missile", "slug", "eliminate", "survive", "Omar"]
        + ["Omar:Strike", "back", "any", "cannot", "push", "brawling", "x y", "a\nb", "head", "prone"]
    ),
    st.text(max_size=8),
)
VALUES = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["name", "kind", "x", "comment"]), inner)
    ),
    max_leaves=6,
)


def places(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a value, where a mutation may land."""
    found: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((value, key))
            found += places(item)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.append((value, index))
            found += places(item)
    return found


def mutated(data: Any, draw: st.DataObject) -> Any:
    """The value with one change: a value replaced (by any value, by one the file has under
    another key, or a number moved by one), a key or an item left out, or a key added."""
    data = copy.deepcopy(data)
    spots = places(data)
    container, key = draw.draw(st.sampled_from(spots))
    how = draw.draw(st.sampled_from(["replace", "borrow", "nudge", "remove", "add"]))
    if how == "replace":
        container[key] = draw.draw(VALUES)
    elif how == "borrow":
        other, other_key = draw.draw(st.sampled_from(spots))
        container[key] = copy.deepcopy(other[other_key])
    elif how == "nudge" and isinstance(container[key], int) and not isinstance(container[key], bool):
        container[key] += draw.draw(st.sampled_from([-1, 1]))
    elif how == "remove":
        del container[key]
    elif isinstance(container, dict):
        keys = sorted({k for c, k in spots if isinstance(k, str)})
        container[draw.draw(st.sampled_from(keys))] = draw.draw(VALUES)
    else:
        container.append(copy.deepcopy(container[key]))
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_scenario_schema_never_refuses_a_scenario_the_game_takes(data: st.DataObject) -> None:
    base = ring_duel()
    changed = mutated(base, data)
    if scenario_ok(changed):
        assert passes(SCENARIO, changed), [e.message for e in SCENARIO.iter_errors(changed)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_sandbox_schema_never_refuses_a_file_the_sandbox_takes(data: st.DataObject) -> None:
    changed = mutated(SANDBOX_BASE, data)
    if sandbox_ok(changed):
        assert passes(SANDBOX, changed), [e.message for e in SANDBOX.iter_errors(changed)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_house_rule_schema_never_refuses_a_rule_the_game_takes(data: st.DataObject) -> None:
    changed = mutated(HOUSE_BASE, data)
    if house_rule_ok(changed):
        assert passes(HOUSE_RULE, changed), [e.message for e in HOUSE_RULE.iter_errors(changed)]


# ------------------------------------------------------------------ one shape, both ways
LEAVES: list[shapes.Shape] = [
    shapes.Whole(low=0, high=3),
    shapes.Whole(low=-12, high=-1),
    shapes.Flag(),
    shapes.Direction(),
    shapes.TileShape(),
    shapes.Text(choices=("low", "high")),
    shapes.Text(),
    shapes.Line(max_length=5),
    shapes.Number(positive=True),
    shapes.ListOf(item=shapes.Whole(low=1, high=12), min_items=1, max_items=2),
    shapes.OneOrList(item=shapes.Text(choices=("front", "back"))),
    shapes.Obj(required={"a": shapes.Flag()}, optional={"b": shapes.Whole(low=0)}),
]
TEXTS = st.text(alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\n"), max_size=7)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(range(len(LEAVES))), st.one_of(VALUES, TEXTS, st.lists(st.integers(-2, 13), max_size=3))
)
def test_a_shape_reads_exactly_what_its_schema_takes(index: int, value: Any) -> None:
    shape = LEAVES[index]
    try:
        shape.read(value, "x")
        read = True
    except FieldError:
        read = False
    validator = Draft202012Validator(shapes.document(shapes.Obj(required={"x": shape}), "urn:x", "t", "d"))
    taken = validator.is_valid({"x": value})
    if read:
        assert taken, (shape, value)
    elif not (
        isinstance(shape, shapes.Line) and isinstance(value, str) and max(map(ord, value), default=0) > 0xFF
    ):
        # A name's printable characters are Unicode's: the schema refuses the control and
        # invisible ones, not every unassigned code point (it takes more, never less).
        assert not taken, (shape, value)


def test_every_character_the_name_pattern_refuses_is_unprintable() -> None:
    import re

    refused = re.compile(shapes.NOT_PRINTABLE)
    for code in range(0x3100):
        char = chr(code)
        if refused.fullmatch(char):
            assert not char.isprintable(), hex(code)
