"""Rules modules (RULES.md §8): one file each, registered with `game.rules.registry`.

`base.py` holds the hooks a module may fill in; every other file here is found and
imported by `game.rules.plugins` (no list names them).
"""
