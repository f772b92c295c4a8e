"""Your own maps, made in Tiled, played in the window (issue 18, points 2 and 3).

The maps folder gets a Tiled project (the game's property types, Check map
and Play map commands) and the battlefield tileset; a map drawn there as
docs/maps.md says (written here the way Tiled 1.8 writes class properties)
is checked, listed in New battle and played; a broken one is listed greyed
with its error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from game.board.project import PROJECT_FILE, project_text
from game.cli import main
from game.core.geometry import DIRECTION_NAMES
from game.persist.usermaps import game_root, prepare_user_maps, user_map_files, user_maps_dir
from game.rules.board import COVER_LEVELS
from game.rules.positions import combatants, name_of
from game.ui.scenarios import list_ui_scenarios, map_scenario
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import BriefingScene
from game.ui.scenes.menu import SetupScene
from tests.ui_helpers import key, make_app, run_until

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def class_property(name: str, kind: str, members: dict[str, tuple[str, str]]) -> str:
    """A class-typed property as Tiled 1.8 writes it: members by name → (type or enum, value)."""
    inner = ""
    for member, (member_type, value) in members.items():
        typed = f' propertytype="{member_type}"' if member_type[0].isupper() else f' type="{member_type}"'
        inner += f'<property name="{member}"{typed if member_type != "string" else ""} value="{value}"/>'
    head = f'<property name="{name}" type="class" propertytype="{kind}">'
    return f"{head}<properties>{inner}</properties></property>"


def layer(lid: int, name: str, csv: str) -> str:
    data = f'<data encoding="csv">\n{csv}\n</data>'
    return f' <layer id="{lid}" name="{name}" width="12" height="8">\n  {data}\n </layer>\n'


def drawn_from_scratch(folder: Path) -> Path:
    """A 12 × 8 map with the battlefield tileset: grass, a stone wall with a door, hedges,
    two deploy zones (Deploy class properties) and three placed combatants (Unit)."""
    grass, wall, door, hedge = 1, 25, 33, 22  # gids: tile ids 0, 24, 32, 21 of battlefield.tsx
    ground = ",\n".join(",".join([str(grass)] * 12) for _ in range(8))
    objects = [[0] * 12 for _ in range(8)]
    for y in range(8):
        objects[y][6] = wall
    objects[4][6] = door
    objects[2][3] = objects[5][9] = hedge
    upper = ",\n".join(",".join(map(str, row)) for row in objects)

    def deploy(oid: int, side: str, x: int, colour: str) -> str:
        members = {"side": ("string", side), "colour": ("color", colour)}
        return (
            f'  <object id="{oid}" name="{side} camp" type="deploy" x="{x}" y="0" width="64" height="256">'
            f"<properties>{class_property('deploy', 'Deploy', members)}</properties></object>\n"
        )

    def unit(oid: int, name: str, side: str, tile: tuple[int, int], who: tuple[str, str], facing: str) -> str:
        members = {"side": ("string", side), who[0]: ("string", who[1]), "facing": ("Facing", facing)}
        return (
            f'  <object id="{oid}" name="{name}" type="unit" x="{tile[0] * 32 + 16}" y="{tile[1] * 32 + 16}">'
            f"<properties>{class_property('unit', 'Unit', members)}</properties><point/></object>\n"
        )

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        'width="12" height="8" tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" '
        'nextobjectid="6">\n'
        ' <properties>\n  <property name="metres_per_tile" type="float" value="1.5"/>\n'
        '  <property name="name" value="Farmyard"/>\n </properties>\n'
        ' <tileset firstgid="1" source="tilesets/battlefield.tsx"/>\n'
        + layer(1, "ground", ground)
        + layer(2, "walls", upper)
        + ' <objectgroup id="3" name="deploy">\n'
        + deploy(1, "farmers", 0, "#ff22aa44")
        + deploy(2, "raiders", 320, "")
        + unit(3, "Old Tom", "farmers", (2, 3), ("troop", "militia_spearman"), "E")
        + unit(4, "Serena", "raiders", (9, 2), ("character", "serena"), "middle")
        + unit(5, "Knave", "raiders", (9, 6), ("troop", "thug"), "W")
        + " </objectgroup>\n</map>\n"
    )
    path = folder / "farmyard.tmx"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- the kit
def test_the_maps_folder_gets_a_tiled_kit_that_runs_this_game(home: Path) -> None:
    written = prepare_user_maps()
    folder = user_maps_dir()
    assert folder == home / "maps"
    assert {p.relative_to(folder).as_posix() for p in written} == {
        PROJECT_FILE,
        "tilesets/battlefield.tsx",
        "tilesets/battlefield.png",
    }
    project = json.loads((folder / PROJECT_FILE).read_text())
    commands = {c["name"]: c for c in project["commands"]}
    assert set(commands) == {"Check map", "Play map"}
    assert commands["Check map"]["command"] == sys.executable
    assert commands["Check map"]["arguments"] == '-m game check-map "%mapfile"'
    assert commands["Check map"]["workingDirectory"] == str(game_root())
    assert (game_root() / "game" / "__init__.py").exists()
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["Cover"]["values"] == list(COVER_LEVELS)
    assert types["Facing"]["values"] == ["middle", *DIRECTION_NAMES, *"01234567"]  # 0–7 too (issue 54)
    members = {m["name"]: m for m in types["Terrain"]["members"]}
    assert set(members) == {"terrain", "move_cost", "blocks_move", "blocks_sight", "cover"}
    assert members["cover"]["propertyType"] == "Cover"
    assert {m["name"] for m in types["Unit"]["members"]} == {"side", "character", "troop", "facing"}
    # Never overwritten: a second call writes nothing and keeps the map maker's edits.
    (folder / PROJECT_FILE).write_text("{}")
    assert prepare_user_maps() == []
    assert (folder / PROJECT_FILE).read_text() == "{}"


def test_the_repositorys_project_is_the_one_the_game_describes() -> None:
    assert (REPO / "maps" / PROJECT_FILE).read_text() == project_text("python3", "%projectpath/..")


# ---------------------------------------------------------------- a map drawn as the docs say
def test_a_map_drawn_from_scratch_checks_lists_and_plays(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prepare_user_maps()
    path = drawn_from_scratch(user_maps_dir())
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "map: Farmyard" in out and "size: 12 × 8 tiles, 18 × 12 m (1.5 m per tile)" in out
    assert "  side farmers: Old Tom (troop militia_spearman) at (2, 3) facing E" in out
    assert "  side raiders: Serena (serena) at (9, 2) facing SW" in out  # "middle": toward (6, 4)
    assert "stone wall" in out and "warnings: none" in out
    assert user_map_files() == [path]
    (mine,) = [sc for sc in list_ui_scenarios() if sc.id == "mine-farmyard"]
    assert mine.title == "Your map: Farmyard" and not mine.error
    assert [(s.name, s.colour) for s in mine.sides] == [("Farmers", "#22aa44"), ("Raiders", "#ef4444")]
    app = make_app()
    setup = SetupScene(app, map_scenario(path, mine=True))
    app.push(setup)
    assert setup.scenarios[setup.index].id == "mine-farmyard"  # chosen, not added twice
    for side in setup.controllers:
        setup.controllers[side] = "ai:easy"
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, BriefingScene)
    app.step([key(pygame.K_RETURN)])
    scene = app.top
    assert isinstance(scene, BattleScene)
    world = scene.battle.world
    assert sorted(name_of(world, e) for e in combatants(world)) == ["Knave", "Old Tom", "Serena"]
    assert run_until(app, lambda: scene.battle.number >= 2, frames=4000)  # the AIs play it


def test_copies_of_one_map_are_listed_with_their_file_names(home: Path) -> None:
    from game.workbench.boards import map_choices

    prepare_user_maps()
    first = drawn_from_scratch(user_maps_dir())
    copy = first.with_name("farmyard copy.tmx")
    copy.write_bytes(first.read_bytes())
    listed = [sc.title for sc in list_ui_scenarios() if sc.id.startswith("mine-")]
    assert listed == ["Your map: Farmyard (farmyard copy.tmx)", "Your map: Farmyard (farmyard.tmx)"]
    chooser = [c.label for c in map_choices() if c.label.startswith("Your map")]
    assert chooser == listed
    copy.unlink()  # alone again: its name alone
    assert [sc.title for sc in list_ui_scenarios() if sc.id.startswith("mine-")] == ["Your map: Farmyard"]


def test_broken_maps_are_listed_greyed_with_their_error(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = user_maps_dir()
    folder.mkdir(parents=True)
    (folder / "half.tmx").write_text("<map")
    (folder / "exported.tmj").write_text("{}")
    listed = {sc.id: sc for sc in list_ui_scenarios()}
    assert "malformed XML" in listed["mine-half"].error
    assert "JSON maps are not supported" in listed["mine-exported"].error
    app = make_app()
    setup = SetupScene(app)
    app.push(setup)
    setup.choose(next(i for i, sc in enumerate(setup.scenarios) if sc.id == "mine-half"))
    app.step([key(pygame.K_RETURN)])
    assert app.top is setup and "cannot be played" in setup.error
    assert main(["maps"]) == 0
    out = capsys.readouterr().out
    assert f"your maps folder: {folder}" in out
    assert "  cannot be played  half.tmx: malformed XML" in out


def test_play_map_refuses_a_broken_map_before_any_window(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = home / "nowhere.tmx"
    assert main(["play", "--map", str(bad)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "no such map file" in err
    assert main(["play", "--map", str(bad), "--load", "x.json"]) == 2


def test_maps_the_real_tiled_wrote_with_the_project_load(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tests/maps/tiled_written: a map Tiled 1.8.2 drew with its scripting API, and our
    hand-written farmyard as Tiled wrote it back, both with the project's class properties."""
    prepare_user_maps()
    folder = user_maps_dir()
    written = REPO / "tests" / "maps" / "tiled_written"
    for name in ("scripted_farm.tmx", "farmyard_resaved.tmx"):
        (folder / name).write_bytes((written / name).read_bytes())
    assert main(["check-map", str(folder / "scripted_farm.tmx")]) == 0
    out = capsys.readouterr().out
    assert "map: Scripted Farm" in out and "open door" in out and "hedge" in out
    assert "  side farmers: Old Tom (troop militia_spearman) at (2, 3) facing E" in out
    assert "  side raiders: Serena (serena) at (9, 2) facing SW" in out
    listed = {sc.id: sc for sc in list_ui_scenarios()}
    resaved = listed["mine-farmyard_resaved"]
    assert not resaved.error and [(s.name, s.colour) for s in resaved.sides][0] == ("Farmers", "#22aa44")


