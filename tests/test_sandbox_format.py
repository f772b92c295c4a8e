"""The scenario format's features (seed, options, items, dice forms) and the built-in armory."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.content.armory import ArmoryError, default_armory, load_armory, parse_armory
from game.content.fields import FieldError
from game.core.equipment import MissileKind, WeaponClass
from game.sandbox.loader import parse_scenario
from game.sandbox.runner import play
from tests.test_sandbox_errors import BASE


def run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any], *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status = main(["resolve", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


def scenario(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


# ------------------------------------------------------------------ armory


def test_armory_has_the_seed_weapons() -> None:
    armory = default_armory()
    for name in ("sword", "dagger", "stun baton", "quarterstaff", "broadsword", "force blade"):
        assert armory.weapons[name].weapon_class is WeaponClass.MELEE
    kinds = {
        "shotgun": MissileKind.SLUG,
        "hunting rifle": MissileKind.SLUG,
        "matter disintegrator pistol": MissileKind.BEAM,
        "laser pistol": MissileKind.BEAM,
        "blaster pistol": MissileKind.BEAM,
        "longbow": MissileKind.PRIMITIVE,
        "crossbow": MissileKind.PRIMITIVE,
    }
    for name, kind in kinds.items():
        assert armory.weapons[name].missile_kind is kind
    assert armory.weapons["longbow"].ranges == (40, 150, 200)
    assert armory.weapons["crossbow"].ranges == (50, 180, 300)
    plate = armory.armour["full plate"]
    assert (plate.withstand_bonus, plate.movement_modifier) == (8, -4)
    assert "shield" in armory.shields


def test_armory_file_says_which_numbers_are_published() -> None:
    path = Path(__file__).resolve().parents[1] / "game" / "content" / "data" / "armory.json"
    comment = " ".join(json.loads(path.read_text(encoding="utf-8"))["comment"])
    assert "PUBLISHED" in comment and "OURS" in comment


def test_armory_errors_name_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "armory.json"
    bad.write_text(
        json.dumps(
            {
                "weapons": [{"name": "bow", "class": "missile", "kind": "arrow", "ranges": [1, 2, 3]}],
                "shields": [],
                "armour": [],
            }
        )
    )
    with pytest.raises(
        ArmoryError, match=r"armory.json: weapons\[0\].kind: expected one of primitive, slug, beam"
    ):
        load_armory(bad)
    with pytest.raises(FieldError, match=r"weapons\[1\].name: 'Sword' is listed twice"):
        parse_armory({"weapons": [{"name": "sword"}, {"name": "Sword"}], "shields": [], "armour": []})


# --------------------------------------------------------------- scenarios


def test_inline_equipment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario()
    data["combatants"][0]["weapons"] = [{"name": "vibro-axe", "injury": 4, "parry": -1}]
    data["combatants"][2]["armour"] = {"name": "ceramic vest", "withstand": 3}
    data["rounds"][0]["dice"] = {"Niles:Dodge": [12], "Omar:Strike": [2], "Niles:Withstand Injury": [5]}
    status, out, err = run(tmp_path, capsys, data)
    assert status == 0, err
    assert "Omar hits Niles (torso) with vibro-axe" in out
    assert (
        "3 [Withstand Injury] + 3 [ceramic vest] − 4 [vibro-axe Injury Rating] = 2; rolled 5: failure" in out
    )


def test_dice_as_a_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario()
    data["rounds"][0]["dice"] = [4, 11]  # Niles's Dodge, then Omar's Strike
    status, out, _ = run(tmp_path, capsys, data)
    assert status == 0
    assert "Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss" in out


def test_unused_dice_are_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario()
    data["rounds"][0]["dice"]["Serena:Strike"] = [5]
    status, _, err = run(tmp_path, capsys, data)
    assert status == 0
    assert err == "warning: round 1: scripted dice not used: Serena:Strike [5]\n"


def test_seed_fills_in_and_repeats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario(seed=11)
    del data["rounds"][0]["timing"], data["rounds"][0]["dice"]
    first = run(tmp_path, capsys, data, "--json")
    second = run(tmp_path, capsys, data, "--json")
    assert first[0] == 0 and first == second
    events = json.loads(first[1])["rounds"][0]["events"]
    assert sum(e["event"] == "timing_rolled" for e in events) >= 3


def test_items_on_the_ground_can_be_retrieved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario(items=[{"weapon": "broadsword", "position": [4, 5]}])
    data["rounds"][0]["orders"]["Serena"] = {"actions": [{"action": "retrieve", "weapon": "broadsword"}]}
    data["rounds"][0]["orders"]["Omar"] = {
        "actions": [{"action": "retrieve", "weapon": "Broadsword", "at": [4, 5]}]
    }
    data["combatants"][0]["weapons"] = ["dagger"]
    data["combatants"][1]["position"] = [5, 5]
    data["rounds"][0]["dice"] = {}
    status, out, err = run(tmp_path, capsys, data)
    assert status == 0, err
    # Serena has the better Timing, but her hands are full (stun baton + shield): Omar gets it.
    assert "Serena — Retrieve Weapon nullified: no free hand for the broadsword" in out
    assert "Omar retrieves the broadsword at (4, 5)" in out


def test_facing_option_reaches_the_engine() -> None:
    plain = scenario()
    plain["combatants"][0]["facing"] = "W"  # Omar turns his back on Niles
    faced = scenario(options={"facing": True})
    faced["combatants"][0]["facing"] = "W"

    def strike_line(data: dict[str, Any]) -> str:
        events = [e for report in play(parse_scenario(data)) for e in report.events]
        return next(e.text() for e in events if e.text().startswith("Omar — Strike"))

    assert strike_line(plain) == "Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss"
    assert strike_line(faced) != strike_line(plain)


def test_defeated_combatants_drop_out_of_a_fixed_timing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = scenario()
    data["combatants"][1]["injuries"] = 3  # Serena is already Defeated
    status, out, err = run(tmp_path, capsys, data)
    assert status == 0, err
    assert "Timing order (set by the scenario): Niles, Omar" in out


def test_comments_are_allowed_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = scenario(comment=["top"])
    data["board"]["comment"] = "board"
    data["combatants"][0]["comment"] = "Omar"
    data["rounds"][0]["comment"] = "round"
    data["rounds"][0]["orders"]["comment"] = "orders"
    data["rounds"][0]["dice"]["comment"] = "dice"
    first_action = data["rounds"][0]["orders"]["Omar"]["actions"][0]
    first_action["comment"] = "action"
    status, _, err = run(tmp_path, capsys, data)
    assert (status, err) == (0, "")
