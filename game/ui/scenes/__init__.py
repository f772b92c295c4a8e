"""Screens of the game: menu, setup, battle, hand-over, end, settings, replay.

No screen module imports another: each opens the next by name through the
app's router (`app.push_screen("pause", self)`), registered in `game.ui.screens`.
"""
