"""The position workbench screen and its panels (the logic is `game.workbench`'s)."""
