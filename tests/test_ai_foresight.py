"""`simulate --foresight`: the seer is shown the later enemies' orders, and they declare them."""

from __future__ import annotations

import json

from game.ai.factory import make_controller
from game.ai.foresight import Foresight
from game.ai.simulate import load_scenarios
from game.cli import main
from game.content.battle_setup import build_battle
from game.rules.orders import Order
from game.session.controller import DeclarationView
from game.session.flow import AwaitResolution, BattleOver, Session

ROUNDS = 3


class Recorder:
    """An AI that notes each view it was shown before declaring."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = "recorder"
        self.views: list[DeclarationView] = []

    def choose_order(self, view: DeclarationView) -> Order:
        self.views.append(view)
        return self.inner.choose_order(view)  # type: ignore[attr-defined]


def _play(foresight: bool) -> tuple[Recorder, Session, str, dict[tuple[int, int], Order], Recorder]:
    """Three rounds of the pub brawl (four a side), normal watched against random (watched too)."""
    (scenario,) = [s for s in load_scenarios("bundled", None) if s.id == "pub_brawl"]
    seer_side, other_side = (side.name for side in scenario.sides)
    battle, _ = build_battle(scenario, 5, controllers={seer_side: "ai:normal", other_side: "ai:random"})
    recorder = Recorder(make_controller("ai:normal", 1))
    other = Recorder(make_controller("ai:random", 2))
    session = Session(battle, {seer_side: recorder, other_side: other})
    seer = Foresight(session, {seer_side}) if foresight else None
    declared: dict[tuple[int, int], Order] = {}
    while not isinstance(step := session.next_step(), BattleOver) and battle.number <= ROUNDS:
        if isinstance(step, AwaitResolution):
            declared.update({(battle.number, eid): order for eid, order in battle.round.orders.items()})
            session.resolve()
            continue
        assert not session.submit(seer.order(step.actor) if seer else session.ask(step.actor))
    return recorder, session, other_side, declared, other


def _later_enemies(view: DeclarationView, session: Session, enemy_side: str) -> list[int]:
    declaring = list(reversed(view.timing))
    after = declaring[declaring.index(view.actor) + 1 :]
    return [eid for eid in after if session.side_of(eid) == enemy_side]


def test_the_seer_sees_every_later_enemy_order_and_those_are_declared() -> None:
    recorder, session, enemy_side, declared, other = _play(foresight=True)
    # Each enemy is asked once a round (early, or at its turn), never again.
    enemy_orders = sum(1 for (_, eid) in declared if session.side_of(eid) == enemy_side)
    assert len(other.views) == enemy_orders
    shown = 0
    for view in recorder.views:
        for eid in _later_enemies(view, session, enemy_side):
            assert eid in view.earlier, "a later enemy's order was not shown"
            # What it was shown is what that enemy declared when its turn came.
            assert declared[(view.round_number, eid)] == view.earlier[eid]
            shown += 1
    assert shown >= 4  # the check was not empty: four enemies in three rounds of interleaving


def test_without_foresight_no_later_order_is_seen() -> None:
    recorder, session, enemy_side, _, _ = _play(foresight=False)
    later = [eid for view in recorder.views for eid in _later_enemies(view, session, enemy_side)]
    assert later  # enemies did declare after it
    for view in recorder.views:
        assert not set(_later_enemies(view, session, enemy_side)) & set(view.earlier)


def test_simulate_foresight_flag_is_reported(capsys) -> None:  # noqa: ANN001
    args = ["simulate", "tutorial_basics", "--sides", "ai:hard,ai:random", "--battles", "2", "--foresight"]
    assert main([*args, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["foresight"] is True and len(doc["results"]) == 2
    assert main(args) == 0
    assert "foresight: ai:hard saw the orders of the enemies still to declare" in capsys.readouterr().out
