"""The battlefield: Tiled maps turned into boards the rules play on.

- `tiled.load_map(path) -> BattleMap`: the one loader of .tmx files (the only
  pytmx user), after `preflight` has checked the file safely: `xmlsafe` parses
  every XML file with bounded size and depth, `images` sizes tileset images from
  their headers, `layerdata` decodes layers with bounded inflation, and `zones`
  finds deploy zones' tiles within a budget.
- `terrain.TerrainBoard`: a grid of `Terrain` kinds in numpy arrays; a
  `game.rules.board.BoardBase`, so the rules engine plays on it unchanged.
- `battlemap`: the loaded map as plain data (board, deploy zones, placements).
- Fast overlays that agree with the rules' own geometry: `reach` (tiles within
  a budget of metres), `sight` (line of sight and cover to every tile around),
  `ranges` (range bands of a weapon), `melee` (reach and engagement), `paths`
  (shortest paths; the only tcod user).
- `generate`: random boards for benchmarks and tests; `check`: the check-map command.

Nothing here is imported by `game.rules` or `game.world`.
"""
