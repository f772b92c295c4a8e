"""The game window: pygame scenes, rendering and input (issue 5).

Everything here reads the battle's World and board and changes the battle
only through `Battle.declare` and `Battle.resolve`.  The rules core never
imports this package.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything here imports pygame
