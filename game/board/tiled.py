"""The one loader of Tiled maps: a .tmx file in, a `BattleMap` out.

This is the only module that imports pytmx.  The rules it applies are written
for map makers in docs/maps.md; in short:

- the map property `metres_per_tile` (default 1.0) sets the scale;
- tiles say what they are with the properties `move_cost`, `blocks_move`,
  `blocks_sight`, `cover` (none/low/high) and `terrain` (a name); a tile layer
  may set the same properties for every tile on it;
- layers are read bottom to top, and for each property the topmost tile that
  sets it wins (so a bridge over water can set `blocks_move` false);
- maps made for other games load too: a tile that says nothing is open ground,
  unless a convention says otherwise (`game.board.infer`: layers named like
  walls or water, `collides`-like properties, collision shapes, collision
  objects); what was guessed is reported in `BattleMap.inferred`;
- objects with a `side` are deploy zones, objects with a `character` or a
  `troop` are combatants placed before the battle (`game.board.objects`);
  with no deploy zone, the sides deploy along opposite edges.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from xml.etree.ElementTree import Element

import numpy as np

from game.board.art import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    LayerArt,
    MapArt,
)
from game.board.battlemap import BattleMap
from game.board.infer import MOSTLY, Guess, Inference, layer_guess, over_layer, tile_guess, wang_guesses
from game.board.layer_art import LayerLook, finite_number, layer_looks, map_art
from game.board.loaded_maps import LoadedMaps, art_files, stamp
from game.board.objects import (
    MAX_NAME_LENGTH,
    TileObject,
    blocking_objects,
    shift_by_layer_offsets,
    tile_objects,
    zones_and_units,
)
from game.board.preflight import Checked, MapError, check_file
from game.board.terrain import MAX_MOVE_COST, TerrainBoard, compose_board, metres_per_tile_problem
from game.board.zones import DEFAULT_SIDES, check_zones, edge_zones
from game.rules.board import COVER_LEVELS, sight_limit_problem

# pytmx imports pygame when it can, and pygame greets stdout unless told not to;
# check-map prints only the summary.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402
from pytmx.pytmx import TiledGroupLayer  # noqa: E402 - (not exported by the package)

# pytmx logs its own complaints; the loader reports problems itself, in one line.
logging.getLogger("pytmx").addHandler(logging.NullHandler())

__all__ = ["MapError", "load_map"]

TERRAIN_KEYS = ("move_cost", "blocks_move", "blocks_sight", "cover", "terrain")
MAP_KEYS = ("metres_per_tile", "name", "sight_limit")
DARKNESS_KEY = "sight_limit"  # metres: on the map, darkness everywhere; on a tile layer, on its tiles
LEGACY_TERRAIN = re.compile(r"-?\d*(,-?\d*){3}")
NEAR_MISSES = {
    "meterspertile": "metres_per_tile",
    "blocksmovement": "blocks_move",
    "movementcost": "move_cost",
}
"""Folded spellings (lower case, letters only) we recognise as a mistake for one of ours."""


@dataclass(frozen=True)
class _Partial:
    """What one tile of one layer says about its terrain; None = says nothing."""

    move_cost: float | None = None
    blocks_move: bool | None = None
    blocks_sight: bool | None = None
    cover: int | None = None  # index in COVER_LEVELS
    terrain: str | None = None

    def over(self, below: _Partial) -> _Partial:
        """These values, falling back to `below` where this says nothing."""
        return _Partial(
            *(
                mine if mine is not None else theirs
                for mine, theirs in zip(self._values(), below._values(), strict=True)
            )
        )

    def _values(self) -> tuple[object, ...]:
        return (self.move_cost, self.blocks_move, self.blocks_sight, self.cover, self.terrain)


LOADED = LoadedMaps()
"""The maps loaded lately, remembered while their files stay as they were."""


def load_map(path: str | os.PathLike[str]) -> BattleMap:
    """Read a Tiled .tmx map into a `BattleMap`; MapError (one line) if it cannot be played.

    A map loaded before is served from `LOADED` while none of its files changed."""
    path = Path(path)
    found = LOADED.get(path)
    if found is not None:
        return found
    before = stamp([path])
    checked = check_file(path)
    battle_map = _read_map(path, checked)
    if before is not None and stamp([path]) == before:  # not saved again while we read it
        LOADED.put(path, [*checked.files, *art_files(battle_map.art)], battle_map)
    return battle_map


def _read_map(path: Path, checked: Checked) -> BattleMap:
    """The map from its checked tree (pytmx reads it, the board and objects are built)."""
    warnings = list(checked.warnings)
    try:
        # pytmx reads the tree the preflight checked rather than the file again (which
        # could have changed since); it still reads the .tsx files the preflight checked.
        tmx = pytmx.TiledMap(None, load_all=False, allow_duplicate_names=True)
        tmx.filename = str(path)
        tmx.parse_xml(checked.root)
    except Exception as err:  # pytmx raises bare Exceptions; anything left is a bad file
        reason = str(err).splitlines()[0][:200] if str(err) else type(err).__name__
        raise MapError(f"{path.name}: Tiled map could not be read: {reason}") from None

    metres = _metres_per_tile(tmx.properties, path.name)
    _warn_near_misses(tmx.properties, MAP_KEYS, "map", warnings)
    inference = Inference()
    shift_by_layer_offsets(tmx, checked.root, path.name)
    blockers = blocking_objects(tmx, checked.root, inference, path.name, checked.tilesets)
    placed = tile_objects(tmx, checked.root, path.name, checked.tilesets)
    looks = layer_looks(checked.root)
    board, inferred, decided_by = _board(
        tmx, metres, path.name, warnings, inference, blockers, placed, looks, checked.root
    )
    board.sight_limit, board.dark_tiles = _darkness(tmx, path.name)
    found = zones_and_units(tmx, checked.root, board, path.name, checked.tilesets)
    zones, placements = found.zones, found.placements
    warnings.extend(found.warnings)
    if found.ignored:
        warnings.append(f"{found.ignored} object(s) are neither deploy zones nor combatants and were ignored")
    if not zones:
        sides = _edge_sides([p.side for p in placements])
        zones = edge_zones(board, path.name, sides)
        edges = "west and east" if board.width >= board.height else "north and south"
        warnings.append(f"no deploy zones: sides {' and '.join(sides)} deploy on the {edges} edges")
    check_zones(zones, placements, path.name, warnings)
    if tmx.tilewidth != tmx.tileheight:
        warnings.append(f"tiles are {tmx.tilewidth}×{tmx.tileheight} pixels; the game treats them as square")
    name = _map_name(tmx.properties.get("name"), path)
    art = _art(tmx, checked, looks, placed)
    return BattleMap(
        name,
        str(path),
        board,
        tuple(zones),
        tuple(placements),
        tuple(warnings),
        art,
        checked.digest,
        tuple(inferred),
        decided_by,
    )


def _edge_sides(placed: list[str]) -> tuple[str, str]:
    """The two sides of a map without deploy zones: those its combatants name, then A and B."""
    sides = list(dict.fromkeys(placed))
    sides += [s for s in DEFAULT_SIDES if s not in sides]
    return sides[0], sides[1]


# ---------------------------------------------------------------- art
def _art(tmx: pytmx.TiledMap, checked: Checked, looks: list[LayerLook], placed: list[TileObject]) -> MapArt:
    """What renderers draw (`map_art`), from pytmx's tile layers with Tiled's own gids."""
    # pytmx renumbers gids internally; map each back to Tiled's gid and its flip flags.
    size = max(tmx.tiledgidmap, default=0) + 1
    real = np.zeros(size, np.uint32)
    flags = np.zeros(size, np.uint32)
    for tiled_gid, variants in tmx.gidmap.items():
        for internal, flip in variants:
            if internal < size:
                real[internal] = tiled_gid
                flags[internal] = (
                    (FLIP_H if flip.flipped_horizontally else 0)
                    | (FLIP_V if flip.flipped_vertically else 0)
                    | (FLIP_D if flip.flipped_diagonally else 0)
                )
    tile_layers = []
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            data = np.asarray(layer.data, np.int64).reshape(tmx.height, tmx.width)
            data = np.where((data >= 0) & (data < size), data, 0)
            tile_layers.append(LayerArt(str(layer.name or ""), real[data], flags[data]))
    return map_art((int(tmx.tilewidth), int(tmx.tileheight)), checked, looks, tile_layers, placed)


# ---------------------------------------------------------------- map properties
def _metres_per_tile(properties: Mapping[str, object], where: str) -> float:
    """The map's scale, checked."""
    raw = properties.get("metres_per_tile", 1.0)
    value = finite_number(raw)
    problem = "must be a number" if value is None else metres_per_tile_problem(value)
    if value is None or problem:
        raise MapError(f"{where}: metres_per_tile {problem}, not {str(raw)[:40]!r}")
    return value


