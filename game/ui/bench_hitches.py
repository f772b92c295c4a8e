"""Hitches on the battle screen, for `python -m game bench --only hitches`: how long the
title screen takes to appear after launch, how long a battle takes to load, and the
longest frame while a player selects every combatant, switches every overlay, hovers
every enemy, zooms, fits the map, pans and plans a move, on bundled scenarios and on the
bench's big map; then, with every rules module in play, the first frame after selecting a
combatant with the overwatch, exposed body parts, and every overlay on.

Every frame is timed on its own (`App.step` with drawing), so one slow frame shows as
the maximum; the target for a frame during play is HITCH_MS.  A frame's time is the
window thread's CPU time (`time.thread_time`): on a machine shared with other work the
wall clock also counts the time other programs ran, and says more about them than about
the game.  The launch and load figures are wall-clock times.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.measure import Figure

HITCH_MS = 33.0  # milliseconds: the longest frame allowed during play (30 frames a second)
MENU_MS = 1000.0  # milliseconds from launch to the title screen drawn
SCENARIOS = ("street_by_street", "hedgerow_skirmish", "captured_cruiser")
OVERLAY_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7)
VIEW_KEYS = (
    pygame.K_MINUS,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_EQUALS,
    pygame.K_EQUALS,
    pygame.K_m,
    pygame.K_m,
)
"""Zoom out twice, in three times, fit the whole map and back."""
MENU_PROBE = (
    "import os, sys, time\n"
    "start = float(sys.argv[1])\n"
    "from game.cli import build_parser\n"
    "build_parser()\n"
    "from game.persist.autosave import remove_stale_temp_files\n"
    "remove_stale_temp_files()\n"
    "from game.ui.screens import make_app\n"
    "app = make_app((1280, 720))\n"
    "app.push_screen('menu')\n"
    "app.step([])\n"
    "print(f'{(time.time() - start) * 1000:.1f}')\n"
)
"""The start-up of `python -m game` up to its first drawn frame of the title screen."""


def time_to_menu(runs: int = 3) -> float:
    """Milliseconds from starting a fresh Python to the title screen's first frame (the
    median of `runs`; the imports, the settings and the window are all in it)."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    times = []
    for _ in range(runs):
        started = time.time()
        done = subprocess.run(
            [sys.executable, "-c", MENU_PROBE, str(started)],
            capture_output=True,
            text=True,
            env=env,
            cwd=root,
            check=False,
        )
        line = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "nan"
        times.append(float(line))
    return sorted(times)[len(times) // 2]


class FrameClock:
    """Runs frames of an app and keeps the time each took."""

    def __init__(self, app: object) -> None:
        self.app = app
        self.frames: list[float] = []

    def frame(self, events: list[pygame.event.Event] | None = None) -> float:
        """One frame with these events; its milliseconds of the window thread's CPU time."""
        started = time.thread_time()
        self.app.step(events or [], 1 / 60)  # type: ignore[attr-defined]
        took = (time.thread_time() - started) * 1000
        self.frames.append(took)
        return took


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


MODULE_OVERLAY_RUNS = (
    ("overwatch arc", ("overwatch",)),
    ("exposed body parts", ("exposed",)),
    ("every overlay", None),
)
"""Overlays switched on for the selection figures (None: every module's and every built-in one)."""
SELECTIONS = 12  # combatants selected in turn for each of them


def play_through(scenario_id: str, seed: int = 1, all_modules: bool = False) -> dict[str, float]:
    """Load a scenario (every side at the window) and play a declaration by hand: the load,
    the first frame, the first selection and the longest frame of it all, in ms."""
    from game.content import scenarios as content
    from game.content.battle_setup import build_battle
    from game.session.flow import Session
    from game.ui.prefs import Prefs
    from game.ui.screens import make_app

    scenario = content.find_scenario(scenario_id)
    app = make_app((1280, 720), Prefs(edge_scroll=False))
    started = time.perf_counter()
    options = _every_module() if all_modules else None
    humans = {s.name: "human" for s in scenario.sides}
    battle, battle_map = build_battle(scenario, seed, humans, options=options)
    scene = app.make("battle", battle, battle_map, session=Session(battle))
    app.push(scene)
    load_ms = (time.perf_counter() - started) * 1000
    if all_modules:
        return _selections(app, scene)
    return _drive(app, scene, load_ms)


def _every_module() -> object:
    from game.rules.options import RuleOptions
    from game.rules.registry import rules_modules

    return RuleOptions(m.name for m in rules_modules())


def _selections(app: object, scene: object) -> dict[str, float]:
    """With each of MODULE_OVERLAY_RUNS on, select combatants in turn (a frame between):
    the median and the longest first frame after a selection, in ms, keyed by run."""
    from game.rules.registry import module_overlays
    from game.ui.render.overlays import OVERLAYS

    clock = FrameClock(app)
    clock.frame()
    for _ in range(5):
        if scene.phase == "declare":  # type: ignore[attr-defined]
            break
        clock.frame([_key(pygame.K_RETURN)] if scene.phase == "handover" else [])  # type: ignore[attr-defined]
    every = {o.name for o in module_overlays(scene.battle.options)} | set(OVERLAYS)  # type: ignore[attr-defined]
    found: dict[str, float] = {}
    for label, names in MODULE_OVERLAY_RUNS:
        scene.overlays.active = set(every if names is None else names)  # type: ignore[attr-defined]
        clock.frame()
        firsts = []
        for _ in range(SELECTIONS):
            firsts.append(clock.frame([_key(pygame.K_TAB)]))
            clock.frame()
        firsts.sort()
        found[f"{label} median"] = firsts[len(firsts) // 2]
        found[f"{label} max"] = firsts[-1]
    return found


def _drive(app: object, scene: object, load_ms: float) -> dict[str, float]:
    """Declare by hand on `scene`: select everyone, every overlay, hover every enemy, plan."""
    from game.rules.positions import combatants, tile_of

    clock = FrameClock(app)
    first = clock.frame()
    for _ in range(5):
        if scene.phase == "declare":  # type: ignore[attr-defined]
            break
        if scene.phase == "handover":  # type: ignore[attr-defined]
            clock.frame([_key(pygame.K_RETURN)])
        else:
            clock.frame()
    world = scene.world  # type: ignore[attr-defined]
    selection = clock.frame([_key(pygame.K_TAB)])
    for _ in combatants(world):
        clock.frame([_key(pygame.K_TAB)])
    for k in OVERLAY_KEYS:
        clock.frame([_key(k)])
        clock.frame([_key(k)])
    for eid in combatants(world):
        pos = scene.screen_pos(tile_of(world, eid))  # type: ignore[attr-defined]
        clock.frame([_motion(pos)])
    for k in VIEW_KEYS:
        clock.frame([_key(k)])
    clock.frame([_key(pygame.K_d)])
    for _ in range(20):  # a pan key held for a third of a second
        clock.frame()
    clock.frame([pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="", scancode=0)])
    actor = scene.actor  # type: ignore[attr-defined]
    if actor is not None:
        x, y = tile_of(world, actor)
        for dx, dy in ((2, 0), (0, 2), (-2, 0)):
            pos = scene.screen_pos((x + dx, y + dy))  # type: ignore[attr-defined]
            clock.frame([_motion(pos)])
    rest = clock.frames[1:]
    return {"load": load_ms, "first": first, "selection": selection, "worst": max(rest), "frames": len(rest)}


def hitch_section(args: argparse.Namespace) -> tuple[str, list[Figure]]:
    """Time to the title screen, then each scenario's load and worst frame of a declaration."""
    figures = [Figure("launch to the title screen drawn", time_to_menu(), MENU_MS)]
    runs: list[tuple[str, Callable[[], dict[str, float]]]] = [
        (name, lambda name=name: play_through(name, args.seed or 1)) for name in SCENARIOS
    ]
    runs.append(("bench map 100 × 100, 40 tokens", lambda: _bench_map(args.seed)))
    for name, run in runs:
        found = run()
        figures += [
            Figure(f"{name}: battle loaded", found["load"]),
            Figure("  first frame", found["first"], HITCH_MS),
            Figure("  first selection", found["selection"], HITCH_MS),
            Figure(f"  worst of {found['frames']:.0f} frames declaring", found["worst"], HITCH_MS),
        ]
    selections: list[tuple[str, Callable[[], dict[str, float]]]] = [
        (name, lambda name=name: play_through(name, args.seed or 1, all_modules=True)) for name in SCENARIOS
    ]
    selections.append(("bench map", lambda: _bench_selections(args.seed)))
    for name, run in selections:
        found = run()
        for k, (label, _names) in enumerate(MODULE_OVERLAY_RUNS):
            first = f"{name}, every module: select, " if k == 0 else "  select, "
            figures += [
                Figure(f"{first}{label} on (median)", found[f"{label} median"], HITCH_MS),
                Figure(f"    longest of {SELECTIONS} selections", found[f"{label} max"], HITCH_MS),
            ]
    title = "hitches: a declaration played by hand, each frame's CPU time (SDL dummy driver)"
    return title, figures


def _bench_selections(seed: int) -> dict[str, float]:
    """The frame bench's 100 × 100 map with every rules module in play: `_selections`."""
    from game.ui.bench_scene import FRAME_MAP, FRAME_SIZE, FRAME_TOKENS, frame_bench_scene

    app, scene = frame_bench_scene(FRAME_MAP, FRAME_TOKENS, FRAME_SIZE, seed, options=_every_module())
    return _selections(app, scene)


def _bench_map(seed: int) -> dict[str, float]:
    """The frame bench's 100 × 100 map with 40 tokens, declared on by hand."""
    from game.ui.bench_scene import FRAME_MAP, FRAME_SIZE, FRAME_TOKENS, frame_bench_scene

    started = time.perf_counter()
    app, scene = frame_bench_scene(FRAME_MAP, FRAME_TOKENS, FRAME_SIZE, seed)
    load_ms = (time.perf_counter() - started) * 1000
    return _drive(app, scene, load_ms)
