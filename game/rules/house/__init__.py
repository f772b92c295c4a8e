"""House rules: the rules modules a game master writes as data (`docs/house-rules.md`).

Not a plug-in itself: `module.py` turns a validated description (read by
`game.content.house_rules`) into a registered `RulesModule` (`house_<name>`), its
conditions read in `conditions.py` from the other rules' own functions, its composed
actions in `actions.py`.
"""
