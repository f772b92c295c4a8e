"""Exact success chances of declared actions, without rolling any dice.

Given the orders declared so far (the actor's own tentative order included),
`forecast_order` gives, for each action of one combatant, the exact
probability that it succeeds, the chance it is nullified (target out of
reach, out of range, Retreated …) and the expected Injuries it deals.  It
enumerates every outcome of the rolls that matter: the target's declared
defences, the attacker's Feint, the target's Grip, and Sprint or Retreat rolls
that move either of them.  The UI shows these numbers and the AI ranks orders
with them; neither touches the game's dice.

The attacker and its target move as the round moves them (`game.rules.moving`):
the better Timing first, the other finding it where it ended, each judged on
engagement at its moment of moving; each defence roll is reduced by the arc on
its own; a Feint is nullified exactly when its Strike cannot reach.  What it
assumes: the attacker is still standing when it acts; combatants other than
the attacker and its target stay where they are; defences of a target that
has not declared yet are unknown and count as none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.core.geometry import Tile
from game.core.modifiers import BEST_ROLL, Breakdown
from game.rules.actions.base import AttackSpec, weapon_for
from game.rules.attack import (
    CALLED_SHOT,
    AttackContext,
    Situation,
    attack_breakdown,
    attack_spec,
    defence_costs,
)
from game.rules.board import Board
from game.rules.chances import ONE, TWELFTH, Dist, chance, convolve, merge, roll_value_dist, scaled
from game.rules.defence import DefenceResult, defence_spec, metres_limited, reduced
from game.rules.injury import withstand_breakdown
from game.rules.moving import move, start_moving
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import engaged_with
from game.rules.registry import DEFENCES, FEINTABLE, OFFENSIVE, action_specs, spec_of
from game.rules.stats import movement_roll
from game.world import Condition, Equipment, World

__all__ = [
    "ActionForecast",
    "MoveOutcome",
    "chance",
    "convolve",
    "forecast_order",
    "movement_outcomes",
    "roll_value_dist",
    "scaled",
]


@dataclass(frozen=True)
class MoveOutcome:
    """One way a combatant's movement this round can turn out.

    `metres` are the metres of ground covered (they limit an Evade, CO.15);
    `lost` are the defences cancelled by melee at the moment of moving (an Evade).
    """

    probability: Fraction
    tile: Tile
    metres: float
    facing: int
    retreated: bool = False
    lost: tuple[ActionKind, ...] = ()


def movement_outcomes(
    world: World,
    board: Board,
    eid: int,
    order: Order | None,
    where: Mapping[int, Tile] | None = None,
) -> list[MoveOutcome]:
    """Every end tile the order's movement can reach, with its probability.

    Others stand where they are now, or at `where` (someone with better Timing
    who has already moved): the same rules as the round (`game.rules.moving`).
    """
    if order is None:
        order = Order(eid)
    start = start_moving(world, board, eid, order, where)

    def outcome(die: int | None, p: Fraction) -> MoveOutcome:
        succeeded = die is not None
        retreated = succeeded and start.rule is not None and start.rule.leaves_melee
        walked = move(world, board, eid, order, start.allowed(die), start.held(succeeded), where)
        return MoveOutcome(p, walked.tiles[-1], walked.ground, walked.facing, retreated, start.lost)

    if not start.rolls:
        return [outcome(None, ONE)]
    best = max(0, min(movement_roll(world, eid, order).total, BEST_ROLL))
    return [outcome(r, TWELFTH) for r in range(1, best + 1)] + [outcome(None, Fraction(12 - best, 12))]


def joint_movement(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    first: int,
    second: int,
) -> list[tuple[MoveOutcome, MoveOutcome]]:
    """Every way two combatants' movements can turn out together, `first` (the
    better Timing) moving before `second`, who finds it where it ended."""
    pairs = []
    then: dict[Tile, list[MoveOutcome]] = {}
    for one in movement_outcomes(world, board, first, orders.get(first)):
        if one.tile not in then:
            then[one.tile] = movement_outcomes(world, board, second, orders.get(second), {first: one.tile})
        pairs += [(one, two) for two in then[one.tile]]
    return pairs


def moves_first(orders: Mapping[int, Order], a: int, b: int, timing: Sequence[int] | None) -> bool:
    """Whether `a` moves before `b`: the better Timing moves first.  Without the Timing
    order, `orders` are read in declaration order (worst Timing first), and a
    combatant that has not declared yet has better Timing than everyone who has."""
    if timing is not None and a in timing and b in timing:
        return timing.index(a) < timing.index(b)
    declared = list(orders)
    rank_a = declared.index(a) if a in orders else len(declared)
    rank_b = declared.index(b) if b in orders else len(declared)
    return rank_a > rank_b


@dataclass(frozen=True)
class ActionForecast:
    """What one declared action can expect.

    `success` is P(the roll succeeds); for an attack it counts a Called Shot's
    general hit too, and `part_hit` is P(the called part is hit).  `nullified`
    is P(the action cannot happen at resolution).  `breakdown` is the modified
    stat with every certain modifier (before defences, Feint, Grip); the
    uncertain ones are in `uncertain`, as (name, possible values).
    """

    actor: int
    index: int
    action: Action
    success: Fraction
    part_hit: Fraction
    nullified: Fraction
    expected_injuries: Fraction
    breakdown: Breakdown | None
    uncertain: tuple[tuple[str, tuple[int, ...]], ...] = ()
    reason: str = ""

    @property
    def percent(self) -> float:
        """Success chance in percent, for display."""
        return float(self.success) * 100


def forecast_order(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    actor: int,
    options: RuleOptions | None = None,
    timing: Sequence[int] | None = None,
) -> list[ActionForecast]:
    """A forecast for every action in `orders[actor]`, under the battle's rules modules.

    `timing` (best first) says who moves first; without it `orders` are read in
    declaration order (see `moves_first`).
    """
    options = options or RuleOptions()
    order = orders[actor]
    result = []
    slot = 0
    for index, action in enumerate(order.actions):
        served = None
        if action.kind in FEINTABLE:
            served, slot = slot, slot + 1
        if action.kind in OFFENSIVE:
            result.append(
                _forecast_attack(world, board, orders, actor, index, action, served, options, timing)
            )
        else:
            result.append(_forecast_roll(world, order, actor, index, action))
    for spec in action_specs():
        if order.has(spec.kind):
            result = spec.adjust_forecasts(result)
    return result


def _forecast_roll(world: World, order: Order, actor: int, index: int, action: Action) -> ActionForecast:
    """Feints, defences and movement rolls: the plain chance of the roll (certain without one)."""
    breakdown = spec_of(action.kind).roll_breakdown(world, actor, order)
    if breakdown is None:  # Retrieve: no roll, decided by Timing
        return ActionForecast(actor, index, action, ONE, ONE, Fraction(0), Fraction(0), None)
    p = chance(breakdown.total)
    return ActionForecast(actor, index, action, p, p, Fraction(0), Fraction(0), breakdown)


def _forecast_attack(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    actor: int,
    index: int,
    action: Action,
    slot: int | None,
    options: RuleOptions,
    timing: Sequence[int] | None,
) -> ActionForecast:
    order = orders[actor]
    target = action.target
    zero = Fraction(0)
    weapon = weapon_for(world.get(actor, Equipment), action)
    if weapon is None or target is None or world.get(target, Condition).dead:
        return ActionForecast(actor, index, action, zero, zero, ONE, zero, None, reason="impossible")
    target_order = orders.get(target)
    spec: AttackSpec = attack_spec(action.kind)

    # Random terms that add to (or take from) the modified stat.
    uncertain: list[tuple[str, tuple[int, ...]]] = []
    own: Dist = {0: ONE}  # the attacker's own terms (Feint Bonus, Grip Penalty): independent of positions
    target_equipment = world.get(target, Equipment)
    defences: dict[ActionKind, list[Dist]] = {}  # one distribution per declared defence roll
    declared: frozenset[ActionKind] = frozenset()
    exposed = False
    if target_order is not None:
        declared = frozenset(a.kind for a in target_order.actions if a.kind in DEFENCES)
        exposed = any(a.kind in OFFENSIVE for a in target_order.actions)
        for defence in target_order.actions:
            if defence.kind not in DEFENCES:
                continue
            dspec = defence_spec(defence.kind)
            if spec.attack_class not in dspec.counters_for(target_equipment):
                continue
            stat = dspec.roll_breakdown(world, target, target_order)
            assert stat is not None
            defences.setdefault(defence.kind, []).append(roll_value_dist(stat.total))
    for kind_, dists in defences.items():
        total: Dist = {0: ONE}
        for dist in dists:
            total = convolve(total, dist)
        uncertain.append((kind_.label, tuple(-v for v in sorted(total))))
    for name, dist, shown in spec.own_terms(world, actor, order, action, slot):
        own = convolve(own, dist)
        uncertain.append((name, shown))

    success = part_hit = nullified = expected = zero
    first: Breakdown | None = None
    defeated = world.get(target, Condition).defeated
    fail_torso = 1 - chance(withstand_breakdown(world, target, weapon, False).total)
    vulnerable = bool(action.called_shot and action.called_shot.vulnerable and not defeated)
    fail_part = 1 - chance(withstand_breakdown(world, target, weapon, vulnerable).total)
    part_injuries = 2 if vulnerable else 1
    reason = ""
    deltas: dict[tuple[str, int, tuple[ActionKind, ...]], Dist] = {}
    if moves_first(orders, actor, target, timing):
        pairs = joint_movement(world, board, orders, actor, target)
    else:
        pairs = [(mine, theirs) for theirs, mine in joint_movement(world, board, orders, target, actor)]
    for mine, theirs in pairs:
        p = mine.probability * theirs.probability
        engaged = bool(engaged_with(world, board, actor, at=mine.tile, where={target: theirs.tile}))
        situation = Situation(
            mine.tile,
            theirs.tile,
            DefenceResult(declared=declared),
            target_retreated=theirs.retreated,
            target_defeated=defeated,
            attacker_engaged=engaged,
            attacker_facing=mine.facing,
            target_facing=theirs.facing,
            target_exposed=exposed,
            options=options,
        )
        base = attack_breakdown(world, board, actor, order, action, weapon, situation)
        if isinstance(base, str):
            nullified += p
            reason = reason or base
            continue
        first = first or base
        costs, arc = defence_costs(AttackContext(world, board, actor, order, action, weapon, situation))
        # Evade counts only the whole metres actually moved, and nothing in melee (CO.15).
        key = (arc, int(theirs.metres + 1e-9), theirs.lost)
        if key not in deltas:
            deltas[key] = _defence_delta(defences, costs, key[1], theirs.lost, own)
        general_base = base.without(CALLED_SHOT).total
        for d, q in deltas[key].items():
            hit_part = chance(base.total + d)
            hit_any = chance(general_base + d)
            success += p * q * hit_any
            part_hit += p * q * hit_part
            if spec.deals_injury:
                expected += p * q * (hit_part * fail_part * part_injuries + (hit_any - hit_part) * fail_torso)
    return ActionForecast(
        actor, index, action, success, part_hit, nullified, expected, first, tuple(uncertain), reason
    )


def _defence_delta(
    defences: Mapping[ActionKind, list[Dist]],
    costs: Mapping[ActionKind, int | None],
    metres: int,
    lost: tuple[ActionKind, ...],
    own: Dist,
) -> Dist:
    """Distribution of everything random added to the stat for one arc and metres moved:
    each defence roll reduced by its arc's cost on its own (RULES.md §8), summed per kind,
    a sum limited by metres capped by the metres moved (CO.15), defences lost to melee dropped."""
    delta = own
    for kind, dists in defences.items():
        cost = costs.get(kind, 0)
        if cost is None or kind in lost:
            continue  # this defence cannot face the attacker, or was lost in melee
        total: Dist = {0: ONE}
        for dist in dists:
            total = convolve(total, merge((reduced(v, cost), q) for v, q in dist.items()))
        if defence_spec(kind).limited_by_metres:
            total = merge((metres_limited(v, metres), q) for v, q in total.items())
        delta = convolve(delta, scaled(total, -1))
    return delta
