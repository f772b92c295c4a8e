"""Guessing the declarations still to come after ours: each enemy's best reply (`hard`).

Enemies with better Timing declare after us and see our order.  For each of
them, in declaration order, this builds the reply that serves it best
against what it sees, judged with the rules' odds:

- a strike on any of us it can reach, from the tile around the target where
  its odds are best and the target's worst (a flank: the target's back arc,
  where its defences weaken and its own attacks go into its back), two
  attacks, or one and a defence when it is attacked itself, and a Feint when
  the forecast says it pays;
- a shot at any of us it can see in range, from where it stands or from the
  nearest tile of its normal move that gives it the shot (a step out of cover);
- each valued as what it deals, less what our attacks on it are expected to cost it there
  (its own Injuries, as our levels weigh them): attacked hard enough, it rather stands and
  defends twice, as a player would;
- a walker it can reach where it stands is struck there (it moves first and holds it);
- when it can neither strike nor shoot any of us this round, a walk closer, onto the tile
  of those that close in most that our shooters' odds reach least (behind cover, out of
  sight), with the defence it would add; a defence alone where it cannot walk.

The guessed orders are real `Order`s, so the forecast can then tell exactly
what they would do to us and what our attacks would do to them.  It uses no
dice at all: a guess, not a simulation.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from game.ai.expect import attacks_in_forecast, expected_injuries, forecast, strike_from
from game.ai.facts import Unit, injury_value
from game.ai.knowledge import Knowledge
from game.core.geometry import Tile, bearing_direction
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk
from game.rules.forecast import chance
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import OFFENSIVE, action_specs, movement_rule, spec_of
from game.rules.stats import movement_roll
from game.world import Equipment

SELF_CARE = 0.9  # how much a reply weighs the Injuries its maker takes (as our own levels do)
CLOSING_LOOKS = 4  # tiles that close in most, weighed for our shots at them
CLOSING_APPROACH = 0.25  # a round of walking still to do, in Injuries (as our own levels weigh it)


def predict_later(know: Knowledge, mine: Order) -> dict[int, Order]:
    """The guessed orders of the enemies declaring after us, given our order."""
    orders = {**know.earlier, know.actor: mine}
    guessed: dict[int, Order] = {}
    for eid in know.later:
        enemy = know.unit(eid)
        if enemy.side == know.me.side or not enemy.active:
            continue
        order = reply(know, enemy, orders)
        orders[eid] = order
        guessed[eid] = order
    return guessed


def reply(know: Knowledge, enemy: Unit, orders: Mapping[int, Order]) -> Order:
    """The order that serves `enemy` best against the orders it sees (see the module's doc)."""
    found = _attacks(know, enemy, orders)
    if not found:
        walk = _closing_walk(know, enemy, orders)
        defence = likely_defence(know, enemy, orders, moving=walk is not None)
        actions = (Action(defence),) if defence is not None else ()
        if walk is None:
            return Order(enemy.eid, actions)
        return Order(enemy.eid, actions, walk[0], walk[1])
    # What it deals, less what our attacks on it cost it there (as a player weighs a blow
    # against the blows it walks into): attacked itself, it may rather stand and defend twice.
    guard: tuple[float, Order] | None = None
    defence = likely_defence(know, enemy, orders, moving=False)
    if defence is not None:
        order = Order(enemy.eid, (Action(defence), Action(defence)))
        guard = (-_suffered(know, enemy, {**orders, enemy.eid: order}), order)
    best: tuple[float, Order] | None = None
    for dealt, odds, order in sorted(found, key=lambda f: -f[0]):
        if (guard is not None and dealt < guard[0]) or (best is not None and dealt <= best[0]):
            break  # what it takes only lowers a reply's worth: none left can do better
        value = dealt - odds * _suffered(know, enemy, {**orders, enemy.eid: order})
        if best is None or value > best[0]:
            best = (value, order)
    if guard is not None and (best is None or guard[0] > best[0]):
        return guard[1]
    assert best is not None
    return best[1]


def _closing_walk(
    know: Knowledge, enemy: Unit, orders: Mapping[int, Order]
) -> tuple[tuple[Tile, ...], int] | None:
    """Where an enemy with nothing to attack this round walks (path and facing): closer to
    us, and of the tiles that close in most, the one our shots reach least (behind cover,
    out of sight), as a player would.  None: it cannot walk, nothing closes in, or none of
    us has a shot to walk out of."""
    if enemy.rate <= 0 or know.engaged_now(enemy.eid):
        return None
    ours = [u for u in know.facts.units.values() if u.side == know.me.side and u.active]
    shooters = [u for u in ours if u.shot_kind is not None and not know.engaged_now(u.eid)]
    if not shooters:
        return None  # where it walks matters for our shots; it has nobody to strike this round
    # Nothing here reads our order but where our shooters end: kept for the round.
    key = (know.me.side, enemy.eid, tuple((u.eid, _planned(orders, u)) for u in shooters))
    if key in know.facts.walks:
        return know.facts.walks[key]
    # Closer to where we stand now (our fields serve the whole round); shot from where we end.
    walk = know.reach_map(enemy.eid, float(enemy.rate))
    closer = _closer_tiles(know, enemy, ours)
    found = None
    if closer:
        worth = injury_value(enemy.injuries) * SELF_CARE

        def cost(metres: float, tile: Tile) -> float:
            shots = 0.0
            for unit in shooters:
                assert unit.shot_kind is not None
                spot = _planned(orders, unit)
                shots += expected_injuries(
                    know,
                    unit,
                    unit.shot_kind,
                    enemy,
                    from_tile=spot,
                    target_tile=tile,
                    target_order=None,
                    target_facing=bearing_direction(tile, spot) if tile != spot else enemy.facing,
                )
            return shots * worth + CLOSING_APPROACH * metres / max(1.0, float(enemy.rate))

        _, tile = min((cost(m, t), t) for m, t in closer)
        nearest = min(ours, key=lambda u: (know.distance(tile, u.tile), u.eid))
        facing = bearing_direction(tile, nearest.tile) if tile != nearest.tile else enemy.facing
        found = (tuple(walk.path_to(tile) or ()), facing)
    know.facts.walks[key] = found
    return found


def _closer_tiles(know: Knowledge, enemy: Unit, ours: list[Unit]) -> list[tuple[float, Tile]]:
    """The `CLOSING_LOOKS` tiles of the enemy's normal move nearest to where we stand now (by
    walking), nearer than where it stands, with their metres: nothing of our orders, so kept
    for the round."""
    key = ("closer", know.me.side, enemy.eid)
    found = know.facts.walks.get(key)
    if found is None:
        near = np.minimum.reduce([know.distance_field(u.tile) for u in ours])
        walk = know.reach_map(enemy.eid, float(enemy.rate))
        now = float(near[enemy.tile[1], enemy.tile[0]])
        found = sorted(
            (float(near[t[1], t[0]]), t) for t in walk.iter_tiles() if float(near[t[1], t[0]]) < now - 1e-9
        )[:CLOSING_LOOKS]
        know.facts.walks[key] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def _attacks(know: Knowledge, enemy: Unit, orders: Mapping[int, Order]) -> list[tuple[float, float, Order]]:
    """Each target's best strike and shot for `enemy`: what it deals in Injuries (worth
    included), the chance it finds its target there, and the order."""
    found: list[tuple[float, float, Order]] = []
    engaged = know.engaged_now(enemy.eid)
    walk = know.reach_map(enemy.eid, float(enemy.rate))
    ours = [u for u in know.facts.units.values() if u.side == know.me.side and u.active]
    for target in ours:
        order = orders.get(target.eid)
        facing = _facing(know, orders, target)
        worth = injury_value(target.injuries)
        share = injury_value(enemy.injuries) * SELF_CARE / worth
        for there, odds in _whereabouts(know, target, order):
            spot = strike_from(
                know, enemy, target, there, facing, order, know.strike_tiles(enemy.eid, there), share
            )
            if spot is None:
                continue
            tile, _ = spot
            path = tuple(walk.path_to(tile) or ()) if tile != enemy.tile else ()
            for actions in _strike_sets(know, enemy, target, tile, orders):
                guess = Order(enemy.eid, actions, path, bearing_direction(tile, there))
                found.append((odds * _value(know, enemy, guess, orders), odds, guess))
        if enemy.missile is not None and not engaged:
            there = _planned(orders, target)
            spot = know.vantage(enemy.eid, there)  # where it stands, or a step out of cover
            if spot is not None:
                shot = expected_injuries(
                    know,
                    enemy,
                    ActionKind.MISSILE_STRIKE,
                    target,
                    from_tile=spot,
                    target_tile=there,
                    target_order=order,
                    target_facing=facing,
                    exposed=True,
                    actions=2,
                )
                action = Action(ActionKind.MISSILE_STRIKE, target.eid)
                path = tuple(walk.path_to(spot) or ()) if spot != enemy.tile else ()
                guess = Order(enemy.eid, (action, action), path, bearing_direction(spot, there))
                found.append((2 * shot * worth, 1.0, guess))
    return found


def _strike_sets(
    know: Knowledge, enemy: Unit, target: Unit, tile: Tile, orders: Mapping[int, Order]
) -> list[tuple[Action, ...]]:
    """Two attacks; one and its best defence when it is attacked itself; with a Feint
    wherever an action spec would add one (the forecast then says whether it pays)."""
    one = Action(enemy.attack_kind, target.eid)
    sets: list[tuple[Action, ...]] = [(one, one)]
    defence = likely_defence(know, enemy, orders, moving=tile != enemy.tile)
    if defence is not None:
        sets.append((one, Action(defence)))
    ask = AiAsk(
        know.world,
        know.board,
        know.options,
        enemy.eid,
        tile,
        target.eid,
        orders,
        tile != enemy.tile,
        False,
        True,
    )
    for spec in action_specs(know.options):
        if type(spec).ai_augment is ActionSpec.ai_augment:
            continue
        for actions in list(sets):
            sets += spec.ai_augment(ask, actions)[:1]
    return sets


def _value(know: Knowledge, enemy: Unit, guess: Order, orders: Mapping[int, Order]) -> float:
    """What a reply is worth to its maker: the Injuries it deals (worth included), by the forecast."""
    with_it = {**orders, enemy.eid: guess}
    value = 0.0
    for fc in forecast(know, with_it, enemy.eid):
        target = fc.action.target
        if fc.action.kind in OFFENSIVE and target is not None:
            value += float(fc.expected_injuries) * injury_value(know.unit(target).injuries)
    return value


def _suffered(know: Knowledge, enemy: Unit, orders: Mapping[int, Order]) -> float:
    """What the attacks on `enemy` in `orders` (ours, declared or being judged) cost it, as its
    maker weighs them: expected Injuries × their worth on it × `SELF_CARE`."""
    taken = 0.0
    for eid, order in orders.items():
        if eid == enemy.eid or know.unit(eid).side == enemy.side:
            continue
        if not any(a.target == enemy.eid and a.kind in OFFENSIVE for a in order.actions):
            continue
        for fc in forecast(know, orders, eid):
            if fc.action.target == enemy.eid and attacks_in_forecast(fc.action.kind):
                taken += float(fc.expected_injuries)
    return taken * injury_value(enemy.injuries) * SELF_CARE


def _planned(orders: Mapping[int, Order], unit: Unit) -> Tile:
    order = orders.get(unit.eid)
    return order.path[-1] if order is not None and order.path else unit.tile


def _whereabouts(know: Knowledge, target: Unit, order: Order | None) -> list[tuple[Tile, float]]:
    """Where a melee attacker can hope to find the target, and how likely: a movement that
    may leave melee (a Retreat) nullifies every melee attack on it when it succeeds (CO.18),
    and leaves it in place when it fails.  A walk or a Sprint ends where it was declared to,
    unless the attacker, who moves first (the better Timing), comes within reach of it where
    it stands: then only a Retreat leaves, and it is held there (the forecast says whether)."""
    if order is None or not order.path:
        return [(target.tile, 1.0)]
    rule = movement_rule(order.movement_mode)
    if rule is not None and rule.leaves_melee:
        stays = 1.0 - float(chance(movement_roll(know.world, target.eid, order).total, 1.0))
        return [(target.tile, stays)] if stays > 0 else []
    return [(order.path[-1], 1.0), (target.tile, 1.0)]


def _facing(know: Knowledge, orders: Mapping[int, Order], unit: Unit) -> int:
    order = orders.get(unit.eid)
    if order is not None and order.facing is not None:
        return order.facing
    return unit.facing


def likely_defence(
    know: Knowledge, unit: Unit, orders: Mapping[int, Order], moving: bool
) -> ActionKind | None:
    """The defence an attacked combatant would add: of the defences in play that count
    against what comes at it (their specs say which), the one with its best stat."""
    classes = set()
    for order in orders.values():
        for action in order.actions:
            if action.target == unit.eid and action.kind in OFFENSIVE:
                classes.add(spec_of(action.kind).attack_class)  # type: ignore[attr-defined]
    if not classes:
        return None
    equipment = know.world.get(unit.eid, Equipment)
    best: tuple[int, ActionKind] | None = None
    for spec in know.defences(unit.eid, moving):
        if classes & spec.counters_for(equipment):
            stat = know.stat(unit.eid, spec)
            if best is None or stat > best[0]:
                best = (stat, spec.kind)
    return best[1] if best is not None else None
