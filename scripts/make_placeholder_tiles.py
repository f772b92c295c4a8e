"""Draw the placeholder tileset image for the bundled maps: maps/tilesets/terrain.png.

Flat colours with a simple mark per terrain, so a map is readable in Tiled
until real art replaces it.  Needs nothing but the standard library:

    python scripts/make_placeholder_tiles.py
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

TILE = 32  # pixels per tile side, as maps/tilesets/terrain.tsx says
OUT = Path(__file__).resolve().parent.parent / "maps" / "tilesets" / "terrain.png"

# id: (name, base colour, mark colour, mark) in the order of terrain.tsx
TILES = [
    ("grass", (96, 160, 72), (80, 140, 60), "dots"),
    ("road", (176, 152, 112), (150, 128, 92), "dots"),
    ("scrub", (110, 150, 70), (60, 100, 40), "cross"),
    ("deep water", (40, 90, 170), (70, 120, 200), "waves"),
    ("ford", (90, 140, 190), (120, 170, 210), "waves"),
    ("stone wall", (110, 110, 110), (70, 70, 70), "bricks"),
    ("low wall", (150, 150, 140), (100, 100, 95), "band"),
    ("crates", (150, 100, 50), (90, 60, 30), "box"),
    ("woods", (30, 90, 40), (20, 60, 25), "tree"),
    ("bridge", (140, 100, 60), (100, 70, 40), "planks"),
]


def tile_pixels(base: tuple[int, int, int], mark: tuple[int, int, int], kind: str) -> list[list[tuple]]:
    """One TILE×TILE tile as rows of RGB tuples."""
    rows = []
    for y in range(TILE):
        row = []
        for x in range(TILE):
            on = {
                "dots": x % 8 == 3 and y % 8 == 3,
                "cross": abs(x - y) < 2 or abs(x + y - TILE) < 2,
                "waves": (y + (x // 4) % 2) % 8 == 0,
                "bricks": y % 8 == 0 or (x + (y // 8) * 8) % 16 == 0,
                "band": 10 <= y <= 21,
                "box": x in (2, TILE - 3) or y in (2, TILE - 3) or abs(x - y) < 1,
                "tree": (x - 16) ** 2 + (y - 14) ** 2 < 100 or (14 <= x <= 17 and y > 20),
                "planks": y % 6 == 0,
            }[kind]
            row.append(mark if on else base)
        rows.append(row)
    return rows


def png_bytes(rows: list[list[tuple]]) -> bytes:
    """A minimal RGB PNG of the given rows."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def main() -> int:
    """Write the tileset image."""
    tiles = [tile_pixels(base, mark, kind) for _name, base, mark, kind in TILES]
    rows = [sum((tile[y] for tile in tiles), []) for y in range(TILE)]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(png_bytes(rows))
    print(f"wrote {OUT} ({len(TILES)} tiles of {TILE}×{TILE} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
