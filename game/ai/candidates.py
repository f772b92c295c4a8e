"""Candidate orders: a short list of sensible declarations to score.

A few end tiles are picked first (stay; strike spots around each target
where the rules give the best hit chance, its arcs and every module in play
counted; shooting spots with cover; the safest tile; the tile that closes in;
next to a dropped weapon), then Sprint and Retreat paths (to a dropped weapon
too, when a walk does not get there), then each tile gets
the action sets that fit it (`game.ai.action_sets`).
Nothing here judges an order; `game.ai.scoring` does, and validation has the
last word.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from game.ai.action_sets import orders_at, wants_weapon
from game.ai.expect import counter_chance, hit_chance
from game.ai.facts import Unit, injury_value
from game.ai.fire import SHOOTING_LOOKS, exposure, hidden_spot, shooting_spots, shot_value
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.menace import menace_factors
from game.ai.spots import Candidate, Spot, engaged_ok, free_tile, run_budget
from game.board.reach import ReachMap
from game.core.geometry import Tile
from game.rules.api.contexts import AiAsk
from game.rules.orders import Order
from game.rules.positions import engaged_with
from game.rules.registry import OFFENSIVE, action_specs

MAX_SPOTS_PER_TARGET = 2  # strike spots kept around each target
SPOT_CHANCE_WEIGHT = 2.0  # a strike spot's hit chance against the danger of standing there


def candidates(know: Knowledge, level: Level) -> list[Candidate]:
    """Every candidate order for `know.actor`, without duplicates."""
    me = know.me
    if not know.enemies:
        scouting = scout_spots(know)
        if not scouting:
            return [Candidate(Order(me.eid), "nobody left to fight")]
        out = {}
        for spot in scouting:
            for cand in orders_at(know, spot, [], level):
                out.setdefault(cand.order, cand)
        return list(out.values())
    targets = ranked_targets(know, level.max_targets, menace_factors(know, level))
    spots = walk_spots(know, targets, level)
    spots += run_spots(know, targets, pinned=bool(level.anticipate and know.pinners()))
    spots += item_runs(know)
    if level.escape:
        from game.ai.escape import escape_spots  # (it builds on this module's spots)

        spots += escape_spots(know, level)
    out: dict[Order, Candidate] = {}
    for spot in spots:
        for cand in orders_at(know, spot, targets, level):
            out.setdefault(cand.order, cand)
    for cand in spec_orders(know, level):
        out.setdefault(cand.order, cand)
    return list(out.values())


def spec_orders(know: Knowledge, level: Level) -> list[Candidate]:
    """Whole orders the action specs in play propose themselves (`ActionSpec.ai_orders`):
    those that choose their own path or take the whole round (a Charge, Go Prone)."""
    ask = AiAsk(
        know.world,
        know.board,
        know.options,
        know.actor,
        know.me.tile,
        None,
        know.earlier,
        False,
        know.engaged,
        level.tactics,
    )
    return [
        Candidate(order, tag) for spec in action_specs(know.options) for order, tag in spec.ai_orders(ask)
    ]


def ranked_targets(know: Knowledge, limit: int, menace: Mapping[int, float]) -> list[Unit]:
    """Enemies worth attacking: near, injured ones first, and (hard) the ones whose blows land
    most (`menace_factors`; empty: all alike)."""
    me = know.me

    def key(unit: Unit) -> tuple[float, int]:
        metres = know.distance(me.tile, know.planned(unit.eid))
        return (metres / (injury_value(unit.injuries) * menace.get(unit.eid, 1.0)), unit.eid)

    return sorted(know.targets, key=key)[:limit]


def aims_at_ghost(know: Knowledge, order: Order) -> bool:
    """Whether an order attacks (or otherwise aims at) an enemy known only by its ghost: it
    is not there as far as anyone knows, and the rules would refuse it wherever it went."""
    return bool(know.ghosts) and any(a.target in know.ghosts for a in order.actions)


def scout_spots(know: Knowledge) -> list[Spot]:
    """With fog of war and no enemy known (none seen, no ghost in the dark): stay, or walk
    toward where to look for one (`Knowledge.scout_goal`): the tile of a normal move nearest
    it, and the nearest of those beside cover.  Empty with fog off or nothing to look for."""
    goal = know.scout_goal()
    if goal is None:
        return []
    me = know.me
    walk = know.reach_map(me.eid, float(me.rate))
    ends = [t for t in walk.iter_tiles() if free_tile(know, t) and engaged_ok(know, t)]
    spots = [Spot(me.tile, (), "stay", "stay")]
    if not ends:
        return spots
    field = approach_field(know)
    xs = np.array([t[0] for t in ends])
    ys = np.array([t[1] for t in ends])
    metres = field[ys, xs]
    if not np.isfinite(metres).any():
        return spots
    sheltered = _beside_cover(know)[ys, xs]
    for why, cost in (
        ("to look for the enemy", metres),
        ("to look, by cover", metres + 2.0 * know.mpt * ~sheltered),
    ):
        tile = ends[int(np.argmin(cost))]
        path = walk.path_to(tile)
        if tile != me.tile and path and all(s.tile != tile for s in spots):
            spots.append(Spot(tile, tuple(path), "walk", why))
    return spots


def _beside_cover(know: Knowledge) -> np.ndarray:
    """[y, x] tiles that give cover or stand next to one that does (a wall, a tree, a crate)."""
    cover = know.terrain.cover_levels > 0
    out = cover.copy()
    h, w = cover.shape
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            dst = (slice(max(0, dy), h + min(0, dy)), slice(max(0, dx), w + min(0, dx)))
            src = (slice(max(0, -dy), h + min(0, -dy)), slice(max(0, -dx), w + min(0, -dx)))
            out[dst] |= cover[src]
    return out


# ---------------------------------------------------------------------- tiles
def danger_grid(know: Knowledge) -> np.ndarray:
    """[y, x] how many enemies could strike each tile this round or next (a cheap guide);
    kept for the declaration (read only)."""
    found = know.expect_cache.get(("danger grid",))
    if found is None:
        grid = np.zeros((know.terrain.height, know.terrain.width), np.float32)
        for enemy in know.enemies:
            grid += know.melee_zone(enemy.eid, know.planned(enemy.eid))
        grid.setflags(write=False)
        found = know.expect_cache[("danger grid",)] = grid  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def approach_field(know: Knowledge) -> np.ndarray:
    """[y, x] walking metres to the nearest enemy (with fog of war and none known: to where
    it looks for one, `Knowledge.scout_goal`); kept for the declaration (read only)."""
    found = know.expect_cache.get(("approach field",))
    if found is None:
        found = know.expect_cache[("approach field",)] = _approach_field(know)  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def _approach_field(know: Knowledge) -> np.ndarray:
    if not know.enemies:
        goal = know.scout_goal()
        if goal is not None:
            return know.distance_field(goal[0])
        # No enemy known and no unseen ground it can walk to (walled in, or every tile it
        # reaches already in sight): nothing to walk towards, as if walled off from every
        # enemy (no "close in" spot; every tile as far).
        return np.full((know.terrain.height, know.terrain.width), np.inf)
    fields = [know.distance_field(know.planned(e.eid)) for e in know.enemies]
    return np.minimum.reduce(fields) if len(fields) > 1 else fields[0]


def walk_spots(know: Knowledge, targets: list[Unit], level: Level) -> list[Spot]:
    """End tiles of a normal move (or none) worth considering."""
    me = know.me
    walk = know.reach_map(me.eid, float(me.rate))
    spots: dict[Tile, Spot] = {me.tile: Spot(me.tile, (), "stay", "stay")}

    def add(tile: Tile, why: str, reach: ReachMap = walk) -> None:
        if tile in spots or not free_tile(know, tile) or not engaged_ok(know, tile):
            return
        path = reach.path_to(tile)
        if path:
            spots[tile] = Spot(tile, tuple(path), "walk", why)

    ends = [t for t in walk.iter_tiles() if free_tile(know, t)]
    danger = danger_grid(know)

    # Strike spots around each target: reachable, within reach, best arcs (our hit chance, and,
    # for a level that flanks, the target's declared attacks on us there: behind it, they go into
    # its own back), least danger.
    for target in targets:
        options = []
        for there in {target.tile, know.planned(target.eid)}:
            for tile in _around(there, me.reach):
                if (
                    walk.can_reach(tile)
                    and free_tile(know, tile)
                    and know.board.in_reach(tile, there, me.reach)
                ):
                    chance = hit_chance(know, me, me.attack_kind, target, tile, there)
                    back = _counter(know, target, tile) if level.flank else 0.0
                    score = SPOT_CHANCE_WEIGHT * (chance - back) - 0.3 * float(danger[tile[1], tile[0]])
                    options.append((-score, walk.metres_to(tile), tile))
        for _, _, tile in sorted(options)[:MAX_SPOTS_PER_TARGET]:
            # Named for the place (its attacks are asked of every target in reach there: a
            # Brawling on the foe next to it is no "strike" on this one).
            add(tile, f"next to {target.name}")

    if me.shot_kind is not None and me.missile is not None and not know.engaged:
        for tile in shooting_spots(know, ends, danger):
            add(tile, "shoot")

    if ends:
        hidden = hidden_spot(know, ends, danger)
        if hidden is not None:
            add(hidden, "sheltered")
    if ends:
        xs = np.array([t[0] for t in ends])
        ys = np.array([t[1] for t in ends])
        safe = danger[ys, xs]
        add(ends[int(np.argmin(safe))], "safest")
        field = approach_field(know)
        closing = field[ys, xs]
        if np.isfinite(closing).any():
            add(ends[int(np.argmin(closing + 0.01 * safe))], "close in")
            add(ends[int(np.argmin(closing + 2.0 * know.mpt * safe))], "close in carefully")

    for item, where, weapon in know.items:
        if not wants_weapon(know, weapon):
            continue
        for tile in sorted(_around(where, 1), key=lambda t: walk.metres_to(t)):
            if walk.can_reach(tile) and free_tile(know, tile) and engaged_ok(know, tile):
                add(tile, f"retrieve #{item}")
                break
    return list(spots.values())


def _counter(know: Knowledge, target: Unit, tile: Tile) -> float:
    """The chance the target's declared attacks on us hit us on `tile` (one attack's, as
    declared: its facing and Action Penalty), by the rules' odds; 0 if it has not declared."""
    order = know.earlier.get(target.eid)
    if order is None:
        return 0.0
    attack = next((a for a in order.actions if a.target == know.actor and a.kind in OFFENSIVE), None)
    if attack is None:
        return 0.0
    return counter_chance(know, target, attack, order, tile)


