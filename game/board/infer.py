"""Terrain that maps made for other games say by convention, not with the game's properties.

A map drawn for a platformer or an RPG says nothing of `blocks_move` or
`cover`, but it often marks what a character cannot walk through:

- tile, layer and object properties `collides`, `collision`, `solid`,
  `blocked` or `obstacle` set to true (any case);
- collision shapes drawn on tiles in Tiled's collision editor;
- layers (tile or object layers) named like walls (wall, collision,
  collide, obstacle, solid, block) or like water (water, lake, river, sea,
  ocean, lava).

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

import numpy as np

COLLIDE_KEYS = ("collides", "collision", "solid", "blocked", "obstacle")
WALL_NAME = re.compile(r"wall|collision|collide|obstacle|solid|block", re.IGNORECASE)
WATER_NAME = re.compile(r"water|lake|river|sea\b|ocean|lava", re.IGNORECASE)
FALSE_WORDS = frozenset({"", "false", "0", "no", "none", "off"})


@dataclass(frozen=True)
class Guess:
    """What a convention says: blocks movement (always), blocks sight (walls), and why."""

    sight: bool
    reason: str

    @property
    def effect(self) -> str:
        """ "block movement and sight" or "block movement"."""
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


def layer_guess(name: str, properties: Mapping[str, object], kind: str = "layer") -> Guess | None:
    """What a layer's name or properties say of every non-empty tile (or object) on it."""
    if WALL_NAME.search(name):
        return Guess(True, f"{kind} {name!r} (named like a wall)")
    if WATER_NAME.search(name):
        return Guess(False, f"{kind} {name!r} (named like water)")
    key = convention_key(properties)
    if key is not None:
        return Guess(False, f"{kind} {name!r} (its property {key!r})")
    return None


def tile_guess(properties: Mapping[str, object], tileset: str) -> Guess | None:
    """What a tile's collision shapes or properties say."""
    key = convention_key(properties)
    if key is not None:
        return Guess(False, f"tiles of tileset {tileset!r} with the property {key!r}")
    if properties.get("colliders"):
        return Guess(False, f"tiles of tileset {tileset!r} with collision shapes")
    return None


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
