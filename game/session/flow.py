"""A battle played through: rounds, whose turn it is, hot-seat hand-overs, autosaves, the end.

`Session.next_step()` moves the battle on to the next thing someone must do
and says what it is:

    AwaitOrder        `actor` must declare: a person at the window (`human`),
                      after the window passes to another player (`handover`),
                      or a controller that `ask` can run
    AwaitResolution   every order is in: `resolve` the round
    BattleOver        the battle has ended (victory, or a draw at the round limit)

Starting a round (rolling its Timing) and autosaving it happen inside
`next_step`.  The caller decides how to wait: the window drafts a human order
on screen and runs an AI in a thread; `simulate` and the tests ask each
controller in turn.  Every change to the battle goes through `Battle.declare`
and `Battle.resolve`, so a session adds nothing to what a replay must know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.rules.battle import Battle
from game.rules.events import Event
from game.rules.orders import Order
from game.rules.positions import name_of
from game.rules.victory import Outcome
from game.session.controller import HUMAN, Controller, DeclarationView, HumanController
from game.session.sides import side_controllers
from game.world import Side, World


@dataclass(frozen=True)
class AwaitOrder:
    """`actor` (of `side`) declares next.  `human`: a person declares at the window;
    `handover`: first the window passes to that side's player (hot-seat), the map hidden."""

    actor: int
    side: str
    human: bool
    handover: bool = False


@dataclass(frozen=True)
class AwaitResolution:
    """Every order of the round is in: it is ready to be resolved."""


@dataclass(frozen=True)
class BattleOver:
    """The battle has ended."""

    outcome: Outcome


Step = AwaitOrder | AwaitResolution | BattleOver
Controllers = Mapping[str, Controller] | Callable[[str], Controller]
"""Each side's controller, by side name: given outright, or made when the side first needs one."""


