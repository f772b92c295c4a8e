"""`python -m game replay FILE [--verify] [--from-round N --out NEW [--force]]`."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the replay command."""
    parser.add_argument("file", type=Path, help="a save or autosave file")
    parser.add_argument(
        "--verify", action="store_true", help="replay headless and report whether every event and state match"
    )
    parser.add_argument(
        "--from-round",
        type=int,
        metavar="N",
        help="continue from the end of round N: write a new save there (with --out) or open it in the game",
    )
    parser.add_argument("--out", type=Path, metavar="NEW", help="where --from-round writes the new save")
    parser.add_argument(
        "--force",
        action="store_true",
        help="let --out replace FILE itself (refused without it: FILE is lost)",
    )


def run(args: argparse.Namespace) -> int:
    """Verify, branch, or open the replay window."""
    from game.cli import UsageError
    from game.files import shown_name
    from game.persist.replay import continue_from, verify_save
    from game.persist.saves import SaveError, save_battle

    try:
        if args.verify:
            report = verify_save(args.file)
            print(report.text())
            return 0 if report.ok else 1
        if args.from_round is not None:
            if args.out is not None and not args.force and same_file(args.file, args.out):
                # The rounds after N would be gone for good, with no word: ask first.
                raise UsageError(f"--out {args.out} is the save being replayed; use another name, or --force")
            battle = continue_from(args.file, args.from_round)
            if args.out is not None:
                try:
                    save_battle(battle, args.out)
                except OSError as err:  # a folder, a device, a full disk: say so, write nothing
                    raise UsageError(f"cannot write {args.out}: {err.strerror or err}") from None
                print(f"saved the battle as it stood after round {args.from_round} to {shown_name(args.out)}")
                return 0
            from game.ui.screens import run_game  # the window continues the battle

            return int(run_game(battle=battle) or 0)
        from game.ui.replay_view import run_replay

        return int(run_replay(args.file) or 0)
    except UsageError:
        raise
    except SaveError as err:
        raise UsageError(str(err)) from None
    except ImportError as err:
        raise UsageError(f"the replay window is not available: {err}") from None


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (through links too); False if either cannot be read."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False
