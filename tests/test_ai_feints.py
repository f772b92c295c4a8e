"""The AI and Feints: candidates wherever the rules allow one, declared where the forecast says they pay."""

from __future__ import annotations

import functools

import pytest
from ai_helpers import judging, view_of
from builders import SWORD, Cast

from game.ai.candidates import candidates
from game.ai.controller import DeclarationView
from game.ai.facts import RoundFacts, read_unit, round_key
from game.ai.knowledge import Knowledge
from game.ai.levels import LEVELS
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.orders import ActionKind, Order
from game.rules.registry import FEINTABLE
from game.rules.validate import validate_order

SMART = ("ai:normal", "ai:hard")
FEINT = ActionKind.FEINT


def choose(level: str, view: DeclarationView) -> Order:
    order = judging(level, seed=1).choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier) == []
    return order


def frederic_against_dirk(dodge_declared: bool) -> DeclarationView:
    """CO.09's Frederic (Strike 8, Feint 6) face to face with Dirk (Dodge 9) in a corridor (no
    way round to Dirk's back).  Dirk cannot strike (Strike 0), so an Injury he might deal first,
    declaring later with the better Timing, costs Frederic's rolls nothing.  Against no defence
    two Strikes beat any Feint; against Dirk's Dodge, two Strikes and a Feint deal more (0.60
    hits to 0.58, the exact forecast)."""
    cast = Cast(10, 8, walls=[(x, y) for x in range(10) for y in (3, 5)])
    cast.add("A", (3, 4), "a", facing=2, weapons=(SWORD,), strike=8, feint=6, dodge=3, movement=4)
    cast.add("B", (4, 4), "b", facing=6, weapons=(SWORD,), strike=0, dodge=9, movement=4)
    if dodge_declared:
        return view_of(cast, "A", {"B": cast.order("B", cast.act(ActionKind.DODGE))})
    return view_of(cast, "A", later=("B",))


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("dodge_declared", [True, False], ids=["target declared Dodge", "target to declare"])
def test_declares_a_feint_when_the_forecast_says_it_pays(level: str, dodge_declared: bool) -> None:
    order = choose(level, frederic_against_dirk(dodge_declared))
    assert order.has(ActionKind.FEINT), order
    assert order.count(ActionKind.FEINT) <= order.count(ActionKind.STRIKE)


@pytest.mark.parametrize("level", SMART)
def test_no_feint_when_it_does_not_pay(level: str) -> None:
    """Feint 3 against a foe without defences: the −1 on every roll costs more than the bonus brings."""
    cast = Cast(10, 8)
    cast.add("A", (3, 4), "a", facing=2, weapons=(SWORD,), strike=8, feint=3, movement=4)
    cast.add("B", (4, 4), "b", facing=6, weapons=(SWORD,), strike=3, dodge=0, parry=0, movement=4)
    order = choose(level, view_of(cast, "A", {"B": cast.order("B")}))
    assert order.has(ActionKind.STRIKE) and not order.has(ActionKind.FEINT), order


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("scenario_id", ["tutorial_feint", "pub_brawl", "the_assassin", "tutorial_retreat"])
def test_candidates_include_feints_wherever_the_rules_allow(level: str, scenario_id: str) -> None:
    """Wherever a legal candidate Strikes (or Brawls) a target from some tile, facing some way,
    a candidate Feints on that target from there too, legal as well; every level, every fighter."""
    battle, _ = build_battle(find_scenario(scenario_id), seed=1)
    rnd = battle.start_round()
    seen = 0
    for eid in rnd.timing:
        view = DeclarationView.of(battle, eid)
        facts = RoundFacts(round_key(view.world, 1), {e: read_unit(view.world, e) for e in rnd.timing})
        know = Knowledge(view.world, view.board, view.options, eid, view.earlier, view.timing, facts)
        orders = [c.order for c in candidates(know, LEVELS[level])]
        legal = functools.partial(_legal, view)

        feints = {
            (o.path, o.facing, a.target) for o in orders if legal(o) for a in o.actions if a.kind is FEINT
        }
        for order in orders:
            for action in order.actions:
                if action.kind in FEINTABLE and legal(order):
                    seen += 1
                    assert (order.path, order.facing, action.target) in feints, (view.actor, order)
    assert seen, "no Strike candidate to check"


def _legal(view: DeclarationView, order: Order) -> bool:
    return not validate_order(view.world, view.board, order, view.earlier)
