"""Terrain that maps made for other games say by convention, not with the game's properties.

A map drawn for a platformer or an RPG says nothing of `blocks_move` or
`cover`, but it often marks what a character cannot walk through:

- tile, layer and object properties `collides`, `collision`, `solid`,
  `blocked` or `obstacle` set to true (any case);
- collision shapes drawn on tiles in Tiled's collision editor;
- a tile's `type` (Tiled 1.8) or `class` (1.9 and later), or its tileset's
  class, naming a wall, water or an obstacle, or ground (grass, floor …);
- the tileset's Wang sets (Tiled 1.5 and later) and terrain types (before
  1.5): a tile all of whose corners and edges are of a colour or terrain
  named like a wall or water (a shore tile, half water, is left walkable);
- layers (tile or object layers) named like walls (wall, collision,
  collide, obstacle, solid, block) or like water (water, lake, river, sea,
  ocean, lava).

Names are read as words ("Walls", "wall_top", "CollisionLayer"; not
"Wallpaper"), and a name that also names ground ("Grass and Water") says
nothing.  A tile layer named like water or a wall that covers nearly the
whole map (`MOSTLY`) is the map's ground, not an obstacle: its name is not
followed (a warning says so).  What a tile says of itself (its convention
properties, collision shapes, type or class) wins over its layer's name.

Walls block movement and sight; everything else guessed here blocks
movement only (a table, a tree trunk or a pond does not hide anyone).  A
property of the game's own, set on the tile or its layer, always beats a
guess.  `Inference` counts, for `check-map`, how many tiles each guess
decided.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

import numpy as np

COLLIDE_KEYS = ("collides", "collision", "solid", "blocked", "obstacle")
WALL_WORDS = frozenset({"wall", "collision", "collide", "collider", "obstacle", "solid", "block", "blocked"})
WATER_WORDS = frozenset({"water", "lake", "river", "sea", "ocean", "lava"})
GROUND_WORDS = frozenset({"ground", "grass", "floor", "sand", "dirt", "earth", "land", "path", "road"})
FALSE_WORDS = frozenset({"", "false", "0", "no", "none", "off"})
MOSTLY = 0.9  # a layer named like an obstacle filling this share of the map is its ground
WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[a-z]+")


def words(name: str) -> set[str]:
    """The words of a name, lower case, a plural made singular where the singular is one of
    ours: "CollisionLayer" → collision, layer; "walls_top" → wall, top; "Grass and Water"."""
    found = set()
    for word in WORD.findall(name):
        word = word.lower()
        if word.endswith("s") and word[:-1] in WALL_WORDS | WATER_WORDS | GROUND_WORDS:
            word = word[:-1]
        found.add(word)
    return found


@dataclass(frozen=True)
class Guess:
    """What a convention says: blocks movement (always), blocks sight (walls), and why."""

    sight: bool
    reason: str
    named: bool = False  # read from a layer's name (a layer covering the map overrules it)
    blocks: bool = True  # False: the convention says ground, that nothing is in the way

    @property
    def effect(self) -> str:
        """ "block movement and sight", "block movement" or "are open ground"."""
        if not self.blocks:
            return "are open ground"
        return "block movement and sight" if self.sight else "block movement"


def truthy(value: object) -> bool:
    """Whether another game's flag is set: true, 1, yes, or any other word than false/0/no."""
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() not in FALSE_WORDS


def convention_key(properties: Mapping[str, object]) -> str | None:
    """The first of COLLIDE_KEYS (compared without case) that `properties` sets to true."""
    folded = {str(key).lower(): value for key, value in properties.items()}
    for key in COLLIDE_KEYS:
        if key in folded and truthy(folded[key]):
            return key
    return None


