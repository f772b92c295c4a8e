"""The plug-in API (`game.rules.api`, issue 49): what it exports, that the concrete round
is what its port says, and that a rule keeps its round state in a slot of its own and
reaches the attacks it serves through the api alone (a Taunt defined in this file)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import ClassVar

import pytest
from builders import Cast

import game.rules.api as api
from game.core.modifiers import Modifier
from game.rules.api.attack import AttackContext, AttackSpec, ServingSpec
from game.rules.api.modules import RulesModule
from game.rules.api.port import RoundPort
from game.rules.api.state import RoundState
from game.rules.dice import ScriptedDice
from game.rules.events import Rolled
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import register_action, register_module, unregister
from game.rules.round import Round, play_round

TAUNT = ActionKind.define("taunt")


class Taunt(ServingSpec):
    """A toy: a Taunt declared beside a Strike adds +1 to it, noted in the round's state."""

    kind = TAUNT
    label = "Taunt"
    module: ClassVar[str | None] = "taunting"
    menu: ClassVar[str | None] = "self"

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        state.slot(self.kind.value, set).add(eid)

    def situation_mark(self, state: RoundState, attacker: int, index: int, slot: int | None) -> bool | None:
        return attacker in state.slot(self.kind.value, set) or None

    def served_bonus(self, attack: AttackSpec, ctx: AttackContext) -> list[Modifier]:
        return [Modifier("Taunt", 1)] if ctx.situation.marks.get(self.kind.value) else []


class Taunting(RulesModule):
    """The toy module the Taunt belongs to (an action beyond the chapter is a module's)."""

    name = "taunting"
    label = "Taunting"
    builtin = False


@pytest.fixture
def taunt() -> Iterator[None]:
    register_module(Taunting)
    register_action(Taunt)
    try:
        yield
    finally:
        unregister(TAUNT.value)
        unregister("taunting")


def test_the_api_package_says_it_is_the_plug_in_api_and_exports_what_it_lists() -> None:
    assert api.__doc__ is not None and "plug-in API" in api.__doc__
    assert all(getattr(api, name) is not None for name in api.__all__)
    assert {"ActionSpec", "AttackSpec", "RulesModule", "OrderCheck", "RoundPort", "RoundState"} <= set(
        api.__all__
    )


def test_the_round_has_every_member_of_the_port_with_the_same_parameters() -> None:
    cast = Cast()
    cast.add("A", (3, 3), "a")
    rnd = Round(cast.world, cast.board, ScriptedDice(), timing_order=[cast["A"]])
    for name in RoundPort.__annotations__:
        assert hasattr(rnd, name), name
    methods = [n for n, f in vars(RoundPort).items() if inspect.isfunction(f) and not n.startswith("_")]
    assert sorted(methods) == ["attack", "emit", "hit", "nullify", "roll"]
    for name in methods:
        port = list(inspect.signature(getattr(RoundPort, name)).parameters)[1:]
        assert list(inspect.signature(getattr(rnd, name)).parameters) == port, name


def test_a_rule_keeps_its_round_state_in_a_slot_of_its_own() -> None:
    state = RoundState()
    made: list[str] = []

    def factory() -> set[int]:
        made.append("made")
        return set()

    state.slot("taunt", factory).add(1)
    state.slot("taunt", factory).add(2)
    assert state.slot("taunt", factory) == {1, 2}
    assert made == ["made"]
    assert state.slot("feint", dict) == {}


@pytest.mark.usefixtures("taunt")
def test_an_action_serving_a_strike_reaches_it_through_its_slot_and_mark() -> None:
    cast = Cast()
    cast.add("Alex", (3, 3), "a", strike=6)
    cast.add("Niles", (4, 3), "b")
    alone = Order(cast["Alex"], (Action(ActionKind.STRIKE, cast["Niles"]),))
    taunting = Order(cast["Alex"], (Action(ActionKind.STRIKE, cast["Niles"]), Action(TAUNT)))
    texts = []
    for order in (alone, taunting):
        world = cast.world.copy()
        events = play_round(
            world,
            cast.board,
            ScriptedDice(keyed={"Alex:Strike": [12]}),
            {cast["Alex"]: order},
            timing_order=[cast["Alex"], cast["Niles"]],
            options=RuleOptions({"taunting"}),
        )
        strike = next(e for e in events if isinstance(e, Rolled) and e.action == "Strike")
        texts.append(strike.breakdown.text())
    assert texts == ["6 [Strike] = 6", "6 [Strike] − 1 [Action Penalty] + 1 [Taunt] = 6"]


def test_a_hit_lands_with_the_rounds_facts_and_trails() -> None:
    from game.rules.api.state import Trail
    from game.rules.hits import hit_context
    from tests.builders import SWORD

    cast = Cast()
    cast.add("Alex", (3, 3), "a", strike=6)
    cast.add("Niles", (4, 3), "b")
    rnd = Round(cast.world, cast.board, ScriptedDice(), timing_order=[cast["Alex"], cast["Niles"]])
    rnd.state = RoundState()
    rnd.state.fact(cast["Niles"], "dove")
    rnd.state.trails[cast["Alex"]] = Trail("walk", ((2, 3), (3, 3)), 1.5)
    ctx = hit_context(rnd, cast["Alex"], Action(ActionKind.STRIKE, cast["Niles"]), SWORD)
    assert ctx.situation.target_facts == frozenset({"dove"})
    assert ctx.situation.attacker_trail.tiles == ((2, 3), (3, 3))
