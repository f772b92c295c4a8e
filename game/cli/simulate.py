"""`python -m game simulate`: whole AI-versus-AI battles with no window (game/ai/simulate.py plays them).

python -m game simulate SCENARIO_OR_MAP --sides ai:hard,ai:easy --battles 20 --seed 1
python -m game simulate bundled --modules charge,prone --json    # rules modules on in every battle
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict
from typing import Any

from game.ai.simulate import check_scenarios, iter_battles, load_scenarios
from game.ai.tally import Tally
from game.cli import UsageError, load_house_rules
from game.files import shown_name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the command (cheap: nothing heavy is imported here)."""
    parser.add_argument(
        "scenario",
        metavar="SCENARIO_OR_MAP",
        help="scenario id or .json, map .tmx, 'bundled', 'battles', 'fog', 'mirror' or 'duel'",
    )
    parser.add_argument("--sides", default="ai:hard,ai:easy", help="two AIs, e.g. ai:hard,ai:easy (default)")
    parser.add_argument("--battles", default="10", help="battles to play (default 10)")
    parser.add_argument("--seed", default="0", help="first dice seed (default 0)")
    parser.add_argument(
        "--ai-seed", default="0", help="seed of the AIs' own choices, apart from the dice (default 0)"
    )
    parser.add_argument(
        "--jobs",
        default=None,
        help="processes to spread the battles over (default: one per CPU, up to --battles)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--explain", action="store_true", help="print what each AI considered at each order")
    parser.add_argument("--roster", metavar="FILE", help="a roster file instead of the built-in one")
    parser.add_argument(
        "--modules", default="", metavar="A,B", help="rules modules on in every battle (e.g. charge,prone)"
    )
    parser.add_argument(
        "--house-rules",
        action="append",
        default=[],
        metavar="FILE",
        help="a house-rule file (docs/house-rules.md), switched on in every battle (repeatable)",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the progress bar on stderr (default: only when stderr is a terminal)",
    )
    parser.add_argument(
        "--foresight",
        action="store_true",
        help="show the first AI the orders of the enemies still to declare (a cheat, to measure a ceiling)",
    )
    parser.error = _one_line_error  # type: ignore[method-assign]


def _one_line_error(message: str) -> None:
    """argparse's own complaints, as one line and exit status 2 like every other bad input."""
    print(f"error: {shown_name(message)}", file=sys.stderr)
    raise SystemExit(2)


def run(args: argparse.Namespace) -> int:
    """Play the battles and print the summary."""
    from game.ai.factory import CONTROLLER_NAMES

    sides = [s.strip() for s in args.sides.split(",")]
    if len(sides) != 2 or any(s.casefold() not in CONTROLLER_NAMES for s in sides):
        raise UsageError(f"--sides needs two of {', '.join(CONTROLLER_NAMES)}, like ai:hard,ai:easy")
    battles = _whole(args.battles, "--battles", 1)
    seed = _whole(args.seed, "--seed", None)
    if args.jobs is None:
        # Every core by default (results do not depend on it: each battle has its own seeds);
        # no more processes than battles, each costs a start-up.
        jobs = min(cpu_count(), battles)
    else:
        jobs = _whole(args.jobs, "--jobs", 1)
    if jobs > (cpus := cpu_count()):
        # More processes than CPUs make no battle faster, and each costs its own memory.
        print(f"--jobs {jobs} is more than the {cpus} CPUs here: using {cpus}", file=sys.stderr)
        jobs = cpus
    ai_seed = _whole(args.ai_seed, "--ai-seed", None)
    house = load_house_rules(args.house_rules, args.scenario)
    modules = _modules(",".join([args.modules, *house]))
    resolve_scenarios(args.scenario, args.roster)  # every one checked before any battle
    start = time.perf_counter()
    tally = Tally(sides)
    # Each battle is counted and dropped as it comes (memory stays flat however many are
    # played); only --json keeps them, since it prints every one.
    rows: list[dict[str, Any]] = []
    for result in iter_battles(
        args.scenario, args.roster, sides, battles, seed, jobs,
        args.explain, ai_seed, modules, args.foresight, args.progress,
    ):  # fmt: skip
        tally.add(result)
        if args.json:
            rows.append({k: v for k, v in asdict(result).items() if k not in ("explain", "decide_ms")})
        elif args.explain:
            sides_text = " vs ".join(result.entrants)
            print(
                shown_name(
                    f"--- battle {result.index + 1}: {result.scenario}, seed {result.seed}, {sides_text}"
                )
            )
            for line in result.explain:
                print(shown_name(line))
    elapsed = time.perf_counter() - start
    summary = tally.summary()
    if args.json:
        doc = {
            "scenario": args.scenario,
            "sides": sides,
            "battles": battles,
            "seed": seed,
            "ai_seed": ai_seed,
            "modules": list(modules),
            "foresight": args.foresight,
            **summary,
            "seconds": round(elapsed, 2),
            "results": rows,
        }
        print(json.dumps(doc, indent=2))
        return 0
    if args.foresight:
        print(
            f"foresight: {sides[0]} saw the orders of the enemies still to declare (a measuring instrument)"
        )
    # The scenario may be a map file named anything: it is printed escaped, on one line.
    print(render(summary, sides, battles, shown_name(args.scenario), seed, elapsed))
    return 0


