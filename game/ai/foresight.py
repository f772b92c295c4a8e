"""Foresight: a measuring instrument, not an opponent (`simulate --foresight`).

Before it declares, the first AI of a run is shown the orders that the enemies still to
declare this round will give: each of them is asked early, as the round stands then, and
the order it gave is declared for it when its turn comes.  No controller in a game may do
this (an AI sees only the declarations made before its own), and nothing outside
`simulate` offers it.  It is here to answer one question: how many battles an AI would
still fail to win if it read the opponent perfectly.  What the seer still does not win is
the dice, the clock and the scenario, not its guesses at the replies (docs/ai.md, *A
ceiling, measured with foresight*).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules.orders import Order

if TYPE_CHECKING:
    from game.session.flow import Session


class Foresight:
    """Asks the session's controllers for their orders, showing the `seers`' controllers
    the orders of the enemies that declare after them (asked early, declared as given)."""

    def __init__(self, session: Session, seers: set[str]) -> None:
        self.session = session
        self.seers = seers
        self._round: int | None = None
        self._told: dict[int, Order] = {}  # orders asked early this round, not yet declared

    def order(self, eid: int) -> Order:
        """The order `eid` declares now: the one it gave early, if a seer was shown it."""
        session = self.session
        number = session.battle.number
        if number != self._round:
            self._round, self._told = number, {}
        if eid in self._told:
            return self._told.pop(eid)
        side = session.side_of(eid)
        if side not in self.seers:
            return session.ask(eid)
        # `eid` declares next: everyone the round's declaration order has not heard from yet
        # declares after it.
        waiting = session.battle.round
        for later in waiting.declaration_order:
            if (
                later != eid
                and later not in waiting.orders
                and later not in self._told
                and session.side_of(later) not in self.seers
            ):
                self._told[later] = session.ask(later)
        view = session.view(eid)
        return session.controller(side).choose_order(replace(view, earlier={**view.earlier, **self._told}))
