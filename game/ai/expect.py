"""What the AI expects of attacks, asked of the rules' own odds and forecast.

The forecast is exact, but only for orders that exist.  For an enemy that
declares after us (or for our own attack next round) the AI imagines the
attack and asks `game.rules.odds.attack_odds` about it, in floats: the same
modified stat, defences, arcs, cover, range bands, modules and Withstand
Injury as the real thing, so no rule is written twice.  Answers are cached:
for the declaration (`Knowledge.expect_cache`), or for the whole round when
they depend on nothing declared (`RoundFacts.odds`): the same question comes
back for many candidates and many declarers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.ai.facts import Unit
from game.ai.knowledge import Knowledge
from game.core.geometry import Tile, bearing_direction
from game.rules.api.action import ActionSpec
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import ActionForecast
from game.rules.api.state import Trail
from game.rules.forecast import forecast_odds, forecast_order, movement_outcomes
from game.rules.odds import attack_odds
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import MELEE_ATTACKS, OFFENSIVE, spec_of


def forecast(know: Knowledge, orders: Mapping[int, Order], eid: int) -> list[ActionForecast]:
    """The rules' forecast of `orders[eid]` (in floats), cached for the declaration: it
    depends only on that order, the orders of its targets and the positions now (a held
    shot, which names no target: on the enemy likeliest to set it off, and its order)."""
    order = orders[eid]
    held = next((spec for a in order.actions if (spec := spec_of(a.kind)).interrupts), None)
    if held is not None:
        found_trigger = held.trigger(know.world, know.board, orders, eid, know.timing)
        theirs = orders.get(found_trigger[0]) if found_trigger is not None else None
        seen: tuple[object, ...] = ("trigger", found_trigger, theirs)
    else:
        targets = tuple(dict.fromkeys(a.target for a in order.actions if a.target is not None))
        seen = tuple(orders.get(t) for t in targets)
    key = ("forecast", eid, order, seen)
    found = know.expect_cache.get(key)
    if found is None:
        found = forecast_order(know.world, know.board, orders, eid, know.options, know.timing, one=1.0)
        know.expect_cache[key] = found  # type: ignore[assignment]
    return found  # type: ignore[return-value]


_STOOD = Trail()
"""The trail of one that has not moved (one value for all: it keys the odds' answers)."""


def first_look(know: Knowledge, orders: Mapping[int, Order], eid: int) -> list[ActionForecast]:
    """A quick look at what `orders[eid]`'s attacks can expect: the rules' odds with the
    attacker and each target where they plan to end (a walk's end, a target's declared path
    end), instead of every way their movements can turn out.  The same as the forecast when
    no movement is in doubt; when one is (a Sprint or Retreat roll, a target on the move or
    fleeing off the map), the forecast itself.  The AI ranks every candidate with this, then
    judges the best few with the forecast."""
    from game.rules.movement import final_facing
    from game.rules.registry import FEINTABLE, movement_rule

    order = orders[eid]
    if movement_rule(order.movement_mode) is not None or any(_needs_forecast(a) for a in order.actions):
        return forecast(know, orders, eid)
    targets = {a.target for a in order.actions if a.kind in OFFENSIVE and a.target is not None}
    if any((theirs := orders.get(t)) is not None and (theirs.path or theirs.flee) for t in targets):
        return forecast(know, orders, eid)
    here = order.path[-1] if order.path else know.unit(eid).tile
    facing = final_facing(order, [know.unit(eid).tile, *order.path], know.unit(eid).facing)
    # How it got there, as the forecast has it: modules read the walk (a Close In roll after a
    # move into reach, a Careful Aim broken by walking).
    trail = walked_trail(know, eid, order) if targets else _STOOD
    found: list[ActionForecast] = []
    slot = 0
    for index, action in enumerate(order.actions):
        served = None
        if action.kind in FEINTABLE:
            served, slot = slot, slot + 1
        if action.kind not in OFFENSIVE or action.target is None:
            continue
        target = action.target
        # The forecast's own odds of this attack (kept while the world stands still: the
        # forecast of the same order, asked later, finds them).
        odds = forecast_odds(
            know.world, know.board, eid, order, action, orders.get(target), served, know.options, 1.0
        )
        there = know.unit(target).tile
        got = odds.at_place(
            here,
            facing,
            there,
            know.facing_of(target),
            engaged=_engaged_at(know, eid, here),
            trails=(trail, _STOOD),
        )
        nullified = got.nullified
        found.append(
            ActionForecast(
                eid,
                index,
                action,
                got.success,
                got.part_hit,
                nullified,  # type: ignore[arg-type]
                got.expected_injuries,
                got.breakdown,
                reason=got.reason,
            )
        )
    return found


def walked_trail(know: Knowledge, eid: int, order: Order) -> Trail:
    """The trail of `order`'s walk (none for an order without a path), with everyone else where
    they stand now: the rules' own movement outcome, as the forecast reads it."""
    if not order.path:
        return _STOOD
    outcomes = movement_outcomes(know.world, know.board, eid, order)
    return outcomes[0].trail if len(outcomes) == 1 else _STOOD


def attacks_in_forecast(kind: ActionKind) -> bool:
    """Whether a forecast of this kind is an attack on the target it names: an offensive
    action, or a held shot (which names, in its forecast, the enemy it will likely fire at)."""
    return kind in OFFENSIVE or spec_of(kind).interrupts


def _needs_forecast(action: Action) -> bool:
    """Whether a quick look would miss what `action` does: an action worth something beyond
    Injuries (its chance is wanted), one that forecasts itself (an Overwatch), or an attack
    rolled against more than its target (a burst's cone)."""
    spec = type(spec_of(action.kind))
    if action.kind not in OFFENSIVE and spec.ai_worth is not ActionSpec.ai_worth:
        return True
    if spec.forecast is not ActionSpec.forecast:
        return True
    return issubclass(spec, AttackSpec) and spec.victims is not AttackSpec.victims


def _engaged_at(know: Knowledge, eid: int, here: Tile) -> bool:
    """Whether `eid` on `here` would be in melee with an enemy where that one plans to end
    (a quick look: either within the other's reach)."""
    key = ("engaged at", eid, here)
    found = know.expect_cache.get(key)
    if found is None:
        me = know.unit(eid)
        found = False
        for other in know.facts.units.values():
            if other.side == me.side or not other.active:
                continue
            there = know.planned(other.eid)
            if know.board.in_reach(here, there, me.reach) or know.board.in_reach(there, here, other.reach):
                found = True
                break
        know.expect_cache[key] = found
    return bool(found)


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
    facing: int | None = None,
) -> float:
    """Expected Injuries of one attack of `kind` by `attacker` from `from_tile` on `target`
    at `target_tile`, against the defences of `target_order`; 0 when the attack would be
    nullified (out of reach, range or sight, hidden in cover …).  `actions` is the number
    of actions the attacker declares (its Action Penalty); `facing` the attacker's (default:
    toward the target)."""
    # Kept under what the odds read of the target's order, not the order: the many candidates
    # of ours that defend alike (most of them) share one answer, for the whole round.
    key = (
        attacker.eid,
        kind,
        target.eid,
        from_tile,
        target_tile,
        know.reading(target.eid, target_order),
        target_facing,
        metres,
        exposed,
        actions,
        facing,
    )
    cache = know.facts.odds
    found = cache.get(key)
    if found is None:
        action, order = _imagined(know, attacker.eid, kind, target.eid, actions)
        if facing is None:
            facing = (
                bearing_direction(from_tile, target_tile) if from_tile != target_tile else attacker.facing
            )
        odds = attack_odds(
            know.world,
            know.board,
            attacker.eid,
            action,
            at=from_tile,
            facing=facing,
            target_at=target_tile,
            target_facing=target_facing,
            order=order,
            target_order=target_order,
            target_metres=metres,
            exposed=exposed,
            options=know.options,
        )
        found = cache[key] = float(odds.expected_injuries)
    return found


