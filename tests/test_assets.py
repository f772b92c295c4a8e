"""The art assets: tileset image and data, token art, the UI font, and their generators.

The tileset (``assets/tiles/terrain.png`` + ``maps/tilesets/battlefield.tsx``) and the
tokens (``assets/tokens/``) are drawn by ``scripts/make_tileset.py`` and
``scripts/make_tokens.py``; these tests check what the game relies on and that the
committed files are exactly what the scripts produce.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pygame.freetype

REPO = Path(__file__).resolve().parent.parent
TSX = REPO / "maps" / "tilesets" / "battlefield.tsx"
PNG = REPO / "assets" / "tiles" / "terrain.png"
TOKENS = REPO / "assets" / "tokens"
FONTS = REPO / "assets" / "fonts"
PROPERTIES = {
    "terrain": None,
    "move_cost": "float",
    "blocks_move": "bool",
    "blocks_sight": "bool",
    "cover": None,
}
COVER_LEVELS = ("none", "low", "high")
UI_SYMBOLS = "−→≤≥×±·—…"  # minus sign, arrow, inequalities, times, plus-minus, middle dot, dash, ellipsis


def tileset() -> ET.Element:
    """The parsed battlefield.tsx root element."""
    return ET.parse(TSX).getroot()


def tile_properties() -> dict[int, dict[str, tuple[str | None, str]]]:
    """Tile id -> property name -> (Tiled type, raw value)."""
    out: dict[int, dict[str, tuple[str | None, str]]] = {}
    for tile in tileset().iter("tile"):
        props = tile.find("properties")
        assert props is not None, f"tile {tile.get('id')} has no properties"
        out[int(tile.get("id", "-1"))] = {
            p.get("name", ""): (p.get("type"), p.get("value", "")) for p in props.iter("property")
        }
    return out


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    """Size and RGBA bytes of an image file."""
    surf = pygame.image.load(str(path))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


# --------------------------------------------------------------------------- tileset


def test_tileset_image_matches_the_tsx() -> None:
    root = tileset()
    image = root.find("image")
    assert image is not None
    assert image.get("source") == "../../assets/tiles/terrain.png"
    assert (TSX.parent / image.get("source", "")).resolve() == PNG.resolve()
    width, height = int(image.get("width", "0")), int(image.get("height", "0"))
    size, _ = pixels(PNG)
    assert size == (width, height)
    tw, th = int(root.get("tilewidth", "0")), int(root.get("tileheight", "0"))
    columns, count = int(root.get("columns", "0")), int(root.get("tilecount", "0"))
    assert (tw, th) == (32, 32)
    assert width == columns * tw
    assert height == math.ceil(count / columns) * th


def test_every_tile_has_the_five_properties_with_valid_values() -> None:
    root = tileset()
    props = tile_properties()
    assert sorted(props) == list(range(int(root.get("tilecount", "0"))))
    for tid, p in props.items():
        assert set(p) == set(PROPERTIES), f"tile {tid}: {sorted(p)}"
        for name, kind in PROPERTIES.items():
            assert p[name][0] == kind, f"tile {tid}: {name} should have type {kind}"
        assert p["terrain"][1].strip(), f"tile {tid}: empty terrain"
        assert float(p["move_cost"][1]) >= 1.0, f"tile {tid}: move_cost below 1"
        assert p["blocks_move"][1] in ("true", "false")
        assert p["blocks_sight"][1] in ("true", "false")
        assert p["cover"][1] in COVER_LEVELS
        if p["blocks_sight"][1] == "true":  # what stops sight stops feet (walls, closed doors)
            assert p["blocks_move"][1] == "true", f"tile {tid}"


def test_tiles_of_one_terrain_agree() -> None:
    by_terrain: dict[str, dict[str, tuple[str | None, str]]] = {}
    for tid, p in tile_properties().items():
        seen = by_terrain.setdefault(p["terrain"][1], p)
        assert seen == p, f"tile {tid} ({p['terrain'][1]}) differs from an earlier tile of that terrain"


def test_the_tileset_has_what_the_maps_need() -> None:
    terrains = {p["terrain"][1]: p for p in tile_properties().values()}
    wanted = (
        "grass, dirt, mud, rubble, sand, shallow water, deep water, wood floor, flagstones, metal deck, "
        "grating, ring rope, crates, barrels, sandbags, low wall, hedge, table, console, stone wall, "
        "timber wall, bulkhead, pillar, boulder, tree, machinery, open door, closed door"
    )
    for name in wanted.split(", "):
        assert name in terrains, name

    def value(terrain: str, prop: str) -> str:
        return terrains[terrain][prop][1]

    assert (value("deep water", "blocks_move"), value("deep water", "blocks_sight")) == ("true", "false")
    assert (value("hedge", "blocks_move"), value("hedge", "cover"), value("hedge", "move_cost")) == (
        "false",
        "low",
        "2.0",
    )
    for low in ("crates", "low wall", "sandbags", "table", "console"):
        assert (value(low, "blocks_move"), value(low, "blocks_sight"), value(low, "cover")) == (
            "true",
            "false",
            "low",
        )
    for wall in ("stone wall", "bulkhead", "pillar", "closed door"):
        assert (value(wall, "blocks_move"), value(wall, "blocks_sight"), value(wall, "cover")) == (
            "true",
            "true",
            "high",
        )
    assert value("open door", "blocks_move") == "false"


def test_closed_doors_follow_their_open_twins() -> None:
    props = tile_properties()
    closed = [tid for tid, p in props.items() if p["terrain"][1] == "closed door"]
    assert closed
    for tid in closed:
        assert props[tid - 1]["terrain"][1] == "open door", tid


def test_pytmx_reads_the_tileset_with_typed_values(tmp_path: Path) -> None:
    import pytmx  # a dependency of the game (pyproject.toml), never optional

    tmx = tmp_path / "probe.tmx"
    tmx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" '
        'tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{TSX.as_posix()}"/>\n'
        ' <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,8</data></layer>\n'
        "</map>\n",
        encoding="utf-8",
    )
    tiled = pytmx.TiledMap(str(tmx))
    grass, deep = tiled.get_tile_properties(0, 0, 0), tiled.get_tile_properties(1, 0, 0)
    assert grass["terrain"] == "grass" and grass["move_cost"] == 1.0 and grass["blocks_move"] is False
    assert deep["terrain"] == "deep water" and deep["blocks_move"] is True and deep["blocks_sight"] is False


def test_docs_carry_the_current_tile_table() -> None:
    table = subprocess.run(
        [
            sys.executable,
            str(REPO / "scripts" / "make_tileset.py"),
            "--out-dir",
            "/nonexistent",
            "--markdown-only",
        ],
        check=True,
        capture_output=True,
        text=True,
        env=headless_env(),
    ).stdout.strip()
    assert table.startswith("| id |")
    assert table in (REPO / "docs" / "tileset.md").read_text(encoding="utf-8"), "regenerate the table in docs"


# --------------------------------------------------------------------------- tokens


def manifest() -> dict:
    """The token manifest."""
    return json.loads((TOKENS / "tokens.json").read_text(encoding="utf-8"))


def test_token_manifest_files_are_64px_with_alpha_and_leave_the_ring_free() -> None:
    data = manifest()
    assert len(data["tokens"]) >= 10 and len(data["badges"]) >= 6
    assert data["emblem_radius"] <= data["wedge_inner_radius"] < 32
    for entry, limit in [(e, data["emblem_radius"]) for e in data["tokens"]] + [
        (b, data["wedge_inner_radius"]) for b in data["badges"]
    ]:
        assert entry["depicts"]
        surf = pygame.image.load(str(TOKENS / entry["file"]))
        assert surf.get_size() == (64, 64), entry["file"]
        assert surf.get_flags() & pygame.SRCALPHA, f"{entry['file']} has no alpha channel"
        outside = [
            (x, y)
            for y in range(64)
            for x in range(64)
            if math.hypot(x + 0.5 - 32, y + 0.5 - 32) > limit + 0.5 and surf.get_at((x, y)).a
        ]
        assert not outside, (
            f"{entry['file']}: art beyond radius {limit} (the facing wedge's ring) at {outside[:3]}"
        )
        assert surf.get_at((32, 32)).a == 255, f"{entry['file']}: empty centre"


def test_badges_cover_six_shapes_and_files_are_listed() -> None:
    data = manifest()
    assert {b["shape"] for b in data["badges"]} >= {
        "circle",
        "square",
        "triangle",
        "diamond",
        "hexagon",
        "star",
    }
    listed = {e["file"] for e in data["tokens"] + data["badges"]}
    on_disk = {p.name for p in TOKENS.glob("*.png")}
    assert listed == on_disk


# --------------------------------------------------------------------------- font


def test_ui_font_loads_and_has_the_symbols_the_ui_uses() -> None:
    path = FONTS / "DejaVuSans.ttf"
    assert path.exists()
    assert (FONTS / "LICENSE-DejaVu.txt").exists()
    assert "licen" in (FONTS / "README.md").read_text(encoding="utf-8").lower()
    pygame.font.init()
    font = pygame.font.Font(str(path), 14)
    assert font.size("6 − 1 = 5")[0] > 0
    assert font.render("−", True, (255, 255, 255)).get_width() > 0
    pygame.freetype.init()
    metrics = pygame.freetype.Font(str(path), 14).get_metrics(UI_SYMBOLS)
    missing = [ch for ch, m in zip(UI_SYMBOLS, metrics, strict=True) if m is None]
    assert not missing, f"font lacks {missing}"


# --------------------------------------------------------------------------- generators


def headless_env() -> dict[str, str]:
    """The environment for running a generator script without a display or sound."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def run_script(name: str, out_dir: Path) -> None:
    """Run a generator script into ``out_dir``, headless."""
    env = headless_env()
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / name), "--out-dir", str(out_dir)],
        check=True,
        env=env,
        cwd=REPO,
        capture_output=True,
    )


def test_make_tileset_reproduces_the_committed_tileset(tmp_path: Path) -> None:
    run_script("make_tileset.py", tmp_path)
    assert pixels(tmp_path / "assets/tiles/terrain.png") == pixels(PNG)
    assert (tmp_path / "maps/tilesets/battlefield.tsx").read_text(encoding="utf-8") == TSX.read_text(
        encoding="utf-8"
    )


def test_make_tokens_reproduces_the_committed_tokens(tmp_path: Path) -> None:
    run_script("make_tokens.py", tmp_path)
    fresh = tmp_path / "assets/tokens"
    assert sorted(p.name for p in fresh.iterdir()) == sorted(p.name for p in TOKENS.iterdir() if p.is_file())
    for path in fresh.glob("*.png"):
        assert pixels(path) == pixels(TOKENS / path.name), path.name
    assert (fresh / "tokens.json").read_text(encoding="utf-8") == (TOKENS / "tokens.json").read_text(
        encoding="utf-8"
    )