def _darkness(tmx: pytmx.TiledMap, where: str) -> tuple[float | None, Mapping[tuple[int, int], float]]:
    """The map's darkness (docs/maps.md, *Darkness and smoke*): the map property `sight_limit`
    (metres: nothing is seen from farther), and each tile layer with a `sight_limit`: its
    painted tiles are seen only from within that many metres (the least where layers
    overlap).  MapError, one line, on a value that is no positive number of metres."""
    whole = _sight_limit(tmx.properties, f"{where}: map property sight_limit")
    dark: dict[tuple[int, int], float] = {}
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledTileLayer) or DARKNESS_KEY not in layer.properties:
            continue
        limit = _sight_limit(layer.properties, f"{where}: layer {str(layer.name or '')!r} sight_limit")
        assert limit is not None
        gids = np.asarray(layer.data, np.int64).reshape(tmx.height, tmx.width)
        ys, xs = np.nonzero(gids)
        for x, y in zip(xs.tolist(), ys.tolist(), strict=True):
            dark[(x, y)] = min(limit, dark.get((x, y), limit))
    return whole, MappingProxyType(dark)


def _sight_limit(properties: Mapping[str, object], where: str) -> float | None:
    """A `sight_limit` property in metres, checked (None where it is not set)."""
    if DARKNESS_KEY not in properties:
        return None
    raw = properties[DARKNESS_KEY]
    value = finite_number(raw)
    problem = sight_limit_problem(value) if value is not None else "must be a number of metres"
    if value is None or problem:
        raise MapError(f"{where} {problem}, not {str(raw)[:40]!r}")
    return value


