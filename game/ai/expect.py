"""What the AI expects of attacks nobody has declared yet, asked of the rules' own odds.

The forecast is exact, but only for orders that exist.  For an enemy that
declares after us (or for our own attack next round) the AI imagines the
attack and asks `game.rules.odds.attack_odds` about it, in floats: the same
modified stat, defences, arcs, cover, range bands, modules and Withstand
Injury as the real thing, so no rule is written twice.  Answers are cached for
the declaration: the same question comes back for many candidates.
"""

from __future__ import annotations

from game.ai.knowledge import Knowledge, Unit
from game.core.geometry import Tile, bearing_direction
from game.rules.odds import attack_odds
from game.rules.orders import Action, ActionKind, Order


def expected_injuries(
    know: Knowledge,
    attacker: Unit,
    kind: ActionKind,
    target: Unit,
    *,
    from_tile: Tile,
    target_tile: Tile,
    target_order: Order | None,
    target_facing: int,
    metres: float = 0.0,
    exposed: bool | None = None,
    actions: int = 1,
) -> float:
    """Expected Injuries of one attack of `kind` by `attacker` from `from_tile` (facing the
    target) on `target` at `target_tile`, against the defences of `target_order`; 0 when the
    attack would be nullified (out of reach, range or sight, hidden in cover …).  `actions`
    is the number of actions the attacker declares (its Action Penalty)."""
    key = (
        attacker.eid,
        kind,
        target.eid,
        from_tile,
        target_tile,
        target_order,
        target_facing,
        metres,
        exposed,
        actions,
    )
    found = know.expect_cache.get(key)
    if found is None:
        action = Action(kind, target.eid)
        facing = bearing_direction(from_tile, target_tile) if from_tile != target_tile else attacker.facing
        odds = attack_odds(
            know.world,
            know.board,
            attacker.eid,
            action,
            at=from_tile,
            facing=facing,
            target_at=target_tile,
            target_facing=target_facing,
            order=Order(attacker.eid, (action,) * actions),
            target_order=target_order,
            target_metres=metres,
            exposed=exposed,
            options=know.options,
        )
        found = know.expect_cache[key] = float(odds.expected_injuries)
    return found


def hit_chance(
    know: Knowledge, attacker: Unit, kind: ActionKind, target: Unit, from_tile: Tile, target_tile: Tile
) -> float:
    """P(one attack of `kind` from `from_tile` hits `target` at `target_tile`, facing as it
    declared or faces now, defending as it declared): how good a spot to attack from is."""
    key = ("hit", attacker.eid, kind, target.eid, from_tile, target_tile)
    found = know.expect_cache.get(key)
    if found is None:
        action = Action(kind, target.eid)
        facing = bearing_direction(from_tile, target_tile) if from_tile != target_tile else attacker.facing
        odds = attack_odds(
            know.world,
            know.board,
            attacker.eid,
            action,
            at=from_tile,
            facing=facing,
            target_at=target_tile,
            target_facing=know.facing_of(target.eid),
            target_order=know.earlier.get(target.eid),
            options=know.options,
        )
        found = know.expect_cache[key] = float(odds.success)
    return found
