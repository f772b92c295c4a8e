"""The fog of war module (issue 55): what a side sees and knows (`game.rules.fog`), the
darkness of boards and maps, and that fog changes nothing in a round's resolution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.tiled import MapError, load_map
from game.cli import main
from game.content.fields import FieldError
from game.content.grid import parse_board
from game.rules.board import GridBoard
from game.rules.dice import ScriptedDice, SeededDice
from game.rules.events import Moved, TimingOrderSet
from game.rules.fog import FOG, FOG_ARCS, FogMemory, fog_on, rebuild, remember, side_sight, view_for, watch
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.world import Condition, Facing, Position, Side
from tests.builders import BLASTER, Cast

MAPS = Path(__file__).resolve().parent / "maps"
FOGGY = RuleOptions({FOG})


def skirmish(**board: object) -> Cast:
    """Bea and Ada (side a) at the west, Sam and Kai (side b) at the east of a 16 × 8 board."""
    cast = Cast(16, 8, **board)
    cast.add("Bea", (2, 3), "a", weapons=(BLASTER,), missile_beam=7, movement=5)
    cast.add("Ada", (2, 6), "a", weapons=(BLASTER,), missile_beam=7, movement=5)
    cast.add("Sam", (12, 3), "b", facing=6, weapons=(BLASTER,), missile_beam=8, movement=5)
    cast.add("Kai", (13, 6), "b", facing=6, weapons=(BLASTER,), missile_beam=8, movement=5)
    return cast


def test_the_module_is_off_by_default_and_its_option_needs_fog_and_facing() -> None:
    assert not fog_on(RuleOptions()) and not fog_on(RuleOptions.battlefield())
    assert fog_on(FOGGY)
    assert RuleOptions({FOG_ARCS}).on >= {FOG, FOG_ARCS, "facing"}
    assert FOG not in RuleOptions.battlefield().to_dict()  # saves made before it hash the same


def test_a_wall_hides_a_combatant() -> None:
    cast = skirmish(walls=[(10, 5), (10, 6), (10, 7)])
    view = view_for(cast.world, cast.board, "a", round_number=1, options=FOGGY)
    assert view.sees(cast["Sam"]) and not view.sees(cast["Kai"])
    assert not view.sees_tile((13, 6)) and view.sees_tile((12, 3))
    assert view.own == {cast["Bea"], cast["Ada"]} <= view.seen


def test_a_defeated_combatant_no_longer_gives_sight() -> None:
    cast = skirmish(walls=[(8, 0), (8, 1), (8, 2), (8, 3)])
    assert view_for(cast.world, cast.board, "a").sees(cast["Sam"])  # Ada sees him below the wall
    cast.world.set(cast["Ada"], Condition(injuries=3, defeated=True))
    view = view_for(cast.world, cast.board, "a")
    assert not view.sees(cast["Sam"]) and view.sees(cast["Kai"])  # Bea sees Kai only
    assert view.sees(cast["Ada"])  # its own, Defeated or not


def test_darkness_limits_sight_to_its_metres() -> None:
    cast = skirmish(dark={(13, 6): 2.0})
    assert not view_for(cast.world, cast.board, "a").sees(cast["Kai"])
    assert view_for(cast.world, cast.board, "b").sees(cast["Ada"])  # Kai sees out of the dark
    near = skirmish(dark={(13, 6): 2.0})
    near.world.set(near["Ada"], Position(11, 6))  # 2 m from Kai: seen
    assert view_for(near.world, near.board, "a").sees(near["Kai"])
    whole = skirmish(sight_limit=5.0)
    view = view_for(whole.world, whole.board, "a")
    assert not view.sees(whole["Sam"]) and view.sees_tile((7, 3)) and not view.sees_tile((8, 3))


def test_a_ghost_keeps_the_last_seen_tile_and_round() -> None:
    cast = skirmish(walls=[(10, 5), (10, 6), (10, 7)])
    memory = FogMemory("a")
    seen = view_for(cast.world, cast.board, "a", memory, 1, FOGGY)
    assert seen.sees(cast["Sam"])
    memory = remember(memory, cast.world, seen)
    dice = ScriptedDice(keyed={})
    orders = {cast["Sam"]: Order(cast["Sam"], path=((12, 4), (12, 5)), facing=6)}
    before = cast.world.copy()
    events = play_round(cast.world, cast.board, dice, orders, 2, timing_order=list(cast.ids.values()))
    watched = watch(before, cast.board, "a", memory, events, 2, FOGGY)
    ghost = watched.view.ghosts[cast["Sam"]]
    assert not watched.view.sees(cast["Sam"])
    # Last seen on the last tile of his walk the rangers saw, in round 2; his move was shown.
    assert (ghost.tile, ghost.round, ghost.name) == ((12, 4), 2, "Sam")
    assert any(isinstance(e, Moved) and e.actor == "Sam" for e in watched.events)
    # Later views keep the ghost where it was.
    assert view_for(cast.world, cast.board, "a", watched.memory, 3, FOGGY).ghosts[cast["Sam"]] == ghost


def test_an_unseen_enemys_declaration_is_filtered_out() -> None:
    cast = skirmish(walls=[(10, 5), (10, 6), (10, 7)])
    orders = {eid: Order(eid) for eid in cast.ids.values()}
    view = view_for(cast.world, cast.board, "a", options=FOGGY)
    assert set(view.declarations(orders)) == {cast["Bea"], cast["Ada"], cast["Sam"]}
    assert set(view_for(cast.world, cast.board, "b").declarations(orders)) == set(orders)


def test_a_shot_from_the_dark_reveals_the_shooters_tile() -> None:
    cast = skirmish(dark={(13, 6): 2.0})
    before = cast.world.copy()
    orders = {cast["Kai"]: Order(cast["Kai"], (cast.act(K.MISSILE_STRIKE, "Ada"),))}
    dice = ScriptedDice(keyed={"Kai:Missile Strike": [11]})
    events = play_round(cast.world, cast.board, dice, orders, 1, timing_order=list(cast.ids.values()))
    rangers = watch(before, cast.board, "a", FogMemory("a"), events, 1, FOGGY)
    assert any(getattr(e, "actor", None) == "Kai" and e.kind == "rolled" for e in rangers.events)
    assert not rangers.view.sees(cast["Kai"])
    assert rangers.view.ghosts[cast["Kai"]].tile == (13, 6)
    # The Timing order shown to the rangers leaves out whom they do not know of.
    timing = next(e for e in rangers.events if isinstance(e, TimingOrderSet))
    assert "Kai" not in timing.order and "Sam" in timing.order
    declared = [e for e in rangers.events if e.kind == "order_declared"]
    assert "Kai" not in {e.actor for e in declared}
    raiders = watch(before, cast.board, "b", FogMemory("b"), events, 1, FOGGY)
    assert list(raiders.events) == events


def test_an_unseen_enemys_shot_at_an_unseen_enemy_is_hidden() -> None:
    cast = skirmish(walls=[(9, y) for y in range(8)])
    cast.add("Tom", (14, 1), "c", weapons=(BLASTER,), missile_beam=8)
    before = cast.world.copy()
    orders = {cast["Kai"]: Order(cast["Kai"], (cast.act(K.MISSILE_STRIKE, "Tom"),))}
    dice = ScriptedDice(keyed={"Kai:Missile Strike": [11]})
    events = play_round(cast.world, cast.board, dice, orders, 1, timing_order=list(cast.ids.values()))
    rangers = watch(before, cast.board, "a", FogMemory("a"), events, 1, FOGGY)
    assert not any(getattr(e, "actor", None) == "Kai" for e in rangers.events)
    assert rangers.view.ghosts == {}


def test_with_the_arcs_option_nothing_is_seen_in_the_back_arc() -> None:
    cast = skirmish()
    for name in ("Bea", "Ada"):
        cast.world.set(cast[name], Facing(6))  # facing west, the raiders behind them
    arcs = RuleOptions({FOG_ARCS})
    assert not view_for(cast.world, cast.board, "a", options=arcs).sees(cast["Sam"])
    assert view_for(cast.world, cast.board, "a", options=FOGGY).sees(cast["Sam"])
    sight = side_sight(cast.world, cast.board, "a", arcs)
    assert sight[3, 1] and not sight[3, 5]


def test_the_memory_is_serialisable_and_rebuilt_from_the_replay() -> None:
    cast = skirmish(dark={(13, 6): 2.0})
    start = cast.world.copy()
    orders = {cast["Kai"]: Order(cast["Kai"], (cast.act(K.MISSILE_STRIKE, "Ada"),))}
    events = play_round(
        cast.world,
        cast.board,
        ScriptedDice(keyed={"Kai:Missile Strike": [11]}),
        orders,
        1,
        list(cast.ids.values()),
    )
    memory = watch(start, cast.board, "a", FogMemory("a"), events, 1, FOGGY).memory
    assert FogMemory.from_json(json.loads(json.dumps(memory.to_json()))) == memory
    assert rebuild(cast.board, "a", [(start, events, 1)], FOGGY) == memory


def test_fog_changes_nothing_in_the_resolution_of_a_round() -> None:
    """Fog only filters knowledge: the same seeded round logs byte for byte the same."""

    def logged(options: RuleOptions) -> str:
        cast = skirmish(dark={(13, 6): 2.0}, walls=[(8, 0), (8, 1)])
        orders = {
            cast["Kai"]: Order(cast["Kai"], (cast.act(K.MISSILE_STRIKE, "Ada"),)),
            cast["Sam"]: Order(cast["Sam"], (cast.act(K.MISSILE_STRIKE, "Bea"),)),
            cast["Bea"]: Order(cast["Bea"], (cast.act(K.MISSILE_STRIKE, "Sam"),)),
            cast["Ada"]: Order(cast["Ada"], path=((3, 6), (4, 6)), facing=2),
        }
        events = play_round(cast.world, cast.board, SeededDice(55), orders, 1, options=options)
        return json.dumps([e.to_dict() for e in events]) + json.dumps(cast.world.to_dict(), sort_keys=True)

    assert logged(RuleOptions()) == logged(FOGGY)
    facing = RuleOptions({"facing", "cover"})
    assert logged(facing) == logged(facing.with_module(FOG_ARCS, True))


# ------------------------------------------------------------------ a property of the view
@st.composite
def positions(draw: st.DrawFn) -> tuple[Cast, float | None]:
    walls = draw(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=12, unique=True))
    dark = draw(
        st.dictionaries(
            st.tuples(st.integers(0, 7), st.integers(0, 7)), st.sampled_from([1.0, 2.5]), max_size=6
        )
    )
    limit = draw(st.none() | st.sampled_from([3.0, 6.0]))
    cast = Cast(8, 8, walls=walls, dark=dark, sight_limit=limit)
    free = [(x, y) for y in range(8) for x in range(8) if (x, y) not in set(walls)]
    tiles = draw(st.lists(st.sampled_from(free), min_size=2, max_size=6, unique=True))
    for i, tile in enumerate(tiles):
        cast.add(f"C{i}", tile, "ab"[i % 2])
        if draw(st.booleans()) and i > 1:
            cast.world.set(cast[f"C{i}"], Condition(injuries=3, defeated=True))
    return cast, limit


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_a_side_sees_exactly_what_its_active_combatants_see(case: tuple[Cast, float | None]) -> None:
    cast, _limit = case
    world, board = cast.world, cast.board
    for side in ("a", "b"):
        view, again = view_for(world, board, side), view_for(world, board, side)
        assert (view.seen, view.own, dict(view.ghosts)) == (again.seen, again.own, dict(again.ghosts))
        assert (view.tiles == again.tiles).all()
        eyes = [
            e
            for e in cast.ids.values()
            if world.get(e, Side).name == side and world.get(e, Condition).can_act
        ]
        for eid in cast.ids.values():
            tile = world.get(eid, Position).tile
            if world.get(eid, Side).name == side:
                assert view.sees(eid)
                continue
            limit = board.sight_limit_at(tile)
            could = any(
                board.line_of_sight(world.get(o, Position).tile, tile)
                and (limit is None or board.distance(world.get(o, Position).tile, tile) <= limit + 1e-9)
                for o in eyes
            )
            assert view.sees(eid) == could


# ------------------------------------------------------------------ boards and maps
def test_a_grid_boards_darkness_survives_its_json_form() -> None:
    board = GridBoard(6, 4, sight_limit=10.0, dark={(2, 1): 1.5})
    again = GridBoard.from_dict(json.loads(json.dumps(board.to_dict())))
    assert (again.sight_limit, dict(again.dark_tiles)) == (10.0, {(2, 1): 1.5})
    assert again.sight_limit_at((2, 1)) == 1.5 and again.sight_limit_at((0, 0)) == 10.0
    plain = GridBoard(6, 4).to_dict()
    assert "sight_limit" not in plain and "dark" not in plain  # boards saved before hash the same
    with pytest.raises(ValueError, match="sight_limit"):
        GridBoard(6, 4, sight_limit=0)


def test_a_sandbox_board_may_be_dark_and_refuses_nonsense() -> None:
    board = parse_board({"width": 6, "height": 4, "sight_limit": 8, "dark": [[1, 1, 2]]}, "board")
    assert board.sight_limit == 8 and dict(board.dark_tiles) == {(1, 1): 2.0}
    with pytest.raises(FieldError, match="dark"):
        parse_board({"width": 6, "height": 4, "dark": [[1, 1, -2]]}, "board")


def test_a_tiled_map_carries_its_darkness(capsys: pytest.CaptureFixture[str]) -> None:
    board = load_map(MAPS / "dark.tmx").board
    assert board.sight_limit == 20.0 and dict(board.dark_tiles) == {(1, 1): 2.0, (2, 1): 2.0}
    assert main(["check-map", str(MAPS / "dark.tmx")]) == 0
    out = capsys.readouterr().out
    assert "darkness: nothing is seen from farther than 20 m (map sight_limit)" in out
    assert "darkness: 2 tiles seen only from within 2 m (layer sight_limit)" in out
    assert main(["check-map", str(MAPS / "dark.tmx"), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["sight_limit"] == 20.0 and summary["dark_tiles"] == [[1, 1, 2.0], [2, 1, 2.0]]


def test_a_nonsensical_sight_limit_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(MapError, match="sight_limit must be above 0"):
        load_map(MAPS / "bad_sight_limit.tmx")
    assert main(["check-map", str(MAPS / "bad_sight_limit.tmx")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "sight_limit" in err[0]
