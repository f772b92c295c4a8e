"""A saved battle opened on the workbench at any round.

The save is checked and replayed by `game.persist` exactly as loading it would
(`continue_from`): the position is the battle as it stood after that many resolved rounds, on
its own board with its own rules modules.  When the save goes on past that point, the next
round's orders and Timing order as they were played come with it, so "what if" starts from
the real round.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.core.sheet import Sheet
from game.paths import from_root
from game.persist.replay import continue_from
from game.persist.saves import SaveError, read_save, rebuild
from game.rules.board import Board
from game.rules.events import TimingOrderSet
from game.rules.positions import find_by_name
from game.workbench.boards import is_blank, open_map
from game.workbench.characters import roster_origin
from game.workbench.setup import BoardSource, Refused, Setup


def saved_rounds(path: Path) -> int:
    """How many rounds of the save were resolved (SaveError for a file that is no save)."""
    doc = read_save(Path(path)).get("battle")
    resolved = doc.get("resolved_rounds", 0) if isinstance(doc, dict) else 0
    if not isinstance(resolved, int) or isinstance(resolved, bool) or resolved < 0:
        raise SaveError(f"{path}: damaged save (resolved_rounds)")
    return resolved


def load_saved_setup(path: Path, round_number: int) -> tuple[Setup, list[str]]:
    """The saved battle after `round_number` resolved rounds, as a position; SaveError (one
    line) for anything that is not a sound save, or a round it does not reach."""
    path = Path(path)
    battle = continue_from(path, round_number)
    notes: list[str] = []
    source = _source(battle.board_source, battle.board, notes)
    world = battle.world
    # Combatants only: a weapon lying on the ground has a name too, but no sheet to match.
    origins = {e: o for e, _s in world.query(Sheet) if (o := roster_origin(world, e)) is not None}
    title = str(battle.meta.get("title") or battle.meta.get("scenario") or path.stem)
    setup = Setup(
        battle.board,
        source,
        world,
        battle.options,
        origins=origins,
        title=f"{title}, after round {round_number}"[:100],
    )
    return _next_round(setup, path, round_number, notes), notes


def _source(spec: object, board: Board, notes: list[str]) -> BoardSource:
    """Where the save's board came from: its map (with the map's art), else its grid."""
    if isinstance(spec, dict) and "map" in spec:
        raw = spec["map"]
        text = raw.get("path") if isinstance(raw, dict) else raw
        if isinstance(text, str):
            opened = open_map(from_root(text))
            if not isinstance(opened, Refused):
                return opened[1]
            notes.append(f"the map's art could not be loaded: {opened.reason}")
    if is_blank(board):
        return BoardSource("blank", f"Open ground {board.width} × {board.height}")
    return BoardSource("grid", f"Board of the save ({board.width} × {board.height})")


def _next_round(setup: Setup, path: Path, round_number: int, notes: list[str]) -> Setup:
    """The orders and Timing order of round `round_number` + 1 as the save played them, if any."""
    try:
        battle = rebuild(read_save(path), str(path), upto=round_number + 1)
    except SaveError:
        return setup
    if len(battle.records) <= round_number:
        return setup
    record = battle.records[round_number]
    orders = {o.actor: o for o in record.orders if o.actor in setup.combatants}
    timing = None
    for event in record.events:
        if isinstance(event, TimingOrderSet):
            found = tuple(find_by_name(setup.world, n) for n in event.order)
            if all(e is not None for e in found):
                timing = tuple(e for e in found if e is not None)
    if orders:
        notes.append(f"the orders of round {round_number + 1} as they were declared, in its Timing order")
    return replace(setup, orders=orders, timing=timing)
