"""House-rule files from outside (docs/house-rules.md): hostile files give one line (exit 2
from the command line), folders are checked together, the sandbox and the command line take
house rules, and a save carries its house rules so it replays without their files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile import assert_refused, run_limited

from game.content.house_rules import (
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_FILES,
    HouseRuleError,
    check_together,
    read_folder,
    read_house_rule,
)
from game.rules.events import Rolled
from game.rules.house.module import HouseRule, installed, uninstall
from game.rules.registry import module_of

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "house-rules"
GOOD = 'name = "{name}"\nlabel = "Good"\n[[modifier]]\nlabel = "Good"\nvalue = 1\n'


@pytest.fixture(autouse=True)
def clean_registry() -> Iterator[None]:
    """The house rules a test registers (directly, from a folder, a sandbox file or a save)
    are gone after it."""
    yield
    for description in installed():
        uninstall(description.key)


def entry(i: int) -> str:
    return f'{{label = "T{i}", value = 1}}'


HOSTILE = {
    "unknown_top_field": ('name = "x"\nlabel = "X"\ncolour = "red"\n', "field colour: unknown field"),
    "unknown_entry_field": (
        'name = "x"\nlabel = "X"\n[[modifier]]\nlabel = "A"\nvalue = 1\n'
        'when = { arc = "back", moon = "full" }\n',
        "field modifier[0].when.moon: unknown field",
    ),
    "huge_number": (
        'name = "x"\nlabel = "X"\n[[modifier]]\nlabel = "A"\nvalue = 99999999999999999999\n',
        "field modifier[0].value: expected a whole number from -10 to 10",
    ),
    "number_of_many_digits": (
        'name = "x"\nlabel = "X"\n[[modifier]]\nlabel = "A"\nvalue = ' + "9" * 5000 + "\n",
        "bad TOML",
    ),
    "deep_nesting": ('name = "x"\nlabel = "X"\nhelp = ' + "[" * 5000 + "]" * 5000 + "\n", "nested"),
    "ten_thousand_rules": (
        'name = "x"\nlabel = "X"\nmodifier = [' + ", ".join(entry(i) for i in range(10_000)) + "]\n",
        "too large",
    ),
    "too_many_rules": (
        'name = "x"\nlabel = "X"\nmodifier = [' + ", ".join(entry(i) for i in range(MAX_ENTRIES + 1)) + "]\n",
        f"at most {MAX_ENTRIES} entries",
    ),
    "over_the_size_limit": ("# " + "x" * MAX_FILE_BYTES + "\n" + GOOD.format(name="x"), "too large"),
    "requires_itself": (
        'name = "x"\nlabel = "X"\nrequires = ["house_x"]\n[[modifier]]\nlabel = "A"\nvalue = 1\n',
        "requires itself",
    ),
    "invalid_toml": ('name = "x\nlabel = X\n', "bad TOML"),
    "builtin_name": (GOOD.format(name="facing"), "is a built-in rules module"),
    "bad_name": (GOOD.format(name="Back Stab"), "field name: expected a name of lowercase letters"),
    "unknown_arc": (
        'name = "x"\nlabel = "X"\n[[modifier]]\nlabel = "A"\nvalue = 1\nwhen = { arc = "rear" }\n',
        "field modifier[0].when.arc: expected one of front, side, left, right, back",
    ),
    "unknown_defence": (
        'name = "x"\nlabel = "X"\n[[defence_cost]]\nword = "w"\ncosts = { shield = 2 }\n',
        'field defence_cost[0].costs.shield: unknown defence "shield"',
    ),
    "a_defences_name_for_a_label": (
        'name = "x"\nlabel = "X"\n[[modifier]]\nlabel = "Parry"\nvalue = 1\n',
        'field modifier[0].label: "Parry" is the name of a defence',
    ),
    "no_effect": ('name = "x"\nlabel = "X"\n', "needs at least one"),
    "a_date_for_a_label": (
        'name = "x"\nlabel = 1979-05-27\n[[modifier]]\nlabel = "A"\nvalue = 1\n',
        "field label: expected a string",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_one_line_naming_the_file_and_the_field(tmp_path: Path, case: str) -> None:
    text, fragment = HOSTILE[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HouseRuleError) as caught:
        read_house_rule(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and fragment in message and "\n" not in message


def test_binary_junk_and_things_that_are_no_file(tmp_path: Path) -> None:
    junk = tmp_path / "junk.toml"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(HouseRuleError, match="not UTF-8 text"):
        read_house_rule(junk)
    with pytest.raises(HouseRuleError, match="is a directory"):
        read_house_rule(tmp_path)
    with pytest.raises(HouseRuleError, match="no such file"):
        read_house_rule(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    "case", ["requires_itself", "ten_thousand_rules", "unknown_entry_field", "deep_nesting"]
)
def test_the_command_line_says_one_line_and_exits_2(tmp_path: Path, case: str) -> None:
    text, fragment = HOSTILE[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    outcome = run_limited(
        "resolve", str(ROOT / "docs" / "examples" / "prone.json"), "--house-rules", str(path), home=tmp_path
    )
    assert_refused(outcome, fragment)
    assert outcome.stderr.startswith(f"error: {path}: ")


def test_binary_junk_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "junk.toml"
    path.write_bytes(b"\x00\xff\xfe" * 1000)
    outcome = run_limited("simulate", "duel", "--battles", "1", "--house-rules", str(path), home=tmp_path)
    assert_refused(outcome, "not UTF-8 text")


# ------------------------------------------------------------------ folders
def test_a_folder_is_checked_together(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(
        'name = "alpha"\nlabel = "A"\nrequires = ["house_beta"]\n[[modifier]]\nlabel = "A"\nvalue = 1\n'
    )
    (tmp_path / "b.toml").write_text(
        'name = "beta"\nlabel = "B"\nrequires = ["house_alpha"]\n[[modifier]]\nlabel = "B"\nvalue = 1\n'
    )
    (tmp_path / "c.toml").write_text(GOOD.format(name="gamma"))
    (tmp_path / "d.toml").write_text(GOOD.format(name="gamma"))
    (tmp_path / "e.toml").write_text(
        'name = "epsilon"\nlabel = "E"\nrequires = ["nowhere"]\n[[modifier]]\nlabel = "E"\nvalue = 1\n'
    )
    found = {f.path.name: f for f in check_together(read_folder(tmp_path))}
    assert "a cycle (house_alpha → house_beta → house_alpha)" in found["a.toml"].problem
    assert found["b.toml"].description is None  # it requires a rule that cannot be used
    assert found["c.toml"].description is not None
    assert "is also the name in" in found["d.toml"].problem
    assert "'nowhere' is no rules module" in found["e.toml"].problem


def test_a_folder_gives_at_most_its_share_of_files(tmp_path: Path) -> None:
    for i in range(MAX_FILES + 2):
        (tmp_path / f"r{i:03}.toml").write_text(GOOD.format(name=f"r{i:03}"))
    found = read_folder(tmp_path)
    assert len(found) == MAX_FILES + 2
    assert sum(f.description is not None for f in found) == MAX_FILES
    assert all("more than" in f.problem for f in found[MAX_FILES:])


def test_the_data_folders_rules_are_gathered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.persist.house_rules import gather, house_rules_dir

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    house_rules_dir().mkdir()
    (house_rules_dir() / "backstab.toml").write_text((EXAMPLES / "backstab.toml").read_text())
    (house_rules_dir() / "broken.toml").write_text("name = ")
    found = gather()
    assert [f.description is not None for f in found] == [True, False]
    assert isinstance(module_of("house_backstab"), HouseRule)


def test_a_rule_whose_file_broke_is_dropped_at_the_next_gather(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.persist.house_rules import gather, house_rules_dir

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    house_rules_dir().mkdir()
    rule = house_rules_dir() / "backstab.toml"
    rule.write_text((EXAMPLES / "backstab.toml").read_text())
    gather()
    assert [d.key for d in installed()] == ["house_backstab"]
    rule.write_text("name = ")
    (found,) = gather()
    assert found.description is None and installed() == []


def test_a_file_named_on_the_command_line_wins_over_one_of_the_same_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.cli import load_house_rules
    from game.persist.house_rules import house_rules_dir

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    house_rules_dir().mkdir()
    (house_rules_dir() / "backstab.toml").write_text(GOOD.format(name="backstab"))
    assert load_house_rules([str(EXAMPLES / "backstab.toml")]) == ["house_backstab"]
    assert module_of("house_backstab").label == "Backstab"
    assert module_of("house_backstab").description.modifiers[0].value == 3  # type: ignore[attr-defined]


def test_every_example_reads_back_from_its_saved_form() -> None:
    from game.content.house_rules import parse_description

    for path in sorted(EXAMPLES.glob("*.toml")):
        description = read_house_rule(path)
        assert parse_description(json.loads(json.dumps(description.to_dict()))) == description


# ------------------------------------------------------------------ the sandbox and resolve
def sandbox(house: list[object] | None = None) -> dict[str, object]:
    """Hilda strikes Val in the back (Val faces away); Hugo engages Val from the front."""
    person = {"attributes": {"vigor": 3, "agility": 3}}
    scenario: dict[str, object] = {
        "modules": ["facing"],
        "board": {"width": 8, "height": 8},
        "combatants": [
            {
                **person,
                "name": "Hilda",
                "side": "hill",
                "position": [3, 5],
                "facing": "E",
                "skills": {"strike": 6},
                "weapons": ["sword"],
            },
            {**person, "name": "Hugo", "side": "hill", "position": [5, 5], "facing": "W"},
            {**person, "name": "Val", "side": "vale", "position": [4, 5], "facing": "E"},
        ],
        "rounds": [
            {
                "timing": ["Hilda", "Hugo", "Val"],
                "orders": {"Hilda": {"actions": [{"action": "strike", "target": "Val"}]}},
                "dice": {"Hilda:Strike": [12]},
            }
        ],
    }
    if house is not None:
        scenario["house_rules"] = house
    return scenario


def test_the_sandbox_takes_a_house_rule_inline(tmp_path: Path) -> None:
    from game.sandbox.loader import load_scenario
    from game.sandbox.runner import play

    backstab = read_house_rule(EXAMPLES / "backstab.toml").to_dict()
    path = tmp_path / "backstab.json"
    path.write_text(json.dumps(sandbox([backstab])))
    events = [e for report in play(load_scenario(path)) for e in report.events]
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Hilda")
    assert strike.text().startswith("Hilda — Strike on Val: 6 [Strike] + 3 [Backstab] = 9")


def test_resolve_takes_a_house_rule_file_and_switches_it_on(tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(sandbox()))
    flank = str(EXAMPLES / "flanking.toml")
    outcome = run_limited("resolve", str(path), "--house-rules", flank, home=tmp_path)
    assert outcome.status == 0, outcome.stderr
    assert "6 [Strike] + 4 [Rear] = 10" in outcome.stdout
    plain = run_limited("resolve", str(path), home=tmp_path)
    assert "6 [Strike] = 6" in plain.stdout and "Rear" not in plain.stdout


# ------------------------------------------------------------------ saves
def test_a_save_carries_its_house_rules_and_replays_without_the_file(tmp_path: Path) -> None:
    from game.ai import make_controller
    from game.ai.controller import DeclarationView
    from game.content.battle_setup import build_battle
    from game.content.scenarios import list_scenarios
    from game.persist.saves import battle_from_save, battle_to_save, save_battle, world_hash
    from game.rules.battle import Battle
    from game.rules.house.module import install
    from game.world import Side

    install(read_house_rule(EXAMPLES / "flanking.toml"))
    (scenario,) = [s for s in list_scenarios() if s.id == "pub_brawl"]

    def played(house: bool) -> Battle:
        battle, _ = build_battle(scenario, 4)
        if house:
            battle.options = battle.options.with_module("house_flanking", True)
        controllers = {side.name: make_controller("ai:easy", 7 + i) for i, side in enumerate(scenario.sides)}
        while not battle.over and battle.number < 4:
            battle.play_round(
                lambda eid, b: controllers[b.world.get(eid, Side).name].choose_order(
                    DeclarationView.of(b, eid)
                )
            )
        return battle

    plain = battle_to_save(played(False))
    assert "house_rules" not in plain["battle"] and "house_flanking" not in plain["battle"]["options"]
    battle = played(True)
    assert any(
        "[Flank]" in e.text() or "[Rear]" in e.text() for e in battle.events() if isinstance(e, Rolled)
    )
    saved = json.loads(json.dumps(battle_to_save(battle)))
    assert saved["battle"]["house_rules"] == [read_house_rule(EXAMPLES / "flanking.toml").to_dict()]
    path = tmp_path / "flanking.json"
    save_battle(battle, path)
    uninstall("flanking")  # a machine without the file
    replayed = battle_from_save(saved, "flanking")
    assert [e.to_dict() for e in replayed.events()] == [e.to_dict() for e in battle.events()]
    assert world_hash(replayed.world) == world_hash(battle.world)
    # A fresh interpreter with an empty data folder verifies it too.
    outcome = run_limited("replay", str(path), "--verify", home=tmp_path / "elsewhere")
    assert outcome.status == 0, outcome.stderr


def test_a_save_with_a_bad_house_rule_is_refused(tmp_path: Path) -> None:
    from game.content.fields import FieldError
    from game.persist.save_check import check_battle

    doc = {
        "seed": 1,
        "board": {},
        "initial": {"next_id": 1, "entities": {}},
        "rounds": [],
        "house_rules": [{"name": "x", "label": "X", "modifier": [{"label": "A", "value": 11}]}],
    }
    with pytest.raises(FieldError, match=r"battle.house_rules\[0\].modifier\[0\].value"):
        check_battle(doc, lambda source: None)  # type: ignore[arg-type, return-value]


# ------------------------------------------------------------------ the setup screen
def test_the_setup_screen_lists_house_rules_switchable_and_bad_ones_greyed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui_helpers import make_app, setup_switch

    from game.persist.house_rules import house_rules_dir
    from game.ui.scenes.menu import SetupScene

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    house_rules_dir().mkdir()
    (house_rules_dir() / "backstab.toml").write_text((EXAMPLES / "backstab.toml").read_text())
    (house_rules_dir() / "selfish.toml").write_text(HOSTILE["requires_itself"][0])
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    app.step([], 1 / 60)
    button = setup_switch(app, setup, "Backstab")
    assert button is not None and button.label == "Backstab: off" and button.enabled
    button.on_click()
    assert setup.options.has("house_backstab") and setup.options.has("facing")
    greyed = setup_switch(app, setup, "selfish.toml")
    assert greyed is not None and not greyed.enabled and "requires itself" in greyed.reason


def test_the_workbench_lists_house_rules_and_greys_bad_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.persist.house_rules import house_rules_dir
    from tests.test_ui_workbench import Driver

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    house_rules_dir().mkdir()
    (house_rules_dir() / "flanking.toml").write_text((EXAMPLES / "flanking.toml").read_text())
    (house_rules_dir() / "junk.toml").write_bytes(b"\xff\xfe junk")
    d = Driver()
    d.named("module:house_flanking")
    assert d.wb.setup.options.has("house_flanking")
    greyed = next(b for b in d.wb.buttons if b.label.startswith("junk.toml"))
    assert not greyed.enabled and "not UTF-8 text" in greyed.reason


def test_the_rules_beside_a_scenario_file_come_with_it(tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    folder.mkdir()
    (folder / "backstab.toml").write_text((EXAMPLES / "backstab.toml").read_text())
    scenario = sandbox()
    scenario["modules"] = ["facing", "house_backstab"]
    (folder / "ambush.json").write_text(json.dumps(scenario))
    outcome = run_limited("resolve", str(folder / "ambush.json"), home=tmp_path / "home")
    assert outcome.status == 0, outcome.stderr
    assert "6 [Strike] + 3 [Backstab] = 9" in outcome.stdout
    # Another gather (the setup screen's, without that scenario) leaves them registered.
    from game.persist.house_rules import gather

    gather(beside=folder / "ambush.json")
    gather()
    assert "house_backstab" in [d.key for d in installed()]


def test_a_fresh_worker_process_of_simulate_gets_the_house_rules() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from game.ai.simulate import install_house_rules

    backstab = read_house_rule(EXAMPLES / "backstab.toml")
    spawn = multiprocessing.get_context("spawn")  # as Python 3.14 starts workers, and macOS
    with ProcessPoolExecutor(
        1, mp_context=spawn, initializer=install_house_rules, initargs=((backstab,),)
    ) as pool:
        assert pool.submit(installed).result() == [backstab]
