"""Objects that share an id, and XML parsed in large pieces (audit defects D5 and D9).

D5: the loader found each object's XML element by its id, so when two objects
shared one (a rectangle and a polygon), the rectangle was measured as a
polygon with no points and `check-map` ended in a traceback.  Objects are now
matched to their own elements, and a polygon with no points is refused in one
line wherever it comes from.

D9: the safe parse fed expat 16 KiB at a time, and expat 2.5 scans a token
again from its start on every piece, so one 31 MB comment took 20 s of CPU.
The file now goes to expat in one piece; the tests count the pieces rather
than time them, and check that every XML trick is still refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import game.board.xmlsafe as xmlsafe
from game.board.preflight import MapError
from game.board.tiled import load_map
from game.board.zones import ZoneBudget, ZoneShape, shape_mask
from tests.hostile import assert_refused, csv_layer, objects, plain_map, run_limited, tileset, tmx, zone

MAPS = Path(__file__).resolve().parent / "maps"


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


# ---------------------------------------------------------------- D5: objects sharing an id
TRIANGLE = '<polygon points="0,0 64,0 64,64"/>'


def _zones_sharing_an_id(folder: Path) -> Path:
    zones = [zone(1, "A", 0, 0, 64, 64), zone(1, "A", 0, 0, 0, 0, TRIANGLE), zone(2, "B", 128, 0, 64, 64)]
    return _write(folder, "map.tmx", plain_map(extra=objects(*zones)))


def _collision_shapes_sharing_an_id(folder: Path) -> Path:
    shapes = (
        '<objectgroup name="Collision"><object id="5" x="0" y="0" width="32" height="32"/>'
        '<object id="5" x="64" y="64"><polygon points="0,0 32,0 32,32"/></object></objectgroup>\n'
    )
    return _write(folder, "map.tmx", plain_map(extra=shapes))


def _tile_shape_sharing_an_id_with_a_map_polygon(folder: Path) -> Path:
    # Tiled numbers a tile's collision shapes from 1, as it numbers the map's objects.
    tile_shape = (
        '<tile id="0"><objectgroup draworder="index"><object id="1" x="0" y="0" width="32" height="32">'
        '<properties><property name="collides" type="bool" value="true"/></properties>'
        "</object></objectgroup></tile>"
    )
    body = (
        '<tileset firstgid="1" name="plain" tilewidth="32" tileheight="32" tilecount="2" columns="0">'
        f'<tile id="1"/>{tile_shape}</tileset>\n'
        + csv_layer(8, 6, gid=2)
        + '<objectgroup name="Collision"><object id="1" x="64" y="64">'
        '<polygon points="0,0 64,0 64,64"/></object></objectgroup>\n'
    )
    return _write(folder, "map.tmx", tmx(8, 6, body))


def test_deploy_zones_sharing_an_id_are_each_read_as_drawn(tmp_path: Path) -> None:
    battle = load_map(_zones_sharing_an_id(tmp_path))
    square, triangle, east = battle.zones
    assert square.tiles == {(0, 0), (1, 0), (0, 1), (1, 1)}
    # The triangle's own points, not the square's size: the tile centres on or above its diagonal.
    assert triangle.tiles == {(0, 0), (1, 0), (1, 1)}
    assert (east.side, len(east.tiles)) == ("B", 4)


def test_collision_shapes_sharing_an_id_are_each_read_as_drawn(tmp_path: Path) -> None:
    board = load_map(_collision_shapes_sharing_an_id(tmp_path)).board
    blocked = {tile for tile in ((x, y) for x in range(8) for y in range(6)) if board.blocks_move(tile)}
    assert blocked == {(0, 0), (2, 2)}  # the square's tile, and the triangle's tile below its diagonal


def test_a_tile_shape_is_not_measured_with_a_map_object_of_its_id(tmp_path: Path) -> None:
    battle = load_map(_tile_shape_sharing_an_id_with_a_map_polygon(tmp_path))
    board = battle.board
    blocked = {tile for tile in ((x, y) for x in range(8) for y in range(6)) if board.blocks_move(tile)}
    assert blocked == {(2, 2), (3, 2), (3, 3)}  # the map's triangle; no tile on the layers has a shape
    assert battle.inferred == (
        "object layer 'Collision' (named like a wall) (1 object): 3 tiles block movement and sight",
    )


@pytest.mark.parametrize(
    "make",
    [_zones_sharing_an_id, _collision_shapes_sharing_an_id, _tile_shape_sharing_an_id_with_a_map_polygon],
)
def test_check_map_reads_objects_sharing_an_id_without_a_traceback(tmp_path: Path, make) -> None:
    outcome = run_limited("check-map", str(make(tmp_path)), home=tmp_path)
    assert outcome.status == 0 and "Traceback" not in outcome.stderr, outcome


def test_a_polygon_with_no_points_is_a_map_error_not_a_crash() -> None:
    empty = ZoneShape("polygon", 0.0, 0.0)
    with pytest.raises(MapError, match="map.tmx: object 3: a polygon with no points"):
        shape_mask(empty, (8, 6), (32, 32), ZoneBudget(), "map.tmx: object 3")


# ---------------------------------------------------------------- D9: XML in large pieces
def test_a_large_file_goes_to_expat_in_one_piece(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    comment = "<!--" + "x" * (3 * 2**20) + "-->\n"
    path = _write(tmp_path, "map.tmx", tmx(8, 6, comment + tileset() + csv_layer(8, 6)))
    pieces: list[int] = []
    feed = xmlsafe._Parser.feed

    def counted(self: xmlsafe._Parser, data: bytes | str) -> None:
        pieces.append(len(data))
        feed(self, data)

    monkeypatch.setattr(xmlsafe._Parser, "feed", counted)
    root = xmlsafe.parse(path, "map", xmlsafe.Budget())
    assert root.tag == "map" and root.find("layer") is not None
    # In 16 KiB pieces, a token spanning the file was scanned again ~190 times.
    assert len(pieces) == 1, len(pieces)


def test_a_huge_comment_or_attribute_does_not_hide_the_elements_after_it(tmp_path: Path) -> None:
    filler = "x" * (2 * 2**20)
    many = "<a/>" * (xmlsafe.MAX_ELEMENTS + 1)
    for body in (f"<!--{filler}-->{many}", f'<b title="{filler}"/>{many}'):
        path = _write(tmp_path, "map.tmx", f"<map>{body}</map>")
        with pytest.raises(xmlsafe.XmlError, match="more than 200000 XML elements"):
            xmlsafe.parse(path, "map", xmlsafe.Budget())


def test_the_element_budget_is_shared_by_the_files_of_a_map(tmp_path: Path) -> None:
    budget = xmlsafe.Budget()
    half = "<a/>" * (xmlsafe.MAX_ELEMENTS // 2)
    xmlsafe.parse(_write(tmp_path, "map.tmx", f"<map>{half}</map>"), "map", budget)
    with pytest.raises(xmlsafe.XmlError, match="t.tsx: more than 200000 XML elements"):
        xmlsafe.parse(_write(tmp_path, "t.tsx", f"<tileset>{half}</tileset>"), "tileset", budget)


LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "lol">\n'
    + "".join(f' <!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n' for i in range(9))
    + "]>\n<map>&j;</map>\n"
)
HOSTILE_XML = {
    "billion laughs": (LAUGHS, "DOCTYPE declarations are not allowed with an internal subset"),
    "internal entity": (
        '<!DOCTYPE map [<!ENTITY e "text">]><map>&e;</map>',
        "DOCTYPE declarations are not allowed with an internal subset",
    ),
    "external entity": (
        '<!DOCTYPE map [<!ENTITY e SYSTEM "file:///etc/passwd">]><map>&e;</map>',
        "DOCTYPE declarations are not allowed with an internal subset",
    ),
    "parameter entity": (
        '<!DOCTYPE map [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]><map/>',
        "DOCTYPE declarations are not allowed with an internal subset",
    ),
    "element declaration only": (
        "<!DOCTYPE map [<!ELEMENT map ANY>]><map/>",
        "DOCTYPE declarations are not allowed with an internal subset",
    ),
    "undeclared entity": ("<map>&e;</map>", "malformed XML: undefined entity"),
    "elements nested 2000 deep": (
        "<map>" + "<g>" * 2000 + "</g>" * 2000 + "</map>",
        "nested more than 64 deep",
    ),
    "too many elements": ("<map>" + "<a/>" * (xmlsafe.MAX_ELEMENTS + 1) + "</map>", "more than 200000 XML"),
    "malformed": ("<map><layer></map>", "malformed XML: mismatched tag"),
    "unknown encoding": ('<?xml version="1.0" encoding="x-nowhere"?><map/>', "malformed XML"),
    "no element": ("<!-- nothing -->", "malformed XML"),
    "another root": ("<tileset/>", "not a Tiled map file (root element <tileset>)"),
}


@pytest.mark.parametrize("case", HOSTILE_XML)
def test_hostile_xml_is_still_refused(tmp_path: Path, case: str) -> None:
    text, fragment = HOSTILE_XML[case]
    path = _write(tmp_path, "map.tmx", text)
    with pytest.raises(xmlsafe.XmlError) as caught:
        xmlsafe.parse(path, "map", xmlsafe.Budget())
    assert str(caught.value).startswith("map.tmx: ") and fragment in str(caught.value)


def test_a_doctype_naming_only_tileds_dtd_is_still_read(tmp_path: Path) -> None:
    prolog = '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n'
    path = _write(tmp_path, "map.tmx", tmx(8, 6, tileset() + csv_layer(8, 6), prolog=prolog))
    assert xmlsafe.parse(path, "map", xmlsafe.Budget()).tag == "map"


@pytest.mark.parametrize("name", ["entities.tmx", "external_entity.tmx"])
def test_check_map_refuses_the_entity_fixtures_in_one_line(tmp_path: Path, name: str) -> None:
    assert_refused(run_limited("check-map", str(MAPS / name), home=tmp_path), "not allowed")


def test_check_map_refuses_a_billion_laughs_in_one_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "map.tmx", LAUGHS)
    assert_refused(run_limited("check-map", str(path), home=tmp_path), "not allowed with an internal subset")
