"""AI declarations without blocking the window: `choose_order` runs in a worker thread
on the view's private copy of the world, and the window polls for the order."""

from __future__ import annotations

import threading

from game.ai.controller import Controller, DeclarationView, PlaceholderController
from game.rules.orders import Order


def controller_for(spec: str, seed: int = 0) -> Controller:
    """The controller for "ai:easy" / "ai:normal" / "ai:hard" (the placeholder if it cannot be made)."""
    try:
        from game.ai import make_controller

        return make_controller(spec, seed)
    except (ImportError, ValueError):
        return PlaceholderController()


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
