"""Which targets each tile's blocking hides: the ray tables (`game.rules.ray_tables`) turned
round, for whole-map sight (`game.rules.sight`).

A ray table lists, target by target, the tiles and corner pairs each ray passes; looking
every one of them up costs one gather per (target, tile), tens of thousands for one origin.
Turned round, each tile of the octant holds a bit set of the targets whose ray it lies on,
and each corner pair likewise.  A sight map then looks up each tile of the octant once, and
the targets hidden are the union (a bitwise OR) of the sets of the tiles that block: a few
thousand lookups and one OR per blocking tile, whatever the targets.  The answer is the
same: a ray is blocked when any of its tiles blocks, or a corner pair shuts it.

One octant's sets serve all eight (the offsets are mirrored per board, `game.rules.sight`),
and they are built for the first n targets of a table, the targets within one radius.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.rules.ray_tables import Rays

WORD_BITS = 64  # the targets' bit sets are ORed a machine word at a time


@dataclass(frozen=True)
class Shadows:
    """For the first `n` targets of a ray table: the bit set of targets each tile, and each
    corner pair, hides.  Bit i of a set (little-endian within each word) is target i."""

    n: int
    tile_dx: np.ndarray  # (d,) the octant's tiles that some ray of the first n passes
    tile_dy: np.ndarray
    hides: np.ndarray  # (d, words) uint64: the targets whose ray passes the tile
    pair_first: np.ndarray  # (p,) index into the tiles of each corner pair's first tile
    pair_second: np.ndarray  # (p,) and of its second
    pair_hides: np.ndarray  # (p, words) uint64: the targets whose ray touches the pair

    def unpack(self, bits: np.ndarray) -> np.ndarray:
        """The targets a bit set marks, as n booleans."""
        return np.unpackbits(bits.view(np.uint8), count=self.n, bitorder="little").astype(bool)


def _bit_sets(rows: np.ndarray, owners: np.ndarray, count: int, n: int) -> np.ndarray:
    """(count, words) uint64 bit sets: bit owners[i] set in row rows[i]."""
    bits = np.zeros((count, max(1, -(-n // WORD_BITS))), np.uint64)
    owners = owners.astype(np.uint64)
    word = (owners >> np.uint64(6)).astype(np.intp)
    np.bitwise_or.at(bits, (rows, word), np.left_shift(np.uint64(1), owners & np.uint64(WORD_BITS - 1)))
    return bits


def _build(table: Rays, n: int) -> Shadows:
    s_end, c_end = int(table.single_start[n]), int(table.corner_start[n])
    s_owner = table.single_owner[:s_end]
    c_owner = table.corner_owner[:c_end]
    # Every tile a single or a corner pair names, each once.
    xs = np.concatenate([table.single_dx[:s_end], table.corner_dx[:c_end].ravel()]).astype(np.int64)
    ys = np.concatenate([table.single_dy[:s_end], table.corner_dy[:c_end].ravel()]).astype(np.int64)
    span = 2 * table.radius + 3  # offsets lie within ±(radius + 1)
    keys = (ys + table.radius + 1) * span + (xs + table.radius + 1)
    # Each key once, in order, without a sort: keys are small, so mark them and rank them.
    present = np.zeros(span * span, bool)
    present[keys] = True
    unique = np.flatnonzero(present)
    where = (np.cumsum(present) - 1)[keys]
    tile_dy, tile_dx = np.divmod(unique, span)
    single_rows = where[:s_end]
    corner_rows = where[s_end:].reshape(-1, 2)
    # A corner pair hides its targets only when both of its tiles block: one set per pair.
    pair_keys = corner_rows[:, 0] * len(unique) + corner_rows[:, 1]
    pairs, pair_of = np.unique(pair_keys, return_inverse=True)
    first, second = np.divmod(pairs, len(unique))
    return Shadows(
        n=n,
        tile_dx=(tile_dx - table.radius - 1).astype(np.int32),
        tile_dy=(tile_dy - table.radius - 1).astype(np.int32),
        hides=_bit_sets(single_rows, s_owner, len(unique), n),
        pair_first=first,
        pair_second=second,
        pair_hides=_bit_sets(pair_of.ravel(), c_owner, len(pairs), n),
    )


_KEPT: dict[tuple[int, int], Shadows] = {}
KEPT_AT_MOST = 8  # radii whose sets are kept at once (a game asks a few)


def shadows(table: Rays, n: int) -> Shadows:
    """The bit sets of the first `n` targets of `table`, kept per n: the first n targets of
    every table are the same, nearest first, and a game asks a few radii."""
    key = (table.radius, n)
    found = _KEPT.get(key)
    if found is None:
        if len(_KEPT) >= KEPT_AT_MOST:
            _KEPT.clear()
        found = _KEPT[key] = _build(table, n)
    return found


def hidden(shadows: Shadows, blocks: np.ndarray) -> np.ndarray:
    """The targets hidden from the origin, as n booleans, given whether each of the shadows'
    tiles blocks sight (`blocks`, (d,) booleans, in one octant's mirror)."""
    bits = np.zeros(shadows.hides.shape[1], np.uint64)
    rows = np.flatnonzero(blocks)
    if len(rows):
        bits |= np.bitwise_or.reduce(shadows.hides[rows], axis=0)
    if len(shadows.pair_first):
        shut = np.flatnonzero(blocks[shadows.pair_first] & blocks[shadows.pair_second])
        if len(shut):
            bits |= np.bitwise_or.reduce(shadows.pair_hides[shut], axis=0)
    return shadows.unpack(bits)
