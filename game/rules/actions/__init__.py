"""Action specs: one file per action kind, each registered with `game.rules.registry`.

The hooks every spec may fill in are the plug-in API's (`game.rules.api`); every file
here is found and imported by `game.rules.plugins` (no list names them).  A rules module
that brings an action defines its spec in its own file the same way.
"""
