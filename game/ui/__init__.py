"""The game window: pygame scenes, rendering and input (issue 5).

Everything here reads the battle's World and board and changes the battle
only through its session (`game.session.flow.Session`: `Battle.declare` and
`Battle.resolve`).  Screens open each other by name through the app's router
(`game.ui.screens` registers them); the rules core and the session never
import this package.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything here imports pygame
