"""The flanking script ("ai:flanker"): the cheap exploit a good AI must not fall for.

Two rules, nothing else (issue 17):

- declaring *after* its foe, it steps to the tile around the foe's declared end
  where its Strike is best and the foe's worst (with the facing module on, the
  foe's back arc: the foe's own attacks go into its back, −6, and its defences
  weaken) and Strikes twice;
- declaring *first*, it backs out of the foe's reach (a Retreat when engaged).

It is a test opponent for `simulate` (`--sides ai:flanker,ai:hard`), not a
level offered to players.  Which tile is "best" is asked of the rules' own
odds (`game.ai.expect.hit_chance`), so it names no rule itself.
"""

from __future__ import annotations

from game.ai.controller import DeclarationView
from game.ai.expect import hit_chance
from game.ai.facts import RoundFacts, Unit, read_unit
from game.ai.knowledge import Knowledge
from game.core.geometry import Tile, bearing_direction
from game.rules.orders import Action, Order
from game.rules.positions import combatants, left_behind
from game.rules.registry import movement_kind, movement_spec
from game.rules.stats import max_movement_metres
from game.rules.validate import validate_order


class FlankerController:
    """Step behind a foe that declared first and Strike twice; back away from one that did not."""

    name = "ai:flanker"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # no randomness: kept for the factory's signature
        self.last_explanation: list[tuple[str, float, dict[str, float]]] = []

    def choose_order(self, view: DeclarationView) -> Order:
        """The script's order for `view.actor` (doing nothing when neither rule applies)."""
        units = {eid: read_unit(view.world, eid) for eid in combatants(view.world)}
        know = Knowledge(
            view.world, view.board, view.options, view.actor, view.earlier, view.timing, RoundFacts((), units)
        )
        if not know.enemies:
            return Order(view.actor)
        foe = min(know.enemies, key=lambda u: (know.distance(know.me.tile, know.planned(u.eid)), u.eid))
        tries = _flank(know, foe) if know.declared(foe.eid) else _back_off(know, foe)
        for order in [*tries, Order(view.actor)]:
            if not validate_order(view.world, view.board, order, view.earlier, view.options):
                return order
        return Order(view.actor)


def _flank(know: Knowledge, foe: Unit) -> list[Order]:
    """Strike twice from the reachable tile around the foe's end where the odds favour us most,
    then, failing that, walk toward it."""
    me = know.me
    walk = know.reach_map(me.eid, float(me.rate))
    there = know.planned(foe.eid)
    options = []
    for dy in range(-me.reach, me.reach + 1):
        for dx in range(-me.reach, me.reach + 1):
            tile = (there[0] + dx, there[1] + dy)
            if not (dx or dy) or not walk.can_reach(tile) or not know.board.in_reach(tile, there, me.reach):
                continue
            if tile != me.tile and (tile in know.occupied or tile in know.planned_ends):
                continue
            if know.engaged and tile != me.tile and left_behind(know.world, know.board, me.eid, tile):
                continue
            ours = hit_chance(know, me, me.attack_kind, foe, tile, there)
            theirs = _their_chance(know, foe, me, tile, there)
            options.append((-(ours - theirs), walk.metres_to(tile), tile))
    strike = Action(me.attack_kind, foe.eid)
    orders = []
    for _, _, tile in sorted(options):
        path = tuple(walk.path_to(tile) or ()) if tile != me.tile else ()
        orders.append(Order(me.eid, (strike, strike), path, bearing_direction(tile, there)))
    closest = min(walk.iter_tiles(), key=lambda t: (know.distance(t, there), t))
    if closest != me.tile:
        path = tuple(walk.path_to(closest) or ())
        orders.append(Order(me.eid, (), path, bearing_direction(closest, there)))
    return orders


def _their_chance(know: Knowledge, foe: Unit, me: Unit, tile: Tile, there: Tile) -> float:
    """The foe's chance to hit us at `tile` with the attack it can make, facing as it declared."""
    from game.rules.odds import attack_odds

    action = Action(foe.attack_kind, me.eid)
    order = know.earlier.get(foe.eid)
    odds = attack_odds(
        know.world,
        know.board,
        foe.eid,
        action,
        at=there,
        facing=know.facing_of(foe.eid),
        target_at=tile,
        target_facing=bearing_direction(tile, there),
        order=Order(foe.eid, (action,) * max(1, len(order.actions) if order else 1)),
        options=know.options,
    )
    return float(odds.success)


def _back_off(know: Knowledge, foe: Unit) -> list[Order]:
    """Walk (or, engaged, Retreat) to the reachable tile farthest from the foe."""
    me = know.me
    kind = movement_kind(know.options, bool(know.engaged))
    orders = []
    there = know.planned(foe.eid)
    if know.engaged:
        budget = max_movement_metres(know.world, me.eid, Order(me.eid, (Action(kind),)))
        run = know.reach_map(me.eid, budget)
        far = max(run.iter_tiles(), key=lambda t: (know.distance(t, there), t))
        spec = movement_spec(kind)
        if far != me.tile and spec is not None:
            path = tuple(run.path_to(far) or ())
            orders.append(Order(me.eid, (Action(kind),), path, bearing_direction(far, there)))
    walk = know.reach_map(me.eid, float(me.rate))
    far = max(walk.iter_tiles(), key=lambda t: (know.distance(t, there), t))
    if far != me.tile:
        orders.append(Order(me.eid, (), tuple(walk.path_to(far) or ()), bearing_direction(far, there)))
    return orders
