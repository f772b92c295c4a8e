"""Screens of the game: menu, battle, hand-over, end, settings."""
