"""The pure rules core: no pygame, no pytmx, no global state but the plug-in registry.

Every function here takes the world, the board, the declarations and a dice
source and returns events; nothing random happens outside the injected dice.
Importing any part of it makes the plug-ins findable (`game.rules.plugins`): the
registry loads every action and rules module on first use.
"""

from game.rules import plugins as _plugins  # noqa: F401  (hands the registry its finder)
