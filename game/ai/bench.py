"""The AI section of `python -m game bench`: declaration time and win rates.

Declaration time is measured in an 8-versus-8 battle on a bundled map (hard
against normal, the first rounds, every declaration timed).  Win rates come
from `--ai-battles` battles per pairing on the bundled scenarios, sides
swapped on alternate battles, as `python -m game simulate bundled` plays
them; `--ai-battles 0` skips them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

DECISION_TARGET_MS = 100.0  # one AI declaration, median, 8 versus 8
BENCH_MAP = "skirmish.tmx"  # small: the two sides meet within a few rounds
SQUAD = ("knight", "archer", "militia_spearman", "crossbowman")  # repeated to 8 a side
TIMED_ROUNDS = 10
BENCH_JOBS = min(2, os.cpu_count() or 1)  # processes for the win-rate battles
PAIRINGS = (("ai:hard", "ai:random", 0.95), ("ai:hard", "ai:easy", 0.70), ("ai:normal", "ai:easy", 0.60))
"""(AI, opponent, the share of battles the AI should win)."""


def ai_section(args: argparse.Namespace) -> tuple[str, list]:
    """Median declaration time in 8 versus 8, and win rates on the bundled scenarios."""
    from game.measure import Figure

    times = declaration_times(getattr(args, "seed", 0))
    figures = [
        Figure(
            f"one AI declaration, 8 vs 8, hard and normal ({len(times)} timed)",
            statistics.median(times),
            DECISION_TARGET_MS,
        ),
        Figure("  slowest declaration", max(times)),
    ]
    battles = getattr(args, "ai_battles", 0)
    if battles:
        from game.ai.simulate import play_battles, summarize

        for ai, other, target in PAIRINGS:
            start = time.perf_counter()
            seed = getattr(args, "seed", 0)
            results = play_battles("bundled", None, [ai, other], battles, seed, jobs=BENCH_JOBS)
            per_battle = (time.perf_counter() - start) * 1000 / battles
            summary = summarize(results, [ai, other])
            rate = summary["win_rate"][0]
            verdict = "ok" if rate >= target else "LOW"
            figures.append(
                Figure(
                    f"{ai} beats {other}: {rate:.0%} of {battles} (≥ {target:.0%}: {verdict}), "
                    f"{summary['draws']} drawn; per battle",
                    per_battle,
                )
            )
    title = f"ai: declaration time; win rates over {battles} bundled battles a pairing (sides swapped)"
    return title, figures


def declaration_times(seed: int) -> list[float]:
    """Milliseconds of each AI declaration in the first rounds of an 8-versus-8 battle."""
    from game.ai.controller import DeclarationView
    from game.ai.factory import make_controller
    from game.content.scenarios import UnitSpec, build_battle, bundled_maps, quick_scenario
    from game.world import Side

    path = next((m for m in bundled_maps() if m.name == BENCH_MAP), None) or bundled_maps()[0]
    scenario = quick_scenario(path)
    units = tuple(UnitSpec(SQUAD[i % len(SQUAD)]) for i in range(8))
    scenario = replace(scenario, sides=tuple(replace(s, units=units) for s in scenario.sides))
    battle, _ = build_battle(scenario, seed)
    names = [s.name for s in scenario.sides]
    controllers = {names[0]: make_controller("ai:hard", seed), names[1]: make_controller("ai:normal", seed)}
    times: list[float] = []
    for _ in range(TIMED_ROUNDS):
        if battle.over:
            break
        rnd = battle.start_round()
        while (eid := rnd.next_declarer) is not None:
            view = DeclarationView.of(battle, eid)
            start = time.perf_counter()
            order = controllers[battle.world.get(eid, Side).name].choose_order(view)
            times.append((time.perf_counter() - start) * 1000)
            battle.declare(order)
        battle.resolve()
    return times
