"""The AI with fog of war (issue 55): it declares from its side's view and nothing else.

The honesty test plays the fog scenarios with `ai:hard` against `ai:normal` and, at every
declaration, looks through everything the controller can reach (the view it was shown, its
world, what it keeps between declarations) for an enemy the side does not see: one never
seen must not be there at all, one seen before only where it was last seen (its ghost), and
no order of an unseen enemy may be anywhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest

from game.ai.factory import make_controller
from game.ai.facts import Unit
from game.ai.simulate import load_scenarios
from game.ai.tactical import TacticalController
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.board import BoardBase
from game.rules.fog import SideView
from game.rules.orders import Order
from game.session.controller import DeclarationView
from game.session.flow import AwaitResolution, BattleOver, Session
from game.world import Position, Side, World

ROUNDS = 6  # rounds played of each fog scenario
SKIPPED = (str, bytes, int, float, bool, type(None), np.ndarray, BoardBase)


class Watched:
    """A controller that declares through `inner`, and after each declaration checks what
    `inner` (and the view it was shown) holds against the truth."""

    def __init__(self, inner: TacticalController, session_of: list[Session]) -> None:
        self.inner = inner
        self.name = inner.name
        self.session_of = session_of
        self.checked = 0
        self.ghosts_met = 0

    def choose_order(self, view: DeclarationView) -> Order:
        battle = self.session_of[0].battle
        side = battle.world.get(view.actor, Side).name
        fog = battle.view_for(side)
        assert fog is not None and view.fog is not None
        truth = {
            eid: battle.world.get(eid, Position).tile
            for eid, _ in battle.world.query(Side)
            if battle.world.has(eid, Position)
        }
        hidden_orders = {eid: o for eid, o in battle.round.orders.items() if not fog.sees(eid)}
        order = self.inner.choose_order(view)
        self.ghosts_met += len(view.ghosts)
        for found in _reachable((view, self.inner)):
            _check(found, fog, truth, hidden_orders)
            self.checked += 1
        return order


def _check(found: object, fog: SideView, truth: dict[int, tuple[int, int]], hidden: dict[int, Order]) -> None:
    """One object the controller can reach says nothing of an unseen enemy but its ghost."""
    if isinstance(found, World):
        for eid, pos, _side in found.query(Position, Side):
            if fog.sees(eid):
                continue
            ghost = fog.ghosts.get(eid)
            assert ghost is not None, f"an enemy never seen (#{eid}) is in a world the AI holds"
            assert pos.tile == ghost.tile, f"#{eid} stands at {pos.tile}, not at its ghost {ghost.tile}"
    elif isinstance(found, Unit) and not fog.sees(found.eid):
        ghost = fog.ghosts.get(found.eid)
        assert ghost is not None and found.tile == ghost.tile, f"{found.name}'s true tile is known"
    elif isinstance(found, Order) and found.actor in hidden:
        assert found != hidden[found.actor], f"the order of an unseen enemy (#{found.actor}) is held"
    elif isinstance(found, DeclarationView):
        assert not set(found.earlier) - set(fog.seen)
        assert not set(found.timing) - set(fog.seen)
    del truth  # (the true tiles only name what must not be found: a ghost may stand on one)


def _reachable(root: object, limit: int = 200_000) -> Iterator[object]:
    """Every object reachable from `root` through attributes, containers and dataclass fields
    (the shared board and its caches aside: they are keyed by what the asker knows)."""
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen or isinstance(item, SKIPPED):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif isinstance(item, World):
            continue  # checked whole (`_check`)
        elif dataclasses.is_dataclass(item):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif hasattr(item, "__dict__") and not callable(item):
            stack.extend(vars(item).values())
        elif type(item).__name__ == "mappingproxy":
            stack.extend(item.values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("scenario_id", ["night_ambush", "woods_patrol", "hostage_rescue"])
def test_the_ai_holds_nothing_of_an_unseen_enemy_but_its_ghost(scenario_id: str) -> None:
    scenario = find_scenario(scenario_id)
    first, second = (side.name for side in scenario.sides)
    battle, _ = build_battle(scenario, 11, controllers={first: "ai:hard", second: "ai:normal"})
    holder: list[Session] = []
    watched = {
        first: Watched(make_controller("ai:hard", 1), holder),  # type: ignore[arg-type]
        second: Watched(make_controller("ai:normal", 2), holder),  # type: ignore[arg-type]
    }
    session = Session(battle, watched)
    holder.append(session)
    while not isinstance(step := session.next_step(), BattleOver) and battle.number <= ROUNDS:
        if isinstance(step, AwaitResolution):
            session.resolve()
            continue
        session.submit(session.ask(step.actor))
    assert all(w.checked for w in watched.values())


def test_the_fog_scenarios_are_listed_and_fog_plays_ghosts() -> None:
    found = {s.id for s in load_scenarios("fog", None)}
    assert found == {"night_ambush", "woods_patrol", "hostage_rescue"}
    # A ghost is met at some declaration: the AI is shown where an enemy was last seen.
    scenario = find_scenario("woods_patrol")
    first, second = (side.name for side in scenario.sides)
    battle, _ = build_battle(scenario, 3, controllers={first: "ai:hard", second: "ai:normal"})
    holder: list[Session] = []
    watched = {
        first: Watched(make_controller("ai:hard", 1), holder),  # type: ignore[arg-type]
        second: Watched(make_controller("ai:normal", 2), holder),  # type: ignore[arg-type]
    }
    session = Session(battle, watched)
    holder.append(session)
    session.play_out()
    assert sum(w.ghosts_met for w in watched.values()) > 0


def test_with_no_enemy_known_it_scouts_toward_unseen_ground() -> None:
    scenario = find_scenario("woods_patrol")
    battle, _ = build_battle(scenario, 5)
    battle.start_round()
    eid = battle.next_declarer
    assert eid is not None
    view = DeclarationView.of(battle, eid)
    assert view.fog is not None and not set(view.fog.seen) - set(view.fog.own)  # nobody in sight
    ai = make_controller("ai:hard", 4)
    order = ai.choose_order(view)
    assert order.path, "it stands idle with no enemy known"
    know = ai._watch(view)  # type: ignore[attr-defined]
    goal = know.scout_goal()
    assert goal is not None and not view.fog.sees_tile(goal[0])
    field = know.distance_field(goal[0])
    start, end = know.me.tile, order.path[-1]
    assert field[end[1], end[0]] < field[start[1], start[0]]
    assert any("to look for the enemy" in line for line in ai.last_words)  # type: ignore[attr-defined]


def test_with_fog_off_the_view_is_the_whole_world() -> None:
    scenario = find_scenario("the_keep")
    battle, _ = build_battle(scenario, 5)
    battle.start_round()
    eid = battle.next_declarer
    view = DeclarationView.of(battle, eid)  # type: ignore[arg-type]
    assert view.fog is None and view.ghosts == frozenset()
    assert view.world.to_dict() == battle.world.to_dict()
    assert view.timing == tuple(battle.round.timing)


def test_with_an_enemy_known_near_but_not_seen_it_keeps_to_cover() -> None:
    """Ada stands in the open; Kai, a shooter, is somewhere in the dark.  Knowing nothing of
    him, hard walks out to look (scouting); with his ghost in the dark 10 m off (a shot from
    there, say), it takes the high cover that stands between it and his ghost instead."""
    from types import MappingProxyType

    from game.rules.battle import Battle
    from game.rules.fog import FOG, FogMemory, Ghost
    from game.rules.options import RuleOptions
    from tests.builders import Cast
    from tests.test_module_fog import BLASTER

    ghost_tile, start = (13, 5), (3, 2)
    ends = {}
    for known in (False, True):
        cast = Cast(
            16,
            10,
            cover={(6, 4): "high", (6, 5): "high", (6, 6): "high"},
            dark={ghost_tile: 1.0, (14, 1): 1.0},
        )
        cast.add("Ada", start, "a", weapons=(BLASTER,), missile_beam=7, movement=5, facing=2)
        cast.add("Kai", (14, 1), "b", weapons=(BLASTER,), missile_beam=8, movement=5, facing=6)
        battle = Battle(cast.world, cast.board, 3, RuleOptions({FOG, "cover"}), max_rounds=10)
        battle.start_round()
        assert battle.fog is not None
        if known:
            kai = cast["Kai"]
            battle.fog.memories["a"] = FogMemory(
                "a", MappingProxyType({kai: Ghost(kai, "Kai", ghost_tile, 6, 1)})
            )
        while (eid := battle.next_declarer) != cast["Ada"]:
            assert eid is not None and not battle.declare(Order(eid))
        view = DeclarationView.of(battle, cast["Ada"])
        assert view.fog is not None and not view.fog.sees(cast["Kai"])
        ai = make_controller("ai:hard", 1)
        order = ai.choose_order(view)
        ends[known] = order.path[-1] if order.path else start
        board = battle.board
        assert board.cover_between(ghost_tile, start) == "none"
    board_cover = board.cover_between(ghost_tile, ends[True])
    assert board_cover != "none" or not board.line_of_sight(ghost_tile, ends[True]), ends
    assert board.cover_between(ghost_tile, ends[False]) == "none"  # scouting, it walked out


def test_with_no_enemy_known_and_nothing_unseen_within_reach_it_still_declares() -> None:
    """Ada is walled into one tile she sees; Kai stands unseen beyond the wall.  There is no
    enemy to walk towards and no unseen ground to look at: the AI declares anyway (it raised
    IndexError, seen in night_ambush with a wounded Dirk, seed 9001)."""
    from game.rules.battle import Battle
    from game.rules.fog import FOG
    from game.rules.options import RuleOptions
    from tests.builders import Cast

    walls = [(x, y) for x in range(0, 3) for y in range(0, 3) if (x, y) != (1, 1)]
    cast = Cast(8, 3, walls=walls)
    cast.add("Ada", (1, 1), "a", movement=4, strike=5)
    cast.add("Kai", (6, 1), "b", movement=4, strike=5)
    battle = Battle(cast.world, cast.board, 3, RuleOptions({FOG}), max_rounds=10)
    battle.start_round()
    while (eid := battle.next_declarer) != cast["Ada"]:
        assert eid is not None and not battle.declare(Order(eid))
    view = DeclarationView.of(battle, cast["Ada"])
    assert view.fog is not None and not view.fog.sees(cast["Kai"])
    for level in ("ai:hard", "ai:normal", "ai:easy"):
        ai = make_controller(level, 1)
        assert ai._watch(view).scout_goal() is None  # type: ignore[attr-defined]
        order = ai.choose_order(view)
        assert not order.path  # walled in: nowhere to go
