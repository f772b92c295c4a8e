"""What the Load screen shows of a save (issue 51, item 8): a save's `meta` is anyone's to
edit, so its title is bounded when it is read, not when it is drawn."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli.demo import demo_world
from game.files import MAX_SHOWN, bounded
from game.persist.catalog import list_saved_battles
from game.persist.saves import save_battle
from game.rules.battle import Battle

HUGE = 2_000_000  # characters: enough that anything drawing it whole would crawl


def test_bounded_cuts_and_keeps_one_line() -> None:
    assert bounded("Tutorial: Feint") == "Tutorial: Feint"
    assert bounded("two\nlines\x1b[2J") == "two lines [2J"
    cut = bounded("x" * HUGE)
    assert len(cut) == MAX_SHOWN and cut.endswith("…")
    assert bounded(12) == "12"


def test_a_huge_title_in_a_save_is_cut_when_the_load_screen_reads_it(tmp_path: Path) -> None:
    """The game writes titles of at most 200 characters, but the Load screen lists every
    save in the folders before any is checked: an edited one says what it likes."""
    saves, autos = tmp_path / "saves", tmp_path / "autosaves"
    saves.mkdir()
    autos.mkdir()
    path = saves / "huge-round1-x.json"
    world, board = demo_world()
    save_battle(Battle(world, board, 3, max_rounds=30), path)
    doc = json.loads(path.read_text())
    doc["battle"]["meta"]["title"] = "A" * HUGE + "\nforged line"
    path.write_text(json.dumps(doc))
    (entry,) = list_saved_battles((saves, autos))
    title, _number, _over = entry.describe()
    assert title.startswith("AAAA") and len(title) <= MAX_SHOWN and "\n" not in title
    assert len(entry.label()) < MAX_SHOWN + 60
