"""Generate the bundled battle maps, ``maps/*.tmx``, from the layouts in this file.

Every map is an orthogonal Tiled map of 32 px tiles that uses the one real
tileset, ``maps/tilesets/battlefield.tsx``, through a relative external
reference, with:

* a ``ground`` tile layer (floors: grass, dirt, planks, deck plate …);
* an ``objects`` tile layer (walls, doors, cover, furniture; empty elsewhere);
* an object layer ``deploy`` with one rectangular deploy zone per side
  (objects of type ``deploy`` with a ``side`` property);
* the map properties ``name``, ``metres_per_tile`` and ``description``.

The layouts are ASCII art (the small, story maps) or drawing code seeded with
a fixed number (the large outdoor maps); randomness uses only
``random.Random.random``, whose sequence Python keeps stable, so the output is
byte-for-byte the same on every run.  Edit this script, not the .tmx files,
then regenerate::

    python scripts/make_maps.py                 # write every map into maps/
    python scripts/make_maps.py --check         # exit 1 if a committed map differs
    python scripts/make_maps.py --only duel_ring --out-dir /tmp/maps

The maps open in Tiled (File → Open); hand edits there are fine for
experiments, but the next regeneration overwrites them.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

REPO = Path(__file__).resolve().parent.parent
MAPS_DIR = Path("maps")
TSX_PATH = MAPS_DIR / "tilesets" / "battlefield.tsx"
TILESET_SOURCE = "tilesets/battlefield.tsx"  # relative to the .tmx files in maps/
TILE_PIXELS = 32  # pixels per tile side, as the tileset says
FIRST_GID = 1  # gid of the tileset's tile 0 in every map
FORMAT_VERSION = "1.8"  # the .tmx format written (opens in Tiled 1.8 and later)
TILED_VERSION = "1.8.2"

TILES: dict[str, tuple[int, str]] = {
    "grass": (0, "grass"),
    "grass_b": (1, "grass"),
    "dirt": (2, "dirt"),
    "mud": (3, "mud"),
    "rubble": (4, "rubble"),
    "sand": (5, "sand"),
    "shallow_water": (6, "shallow water"),
    "deep_water": (7, "deep water"),
    "wood_floor": (8, "wood floor"),
    "flagstones": (9, "flagstones"),
    "metal_deck": (10, "metal deck"),
    "metal_deck_b": (11, "metal deck"),
    "grating": (12, "grating"),
    "ring_rope_h": (13, "ring rope"),
    "ring_rope_v": (14, "ring rope"),
    "ring_post": (15, "ring post"),
    "crates": (16, "crates"),
    "cargo": (17, "crates"),
    "barrels": (18, "barrels"),
    "sandbags": (19, "sandbags"),
    "low_wall": (20, "low wall"),
    "hedge": (21, "hedge"),
    "table": (22, "table"),
    "console": (23, "console"),
    "stone_wall": (24, "stone wall"),
    "timber_wall": (25, "timber wall"),
    "bulkhead": (26, "bulkhead"),
    "pillar": (27, "pillar"),
    "strut": (28, "pillar"),
    "boulder": (29, "boulder"),
    "tree": (30, "tree"),
    "machinery": (31, "machinery"),
    "door_open_h": (32, "open door"),
    "door_closed_h": (33, "closed door"),
    "door_open_v": (34, "open door"),
    "door_closed_v": (35, "closed door"),
    "hatch_open_h": (36, "open door"),
    "hatch_closed_h": (37, "closed door"),
    "hatch_open_v": (38, "open door"),
    "hatch_closed_v": (39, "closed door"),
}
"""Tile name → (tile id in battlefield.tsx, its `terrain` property); checked against the .tsx."""


# ------------------------------------------------------------------ the tileset
def tileset_blocks_move(tsx: Path = REPO / TSX_PATH) -> dict[int, bool]:
    """Tile id → blocks_move, read from the tileset; fails if TILES disagrees with it."""
    root = ElementTree.parse(tsx).getroot()
    blocks: dict[int, bool] = {}
    terrains: dict[int, str] = {}
    for tile in root.iter("tile"):
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        ident = int(tile.get("id", "-1"))
        blocks[ident] = props.get("blocks_move") == "true"
        terrains[ident] = str(props.get("terrain"))
    for name, (ident, terrain) in TILES.items():
        if terrains.get(ident) != terrain:
            raise SystemExit(f"{tsx}: tile {ident} is {terrains.get(ident)!r}, make_maps.py expects {name!r}")
    return blocks


# ------------------------------------------------------------------ drawing
@dataclass
class Zone:
    """A rectangular deploy zone in tiles (inclusive corners)."""

    side: str
    name: str
    x0: int
    y0: int
    x1: int
    y1: int

    def tiles(self) -> Iterable[tuple[int, int]]:
        """Every tile of the zone."""
        for y in range(self.y0, self.y1 + 1):
            for x in range(self.x0, self.x1 + 1):
                yield x, y


@dataclass
class Canvas:
    """Two tile layers being drawn: `ground` (always set) and `objects` (None = empty)."""

    width: int
    height: int
    base: str
    ground: list[list[str]] = field(init=False)
    objects: list[list[str | None]] = field(init=False)

    def __post_init__(self) -> None:
        self.ground = [[self.base] * self.width for _ in range(self.height)]
        self.objects = [[None] * self.width for _ in range(self.height)]

    def inside(self, x: int, y: int) -> bool:
        """Whether (x, y) is on the map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def floor(self, x0: int, y0: int, x1: int, y1: int, tile: str) -> None:
        """Carve a rectangle (inclusive): set its ground, clear its objects."""
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.ground[y][x] = tile
                self.objects[y][x] = None

    def paint(self, x0: int, y0: int, x1: int, y1: int, tile: str) -> None:
        """Set the ground of a rectangle, leaving its objects."""
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.ground[y][x] = tile

    def fill(self, x0: int, y0: int, x1: int, y1: int, tile: str | None) -> None:
        """Set the objects of a rectangle (None clears them)."""
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.objects[y][x] = tile

    def put(self, x: int, y: int, tile: str | None) -> None:
        """Set one object tile (ignored off the map)."""
        if self.inside(x, y):
            self.objects[y][x] = tile

    def put_all(self, tiles: Iterable[tuple[int, int]], tile: str | None) -> None:
        """Set several object tiles."""
        for x, y in tiles:
            self.put(x, y, tile)

    def outline(self, x0: int, y0: int, x1: int, y1: int, tile: str) -> None:
        """Objects along the border of a rectangle (a room's walls)."""
        for x in range(x0, x1 + 1):
            self.put(x, y0, tile)
            self.put(x, y1, tile)
        for y in range(y0, y1 + 1):
            self.put(x0, y, tile)
            self.put(x1, y, tile)

    def ascii(
        self, rows: list[str], legend: dict[str, tuple[str, str | None]], x0: int = 0, y0: int = 0
    ) -> None:
        """Draw ASCII art: each character is (ground, object or None) by the legend."""
        for dy, row in enumerate(rows):
            for dx, char in enumerate(row):
                ground, obj = legend[char]
                self.ground[y0 + dy][x0 + dx] = ground
                self.objects[y0 + dy][x0 + dx] = obj

    def vary(self, tile: str, other: str, rng: random.Random, share: float, scale: float = 5.0) -> None:
        """Swap `tile` for its variant `other` in soft patches (`share` of the ground, roughly)."""
        noise = value_noise(self.width, self.height, scale, rng)
        for y in range(self.height):
            for x in range(self.width):
                if self.ground[y][x] == tile and noise[y][x] < share:
                    self.ground[y][x] = other


