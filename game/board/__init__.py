"""The battlefield: Tiled maps turned into boards the rules play on.

- `tiled.load_map(path) -> BattleMap`: the one loader of .tmx files (the only
  pytmx user), after `preflight` has checked the file safely: `xmlsafe` parses
  every XML file with bounded size and depth, `tilesets` reads each tileset and
  `images` sizes its images from their headers, `layerdata` decodes layers with
  bounded inflation, `embed` hands pytmx one checked tree (tilesets embedded,
  class properties spelt out), and `zones` finds the tiles of shapes within a
  budget.  `objects` reads deploy zones, placed combatants and objects that
  block; `infer` turns other games' conventions into terrain.
- `project`: the Tiled project map makers open (the game's property types, and
  the Check map / Play map commands).
- `terrain.TerrainBoard`: a grid of `Terrain` kinds in numpy arrays; a
  `game.rules.board.BoardBase`, so the rules engine plays on it unchanged.
- `battlemap`: the loaded map as plain data (board, deploy zones, placements).
- Fast overlays that agree with the rules' own geometry: `reach` (tiles within
  a budget of metres), `sight` (line of sight and cover to every tile around),
  `ranges` (range bands of a weapon), `melee` (reach and engagement), `paths`
  (shortest paths; the only tcod user).
- `generate`: random boards for benchmarks and tests.

Nothing here is imported by `game.rules` or `game.world`.
"""
