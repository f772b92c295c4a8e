// Draws a map from scratch with Tiled's own API, as a map maker following docs/maps.md would.
var out = "/tmp/i18-tiled/maps/";
function log(t) { var f = new TextFile(out + "script.log", TextFile.Append); f.writeLine(t); f.close(); }
try {
  log("types: " + (typeof tiled.propertyValue));
  var ts = tiled.open(out + "tilesets/battlefield.tsx");
  log("tileset: " + ts + " tiles " + ts.tileCount);
  var map = new TileMap();
  map.setSize(12, 8);
  map.setTileSize(32, 32);
  map.orientation = TileMap.Orthogonal;
  map.setProperty("name", "Scripted Farm");
  map.setFloatProperty ? map.setFloatProperty("metres_per_tile", 1.5) : map.setProperty("metres_per_tile", 1.5);
  map.addTileset(ts);
  var ground = new TileLayer("ground");
  ground.width = 12; ground.height = 8;
  var e = ground.edit();
  for (var y = 0; y < 8; y++) for (var x = 0; x < 12; x++) e.setTile(x, y, ts.tile(0));
  e.apply();
  map.addLayer(ground);
  var walls = new TileLayer("walls");
  walls.width = 12; walls.height = 8;
  var w = walls.edit();
  for (var y = 0; y < 8; y++) w.setTile(6, y, ts.tile(y == 4 ? 32 : 24));
  w.setTile(3, 2, ts.tile(21));
  w.apply();
  map.addLayer(walls);
  var og = new ObjectGroup("deploy");
  function zone(side, x) {
    var o = new MapObject(MapObject.Rectangle, side + " camp");
    o.x = x; o.y = 0; o.width = 64; o.height = 256;
    o.type = "deploy";
    o.setProperty("deploy", tiled.propertyValue("Deploy", {side: side}));
    og.addObject(o);
  }
  function unit(name, side, tx, ty, key, who, facing) {
    var o = new MapObject(MapObject.Point, name);
    o.x = tx * 32 + 16; o.y = ty * 32 + 16;
    o.type = "unit";
    var v = {side: side, facing: facing}; v[key] = who;
    o.setProperty("unit", tiled.propertyValue("Unit", v));
    og.addObject(o);
  }
  zone("farmers", 0); zone("raiders", 320);
  unit("Old Tom", "farmers", 2, 3, "troop", "militia_spearman", "E");
  unit("Serena", "raiders", 9, 2, "character", "serena", "middle");
  map.addLayer(og);
  var ok = tiled.mapFormat("tmx").write(map, out + "scripted.tmx");
  log("written: " + ok);
  // And the hand-written farmyard, read and written back by Tiled with the project loaded.
  var farm = tiled.open(out + "farmyard.tmx");
  log("farm: " + farm);
  if (farm) log("resaved: " + tiled.mapFormat("tmx").write(farm, out + "farmyard_resaved.tmx"));
} catch (err) { log("error: " + err); }
