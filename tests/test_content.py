"""The bundled content: maps, roster and scenarios (docs/content.md).

- every map in maps/ loads and passes check-map with no warnings, is what
  scripts/make_maps.py draws, and (when Tiled is installed) opens in Tiled;
- every roster character reproduces the numbers the combat chapter's worked
  examples give it (tests/builders.py CHAPTER_CAST);
- every scenario is consistent with its map and the roster, and plays 20
  AI-versus-AI rounds without an error.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest

from game.ai.controller import DeclarationView, PlaceholderController
from game.board.battlemap import BattleMap
from game.board.tiled import load_map
from game.cli import main as cli_main
from game.content.armory import default_armory
from game.content.battle_setup import build_battle
from game.content.roster import Character, default_roster, load_roster
from game.content.scenario_fields import tutorial_topics
from game.content.scenarios import list_scenarios, load_scenario
from game.core.equipment import MissileKind
from game.core.geometry import DIRECTION_NAMES
from game.core.sheet import ALL_SKILLS
from game.rules.events import Injured
from game.rules.options import module_names
from game.rules.positions import combatants, name_of
from game.world import Condition
from tests.builders import CHAPTER_CAST
from tests.invariants import Watch
from tests.module_examples import MODULE_MAPS

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
DATA = ROOT / "game" / "content" / "data"
SCENARIOS = DATA / "scenarios"
TOKENS = ROOT / "assets" / "tokens" / "tokens.json"

CONTENT_MAPS = {
    # stem: (width, height, metres per tile, deploy sides)
    "open_ground": (48, 32, 2.0, {"west", "east"}),
    "ruined_town": (60, 60, 1.5, {"north", "south"}),
    "corridors": (32, 24, 1.0, {"west", "east"}),
    "cruiser_deck": (50, 30, 1.0, {"boarders", "crew"}),
    "research_lab": (28, 20, 1.0, {"intruders", "defences"}),
    "duel_ring": (20, 20, 1.0, {"red", "blue"}),
    "the_pub": (24, 20, 1.0, {"hunters", "assassin"}),
    "training_yard": (18, 14, 1.0, {"west", "east"}),
}
"""The maps scripts/make_maps.py draws, with the size and scale docs/content.md promises."""
CONTENT_MAPS.update(MODULE_MAPS)
FOG_MAPS = {
    # The fog of war scenarios' maps (issue 55): dark, each in its own way.
    "night_keep": (32, 24, 1.0, {"west", "east"}),
    "woods": (40, 28, 1.0, {"west", "east"}),
    "farmstead": (32, 26, 1.0, {"captors", "rescuers"}),
}
CONTENT_MAPS.update(FOG_MAPS)
DARK_LAYERS = {"woods": ["undergrowth"]}
"""Maps with a darkness layer (`sight_limit`, docs/maps.md) between the ground and the objects."""
SMALL_MAPS = {"training_yard"}  # the first tutorial's yard: a recruit meets the partner in a round or two

TUTORIALS = ("evade", "sprint", "retreat", "feint", "disarm", "facing", "cover")
SCENARIO_FILES = sorted(SCENARIOS.glob("*.json"))


@functools.cache
def _make_maps() -> ModuleType:
    """scripts/make_maps.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_maps", ROOT / "scripts" / "make_maps.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_maps"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


_LOADED: dict[str, BattleMap] = {}


def _map(path: Path) -> BattleMap:
    """Load a map once per test session."""
    key = str(path.resolve())
    if key not in _LOADED:
        _LOADED[key] = load_map(path)
    return _LOADED[key]


