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
from dataclasses import dataclass, replace
from fractions import Fraction

from game.core.geometry import Tile
from game.core.modifiers import BEST_ROLL, Breakdown
from game.rules.api.action import ActionSpec
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import ActionForecast, ForecastAsk
from game.rules.api.state import Trail
from game.rules.board import Board
from game.rules.chances import ONE, TWELFTH, chance, convolve, roll_value_dist, scaled
from game.rules.defence import defences_counted
from game.rules.flight import why_not_fled
from game.rules.moving import move, start_moving
from game.rules.odds import IMPOSSIBLE, AttackOdds, guard_of
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import engaged_with, name_of, planned_tile
from game.rules.registry import FEINTABLE, OFFENSIVE, action_specs, derived, spec_of
from game.rules.stats import movement_roll
from game.rules.still import remembered
from game.world import World

__all__ = [
    "ActionForecast",
    "ForecastAsk",
    "MoveOutcome",
    "chance",
    "convolve",
    "forecast_order",
    "flight_chance",
    "movement_outcomes",
    "roll_value_dist",
    "scaled",
]


@dataclass(frozen=True)
class MoveOutcome:
    """One way a combatant's movement this round can turn out.

    `metres` are the metres of ground covered (they limit an Evade, CO.15);
    `lost` are the defences cancelled by melee at the moment of moving (an Evade);
    `trail` how it moved (rules modules read it: a Charge's straight run).
    """

    probability: Fraction
    tile: Tile
    metres: float
    facing: int
    retreated: bool = False
    lost: tuple[ActionKind, ...] = ()
    trail: Trail = Trail()
    fled: bool = False
    """It stepped off the map from `tile` (`game.rules.flight`): out of the battle."""


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
    placed = tuple(sorted(where.items())) if where else ()
    key = ("moves", id(board), eid, order, placed)
    return remembered(key, lambda: _movement_outcomes(world, board, eid, order, where), world)


def _movement_outcomes(
    world: World, board: Board, eid: int, order: Order, where: Mapping[int, Tile] | None
) -> list[MoveOutcome]:
    start = start_moving(world, board, eid, order, where)

    def outcome(die: int | None, p: Fraction) -> MoveOutcome:
        succeeded = start.succeeded(die)
        retreated = succeeded and start.rule is not None and start.rule.leaves_melee
        allowed = start.allowed(die)
        held = start.held(succeeded)
        walked = move(world, board, eid, order, allowed, held, where)
        trail = Trail(start.mode, walked.tiles, walked.ground)
        fled = order.flee and not why_not_fled(
            board, order, walked.tiles, walked.metres, allowed, walked.stop, bool(held)
        )
        return MoveOutcome(
            p, walked.tiles[-1], walked.ground, walked.facing, retreated, start.lost, trail, fled
        )

    if not start.rolls:
        return [outcome(None, ONE)]
    best = max(0, min(movement_roll(world, eid, order).total, BEST_ROLL))
    return [outcome(r, TWELFTH) for r in range(1, best + 1)] + [outcome(None, Fraction(12 - best, 12))]


def flight_chance(world: World, board: Board, eid: int, order: Order) -> Fraction:
    """The chance that the order's movement takes `eid` off the map (0 for an order that does
    not mean to flee), with everyone else where they stand now."""
    if not order.flee:
        return Fraction(0)
    return sum((o.probability for o in movement_outcomes(world, board, eid, order) if o.fled), Fraction(0))


def arrival_chance(world: World, board: Board, eid: int, order: Order) -> Fraction:
    """The chance that the order's movement ends where its path does (1 with no path), with
    everyone else where they stand now: a Sprint or Retreat that fails, or succeeds with too
    low a roll for the whole path, stops short."""
    if not order.path:
        return Fraction(1)
    end = order.path[-1]
    ways = movement_outcomes(world, board, eid, order)
    return sum((o.probability for o in ways if o.tile == end), Fraction(0))


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


