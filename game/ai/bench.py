"""The AI section of `python -m game bench`: declaration time and win rates.

Declaration time is measured for `ai:hard` in an 8-versus-8 battle on a
bundled map with every rules module in the registry switched on (hard
against normal, the first rounds, every hard declaration timed in CPU time
of its thread, so other programs on a busy machine count for little): the
median and the 95th percentile, each declaration's fastest of `--ai-runs` plays of
the same seeded battle.  Win rates come from `--ai-battles` battles
per pairing on the bundled scenarios and on the battles alone, sides swapped
on alternate battles, as `python -m game simulate bundled` (or `battles`) plays them, and the flanking script
against hard in the equal duels (`simulate duel`), each with the pairs the AI
won, tied and lost (the same battle from both sides: `simulate.pair_outcomes`);
`--ai-battles 0` skips them.

Headless speed: hard against hard on a fixed set of seeded battles (`RATE_BATTLES`;
the first alone with `--quick`), played one after another in this process, in CPU
time: the CPU time of a battle and battles a minute per core (what a balance run of
`simulate` gets from each core it uses).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

DECISION_TARGET_MS = 50.0  # one hard declaration, median, 8 versus 8, every module on
DECISION_P95_TARGET_MS = 150.0  # … its 95th percentile
BENCH_MAP = "skirmish.tmx"  # small: the two sides meet within a few rounds
SQUAD = ("knight", "archer", "militia_spearman", "crossbowman")  # repeated to 8 a side
TIMED_ROUNDS = 10
BENCH_JOBS = min(2, os.cpu_count() or 1)  # processes for the win-rate battles
RATE_BATTLES = (("the_keep", 77), ("street_by_street", 77))
"""(scenario, dice seed) of the hard-versus-hard battles timed for battles a minute per core."""
PAIRINGS = (
    ("bundled", "ai:hard", "ai:random", 0.99),
    ("bundled", "ai:hard", "ai:easy", 0.85),
    ("bundled", "ai:hard", "ai:normal", 0.60),
    ("bundled", "ai:normal", "ai:easy", 0.85),
    ("battles", "ai:hard", "ai:random", 0.99),
    ("battles", "ai:hard", "ai:easy", 0.85),
    ("battles", "ai:hard", "ai:normal", 0.60),
    ("battles", "ai:normal", "ai:easy", 0.85),
    ("duel", "ai:hard", "ai:flanker", 0.50),
)
"""(scenarios, AI, opponent, the share of battles the AI should win; against the flanking
script: the share it should at least not lose).  Every bundled scenario, and the battles
alone (the tutorials start lopsided on purpose: docs/ai.md)."""


def ai_section(args: argparse.Namespace) -> tuple[str, list]:
    """Hard's declaration time in 8 versus 8 (median, 95th percentile), and win rates."""
    from game.measure import Figure

    runs = getattr(args, "ai_runs", 1)  # at least 1: the command refuses fewer
    times = declaration_times(getattr(args, "seed", 0), runs=runs)
    ordered = sorted(times)
    each = f", best of {runs}" if runs > 1 else ""
    figures = [
        Figure(
            f"one ai:hard declaration, 8 vs 8, every module on ({len(times)} timed, CPU{each})",
            statistics.median(times),
            DECISION_TARGET_MS,
        ),
        Figure("  95th percentile", percentile(ordered, 0.95), DECISION_P95_TARGET_MS),
        Figure("  slowest declaration", ordered[-1]),
    ]
    figures.append(battle_rate_figure(bool(getattr(args, "quick", False))))
    battles = getattr(args, "ai_battles", 0)
    if battles:
        from game.ai.simulate import play_battles, summarize

        for spec, ai, other, target in PAIRINGS:
            start = time.perf_counter()
            seed = getattr(args, "seed", 0)
            results = play_battles(spec, None, [ai, other], battles, seed, jobs=BENCH_JOBS)
            per_battle = (time.perf_counter() - start) * 1000 / battles
            summary = summarize(results, [ai, other])
            if other == "ai:flanker":
                rate = summary["win_rate"][1]
                verdict = "ok" if rate <= target else "HIGH"
                text = f"{other} beats {ai} in the duels: {rate:.0%} of {battles} (≤ {target:.0%}: {verdict})"
            else:
                rate = summary["win_rate"][0]
                verdict = "ok" if rate >= target else "LOW"
                text = f"{spec}: {ai} beats {other}: {rate:.0%} of {battles} (≥ {target:.0%}: {verdict})"
            pairs = summary["pairs"]
            text += f", {summary['draws']} drawn; pairs {ai} won {pairs['won']}, tied {pairs['tied']}"
            text += f", lost {pairs['lost']}; {ai} {_seats(summary['by_seat'])}"
            figures.append(Figure(f"{text}; per battle", per_battle))
    title = f"ai: declaration time; win rates over {battles} battles a pairing (sides swapped)"
    return title, figures


