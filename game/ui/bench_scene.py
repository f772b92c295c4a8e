"""The battle screen set up for `python -m game bench`: a big generated map, many tokens,
every overlay on, a human declaring with a planned path and an attack."""

from __future__ import annotations

import argparse
import random
import time

import pygame

from game.board.generate import generated_board
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.core.sheet import Sheet
from game.measure import Figure, Millis, median_ms
from game.rules.battle import Battle
from game.rules.fog import FOG
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import combatants, tile_of
from game.ui.app import App
from game.ui.prefs import Prefs
from game.ui.render.overlays import OVERLAYS
from game.ui.scenes.battle import BattleScene
from game.ui.screens import make_app
from game.world import Appearance, Condition, Equipment, Facing, Name, Position, Side, World

SWORD = Weapon("sword", injury=2)
RIFLE = Weapon(
    "rifle", WeaponClass.MISSILE, hands=2, injury=3, missile_kind=MissileKind.SLUG, ranges=(15.0, 40.0, 80.0)
)


def frame_bench_scene(
    size: int, tokens: int, window: tuple[int, int], seed: int = 0, options: RuleOptions | None = None
) -> tuple[App, BattleScene]:
    """An app whose battle scene is mid-declaration on a `size` × `size` map with `tokens`
    combatants, playing `options` (the battlefield's defaults unless given)."""
    board = generated_board(size, size, seed=seed)
    rng = random.Random(seed)
    world = World()
    centre = (size // 2, size // 2)
    free = [
        (x, y)
        for y in range(centre[1] - 12, centre[1] + 12)
        for x in range(centre[0] - 12, centre[0] + 12)
        if board.passable((x, y))
    ]
    rng.shuffle(free)
    for k in range(tokens):
        side = "red" if k % 2 == 0 else "blue"
        weapons = (RIFLE,) if k % 4 < 2 else (SWORD,)
        world.create(
            Name(f"{side[0].upper()}{k // 2 + 1}"),
            Position(*free[k]),
            Facing(rng.randrange(8)),
            Side(side),
            Sheet(3, 4, skills={"strike": 6, "missile_slug": 6, "movement": 5}),
            Equipment(weapons),
            Condition(),
            Appearance("soldier" if weapons[0] is RIFLE else "knight"),
        )
    meta = {"sides": {"red": {"controller": "human"}, "blue": {"controller": "human"}}, "title": "bench"}
    battle = Battle(world, board, seed, options or RuleOptions.battlefield(), meta=meta)
    app = make_app(window, Prefs(edge_scroll=False))
    scene = BattleScene(app, battle, None)
    app.push(scene)
    scene.started = True
    battle.start_round()
    eid = battle.next_declarer
    assert eid is not None
    scene.begin_human(eid)
    scene.overlays.active = set(OVERLAYS)
    assert scene.planner is not None and scene.draft is not None
    start = scene.planner.start
    reach = scene.planner.reach(scene.planner.walk_metres)
    target = max(reach.tiles(), key=lambda t: (board.distance(start, t), t))
    scene.orders.set_path(target)
    enemy = scene.planner.enemies()[0]
    scene.draft.add(Action(ActionKind.DODGE))
    del enemy
    scene.camera.centre_on(start, snap=True)
    pos = scene.camera.tile_centre((start[0] + 2, start[1] + 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.on_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return app, scene


FRAME_MAP = 100  # tiles a side of the frame-time map
FRAME_TOKENS = 40  # combatants on it
FRAME_SIZE = (1280, 720)  # pixels: the window
FRAME_TARGET_MS = 8.0  # milliseconds per frame
FOG_FRAME_MS = 33.0  # issue 55: no frame over this with fog of war on
PLAYBACK_DT = 1 / 30  # seconds a played-back frame advances


def frame_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Frame time of the battle screen: a 100 × 100 map, 40 tokens, every overlay on, headless."""
    app, scene = frame_bench_scene(FRAME_MAP, FRAME_TOKENS, FRAME_SIZE, args.seed)
    repeat = max(args.repeat, 30)
    first = time.perf_counter()
    app.step([], 1 / 60)  # builds the overlays and the chunks in view
    first_ms = (time.perf_counter() - first) * 1000
    figures = [
        Figure(
            f"frame, declaring, all overlays, {FRAME_TOKENS} tokens",
            median_ms(lambda: app.step([], 1 / 60), repeat),
            FRAME_TARGET_MS,
        ),
        Figure("  first frame (overlays computed, chunks drawn)", first_ms),
    ]
    scene.camera.zoom(-3)
    app.step([], 1 / 60)
    figures.append(
        Figure(
            f"frame zoomed out to {scene.camera.tile_px} px per tile",
            median_ms(lambda: app.step([], 1 / 60), repeat),
            FRAME_TARGET_MS,
        )
    )
    figures += fog_figures(args.seed, repeat)
    w, h = FRAME_SIZE
    return f"frame: {FRAME_MAP} × {FRAME_MAP} map, {w}×{h} window (SDL dummy driver)", figures


def fog_figures(seed: int, repeat: int) -> list[Figure]:
    """The same map and tokens with fog of war on: the frame declaring, and the worst frame
    of a round played back in which every combatant walks two tiles (each event changes
    what the side at the window sees: its view is worked out again, once per change)."""
    base = RuleOptions.battlefield()
    app, scene = frame_bench_scene(
        FRAME_MAP, FRAME_TOKENS, FRAME_SIZE, seed, RuleOptions(set(base.on) | {FOG})
    )
    app.step([], 1 / 60)
    figures = [
        Figure(
            "frame, declaring, fog of war on",
            median_ms(lambda: app.step([], 1 / 60), repeat),
            FOG_FRAME_MS,
        )
    ]
    battle = scene.battle
    assert battle.round is not None
    taken = {tile_of(battle.world, e) for e in combatants(battle.world)}
    while (eid := battle.round.next_declarer) is not None:
        path = two_steps(battle, eid, taken)
        taken |= set(path)
        if battle.declare(Order(eid, path=path)):
            battle.declare(Order(eid))
    scene.advance()  # every order is in: the round resolves and plays back
    worst = Millis(0.0, 0.0)
    frames = 0
    while scene.playback is not None and frames < 5000:
        wall, cpu = time.perf_counter(), time.thread_time()
        app.step([], PLAYBACK_DT)
        took = Millis((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000)
        worst = max(worst, took, key=lambda m: m.cpu_ms or 0.0)
        frames += 1
    figures.append(
        Figure(f"  worst of {frames} frames playing back {FRAME_TOKENS} walks, fog on", worst, FOG_FRAME_MS)
    )
    return figures


def two_steps(battle: Battle, eid: int, taken: set[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A walk of up to two orthogonal steps onto free, passable tiles."""
    here, path = tile_of(battle.world, eid), []
    for _ in range(2):
        x, y = here
        step = next(
            (
                t
                for t in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                if battle.board.passable(t) and t not in taken and t not in path
            ),
            None,
        )
        if step is None:
            break
        path.append(step)
        here = step
    return tuple(path)