def forecast_order(
    world: World,
    board: Board,
    orders: Mapping[int, Order],
    actor: int,
    options: RuleOptions | None = None,
    timing: Sequence[int] | None = None,
    one: Fraction | float = ONE,
) -> list[ActionForecast]:
    """A forecast for every action in `orders[actor]`, under the battle's rules modules.

    `timing` (best first) says who moves first; without it `orders` are read in
    declaration order (see `moves_first`).  Exact fractions by default; `one=1.0`
    gives the attacks' chances in floats (the AI's many quick looks, same rules).
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
            for aimed in _aimed(world, board, orders, actor, action):
                result.append(
                    _forecast_attack(world, board, orders, actor, index, aimed, served, options, timing, one)
                )
        else:
            ask = ForecastAsk(world, board, orders, actor, index, action, options, timing)
            own = spec_of(action.kind).forecast(ask)
            result.append(own if own is not None else _forecast_roll(world, order, actor, index, action))
    kinds = {a.kind for a in order.actions}
    for spec in _adjusting_specs():
        if spec.kind in kinds:
            result = spec.adjust_forecasts(result)
    return result


def _adjusting_specs() -> list[ActionSpec]:
    """The registered specs, in order, that take a last look at an order's forecasts (those
    whose `adjust_forecasts` is their own: the others hand the forecasts back as they are)."""
    return derived(
        "adjusting forecasts",
        lambda: [s for s in action_specs() if type(s).adjust_forecasts is not ActionSpec.adjust_forecasts],
    )


def _aimed(
    world: World, board: Board, orders: Mapping[int, Order], actor: int, action: Action
) -> list[Action]:
    """The attack once per combatant it is rolled against (`AttackSpec.victims`: its
    target, or everyone in the area it sprays), from where each means to stand."""
    spec = spec_of(action.kind)
    if action.target is None or not isinstance(spec, AttackSpec):
        return [action]
    here, there = planned_tile(world, actor, orders), planned_tile(world, action.target, orders)
    victims = spec.victims(world, board, actor, action, here, there)
    return [action if v == action.target else replace(action, target=v) for v in victims] or [action]


def _forecast_roll(world: World, order: Order, actor: int, index: int, action: Action) -> ActionForecast:
    """Feints, defences and movement rolls: the plain chance of the roll (certain without one)."""
    breakdown = spec_of(action.kind).roll_breakdown(world, actor, order)
    if breakdown is None:  # Retrieve: no roll, decided by Timing
        return ActionForecast(actor, index, action, ONE, ONE, Fraction(0), Fraction(0), None)
    p = chance(breakdown.total)
    return ActionForecast(actor, index, action, p, p, Fraction(0), Fraction(0), breakdown)


def forecast_odds(
    world: World,
    board: Board,
    actor: int,
    order: Order,
    action: Action,
    target_order: Order | None,
    slot: int | None,
    options: RuleOptions,
    one: Fraction | float,
) -> AttackOdds:
    """The `AttackOdds` of one attack of an order, remembered while the world stands still
    (`game.rules.still`): the AI forecasts the same attack against many orders of its
    target that guard alike (`Guard`), and each looks at the same situations."""
    guard = (
        guard_of(world, board, action.target, target_order, options) if action.target is not None else None
    )
    key = ("forecast odds", id(board), actor, order, action, guard, slot, options, one, type(one))
    return remembered(
        key,
        lambda: AttackOdds(world, board, actor, order, action, target_order, slot, options, one, guard),
        world,
    )


def _times(p: Fraction, pf: float, x: Fraction | float) -> Fraction | float:
    """`p * x`, with `pf` (`float(p)`) standing in for `p` when `x` is a float: the same
    number (Fraction's arithmetic with a float converts it first), without the conversion."""
    return pf * x if type(x) is float else p * x


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
    one: Fraction | float = ONE,
) -> ActionForecast:
    """Every way the two combatants' movements can turn out, each with `AttackOdds`."""
    target = action.target
    odds = forecast_odds(
        world, board, actor, orders[actor], action, orders.get(target) if target else None, slot, options, one
    )
    zero = 0 * one
    if not odds.possible or target is None:
        return ActionForecast(actor, index, action, zero, zero, ONE, zero, None, reason=IMPOSSIBLE)
    success = part_hit = nullified = expected = zero
    first: Breakdown | None = None
    notes: tuple[str, ...] = ()
    reason = ""
    if moves_first(orders, actor, target, timing):
        pairs = joint_movement(world, board, orders, actor, target)
    else:
        pairs = [(mine, theirs) for theirs, mine in joint_movement(world, board, orders, target, actor)]
    for mine, theirs in pairs:
        # (a certain movement's chance is ONE: the product is the other's, without the arithmetic)
        pa, pb = mine.probability, theirs.probability
        p = pb if pa is ONE else pa if pb is ONE else pa * pb
        if mine.fled or theirs.fled:
            nullified += p
            who = actor if mine.fled else target
            reason = reason or f"{name_of(world, who)} flees off the map first"
            continue
        engaged = bool(engaged_with(world, board, actor, at=mine.tile, where={target: theirs.tile}))
        where = (mine.tile, mine.facing, theirs.tile, theirs.facing, theirs.retreated, engaged)
        found = odds.at_place(*where, (mine.trail, theirs.trail), metres=theirs.metres, lost=theirs.lost)
        if found.breakdown is None:
            nullified += p
            reason = reason or found.reason
            continue
        if found.nullified:
            nullified += p * found.nullified
            reason = reason or found.reason
        if first is None:
            first = found.breakdown
            notes = odds.notes(odds.situation(*where, (mine.trail, theirs.trail)), found.breakdown)
        # A Fraction times a float is the float of the Fraction times it: worked out once.
        pf = float(p)
        success += _times(p, pf, found.success)
        part_hit += _times(p, pf, found.part_hit)
        expected += _times(p, pf, found.expected_injuries)
    return ActionForecast(
        actor, index, action, success, part_hit, nullified, expected, first, tuple(odds.uncertain), reason,
        notes, defences_counted(world, orders, action),
    )  # fmt: skip