def _modules(text: str) -> tuple[str, ...]:
    """The rules modules `--modules` names (with the modules they require); UsageError for an
    unknown one."""
    from game.rules.options import RuleOptions

    names = [n.strip() for n in text.split(",") if n.strip()]
    try:
        on = RuleOptions(names).on
        return tuple(dict.fromkeys([*names, *sorted(on)]))  # as given, then what they require
    except ValueError as err:
        raise UsageError(f"--modules: {err}") from None


def cpu_count() -> int:
    """The CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not every platform has affinity
        return max(1, os.cpu_count() or 1)


def _whole(text: str, option: str, minimum: int | None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{option} must be a whole number, not {text!r}") from None
    if minimum is not None and value < minimum:
        raise UsageError(f"{option} must be at least {minimum}")
    return value


# ------------------------------------------------------------------ scenarios
def resolve_scenarios(spec: str, roster_path: str | None = None) -> list[Any]:
    """The scenarios SCENARIO_OR_MAP names; UsageError (one line) if none."""
    from game.content.roster import RosterError
    from game.content.scenarios import ScenarioError

    try:
        scenarios = load_scenarios(spec, roster_path)
        check_scenarios(scenarios, roster_path)
    except (ScenarioError, RosterError, OSError, ValueError) as err:
        raise UsageError(str(err).splitlines()[0] if str(err) else type(err).__name__) from None
    return scenarios


def render(
    summary: dict[str, Any], sides: list[str], battles: int, spec: str, seed: int, elapsed: float
) -> str:
    """The summary as text (what `simulate` prints without `--json`)."""
    lines = [f"simulate {spec}: {sides[0]} vs {sides[1]}, {battles} battles, seed {seed} ({elapsed:.1f} s)"]
    for e in range(2):
        ms = summary["median_decision_ms"][e]
        lines.append(
            f"  {summary['entrants'][e]:<14} wins {summary['wins'][e]:>4} ({summary['win_rate'][e]:6.1%})"
            f"   mean injuries taken {summary['mean_injuries'][e]:5.2f}"
            + (f"   median order {ms:.1f} ms" if ms is not None else "")
        )
    lines.append(f"  {'draws':<14} {summary['draws']:>9} ({summary['draws'] / battles:6.1%})")
    for e in range(2):
        counts = summary["actions_declared"][e]
        text = ", ".join(f"{kind} {n}" for kind, n in counts.items()) or "none"
        lines.append(f"  {summary['entrants'][e]:<14} declared {text}")
    lines.append(f"  mean rounds {summary['mean_rounds']}")
    undone = summary["rounds_undone"]
    lines.append(
        "  rounds that undid the one before (back to the tile left a round earlier): "
        + "; ".join(
            f"{summary['entrants'][e]} {u['undone']} of {u['judged']} ({u['share']:.1%})"
            for e, u in enumerate(undone)
        )
    )
    first, second = summary["side_wins"]
    lines.append(f"  by side: the scenario's first side won {first}, its second side {second}")
    seats = [
        f"on its {name} side won {seat['won']} of {seat['battles']} ({seat['win_rate']:.1%}, 95 % "
        f"{seat['interval'][0]:.1%}–{seat['interval'][1]:.1%}), drew {seat['drawn']}, lost {seat['lost']}"
        for name, seat in zip(("first", "second"), summary["by_seat"], strict=True)
        if seat["battles"]
    ]
    if seats:
        lines.append(f"  by seat: {summary['entrants'][0]} " + "; ".join(seats))
    pairs = summary["pairs"]
    line = (
        f"  by pair (one scenario and seed, each AI on each side): {summary['entrants'][0]} won "
        f"{pairs['won']}, tied {pairs['tied']}, lost {pairs['lost']}"
    )
    if pairs["decided_won"] is not None:
        low, high = pairs["interval"]
        line += f": {pairs['decided_won']:.1%} of those decided (95 % {low:.1%}–{high:.1%})"
    lines.append(line)
    if summary["rejected_orders"]:
        lines.append(f"  WARNING: {summary['rejected_orders']} AI orders were refused by validation")
    return "\n".join(lines)