def _imagined(know: Knowledge, eid: int, kind: ActionKind, target: int, actions: int) -> tuple[Action, Order]:
    """The action and the order of an imagined attack (`actions` of it), one value each for the
    round: the rules remember their odds under them, found again at once when they are the same
    objects (and their hashes are kept on them)."""
    key = ("imagined", eid, kind, target, actions)
    found = know.facts.odds.get(key)
    if found is None:
        action = Action(kind, target)
        found = know.facts.odds[key] = (action, Order(eid, (action,) * actions))  # type: ignore[assignment]
    return found  # type: ignore[return-value]


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


def counter_chance(know: Knowledge, attacker: Unit, action: Action, order: Order, at: Tile) -> float:
    """P(`action`, declared in `order` by `attacker`, hits us if we stand on `at`): it attacks
    from where it planned to end, facing as it declared, with its Action Penalty."""
    key = ("counter", attacker.eid, action, order, at)
    found = know.expect_cache.get(key)
    if found is None:
        there = know.planned(attacker.eid)
        odds = attack_odds(
            know.world,
            know.board,
            attacker.eid,
            action,
            at=there,
            facing=know.facing_of(attacker.eid),
            target_at=at,
            target_facing=bearing_direction(at, there) if at != there else know.me.facing,
            order=order,
            options=know.options,
        )
        found = know.expect_cache[key] = float(odds.success)
    return found


