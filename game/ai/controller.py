"""The controllers' side of the interface between the game and whoever declares for a side.

`DeclarationView` (what a controller sees) and `Controller` (what it does)
live in `game.session.controller`, with the battle's flow that asks them;
they are named here too because every AI module takes them from its own
package.  `PlaceholderController` is the simplest AI.
"""

from __future__ import annotations

from game.rules.orders import Order
from game.session.controller import Controller, DeclarationView

__all__ = ["Controller", "DeclarationView", "PlaceholderController"]


class PlaceholderController:
    """Close in and hit the nearest enemy (until the real AI lands)."""

    name = "placeholder"

    def choose_order(self, view: DeclarationView) -> Order:
        """A simple legal order."""
        from game.ai.placeholder import placeholder_order

        return placeholder_order(view.world, view.board, view.actor, view.earlier, view.options)
