"""Write the .tmx/.tsx/.png fixtures of the map loader tests into this folder.

    python tests/maps/make_fixtures.py

The files are committed; `tests/test_board_loader.py` checks they match this
script, so edit here and re-run rather than editing a fixture by hand.
GOOD maps must load (and open in Tiled); each BAD map breaks one rule.
"""

from __future__ import annotations

import base64
import gzip
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
TILE = 8  # pixels per tile side in the fixtures

# The game tileset: id -> properties (name, type, value).
TERRAIN_TILES = {
    0: [],
    1: [("move_cost", "float", "2"), ("terrain", None, "rough")],
    2: [("blocks_move", "bool", "true"), ("blocks_sight", "bool", "true"), ("terrain", None, "wall")],
    3: [("blocks_move", "bool", "true"), ("terrain", None, "water")],
    4: [("blocks_sight", "bool", "true"), ("terrain", None, "smoke")],
    5: [("cover", None, "low"), ("terrain", None, "hedge")],
    6: [("blocks_move", "bool", "true"), ("cover", None, "high"), ("terrain", None, "barricade")],
    7: [("blocks_move", "bool", "false"), ("terrain", None, "bridge")],
}
COLOURS = [
    (90, 160, 70),
    (140, 120, 80),
    (100, 100, 100),
    (40, 90, 170),
    (200, 200, 200),
    (60, 120, 40),
    (150, 100, 50),
    (140, 100, 60),
]

GOOD = [
    "terrain_rules.tmx", "foreign.tmx", "scale_base64.tmx", "embedded.tmx", "tall.tmx", "zone_blocked.tmx"
]  # fmt: skip
BAD: dict[str, str] = {
    # file: a fragment the error line must contain
    "isometric.tmx": "isometric maps are not supported; only orthogonal",
    "staggered.tmx": "staggered maps are not supported; only orthogonal",
    "hexagonal.tmx": "hexagonal maps are not supported; only orthogonal",
    "infinite.tmx": "infinite maps are not supported",
    "missing_tsx.tmx": "missing tileset file nowhere.tsx",
    "missing_image.tmx": "missing image file absent.png",
    "malformed.tmx": "malformed XML",
    "bad_gid.tmx": "uses gid 42, which no tileset provides",
    "bad_cover.tmx": "cover must be one of none, low, high, not 'medium'",
    "bad_move_cost.tmx": "move_cost must be a number above 0",
    "zero_move_cost.tmx": "move_cost must be a number above 0",
    "bad_flag.tmx": "blocks_sight must be true or false, not 'perhaps'",
    "bad_typed_bool.tmx": "has type bool but value 'maybe'",
    "bad_metres.tmx": "metres_per_tile must be from 0.1 to 100 metres",
    "bad_facing.tmx": "facing must be one of N, NE",
    "zone_all_blocked.tmx": "every tile of the deploy zone of side 'red' blocks movement (first (2, 0))",
    "zone_without_side.tmx": "needs a 'side' property",
    "unit_blocked.tmx": "stands on a tile that blocks movement (2, 1)",
    "unit_off_map.tmx": "stands off the map",
    "two_units.tmx": "object 1 'amy' and object 2 'bo' both stand on (1, 1)",
    "one_side.tmx": "name only one side (red)",
    "unit_without_character.tmx": "object 1: needs a 'character' or a 'troop' property",
    "huge.tmx": "too large (at most 1000 a side)",
    "entities.tmx": "XML DOCTYPE declarations are not allowed",
    "external_entity.tmx": "XML DOCTYPE declarations are not allowed",
    "xml_format.tmx": "uses the XML tile format",
    "zstd.tmx": "zstd compression is not supported",
    "json_tileset.tmx": "is not a .tsx file",
    "wrong_size.tmx": "holds 5 tiles, the map needs 12",
    "bomb.tmx": "holds more tiles than the map",
    "not_a_map.tmx": "not a Tiled map file",
}


