"""Hostile maps, generated here, end in one line and exit 2 within 10 s and 1 GiB (issue 13).

Each case is a small file that once crashed the game (an image bomb), took
all its memory or time (tilesets, layers, zones, polygons pytmx or the
loader spend without bound), slipped past the preflight (a tileset inside a
group), or ended in a traceback (odd encodings, deep nesting, coordinates
that are not numbers).  `check-map` runs on every one, `render` on those
whose cost only drawing would pay.
"""

from __future__ import annotations

import base64
import gzip
import struct
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile import (
    assert_refused,
    csv_layer,
    objects,
    plain_map,
    png,
    run_limited,
    sheet_tileset,
    tileset,
    tmx,
    unit,
    zlib_layer,
    zone,
)

BIG = 1000  # tiles a side: the largest map the game takes


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


# ---------------------------------------------------------------- 1. image bombs
def image_larger_than_declared(folder: Path) -> Path:
    _write(folder, "bomb.png", png(27000, 27000, pixels=False))
    body = sheet_tileset("bomb.png", (32, 32)) + csv_layer(8, 6)
    return _write(folder, "map.tmx", tmx(8, 6, body))


def image_of_too_many_pixels(folder: Path) -> Path:
    _write(folder, "bomb.png", png(27000, 27000, pixels=False))
    body = sheet_tileset("bomb.png", (27000, 27000), tile=4096) + csv_layer(8, 6)
    return _write(folder, "map.tmx", tmx(8, 6, body, tile=256))  # tiles 16 times the map's, no more


def collection_image_larger_than_declared(folder: Path) -> Path:
    _write(folder, "bomb.png", png(27000, 27000, pixels=False))
    collection = (
        '<tileset firstgid="1" name="things" tilewidth="32" tileheight="32" tilecount="1" columns="0">'
        '<tile id="0"><image source="bomb.png" width="32" height="32"/></tile></tileset>\n'
    )
    return _write(folder, "map.tmx", tmx(8, 6, collection + csv_layer(8, 6)))


def collection_image_without_a_size(folder: Path) -> Path:
    # Tiled may leave an image's size out: it is read from the header, and counted.
    _write(folder, "bomb.png", png(27000, 27000, pixels=False))
    collection = (
        '<tileset firstgid="1" name="things" tilewidth="32" tileheight="32" tilecount="1" columns="0">'
        '<tile id="0"><image source="bomb.png"/></tile></tileset>\n'
    )
    return _write(folder, "map.tmx", tmx(8, 6, collection + csv_layer(8, 6), tile=2048))


def sheet_image_without_a_size(folder: Path) -> Path:
    _write(folder, "bomb.png", png(27000, 27000, pixels=False))
    sheet = (
        '<tileset firstgid="1" name="s" tilewidth="4096" tileheight="4096">'
        '<image source="bomb.png"/></tileset>\n'
    )
    return _write(folder, "map.tmx", tmx(8, 6, sheet + csv_layer(8, 6), tile=256))


def many_collection_images(folder: Path) -> Path:
    # 600 images in each of two tilesets: the limit is the map's, not each tileset's.
    _write(folder, "one.png", png(4, 4))
    tiles = "".join(f'<tile id="{k}"><image source="one.png"/></tile>' for k in range(600))
    collections = "".join(
        f'<tileset firstgid="{first}" name="things" tilewidth="4" tileheight="4">{tiles}</tileset>\n'
        for first in (1, 1001)
    )
    return _write(folder, "map.tmx", tmx(8, 6, collections + csv_layer(8, 6)))


# ---------------------------------------------------------------- 2. exhaustion
def margin_pytmx_walks(folder: Path) -> Path:
    # Tiled counts (5792 - 2 × 2800)² = 36,864 tiles; pytmx walks every pixel position: 33 million.
    _write(folder, "sheet.png", png(5792, 5792, pixels=False))
    sheet = (
        '<tileset firstgid="1" name="s" tilewidth="1" tileheight="1" margin="2800" tilecount="36864" '
        'columns="192"><image source="sheet.png" width="5792" height="5792"/></tileset>\n'
    )
    return _write(folder, "map.tmx", tmx(8, 6, sheet + csv_layer(8, 6)))