# ------------------------------------------------------------------ maps
@pytest.mark.parametrize("stem", sorted(CONTENT_MAPS))
def test_map_loads_with_its_size_scale_and_zones(stem: str) -> None:
    width, height, metres, sides = CONTENT_MAPS[stem]
    battle_map = _map(MAPS / f"{stem}.tmx")
    board = battle_map.board
    assert (board.width, board.height, board.metres_per_tile) == (width, height, metres)
    smallest = 12 if stem in SMALL_MAPS else 20
    assert min(width, height) >= smallest and max(width, height) <= 80
    assert battle_map.warnings == ()
    assert set(battle_map.sides) == sides
    assert battle_map.name != stem, "the map sets its own name property"
    assert battle_map.placements == ()
    for zone in battle_map.zones:
        assert not any(board.blocks_move(t) for t in zone.tiles), zone.name


@pytest.mark.parametrize("stem", sorted(CONTENT_MAPS))
def test_map_is_a_plain_tiled_file_on_the_real_tileset(stem: str) -> None:
    root = ElementTree.parse(MAPS / f"{stem}.tmx").getroot()
    assert root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    tilesets = root.findall("tileset")
    assert [(t.get("firstgid"), t.get("source")) for t in tilesets] == [("1", "tilesets/battlefield.tsx")]
    layers = ["ground", *DARK_LAYERS.get(stem, []), "objects"]
    assert [layer.get("name") for layer in root.findall("layer")] == layers
    assert all(layer.find("data").get("encoding") == "csv" for layer in root.findall("layer"))  # type: ignore[union-attr]
    groups = root.findall("objectgroup")
    assert [g.get("name") for g in groups] == ["deploy"]
    objects = groups[0].findall("object")
    assert {o.get("type") for o in objects} == {"deploy"}
    props = {p.get("name"): p.get("value") for p in root.find("properties").iter("property")}  # type: ignore[union-attr]
    assert {"name", "metres_per_tile", "description"} <= set(props)


