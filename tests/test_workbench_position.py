"""The workbench's position: edits with the rules' reasons, undo and redo, and what stays true
whatever edits are made (property tests)."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.armory import default_armory
from game.content.roster import default_roster
from game.core.sheet import Sheet
from game.rules.board import GridBoard
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import occupant, tile_of
from game.workbench import edits, plans
from game.workbench.bench import Bench
from game.workbench.setup import BoardSource, Refused, Setup
from game.world import Condition, Equipment, Name, World
from tests.workbench_helpers import RETREAT_TILES, empty, ids, retreat_setup

ROSTER = default_roster()
ARMORY = default_armory()


def walled() -> Setup:
    """Open ground with a wall at (3, 3)."""
    board = GridBoard(10, 8, walls=[(3, 3)])
    return Setup(board, BoardSource("grid", "walled"), World())


def test_placing_on_a_wall_off_the_board_or_on_someone_is_refused_with_the_reason() -> None:
    setup = walled()
    assert edits.place(setup, ROSTER.get("omar"), (3, 3), "a") == Refused(
        "cannot place Omar there: [3, 3] is a wall or blocks movement"
    )
    assert edits.place(setup, ROSTER.get("omar"), (10, 0), "a") == Refused(
        "cannot place Omar there: [10, 0] is off the 10 × 8 board"
    )
    placed = edits.place(setup, ROSTER.get("omar"), (2, 2), "a")
    assert isinstance(placed, Setup)
    again = edits.place(placed, ROSTER.get("niles"), (2, 2), "b")
    assert again == Refused("cannot place Niles there: [2, 2] is already taken by Omar")
    twin = edits.place(placed, ROSTER.get("omar"), (4, 4), "a")
    assert isinstance(twin, Setup) and sorted(n.value for _e, n in twin.world.query(Name)) == [
        "Omar",
        "Omar 2",
    ]


def test_a_placed_character_has_the_roster_sheet_equipment_and_token() -> None:
    setup = edits.place(empty(), ROSTER.get("serena"), (6, 4), "hunters", 6)
    assert isinstance(setup, Setup)
    (eid,) = setup.combatants
    serena = ROSTER.get("serena")
    assert setup.world.get(eid, Sheet) == serena.sheet
    assert setup.world.get(eid, Equipment) == serena.equipment
    assert setup.origins == {eid: "serena"}


def test_sheet_equipment_and_injuries_are_edited_with_the_reasons_of_the_rules() -> None:
    setup = retreat_setup()
    who = ids(setup)
    serena = who["Serena"]
    raised = edits.set_skill(setup, serena, "strike", 7)
    assert isinstance(raised, Setup) and raised.world.get(serena, Sheet).skill("strike") == 7
    back = edits.set_skill(raised, serena, "strike", None)
    assert isinstance(back, Setup) and back.world.get(serena, Sheet).skill("strike") == 3  # the Composite
    assert edits.set_skill(setup, serena, "strike", 100) == Refused("skills must be from 0 to 99")
    assert edits.set_attribute(setup, serena, "agility", -1) == Refused("Agility must be from 0 to 99")
    sword = ARMORY.weapons["sword"]
    full = edits.add_weapon(setup, serena, sword)  # stun baton and shield already fill both hands
    assert full == Refused("Serena needs 3 hands to hold stun baton, sword, shield; a combatant has 2")
    no_shield = edits.set_shield(setup, serena, None)
    assert isinstance(no_shield, Setup)
    armed = edits.add_weapon(no_shield, serena, sword)
    assert isinstance(armed, Setup)
    assert [w.name for w in armed.world.get(serena, Equipment).weapons] == ["stun baton", "sword"]
    hurt = edits.set_injuries(setup, serena, 3)
    assert isinstance(hurt, Setup) and hurt.world.get(serena, Condition) == Condition(3, True, False)
    assert edits.set_injuries(setup, serena, 4) == Refused("Injuries must be from 0 to 3 (Defeated)")
    # A Defeated combatant cannot act: the rules say so of her order.
    assert plans.problems(hurt)[serena] == ["Serena is Defeated and takes no more actions"]


def test_moving_a_combatant_drops_its_path_and_removing_one_drops_the_attacks_on_it() -> None:
    setup = retreat_setup()
    who = ids(setup)
    moved = edits.move(setup, who["Serena"], (6, 6))
    assert isinstance(moved, Setup)
    assert moved.orders[who["Serena"]].path == () and moved.orders[who["Serena"]].facing == 6
    assert edits.move(setup, who["Serena"], RETREAT_TILES["Niles"]) == Refused(
        "cannot move Serena there: [5, 4] is already taken by Niles"
    )
    gone = edits.remove(setup, who["Serena"])
    assert isinstance(gone, Setup)
    assert who["Serena"] not in gone.orders and who["Serena"] not in (gone.timing or ())
    assert gone.orders[who["Niles"]].actions == (Action(ActionKind.PARRY),)


def test_undo_and_redo_walk_the_history() -> None:
    bench = Bench(empty())
    bench.do(edits.place(bench.setup, ROSTER.get("omar"), (1, 1), "a"), "place Omar")
    (omar,) = bench.setup.combatants
    bench.do(edits.move(bench.setup, omar, (2, 1)), "move Omar")
    assert bench.do(edits.move(bench.setup, omar, (99, 1)), "move Omar") == Refused(
        "cannot move Omar there: [99, 1] is off the 16 × 8 board"
    )
    assert tile_of(bench.setup.world, omar) == (2, 1)
    assert bench.undo() == "move Omar" and tile_of(bench.setup.world, omar) == (1, 1)
    assert bench.undo() == "place Omar" and bench.setup.combatants == []
    assert bench.undo() is None
    assert bench.redo() == "place Omar" and bench.redo() == "move Omar"
    assert tile_of(bench.setup.world, omar) == (2, 1) and bench.redo() is None


def test_a_fixed_timing_order_must_name_everyone_standing() -> None:
    setup = retreat_setup()
    who = ids(setup)
    assert edits.set_timing(setup, (who["Serena"], who["Niles"])) == Refused(
        "a fixed Timing order must list every combatant still standing; missing Omar"
    )
    assert plans.declaration_order(setup) == [who["Omar"], who["Niles"], who["Serena"]]
    rolled = edits.set_timing(setup, None)
    assert isinstance(rolled, Setup) and rolled.timing is None


def test_an_order_the_rules_refuse_is_shown_with_their_reason() -> None:
    setup = retreat_setup()
    who = ids(setup)
    sprint = Order(who["Serena"], (Action(ActionKind.SPRINT),), ((7, 4), (8, 4)))
    changed = edits.set_order(setup, who["Serena"], sprint)
    assert isinstance(changed, Setup)
    assert plans.problems(changed)[who["Serena"]] == [
        "cannot Sprint while engaged in melee with Niles (Retreat instead)"
    ]
    assert (
        plans.ready_problem(changed)
        == "Serena: cannot Sprint while engaged in melee with Niles (Retreat instead)"
    )
    assert plans.ready_problem(setup) == ""


# ------------------------------------------------------------------ properties
EDIT = st.one_of(
    st.tuples(
        st.just("place"),
        st.sampled_from(["omar", "serena", "niles", "thug"]),
        st.integers(-1, 10),
        st.integers(-1, 8),
        st.sampled_from(["a", "b"]),
    ),
    st.tuples(st.just("move"), st.integers(0, 5), st.integers(-1, 10), st.integers(-1, 8)),
    st.tuples(st.just("remove"), st.integers(0, 5)),
    st.tuples(st.just("strike"), st.integers(0, 5), st.integers(0, 5)),
    st.tuples(st.just("injure"), st.integers(0, 5), st.integers(-1, 4)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


def _pick(people: list[int], index: int) -> int:
    return people[index % len(people)]


@settings(max_examples=60, deadline=None)
@given(st.lists(EDIT, max_size=25))
def test_whatever_the_edits_the_position_stays_sound(steps: list[tuple]) -> None:
    """Nobody stands on a wall, off the board or on someone else; orders name only who exists;
    undoing every edit gives back the empty board."""
    bench = Bench(walled())
    for step in steps:
        setup = bench.setup
        people = setup.combatants
        pick = functools.partial(_pick, people) if people else None
        if step[0] == "place":
            bench.do(edits.place(setup, ROSTER.get(step[1]), (step[2], step[3]), step[4]), "place")
        elif step[0] == "move" and pick:
            bench.do(edits.move(setup, pick(step[1]), (step[2], step[3])), "move")
        elif step[0] == "remove" and pick:
            bench.do(edits.remove(setup, pick(step[1])), "remove")
        elif step[0] == "strike" and pick:
            actor, target = pick(step[1]), pick(step[2])
            bench.do(
                edits.set_order(setup, actor, Order(actor, (Action(ActionKind.STRIKE, target),))), "order"
            )
        elif step[0] == "injure" and pick:
            bench.do(edits.set_injuries(setup, pick(step[1]), step[2]), "injure")
        elif step[0] == "undo":
            bench.undo()
        elif step[0] == "redo":
            bench.redo()
        setup = bench.setup
        tiles = [tile_of(setup.world, e) for e in setup.living]
        assert len(tiles) == len(set(tiles))
        assert all(setup.in_bounds(t) and not setup.board.blocks_move(t) for t in tiles)
        assert all(occupant(setup.world, t) is not None for t in tiles)
        for actor, order in setup.orders.items():
            assert actor in setup.combatants
            assert all(a.target is None or a.target in setup.combatants for a in order.actions)
        plans.problems(setup)  # the rules judge every order without raising
    while bench.undo() is not None:
        pass
    assert bench.setup.combatants == []