def _warn_near_misses(
    properties: Mapping[str, object], known: Iterable[str], where: str, out: list[str]
) -> None:
    """Warn about property names that look like ours but are spelt differently."""
    folded = {_fold(k): k for k in known}
    folded.update(NEAR_MISSES)
    for key in properties:
        wanted = folded.get(_fold(key))
        if wanted and key != wanted:
            out.append(f"{where} property {key!r} ignored: did you mean {wanted!r}?")


def _fold(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _map_name(raw: object, path: Path) -> str:
    """The map's name property (one short line), or its file name made printable."""
    if raw is None or str(raw).strip() == "":
        stem = "".join(c if c.isprintable() else "?" for c in path.stem)
        return stem[:MAX_NAME_LENGTH] or "map"
    name = str(raw).strip()
    if len(name) > MAX_NAME_LENGTH or not name.isprintable():
        limit = f"one line of at most {MAX_NAME_LENGTH} characters"
        raise MapError(f"{path.name}: map property 'name' must be {limit}")
    return name


# ---------------------------------------------------------------- terrain
def _partial(properties: Mapping[str, object], where: str) -> _Partial:
    """The game properties of a tile or layer, checked: MapError on a value we cannot use."""
    cost = blocks_move = blocks_sight = cover = terrain = None
    if "move_cost" in properties:
        raw = properties["move_cost"]
        cost = finite_number(raw)
        if cost is None or not 0 < cost <= MAX_MOVE_COST:
            raise MapError(
                f"{where}: move_cost must be a number above 0 and at most {MAX_MOVE_COST:g}, not {raw!r}"
            )
    if "blocks_move" in properties:
        blocks_move = _flag(properties["blocks_move"], f"{where}: blocks_move")
    if "blocks_sight" in properties:
        blocks_sight = _flag(properties["blocks_sight"], f"{where}: blocks_sight")
    if "cover" in properties:
        raw = properties["cover"]
        level = str(raw).strip().lower()
        if level not in COVER_LEVELS:
            raise MapError(f"{where}: cover must be one of {', '.join(COVER_LEVELS)}, not {raw!r}")
        cover = COVER_LEVELS.index(level)
    name = properties.get("terrain")
    # pytmx mixes a tile's XML attributes into its properties, and old Tiled maps
    # have a `terrain="0,0,1,1"` attribute (corner terrains): that is not a name.
    if name and not LEGACY_TERRAIN.fullmatch(str(name)):
        terrain = str(name)
    return _Partial(cost, blocks_move, blocks_sight, cover, terrain)


def _flag(raw: object, where: str) -> bool:
    """A true/false property, typed or written as text."""
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("true", "1", "yes"):
        return True
    if text in ("false", "0", "no"):
        return False
    raise MapError(f"{where} must be true or false, not {raw!r}")


def _tile_label(tmx: pytmx.TiledMap, gid: int) -> str:
    """ "tileset 'terrain' tile 3" for error messages."""
    try:
        tileset = tmx.get_tileset_from_gid(gid)
    except ValueError:
        return f"tile gid {gid}"
    return f"tileset {tileset.name!r} tile {tmx.tiledgidmap[gid] - tileset.firstgid}"


def _board(
    tmx: pytmx.TiledMap,
    metres: float,
    where: str,
    warnings: list[str],
    inference: Inference,
    blockers: list[tuple[Guess, np.ndarray]],
    placed: list[TileObject],
    looks: list[LayerLook],
    root: Element,
) -> tuple[TerrainBoard, list[str], tuple[tuple[str, tuple[str, ...]], ...]]:
    """Compose the tile layers, the tiles placed as objects (over them) and the objects that
    block (where nothing said) into a board; also what was inferred, and what decided each
    terrain kind."""
    # Every tile the tilesets describe is checked, used or not, so a typo never hides.
    tile_rules: dict[int, _Partial] = {}
    guesses: dict[int, Guess] = {}
    by_wang = wang_guesses(root)  # what a tile says of itself beats its Wang colour
    for gid, properties in tmx.tile_properties.items():
        label = f"{where}: {_tile_label(tmx, gid)}"
        tile_rules[gid] = _partial(properties, label)
        _warn_near_misses(properties, TERRAIN_KEYS, label, warnings)
        guess = tile_guess(properties, _tileset_name(tmx, gid), _tileset_class(tmx, gid))
        if guess is not None:
            guesses[gid] = guess
    for tiled_gid, guess in by_wang.items():  # (pytmx numbers the gids it meets its own way)
        for gid, _flags in tmx.map_gid2(tiled_gid):
            guesses.setdefault(gid, guess)

    height, width = tmx.height, tmx.width
    cost = np.full((height, width), np.nan)
    blocks_move = np.full((height, width), -1, np.int8)
    blocks_sight = np.full((height, width), -1, np.int8)
    cover = np.full((height, width), -1, np.int8)
    names = np.full((height, width), -1, np.int32)
    decided = np.zeros((height, width), np.int16)  # the guess (Inference id) that set blocks_move; 0: none
    name_list: list[str] = []
    says_anything = False

    # A group's properties and name count for the layers inside it (the nearest group first).
    # (pytmx lists the groups in the document's order, as `iter` finds them; ids may be missing.)
    found = [g for g in tmx.layers if isinstance(g, TiledGroupLayer)]
    nodes = list(root.iter("group"))
    groups = {id(node): g for node, g in zip(nodes, found, strict=True)} if len(nodes) == len(found) else {}
    said_by_group: dict[int, tuple[_Partial, Guess | None]] = {}  # (its properties, its name's guess)
    for key, group in groups.items():
        label = f"{where}: group {str(group.name or '')!r}"
        _warn_near_misses(group.properties, TERRAIN_KEYS, label, warnings)
        said_by_group[key] = (
            _partial(group.properties, label),
            layer_guess(str(group.name or ""), group.properties, "group"),
        )

    def tile_rule(gid: int, below: _Partial, named: Guess | None) -> tuple[_Partial, int]:
        """What a tile says over what its layer says (`below`), then what a convention (its
        layer's name, else its own) guesses; and the guess that set blocks_move (0: none)."""
        said = tile_rules.get(gid, _Partial()).over(below)
        guess = over_layer(guesses.get(gid), named)
        return said.over(_guessed(guess)), (0 if said.blocks_move is not None else inference.id_of(guess))

    tile_looks = [look for look in looks if look.node.tag == "layer"]
    tile_layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
    for layer, look in zip(tile_layers, tile_looks, strict=True):
        layer_name = str(layer.name or "")
        layer_label = f"{where}: layer {layer_name!r}"
        by_layer = _partial(layer.properties, layer_label)
        _warn_near_misses(layer.properties, TERRAIN_KEYS, layer_label, warnings)
        by_name = layer_guess(layer_name, layer.properties)
        for group_said, group_guess in [
            said_by_group[id(g)] for g in reversed(look.groups) if id(g) in groups
        ]:
            by_layer = by_layer.over(group_said)
            by_name = by_name or group_guess
        gids = np.asarray(layer.data, np.int64).reshape(height, width)
        covers = np.count_nonzero(gids) / gids.size
        if by_name is not None and by_name.named and covers >= MOSTLY:
            # A base layer called "Water" (or "Grass and Water") under the islands is the
            # map's ground: followed, its name would block every tile of the map.
            warnings.append(
                f"layer {layer_name!r} is named like an obstacle but covers {covers:.0%} of the map:"
                " taken as ground (give its tiles blocks_move to say otherwise)"
            )
            by_name = None
        present, inverse = np.unique(gids, return_inverse=True)
        inverse = inverse.reshape(height, width)
        rules = []
        reasons = []
        for gid in present.tolist():
            if gid == 0:
                rules.append(_Partial())  # an empty cell says nothing, whatever the layer
                reasons.append(0)
                continue
            rule, reason = tile_rule(gid, by_layer, by_name)
            rules.append(rule)
            reasons.append(reason)
        if any(r != _Partial() for r in rules):
            says_anything = True
        for target, values in (
            (cost, [r.move_cost for r in rules]),
            (blocks_move, [r.blocks_move for r in rules]),
            (blocks_sight, [r.blocks_sight for r in rules]),
            (cover, [r.cover for r in rules]),
            (names, [_name_index(r.terrain, name_list) for r in rules]),
        ):
            said = np.array([v is not None for v in values])[inverse]
            table = np.array([-1 if v is None else v for v in values], dtype=target.dtype)
            np.copyto(target, table[inverse], where=said)
            if target is blocks_move:
                np.copyto(decided, np.array(reasons, np.int16)[inverse], where=said)

    # A tile placed as an object says what its tile says where it stands, over the layers.
    for placed_tile in placed:
        rule, reason = tile_rule(placed_tile.gid, _Partial(), None)
        mask = placed_tile.mask
        for target, value in (
            (cost, rule.move_cost),
            (blocks_move, rule.blocks_move),
            (blocks_sight, rule.blocks_sight),
            (cover, rule.cover),
            (names, _name_index(rule.terrain, name_list)),
        ):
            if value is not None:
                target[mask] = value
        if rule.blocks_move is not None:
            decided[mask] = reason
        says_anything = says_anything or (rule != _Partial() and bool(mask.any()))

    # Objects that block (a "Collision" object layer …) fill in where no layer said anything.
    for guess, mask in blockers:
        unset = mask & (blocks_move == -1)
        blocks_move[unset] = 1
        decided[unset] = inference.id_of(guess)
        if guess.sight:
            blocks_sight[mask & (blocks_sight == -1)] = 1
        says_anything = says_anything or bool(unset.any())

    if not says_anything:
        warnings.append("no tile or layer says anything about terrain: the whole map is open ground")
    board = compose_board(cost, blocks_move, blocks_sight, cover, names, name_list, metres)
    said = ~np.isnan(cost) | (blocks_move != -1) | (blocks_sight != -1) | (cover != -1) | (names != -1)
    kinds = [terrain.name for terrain in board.palette]
    decided_by = inference.decisions(board.kinds, kinds, decided, said)
    return board, inference.lines(decided, blocks_move == 1), decided_by


def _guessed(guess: Guess | None) -> _Partial:
    """What a convention says, as the properties it stands for."""
    if guess is None:
        return _Partial()
    if not guess.blocks:
        return _Partial(blocks_move=False)
    return _Partial(blocks_move=True, blocks_sight=True if guess.sight else None)


def _tileset_class(tmx: pytmx.TiledMap, gid: int) -> str:
    """The tileset's class (Tiled 1.9) of the tile `gid`, or ""."""
    try:
        value = getattr(tmx.get_tileset_from_gid(gid), "class", "")
    except ValueError:
        return ""
    return value if isinstance(value, str) else ""


def _tileset_name(tmx: pytmx.TiledMap, gid: int) -> str:
    try:
        return str(tmx.get_tileset_from_gid(gid).name)
    except ValueError:
        return "?"


def _name_index(name: str | None, names: list[str]) -> int | None:
    """Index of a terrain name in `names` (added if new); None if no name."""
    if name is None:
        return None
    if name not in names:
        names.append(name)
    return names.index(name)
