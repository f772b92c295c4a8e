"""Positions for the workbench tests: the chapter's Retreat example (CO.18 Ex. 1) set up from
open ground with the roster's Omar, Serena and Niles, as a game master would."""

from __future__ import annotations

from game.content.roster import default_roster
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import find_by_name
from game.workbench import edits
from game.workbench.bench import Bench
from game.workbench.boards import blank_board
from game.workbench.setup import Setup
from game.world import World

E, W = 2, 6  # facings
RETREAT_TILES = {"Omar": (4, 4), "Niles": (5, 4), "Serena": (6, 4)}
SERENA_PATH = tuple((x, 4) for x in range(7, 15))  # the longest path she may need: 4 + at most 4 m


def empty(width: int = 16, height: int = 8) -> Setup:
    """Open ground with nobody on it, the chapter alone (no rules modules)."""
    board, source = blank_board(width, height)
    return Setup(board, source, World())


def ids(setup: Setup) -> dict[str, int]:
    """Combatant ids by name."""
    found = {}
    for name in ("Omar", "Serena", "Niles"):
        eid = find_by_name(setup.world, name)
        if eid is not None:
            found[name] = eid
    return found


def retreat_setup() -> Setup:
    """CO.18 Ex. 1 built through the edits: the three placed from the roster, the orders of the
    example, Timing fixed as the chapter gives it (Serena best, Niles, Omar worst)."""
    roster = default_roster()
    bench = Bench(empty())
    for name, side, facing in (
        ("Omar", "bounty hunters", E),
        ("Niles", "assassin", W),
        ("Serena", "bounty hunters", W),
    ):
        result = edits.place(bench.setup, roster.get(name.casefold()), RETREAT_TILES[name], side, facing)
        assert bench.do(result, f"place {name}") is None
    who = ids(bench.setup)
    orders = {
        "Omar": Order(who["Omar"], (Action(ActionKind.STRIKE, who["Niles"]),)),
        "Niles": Order(who["Niles"], (Action(ActionKind.PARRY), Action(ActionKind.STRIKE, who["Serena"]))),
        "Serena": Order(who["Serena"], (Action(ActionKind.RETREAT),), SERENA_PATH, W),
    }
    for name, order in orders.items():
        assert bench.do(edits.set_order(bench.setup, who[name], order), f"order {name}") is None
    timing = (who["Serena"], who["Niles"], who["Omar"])
    assert bench.do(edits.set_timing(bench.setup, timing), "timing") is None
    return bench.setup