def png(columns: int, colours: list[tuple[int, int, int]]) -> bytes:
    """A strip of flat-coloured TILE×TILE tiles as an RGB PNG."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    row = b"".join(bytes(colours[x // TILE % len(colours)]) for x in range(columns * TILE))
    raw = b"".join(b"\x00" + row for _ in range(TILE))
    header = struct.pack(">IIBBBBB", columns * TILE, TILE, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def props(items: list[tuple[str, str | None, str]], indent: str = "  ") -> str:
    """A <properties> block."""
    if not items:
        return ""
    lines = [f"{indent}<properties>"]
    for name, kind, value in items:
        typed = f' type="{kind}"' if kind else ""
        lines.append(f'{indent} <property name="{name}"{typed} value="{value}"/>')
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def tileset_body(name: str, image: str, tiles: dict[int, list], count: int) -> str:
    """The inside of a <tileset> element."""
    body = f' <image source="{image}" width="{count * TILE}" height="{TILE}"/>\n'
    for tile_id, items in tiles.items():
        if items:
            body += f' <tile id="{tile_id}">\n{props(items)} </tile>\n'
    return body


def tsx(name: str, image: str, tiles: dict[int, list], count: int) -> str:
    """An external tileset file."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{count}" columns="{count}">\n' + tileset_body(name, image, tiles, count) + "</tileset>\n"
    )


def csv(rows: list[list[int]]) -> str:
    return "\n" + ",\n".join(",".join(map(str, r)) for r in rows) + "\n"


def layer(layer_id: int, name: str, rows: list[list[int]], extra: str = "", properties: str = "") -> str:
    h, w = len(rows), len(rows[0])
    return (
        f' <layer id="{layer_id}" name="{name}" width="{w}" height="{h}"{extra}>\n{properties}'
        f'  <data encoding="csv">{csv(rows)}</data>\n </layer>\n'
    )


def obj(obj_id: int, name: str, x: float, y: float, w: float = 0, h: float = 0, items=(), kind="", shape=""):
    """An <object>; `shape` is an inner element such as '<point/>' or '<ellipse/>'."""
    size = f' width="{w}" height="{h}"' if w or h else ""
    typed = f' type="{kind}"' if kind else ""
    named = f' name="{name}"' if name else ""
    inner = props(list(items), "   ") + (f"   {shape}\n" if shape else "")
    if not inner:
        return f'  <object id="{obj_id}"{named}{typed} x="{x}" y="{y}"{size}/>\n'
    return f'  <object id="{obj_id}"{named}{typed} x="{x}" y="{y}"{size}>\n{inner}  </object>\n'


def objects(group_id: int, name: str, items: list[str]) -> str:
    return f' <objectgroup id="{group_id}" name="{name}">\n' + "".join(items) + " </objectgroup>\n"


def zone(obj_id: int, side: str, x: int, y: int, w: int, h: int, name: str = "") -> str:
    """A rectangular deploy zone covering tiles x..x+w-1, y..y+h-1."""
    return obj(
        obj_id,
        name or f"{side} zone",
        x * TILE,
        y * TILE,
        w * TILE,
        h * TILE,
        [("side", None, side)],
        "deploy",
    )


def unit(obj_id: int, side: str, character: str, x: int, y: int, facing: str | None = "N") -> str:
    """A point object in the middle of tile (x, y)."""
    items = [("side", None, side), ("character", None, character)]
    if facing is not None:
        items.append(("facing", None, facing))
    return obj(obj_id, character, x * TILE + TILE / 2, y * TILE + TILE / 2, items=items, shape="<point/>")


def tmx(
    width: int,
    height: int,
    body: str,
    tilesets: str = ' <tileset firstgid="1" source="terrain.tsx"/>\n',
    properties: list | None = None,
    attrs: str = 'orientation="orthogonal"',
) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" {attrs} renderorder="right-down" width="{width}" '
        f'height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="9" '
        f'nextobjectid="20">\n' + props(properties or [], " ") + tilesets + body + "</map>\n"
    )


