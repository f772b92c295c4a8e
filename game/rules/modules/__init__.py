"""Rules modules (RULES.md §8): one file each, registered with `game.rules.registry`.

The hooks a module may fill in are the plug-in API's (`game.rules.api`); every file here
is found and imported by `game.rules.plugins` (no list names them).
"""
