"""`make_controller("ai:hard", seed)`: a controller for a side, by name.

The names are those of a scenario's `controller` field (and the simulate
command's `--sides`): "ai:easy", "ai:normal", "ai:hard", "ai:random", and
"placeholder" (the simple close-in-and-hit policy); "ai:flanker" is the flanking
script the AI is tested against (`game.ai.flanker`), not a level for players.
"""

from __future__ import annotations

from game.ai.controller import Controller, PlaceholderController
from game.ai.levels import LEVELS

CONTROLLER_NAMES = ("ai:easy", "ai:normal", "ai:hard", "ai:random", "ai:flanker", "placeholder")
"""Every name `make_controller` accepts."""


def make_controller(name: str, seed: int = 0) -> Controller:
    """The controller called `name`, with its own random stream from `seed`.

    Raises ValueError naming the accepted names for anything else.
    """
    key = name.strip().casefold()
    if key == "placeholder":
        return PlaceholderController()
    if key == "ai:flanker":
        from game.ai.flanker import FlankerController

        return FlankerController(seed)
    if key == "ai:random":
        from game.ai.random_ai import RandomController

        return RandomController(seed)
    level = LEVELS.get(key.removeprefix("ai:")) if key.startswith("ai:") else None
    if level is None:
        raise ValueError(f"unknown controller {name!r}: use one of {', '.join(CONTROLLER_NAMES)}")
    from game.ai.tactical import TacticalController

    return TacticalController(level, seed)
