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

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.rules.actions import DEFENCES, FEINTABLE, OFFENSIVE, Action, ActionKind, Order
from game.rules.attack import CALLED_SHOT, Situation, attack_breakdown, defence_costs
from game.rules.board import Board
from game.rules.defence import (
    DEFENCE_SKILL,
    DefenceResult,
    counters,
    evade_limited,
    parry_modifiers,
    parry_weapon,
    reduced,
)
from game.rules.injury import withstand_breakdown
from game.rules.moving import move, start_moving
from game.rules.options import RuleOptions
from game.rules.positions import engaged_with
from game.rules.stats import WEAPONLESS_FEINT, movement_roll, skill_roll
from game.rules.validate import weapon_for
from game.world import Condition, Equipment, World

Dist = dict[int, Fraction]
ONE = Fraction(1)
TWELFTH = Fraction(1, 12)


def chance(target: int) -> Fraction:
    """P(d12 ≤ target and not 12)."""
    return Fraction(max(0, min(target, 11)), 12)


def roll_value_dist(target: int) -> Dist:
    """The value a defensive (or Grip) roll adds: the roll on success, else 0."""
    best = max(0, min(target, 11))
    dist: Dist = {0: Fraction(12 - best, 12)}
    for value in range(1, best + 1):
        dist[value] = dist.get(value, Fraction(0)) + TWELFTH
    return dist


def convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of two independent variables."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] += px * py
    return dict(out)


def scaled(dist: Dist, factor: int) -> Dist:
    """Distribution of factor × X."""
    return {factor * k: p for k, p in dist.items()}


@dataclass(frozen=True)
class MoveOutcome:
    """One way a combatant's movement this round can turn out.

    `metres` are the metres of ground covered (they limit an Evade, CO.15);
    `evade_lost` says an Evade was cancelled by melee at the moment of moving.
    """

    probability: Fraction
    tile: Tile
    metres: float
    facing: int
    retreated: bool = False
    evade_lost: bool = False


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
        retreated = start.mode == "retreat" and die is not None
        walked = move(world, board, eid, order, start.allowed(die), start.held(retreated), where)
        return MoveOutcome(p, walked.tiles[-1], walked.ground, walked.facing, retreated, start.evade_lost)

    if not start.rolls:
        return [outcome(None, ONE)]
    best = max(0, min(movement_roll(world, eid, order).total, 11))
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
    strike_index = 0
    for index, action in enumerate(order.actions):
        feint_slot = None
        if action.kind in FEINTABLE:
            feint_slot = strike_index
            strike_index += 1
        if action.kind in OFFENSIVE:
            result.append(
                _forecast_attack(world, board, orders, actor, index, action, feint_slot, options, timing)
            )
        else:
            result.append(_forecast_roll(world, orders, actor, index, action))
    # The i-th Feint goes with the i-th Strike or Brawl: nullified, and not rolled, exactly
    # when that attack cannot reach its target after movement (docs/rulings.md).
    served = [f for f in result if f.action.kind in FEINTABLE]
    feints = [i for i, f in enumerate(result) if f.action.kind is ActionKind.FEINT]
    for slot, i in enumerate(feints[: len(served)]):
        feint, attack = result[i], served[slot]
        if attack.nullified:
            kept = 1 - attack.nullified
            result[i] = replace(
                feint,
                success=feint.success * kept,
                part_hit=feint.part_hit * kept,
                nullified=attack.nullified,
                reason=attack.reason,
            )
    return result


def _feint_breakdown(world: World, actor: int, order: Order) -> Breakdown:
    breakdown = skill_roll(world, actor, "feint", order)
    if world.get(actor, Equipment).melee_weapon() is None:
        breakdown = breakdown.plus(Modifier("Weaponless Penalty", WEAPONLESS_FEINT))
    return breakdown