@pytest.mark.parametrize("stem", sorted(CONTENT_MAPS))
def test_check_map_command_accepts_the_map(stem: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["check-map", str(MAPS / f"{stem}.tmx")]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.splitlines()[-1] == "warnings: none"


def test_every_bundled_map_loads() -> None:
    """Whatever else is in maps/ (the old placeholder too) loads without an error."""
    for path in sorted(MAPS.glob("*.tmx")):
        assert _map(path).board.width > 0


def test_the_maps_are_what_the_generator_draws() -> None:
    make_maps = _make_maps()
    assert set(make_maps.MAKERS) == set(CONTENT_MAPS)
    assert make_maps.main(["--check"]) == 0, "run: python scripts/make_maps.py"


def test_generator_checks_its_tile_table_against_the_tileset() -> None:
    make_maps = _make_maps()
    blocks = make_maps.tileset_blocks_move()
    assert len(blocks) == len(make_maps.TILES) == 40
    for stem, maker in make_maps.MAKERS.items():
        assert make_maps.check_layout(maker(), blocks) == [], stem


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")
@pytest.mark.parametrize("stem", sorted(CONTENT_MAPS))
def test_map_opens_in_tiled(stem: str, tmp_path: Path) -> None:
    out = tmp_path / f"{stem}.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(tmp_path)}
    done = subprocess.run(
        ["tiled", "--export-map", "json", "--embed-tilesets", str(MAPS / f"{stem}.tmx"), str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    exported = json.loads(out.read_text(encoding="utf-8"))
    tileset = exported["tilesets"][0]
    assert tileset["name"] == "battlefield" and tileset["tilecount"] == 40
    assert len(tileset["tiles"]) == 40, "Tiled read every tile's properties"
    layers = ["ground", *DARK_LAYERS.get(stem, []), "objects", "deploy"]
    assert [layer["name"] for layer in exported["layers"]] == layers


# ------------------------------------------------------------------ roster
CHAPTER_IDS = {
    "Omar": "omar",
    "Serena": "serena",
    "Niles": "niles",
    "Alex": "alex",
    "Frederic": "frederic",
    "Dirk": "dirk",
    "Charles": "charles",
    "Bruto": "bruto",
    "Bully": "bully",
    "Yobbo": "yobbo",
    "IX/N(a)": "ixna",
}
"""CHAPTER_CAST name → roster id."""
ATTRIBUTE_KEYS = ("vigor", "agility", "stamina", "intuition", "intellect", "luck")
NOT_SKILLS = ("side", "weapons", "shield", "armour", "injuries", *ATTRIBUTE_KEYS)
ENTRY_KEYS = ("id", "name", "short", "kind", "setting", "token", "source", "attributes", "skills", "weapons")
"""Fields every roster entry writes out, though the loader has defaults for some."""


def _character(ident: str) -> Character:
    return default_roster().get(ident)


def test_roster_file_loads_and_names_every_character_of_the_chapter() -> None:
    roster = load_roster()
    named = {c.id for c in roster.named()}
    assert set(CHAPTER_IDS.values()) <= named
    assert _character("ixna").short == "IX/N(a)"
    assert _character("omar").name == "Omar Bonnaro"
    assert _character("serena").name == "Serena Starfire"
    assert _character("niles").name == "Niles Larsdale"


@pytest.mark.parametrize("chapter_name", sorted(CHAPTER_IDS))
def test_roster_reproduces_the_chapter_numbers(chapter_name: str) -> None:
    """Every number CHAPTER_CAST (the worked-example tests) sets is the roster's number too."""
    spec = CHAPTER_CAST[chapter_name]
    character = _character(CHAPTER_IDS[chapter_name])
    sheet = character.sheet
    for key, value in spec.items():
        if key in ATTRIBUTE_KEYS:
            assert getattr(sheet, key) == value, f"{chapter_name} {key}"
        elif key not in NOT_SKILLS:
            assert sheet.skill(key) == value, f"{chapter_name} {key}"
    if "weapons" in spec:
        wanted = sorted(w.name for w in spec["weapons"])  # type: ignore[attr-defined]
        assert sorted(w.name for w in character.equipment.weapons) == wanted
    if "shield" in spec:
        assert character.equipment.shield is not None


def test_the_chapter_numbers_by_name() -> None:
    omar, serena, niles = _character("omar").sheet, _character("serena").sheet, _character("niles").sheet
    # CO.02: Vigor 2, Agility 3, Luck 2 and no Favorable Rounding: Combat Composite 2.
    assert (omar.vigor, omar.agility, omar.luck, omar.has_favorable_rounding) == (2, 3, 2, False)
    assert omar.combat_composite == 2
    assert (omar.skill("strike"), omar.skill("feint")) == (6, 4)
    assert [serena.skill(s) for s in ("strike", "grip", "block", "movement")] == [5, 7, 4, 4]
    assert [niles.skill(s) for s in ("strike", "dodge", "parry", "disarm")] == [9, 8, 5, 7]
    frederic = _character("frederic").sheet
    assert (frederic.skill("strike"), frederic.skill("feint")) == (8, 6)
    assert _character("dirk").sheet.skill("dodge") == 9
    assert _character("charles").sheet.skill("disarm") == 5
    bully = _character("bully")
    assert bully.sheet.skill("brawling") == 4 and bully.equipment.weapons == ()
    assert _character("yobbo").equipment.weapons == ()
    assert _character("ixna").sheet.skill("movement") == 5


@pytest.mark.parametrize("ident", ["alex", "alex_rifle", "alex_boarding"])
def test_alex_slug_10_beam_7_evade_5(ident: str) -> None:
    """CO.07 Ex. 1-3: Missile Strike (Slug Thrower) 10, so Beam 10 - 3 = 7; CO.15 Evade 5."""
    sheet = _character(ident).sheet
    assert sheet.skill("missile_slug") == 10
    _label, base, penalty = sheet.missile_strike(MissileKind.BEAM)
    assert base - penalty == 7
    assert sheet.skill("evade") == 5


def test_alex_carries_the_chapter_weapons() -> None:
    def kinds(ident: str) -> list[MissileKind | None]:
        return [w.missile_kind for w in _character(ident).equipment.weapons if w.is_missile]

    assert kinds("alex") == kinds("alex_rifle") == [MissileKind.SLUG]
    assert kinds("alex_boarding") == [MissileKind.BEAM]
    pistol = _character("alex_boarding").equipment.missile_weapon()
    assert pistol is not None and pistol.name == "matter disintegrator pistol"


def test_movement_rates_the_examples_use() -> None:
    """Armour never takes the chapter's Movement away: Serena 4 m, IX/N(a) 5 m; the sentry never moves."""
    for ident, metres in (("serena", 4), ("ixna", 5), ("sentry_laser", 0)):
        character = _character(ident)
        armour = character.equipment.armour
        assert character.sheet.skill("movement") + (armour.movement_modifier if armour else 0) == metres


def test_roster_entries_are_complete() -> None:
    raw = json.loads((DATA / "roster.json").read_text(encoding="utf-8"))
    tokens = {t["kind"] for t in json.loads(TOKENS.read_text(encoding="utf-8"))["tokens"]}
    armory = default_armory()
    settings: dict[str, set[str]] = {}
    for entry in raw["characters"]:
        assert set(ENTRY_KEYS) <= set(entry), entry["id"]
        assert entry["token"] in tokens, entry["id"]
        assert set(entry["attributes"]) == set(ATTRIBUTE_KEYS), entry["id"]
        assert set(entry["skills"]) <= set(ALL_SKILLS), entry["id"]
        for weapon in entry["weapons"]:
            assert weapon.casefold() in armory.weapons, weapon
        character = _character(entry["id"])
        assert 2 <= character.sheet.stamina <= 4, entry["id"]
        if entry["kind"] == "troop":
            settings.setdefault(entry["setting"], set()).add(entry["id"])
    assert {"militia_spearman", "archer", "crossbowman", "knight"} <= settings["fantasy"]
    assert {"thug", "guard_rifle"} <= settings["modern"]
    space = {"resistance_fighter", "alien_soldier", "security_android", "sentry_laser", "battle_drone"}
    assert space <= settings["space"]


def test_troops_carry_what_their_names_say() -> None:
    def weapons(ident: str) -> list[str]:
        return [w.name for w in _character(ident).equipment.weapons]

    assert weapons("archer") == ["longbow"]
    assert weapons("crossbowman") == ["crossbow"]
    assert "hunting rifle" in weapons("guard_rifle")
    assert "laser pistol" in weapons("resistance_fighter")
    assert {"matter disintegrator pistol", "force blade"} & set(weapons("alien_soldier"))
    assert _character("knight").equipment.armour.name == "full plate"  # type: ignore[union-attr]
    assert _character("militia_spearman").equipment.melee_weapon().reach == 2  # type: ignore[union-attr]


# ------------------------------------------------------------------ scenarios
def _scenario_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_enough_scenarios_and_a_tutorial_for_every_rule() -> None:
    assert len(SCENARIO_FILES) >= 10
    tutorials = {_scenario_json(p).get("tutorial") for p in SCENARIO_FILES}
    assert set(TUTORIALS) <= tutorials


def test_the_seed_stories_are_there() -> None:
    by_id = {p.stem: _scenario_json(p) for p in SCENARIO_FILES}

    def cast(ident: str) -> set[str]:
        return {u["character"] for s in by_id[ident]["sides"] for u in s["units"]}

    assert by_id["the_assassin"]["map"] == "maps/the_pub.tmx"
    assert {"omar", "serena", "niles"} <= cast("the_assassin")
    assert {"alex", "sentry_laser"} <= cast("sentry_laser")
    assert by_id["captured_cruiser"]["map"] == "maps/cruiser_deck.tmx"
    assert "alex_boarding" in cast("captured_cruiser")
    # CO.16-CO.17: IX/N(a) Sprints with a -1 Injury Penalty.
    units = [u for s in by_id["tutorial_sprint"]["sides"] for u in s["units"]]
    (android,) = [u for u in units if u["character"] == "ixna"]
    assert android["injuries"] == 1
    maps = {s["map"] for s in by_id.values() if s["tutorial"] is None}
    assert {"maps/open_ground.tmx", "maps/ruined_town.tmx"} <= maps


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario_agrees_with_its_map_and_the_roster(path: Path) -> None:
    data = _scenario_json(path)
    assert data["id"] == path.stem
    battle_map = _map(ROOT / data["map"])
    board = battle_map.board
    roster = default_roster()
    assert data["tutorial"] in (*tutorial_topics(), None)
    assert set(data["modules"]) <= set(module_names())
    side_names = [s["name"] for s in data["sides"]]
    assert len(set(side_names)) == len(side_names) >= 2
    if data["victory"]["kind"] == "survive":
        assert data["victory"]["side"] in side_names and data["victory"]["rounds"] < data["max_rounds"]
    taken: set[tuple[int, int]] = set()
    names: list[str] = []
    waiting: dict[str, int] = {}
    for side in data["sides"]:
        assert side["zone"] in battle_map.sides, f"{side['name']}: no deploy zone {side['zone']!r}"
        for unit in side["units"]:
            character = roster.get(unit["character"])
            names.append(unit.get("name", character.short))
            assert unit.get("facing", "N") in DIRECTION_NAMES
            if "at" in unit:
                tile = (unit["at"][0], unit["at"][1])
                assert board.in_bounds(tile) and not board.blocks_move(tile), f"{names[-1]} at {tile}"
                assert tile not in taken, f"two units on {tile}"
                taken.add(tile)
            else:
                waiting[side["zone"]] = waiting.get(side["zone"], 0) + 1
    for zone, count in waiting.items():
        assert len(battle_map.deploy_tiles(zone) - taken) >= count, zone
    assert len({n.casefold() for n in names}) == len(names), f"display names repeat: {names}"
    if data["tutorial"]:
        controllers = [s["controller"] for s in data["sides"]]
        assert controllers.count("human") == 1 and set(controllers) - {"human"} == {"ai:easy"}
        assert all(1 <= len(s["units"]) <= 3 for s in data["sides"])
        assert data["max_rounds"] <= 20


def test_every_scenario_loads_through_the_loader() -> None:
    loaded = {s.id for s in list_scenarios()}
    assert loaded == {p.stem for p in SCENARIO_FILES}


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.stem)
def test_scenario_plays_twenty_ai_rounds(path: Path) -> None:
    """Up to twenty rounds of the close-in-and-hit placeholder AI on every bundled scenario.
    After each round: every order passed validation (play_round raises otherwise), nobody
    shares a tile or stands in a wall, Injuries never go down, the world reloads equal from
    JSON, and the round's events are the world's story (the Injured events add up to the
    Injuries gained)."""
    scenario = load_scenario(path)
    battle, _battle_map = build_battle(scenario, seed=2024)
    controller = PlaceholderController()
    watch = Watch()
    watch.check(battle.world, battle.board, reload=True)
    before = {e: battle.world.get(e, Condition).injuries for e in combatants(battle.world)}
    while not battle.over and battle.number < 20:
        events = battle.play_round(lambda eid, b: controller.choose_order(DeclarationView.of(b, eid)))
        watch.check(battle.world, battle.board, reload=True)
        added: dict[str, int] = {}
        for event in events:
            if isinstance(event, Injured):
                added[event.target] = added.get(event.target, 0) + event.added
        for eid, was in before.items():
            now = battle.world.get(eid, Condition).injuries
            assert now - was == added.get(name_of(battle.world, eid), 0)
        before = {e: battle.world.get(e, Condition).injuries for e in combatants(battle.world)}
    assert watch.checks == battle.number + 1 >= 2