def value_noise(width: int, height: int, scale: float, rng: random.Random) -> list[list[float]]:
    """Smooth noise in [0, 1): random values on a coarse lattice, interpolated (smoothstep)."""
    cols, rows = int(width / scale) + 2, int(height / scale) + 2
    lattice = [[rng.random() for _ in range(cols)] for _ in range(rows)]
    out = []
    for y in range(height):
        fy = y / scale
        j = int(fy)
        ty = (fy - j) ** 2 * (3 - 2 * (fy - j))
        line = []
        for x in range(width):
            fx = x / scale
            i = int(fx)
            tx = (fx - i) ** 2 * (3 - 2 * (fx - i))
            top = lattice[j][i] * (1 - tx) + lattice[j][i + 1] * tx
            bottom = lattice[j + 1][i] * (1 - tx) + lattice[j + 1][i + 1] * tx
            line.append(top * (1 - ty) + bottom * ty)
        out.append(line)
    return out


def pick(rng: random.Random, n: int) -> int:
    """A whole number in 0 … n-1 from `random()` only (stable across Python versions)."""
    return min(n - 1, int(rng.random() * n))


@dataclass
class Layout:
    """A finished map: its layers, zones and properties."""

    stem: str
    title: str
    metres_per_tile: float
    description: str
    canvas: Canvas
    zones: list[Zone]
    sight_limit: float | None = None  # metres: night over the whole map (docs/maps.md, darkness)
    dark: frozenset[tuple[int, int]] = frozenset()  # tiles of a darkness layer ("undergrowth")
    dark_limit: float = 3.0  # metres within which a tile of `dark` is seen


# ------------------------------------------------------------------ the maps
def open_ground() -> Layout:
    """48×32 at 2 m: grass with scattered low cover, a track, a pond and two copses.

    Teaches range bands (90 m between the deploy zones: short, medium and long
    range of most weapons), Evade (you must move the metres; mud and the ford
    cost double) and Sprint out of range.
    """
    rng = random.Random(4801)
    c = Canvas(48, 32, "grass")
    c.vary("grass", "grass_b", rng, 0.38, scale=6.0)
    # A dirt track winding from west to east.
    for x in range(48):
        y = round(16 + 3.2 * math.sin(x / 7.5) + 1.2 * math.sin(x / 3.1))
        c.paint(x, y, x, y + 1, "dirt")
    # A pond in the north-east, with shallows and mud around deep water, and a muddy patch south.
    for y in range(3, 11):
        for x in range(27, 37):
            d = math.hypot((x - 31.5) / 4.6, (y - 6.5) / 3.4)
            if d < 0.62:
                c.paint(x, y, x, y, "deep_water")
            elif d < 0.9:
                c.paint(x, y, x, y, "shallow_water")
            elif d < 1.12:
                c.paint(x, y, x, y, "mud")
    wobble = value_noise(48, 32, 2.0, rng)
    for y in range(23, 30):
        for x in range(15, 25):
            if math.hypot((x - 19.5) / 4.2, (y - 26) / 2.6) + 0.5 * wobble[y][x] < 1.05:
                c.paint(x, y, x, y, "mud")
    # Copses: trees (high cover, block sight) on the north-west and south-east.
    c.put_all([(12, 3), (13, 3), (12, 4), (14, 4), (13, 5), (11, 5)], "tree")
    c.put_all([(35, 25), (36, 25), (34, 26), (36, 27), (35, 27), (37, 26)], "tree")
    # Hedgerows (low cover you can push through at double cost).
    c.put_all([(x, 9) for x in range(6, 12)], "hedge")
    c.put_all([(x, 23) for x in range(27, 33)], "hedge")
    c.put_all([(22, y) for y in range(4, 8)], "hedge")
    c.put_all([(25, y) for y in range(20, 25)], "hedge")
    # Boulders (high cover) and low cover: crates, barrels, sandbags, a broken low wall.
    c.put_all([(18, 12), (19, 12), (30, 14), (9, 26), (40, 8), (21, 29)], "boulder")
    c.put_all([(8, 14), (9, 14), (8, 15)], "crates")
    c.put_all([(38, 17), (39, 17), (39, 18)], "crates")
    c.put_all([(15, 19), (16, 19)], "barrels")
    c.put_all([(32, 12), (33, 12)], "barrels")
    c.put_all([(x, 20) for x in range(10, 14)], "sandbags")
    c.put_all([(x, 11) for x in range(35, 39)], "sandbags")
    c.put_all([(23, 15), (24, 15), (26, 15), (27, 15)], "low_wall")
    c.put_all([(42, 27), (43, 27), (44, 27)], "low_wall")
    c.put_all([(5, 4), (6, 4)], "crates")
    c.put_all([(28, 28), (29, 28)], "sandbags")
    c.put_all([(33, 20), (20, 3)], "crates")
    c.put_all([(x, 29) for x in range(4, 8)], "hedge")
    zones = [Zone("west", "West edge", 0, 6, 2, 25), Zone("east", "East edge", 45, 6, 47, 25)]
    return Layout(
        "open_ground",
        "Open Ground",
        2.0,
        "Grass with scattered low cover, two copses and a pond: range bands, Evade in metres, "
        "Sprint out of range.",
        c,
        zones,
    )


def ruined_town() -> Layout:
    """60×60 at 1.5 m: rubble-strewn streets, shells of stone houses, yards with low walls.

    Teaches cover (low walls −2, stone walls −8 and hidden), line of sight
    (broken walls block it, breaches open it) and flanking.
    """
    rng = random.Random(6006)
    c = Canvas(60, 60, "grass")
    c.vary("grass", "grass_b", rng, 0.4, scale=5.0)
    streets = [(17, 19), (38, 40)]
    # The ring road around the town and the two streets each way.
    c.paint(0, 0, 59, 2, "dirt")
    c.paint(0, 57, 59, 59, "dirt")
    c.paint(0, 0, 2, 59, "dirt")
    c.paint(57, 0, 59, 59, "dirt")
    for a, b in streets:
        c.paint(a, 0, b, 59, "dirt")
        c.paint(0, a, 59, b, "dirt")
    # Rubble scattered in the streets (difficult ground).
    for y in range(60):
        for x in range(60):
            if c.ground[y][x] == "dirt" and rng.random() < 0.07 and 3 <= y <= 56:
                c.ground[y][x] = "rubble"
    # Barricades and wreckage in the streets: low cover for whoever crosses them.
    c.put_all([(x, 28) for x in (17, 18)] + [(39, 30), (40, 30)], "sandbags")
    c.put_all([(28, 17), (29, 18), (47, 39), (48, 39), (10, 38), (11, 40)], "barrels")
    c.put_all([(38, 9), (39, 9), (18, 48), (19, 49), (25, 40), (52, 18), (53, 18)], "crates")
    c.put_all([(x, 19) for x in (6, 7, 8)] + [(x, 38) for x in (31, 32, 33)], "low_wall")
    c.put_all([(1, 8), (58, 22), (1, 45), (58, 50), (0, 30), (59, 12)], "tree")
    blocks = [(3, 16), (20, 37), (41, 56)]
    for bi, (bx0, bx1) in enumerate(blocks):
        for bj, (by0, by1) in enumerate(blocks):
            if (bi, bj) == (1, 1):
                _town_square(c, rng, bx0, by0, bx1, by1)
            else:
                _town_block(c, rng, bx0, by0, bx1, by1, flip=(bi + 2 * bj) % 3 == 1)
    zones = [Zone("north", "North road", 4, 0, 55, 1), Zone("south", "South road", 4, 58, 55, 59)]
    for zone in zones:
        for x, y in zone.tiles():
            c.ground[y][x] = "dirt"
            c.objects[y][x] = None
    return Layout(
        "ruined_town",
        "Ruined Town",
        1.5,
        "Rubble streets between broken stone houses and walled yards: cover, line of sight, flanking.",
        c,
        zones,
    )