def grid(width: int, height: int, fill: int = 1, **tiles: int) -> list[list[int]]:
    """A width×height grid of gids, with some set: grid(4, 3, t2_1=3) puts gid 3 at (2, 1)."""
    rows = [[fill] * width for _ in range(height)]
    for key, gid in tiles.items():
        x, y = map(int, key[1:].split("_"))
        rows[y][x] = gid
    return rows


def two_zones(width: int, height: int, first_id: int = 1) -> str:
    """Red on the first column, blue on the last: the usual deploy layer of a fixture."""
    return objects(
        8,
        "deploy",
        [zone(first_id, "red", 0, 0, 1, height), zone(first_id + 1, "blue", width - 1, 0, 1, height)],
    )


def files() -> dict[str, str | bytes]:
    """Every fixture file: name -> content."""
    out: dict[str, str | bytes] = {
        "terrain.png": png(len(TERRAIN_TILES), COLOURS),
        "terrain.tsx": tsx("terrain", "terrain.png", TERRAIN_TILES, len(TERRAIN_TILES)),
        "plain.png": png(4, COLOURS[:4]),
        # Tile 3 has a collision shape drawn in Tiled's collision editor, and no properties.
        "plain.tsx": tsx("plain", "plain.png", {}, 4).replace(
            "</tileset>",
            ' <tile id="3">\n  <objectgroup draworder="index" id="2">\n'
            '   <object id="1" x="0" y="0" width="4" height="4"/>\n  </objectgroup>\n </tile>\n</tileset>',
        ),
    }
    # ------------------------------------------------------------ GOOD maps
    # terrain_rules: 8×6.  Ground is open (gid 1); the features layer puts one of
    # each terrain; "overlay" lays a bridge over water; "hedges" sets cover=low
    # for its tiles by a layer property; zones of every shape; two combatants.
    ground = grid(8, 6)
    ground[4][4] = 4  # water under the bridge at (4, 4)
    ground[4][5] = 4  # water, no bridge, at (5, 4)
    features = grid(8, 6, 0, t1_1=2, t2_1=3, t3_1=4, t4_1=5, t5_1=6, t6_1=7)
    overlay = grid(8, 6, 0, t4_4=8)
    hedges = grid(8, 6, 0, t2_3=1, t3_3=1)
    out["terrain_rules.tmx"] = tmx(
        8,
        6,
        layer(1, "ground", ground)
        + layer(2, "features", features)
        + layer(3, "overlay", overlay)
        + layer(4, "hedges", hedges, properties=props([("cover", None, "low")], "  "))
        + objects(
            5,
            "deploy",
            [
                zone(1, "red", 0, 0, 1, 6, "west"),
                obj(
                    2,
                    "east",
                    7 * TILE,
                    0,
                    0,
                    0,
                    [("side", None, "blue")],
                    "deploy",
                    f'<polygon points="0,0 {TILE},0 {TILE},{6 * TILE} 0,{6 * TILE}"/>',
                ),
                obj(
                    3, "pond", 5 * TILE, 5 * TILE, 2 * TILE, TILE, [("side", None, "blue")], "", "<ellipse/>"
                ),
                unit(4, "red", "omar", 0, 2, "e"),
                unit(5, "blue", "niles", 7, 2, None),
                obj(6, "marker", 3 * TILE, 5 * TILE, shape="<point/>"),
            ],
        ),
        properties=[("metres_per_tile", "float", "1.5"), ("name", None, "Terrain rules")],
    )
    # foreign: a map made for another game: no game properties, named layers,
    # a hidden collision layer, no deploy zones, unrelated objects.
    out["foreign.tmx"] = tmx(
        10,
        6,
        layer(1, "Ground", grid(10, 6, 1))
        + layer(2, "Walls", grid(10, 6, 0, t4_1=2, t4_2=2, t4_3=2))
        + layer(3, "Decor", grid(10, 6, 0, t6_4=3, t8_4=4))
        + layer(4, "Collision", grid(10, 6, 0, t7_1=4), extra=' visible="0"')
        + objects(5, "Spawns", [obj(1, "chest", 16, 16, shape="<point/>")]),
        tilesets=' <tileset firstgid="1" source="plain.tsx"/>\n',
        properties=[("music", None, "battle.ogg"), ("Metres Per Tile", "float", "3")],
    )
    # scale_base64: metres_per_tile 2, layers in zlib and gzip Base64.
    rows = grid(6, 4, 1, t2_2=2)
    packed = struct.pack(f"<{6 * 4}I", *[g for r in rows for g in r])
    second = struct.pack(f"<{6 * 4}I", *[g for r in grid(6, 4, 0, t3_1=2) for g in r])
    out["scale_base64.tmx"] = tmx(
        6,
        4,
        f' <layer id="1" name="ground" width="6" height="4">\n  <data encoding="base64" compression="zlib">\n'
        f"   {base64.b64encode(zlib.compress(packed)).decode()}\n  </data>\n </layer>\n"
        f' <layer id="2" name="more" width="6" height="4">\n  <data encoding="base64" compression="gzip">\n'
        f"   {base64.b64encode(gzip.compress(second, mtime=0)).decode()}\n  </data>\n </layer>\n"
        + two_zones(6, 4),
        properties=[("metres_per_tile", "float", "2"), ("name", None, "Scale test")],
    )
    # embedded: the tileset lives in the map; a flipped wall tile still blocks.
    embedded = (
        f' <tileset firstgid="1" name="inline" tilewidth="{TILE}" tileheight="{TILE}" tilecount="8" '
        f'columns="8">\n' + tileset_body("inline", "terrain.png", TERRAIN_TILES, 8) + " </tileset>\n"
    )
    flipped_wall = 3 | 0x80000000
    out["embedded.tmx"] = tmx(
        5, 3, layer(1, "ground", grid(5, 3, 1, t2_1=flipped_wall)) + two_zones(5, 3), tilesets=embedded
    )
    # tall: no zones on a tall map: sides deploy north and south.
    out["tall.tmx"] = tmx(3, 10, layer(1, "ground", grid(3, 10, 1, t0_0=3, t1_0=3, t2_0=3)))

    # ------------------------------------------------------------ BAD maps
    plain_body = layer(1, "ground", grid(4, 3)) + two_zones(4, 3)
    for orientation in ("isometric", "staggered", "hexagonal"):
        extra = ' staggeraxis="y" staggerindex="odd"' if orientation != "isometric" else ""
        extra += ' hexsidelength="4"' if orientation == "hexagonal" else ""
        out[f"{orientation}.tmx"] = tmx(4, 3, plain_body, attrs=f'orientation="{orientation}"{extra}')
    out["infinite.tmx"] = tmx(4, 3, plain_body).replace('infinite="0"', 'infinite="1"')
    out["missing_tsx.tmx"] = tmx(4, 3, plain_body, tilesets=' <tileset firstgid="1" source="nowhere.tsx"/>\n')
    out["missing_image.tsx"] = tsx("gone", "absent.png", {}, 4)
    out["missing_image.tmx"] = tmx(
        4, 3, plain_body, tilesets=' <tileset firstgid="1" source="missing_image.tsx"/>\n'
    )
    out["malformed.tmx"] = tmx(4, 3, plain_body)[:-40]
    out["bad_gid.tmx"] = tmx(4, 3, layer(1, "ground", grid(4, 3, 1, t1_2=42)) + two_zones(4, 3))
    for name, items in {
        "bad_cover": [("cover", None, "medium")],
        "bad_move_cost": [("move_cost", None, "fast")],
        "zero_move_cost": [("move_cost", "float", "0")],
        "bad_flag": [("blocks_sight", None, "perhaps")],
        "bad_typed_bool": [("blocks_move", "bool", "maybe")],
    }.items():
        out[f"{name}.tsx"] = tsx(name, "terrain.png", {0: [], 1: items}, 8)
        out[f"{name}.tmx"] = tmx(4, 3, plain_body, tilesets=f' <tileset firstgid="1" source="{name}.tsx"/>\n')
    out["bad_metres.tmx"] = tmx(4, 3, plain_body, properties=[("metres_per_tile", "float", "-1")])
    ground = layer(1, "ground", grid(4, 3, 1, t2_0=3, t2_1=3))  # water at (2, 0) and (2, 1)

    def units(*items: str) -> str:
        return tmx(4, 3, ground + objects(8, "units", list(items)))

    def zones(*items: str) -> str:
        return tmx(4, 3, ground + objects(8, "deploy", list(items)))

    out["bad_facing.tmx"] = units(unit(1, "red", "a", 0, 0, "up"), unit(2, "blue", "b", 3, 0))
    out["zone_blocked.tmx"] = zones(zone(1, "red", 1, 0, 2, 2), zone(2, "blue", 3, 0, 1, 3))
    out["zone_all_blocked.tmx"] = zones(zone(1, "red", 2, 0, 1, 2), zone(2, "blue", 3, 0, 1, 3))
    out["zone_without_side.tmx"] = zones(obj(1, "nobody", 0, 0, TILE, TILE, kind="deploy"))
    out["unit_blocked.tmx"] = units(unit(1, "red", "a", 2, 1), unit(2, "blue", "b", 3, 0))
    out["unit_off_map.tmx"] = units(unit(1, "red", "a", 6, 1), unit(2, "blue", "b", 3, 0))
    out["two_units.tmx"] = units(unit(1, "red", "amy", 1, 1), unit(2, "blue", "bo", 1, 1))
    out["one_side.tmx"] = zones(zone(1, "red", 0, 0, 1, 3))
    no_character = obj(1, "", 8, 8, items=[("side", None, "red")], shape="<point/>")
    out["unit_without_character.tmx"] = units(
        no_character.replace('<object id="1"', '<object id="1" class="unit"')
    )
    out["huge.tmx"] = tmx(2000, 3, "")
    body = tmx(4, 3, plain_body).split("\n", 1)[1]  # without the XML declaration
    out["entities.tmx"] = (
        '<?xml version="1.0"?>\n'
        '<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;">\n]>\n'
        + body.replace('<map version="1.8"', '<map version="1.8" class="&b;"')
    )
    out["external_entity.tmx"] = (
        '<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n'
        + body.replace("</map>", "<!-- &x; -->\n</map>")
    )

    def raw_layer(width: int, height: int, data: str) -> str:
        return f' <layer id="1" name="ground" width="{width}" height="{height}">\n  {data}\n </layer>\n'

    out["xml_format.tmx"] = tmx(2, 1, raw_layer(2, 1, '<data><tile gid="1"/><tile gid="1"/></data>'))
    zstd = "KLUv/SAIQQAAAQAAAAEAAAA="
    out["zstd.tmx"] = tmx(2, 1, raw_layer(2, 1, f'<data encoding="base64" compression="zstd">{zstd}</data>'))
    out["json_tileset.tmx"] = tmx(
        4, 3, plain_body, tilesets=' <tileset firstgid="1" source="terrain.tsj"/>\n'
    )
    out["wrong_size.tmx"] = tmx(4, 3, raw_layer(4, 3, '<data encoding="csv">1,1,1,1,1</data>'))
    # 16 MB of gids squeezed into a few kB: must be refused before it is inflated.
    bomb = base64.b64encode(zlib.compress(b"\x01\x00\x00\x00" * 4_000_000, 9)).decode()
    out["bomb.tmx"] = tmx(4, 3, raw_layer(4, 3, f'<data encoding="base64" compression="zlib">{bomb}</data>'))
    out["not_a_map.tmx"] = out["terrain.tsx"]
    return out


def main() -> int:
    """Write every fixture next to this script."""
    for name, content in files().items():
        path = HERE / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    print(f"wrote {len(files())} files to {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