def run_spots(know: Knowledge, targets: list[Unit], pinned: bool = False) -> list[Spot]:
    """Sprint paths (not engaged) or Retreat paths (engaged): far and safe, or far and closing.
    `pinned` (an enemy with the better Timing can hold us where we stand before we move):
    Retreat paths too, declared before it closes in (the rules allow it: we retreat once it has)."""
    if know.engaged:
        return _runs(know, leaving=True)
    return _runs(know, leaving=False) + (_runs(know, leaving=True) if pinned else [])


def item_runs(know: Knowledge) -> list[Spot]:
    """A Retreat (engaged) or Sprint to the nearest tile beside each weapon worth picking up
    that a normal move cannot reach (or may not, engaged: it may not leave the enemy's reach),
    so the weapon comes back in hand this round (Retrieve is judged where the move ends).
    Only for one left with no weapon at all: a run for a second weapon seldom pays, and every
    spot is scored."""
    me = know.me
    if me.armed or me.missile is not None:
        return []
    wanted = [(item, where) for item, where, weapon in know.items if wants_weapon(know, weapon)]
    if not wanted:
        return []
    run = _run_reach(know, leaving=bool(know.engaged))
    if run is None:
        return []
    walk = know.reach_map(me.eid, float(me.rate))
    mode = "retreat" if know.engaged else "sprint"
    spots = []
    for item, where in wanted:
        beside = [t for t in (where, *_around(where, 1)) if free_tile(know, t)]
        if not know.engaged and any(walk.can_reach(t) for t in beside):
            continue  # a normal move gets there (`walk_spots`)
        ends = [t for t in beside if t != me.tile and run.can_reach(t)]
        if know.engaged:
            ends = [t for t in ends if not engaged_with(know.world, know.board, know.actor, at=t)]
        if not ends:
            continue
        end = min(ends, key=lambda t: (run.metres_to(t), t))
        path = run.path_to(end)
        if path:
            spots.append(Spot(end, tuple(path), mode, f"{mode} to #{item}"))
    return spots


