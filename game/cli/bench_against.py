"""`python -m game bench --against REV`: the same figures of this tree and of another git
revision, measured in the same run.

A figure alone says little on a shared, noisy machine; the same figure of the
previous commit measured a moment apart says whether a change made things faster.
The revision's files are exported with `git archive` into a temporary folder
(the checkout is not touched), and each section runs in a fresh process for this
tree and for the revision in turn, the order swapped every round, so that a
busy spell of the machine falls on both.  Each figure is the median of its rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from game.cli import UsageError
from game.files import shown_name

MAX_ARCHIVE_BYTES = 256 * 1024 * 1024  # a revision of this project is a few MB; refuse a runaway export

DRIVER = r"""
import argparse, json, sys
opts = json.loads(sys.argv[1])
import game
import game.cli.bench as bench
if not game.__file__.startswith(opts["tree"]):
    sys.exit("the revision's code did not load from its own folder: " + game.__file__)
names = list(bench.SECTION_NAMES)
found = None
if opts["section"] in names:
    title, figures = bench.SECTIONS[names.index(opts["section"])](argparse.Namespace(**opts["args"]))
    found = {"title": title, "figures": [
        {"label": f.label, "median_ms": float(f.median_ms), "cpu_ms": getattr(f, "cpu_ms", None),
         "target_ms": f.target_ms} for f in figures]}
with open(opts["out"], "w", encoding="utf-8") as out:
    json.dump(found, out)