def many_tileset_references(folder: Path) -> Path:
    _write(
        folder,
        "one.tsx",
        '<tileset name="one" tilewidth="32" tileheight="32" tilecount="1"><tile id="0"/></tileset>',
    )
    refs = "".join(f'<tileset firstgid="{gid}" source="one.tsx"/>\n' for gid in range(1, 100_001))
    return _write(folder, "map.tmx", tmx(8, 6, refs + csv_layer(8, 6)))


def tilesets_of_65536_tiles(folder: Path) -> Path:
    _write(folder, "sheet.png", png(256, 256, pixels=False))
    sheets = "".join(sheet_tileset("sheet.png", (256, 256), tile=1, firstgid=1 + k * 65536) for k in range(5))
    return _write(folder, "map.tmx", tmx(8, 6, sheets + csv_layer(8, 6)))


def hundreds_of_big_layers(folder: Path) -> Path:
    layer = zlib_layer(BIG, BIG)
    return _write(folder, "map.tmx", tmx(BIG, BIG, tileset() + layer * 200))


def gzip_with_a_second_member(folder: Path) -> Path:
    tiles = struct.pack("<I", 1) * 48
    data = gzip.compress(tiles) + gzip.compress(bytes(1 << 20))  # pytmx inflates every member
    text = base64.b64encode(data).decode()
    data = f'<data encoding="base64" compression="gzip">{text}</data>'
    layer = f'<layer name="g" width="8" height="6">{data}</layer>'
    return _write(folder, "map.tmx", tmx(8, 6, tileset() + layer))


def hundred_zones_over_a_big_map(folder: Path) -> Path:
    side = BIG * 32
    zones = [zone(k + 1, "AB"[k % 2], 0, 0, side, side) for k in range(100)]
    return _write(folder, "map.tmx", tmx(BIG, BIG, tileset() + zlib_layer(BIG, BIG) + objects(*zones)))


def twenty_zones_each_the_whole_map(folder: Path) -> Path:
    side = BIG * 32
    zones = [zone(k + 1, "AB"[k % 2], 0, 0, side, side) for k in range(20)]
    return _write(folder, "map.tmx", tmx(BIG, BIG, tileset() + zlib_layer(BIG, BIG) + objects(*zones)))


def polygon_of_200000_vertices(folder: Path) -> Path:
    points = " ".join(f"{k % 200},{k // 200 % 200}" for k in range(200_000))
    zones = [zone(1, "A", 0, 0, 0, 0, f'<polygon points="{points}"/>'), zone(2, "B", 128, 0, 64, 64)]
    return _write(folder, "map.tmx", plain_map(extra=objects(*zones)))


def walls_everywhere(folder: Path) -> Path:
    # No deploy zone and nothing open near the edges: the edge bands once grew a tile at a time.
    wall = '<properties><property name="blocks_move" type="bool" value="true"/></properties>'
    walls = tileset(name="walls").replace('<tile id="0"/>', f'<tile id="0">{wall}</tile>')
    return _write(folder, "map.tmx", tmx(BIG, BIG, walls + zlib_layer(BIG, BIG)))


def a_flood_of_elements(folder: Path) -> Path:
    props = "".join(f'<property name="p{k}" value="1"/>' for k in range(300_000))
    return _write(
        folder,
        "map.tmx",
        plain_map().replace(">\n<tileset", f"><properties>{props}</properties>\n<tileset", 1),
    )


# ---------------------------------------------------------------- 3. getting past the preflight
def tileset_with_an_entity_inside_a_group(folder: Path) -> Path:
    _write(
        folder,
        "evil.tsx",
        '<?xml version="1.0"?>\n<!DOCTYPE tileset [<!ENTITY w "32">]>\n'
        '<tileset name="evil" tilewidth="&w;" tileheight="32" tilecount="1"><tile id="0"/></tileset>\n',
    )
    group = '<group name="g"><tileset firstgid="2" source="evil.tsx"/></group>\n'
    return _write(folder, "map.tmx", plain_map(extra=group))