def _run_reach(know: Knowledge, leaving: bool) -> ReachMap | None:
    """Where one movement action can take us at its best roll (`run_budget`); None when it
    goes no farther than a walk."""
    budget = run_budget(know, leaving)
    return know.reach_map(know.me.eid, budget) if budget > know.me.rate else None


def _runs(know: Knowledge, leaving: bool) -> list[Spot]:
    """The spots of one movement action: the one that leaves melee (`leaving`), or the one that runs."""
    me = know.me
    run = _run_reach(know, leaving)
    if run is None:
        return []
    ends = [t for t in run.iter_tiles() if free_tile(know, t) and t != me.tile]
    if not ends:
        return []
    danger = danger_grid(know)
    xs = np.array([t[0] for t in ends])
    ys = np.array([t[1] for t in ends])
    safe = danger[ys, xs]
    spots = []
    mode = "retreat" if leaving else "sprint"
    if leaving:
        free = [i for i, t in enumerate(ends) if not engaged_with(know.world, know.board, know.actor, at=t)]
        picks = sorted(free, key=lambda i: (safe[i], -run.metres_to(ends[i])))[:1]
        if me.shot_kind is not None and me.missile is not None and free:
            picks += [max(free, key=lambda i: shot_value(know, ends[i]) - 0.5 * safe[i])]
    else:
        # Away: of the tiles farthest from every reach, the one least exposed to shots too.
        calm = safe - 0.01 * np.array([run.metres_to(t) for t in ends])
        some = [int(i) for i in np.argsort(calm, kind="stable")[:SHOOTING_LOOKS]]
        picks = [min(some, key=lambda i: (calm[i] + exposure(know, ends[i], exposed=False), i))]
        field = approach_field(know)
        closing = field[ys, xs]
        if np.isfinite(closing).any():
            picks.append(int(np.argmin(closing + 0.01 * safe)))
    for i in dict.fromkeys(picks):
        path = run.path_to(ends[i])
        if path:
            spots.append(Spot(ends[i], tuple(path), mode, f"{mode} away" if i == picks[0] else f"{mode} on"))
    return spots


def _around(tile: Tile, radius: int) -> Iterable[Tile]:
    x, y = tile
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            if dx or dy:
                yield (x + dx, y + dy)