def strike_from(
    know: Knowledge,
    enemy: Unit,
    target: Unit,
    here: Tile,
    facing: int,
    order: Order | None,
    tiles: Iterable[Tile],
    worth: float = 1.0,
) -> tuple[Tile, float] | None:
    """Where `enemy` would stand to strike `target` at `here` (facing `facing`, declaring
    `order`): of `tiles` (those it can get to), the one where its expected Injuries on the
    target, less the target's own attacks on it (× `worth`: what an Injury on the enemy is
    worth against one on the target), are best, by the rules' odds.  Facing in: a strike
    from the back arc, where the target's defences weaken and its own attacks go into its
    back, shows as the best tile.  Returns (tile, the enemy's expected Injuries on the
    target), or None if no tile is within reach."""
    counters = [
        a for a in (order.actions if order else ()) if a.target == enemy.eid and a.kind in MELEE_ATTACKS
    ]
    n_actions = max(1, len(order.actions)) if order else 1
    tiles = tuple(tiles)
    # Kept for the round under all that the answer reads (the order only as the odds read it,
    # and its counter-attacks): many candidates of ours end on the same tile, guarding alike.
    key = (
        "strike from",
        enemy.eid,
        target.eid,
        here,
        facing,
        know.reading(target.eid, order),
        tuple(a.kind for a in counters[:2]),
        n_actions,
        tiles,
        worth,
    )
    cache = know.facts.odds
    if key in cache:
        return cache[key]  # type: ignore[return-value]
    found = cache[key] = _strike_from(
        know, enemy, target, here, facing, order, tiles, worth, counters, n_actions
    )  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def _strike_from(
    know: Knowledge,
    enemy: Unit,
    target: Unit,
    here: Tile,
    facing: int,
    order: Order | None,
    tiles: tuple[Tile, ...],
    worth: float,
    counters: list[Action],
    n_actions: int,
) -> tuple[Tile, float] | None:
    kind = enemy.attack_kind
    best: tuple[float, float, Tile] | None = None
    # Nearest first: of equally good tiles, the one it gets to soonest.
    for tile in sorted(tiles, key=lambda t: (know.distance(enemy.tile, t), t)):
        if tile == here or not know.board.in_reach(tile, here, enemy.reach):
            continue
        theirs = expected_injuries(
            know,
            enemy,
            kind,
            target,
            from_tile=tile,
            target_tile=here,
            target_order=order,
            target_facing=facing,
            actions=2,
        )
        ours = 0.0
        for action in counters[:2]:
            ours += expected_injuries(
                know,
                target,
                action.kind,
                enemy,
                from_tile=here,
                target_tile=tile,
                target_order=None,
                target_facing=bearing_direction(tile, here),
                actions=n_actions,
                facing=facing,
            )
        value = theirs - worth * ours
        if best is None or value > best[0] + 1e-9:
            best = (value, theirs, tile)
    return (best[2], best[1]) if best is not None else None
