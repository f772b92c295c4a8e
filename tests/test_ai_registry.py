"""A rules module's own action reaches the AI through the registry alone (issue 17): an
action defined in this file, with the generic AI hooks (`ai_options`, `ai_worth`), is
proposed, weighed and declared by every level with no edit to `game/ai`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pytest
from ai_helpers import judging, view_of
from builders import Cast

from game.ai import make_controller
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.modules import RulesModule
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind
from game.rules.registry import register_action, register_module, unregister
from game.rules.validate import validate_order
from game.world import World

RALLY = ActionKind.define("rally")
ActionKind.forget(RALLY.value)  # listed among the kinds only while its spec is plugged in
RALLY_WORTH = 2.0  # in Injuries: far more than anything else on offer here


class Rallying(RulesModule):
    """A toy module: a combatant may spend an action to rally its side."""

    name = "rallying"
    label = "Rallying"
    builtin = False


class Rally(ActionSpec):
    """Rally the side: no roll, no target; worth a lot to an AI (the module says so)."""

    kind = RALLY
    label = "Rally"
    module: ClassVar[str | None] = "rallying"
    menu: ClassVar[str | None] = "self"

    @property
    def roll_purpose(self) -> str | None:
        return None

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        return [((Action(self.kind),), "rally")]

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        return RALLY_WORTH


@pytest.fixture(autouse=True)
def plugged_in() -> Iterator[None]:
    register_module(Rallying)
    register_action(Rally)
    yield
    unregister("rally")
    unregister("rallying")


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_the_ai_declares_a_modules_action_worth_more_than_anything_else(level: str) -> None:
    cast = Cast(12, 12)
    cast.add("Me", (2, 2), "a", strike=5)
    cast.add("Foe", (9, 9), "b")
    view = view_of(cast, "Me", later=("Foe",))
    on = RuleOptions(set(view.options.on) | {"rallying"})
    view = type(view)(**{**view.__dict__, "options": on})
    order = judging(level, seed=1).choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier, on) == []
    assert order.has(RALLY)


def test_not_while_its_module_is_off() -> None:
    cast = Cast(12, 12)
    cast.add("Me", (2, 2), "a", strike=5)
    cast.add("Foe", (9, 9), "b")
    order = make_controller("ai:hard", seed=1).choose_order(view_of(cast, "Me", later=("Foe",)))
    assert not order.has(RALLY)
