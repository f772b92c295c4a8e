"""Where an AI's movement can end, as it sees it: the rules' own outcomes (`movement_outcomes`),
merged by end and cached for the declaration; for `hard`, half of them with the nearest enemy
that can hold it where it stands beside it, since that enemy has the better Timing and moves
first (`Knowledge.pinners`).  `game.ai.scoring` weighs every term that depends on where we end
(threat, position, approach, the way off) over these."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.next_round import attack_tile
from game.core.geometry import Tile
from game.rules.forecast import MoveOutcome, movement_outcomes
from game.rules.orders import Order
from game.rules.registry import movement_rule

PINNED_SHARE = Fraction(1, 2)  # the outcomes held where we stand: half, as the guessed replies weigh


def move_outcomes(know: Knowledge, level: Level, order: Order) -> list[MoveOutcome]:
    """Where the order's movement can end, with its chances; for a level that anticipates the
    later declarers (hard), held where it stands as often as `PINNED_SHARE` when an enemy with
    the better Timing can come within reach of it there first (a walk or a Sprint stopped, the
    strikes landing there; a Retreat, which leaves melee, goes all the same)."""
    found = outcomes(know, order)
    if not level.anticipate or not order.path:
        return found
    rule = movement_rule(order.movement_mode)
    pinners = know.pinners()
    if (rule is not None and rule.leaves_melee) or not pinners:
        return found
    first = pinners[0]
    held = outcomes(know, order, {first: attack_tile(know.unit(first), know.me.tile)})
    return grouped(
        [replace(o, probability=o.probability * (1 - PINNED_SHARE)) for o in found]
        + [replace(o, probability=o.probability * PINNED_SHARE) for o in held]
    )


def outcomes(know: Knowledge, order: Order, where: dict[int, Tile] | None = None) -> list[MoveOutcome]:
    """The rules' outcomes of our movement, merged by end, with the others where they stand or
    at `where` (moved first); cached for the declaration (many candidates share a path and the
    kinds of their actions)."""
    key = (
        "outcomes",
        order.path,
        order.facing,
        order.flee,
        tuple((a.kind, a.called_shot) for a in order.actions),
        tuple(sorted(where.items())) if where else (),
    )
    found = know.expect_cache.get(key)
    if found is None:
        found = grouped(movement_outcomes(know.world, know.board, know.me.eid, order, where))
        know.expect_cache[key] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def grouped(found: list[MoveOutcome]) -> list[MoveOutcome]:
    """Movement outcomes with the same end merged (a Sprint has up to twelve)."""
    merged: dict[tuple[Tile, int, bool, int, bool], list[MoveOutcome]] = defaultdict(list)
    for o in found:
        merged[(o.tile, o.facing, o.retreated, int(o.metres + 1e-9), o.fled)].append(o)
    result = []
    for (tile, facing, retreated, _, fled), group in merged.items():
        p = sum(o.probability for o in group)
        result.append(MoveOutcome(p, tile, max(o.metres for o in group), facing, retreated, fled=fled))
    return result
