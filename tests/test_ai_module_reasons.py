"""Why a rules module's action was not chosen (issue 53): at each declaration, one line for
each module switched on whose action was among the candidates weighed but not in the order
declared, with its best candidate's score, how far below the chosen one, and the term that
made the difference; nothing for a module no candidate offered.  The words change nothing of
the choice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest
from ai_helpers import judging, view_of
from builders import Cast

import game.ai.tactical as tactical
from game.ai.simulate import load_scenarios, play_battle
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.modules import RulesModule
from game.rules.options import RuleOptions, module_names
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action, register_module, unregister
from game.world import World

SALUTE = ActionKind.define("salute")
ActionKind.forget(SALUTE.value)  # listed among the kinds only while its spec is plugged in


class Saluting(RulesModule):
    """A fixture module: a combatant may spend an action saluting, which is worth nothing."""

    name = "saluting"
    label = "Saluting"
    builtin = False


class Salute(ActionSpec):
    """Salute: no roll, no target, no worth; always offered, never the best order."""

    kind = SALUTE
    label = "Salute"
    module: ClassVar[str | None] = "saluting"
    menu: ClassVar[str | None] = "self"

    @property
    def roll_purpose(self) -> str | None:
        return None

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        return [((Action(self.kind),), "salute")]

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        return 0.0


@pytest.fixture
def saluting() -> Iterator[None]:
    register_module(Saluting)
    register_action(Salute)
    yield
    unregister("salute")
    unregister("saluting")


def _duel(on: bool):  # noqa: ANN202
    """Me next to a foe I strike well, who declared before me and does nothing, the salute's
    module on or off."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=7, parry=5)
    cast.add("Foe", (6, 5), "b", facing=6, strike=4)
    view = view_of(cast, "Me", earlier={"Foe": cast.order("Foe")})
    names = set(view.options.on) | ({"saluting"} if on else set())
    return type(view)(**{**view.__dict__, "options": RuleOptions(names)})


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_a_modules_action_weighed_and_not_chosen_says_why(saluting: None, level: str) -> None:
    controller = judging(level, seed=1)
    view = _duel(on=True)
    order = controller.choose_order(view)
    assert not order.has(SALUTE)
    assert order.has(ActionKind.STRIKE)
    lines = [line for line in controller.last_words if line.startswith("Salute weighed")]
    assert len(lines) == 1, controller.last_words
    line = lines[0]
    # Its best candidate's score, how far below the chosen, and the term that made the difference.
    chosen = controller.last_decision.chosen
    assert chosen is not None
    assert "below the chosen" in line
    assert "it deals nothing" in line
    best = float(line.split("best ")[1].split(" ")[0])
    gap = float(line.split("), ")[1].split(" below")[0])
    assert gap == pytest.approx(chosen.score - best, abs=0.011)
    assert gap > 0


def test_nothing_about_a_module_that_is_off_or_offered_nothing(saluting: None) -> None:
    controller = judging("ai:hard", seed=1)
    controller.choose_order(_duel(on=False))
    assert not any("weighed:" in line for line in controller.last_words)


def test_a_chosen_modules_action_is_not_explained_away() -> None:
    # The tutorial of Sudden Dive: hard dives there (tests/test_module_sudden_dive.py); every
    # module line it writes is about an action it did not declare.
    scenario = next(s for s in load_scenarios("tutorial_sudden_dive", None))
    result = play_battle(scenario, 3, ["ai:hard", "ai:normal"], explain=True)
    assert any(" weighed: best " in line for line in result.explain)
    declared = ""
    for line in result.explain:
        if line.startswith("round "):
            declared = line.split(": ", 1)[1]
        elif " weighed: best " in line:
            action = line.strip().split(" weighed:")[0]
            assert all(label not in declared.split(", ") for label in action.split(", ")), (line, declared)


def test_the_words_change_no_order_of_a_battle_with_every_module_on(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = next(s for s in load_scenarios("the_assassin", None))
    modules = tuple(module_names())

    def orders() -> tuple[list[str], int]:
        result = play_battle(scenario, 7357, ["ai:hard", "ai:normal"], explain=True, modules=modules)
        declared = [line for line in result.explain if line.startswith("round ")]
        return declared, sum(" weighed: " in line for line in result.explain)

    explained, lines = orders()
    assert lines > 0  # the words were there to be taken away
    monkeypatch.setattr(tactical, "module_words", lambda *args, **kwargs: [])
    silent, none = orders()
    assert none == 0
    assert explained == silent
