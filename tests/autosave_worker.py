"""Windows as processes, for the autosave tests: each plays tiny battles headless (the
session's own round flow: declare, resolve, start the next round, autosave) side by side
with the others in one autosave folder, and reports what it wrote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.content.demo import demo_world
from game.persist.autosave import autosave
from game.persist.saves import load_battle, world_hash
from game.rules.battle import Battle
from game.rules.orders import Order

KEEP = 2  # rounds kept per battle: small, so that rotation has work in every trial
BATTLES = 2  # battles kept


def new_battle(seed: int) -> Battle:
    """A demo battle (two combatants on a small grid): cheap to play, save and load."""
    world, board = demo_world()
    return Battle(world, board, seed, meta={"scenario": "demo", "title": "Side by side"})


def next_round(battle: Battle, folder: Path) -> tuple[str, str]:
    """Resolve the round under way (everyone turns on the spot), begin the next and autosave
    it as the window's session does; (the autosave's path, the state's hash)."""
    if battle.round is not None:
        while (eid := battle.round.next_declarer) is not None:
            battle.declare(Order(eid, facing=(battle.number + eid) % 8))
        battle.resolve()
    battle.start_round()
    path = autosave(battle, folder, keep=KEEP, battles=BATTLES)
    return str(path), world_hash(battle.world)


def stored_state(path: str) -> str | None:
    """The state hash a save file holds (None if it is gone or unreadable)."""
    try:
        return json.loads(Path(path).read_text())["state_hash"]
    except (OSError, ValueError, KeyError):
        return None


def two_windows(root: str, source: str, trials: int, barrier: Any, results: Any, who: int) -> None:
    """Both windows continue the same autosave at the same moment, trial after trial."""
    for trial in range(trials):
        folder = Path(root) / f"trial-{trial:03d}"
        battle = load_battle(folder / source)
        barrier.wait()  # both loaded: continue at once
        written = dict(next_round(battle, folder) for _ in range(2))
        results.put((who, trial, written))


def many_windows(root: str, trials: int, barrier: Any, results: Any, who: int) -> None:
    """Window 0 keeps one battle open through every trial; the others play a new short
    battle in each.  After each trial (everyone paused) each window checks that the last
    `KEEP` autosaves of its open battle are on disk, as it wrote them."""
    folder = Path(root)
    battle = new_battle(1000 * who)
    mine: list[tuple[str, str]] = []
    for trial in range(trials):
        if who and trial:
            battle, mine = new_battle(1000 * who + trial), []
        barrier.wait()
        for _ in range(2):
            mine.append(next_round(battle, folder))
        barrier.wait()  # everyone has written: nothing moves while we look
        lost = [path for path, state in mine[-KEEP:] if stored_state(path) != state]
        results.put((who, trial, lost))
        barrier.wait()