def _forecast_roll(
    world: World, orders: Mapping[int, Order], actor: int, index: int, action: Action
) -> ActionForecast:
    """Feints, defences and movement rolls: the plain chance of the roll."""
    order = orders[actor]
    if action.kind is ActionKind.FEINT:
        breakdown: Breakdown | None = _feint_breakdown(world, actor, order)
    elif action.kind in DEFENCES:
        breakdown = skill_roll(world, actor, DEFENCE_SKILL[action.kind], order)
        if action.kind is ActionKind.PARRY:
            breakdown = breakdown.plus(*parry_modifiers(world.get(actor, Equipment)))
    elif action.kind in (ActionKind.SPRINT, ActionKind.RETREAT):
        breakdown = movement_roll(world, actor, order)
    else:  # Retrieve: no roll, decided by Timing
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
    feint_slot: int | None,
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
    kind = action.kind

    # Random terms that add to (or take from) the modified stat.
    uncertain: list[tuple[str, tuple[int, ...]]] = []
    own: Dist = {0: ONE}  # Feint Bonus and Grip Penalty: independent of positions
    armed = parry_weapon(world.get(target, Equipment)) is not None
    defences: dict[ActionKind, list[Dist]] = {}  # one distribution per declared defence roll
    parrying = exposed = False
    if target_order is not None:
        parrying = target_order.has(ActionKind.PARRY)
        exposed = any(a.kind in OFFENSIVE for a in target_order.actions)
        for defence in target_order.actions:
            if defence.kind not in DEFENCES or kind not in counters(defence.kind, armed):
                continue
            stat = skill_roll(world, target, DEFENCE_SKILL[defence.kind], target_order)
            if defence.kind is ActionKind.PARRY:
                stat = stat.plus(*parry_modifiers(world.get(target, Equipment)))
            defences.setdefault(defence.kind, []).append(roll_value_dist(stat.total))
    for kind_, dists in defences.items():
        total: Dist = {0: ONE}
        for dist in dists:
            total = convolve(total, dist)
        uncertain.append((kind_.label, tuple(-v for v in sorted(total))))
    if kind in FEINTABLE and feint_slot is not None and feint_slot < order.count(ActionKind.FEINT):
        p_feint = chance(_feint_breakdown(world, actor, order).total)
        bonus = world.get(actor, Sheet).skill("feint")
        own = convolve(own, {0: 1 - p_feint, bonus: p_feint} if bonus else {0: ONE})
        uncertain.append(("Feint Bonus", (0, bonus)))
    if kind is ActionKind.DISARM:
        values = roll_value_dist(skill_roll(world, target, "grip", None).total)
        own = convolve(own, scaled(values, -1))
        uncertain.append(("Grip Penalty", tuple(-v for v in sorted(values))))

    success = part_hit = nullified = expected = zero
    first: Breakdown | None = None
    defeated = world.get(target, Condition).defeated
    fail_torso = 1 - chance(withstand_breakdown(world, target, weapon, False).total)
    vulnerable = bool(action.called_shot and action.called_shot.vulnerable and not defeated)
    fail_part = 1 - chance(withstand_breakdown(world, target, weapon, vulnerable).total)
    part_injuries = 2 if vulnerable else 1
    reason = ""
    deltas: dict[tuple[str, int], Dist] = {}
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
            DefenceResult(parrying=parrying),
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
        costs, arc = defence_costs(world, target, situation)
        # Evade counts only the whole metres actually moved, and nothing in melee (CO.15).
        cap = 0 if theirs.evade_lost else int(theirs.metres + 1e-9)
        key = (arc, cap)
        if key not in deltas:
            deltas[key] = _defence_delta(defences, costs, cap, own)
        general_base = base.without(CALLED_SHOT).total
        for d, q in deltas[key].items():
            hit_part = chance(base.total + d)
            hit_any = chance(general_base + d)
            success += p * q * hit_any
            part_hit += p * q * hit_part
            if kind is not ActionKind.DISARM:
                expected += p * q * (hit_part * fail_part * part_injuries + (hit_any - hit_part) * fail_torso)
    return ActionForecast(
        actor, index, action, success, part_hit, nullified, expected, first, tuple(uncertain), reason
    )


def _defence_delta(
    defences: Mapping[ActionKind, list[Dist]],
    costs: Mapping[ActionKind, int | None],
    evade_metres: int,
    own: Dist,
) -> Dist:
    """Distribution of everything random added to the stat for one arc and Evade limit:
    each defence roll reduced by its arc's cost on its own (RULES.md §8), summed per
    kind, the Evade sum limited by the metres moved (CO.15)."""
    delta = own
    for kind, dists in defences.items():
        cost = costs.get(kind, 0)
        if cost is None:
            continue  # this defence cannot face the attacker
        total: Dist = {0: ONE}
        for dist in dists:
            total = convolve(total, _merge((reduced(v, cost), q) for v, q in dist.items()))
        if kind is ActionKind.EVADE:
            total = _merge((evade_limited(v, evade_metres), q) for v, q in total.items())
        delta = convolve(delta, scaled(total, -1))
    return delta


def _merge(items: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]]) -> Dist:
    out: dict[int, Fraction] = defaultdict(Fraction)
    pairs = items.items() if isinstance(items, Mapping) else items
    for k, p in pairs:
        out[k] += p
    return dict(out)