def battle_rate_figure(quick: bool = False):  # noqa: ANN201 - a game.measure.Figure (imported late)
    """CPU milliseconds of a hard-versus-hard headless battle on `RATE_BATTLES` (the first
    alone when `quick`), with the battles a minute per core they make in its label."""
    from game.measure import Figure

    chosen = RATE_BATTLES[:1] if quick else RATE_BATTLES
    seconds, rounds = battle_cpu_seconds(chosen)
    per_battle = seconds / len(chosen)
    names = ", ".join(f"{spec} seed {seed}" for spec, seed in chosen)
    return Figure(
        f"ai:hard vs ai:hard headless battle, CPU ({names}; {rounds} rounds): "
        f"{60 / per_battle:.1f} battles a minute per core",
        per_battle * 1000,
        cpu_ms=per_battle * 1000,  # measured in CPU time: compared as such (`--against`)
    )


def battle_cpu_seconds(battles: tuple[tuple[str, int], ...]) -> tuple[float, int]:
    """CPU seconds of playing these (scenario, seed) battles hard against hard in this
    process, one after another, and the rounds they took; the scenarios are loaded (and the
    AI imported) before the clock starts."""
    from game.ai.simulate import _roster, load_scenarios, play_battle

    roster = _roster(None)  # as `simulate` plays them
    loaded = [(load_scenarios(spec, None)[0], seed) for spec, seed in battles]
    start = time.process_time()
    rounds = sum(
        play_battle(scenario, seed, ["ai:hard", "ai:hard"], roster=roster).rounds for scenario, seed in loaded
    )
    return time.process_time() - start, rounds


def _seats(by_seat: list[dict]) -> str:
    """The first AI's share won on each seat (where a lopsided scenario's non-wins gather)."""
    shares = [f"{seat['win_rate']:.0%}" if seat["battles"] else "–" for seat in by_seat]
    return f"won {shares[0]} on the first side, {shares[1]} on the second"


def percentile(ordered: list[float], share: float) -> float:
    """The value below which `share` of the (sorted) values lie (nearest rank)."""
    rank = max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))
    return ordered[rank]


def declaration_times(
    seed: int, level: str = "ai:hard", opponent: str = "ai:normal", runs: int = 1
) -> list[float]:
    """CPU milliseconds of each of `level`'s declarations in the first rounds of an
    8-versus-8 battle against `opponent`, with every rules module switched on; with `runs`
    above 1 the battle (the same seeds: the same declarations) is played that many times and
    each declaration's fastest run counts, as `timeit` does: a slower run measures the
    machine (another program, a clock turned down), not the code."""
    found = _one_run(seed, level, opponent)
    for _ in range(runs - 1):
        again = _one_run(seed, level, opponent)
        assert len(again) == len(found), "a seeded bench battle plays the same declarations"
        found = [min(a, b) for a, b in zip(found, again, strict=True)]
    return found


def _one_run(seed: int, level: str, opponent: str) -> list[float]:
    from game.ai.controller import DeclarationView
    from game.ai.factory import make_controller
    from game.content.battle_setup import build_battle
    from game.content.scenarios import UnitSpec, bundled_maps, quick_scenario
    from game.rules.options import RuleOptions
    from game.rules.registry import rules_modules
    from game.world import Side

    path = next((m for m in bundled_maps() if m.name == BENCH_MAP), None) or bundled_maps()[0]
    scenario = quick_scenario(path)
    units = tuple(UnitSpec(SQUAD[i % len(SQUAD)]) for i in range(8))
    every = RuleOptions(m.name for m in rules_modules())
    scenario = replace(scenario, sides=tuple(replace(s, units=units) for s in scenario.sides), options=every)
    battle, _ = build_battle(scenario, seed, options=every)
    names = [s.name for s in scenario.sides]
    controllers = {names[0]: make_controller(level, seed), names[1]: make_controller(opponent, seed + 1)}
    times: list[float] = []
    for _ in range(TIMED_ROUNDS):
        if battle.over:
            break
        rnd = battle.start_round()
        while (eid := rnd.next_declarer) is not None:
            view = DeclarationView.of(battle, eid)
            side = battle.world.get(eid, Side).name
            start = time.thread_time()
            order = controllers[side].choose_order(view)
            if side == names[0]:
                times.append((time.thread_time() - start) * 1000)
            battle.declare(order)
        battle.resolve()
    return times
