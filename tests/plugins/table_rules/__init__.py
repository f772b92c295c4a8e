"""A table's own rules, packaged apart from the game: the fixture of the plug-in tests.

Installed (or on the path with its `dist-info`), its entry point in the group
`dominion_tactics.rules` adds the Shove module without any edit to the game.
"""
