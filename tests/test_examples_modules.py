"""The resolution modules' hand-computed sandbox examples (docs/examples, issue 16): the lines
their comments compute (`KEY_LINES`, run by `tests/test_sandbox.py` with every example); the
sandbox checks the modules' dice keys."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.fields import FieldError
from game.sandbox.loader import parse_scenario

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

KEY_LINES: dict[str, list[str]] = {
    "hit_locations.json": [
        "Omar — Hit Location on Kord: d100 85: right leg",
        "Omar hits Kord (right leg) with sword",
        "Kord — Withstand Injury: 6 [Withstand Injury] − 2 [sword Injury Rating] = 4; rolled 9: failure",
        "Kord's right leg: 1 Injury (now 1 there)",
        "Omar — Strike, Called Shot (left hand) on Kord: 6 [Strike] − 2 [Action Penalty]"
        " − 2 [Called Shot] = 2; rolled 2: hit (left hand on ≤ 2, torso on ≤ 4)",
        "Kord's left arm: 1 Injury (now 1 there)",
        "Omar — Hit Location on Kord: d100 07: head",
        "Kord — Withstand Injury: 6 [Withstand Injury] − 2 [Injury Penalty] − 2 [sword Injury Rating] = 2;"
        " rolled 2: success",
    ],
    "location_effects.json": [
        "Kord: Leg Injury (right leg): Movement halved",
        "Kord — Grip: 4 [Grip] − 2 [Injury Penalty] = 2; rolled 5: failure (the right arm is wounded)",
        "Kord's sword falls at (5, 4) (the wounded right arm lost its grip)",
        "Kord — Strike on Omar nullified: no weapon in hand for it any more",
        "Vask — Withstand Injury: 7 [Withstand Injury] − 2 [sword Injury Rating] − 3 [Vulnerable Area] = 2;"
        " rolled 6: failure",
        "Vask: Shock (head): 2 Injuries on one place: no offensive actions, skills halved",
        "Vask is knocked prone by the shock: −2 to Missile Strikes against, +2 to melee attacks against,"
        " crawls at half Movement",
        "Vask — Strike on Omar nullified: Vask is in shock (head): no offensive actions",
        "Vask — Dodge: 4 [Dodge] − 2 [Injury Penalty] − 2 [Shock (halved)] = 0; impossible",
        "Kord — Retreat: 5 [Movement] − 2 [Leg Injury (halved)] − 2 [Injury Penalty] = 1; rolled 1: success",
        "Kord retreats 4.0 m of 4.0 m (5, 4) → (9, 4), facing E; 3 [Movement] + 1 [Retreat roll] = 4 m",
    ],
    "body_cover.json": [
        "Alex — Missile Strike on Alien Scout: 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty]"
        " − 2 [Low Cover] = 7; rolled 4: hit",
        "Alex — Hit Location on Alien Scout: d100 86: right leg",
        "Alex's shotgun hit on Alien Scout (right leg) strikes the low cover instead",
        "Alex hits Alien Scout (torso) with shotgun",
        "Alex — Missile Strike on Alien Sniper: 10 [Missile Strike (Slug Thrower)] − 8 [High Cover] = 2;"
        " rolled 1: hit",
        "Alex's shotgun hit on Alien Sniper (torso) strikes the high cover instead",
    ],
    "criticals.json": [
        "Omar — Strike on Niles: 6 [Strike] − 8 [Dodge] = −2; rolled 1: hit"
        " (natural 1, critical: the Defense Penalties do not count (6))",
        "Omar — Critical on Niles: d4 4: double damage (a failed Withstand Injury adds twice the Injuries)",
        "Niles takes 2 Injuries; now 2 Injuries",
        "Serena — Fumble on Niles: d6 6: a free attack: Niles's Strike on Serena",
        "Niles — Strike on Serena: 9 [Strike] − 2 [Injury Penalty] = 7; rolled 4: hit",
        "Omar — Fumble on Niles: d6 5: weapon stuck",
        "Serena — Critical on Niles: d4 3: faint (no offensive actions until the end of the next round)",
        "Niles: Faint until the end of round 3: no offensive actions",
        "Omar — Grip: 2 [Grip] = 2; rolled 2: success (to work the stuck sword loose)",
        "Omar: no more Stuck (sword): worked loose",
        "Niles: no more Faint: the faint passes",
    ],
    "defence_criticals.json": [
        "Niles — Dodge: 8 [Dodge] − 1 [Action Penalty] = 7; rolled 1: success",
        "Niles — Dodge Critical: d2 1: a free attack: Niles's Strike on Omar",
        "Niles — Strike on Omar: 9 [Strike] = 9; rolled 3: hit",
        "Serena — Block Critical: d2 2: disarm the attacker: Niles's dagger",
        "Niles's dagger falls at (5, 4) (a critical Block)",
        "Niles — Strike on Serena nullified: no weapon in hand for it any more",
        "Omar — Strike on Niles: 6 [Strike] − 1 [Dodge] = 5; rolled 6: miss",
        "Niles — Dodge Fumble: d2 1: the attacker does max damage: each hit on Niles this round"
        " that the Dodge counters Injures, no Withstand roll",
        "Niles takes 1 Injury; now 2 Injuries",
    ],
    "dying.json": [
        "Niles is Defeated",
        "Niles — Dying: d5 3: unconscious",
        "Niles: Unconscious until the end of round 3: d3+1 = 2 rounds, then up with 2 Injuries",
        "Kord — Dying: d5 5: internal bleeding: −3 to every skill roll",
        "Kord is not Defeated: bleeding inside, it fights on",
        "Niles — Strike on Omar nullified: Niles is Defeated",
        "Kord — Strike on Serena: 8 [Strike] − 3 [Injury Penalty] − 3 [Internal Bleeding] = 2;"
        " rolled 5: miss",
        "Kord — Withstand Injury: 5 [Withstand Injury] − 3 [Injury Penalty] − 3 [Internal Bleeding]"
        " − 1 [stun baton Injury Rating] = −2; impossible",
        "Kord: no more Internal Bleeding: Defeated again while bleeding inside: it dies",
        "Kord is killed",
        "Niles wakes up with 2 Injuries and fights on",
    ],
    "passive_block.json": [
        "Omar — Hit Location on Niles: d100 75: left arm",
        "Omar's sword hit on Niles (left arm) strikes the shield instead",
        "Niles — Withstand Injury: 6 [Withstand Injury] + 1 [shield] − 3 [broadsword Injury Rating]"
        " + 2 [Passive Block (shield, half)] = 6; rolled 6: success",
        "Niles — Withstand Injury: 6 [Withstand Injury] + 1 [shield] − 4 [blaster pistol Injury Rating]"
        " + 1 [Passive Block (shield)] = 4; rolled 7: failure",
    ],
    "side_initiative.json": [
        "Niles Timing: 9 [d12] + 5 [Timing] = 14",
        "Side initiative: d4 3 (3–4: the first side, bounty hunters; 1–2: the other):"
        " bounty hunters first, declaring last and resolving first",
        "Timing order: Omar, Serena, Niles",
        "Timing order: Niles, Serena, Omar",
    ],
}


def resolve(name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "resolve", str(EXAMPLES / name)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_declaration_order_of_round_1_follows_the_side_initiative() -> None:
    lines = resolve("side_initiative.json").stdout.splitlines()
    declared = [line.split(" declares")[0] for line in lines if " declares " in line]
    assert declared[:3] == ["Niles", "Serena", "Omar"]


def scenario(modules: list[str], dice: dict[str, list[int]], name: str = "Omar") -> dict:
    return {
        "modules": modules,
        "board": {"width": 6, "height": 6},
        "combatants": [
            {"name": name, "side": "a", "position": [1, 1], "attributes": {"vigor": 3, "agility": 3}},
            {"name": "Niles", "side": "b", "position": [2, 1], "attributes": {"vigor": 3, "agility": 3}},
        ],
        "rounds": [{"dice": dice}],
    }


def test_the_sandbox_knows_the_modules_dice_and_their_sides() -> None:
    loaded = parse_scenario(
        scenario(["hit_locations", "criticals"], {"Omar:Hit Location": [100], "Omar:Fumble": [4]})
    )
    assert loaded.rounds[0].dice.keyed == {"Omar:Hit Location": (100,), "Omar:Fumble": (4,)}
    with pytest.raises(FieldError, match="expected a whole number from 1 to 4"):
        parse_scenario(scenario(["criticals"], {"Omar:Critical": [5]}))
    parse_scenario(scenario(["side_initiative"], {"Sides:Initiative": [2]}))


def test_a_modules_roll_needs_the_module_on() -> None:
    with pytest.raises(
        FieldError, match=r'"Omar:Hit Location" is a roll of the hit_locations rules module, which is not on'
    ):
        parse_scenario(scenario([], {"Omar:Hit Location": [5]}))
    with pytest.raises(FieldError, match="side_initiative rules module, which is not on"):
        parse_scenario(scenario(["criticals"], {"Sides:Initiative": [2]}))


def test_the_shared_dice_word_is_reserved_and_checked() -> None:
    with pytest.raises(FieldError, match='"Sides" is reserved for the dice keys Sides:Initiative'):
        parse_scenario(scenario([], {}, name="Sides"))
    with pytest.raises(FieldError, match="unknown roll"):
        parse_scenario(scenario(["side_initiative"], {"Sides:Initiativ": [2]}))


def test_the_json_log_lists_only_the_modules_that_are_on() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "resolve", str(EXAMPLES / "criticals.json"), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert json.loads(done.stdout)["options"] == {"facing": False, "cover": False, "criticals": True}


def test_a_module_brings_the_modules_it_needs() -> None:
    loaded = parse_scenario(scenario(["body_cover"], {}))
    assert loaded.options.on == {"body_cover", "hit_locations", "cover"}
