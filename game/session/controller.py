"""The interface between the game and whoever declares for a side.

A controller sees exactly what a player in its seat sees: the battlefield,
every combatant's sheet and position, and the orders declared earlier this
round (and last round's, as the log shows them); never later orders and
never the dice.  Humans (the game window) and AIs produce the same `Order`s
and go through the same validation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from game.rules.board import Board
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.victory import Victory
from game.world import World

HUMAN = "human"
"""The controller name of a side played by a person at the window."""


@dataclass(frozen=True)
class DeclarationView:
    """A snapshot for one declaration: a private copy of the world, safe to
    explore (the AI may copy and play it forward on its own dice)."""

    world: World
    board: Board
    options: RuleOptions
    round_number: int
    actor: int
    earlier: Mapping[int, Order]
    timing: tuple[int, ...]
    victory: Victory | None = None  # the scenario's victory condition, as its briefing tells it
    max_rounds: int | None = None  # rounds before the battle ends in a draw
    previous: tuple[Order, ...] = ()  # last round's orders, in declaration order (the log shows them)

    @classmethod
    def of(cls, battle: object, actor: int) -> DeclarationView:
        """The view of `actor` in a battle whose round awaits its declaration."""
        rnd = battle.round  # type: ignore[attr-defined]
        return cls(
            world=battle.world.copy(),  # type: ignore[attr-defined]
            board=battle.board,  # type: ignore[attr-defined]
            options=battle.options,  # type: ignore[attr-defined]
            round_number=battle.number,  # type: ignore[attr-defined]
            actor=actor,
            earlier=dict(rnd.orders),
            timing=tuple(rnd.timing),
            victory=getattr(battle, "victory", None),
            max_rounds=getattr(battle, "max_rounds", None),
            previous=_previous_orders(battle),
        )


def _previous_orders(battle: object) -> tuple[Order, ...]:
    """The orders of the round before the current one, in declaration order."""
    records = getattr(battle, "records", [])
    return tuple(records[-2].orders) if len(records) >= 2 else ()


class Controller(Protocol):
    """Chooses orders for the combatants of one side.

    A controller that remembers the battle may also have `witness(view)`: the session
    shows it each round it missed, as the round began, when it is made for a battle
    already under way (`game.session.flow.Session.controller`)."""

    name: str

    def choose_order(self, view: DeclarationView) -> Order:
        """The order for `view.actor`; it must pass validation."""
        ...


class HumanController:
    """A side played by a person.  At the window the order is drafted on the battle
    screen and handed to `Session.declare`; a test (or any caller with no window)
    may give `decide`, which then answers `choose_order` like an AI would."""

    name = HUMAN

    def __init__(self, decide: Callable[[DeclarationView], Order] | None = None) -> None:
        self.decide = decide

    def choose_order(self, view: DeclarationView) -> Order:
        """The person's order (only with `decide`: at the window the screen declares it)."""
        if self.decide is None:
            raise RuntimeError("a human side's orders come from the window (Session.declare)")
        return self.decide(view)