def _ruined_wall(c: Canvas, rng: random.Random, cells: list[tuple[int, int]], door: str) -> None:
    """A house wall along `cells`: mostly stone, with breaches (rubble), stubs (low wall) and a door."""
    door_at = len(cells) // 2 + pick(rng, 3) - 1
    for i, (x, y) in enumerate(cells):
        if i == door_at:
            c.put(x, y, door)
            c.ground[y][x] = "flagstones"
            continue
        roll = rng.random()
        if roll < 0.16:
            c.put(x, y, None)
            c.ground[y][x] = "rubble"
        elif roll < 0.32:
            c.put(x, y, "low_wall")
        else:
            c.put(x, y, "stone_wall")


def _house(c: Canvas, rng: random.Random, x0: int, y0: int, x1: int, y1: int) -> None:
    """A ruined stone house: flagstone floor, broken walls with doors, rubble heaps and a pillar."""
    c.floor(x0, y0, x1, y1, "flagstones")
    top = [(x, y0) for x in range(x0, x1 + 1)]
    bottom = [(x, y1) for x in range(x0, x1 + 1)]
    left = [(x0, y) for y in range(y0 + 1, y1)]
    right = [(x1, y) for y in range(y0 + 1, y1)]
    _ruined_wall(c, rng, top, "door_open_h")
    _ruined_wall(c, rng, bottom, "door_open_h")
    _ruined_wall(c, rng, left, "door_open_v")
    _ruined_wall(c, rng, right, "door_open_v")
    for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        c.put(*corner, "stone_wall")
    # One corner has fallen in: a heap of rubble where the walls were.
    fallen_x = x0 if rng.random() < 0.5 else x1
    fallen_y = y0 if rng.random() < 0.5 else y1
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            if math.hypot(x - fallen_x, y - fallen_y) < 2.3:
                c.put(x, y, None)
                c.ground[y][x] = "rubble"
    # Rubble heaps inside, and a surviving pillar in bigger houses.
    for _ in range((x1 - x0) * (y1 - y0) // 12):
        x = x0 + 1 + pick(rng, x1 - x0 - 1)
        y = y0 + 1 + pick(rng, y1 - y0 - 1)
        c.ground[y][x] = "rubble"
    if x1 - x0 >= 7 and y1 - y0 >= 6:
        c.put((x0 + x1) // 2, (y0 + y1) // 2, "pillar")


def _yard(c: Canvas, rng: random.Random, x0: int, y0: int, x1: int, y1: int) -> None:
    """A yard: grass behind a broken low wall, a hedge and a tree or crates."""
    for x in range(x0, x1 + 1):
        for y in (y0, y1):
            if rng.random() < 0.8:
                c.put(x, y, "low_wall")
    for y in range(y0 + 1, y1):
        for x in (x0, x1):
            if rng.random() < 0.8:
                c.put(x, y, "low_wall")
    gate_x = (x0 + x1) // 2
    c.put(gate_x, y0, None)
    c.put(gate_x, y1, None)
    if x1 - x0 >= 6:
        hy = y0 + (y1 - y0) // 2
        c.put_all([(x, hy) for x in range(x0 + 2, x0 + 2 + (x1 - x0) // 2)], "hedge")
    c.put(x1 - 2, y0 + 2, "tree" if rng.random() < 0.6 else "crates")


def _town_block(c: Canvas, rng: random.Random, x0: int, y0: int, x1: int, y1: int, flip: bool) -> None:
    """One block of the town: two houses and a yard, with a strip of grass around."""
    w, h = x1 - x0 + 1, y1 - y0 + 1
    if w >= h:  # wide block: a house and a yard side by side on one half, a long house on the other
        split = x0 + w // 2 + (1 if flip else -1)
        if flip:
            _house(c, rng, x0 + 1, y0 + 1, split - 1, y0 + h // 2)
            _yard(c, rng, x0 + 1, y0 + h // 2 + 2, split - 1, y1 - 1)
            _house(c, rng, split + 1, y0 + 3, x1 - 1, y1 - 1)
        else:
            _yard(c, rng, x0 + 1, y0 + 1, split - 1, y0 + h // 2 - 1)
            _house(c, rng, x0 + 1, y0 + h // 2 + 1, split - 1, y1 - 1)
            _house(c, rng, split + 1, y0 + 1, x1 - 1, y1 - 3)
    else:  # tall block: two houses, one above the other, and a yard between them
        top, bottom = y0 + h // 3, y1 - h // 3
        if flip:
            _house(c, rng, x0 + 1, y0 + 1, x1 - 3, top)
            _yard(c, rng, x0 + 1, top + 2, x1 - 1, bottom - 2)
            _house(c, rng, x0 + 3, bottom, x1 - 1, y1 - 1)
        else:
            _house(c, rng, x0 + 3, y0 + 1, x1 - 1, top)
            _yard(c, rng, x0 + 1, top + 2, x1 - 1, bottom - 2)
            _house(c, rng, x0 + 1, bottom, x1 - 3, y1 - 1)


def _town_square(c: Canvas, rng: random.Random, x0: int, y0: int, x1: int, y1: int) -> None:
    """The square: flagstones, a ruined chapel with two rows of pillars, a well and a market stall."""
    c.floor(x0, y0, x1, y1, "flagstones")
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            if rng.random() < 0.06:
                c.ground[y][x] = "rubble"
    # The chapel: walls on three sides, open to the square on the south (a collapsed front).
    cx0, cy0, cx1, cy1 = x0 + 3, y0 + 1, x1 - 3, y0 + 9
    c.floor(cx0 + 1, cy0 + 1, cx1 - 1, cy1 - 1, "flagstones")
    for x in range(cx0, cx1 + 1):
        c.put(x, cy0, "stone_wall")
    for y in range(cy0, cy1 + 1):
        c.put(cx0, y, "stone_wall")
        c.put(cx1, y, "stone_wall")
    c.put(cx0, cy0 + 4, "door_open_v")
    c.put(cx1, cy0 + 5, None)
    c.ground[cy0 + 5][cx1] = "rubble"
    for x in range(cx0, cx1 + 1):
        if x in (cx0, cx1) or rng.random() < 0.45:
            c.put(x, cy1, "low_wall")
    for px in (cx0 + 3, cx1 - 3):
        for py in (cy0 + 3, cy0 + 6):
            c.put(px, py, "pillar")
    # The well: deep water ringed by a low wall.
    wx, wy = (x0 + x1) // 2, y0 + 13
    c.fill(wx - 1, wy - 1, wx + 1, wy + 1, "low_wall")
    c.put(wx, wy, None)
    c.ground[wy][wx] = "deep_water"
    # A market stall of crates and barrels, and sandbags thrown up across the square.
    c.put_all([(x0 + 2, y1 - 2), (x0 + 3, y1 - 2), (x0 + 2, y1 - 3)], "crates")
    c.put_all([(x1 - 2, y1 - 3), (x1 - 3, y1 - 3)], "barrels")
    c.put_all([(x, y1 - 1) for x in range(wx - 2, wx + 3)], "sandbags")


def corridors() -> Layout:
    """32×24 at 1 m: a stone keep of rooms, a two-wide hall corridor, one-wide passages, doors.

    Teaches melee: facing (who turns to whom in a narrow place), Retreat down
    a corridor, and reach weapons (a spear strikes two tiles down a passage).
    """
    c = Canvas(32, 24, "flagstones")
    c.fill(0, 0, 31, 23, "stone_wall")
    # Four rooms on the north side, the main corridor under them.
    for x0, x1 in ((1, 6), (8, 14), (16, 22), (24, 30)):
        c.floor(x0, 1, x1, 5, "wood_floor")
    c.paint(16, 1, 22, 5, "flagstones")  # the chapel keeps its stone floor
    c.floor(1, 7, 30, 8, "flagstones")
    c.put_all([(3, 6), (11, 6), (27, 6)], "door_open_h")
    c.put(19, 6, "door_closed_h")
    c.put(7, 3, "door_open_v")
    c.put(23, 3, "door_open_v")
    # Guardroom (north-west), store, chapel, kitchen.
    c.put_all([(2, 1), (3, 1), (5, 1)], "table")
    c.put_all([(9, 1), (9, 2), (13, 1), (13, 5), (12, 5)], "crates")
    c.put_all([(18, 2), (20, 2), (18, 4), (20, 4)], "pillar")
    c.put_all([(25, 1), (29, 1), (30, 1), (30, 5)], "barrels")
    c.put_all([(26, 3), (27, 3), (28, 3)], "table")
    # West passage (one tile wide) with the cells and the storeroom off it.
    c.floor(1, 9, 1, 22, "flagstones")
    c.floor(3, 10, 8, 15, "dirt")
    c.floor(3, 17, 8, 22, "dirt")
    c.put(2, 12, "door_open_v")
    c.put(2, 20, "door_open_v")
    c.put(5, 16, "door_closed_h")
    c.put_all([(3, 10), (3, 11), (8, 10)], "barrels")
    c.put_all([(5, 13), (6, 13)], "table")
    c.put_all([(3, 21), (3, 22), (4, 22), (8, 22), (8, 21), (7, 22)], "crates")
    c.put_all([(8, 17), (7, 17)], "barrels")
    # The pillared hall, open to the main corridor through a wide arch.
    c.floor(10, 10, 21, 21, "flagstones")
    c.floor(13, 9, 18, 9, "flagstones")
    c.put(9, 13, "door_open_v")
    for px in (12, 19):
        for py in (12, 15, 18):
            c.put(px, py, "pillar")
    c.put_all([(15, 20), (16, 20)], "table")
    # East: barracks and armoury, a one-wide passage outside them.
    c.floor(23, 10, 28, 15, "wood_floor")
    c.floor(23, 17, 28, 22, "dirt")
    c.floor(30, 9, 30, 22, "flagstones")
    c.put(22, 12, "door_open_v")
    c.put(22, 19, "door_open_v")
    c.put(29, 12, "door_open_v")
    c.put(29, 20, "door_closed_v")
    c.put(25, 16, "door_open_h")
    c.put_all([(23, 10), (25, 10), (27, 10)], "table")
    c.put_all([(28, 17), (28, 18), (27, 22), (28, 22), (23, 22)], "crates")
    c.put_all([(23, 17), (24, 17)], "barrels")
    zones = [Zone("west", "Guardroom", 1, 2, 6, 5), Zone("east", "Barracks", 23, 12, 28, 15)]
    return Layout(
        "corridors",
        "The Keep Corridors",
        1.0,
        "Stone rooms, a two-wide corridor, one-wide passages and doors: melee, facing, Retreat, "
        "reach weapons.",
        c,
        zones,
    )


def cruiser_deck() -> Layout:
    """50×30 at 1 m: the alien cruiser Alex and her companions capture (CO.07 Ex. 2–3).

    Cargo hold at the stern (west), a central passage, the research lab and
    reactor to the north, quarters and armoury to the south, the bridge in the
    tapering bow (east).  Long sight lines down the passage for Beam weapons;
    consoles and cargo are low cover, machinery and struts high.
    """
    rng = random.Random(5030)
    c = Canvas(50, 30, "metal_deck")
    c.fill(0, 0, 49, 29, "bulkhead")
    # Cargo hold (grating floor) with clusters of cargo; the airlock on the west hull.
    c.floor(2, 4, 13, 25, "grating")
    c.put_all([(1, 14), (1, 15)], "hatch_closed_v")
    for cx, cy in ((6, 5), (10, 5), (7, 10), (11, 12), (6, 18), (10, 19), (7, 23), (11, 24)):
        c.put_all([(cx, cy), (cx + 1, cy)], "cargo")
        if rng.random() < 0.6:
            c.put(cx, cy + 1, "cargo")
    c.put_all([(2, 4), (3, 4), (2, 25), (3, 25)], "machinery")
    # Central passage, two wide, from the hold to the bridge.
    c.floor(15, 14, 37, 15, "metal_deck_b")
    c.put_all([(14, 14), (14, 15)], "hatch_open_v")
    c.put_all([(38, 14), (38, 15)], "hatch_open_v")
    # Research lab (north-west of the passage): benches (consoles) and specimen tanks (machinery).
    c.floor(16, 3, 27, 12, "metal_deck")
    c.put(21, 13, "hatch_open_h")
    c.put_all([(x, 3) for x in range(17, 27, 2)], "console")
    c.put_all([(18, 7), (19, 7), (23, 7), (24, 7)], "console")
    c.put_all([(16, 10), (16, 11), (27, 10), (27, 11)], "machinery")
    c.put_all([(21, 9), (22, 9)], "strut")
    # Reactor room (north-east): machinery blocks on grating.
    c.floor(29, 3, 37, 12, "grating")
    c.put(33, 13, "hatch_open_h")
    c.put(28, 6, "hatch_closed_v")
    c.fill(31, 5, 32, 6, "machinery")
    c.fill(34, 5, 35, 6, "machinery")
    c.fill(31, 9, 32, 10, "machinery")
    c.fill(34, 9, 35, 10, "machinery")
    c.put_all([(30, 3), (36, 3)], "console")
    # Crew quarters (south-west): lockers (cargo) and consoles; armoury (south-east).
    c.floor(16, 17, 27, 26, "metal_deck_b")
    c.put(21, 16, "hatch_open_h")
    c.put_all([(16, 18), (16, 19), (16, 22), (16, 23)], "cargo")
    c.put_all([(27, 18), (27, 19), (27, 22), (27, 23)], "cargo")
    c.put_all([(20, 21), (21, 21), (22, 21), (23, 21)], "console")
    c.put_all([(19, 26), (24, 26)], "strut")
    c.floor(29, 17, 37, 26, "metal_deck")
    c.put(33, 16, "hatch_open_h")
    c.put(28, 23, "hatch_open_v")
    c.put_all([(30, 19), (30, 20), (30, 23), (30, 24), (36, 19), (36, 20), (36, 23), (36, 24)], "cargo")
    c.put_all([(33, 21), (33, 22)], "strut")
    # The bridge in the bow: the room narrows toward the nose; consoles in two arcs.
    for x in range(39, 49):
        half = 10 if x < 43 else 10 - (x - 42) * 2
        if half > 0:
            c.floor(x, 15 - half, x, 14 + half, "metal_deck")
    c.put_all([(41, 7), (41, 22)], "strut")
    c.put_all([(44, 10), (45, 11), (45, 12), (44, 17), (45, 17), (45, 18)], "console")
    c.put_all([(47, 13), (47, 16)], "console")
    c.put_all([(40, 9), (40, 20)], "machinery")
    zones = [Zone("boarders", "Cargo hold", 2, 13, 4, 17), Zone("crew", "Bridge", 41, 11, 43, 18)]
    return Layout(
        "cruiser_deck",
        "The Alien Cruiser",
        1.0,
        "The captured alien cruiser: cargo hold, lab, reactor, quarters, armoury and bridge: "
        "Beam weapons down long passages.",
        c,
        zones,
    )


def research_lab() -> Layout:
    """28×20 at 1 m: the aliens' research lab and its remote-controlled sentry laser (CO.15).

    An airlock on the west, lab benches (low cover) and specimen tanks (high
    cover) down the middle, the sentry's platform behind cargo on the east.
    Teaches Evade: standing still Evades nothing.
    """
    c = Canvas(28, 20, "metal_deck")
    c.fill(0, 0, 27, 19, "bulkhead")
    c.floor(1, 7, 3, 12, "grating")
    c.put_all([(4, 9), (4, 10)], "hatch_open_v")
    c.floor(5, 1, 26, 18, "metal_deck_b")
    c.floor(5, 8, 21, 11, "grating")
    for x0 in (8, 15):
        c.put_all([(x, 4) for x in range(x0, x0 + 4)], "console")
        c.put_all([(x, 15) for x in range(x0, x0 + 4)], "console")
    c.fill(12, 6, 13, 6, "machinery")
    c.fill(12, 13, 13, 13, "machinery")
    c.put_all([(9, 7), (18, 12)], "machinery")
    c.put_all([(5, 1), (6, 1), (26, 1), (26, 18), (5, 18), (6, 18)], "cargo")
    c.put_all([(x, 1) for x in range(10, 22, 3)], "console")
    c.put_all([(22, 7), (22, 12)], "cargo")
    c.put_all([(22, 8), (22, 11)], "strut")
    c.floor(23, 8, 25, 11, "grating")
    zones = [Zone("intruders", "Airlock", 1, 7, 3, 12), Zone("defences", "Sentry platform", 23, 8, 25, 11)]
    return Layout(
        "research_lab",
        "The Research Lab",
        1.0,
        "The aliens' research lab, watched by a sentry laser: Evade, and cover behind the tanks.",
        c,
        zones,
    )


def duel_ring() -> Layout:
    """20×20 at 1 m: a 12×12 sand ring inside a rope (duck through at double cost).

    Teaches Feint, Disarm and retrieving a dropped weapon: a Disarmed weapon
    lands 1–3 tiles away, maybe outside the ropes.
    """
    c = Canvas(20, 20, "grass")
    c.vary("grass", "grass_b", random.Random(2020), 0.45, scale=4.0)
    c.paint(2, 2, 17, 17, "dirt")
    c.paint(4, 4, 15, 15, "sand")
    c.put_all([(x, y) for x in range(4, 16) for y in (3, 16)], "ring_rope_h")
    c.put_all([(x, y) for x in (3, 16) for y in range(4, 16)], "ring_rope_v")
    c.put_all([(3, 3), (16, 3), (3, 16), (16, 16)], "ring_post")
    c.put_all([(8, 18), (9, 18), (10, 18), (11, 18)], "table")
    c.put_all([(0, 0), (19, 0), (0, 19), (19, 19)], "tree")
    c.put_all([(1, 17), (18, 1), (18, 2)], "barrels")
    c.put_all([(1, 1), (2, 0)], "crates")
    c.put_all([(x, 0) for x in range(6, 14)], "hedge")
    zones = [Zone("red", "Red corner", 4, 4, 6, 6), Zone("blue", "Blue corner", 13, 13, 15, 15)]
    return Layout(
        "duel_ring",
        "The Duel Ring",
        1.0,
        "A roped sand ring: Feint, Disarm and the scramble for a dropped weapon.",
        c,
        zones,
    )


PUB_ROWS = [
    "########################",
    "#ss........bb.b.b#cc..c#",
    "#...............b#.....#",
    "#..........===.==#....b#",
    "#................#.....#",
    "#..tt....tt......|.....#",
    "#................#..c..#",
    "#................#bb...#",
    "#................#.....#",
    "#..tt....tt....t.#c...c#",
    "#................#.....#",
    "#................#cc.bb#",
    "#..t.....tt......#.....#",
    "#................#.....#",
    "#######-############d###",
    ",,,,,,,,,,,,,,,,,,,,,B,,",
    ",,,,,,,,,,,,,,,,,,,,,,,,",
    ",,,,,,,,,,,,,,,,,,,,,,,,",
    "gg,,,,,,,,,,,,,,,,,,,,gg",
    "gghhhhgg,,,,,,,,gghhhhgg",
]
PUB_LEGEND: dict[str, tuple[str, str | None]] = {
    "#": ("wood_floor", "timber_wall"),
    ".": ("wood_floor", None),
    "t": ("wood_floor", "table"),
    "=": ("wood_floor", "table"),
    "b": ("wood_floor", "barrels"),
    "c": ("wood_floor", "crates"),
    "s": ("wood_floor", "stone_wall"),
    "|": ("wood_floor", "door_open_v"),
    "-": ("wood_floor", "door_open_h"),
    "d": ("wood_floor", "door_closed_h"),
    ",": ("dirt", None),
    "B": ("dirt", "barrels"),
    "g": ("grass", None),
    "h": ("grass", "hedge"),
}
"""The pub: `#` timber wall, `=` the bar counter (table tiles), `s` the fireplace, `|` `-` open doors,
`d` the storeroom's shut back door, `,` the street."""


def the_pub() -> Layout:
    """24×20 at 1 m: the pub where Omar and Serena corner Niles the assassin (CO.05–CO.18).

    A taproom of tables with the bar counter across its north side and a
    fireplace, a storeroom behind a door (its back door shut), the street in
    front.  Teaches close-quarters melee among tables (low cover, blocking).
    """
    c = Canvas(24, 20, "wood_floor")
    c.ascii(PUB_ROWS, PUB_LEGEND)
    zones = [Zone("hunters", "Street door", 4, 15, 11, 16), Zone("assassin", "Fireside", 3, 1, 8, 2)]
    return Layout(
        "the_pub",
        "The Pub",
        1.0,
        "The pub where Omar and Serena corner Niles the assassin: tables, a bar counter, a storeroom.",
        c,
        zones,
    )


YARD_ROWS = [
    "hhhhhhhhhhhhhhhhhh",
    "h,,,,,,,,,,,,,,,,h",
    "h,,..........cc,,h",
    "h,,..........,,,,h",
    "h,,...P....P.....h",
    "h,,..............h",
    "h,,....www.......h",
    "-,,..............-",
    "h,,..............h",
    "h,,...P....P.....h",
    "h,,,.............h",
    "h,bb.......,,,,,,h",
    "h,,,,,,,,,,,,,,,,h",
    "hhhhhhhhhhhhhhhhhh",
]
YARD_LEGEND: dict[str, tuple[str, str | None]] = {
    "h": ("grass", "hedge"),
    ",": ("dirt", None),
    ".": ("sand", None),
    "P": ("sand", "pillar"),
    "w": ("sand", "low_wall"),
    "c": ("dirt", "crates"),
    "b": ("dirt", "barrels"),
    "-": ("dirt", "door_open_v"),
}
"""The training yard: `h` the hedge around it, `.` the sand of the drill ground, `P` training
posts, `w` a low wall, `c` `b` crates and barrels, `-` gates."""


def training_yard() -> Layout:
    """18×14 at 1 m: a small drill yard for the first tutorial (move, face, attack, defend).

    Open sand with four training posts and a stretch of low wall; close enough that a
    recruit reaches the sparring partner in a round or two.
    """
    c = Canvas(18, 14, "sand")
    c.ascii(YARD_ROWS, YARD_LEGEND)
    zones = [Zone("west", "Recruits", 3, 5, 4, 8), Zone("east", "Sparring partner", 14, 5, 15, 8)]
    return Layout(
        "training_yard",
        "The Training Yard",
        1.0,
        "A drill yard with training posts and a low wall: the first tutorial's ground.",
        c,
        zones,
    )


# ------------------------------------------------------------------ fog of war (issue 55)
def night_keep() -> Layout:
    """The keep's corridors at night (sight 6 m): the garrison waits in the pillared hall."""
    keep = corridors()
    zones = [Zone("west", "Guardroom", 1, 2, 6, 5), Zone("east", "Pillared hall", 13, 13, 18, 17)]
    return replace(
        keep,
        stem="night_keep",
        title="The Keep at Night",
        description="The keep's corridors by night: nothing is seen from farther than 6 m. Fog of war.",
        zones=zones,
        sight_limit=6.0,
    )


def woods() -> Layout:
    """40×28 at 1 m: woods, thickets (low cover) and patches of dark undergrowth (seen from 3 m)."""
    rng = random.Random(5501)
    c = Canvas(40, 28, "grass")
    c.vary("grass", "grass_b", rng, 0.4, scale=5.0)
    c.vary("grass", "dirt", rng, 0.08, scale=3.0)
    shade = value_noise(40, 28, 6.0, rng)
    dark = frozenset((x, y) for y in range(28) for x in range(40) if shade[y][x] > 0.62)
    for y in range(28):
        for x in range(40):
            if 4 <= x <= 35 and rng.random() < 0.09:
                c.put(x, y, "tree")
            elif rng.random() < 0.04:
                c.put(x, y, "hedge")
    # A path through the middle, kept open.
    for x in range(40):
        y = round(14 + 3 * math.sin(x / 6.0))
        c.paint(x, y, x, y, "dirt")
        c.put(x, y, None)
    zones = [Zone("west", "West track", 0, 10, 2, 17), Zone("east", "East track", 37, 10, 39, 17)]
    for zone in zones:
        c.put_all(zone.tiles(), None)
    return Layout(
        "woods",
        "The Dark Woods",
        1.0,
        "Woods at dusk: trees block sight and the way, thickets are low cover, and in the dark "
        "undergrowth nobody is seen from farther than 3 m. Fog of war.",
        c,
        zones,
        dark=dark,
    )


def farmstead() -> Layout:
    """32×26 at 1 m at night (sight 8 m): a walled farmhouse in a hedged yard, ways in on every side."""
    rng = random.Random(5502)
    c = Canvas(32, 26, "grass")
    c.vary("grass", "grass_b", rng, 0.4, scale=5.0)
    c.floor(12, 9, 19, 16, "wood_floor")
    c.outline(11, 8, 20, 17, "timber_wall")
    c.put(15, 8, "door_open_h")
    c.put(16, 17, "door_open_h")
    c.put(11, 12, "door_open_v")
    c.put(20, 13, "door_open_v")
    c.put_all([(13, 10), (14, 10), (18, 15)], "table")
    c.put_all([(19, 9), (12, 16)], "barrels")
    # The yard's hedge, broken by gates on every side.
    for x in range(6, 26):
        if x not in (15, 16):
            c.put(x, 4, "hedge")
            c.put(x, 21, "hedge")
    for y in range(4, 22):
        if y not in (12, 13):
            c.put(6, y, "hedge")
            c.put(25, y, "hedge")
    for y in range(26):
        for x in range(32):
            outside = not (5 <= x <= 26 and 3 <= y <= 22)
            if outside and c.objects[y][x] is None and rng.random() < 0.12:
                c.put(x, y, "tree")
    c.put_all([(8, 7), (23, 18), (9, 19)], "crates")
    zones = [Zone("captors", "Farmhouse", 12, 11, 19, 14), Zone("rescuers", "North road", 13, 0, 18, 1)]
    for zone in zones:
        for x, y in zone.tiles():
            if c.objects[y][x] in ("tree", "table", "barrels"):
                c.put(x, y, None)
    for x, y in [
        (0, 12),
        (0, 13),
        (1, 12),
        (1, 13),
        (31, 12),
        (31, 13),
        (30, 12),
        (30, 13),
        (15, 25),
        (16, 25),
        (15, 24),
        (16, 24),
    ]:
        c.put(x, y, None)
    return Layout(
        "farmstead",
        "The Farmstead at Night",
        1.0,
        "A farmhouse in a hedged yard at night (sight 8 m), gates and doors on every side. Fog of war.",
        c,
        zones,
        sight_limit=8.0,
    )


MAKERS: dict[str, Callable[[], Layout]] = {
    "open_ground": open_ground,
    "ruined_town": ruined_town,
    "corridors": corridors,
    "cruiser_deck": cruiser_deck,
    "research_lab": research_lab,
    "duel_ring": duel_ring,
    "the_pub": the_pub,
    "training_yard": training_yard,
    "night_keep": night_keep,
    "woods": woods,
    "farmstead": farmstead,
}
"""Every bundled map, by file stem."""


# ------------------------------------------------------------------ positional modules' tutorials
# Small story maps for the tutorials of the positional rules modules (docs/modules.md): ASCII
# art over one legend.  Appended here so other makers can append theirs.
POSITIONAL_LEGEND: dict[str, tuple[str, str | None]] = {
    ".": ("grass", None),
    ":": ("grass_b", None),
    ",": ("dirt", None),
    "_": ("flagstones", None),
    "~": ("mud", None),
    "s": ("grass", "sandbags"),
    "w": ("grass", "low_wall"),
    "h": ("grass", "hedge"),
    "c": ("dirt", "crates"),
    "b": ("dirt", "barrels"),
    "#": ("flagstones", "stone_wall"),
    "B": ("grass", "boulder"),
    "T": ("grass", "tree"),
    "|": ("flagstones", "door_open_v"),
    "C": ("flagstones", "crates"),
    "R": ("flagstones", "barrels"),
}
"""`s` sandbags, `w` low wall, `h` hedge, `c` `C` crates, `b` `R` barrels (low cover); `#` stone wall,
`B` boulder, `T` tree (high cover); `~` mud; `_` flagstones; `|` an open door."""


MIN_SIDE = 20  # tiles: every bundled map is at least this wide and tall (docs/content.md)


def _story(rows: list[str]) -> Canvas:
    """The art in the map's top-left corner, on grass out to at least `MIN_SIDE` tiles a side."""
    c = Canvas(max(MIN_SIDE, len(rows[0])), max(MIN_SIDE, len(rows)), "grass")
    c.vary("grass", "grass_b", random.Random(len(rows) * 100 + len(rows[0])), 0.3, scale=4.0)
    c.ascii(rows, POSITIONAL_LEGEND)
    return c


PRONE_ROWS = [
    "............:::.................",
    "....s.....................w.....",
    "..........h.......:.............",
    "...............s.........:......",
    "..::....w...........h...........",
    ".....................:...s......",
    "............s...................",
    "..:.................w.......:...",
    ".......h........................",
    "....:.........:.....s....h......",
    "..........w.....................",
    "......................:.........",
    "...s..........h.........w.......",
    "................................",
]


def tutorial_prone() -> Layout:
    """32×14 at 2 m: open grass with scraps of low cover, 56 m between the deploy zones.

    Teaches Go Prone (−2 to the rifles' shots), crawling at half Movement from scrap to scrap,
    and Stand Up (the round's movement, no action) to shoot back.
    """
    zones = [Zone("rangers", "West edge", 0, 4, 1, 9), Zone("riflemen", "East rise", 29, 3, 31, 10)]
    return Layout(
        "tutorial_prone",
        "The Open Field",
        2.0,
        "Open grass under two rifles, scraps of low cover: go prone, crawl, stand up to shoot.",
        _story(PRONE_ROWS),
        zones,
    )


CAREFUL_AIM_ROWS = [
    "T...............................h.......",
    "......:.........................h.......",
    "..B.........~~..................h....T..",
    ".........................:......h.......",
    "...........:......................B.....",
    "..............~~~...............h.......",
    ".....:..........................h.......",
    "T...............................h......T",
]


def tutorial_careful_aim() -> Layout:
    """40×8 at 2 m: a meadow 62 m across to an alien turret behind a hedge line.

    Teaches Careful Aim: from 62 m the longbow is at medium range (−3); three rounds of aim
    cancel it, and the turret's laser, at long range, hardly reaches back.
    """
    zones = [Zone("archers", "The copse", 1, 3, 3, 6), Zone("turret", "Behind the hedge", 35, 5, 37, 6)]
    return Layout(
        "tutorial_careful_aim",
        "The Long Meadow",
        2.0,
        "A meadow 62 m wide, an alien turret behind a hedge: take careful aim.",
        _story(CAREFUL_AIM_ROWS),
        zones,
    )


CHARGE_ROWS = [
    "hhhhhhhhhhhhhhhhhhhhhhhhhh",
    "..........................",
    ",,,,,,,,,,,,,,,,,,,,,,,,,,",
    "..........................",
    "hhhhhhhh....hhhhhh....hhhh",
    "..........................",
    ",,,,,,,,,,,,,,,,,,,,,,,,,,",
    "..........................",
    "hhhhhhhhhhhhhhhhhhhhhhhhhh",
]


def tutorial_charge() -> Layout:
    """26×9 at 1 m: two straight lanes between hedgerows, joined by gaps.

    Teaches Charge: a straight dash of 3 m or more down a lane, +1 per 2 m; the spearman at
    the lanes' end meets a charge he sees coming.
    """
    zones = [Zone("raiders", "West end", 0, 1, 2, 7), Zone("militia", "East end", 20, 1, 25, 7)]
    return Layout(
        "tutorial_charge",
        "The Hedge Lanes",
        1.0,
        "Two straight lanes between hedgerows: charge down them, mind the spear.",
        _story(CHARGE_ROWS),
        zones,
    )


KNOCKBACK_ROWS = [
    "################",
    "#______________#",
    "#__C___________#",
    "#_____________R#",
    "#______________#",
    "#______________#",
    "#__R___________#",
    "#______________#",
    "#_________C____#",
    "#______________#",
    "#######||#######",
]


def tutorial_knockback() -> Layout:
    """16×11 at 1 m: a walled smithy yard with a gate.

    Teaches Knockback: a war hammer's strong hits throw foes back into walls and each other,
    and knock them down.
    """
    zones = [Zone("smiths", "By the gate", 5, 8, 9, 9), Zone("thugs", "The yard's far end", 4, 1, 11, 2)]
    return Layout(
        "tutorial_knockback",
        "The Smithy Yard",
        1.0,
        "A walled yard: heavy blows throw foes into the walls.",
        _story(KNOCKBACK_ROWS),
        zones,
    )


SUDDEN_DIVE_ROWS = [
    "______________________________",
    "_####__________####________##_",
    "______________________________",
    "______C_____________R_________",
    "______________________________",
    "___R_______C________________C_",
    "__________________R___________",
    "______________________________",
    "_C_________R__________C_______",
    "______________________________",
    "____________________R_________",
    "______C_______________________",
    "______________________________",
    "______________________________",
]


def tutorial_sudden_dive() -> Layout:
    """30×14 at 1 m: a cobbled square with crates and barrels, rifles on the far wall.

    Teaches Sudden Dive: dash up to twice your Movement to a crate and claim its cover against
    every shot; the next round is spent reorienting.
    """
    zones = [Zone("resistance", "South side", 2, 12, 12, 13), Zone("soldiers", "North wall", 17, 2, 25, 2)]
    return Layout(
        "tutorial_sudden_dive",
        "The Cobbled Square",
        1.0,
        "A square of crates and barrels under rifles: dive for cover.",
        _story(SUDDEN_DIVE_ROWS),
        zones,
    )


SUPPRESSION_ROWS = [
    "..............................",
    "...............T..............",
    "..............................",
    "..............................",
    "........:.............:.......",
    "..............................",
    "...h..........................",
    "..............................",
    "............................T.",
    "..............................",
    "........ssss..................",
    "..............................",
    "..............................",
    "..............................",
]


def tutorial_suppression() -> Layout:
    """30×14 at 1 m: an open field before a sandbagged nest.

    Teaches Suppression Fire: the machine gun sprays a cone (45° near, 30° farther, 15° far)
    at a bunched rush; a friend in the cone is shot too.
    """
    zones = [Zone("nest", "The nest", 8, 11, 12, 12), Zone("raiders", "The far field", 4, 2, 25, 3)]
    return Layout(
        "tutorial_suppression",
        "The Machine-gun Nest",
        1.0,
        "A sandbagged nest before an open field: spray the rush.",
        _story(SUPPRESSION_ROWS),
        zones,
    )


OVERWATCH_ROWS = [
    "##############################",
    "#____________________________#",
    "#____________________________#",
    "#____________________________#",
    "#######__#########__##########",
    "#____________________________#",
    "#______C________________C____#",
    "#____________________________#",
    "#____________________________#",
    "#____________________________#",
    "##############################",
]


def tutorial_overwatch() -> Layout:
    """30×11 at 1 m (on 30×20 of grass): two halls joined by two passages to watch.

    Teaches Overwatch: hold a shot on the doorway; the first raider to step into the arc is
    shot before he moves on, however fast he is.
    """
    zones = [Zone("guards", "South hall", 8, 8, 21, 9), Zone("raiders", "North hall", 3, 1, 26, 2)]
    return Layout(
        "tutorial_overwatch",
        "The Two Halls",
        1.0,
        "Two halls joined by passages: hold overwatch on the doorways.",
        _story(OVERWATCH_ROWS),
        zones,
    )


HOLD_AT_BAY_ROWS = [
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "....................",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
    "..........#.........",
]


def tutorial_hold_at_bay() -> Layout:
    """20×20 at 1 m: a stone wall across the field with one gap, a pace wide.

    Teaches Hold at Bay: a spear (reach 2) held out at the gap stops a club (reach 1) short of
    it, or makes it pay the Bay to strike, while the archers behind shoot through the gap.
    """
    zones = [Zone("watch", "West of the wall", 3, 6, 8, 12), Zone("thieves", "East field", 14, 5, 18, 13)]
    return Layout(
        "tutorial_hold_at_bay",
        "The Gap in the Wall",
        1.0,
        "A stone wall with one gap a pace wide: hold it with a spear.",
        _story(HOLD_AT_BAY_ROWS),
        zones,
    )


DODGING_FIRE_ROWS = [
    "........................",
    "........................",
    "..###.............:.....",
    "........................",
    "...........h............",
    "........................",
    "........................",
    "..###.........h.........",
    "........................",
    "........................",
    "...........h............",
    "........................",
    "..###...................",
    "........................",
]


def tutorial_dodging_fire() -> Layout:
    """24×20 at 1 m: three stubs of stone wall on the west, open grass and hedges east.

    Teaches Dodging Fire: beside a stub of wall (high cover at hand) a shooter snaps off a shot
    at −4 and ducks: every rifle shot at it that round is at −2, from whatever side.
    """
    zones = [Zone("rangers", "The wall stubs", 5, 3, 6, 11), Zone("soldiers", "East field", 18, 2, 22, 12)]
    return Layout(
        "tutorial_dodging_fire",
        "The Broken Wall",
        1.0,
        "Stubs of a broken wall to duck behind, rifles in the open east: dodge their fire.",
        _story(DODGING_FIRE_ROWS),
        zones,
    )


MAKERS.update(
    {
        "tutorial_prone": tutorial_prone,
        "tutorial_careful_aim": tutorial_careful_aim,
        "tutorial_charge": tutorial_charge,
        "tutorial_knockback": tutorial_knockback,
        "tutorial_sudden_dive": tutorial_sudden_dive,
        "tutorial_suppression": tutorial_suppression,
        "tutorial_overwatch": tutorial_overwatch,
        "tutorial_hold_at_bay": tutorial_hold_at_bay,
        "tutorial_dodging_fire": tutorial_dodging_fire,
    }
)


# ------------------------------------------------------------------ checks and output
def check_layout(layout: Layout, blocks: dict[int, bool]) -> list[str]:
    """Problems with a layout: unknown tiles, zones off the map or on blocked tiles, shared tiles."""
    c = layout.canvas
    problems = []
    for y in range(c.height):
        for x in range(c.width):
            for tile in (c.ground[y][x], c.objects[y][x]):
                if tile is not None and tile not in TILES:
                    problems.append(f"{layout.stem}: unknown tile {tile!r} at {(x, y)}")
    seen: dict[tuple[int, int], str] = {}
    for zone in layout.zones:
        for x, y in zone.tiles():
            if not c.inside(x, y):
                problems.append(f"{layout.stem}: zone {zone.name!r} leaves the map at {(x, y)}")
                continue
            if any(t is not None and blocks[TILES[t][0]] for t in (c.ground[y][x], c.objects[y][x])):
                problems.append(f"{layout.stem}: zone {zone.name!r} covers a blocked tile {(x, y)}")
            if (x, y) in seen:
                problems.append(f"{layout.stem}: zones {seen[(x, y)]!r} and {zone.name!r} overlap")
            seen[(x, y)] = zone.name
    return problems


def _csv(rows: list[list[str | None]]) -> str:
    lines = [",".join(str(TILES[t][0] + FIRST_GID) if t else "0" for t in row) for row in rows]
    return ",\n".join(lines)


def tmx_text(layout: Layout) -> str:
    """The .tmx file of a layout (Tiled's own layout of the XML, CSV layer data)."""
    c = layout.canvas
    px = TILE_PIXELS
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Generated by scripts/make_maps.py: edit the script, not this file. -->",
        f'<map version="{FORMAT_VERSION}" tiledversion="{TILED_VERSION}" orientation="orthogonal" '
        f'renderorder="right-down" width="{c.width}" height="{c.height}" tilewidth="{px}" tileheight="{px}" '
        f'infinite="0" nextlayerid="{5 if layout.dark else 4}" nextobjectid="{len(layout.zones) + 1}">',
        " <properties>",
        f'  <property name="description" value={quoteattr(layout.description)}/>',
        f'  <property name="metres_per_tile" type="float" value="{layout.metres_per_tile:g}"/>',
        f'  <property name="name" value={quoteattr(layout.title)}/>',
        *(
            [f'  <property name="sight_limit" type="float" value="{layout.sight_limit:g}"/>']
            if layout.sight_limit is not None
            else []
        ),
        " </properties>",
        f' <tileset firstgid="{FIRST_GID}" source="{TILESET_SOURCE}"/>',
    ]
    # A darkness layer paints, over the ground, the ground's own tile where it is dark (the
    # terrain stays the same: the topmost word wins), above it the objects.
    dark_rows = [
        [c.ground[y][x] if (x, y) in layout.dark else None for x in range(c.width)] for y in range(c.height)
    ]
    layers = [(1, "ground", c.ground, None)]
    if layout.dark:
        layers.append((4, "undergrowth", dark_rows, layout.dark_limit))
    layers.append((2, "objects", c.objects, None))
    for ident, name, rows, limit in layers:
        out.append(f' <layer id="{ident}" name="{name}" width="{c.width}" height="{c.height}">')
        if limit is not None:
            out += [
                "  <properties>",
                f'   <property name="sight_limit" type="float" value="{limit:g}"/>',
                "  </properties>",
            ]
        out += [
            '  <data encoding="csv">',
            _csv(rows),  # type: ignore[arg-type]
            "</data>",
            " </layer>",
        ]
    out.append(' <objectgroup id="3" name="deploy">')
    for ident, zone in enumerate(layout.zones, start=1):
        x, y = zone.x0 * px, zone.y0 * px
        w, h = (zone.x1 - zone.x0 + 1) * px, (zone.y1 - zone.y0 + 1) * px
        out += [
            f'  <object id="{ident}" name={quoteattr(zone.name)} type="deploy" '
            f'x="{x}" y="{y}" width="{w}" height="{h}">',
            "   <properties>",
            f'    <property name="side" value={quoteattr(zone.side)}/>',
            "   </properties>",
            "  </object>",
        ]
    out += [" </objectgroup>", "</map>", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write (or, with --check, compare) every map."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--out-dir", type=Path, default=REPO / MAPS_DIR, help="where to write (default: maps/)"
    )
    parser.add_argument("--only", action="append", choices=sorted(MAKERS), help="just this map (repeatable)")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing")
    args = parser.parse_args(argv)
    blocks = tileset_blocks_move()
    stale = []
    for stem in args.only or list(MAKERS):
        layout = MAKERS[stem]()
        problems = check_layout(layout, blocks)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 2
        text = tmx_text(layout)
        path = args.out_dir / f"{stem}.tmx"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(
            f"wrote {path} ({layout.canvas.width}×{layout.canvas.height}, {layout.metres_per_tile:g} m/tile)"
        )
    if stale:
        print("out of date (run scripts/make_maps.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
