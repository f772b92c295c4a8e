"""Action specs: one file per action kind, each registered with `game.rules.registry`.

`base.py` holds the hooks every spec may fill in; every other file here is found
and imported by `game.rules.plugins` (no list names them).  A rules module that
brings an action defines its spec in its own file the same way.
"""
