"""Plain types everyone shares: tiles and directions, weapons and armour, sheets, modified stats.

The bottom layer: it imports nothing else of the game, so `world`, `rules`,
`board` and the UI can all build on it without importing each other.
"""