def a_doctype_with_a_parameter_entity(folder: Path) -> Path:
    # An external DTD alone is allowed (old Tiled wrote one); an internal subset never is.
    prolog = '<!DOCTYPE map SYSTEM "map.dtd" [<!ENTITY % x SYSTEM "file:///etc/passwd"> %x;]>\n'
    return _write(folder, "map.tmx", plain_map().replace("<map ", prolog + "<map ", 1))


def a_pytmx_attribute_on_the_map(folder: Path) -> Path:
    return _write(folder, "map.tmx", plain_map(attributes=' filename="/elsewhere/map.tmx"'))


# ---------------------------------------------------------------- 4. tracebacks
def an_unknown_encoding(folder: Path) -> Path:
    return _write(folder, "map.tmx", plain_map().replace('encoding="UTF-8"', 'encoding="x-klingon"', 1))


def groups_nested_2000_deep(folder: Path) -> Path:
    nested = '<group name="g">' * 2000 + "</group>" * 2000
    return _write(folder, "map.tmx", plain_map(extra=nested))


def a_unit_at_infinity(folder: Path) -> Path:
    return _write(folder, "map.tmx", plain_map(extra=objects(unit(1, "A", "inf", 10), unit(2, "B", 64, 10))))


def a_zone_at_nan(folder: Path) -> Path:
    return _write(
        folder,
        "map.tmx",
        plain_map(extra=objects(zone(1, "A", "nan", 0, 32, 32), zone(2, "B", 64, 0, 32, 32))),
    )


def a_polygon_without_points(folder: Path) -> Path:
    zones = [zone(1, "A", 0, 0, 0, 0, '<polygon points=""/>'), zone(2, "B", 128, 0, 64, 64)]
    return _write(folder, "map.tmx", plain_map(extra=objects(*zones)))


# ---------------------------------------------------------------- 6. scale
def two_tilesets_at_one_firstgid(folder: Path) -> Path:
    return _write(folder, "map.tmx", tmx(8, 6, tileset(name="a") + tileset(name="b") + csv_layer(8, 6)))


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "image larger than declared": (
        image_larger_than_declared,
        "is 27000×27000 pixels, but the tileset says 32×32",
    ),
    "image of too many pixels": (image_of_too_many_pixels, "pixels between them"),
    "collection image larger than declared": (
        collection_image_larger_than_declared,
        "is 27000×27000 pixels, but the tileset says 32×32",
    ),
    "collection image without a size": (collection_image_without_a_size, "pixels between them"),
    "sheet image without a size": (sheet_image_without_a_size, "pixels between them"),
    "1,200 collection images": (many_collection_images, "tilesets hold more than 1024 tile images"),
    "margin pytmx walks": (margin_pytmx_walks, "more than 65536 tiles"),
    "100,000 tileset references": (many_tileset_references, "more than 256 tilesets"),
    "tilesets of 65,536 tiles": (tilesets_of_65536_tiles, "tiles between them"),
    "200 compressed 1000×1000 layers": (hundreds_of_big_layers, "at most 4,000,000 tiles over all layers"),
    "gzip with a second member": (gzip_with_a_second_member, "followed by more data"),
    "100 zones over a big map": (hundred_zones_over_a_big_map, "more than 32 deploy zones"),
    "20 zones each the whole map": (twenty_zones_each_the_whole_map, "cover more than 1,000,000 tiles"),
    "polygon of 200,000 vertices": (polygon_of_200000_vertices, "more than 1000 points"),
    "walls everywhere": (walls_everywhere, "no open tiles near the edges"),
    "a flood of elements": (a_flood_of_elements, "XML elements"),
    "tileset with an entity inside a group": (tileset_with_an_entity_inside_a_group, "DOCTYPE"),
    "a DOCTYPE with a parameter entity": (a_doctype_with_a_parameter_entity, "with an internal subset"),
    "a pytmx attribute on the map": (a_pytmx_attribute_on_the_map, "'filename', which is not Tiled's"),
    "an unknown encoding": (an_unknown_encoding, "unknown encoding"),
    "groups nested 2000 deep": (groups_nested_2000_deep, "nested more than 64 deep"),
    "a unit at infinity": (a_unit_at_infinity, "must be a number within"),
    "a zone at nan": (a_zone_at_nan, "must be a number within"),
    "a polygon without points": (a_polygon_without_points, "has no points"),
    "two tilesets at one firstgid": (two_tilesets_at_one_firstgid, "both start at gid 1"),
}
RENDERED = (
    "image larger than declared",
    "image of too many pixels",
    "collection image larger than declared",
    "collection image without a size",
    "sheet image without a size",
)