"""
"""Runs one section in a process whose `game` package is the tree's: it only needs
`game.cli.bench.SECTIONS`/`SECTION_NAMES` and `Figure.label/median_ms/target_ms`, which
every revision with a bench has; `cpu_ms` where the revision measures it."""

PASSED_ARGS = ("repeat", "seed", "ai_battles", "ai_runs", "quick", "only")
"""The settled options every section may read; passed to both sides alike."""


def compare(args: argparse.Namespace, sections: list[str], here: Path) -> int:
    """Measure `sections` of this tree and of `args.against`, alternating, and print both."""
    sha = _commit(here, args.against)
    label = f"{args.against} ({sha[:10]})" if not sha.startswith(args.against) else sha[:10]
    with tempfile.TemporaryDirectory(prefix="dominion-bench-") as scratch:
        tree = Path(scratch) / "rev"
        _export(here, sha, tree)
        passed = {name: getattr(args, name, None) for name in PASSED_ARGS}
        if not args.json:
            print(
                f"Dominion Tactics bench: this tree against {label}, medians of {args.repeat} runs, "
                f"{args.rounds} round(s) each, in the same run"
            )
        report = []
        for name in sections:
            rounds: dict[str, list[dict | None]] = {"now": [], "rev": []}
            for index in range(args.rounds):
                order = [("now", here), ("rev", tree)]
                if index % 2:
                    order.reverse()  # a machine busier at one moment than the next weighs on both
                for side, root in order:
                    print(
                        f"bench: {name}, {'this tree' if side == 'now' else label}…",
                        file=sys.stderr,
                        flush=True,
                    )
                    rounds[side].append(_run_section(root, name, passed, scratch))
            merged = {side: _median_of_rounds(found) for side, found in rounds.items()}
            report.append({"section": name, **merged})
            if not args.json:
                _print_section(name, merged, sha[:10])
                sys.stdout.flush()  # before the next section's progress line on stderr
        if args.json:
            print(json.dumps({"against": sha, "sections": report}, indent=1))
    return 0


def _commit(here: Path, rev: str) -> str:
    """The full hash of `rev` in the checkout holding this tree, or a usage error."""
    if rev.startswith("-"):
        raise UsageError(f"--against {shown_name(rev)}: not a revision")
    try:
        done = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise UsageError(f"--against needs git: {exc.__class__.__name__}") from exc
    if done.returncode != 0 or not done.stdout.strip():
        raise UsageError(
            f"--against {shown_name(rev)}: not a commit of the checkout at {shown_name(str(here))}"
        )
    return done.stdout.strip()


def _export(here: Path, sha: str, tree: Path) -> None:
    """Write the files of commit `sha` into `tree` (git archive, unpacked safely)."""
    tree.mkdir()
    archive = tree.parent / "rev.tar"
    with archive.open("wb") as out:
        done = subprocess.run(
            ["git", "-C", str(here), "archive", "--format=tar", sha], stdout=out, timeout=300
        )
    if done.returncode != 0:
        raise UsageError(f"--against: git archive of {sha[:10]} failed")
    if archive.stat().st_size > MAX_ARCHIVE_BYTES:
        raise UsageError(f"--against: the revision's files exceed {MAX_ARCHIVE_BYTES // 2**20} MB")
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")  # no links out of the folder, no absolute names
    archive.unlink()


def _run_section(root: Path, name: str, passed: dict, scratch: str) -> dict | None:
    """One section measured in a fresh process whose `game` is `root`'s; None where that
    revision has no such section.  A failure is a usage error naming the side."""
    out = Path(scratch) / "section.json"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    opts = {"section": name, "args": passed, "out": str(out), "tree": str(root.resolve())}
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(opts)], env=env, cwd=root, capture_output=True, text=True
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise UsageError(
            f"bench --against: section {name} failed in {shown_name(str(root))}: {shown_name(last)}"
        )
    found = json.loads(out.read_text(encoding="utf-8"))
    out.unlink()
    return found


def _keyed(figures: list[dict]) -> list[tuple[tuple[str, int], dict]]:
    """Each figure under the key it is matched by across rounds and revisions: its label with
    the numbers in it left out (a count of timed declarations, of tiles, may differ), and
    which occurrence of that label it is in its section (sub-figures repeat a label under
    each map: "longest of 12 selections")."""
    seen: dict[str, int] = {}
    keyed = []
    for fig in figures:
        shape = re.sub(r"\d+(\.\d+)?", "#", fig["label"])
        seen[shape] = seen.get(shape, 0) + 1
        keyed.append(((shape, seen[shape]), fig))
    return keyed


def _median_of_rounds(found: list[dict | None]) -> dict | None:
    """The figures of the first round, each the median of its value over every round that
    measured a figure of that label."""
    present = [f for f in found if f is not None]
    if not present:
        return None
    figures = []
    keyed = [dict(_keyed(run["figures"])) for run in present]
    for key, fig in _keyed(present[0]["figures"]):
        same = [run[key] for run in keyed if key in run]
        cpus = [g["cpu_ms"] for g in same if g["cpu_ms"] is not None]
        figures.append(
            {
                **fig,
                "median_ms": statistics.median(g["median_ms"] for g in same),
                "cpu_ms": statistics.median(cpus) if cpus else None,
            }
        )
    return {"title": present[0]["title"], "figures": figures}


def _print_section(name: str, merged: dict, rev: str) -> None:
    """Both sides' figures, matched by label, with the ratio now / revision."""
    now, old = merged["now"], merged["rev"]
    print((now or old or {"title": name})["title"])
    if old is None:
        print(f"  ({rev} has no {name} section)")
    print(f"  {'':<58} {'now':>10} {rev:>10} {'ratio':>7}   (CPU ms where measured, else wall ms)")
    old_by_label = dict(_keyed((old or {"figures": []})["figures"]))
    for key, fig in _keyed((now or {"figures": []})["figures"]):
        before = old_by_label.pop(key, None)
        cpu = _both_cpu(fig, before)
        print(f"  {fig['label']:<58} {_ms(fig, cpu)} {_ms(before, cpu)} {_ratio(fig, before, cpu)}")
    for fig in old_by_label.values():
        print(f"  {fig['label']:<58} {'–':>10} {_ms(fig, fig.get('cpu_ms') is not None)} {'':>7}")


def _both_cpu(now: dict, before: dict | None) -> bool:
    """Whether both sides measured CPU time (else both are shown and compared on the wall
    clock: a revision from before CPU figures has only wall times)."""
    return now.get("cpu_ms") is not None and (before is None or before.get("cpu_ms") is not None)


def _ms(fig: dict | None, cpu: bool) -> str:
    """A figure's CPU time (`cpu`), else its wall time marked `w`."""
    if fig is None:
        return f"{'–':>10}"
    return f"{fig['cpu_ms']:9.3f} " if cpu else f"{fig['median_ms']:9.3f}w"


def _ratio(now: dict, before: dict | None, cpu: bool) -> str:
    """now / before on the same clock, or blank."""
    if before is None:
        return ""
    key = "cpu_ms" if cpu else "median_ms"
    return f"{now[key] / before[key]:6.2f}×" if before[key] > 0 else ""
