"""The rules sandbox: every docs example runs and prints its worked example's key lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from tests.module_examples import MODULE_KEY_LINES
from tests.test_examples_modules import KEY_LINES as RESOLUTION_KEY_LINES

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

KEY_LINES: dict[str, list[str]] = {
    "flee.json": [
        "Serena sprints 6.0 m of 7.0 m (7, 1) → (13, 1), facing E; 4 [Movement] + 3 [Sprint roll] = 7 m",
        "Serena flees off the map from (13, 1)",
        "Omar sprints 4.0 m of 4.0 m (7, 3) → (11, 3), facing E; Sprint failed: 4 [Movement] m; stopped: out"
        " of metres; does not flee: it stopped short of the edge",
        "Alien Gunner — Missile Strike on Serena nullified: Serena has fled off the map",
    ],
    "strike.json": [
        "Niles — Dodge: 8 [Dodge] = 8; rolled 4: success",
        "Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss",
        "Niles — Withstand Injury: 3 [Withstand Injury] − 2 [sword Injury Rating] = 1; rolled 7: failure",
        "Niles takes 1 Injury; now 1 Injury",
    ],
    "missile_strike.json": [
        "Alex — Missile Strike on Alien Warrior: 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty]"
        " − 3 [Medium Range] = 6; rolled 4: hit",
        "Alex — Missile Strike on Alien Scout: 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] = 9;"
        " rolled 10: miss",
        "Alex — Missile Strike on Alien Sniper: 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty]"
        " − 6 [Long Range] = 3; rolled 5: miss",
    ],
    "missile_untrained.json": [
        "Alex — Missile Strike on Alien Guard: 10 [Missile Strike (Slug Thrower)] − 3 [Untrained: Beam] = 7;"
        " rolled 8: miss",
    ],
    "called_shot.json": [
        "Alex — Missile Strike, Called Shot (optical sensor) on Battle Drone:"
        " 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] − 7 [Called Shot] = 2;"
        " rolled 5: general hit (optical sensor on ≤ 2, torso on ≤ 9)",
        "Alex hits Battle Drone (torso) with shotgun",
        "Alex hits Battle Drone (optical sensor) with shotgun",
    ],
    "feint.json": [
        "Omar — Feint on Niles: 4 [Feint] − 1 [Action Penalty] = 3; rolled 3: success",
        "Omar — Strike on Niles: 6 [Strike] − 1 [Action Penalty] + 4 [Feint Bonus] = 9; rolled 10: miss",
        "Frederic the Faker — Feint on Dodgy Dirk: 6 [Feint] − 2 [Action Penalty] = 4; rolled 4: success",
        "Frederic the Faker — Strike on Dodgy Dirk: 8 [Strike] − 2 [Action Penalty] + 6 [Feint Bonus] = 12;"
        " rolled 12: miss",
        "Frederic the Faker — Strike on Dodgy Dirk: 8 [Strike] − 2 [Action Penalty] = 6; rolled 7: miss",
        "Omar — Strike on Niles: 6 [Strike] − 1 [Action Penalty] = 5; rolled 6: miss",
        "Frederic the Faker — Strike on Dodgy Dirk: 8 [Strike] − 1 [Action Penalty] + 6 [Feint Bonus]"
        " − 6 [Dodge] = 7; rolled 8: miss",
    ],
    "disarm.json": [
        "Serena — Grip on Niles: 7 [Grip] = 7; rolled 3: success",
        # CO.08 Ex. 2 with RULES.md §5's [design]: the general hit keeps the Action Penalty (2–4, not 2–5).
        "Serena — Strike, Called Shot (head) on Niles: 5 [Strike] − 1 [Action Penalty] − 3 [Called Shot] = 1;"
        " rolled 11: miss (head on ≤ 1, torso on ≤ 4)",
        "Niles — Disarm on Serena: 7 [Disarm] − 3 [Grip Penalty] = 4; rolled 2: success",
        "Serena is Disarmed: stun baton lands at (7, 3)",
        "Serena — Dodge: 3 [Dodge] − 1 [Action Penalty] = 2; rolled 9: failure",
        "Serena retrieves the stun baton at (7, 3)",
        "Niles — Strike on Serena: 9 [Strike] = 9; rolled 12: miss",
    ],
    "brawling.json": [
        "Bully — Brawling on Yobbo: 4 [Brawling] = 4; rolled 3: hit",
        "Bully — Brawling on Yobbo: 4 [Brawling] − 2 [Parry] = 2; rolled 5: miss",
    ],
    "parry.json": [
        "Niles — Parry: 5 [Parry] = 5; rolled 5: success",
        "Omar — Strike on Niles: 6 [Strike] − 5 [Parry] = 1; rolled 3: miss",
        "Serena — Strike on Niles: 5 [Strike] − 5 [Parry] = 0; impossible",
        "Serena — Parry ignored: no attack this round that a Parry counters",
        "Serena — Strike on Niles: 5 [Strike] − 1 [Action Penalty] = 4; rolled 6: miss",
    ],
    "block.json": [
        "Serena — Block: 4 [Block] = 4; rolled 1: success",
        "Niles — Strike on Serena: 9 [Strike] − 1 [Block] = 8; rolled 11: miss",
        "Omar — Strike on Niles: 6 [Strike] = 6; rolled 7: miss",
    ],
    "dodge.json": [
        "Niles — Dodge: 8 [Dodge] = 8; rolled 5: success",
        "Omar — Strike on Niles: 6 [Strike] − 5 [Dodge] = 1; rolled 6: miss",
        "Serena — Strike on Niles: 5 [Strike] − 5 [Dodge] = 0; impossible",
        "Niles Defense Penalties: 6 [Dodge] = 6",
    ],
    "evade.json": [
        "Alex — Evade: 5 [Evade] = 5; rolled 3: success",
        "Alex walks 3.0 m of 4.0 m (2, 6) → (2, 3), facing E",
        "Sentry Laser — Missile Strike on Alex: 6 [Missile Strike (Beam)] − 3 [Evade] = 3; rolled 5: miss",
        "Alex — Evade 3 limited to 2: only 2.0 m moved",
        "Sentry Laser — Missile Strike on Alex: 6 [Missile Strike (Beam)] − 2 [Evade] = 4; rolled 6: miss",
    ],
    "sprint.json": [
        "IX/N(a) — Sprint: 5 [Movement] − 1 [Injury Penalty] = 4; rolled 2: success",
        "IX/N(a) sprints 7.0 m of 7.0 m (99, 2) → (106, 2), facing E; 5 [Movement] + 2 [Sprint roll] = 7 m",
        "Alien Gunner — Missile Strike on IX/N(a) nullified: IX/N(a) is out of range (104.0 m)",
    ],
    "retreat.json": [
        "Serena — Retreat: 4 [Movement] = 4; rolled 3: success",
        "Serena retreats 7.0 m of 7.0 m (6, 4) → (13, 4), facing W; 4 [Movement] + 3 [Retreat roll] = 7 m",
        "Niles — Parry: 5 [Parry] − 1 [Action Penalty] = 4; rolled 9: failure",
        "Niles — Strike on Serena nullified: Serena Retreated out of melee",
        "Omar — Strike on Niles: 6 [Strike] = 6; rolled 8: miss",
    ],
    "timing.json": [
        "Omar Timing: 9 [d12] + 3 [Timing] = 12",
        "Serena Timing: 8 [d12] + 4 [Timing] = 12",
        "Omar Timing (tie re-roll 1): 4 [d12] + 3 [Timing] = 7",
        "Serena Timing (tie re-roll 1): 6 [d12] + 4 [Timing] = 10",
        "Timing order: Serena, Omar, Niles",
    ],
}
"""Each example → lines its output must contain (the worked example's numbers)."""
KEY_LINES.update(MODULE_KEY_LINES)
KEY_LINES.update(RESOLUTION_KEY_LINES)


def resolve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `python -m game resolve ARGS` in-process: (status, stdout, stderr)."""
    status = main(["resolve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_every_example_has_expected_lines() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(KEY_LINES)


@pytest.mark.parametrize("name", sorted(KEY_LINES))
def test_example_runs_and_prints_its_key_lines(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = resolve(capsys, str(EXAMPLES / name))
    assert status == 0, err
    assert err == ""  # no error, and every scripted die was used
    lines = out.splitlines()
    for expected in KEY_LINES[name]:
        assert any(expected in line for line in lines), f"{name}: missing {expected!r}"


@pytest.mark.parametrize("name", sorted(KEY_LINES))
def test_example_json_output(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = resolve(capsys, str(EXAMPLES / name), "--json")
    assert status == 0, err
    document = json.loads(out)
    assert document["rounds"] and document["world"]["entities"]
    assert set(document) >= {"scenario", "seed", "options", "board", "rounds", "world"}
    for number, report in enumerate(document["rounds"], 1):
        assert report["round"] == number
        assert report["unused_dice"] == {}
        kinds = [event["event"] for event in report["events"]]
        assert kinds[0] == "round_started" and kinds[-1] == "round_ended"
    rolled = [e for r in document["rounds"] for e in r["events"] if e["event"] == "rolled"]
    assert rolled
    for event in rolled:
        breakdown = event["breakdown"]
        assert set(breakdown) == {"base_name", "base", "modifiers", "total"}
        assert breakdown["total"] == breakdown["base"] + sum(m["value"] for m in breakdown["modifiers"])
        assert event["target_number"] == breakdown["total"]
        assert event["text"].startswith(f"{breakdown['base']} [{breakdown['base_name']}]")


def test_json_breakdown_matches_the_rulebook(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = resolve(capsys, str(EXAMPLES / "feint.json"), "--json")
    assert status == 0
    events = json.loads(out)["rounds"][1]["events"]
    strike = next(
        e
        for e in events
        if e["event"] == "rolled" and e["actor"] == "Frederic the Faker" and e["action"] == "Strike"
    )
    assert strike["breakdown"]["modifiers"] == [
        {"name": "Action Penalty", "value": -1},
        {"name": "Feint Bonus", "value": 6},
        {"name": "Dodge", "value": -6},
    ]
    assert (strike["target_number"], strike["die"], strike["outcome"]) == (7, 8, "miss")


def test_json_world_is_the_final_state(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = resolve(capsys, str(EXAMPLES / "retreat.json"), "--json")
    assert status == 0
    entities = json.loads(out)["world"]["entities"].values()
    serena = next(e for e in entities if e.get("name") == "Serena")
    assert serena["position"] == [13, 4] and serena["facing"] == "W"


def test_python_dash_m_game_end_to_end() -> None:
    """The real command line: exit 0 on an example, 2 and one line on a missing file."""
    ok = subprocess.run(
        [sys.executable, "-m", "game", "resolve", str(EXAMPLES / "block.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert ok.returncode == 0, ok.stderr
    assert "Niles — Strike on Serena: 9 [Strike] − 1 [Block] = 8; rolled 11: miss" in ok.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "game", "resolve", "no/such/scenario.json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert missing.returncode == 2
    assert missing.stderr == "error: no/such/scenario.json: no such file\n"
    assert missing.stdout == ""


def test_add_arguments_does_not_load_the_rules() -> None:
    """`python -m game --help` builds every subcommand's parser: it must stay cheap."""
    code = "import sys, game.cli.resolve; print(any(m.startswith('game.rules') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"
