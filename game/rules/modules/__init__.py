"""Rules modules (RULES.md §8): one file each, registered with `game.rules.registry`.

`base.py` holds the hooks a module may fill in; `builtin.py` loads the modules
that ship with the game.
"""
