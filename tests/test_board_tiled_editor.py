"""The GOOD fixtures and the bundled map open in the real Tiled editor.

Tiled is not installed in CI, so this test skips without it.  Locally:
`apt-get install tiled`.  Tiled's export accepts a missing .tsx silently, so
the test also exports every tileset, and compares Tiled's reading of each
layer with the loader's.
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import defusedxml.ElementTree as SafeET
import pytest

from game.board.layerdata import _decode
from game.board.tiled import load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = Path(__file__).resolve().parent / "maps"
GOOD = [
    MAPS / n for n in ("terrain_rules.tmx", "foreign.tmx", "scale_base64.tmx", "embedded.tmx", "tall.tmx")
]
GOOD.append(ROOT / "maps" / "skirmish.tmx")
TILESETS = [MAPS / "terrain.tsx", MAPS / "plain.tsx", ROOT / "maps" / "tilesets" / "terrain.tsx"]

pytestmark = pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed")


def tiled(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(["tiled", *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_tiled_reads_the_map_as_the_loader_does(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.json"
    result = tiled("--export-map", "json", str(path), str(out))
    assert result.returncode == 0, result.stderr
    exported = json.loads(out.read_text())
    board = load_map(path).board
    assert (exported["width"], exported["height"]) == (board.width, board.height)
    assert exported["orientation"] == "orthogonal"
    ours = [
        _decode(node.find("data"), board.width * board.height, "layer").tolist()
        for node in SafeET.parse(str(path)).getroot().iter("layer")
    ]
    theirs = [_gids(layer) for layer in _tile_layers(exported["layers"])]
    assert theirs == ours


def _gids(layer: dict) -> list[int]:
    """A JSON layer's data, decoded when Tiled wrote it compressed."""
    data = layer["data"]
    if isinstance(data, list):
        return data
    raw = base64.b64decode(data)
    if layer.get("compression") == "gzip":
        raw = gzip.decompress(raw)
    elif layer.get("compression") == "zlib":
        raw = zlib.decompress(raw)
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def _tile_layers(layers: list[dict]) -> list[dict]:
    found = []
    for layer in layers:
        if layer["type"] == "tilelayer":
            found.append(layer)
        elif layer["type"] == "group":
            found += _tile_layers(layer["layers"])
    return found


@pytest.mark.parametrize("path", TILESETS, ids=lambda p: p.parent.name + "/" + p.name)
def test_tiled_reads_the_tilesets(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "tileset.json"
    result = tiled("--export-tileset", "json", str(path), str(out))
    assert result.returncode == 0, result.stderr
    assert json.loads(out.read_text())["tilecount"] >= 4