def test_the_bundled_projects_commands_run_the_interpreter_found_here(tmp_path) -> None:  # noqa: ANN001
    """Issue 54: the bundled project's commands call `python3`, which Windows lacks.  Where
    the interpreter it names cannot be found, `fit_bundled_project` points its commands at
    the running one (the property types untouched); where it is found, the file is left
    byte for byte as it was."""
    import json
    import sys

    from game.board.project import PROJECT_FILE
    from game.paths import MAPS
    from game.persist.usermaps import fit_bundled_project

    bundled = (MAPS / PROJECT_FILE).read_text(encoding="utf-8")
    (tmp_path / PROJECT_FILE).write_text(bundled.replace('"python3"', '"no-such-python-here"'), "utf-8")
    assert fit_bundled_project(tmp_path)
    fitted = json.loads((tmp_path / PROJECT_FILE).read_text(encoding="utf-8"))
    assert [c["command"] for c in fitted["commands"]] == [sys.executable] * 2
    assert [c["workingDirectory"] for c in fitted["commands"]] == ["%projectpath/.."] * 2
    assert fitted["propertyTypes"] == json.loads(bundled)["propertyTypes"]
    before = (tmp_path / PROJECT_FILE).read_bytes()
    assert not fit_bundled_project(tmp_path)  # now found: left alone
    assert (tmp_path / PROJECT_FILE).read_bytes() == before
    (tmp_path / PROJECT_FILE).write_text("{not json", "utf-8")
    assert not fit_bundled_project(tmp_path)  # a broken file is no error of the game's
