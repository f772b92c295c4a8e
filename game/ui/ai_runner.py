"""The window's seats: who declares for each side of a battle played in the window.

A human side is a person at the window (the battle screen drafts the order);
an AI side gets its controller, whose `choose_order` runs in a worker thread
on the view's private copy of the world while the window keeps drawing and
polls for the order.  `window_session` puts the battle in a `Session` with
these controllers and the autosaves.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.ai.controller import PlaceholderController
from game.rules.battle import Battle
from game.rules.orders import Order
from game.session.controller import HUMAN, Controller, DeclarationView, HumanController
from game.session.flow import Session
from game.session.sides import side_controllers


def controller_for(spec: str, seed: int = 0) -> Controller:
    """The controller for "ai:easy" / "ai:normal" / "ai:hard" (the placeholder if it cannot be made)."""
    try:
        from game.ai import make_controller

        return make_controller(spec, seed)
    except (ImportError, ValueError):
        return PlaceholderController()


def window_controllers(battle: Battle) -> Callable[[str], Controller]:
    """Each side's controller, made when the side first declares: a `HumanController` for a
    human side; for an AI side its AI, with a random stream of its own from the operating
    system, never from the battle's dice seed (a save keeps the orders, so a replay does not
    need it)."""
    from game.ai.seeds import fresh_ai_seed

    specs = side_controllers(battle.world, battle.meta)

    def make(side: str) -> Controller:
        spec = specs.get(side, HUMAN)
        if spec == HUMAN:
            return HumanController()
        return controller_for(spec, fresh_ai_seed())

    return make


def window_session(battle: Battle, report: Callable[[str], None]) -> Session:
    """The session of a battle played in the window, autosaving every round; a battle that has
    not begun (a new one, a rematch) gets an identity of its own for its autosaves."""
    from game.persist.autosave import autosave, start_battle

    if battle.number == 0:
        start_battle(battle)
    return Session(battle, window_controllers(battle), autosave=autosave, report=report)


class AiDeclaration:
    """One AI declaration running in the background."""

    def __init__(self, controller: Controller, view: DeclarationView) -> None:
        self.view = view
        self.actor = view.actor
        self.order: Order | None = None
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, args=(controller,), daemon=True, name="ai-declare")
        self._thread.start()

    def _run(self, controller: Controller) -> None:
        try:
            self.order = controller.choose_order(self.view)
        except Exception as err:  # noqa: BLE001 - shown in the log; the combatant then does nothing
            self.error = f"{type(err).__name__}: {err}"

    @property
    def finished(self) -> bool:
        """Whether the thread is done (with an order or an error)."""
        return not self._thread.is_alive()

    def result(self) -> Order:
        """The order (an empty order for this actor if the AI failed)."""
        return self.order if self.order is not None else Order(self.actor)

    def wait(self, timeout: float | None = None) -> None:
        """Block until finished (tests and the render command only)."""
        self._thread.join(timeout)