def name_guess(name: str, what: str) -> Guess | None:
    """What a name says (`what`: "layer 'Walls'", "tiles of type 'wall'"): a wall, water, or
    (for a tile's type or class) ground; None when it says none of these or more than one."""
    said = words(name)
    ground = bool(said & GROUND_WORDS)
    if said & WALL_WORDS and not ground:
        return Guess(True, f"{what} (named like a wall)", named=True)
    if said & WATER_WORDS and not ground:
        return Guess(False, f"{what} (named like water)", named=True)
    if ground and not said & (WALL_WORDS | WATER_WORDS):
        return Guess(False, f"{what} (named like ground)", named=True, blocks=False)
    return None


def layer_guess(name: str, properties: Mapping[str, object], kind: str = "layer") -> Guess | None:
    """What a layer's name or properties say of every non-empty tile (or object) on it (a
    layer named like ground says nothing: it is open ground anyway)."""
    by_name = name_guess(name, f"{kind} {name!r}")
    if by_name is not None and by_name.blocks:
        return by_name
    key = convention_key(properties)
    if key is not None:
        return Guess(False, f"{kind} {name!r} (its property {key!r})")
    return None


def tile_guess(properties: Mapping[str, object], tileset: str, tileset_class: str = "") -> Guess | None:
    """What a tile's convention properties, collision shapes, type or class (else its
    tileset's class) say; a convention property set to false says ground."""
    key = convention_key(properties)
    if key is not None:
        return Guess(False, f"tiles of tileset {tileset!r} with the property {key!r}")
    folded = {str(k).lower(): v for k, v in properties.items()}
    off = next((k for k in COLLIDE_KEYS if k in folded and not truthy(folded[k])), None)
    if off is not None:
        return Guess(False, f"tiles of tileset {tileset!r} with the property {off!r} false", blocks=False)
    if properties.get("colliders"):
        return Guess(False, f"tiles of tileset {tileset!r} with collision shapes")
    for attribute in ("class", "type"):
        value = properties.get(attribute)
        if isinstance(value, str) and value.strip():
            found = name_guess(value, f"tiles of tileset {tileset!r} of {attribute} {value.strip()!r}")
            if found is not None:
                return found
    if tileset_class.strip():
        return name_guess(tileset_class, f"tiles of tileset {tileset!r} of class {tileset_class.strip()!r}")
    return None


def wang_guesses(root: Element) -> dict[int, Guess]:
    """Guesses by gid from every tileset's Wang sets and (older) terrain types, in the map's
    checked tree (its external tilesets embedded): a tile wholly of one colour or terrain
    named like a wall or water."""
    found: dict[int, Guess] = {}
    for tileset in root.iter("tileset"):
        try:
            first = int(tileset.get("firstgid", ""))
        except ValueError:
            continue
        name = tileset.get("name", "")
        for wangset in tileset.iter("wangset"):
            colours = [c.get("name", "") for c in wangset.findall("wangcolor")]
            for tile in wangset.findall("wangtile"):
                marks = _wang_marks(tile.get("wangid", ""))
                guess = _all_of(marks, colours, f"tiles of tileset {name!r} in Wang colour")
                if guess is not None and tile.get("tileid", "").isdigit():
                    found.setdefault(first + int(tile.get("tileid", "")), guess)
        terrains = [t.get("name", "") for t in tileset.findall("terraintypes/terrain")]
        for tile in tileset.findall("tile"):
            corners = tile.get("terrain")
            if not corners or not terrains or not tile.get("id", "").isdigit():
                continue
            marks = [int(c) + 1 if c.strip().isdigit() else 0 for c in corners.split(",")]
            guess = _all_of(marks, terrains, f"tiles of tileset {name!r} of terrain")
            if guess is not None:
                found.setdefault(first + int(tile.get("id", "")), guess)
    return found


def _wang_marks(wangid: str) -> list[int]:
    """The colours (1 …; 0 none) of a wangid: "0,1,0,1,0,1,0,1", or the old "0x10101010"."""
    if wangid.lower().startswith("0x"):
        return [int(ch, 16) for ch in wangid[2:]]
    return [int(v) if v.strip().isdigit() else 0 for v in wangid.split(",")]


