"""Controllers that produce orders for the combatants they command.

`make_controller("ai:hard", seed)` gives the AI of a level; every controller
implements `game.ai.controller.Controller`.
"""

from game.ai.factory import CONTROLLER_NAMES, make_controller

__all__ = ["CONTROLLER_NAMES", "make_controller"]
