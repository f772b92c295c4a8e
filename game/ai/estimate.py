"""Quick float estimates of attacks the engine's forecast cannot know yet.

`game.rules.forecast` is exact, but only for orders that exist.  For an
enemy that declares after us, the AI must guess what it will do; these
helpers give the expected Injuries of such a guessed attack, with the same
ingredients as the rules (d12 ≤ stat, a 12 fails; Defense Penalties equal to
the successful rolls; the facing module's arc costs; cover; range bands; the
Evade cap of CO.15), in floats and without building orders.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from game.ai.knowledge import Knowledge, Unit, chance
from game.core.geometry import Tile
from game.rules.defence import defence_spec, metres_limited, reduced
from game.rules.modules.cover import COVER_PENALTY
from game.rules.modules.facing import BACK, FRONT, arc_of, defence_cost
from game.rules.orders import ActionKind, Order
from game.rules.positions import range_band
from game.rules.registry import DEFENCES
from game.world import Equipment

Dist = dict[int, float]
NO_DEFENCE: Dist = {0: 1.0}


def roll_dist(stat: int) -> Dist:
    """What one defensive roll adds: the roll on a success, else 0."""
    best = max(0, min(stat, 11))
    dist: Dist = {0: (12 - best) / 12}
    for value in range(1, best + 1):
        dist[value] = 1 / 12
    return dist


def convolve(a: Mapping[int, float], b: Mapping[int, float]) -> Dist:
    """The distribution of a sum of two independent terms."""
    out: dict[int, float] = defaultdict(float)
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] += px * py
    return dict(out)


def defence_dist(
    unit: Unit, order: Order | None, attack: ActionKind, arc: str, metres: float, facing_rules: bool
) -> Dist:
    """The Defense Penalty `unit`'s declared defences put on one attack from `arc`."""
    if order is None:
        return NO_DEFENCE
    penalty = max(0, order.action_count - 1)
    by_kind: dict[ActionKind, Dist] = {}
    for action in order.actions:
        kind = action.kind
        if kind not in DEFENCES or attack not in _counters(kind, unit.armed):
            continue
        stat = unit.stats[defence_spec(kind).skill] - penalty
        if kind is ActionKind.PARRY and not unit.stats["parry"]:
            continue
        cost = defence_cost(kind, arc, unit.melee.hands == 2) if facing_rules else 0
        if cost is None:
            continue
        # The arc's cost lowers each roll on its own (RULES.md §8) …
        one: dict[int, float] = defaultdict(float)
        for value, p in roll_dist(stat).items():
            one[reduced(value, cost)] += p
        by_kind[kind] = convolve(by_kind.get(kind, NO_DEFENCE), one)
    total = NO_DEFENCE
    for kind, dist in by_kind.items():
        if defence_spec(kind).limited_by_metres:  # … then the metres moved limit the Evade (CO.15)
            capped: dict[int, float] = defaultdict(float)
            for value, p in dist.items():
                capped[metres_limited(value, int(metres + 1e-9))] += p
            dist = capped
        total = convolve(total, dist)
    return total


def _counters(kind: ActionKind, armed: bool) -> frozenset[str]:
    """The attacks a defence counts against, for a defender with a melee weapon or without one."""
    spec = defence_spec(kind)
    return spec.counters if armed else spec.counters_for(Equipment())


def hit_chance(stat: float, defence: Mapping[int, float]) -> float:
    """P(hit) of an attack at `stat` against a Defense Penalty distribution."""
    return sum(p * chance(stat - d) for d, p in defence.items())


def melee_estimate(
    know: Knowledge,
    attacker: Unit,
    target: Unit,
    target_tile: Tile,
    target_order: Order | None,
    target_facing: int,
    from_tile: Tile,
    metres: float = 0.0,
    actions: int = 1,
) -> float:
    """Expected Injuries of one melee attack by `attacker` from `from_tile`."""
    arc = arc_of(target_tile, target_facing, from_tile) if know.options.facing else FRONT
    kind = attacker.attack_kind
    defence = defence_dist(target, target_order, kind, arc, metres, know.options.facing)
    stat = attacker.stats["strike"] - (actions - 1)
    return hit_chance(stat, defence) * target.fail_withstand(attacker.melee)


def missile_estimate(
    know: Knowledge,
    attacker: Unit,
    from_tile: Tile,
    target: Unit,
    target_tile: Tile,
    target_order: Order | None,
    target_facing: int,
    metres: float = 0.0,
    exposed: bool = True,
    actions: int = 1,
) -> float:
    """Expected Injuries of one Missile Strike from `from_tile` (0 if out of range or sight)."""
    weapon = attacker.missile
    if weapon is None or from_tile == target_tile:
        return 0.0
    band = range_band(know.distance(from_tile, target_tile), weapon)
    if band is None or not know.sees(from_tile, target_tile):
        return 0.0
    cover = know.cover(from_tile, target_tile)
    if cover == "high" and not exposed:
        return 0.0  # hidden behind high cover: nullified
    arc = arc_of(target_tile, target_facing, from_tile) if know.options.facing else FRONT
    defence = defence_dist(target, target_order, ActionKind.MISSILE_STRIKE, arc, metres, know.options.facing)
    stat = attacker.stats["missile"] - (actions - 1) + band[1] + COVER_PENALTY[cover]
    return hit_chance(stat, defence) * target.fail_withstand(weapon)


def arc_bonus(know: Knowledge, target: Unit, target_tile: Tile, from_tile: Tile) -> float:
    """How much better attacking from `from_tile` is than from the front (facing module)."""
    if not know.options.facing:
        return 0.0
    arc = arc_of(target_tile, know.facing_of(target.eid), from_tile)
    return {BACK: 1.0, "left": 0.5, "right": 0.25}.get(arc, 0.0)