@pytest.mark.parametrize("case", CASES)
def test_check_map_refuses_in_one_line(tmp_path: Path, case: str) -> None:
    make, fragment = CASES[case]
    assert_refused(run_limited("check-map", str(make(tmp_path)), home=tmp_path), fragment)


@pytest.mark.parametrize("case", RENDERED)
def test_render_refuses_image_bombs_before_decoding(tmp_path: Path, case: str) -> None:
    make, fragment = CASES[case]
    out = tmp_path / "out.png"
    assert_refused(run_limited("render", str(make(tmp_path)), "--out", str(out), home=tmp_path), fragment)
    assert not out.exists()


def test_the_plain_map_the_cases_start_from_is_playable(tmp_path: Path) -> None:
    path = _write(tmp_path, "map.tmx", plain_map())
    outcome = run_limited("check-map", str(path), home=tmp_path)
    assert outcome.status == 0 and not outcome.error_lines, outcome


def test_a_zero_size_ellipse_zone_is_a_point_and_says_nothing_on_stderr(tmp_path: Path) -> None:
    zones = [zone(1, "A", 16, 16, 0, 0, "<ellipse/>"), zone(2, "B", 128, 0, 64, 64)]
    path = _write(tmp_path, "map.tmx", plain_map(extra=objects(*zones)))
    outcome = run_limited("check-map", str(path), home=tmp_path)
    assert outcome.status == 0 and outcome.stderr == "", outcome
    assert "side A: zone 1 — 1 tiles" in outcome.stdout


def test_render_of_a_big_map_shrinks_its_tiles(tmp_path: Path) -> None:
    side = 800  # at the default 32 pixels a tile, pygame ran out of memory past about 724
    path = _write(tmp_path, "map.tmx", tmx(side, side, tileset() + zlib_layer(side, side)))
    out = tmp_path / "out.png"
    outcome = run_limited("render", str(path), "--out", str(out), home=tmp_path)
    assert outcome.status == 0 and outcome.stderr == "", outcome
    assert "(4000×4000, 5 pixels per tile" in outcome.stdout
    assert out.stat().st_size > 0


def test_a_tileset_outside_the_map_folder_is_read_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    _write(
        tmp_path,
        "shared.tsx",
        '<tileset name="s" tilewidth="32" tileheight="32" tilecount="1"><tile id="0"/></tileset>',
    )
    body = '<tileset firstgid="1" source="../shared.tsx"/>\n' + csv_layer(8, 6)
    path = _write(tmp_path / "maps", "map.tmx", tmx(8, 6, body))
    outcome = run_limited("check-map", str(path), home=tmp_path)
    assert outcome.status == 0, outcome
    assert "tileset ../shared.tsx lies outside the map's folder" in outcome.stdout


def test_an_image_in_a_format_we_do_not_size_is_not_drawn(tmp_path: Path) -> None:
    _write(tmp_path, "sheet.tga", bytes(18 + 32 * 32 * 3))
    path = _write(tmp_path, "map.tmx", tmx(8, 6, sheet_tileset("sheet.tga", (32, 32)) + csv_layer(8, 6)))
    outcome = run_limited("check-map", str(path), home=tmp_path)
    assert outcome.status == 0, outcome
    assert "image sheet.tga is not drawn (not a PNG, JPEG, GIF or BMP image" in outcome.stdout
