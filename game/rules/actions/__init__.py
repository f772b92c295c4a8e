"""Action specs: one file per action kind, each registered with `game.rules.registry`.

`base.py` holds the hooks every spec may fill in; `chapter.py` loads the combat
chapter's actions (CO.05–CO.18).  A rules module that brings an action defines
its spec in its own file the same way.
"""
