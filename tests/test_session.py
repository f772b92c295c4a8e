"""The session: a battle's flow with no window (rounds, turns, hot-seat hand-overs, autosaves, the end)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.controller import PlaceholderController
from game.persist.saves import world_hash
from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.victory import Victory
from game.session.controller import DeclarationView, HumanController
from game.session.flow import AwaitOrder, AwaitResolution, BattleOver, Session, rematch
from game.session.sides import side_controllers
from game.world import Side
from tests.builders import SWORD, Cast


def skirmish(controllers: dict[str, str], seed: int = 5, max_rounds: int = 6) -> Battle:
    """Three sides of one or two combatants on an open 12 × 10 grid."""
    cast = Cast(12, 10)
    cast.add("Ann", (1, 1), side="red", weapons=(SWORD,), strike=6, movement=4)
    cast.add("Bo", (1, 8), side="blue", weapons=(SWORD,), strike=6, movement=4)
    cast.add("Cy", (10, 1), side="green", weapons=(SWORD,), strike=6, movement=4)
    cast.add("Di", (2, 2), side="red", weapons=(SWORD,), strike=5, movement=4)
    meta = {"sides": {side: {"controller": spec} for side, spec in controllers.items()}}
    return Battle(cast.world, cast.board, seed, RuleOptions.battlefield(), max_rounds=max_rounds, meta=meta)


def placeholder(view: DeclarationView) -> Order:
    return PlaceholderController().choose_order(view)


def test_the_sides_controllers_come_from_the_meta_in_every_form() -> None:
    battle = skirmish({"red": "human", "blue": "ai:hard"})
    assert side_controllers(battle.world, battle.meta) == {
        "red": "human",
        "blue": "ai:hard",
        "green": "human",
    }
    battle.meta["sides"] = [{"name": "green", "controller": "ai:easy"}, "junk"]
    assert side_controllers(battle.world, battle.meta) == {
        "red": "human",
        "blue": "human",
        "green": "ai:easy",
    }


@settings(max_examples=25, deadline=None)
@given(
    specs=st.lists(st.sampled_from(["human", "placeholder"]), min_size=3, max_size=3),
    seed=st.integers(0, 10_000),
)
def test_hand_overs_happen_exactly_when_the_window_passes_to_another_human(
    specs: list[str], seed: int
) -> None:
    """Played to the end through the session: every declaration is asked for once, in the
    round's order; a hand-over comes before a human declares exactly when two or more
    sides are human and the last human to declare played another side."""
    sides = dict(zip(["red", "blue", "green"], specs, strict=True))
    battle = skirmish(sides, seed)
    controllers = {side: HumanController(placeholder) for side in sides}
    session = Session(battle, controllers)
    humans = [s for s in sides if sides[s] == "human"]
    last_human: str | None = None
    declared = rounds = 0
    while not isinstance(step := session.next_step(), BattleOver):
        if isinstance(step, AwaitResolution):
            assert battle.next_declarer is None
            session.resolve()
            rounds += 1
            continue
        assert isinstance(step, AwaitOrder)
        assert step.actor == battle.next_declarer
        assert step.side == battle.world.get(step.actor, Side).name
        assert step.human == (sides[step.side] == "human")
        assert step.handover == (step.human and len(humans) > 1 and step.side != last_human)
        assert session.next_step() == step  # asking again changes nothing
        if step.human:
            session.take_seat(step.actor)
            last_human = step.side
        assert not session.submit(session.ask(step.actor))
        declared += 1
    assert battle.over and rounds == battle.number
    assert declared == sum(len(r.orders) for r in battle.records)
    assert isinstance(session.next_step(), BattleOver)  # and it stays over


def test_a_session_plays_the_battle_a_plain_loop_plays() -> None:
    """The session adds nothing to the battle: the same controllers give the same events and world."""
    specs = {"red": "placeholder", "blue": "placeholder", "green": "placeholder"}
    by_session = skirmish(specs, seed=11)
    outcome = Session(by_session, {s: PlaceholderController() for s in specs}).play_out()
    plain = skirmish(specs, seed=11)
    while not plain.over:
        rnd = plain.start_round()
        while (eid := rnd.next_declarer) is not None:
            assert not plain.declare(PlaceholderController().choose_order(DeclarationView.of(plain, eid)))
        plain.resolve()
    assert outcome == plain.outcome()
    assert [e.to_dict() for e in by_session.events()] == [e.to_dict() for e in plain.events()]
    assert world_hash(by_session.world) == world_hash(plain.world)


def test_controllers_are_made_once_per_side_when_first_needed() -> None:
    battle = skirmish({"red": "placeholder", "blue": "placeholder", "green": "placeholder"}, max_rounds=2)
    made: list[str] = []

    def make(side: str) -> PlaceholderController:
        made.append(side)
        return PlaceholderController()

    Session(battle, make).play_out()
    assert sorted(made) == ["blue", "green", "red"]
    first = [battle.world.get(o.actor, Side).name for o in battle.records[0].orders]
    assert made == list(dict.fromkeys(first))  # in the order the sides first declared


def test_every_round_is_autosaved_and_a_failed_autosave_is_reported_not_raised() -> None:
    battle = skirmish({"red": "placeholder", "blue": "placeholder", "green": "placeholder"}, max_rounds=3)
    saved: list[int] = []
    notes: list[str] = []

    def autosave(b: Battle) -> None:
        saved.append(b.number if b.round is not None else -b.number)  # negative: after the end
        if b.number == 2:
            raise OSError("disk full")

    session = Session(battle, lambda _s: PlaceholderController(), autosave=autosave, report=notes.append)
    session.play_out()
    assert saved == [1, 2, 3, -3]  # each round as it begins, and the finished battle once
    assert notes == ["autosave failed: disk full"]
    session.play_out()  # asked again: the end is not saved twice
    assert saved == [1, 2, 3, -3]
    Session(battle, autosave=autosave).play_out()  # a finished battle loaded again: no new autosave
    assert saved == [1, 2, 3, -3]


def test_a_failed_or_refused_order_is_reported_and_the_combatant_does_nothing() -> None:
    battle = skirmish({"red": "ai:x", "blue": "ai:x", "green": "ai:x"})
    notes: list[str] = []
    session = Session(battle, report=notes.append)
    step = session.next_step()
    assert isinstance(step, AwaitOrder) and not step.human and not step.handover
    bad = Order(step.actor, path=((0, 0), (9, 9)))  # a leap across the map
    problems = session.submit(bad, error="ValueError: boom")
    assert problems
    assert battle.round is not None and battle.round.orders[step.actor] == Order(step.actor)
    assert notes[0].endswith("'s AI failed (ValueError: boom); it does nothing")
    assert notes[1].endswith(f"'s AI order was refused: {problems[0]}")
    # A human's refused order changes nothing: the window says why and the player tries again.
    nxt = session.next_step()
    assert isinstance(nxt, AwaitOrder)
    assert session.declare(Order(nxt.actor, path=((0, 0), (9, 9))))
    assert battle.next_declarer == nxt.actor


def test_a_window_human_cannot_be_asked_for_an_order() -> None:
    battle = skirmish({"red": "human", "blue": "human", "green": "human"})
    session = Session(battle)
    step = session.next_step()
    assert isinstance(step, AwaitOrder) and step.human and step.handover
    with pytest.raises(RuntimeError):
        session.ask(step.actor)


def test_a_rematch_starts_the_same_battle_with_new_dice() -> None:
    battle = skirmish({"red": "placeholder", "blue": "placeholder", "green": "placeholder"}, max_rounds=2)
    battle.victory = Victory("survive", "blue", 5)
    Session(battle, lambda _s: PlaceholderController()).play_out()
    again = rematch(battle)
    assert again.number == 0 and again.seed == battle.seed + 1
    assert again.world.to_dict() == battle.initial and again.meta == battle.meta
    assert again.meta is not battle.meta
    assert again.victory == Victory("survive", "blue", 5)  # the scenario's condition, not the default


def test_the_session_imports_no_pygame() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import game.session\n"
        "for mod in pkgutil.walk_packages(game.session.__path__, 'game.session.'):\n"
        "    importlib.import_module(mod.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