class Session:
    """Drives one battle through its rounds, step by step.

    `controllers` gives each side's controller (by default every side is a
    `HumanController` without `decide`, as at the window).  `autosave`, if
    given, saves the battle at the start of every round; a failure is reported
    and the battle goes on.  `report` receives one line for anything the
    players should be told that is not an event (a failed autosave, an AI that
    failed or whose order was refused).
    """

    def __init__(
        self,
        battle: Battle,
        controllers: Controllers | None = None,
        *,
        autosave: Callable[[Battle], object] | None = None,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.battle = battle
        self.specs = side_controllers(battle.world, battle.meta)
        if controllers is None:
            self._make: Callable[[str], Controller] = lambda _side: HumanController()
        elif callable(controllers):
            self._make = controllers
        else:
            self._make = controllers.__getitem__
        self._controllers: dict[str, Controller] = {}
        self.autosave = autosave
        # A finished battle gets one autosave at its end; a loaded one came from that autosave.
        self._ended_saved = battle.over
        self.report = report or (lambda _text: None)
        self.seated: str | None = None  # the human side that last had the window

    # ------------------------------------------------------------- sides
    @property
    def world(self) -> World:
        """The battle's world."""
        return self.battle.world

    def side_of(self, eid: int) -> str:
        """A combatant's side."""
        return self.world.get(eid, Side).name

    def spec_of(self, side: str) -> str:
        """Who plays a side: "human", "ai:hard", …"""
        return self.specs.get(side, HUMAN)

    def is_human(self, side: str) -> bool:
        """Whether a person plays the side at the window."""
        return self.spec_of(side) == HUMAN

    def human_sides(self) -> list[str]:
        """The sides people play at the window."""
        return [side for side in self.specs if self.is_human(side)]

    def controller(self, side: str) -> Controller:
        """The side's controller, made once (it may keep state between declarations).  One
        made for a battle already under way (continued from a save) first sees the rounds it
        missed begin, if it watches the battle (`witness`: see `_catch_up`)."""
        if side not in self._controllers:
            made = self._make(side)
            self._controllers[side] = made
            if callable(getattr(made, "witness", None)):
                self._catch_up(side, made)
        return self._controllers[side]

    def _catch_up(self, side: str, controller: Controller) -> None:
        """Show `controller` each resolved round as it began, as a player who had watched the
        battle saw it: the view of its side's first declarer, with the round before's orders.
        An AI that reads its opponent (`game.ai.opponents`) then plays on from a save as it
        would have played on without one.  The battle is replayed from its start on a copy
        (its initial state, seed and orders: what a save holds); it is left untouched."""
        battle = self.battle
        if battle.resolved_rounds < 1:
            return
        replay = battle.restarted()
        witness = controller.witness  # type: ignore[attr-defined]
        for record in battle.records[: battle.resolved_rounds]:
            replay.start_round()
            seen = False
            for order in record.orders:
                eid = replay.next_declarer
                if not seen and eid is not None and replay.world.get(eid, Side).name == side:
                    witness(DeclarationView.of(replay, eid))
                    seen = True
                replay.declare(order)
            replay.resolve()

    def controller_of(self, eid: int) -> Controller:
        """The controller of a combatant's side."""
        return self.controller(self.side_of(eid))

    def view(self, eid: int) -> DeclarationView:
        """What `eid`'s controller sees for its declaration now."""
        return DeclarationView.of(self.battle, eid)

    # ------------------------------------------------------------- the flow
    def next_step(self) -> Step:
        """Start the next round if none is under way (and autosave it), then say what comes next."""
        battle = self.battle
        if battle.round is None:
            if battle.over:
                if not self._ended_saved:  # its last round too, so the end can be watched again
                    self._ended_saved = True
                    self._autosave()
                return BattleOver(battle.outcome())
            battle.start_round()
            self._autosave()
        eid = battle.next_declarer
        if eid is None:
            return AwaitResolution()
        side = self.side_of(eid)
        human = self.is_human(side)
        # Hot-seat: with two or more people at one window, a different side's player
        # takes over only after the window has been handed on.
        handover = human and len(self.human_sides()) > 1 and side != self.seated
        return AwaitOrder(eid, side, human, handover)

    def take_seat(self, eid: int) -> None:
        """The player of `eid`'s side now has the window (after any hand-over)."""
        self.seated = self.side_of(eid)

    def declare(self, order: Order) -> list[str]:
        """Declare an order drafted at the window; the reasons if it is refused (nothing changes)."""
        return self.battle.declare(order)

    def ask(self, eid: int) -> Order:
        """The order `eid`'s controller chooses now (synchronously)."""
        return self.controller_of(eid).choose_order(self.view(eid))

    def submit(self, order: Order, error: str | None = None) -> list[str]:
        """Declare a controller's order.  One that failed (`error`) or is refused is
        reported, and the combatant does nothing instead; returns the refusal's reasons."""
        actor = order.actor
        if error:
            self.report(f"{name_of(self.world, actor)}'s AI failed ({error}); it does nothing")
        problems = self.battle.declare(order)
        if problems:
            self.report(f"{name_of(self.world, actor)}'s AI order was refused: {problems[0]}")
            self.battle.declare(Order(actor))
        return problems

    def resolve(self) -> list[Event]:
        """Resolve the round whose orders are all in; returns its events."""
        return self.battle.resolve()

    def play_out(self) -> Outcome:
        """Play to the end, asking every controller in turn (no window: a human side needs `decide`)."""
        while True:
            step = self.next_step()
            if isinstance(step, BattleOver):
                return step.outcome
            if isinstance(step, AwaitResolution):
                self.resolve()
                continue
            if step.human:
                self.take_seat(step.actor)
            self.submit(self.ask(step.actor))

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            self.autosave(self.battle)
        except Exception as err:  # noqa: BLE001 - a failed autosave must not stop the game
            self.report(f"autosave failed: {err}")


def rematch(battle: Battle) -> Battle:
    """The same battle from its start (its victory condition too), with new dice."""
    return battle.restarted(battle.seed + 1)