def _all_of(marks: list[int], names: list[str], what: str) -> Guess | None:
    """The guess of the one colour (1-based index into `names`) all the non-zero marks share."""
    used = {m for m in marks if m}
    if len(used) != 1:
        return None  # nothing, or a mix (a shore): left as it is
    index = used.pop() - 1
    if not 0 <= index < len(names):
        return None
    guess = name_guess(names[index], f"{what} {names[index]!r}")
    return guess if guess is not None and guess.blocks else None


def over_layer(tile: Guess | None, layer: Guess | None) -> Guess | None:
    """A tile's own guess over its layer's (what a tile says of itself wins), except that
    where both block, a wall's name keeps sight blocked too."""
    if tile is None:
        return layer
    if layer is not None and tile.blocks and layer.blocks and layer.sight and not tile.sight:
        return layer
    return tile


def object_guess(properties: Mapping[str, object], group: str) -> Guess | None:
    """What an object (not a deploy zone or a combatant) says of the tiles it covers."""
    by_group = layer_guess(group, {}, "object layer")
    if by_group is not None:
        return by_group
    key = convention_key(properties)
    if key is not None:
        return Guess(False, f"objects with the property {key!r}")
    if properties.get("colliders"):
        return Guess(False, "tile objects whose tiles have collision shapes")
    return None


PROPERTIES = "the game's own properties (on its tiles or layers)"
NOTHING = "nothing said: open ground"


@dataclass
class Inference:
    """Which guess decided each tile's `blocks_move`: reason ids in an array, 0 for none."""

    guesses: list[Guess] = field(default_factory=list)
    objects: dict[str, int] = field(default_factory=dict)  # reason → objects it covers

    def id_of(self, guess: Guess | None) -> int:
        """The id of a guess (1, 2, …), registered on first use; 0 for None."""
        if guess is None:
            return 0
        if guess not in self.guesses:
            self.guesses.append(guess)
        return self.guesses.index(guess) + 1

    def decisions(
        self, kinds: np.ndarray, names: list[str], decided: np.ndarray, said: np.ndarray
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """For each terrain kind (`kinds` indexes `names`), the rules that decided its tiles:
        a convention (by its reason) where one set `blocks_move`, else the game's own
        properties where a tile or layer set any, else nothing (open ground by default)."""
        rule = np.where(decided > 0, decided.astype(np.int64), np.where(said, 0, -1))
        span = len(self.guesses) + 2  # rule -1 … len(guesses), as 0 … span - 1
        # One integer per (kind, rule): a bincount finds the pairs present in linear time.
        present = np.flatnonzero(np.bincount((kinds.astype(np.int64) * span + rule + 1).ravel()))
        found: dict[int, list[str]] = {}
        for kind, which in zip((present // span).tolist(), (present % span - 1).tolist(), strict=True):
            if which > 0:
                text = self.guesses[which - 1].reason
            else:
                text = PROPERTIES if which == 0 else NOTHING
            found.setdefault(kind, []).append(text)
        return tuple((names[kind], tuple(found[kind])) for kind in sorted(found))

    def lines(self, decided: np.ndarray, blocked: np.ndarray) -> list[str]:
        """What was inferred and from what, for every guess that decided at least one blocked tile."""
        counts = np.bincount(decided[blocked].ravel(), minlength=len(self.guesses) + 1)
        out = []
        for index, guess in enumerate(self.guesses, 1):
            tiles = int(counts[index])
            if not tiles:
                continue
            objects = self.objects.get(guess.reason)
            held = f" ({objects} object{'s' if objects != 1 else ''})" if objects else ""
            what = (
                f"{tiles} tiles {guess.effect}"
                if tiles != 1
                else f"1 tile {guess.effect.replace('block', 'blocks', 1)}"
            )
            out.append(f"{guess.reason}{held}: {what}")
        return out
