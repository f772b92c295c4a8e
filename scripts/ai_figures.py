"""Print the AI's current figures as docs/ai.md shows them (its *Current figures* table).

    python scripts/ai_figures.py                       (from the repository's root)
    python scripts/ai_figures.py --battles 60 --seed 7357 --jobs 2

Every row is one `python -m game simulate` run, printed beside its figures so that each
can be run again alone.  A draw counts as a battle not won; intervals are 95 % Wilson
score intervals on the first AI's share of the battles.  The table in docs/ai.md is
this script's output pasted as it came (issue 53: every figure from one command).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.simulate import play_battles, summarize  # noqa: E402
from game.ai.tally import wilson_interval  # noqa: E402
from game.rules.fog import FOG, FOG_ARCS  # noqa: E402
from game.rules.registry import rules_modules  # noqa: E402

HEADER = (
    "| pairing | battles | wins / draws / losses | first AI wins | 95 % interval "
    "| pairs won / tied / lost | rounds undone (first AI) |"
)
RULE = "|---|---|---|---|---|---|---|"


def rows() -> list[tuple[str, str, list[str], tuple[str, ...]]]:
    """(label, scenarios, sides, modules) of every row, in the table's order."""
    # Every rule of the source texts on at once (issue 50's floor); fog of war hides what a side
    # knows, a game of its own, measured on the scenarios made for it (its own row).
    every = tuple(sorted(spec.name for spec in rules_modules() if spec.name not in (FOG, FOG_ARCS)))
    return [
        ("hard vs random, battles", "battles", ["ai:hard", "ai:random"], ()),
        ("hard vs easy, bundled", "bundled", ["ai:hard", "ai:easy"], ()),
        ("hard vs easy, battles", "battles", ["ai:hard", "ai:easy"], ()),
        ("hard vs normal, bundled", "bundled", ["ai:hard", "ai:normal"], ()),
        ("hard vs normal, battles", "battles", ["ai:hard", "ai:normal"], ()),
        ("hard vs normal, bundled, every module", "bundled", ["ai:hard", "ai:normal"], every),
        ("hard vs easy, bundled, every module", "bundled", ["ai:hard", "ai:easy"], every),
        ("flanking script vs hard, duels", "duel", ["ai:flanker", "ai:hard"], ()),
        ("hard vs normal, fog scenarios", "fog", ["ai:hard", "ai:normal"], ()),
    ]


def command(spec: str, sides: list[str], battles: int, seed: int, jobs: int, modules: tuple[str, ...]) -> str:
    """The `simulate` command of one row."""
    line = f"python -m game simulate {spec} --sides {','.join(sides)} --battles {battles} --seed {seed}"
    line += f" --jobs {jobs}"
    if modules:
        line += " --modules " + ",".join(modules)
    return line


def table(battles: int, seed: int, jobs: int) -> str:
    """The whole table, and the commands under it."""
    lines = [HEADER, RULE]
    commands = []
    for label, spec, sides, modules in rows():
        summary = summarize(play_battles(spec, None, sides, battles, seed, jobs=jobs, modules=modules), sides)
        wins, draws = summary["wins"][0], summary["draws"]
        low, high = wilson_interval(wins, battles)
        pairs = summary["pairs"]
        undone = summary["rounds_undone"][0]
        lines.append(
            f"| {label} | {battles} | {wins} / {draws} / {battles - wins - draws} | {wins / battles:.1%} "
            f"| {low:.1%}–{high:.1%} | {pairs['won']} / {pairs['tied']} / {pairs['lost']} "
            f"| {undone['undone']} of {undone['judged']} ({undone['share']:.1%}) |"
        )
        commands.append(f"    {command(spec, sides, battles, seed, jobs, modules)}")
    return "\n".join([*lines, "", "Each row's command:", "", *commands])


def main(argv: list[str] | None = None) -> int:
    """Run every row and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=60, help="battles per row (default 60)")
    parser.add_argument("--seed", type=int, default=7357, help="first dice seed (default 7357)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    print(f"seed {args.seed}, {args.battles} battles a row, `python scripts/ai_figures.py "
          f"--battles {args.battles} --seed {args.seed} --jobs {args.jobs}`")  # fmt: skip
    print()
    print(table(args.battles, args.seed, args.jobs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
