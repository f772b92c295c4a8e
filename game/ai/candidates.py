"""Candidate orders: a short list of sensible declarations to score.

A few end tiles are picked first (stay; strike spots around each target
where the rules give the best hit chance, its arcs and every module in play
counted; shooting spots with cover; the safest tile; the tile that closes in;
next to a dropped weapon), then Sprint and Retreat paths (to a dropped weapon
too, when a walk does not get there), then each tile gets
the action sets that fit it, asked of the action specs in play
(`ActionSpec.ai_options`, `ai_augment`): an attack, two, a Called Shot, a
Disarm, each with a defence or a Feint; pure defences; Retrieve Weapon.
Nothing here judges an order; `game.ai.scoring` does, and validation has the
last word.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

import numpy as np

from game.ai.expect import counter_chance, hit_chance
from game.ai.fire import SHOOTING_LOOKS, exposure, hidden_spot, shooting_spots, shot_at, shot_value
from game.ai.knowledge import Knowledge, Unit, injury_value
from game.ai.levels import Level
from game.ai.menace import menace_factors
from game.board.reach import ReachMap
from game.core.equipment import Weapon
from game.core.geometry import Tile, bearing_direction
from game.rules.api.action import ActionSpec
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.defence import DefenceSpec
from game.rules.movement import walk
from game.rules.orders import Action, Order
from game.rules.positions import engaged_with, left_behind
from game.rules.registry import OFFENSIVE, action_specs, movement_kind, movement_spec, spec_of
from game.rules.stats import max_movement_metres
from game.rules.validate import movement_refusals

MAX_SPOTS_PER_TARGET = 2  # strike spots kept around each target
RANGED_TARGETS = 2  # targets of shots tried from one tile (the best by the rules' odds)
SPOT_CHANCE_WEIGHT = 2.0  # a strike spot's hit chance against the danger of standing there


@dataclass(frozen=True)
class Candidate:
    """An order to score, with a word on why it was proposed."""

    order: Order
    tag: str


@dataclass(frozen=True)
class Spot:
    """An end tile and how to get there: the path and the movement it needs."""

    tile: Tile
    path: tuple[Tile, ...]
    mode: str  # "stay", "walk", "sprint", "retreat"
    why: str
    flee: bool = False  # then off the map (a side that wins by escaping; `game.ai.escape`)


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
    ends = [t for t in walk.iter_tiles() if _free(know, t) and _engaged_ok(know, t)]
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
def _free(know: Knowledge, tile: Tile) -> bool:
    return tile == know.me.tile or (tile not in know.occupied and tile not in know.planned_ends)


def _engaged_ok(know: Knowledge, tile: Tile) -> bool:
    """A normal move while engaged may not leave the reach of any enemy it is engaged with
    (validation; docs/rulings.md)."""
    if not know.engaged or tile == know.me.tile:
        return True
    return not left_behind(know.world, know.board, know.actor, tile)


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
        if tile in spots or not _free(know, tile) or not _engaged_ok(know, tile):
            return
        path = reach.path_to(tile)
        if path:
            spots[tile] = Spot(tile, tuple(path), "walk", why)

    ends = [t for t in walk.iter_tiles() if _free(know, t)]
    danger = danger_grid(know)

    # Strike spots around each target: reachable, within reach, best arcs (our hit chance, and,
    # for a level that flanks, the target's declared attacks on us there: behind it, they go into
    # its own back), least danger.
    for target in targets:
        options = []
        for there in {target.tile, know.planned(target.eid)}:
            for tile in _around(there, me.reach):
                if walk.can_reach(tile) and _free(know, tile) and know.board.in_reach(tile, there, me.reach):
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
        if not _wants(know, weapon):
            continue
        for tile in sorted(_around(where, 1), key=lambda t: walk.metres_to(t)):
            if walk.can_reach(tile) and _free(know, tile) and _engaged_ok(know, tile):
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
    wanted = [(item, where) for item, where, weapon in know.items if _wants(know, weapon)]
    if not wanted:
        return []
    run = _run_reach(know, leaving=bool(know.engaged))
    if run is None:
        return []
    walk = know.reach_map(me.eid, float(me.rate))
    mode = "retreat" if know.engaged else "sprint"
    spots = []
    for item, where in wanted:
        beside = [t for t in (where, *_around(where, 1)) if _free(know, t)]
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


def run_budget(know: Knowledge, leaving: bool) -> float:
    """The metres of one movement action at its best roll: the one that leaves melee
    (`leaving`), or the one that runs; 0 when the rules refuse it wherever it goes (lying
    prone …)."""
    me = know.me
    kind = movement_kind(know.options, leaving)
    if movement_refusals(know.world, know.board, me.eid, kind, know.earlier, know.options):
        return 0.0
    return max_movement_metres(know.world, me.eid, Order(me.eid, (Action(kind),)))


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
    ends = [t for t in run.iter_tiles() if _free(know, t) and t != me.tile]
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


def _picker() -> ActionSpec | None:
    """The action that picks a weapon up (the chapter's Retrieve Weapon), if any is registered."""
    return next((spec for spec in action_specs() if spec.picks_item), None)


def _wants(know: Knowledge, weapon: Weapon) -> bool:
    """Whether picking this weapon up helps: a hand free for it, and nothing of its kind in hand."""
    picker = _picker()
    if picker is None or not picker.can_take(know.world, know.actor, weapon):
        return False
    return not know.me.armed if weapon.is_melee else know.me.missile is None


# ---------------------------------------------------------------------- actions
def orders_at(know: Knowledge, spot: Spot, targets: list[Unit], level: Level) -> list[Candidate]:
    """The action sets that fit one end tile, asked of the action specs in play: each attack's
    own options on each target (alone, with a defence, with what augments it, such as a
    Feint), weapons to pick up, and defences alone."""
    me = know.me
    here = spot.tile
    path = spot.path
    out: list[Candidate] = []
    movement = movement_spec(spot.mode)
    items = {item: where for item, where, _weapon in know.items}

    def order(actions: Iterable[Action], facing_to: Tile | None, tag: str) -> None:
        acts = list(actions)
        route = path
        if movement is not None:
            acts = [Action(movement.kind), *acts]
            if len(acts) > 1 and not spot.flee:
                # A Sprint or Retreat is rolled at the Action Penalty of what comes with it: the
                # path it may declare is that much shorter (else the order is refused).
                allowed = max_movement_metres(know.world, me.eid, Order(me.eid, tuple(acts)))
                route = tuple(walk(know.board, me.tile, path, allowed, lambda _tile: False)[0][1:])
                if not route:
                    return
        end = route[-1] if route != path else here  # a shortened run ends short of the spot
        if any(a.item is not None and not spec_of(a.kind).within_grasp(items[a.item], end) for a in acts):
            return  # the run no longer ends beside the weapon
        facing = bearing_direction(end, facing_to) if facing_to is not None and facing_to != end else None
        why = f"{spot.why}: {tag}" if tag else spot.why
        out.append(Candidate(Order(me.eid, tuple(acts), route, facing, spot.flee), why))

    ask = AiAsk(
        know.world,
        know.board,
        know.options,
        me.eid,
        here,
        None,
        know.earlier,
        bool(path),
        know.engaged,
        level.tactics,
    )
    specs = action_specs(know.options)
    attacks = [s for s in specs if isinstance(s, AttackSpec)]
    augments = [s for s in specs if type(s).ai_augment is not ActionSpec.ai_augment]
    # (A Sprint or Retreat is rolled at the Action Penalty of what comes with it: there a
    # defence changes the movement even with nobody near, and is weighed like any order.)
    defences = _defences(know, ask, specs, calm_bare=level.threat_weight > 0 and movement is None)
    threat = _main_threat(know, here)

    # Shots only at the best few targets from here (the rules' odds): a shooter has many.
    shootable = {
        t.eid for t in sorted(targets, key=lambda t: (-shot_at(know, me, t, here), t.eid))[:RANGED_TARGETS]
    }

    def attack_sets(target: Unit, ranged_only: bool = False) -> None:
        there = know.planned(target.eid)
        on = replace(ask, target=target.eid)
        for spec in attacks:
            melee = "melee" in spec.roles
            if (ranged_only and melee) or (not melee and target.eid not in shootable):
                continue
            for actions, tag in spec.ai_options(on):
                order(actions, there, tag)
                if ranged_only:
                    continue
                if len(actions) == 1:
                    for defence in defences[:2]:
                        order((*actions, Action(defence.kind)), there, f"{tag}, {defence.label}")
                for augment in augments:
                    for more in augment.ai_augment(on, actions):
                        order(more, there, f"{tag}, {augment.label.lower()}")

    # Any other action in play that offers itself to an AI (a rules module's own, say):
    # alone, and with the best defence.
    others = [
        spec
        for spec in specs
        if not isinstance(spec, (AttackSpec, DefenceSpec))
        and spec.movement is None
        and type(spec).ai_options is not ActionSpec.ai_options
    ]

    def other_sets() -> None:
        for spec in others:
            for target in targets if spec.targeted else [None]:
                on = replace(ask, target=target.eid if target is not None else None)
                towards = know.planned(target.eid) if target is not None else threat
                for actions, tag in spec.ai_options(on):
                    order(actions, towards, tag)
                    if defences:
                        order((*actions, Action(defences[0].kind)), towards, f"{tag}, {defences[0].label}")

    other_sets()
    for spec in specs:
        if not spec.picks_item:
            continue
        for item, where, weapon in know.items:
            if _wants(know, weapon) and spec.within_grasp(where, here):
                order([Action(spec.kind, item=item)], threat, "retrieve")
                if defences and movement is None:
                    order([Action(spec.kind, item=item), Action(defences[0].kind)], threat, "retrieve")
    if movement is None:
        for target in targets:
            attack_sets(target)
        order([], threat, "")
        for defence in defences:
            order([Action(defence.kind)], threat, defence.label)
        if defences:
            best = Action(defences[0].kind)
            order([best, best], threat, f"{defences[0].label} twice")
    else:
        order([], threat, "")
        if defences:
            order([Action(defences[0].kind)], threat, defences[0].label)
        for target in targets:
            attack_sets(target, ranged_only=True)
    return out


def _defences(
    know: Knowledge, ask: AiAsk, specs: list[ActionSpec], calm_bare: bool = False
) -> list[DefenceSpec]:
    """Defences this combatant can usefully roll where it ends, best stat first: those that
    count against an attack that can come at it there (its spec's `counters_for`).  Where
    none can, none for a level that weighs what enemies can do (`calm_bare`): its scoring
    would find each defence worth exactly nothing there, and a Parry with nobody near only
    ties with the plain move (a player reads it as a blunder); any usable one otherwise
    (easy, which does not look, may still raise its guard for nothing)."""
    equipment = ask.equipment
    found = [
        (know.stat(ask.actor, spec), i, spec)
        for i, spec in enumerate(specs)
        if isinstance(spec, DefenceSpec) and spec.ai_usable(ask)
    ]
    usable = [spec for stat, _, spec in sorted(found, key=lambda f: (-f[0], f[1])) if stat > 0]
    coming = _incoming(know, ask.here)
    useful = [spec for spec in usable if coming & spec.counters_for(equipment)]
    if coming or calm_bare:
        return useful
    return usable


def _incoming(know: Knowledge, here: Tile) -> set[str]:
    """The classes of the attacks that can come at `here` this round (declared, or from an
    enemy that can reach or shoot it)."""
    classes: set[str] = set()
    for order in know.earlier.values():
        for action in order.actions:
            if action.target == know.actor and action.kind in OFFENSIVE:
                classes.add(spec_of(action.kind).attack_class)  # type: ignore[attr-defined]
    for enemy in know.enemies:
        if know.declared(enemy.eid):
            continue
        if know.melee_zone(enemy.eid, enemy.tile)[here[1], here[0]]:
            classes.add(spec_of(enemy.attack_kind).attack_class)  # type: ignore[attr-defined]
        shoots = enemy.shot_kind is not None and enemy.missile is not None and not know.engaged_now(enemy.eid)
        if shoots and know.shot_band(enemy.missile, enemy.tile, here) is not None:  # type: ignore[arg-type]
            classes.add(spec_of(enemy.shot_kind).attack_class)  # type: ignore[arg-type,attr-defined]
    return classes


def _main_threat(know: Knowledge, here: Tile) -> Tile | None:
    """Where the enemy most worth facing will be: the nearest, melee fighters first."""
    best = None
    for enemy in know.enemies:
        there = know.planned(enemy.eid)
        metres = know.distance(here, there) - (enemy.rate + enemy.reach * know.mpt)
        key = (metres, enemy.eid)
        if best is None or key < best[0]:
            best = (key, there)
    return best[1] if best else None
