"""A map file's header: its name, size and tile size, read from its first bytes only.

New battle and `python -m game maps` list a folder of maps before anything is
checked: a 1000 × 1000 map takes about a second to load whole, its header a
fraction of a millisecond.  The header is the `<map>` element's attributes and
its `name` property, which Tiled writes before any tileset or layer.  At most
`HEADER_BYTES` are read, and they go through the same safe parser as the
whole map (`game.board.xmlsafe`: no entities, no DTD of its own), stopped as
soon as the header is complete.  A file whose first bytes are no Tiled map is
a one-line MapError; the full check (`game.board.tiled.load_map`) says more.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import ParseError

import defusedxml

from game.board import xmlsafe
from game.board.errors import MapError
from game.board.objects import MAX_NAME_LENGTH
from game.files import FileRefused, read_head

HEADER_BYTES = 64 * 2**10  # a map's properties come first; 64 KiB holds them many times over
MAX_SIDE = 10**6  # a width or height past this is no map's (the full check says how large may be)


@dataclass(frozen=True)
class MapHeader:
    """What a map file says about itself before its tilesets and layers."""

    name: str  # its `name` property, or its file name made printable
    width: int  # tiles
    height: int
    tile_width: int  # pixels
    tile_height: int


class _Enough(Exception):
    """Raised by the parse target once the header is read: expat stops at once."""


class _HeaderTarget:
    """Collects the <map> attributes and its <properties>; stops at the first other element."""

    def __init__(self) -> None:
        self.root: dict[str, str] | None = None
        self.root_tag = ""
        self.name: str | None = None
        self._path: list[str] = []

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        """Note the root and the map's own properties; stop at anything else in the map."""
        if not self._path:
            self.root_tag, self.root = tag, dict(attrs)
            if tag != "map":
                raise _Enough
        elif self._path == ["map"] and tag not in ("properties", "editorsettings"):
            raise _Enough  # the first tileset or layer: the header is over
        elif self._path == ["map", "properties"] and tag == "property" and attrs.get("name") == "name":
            self.name = attrs.get("value", "")
        self._path.append(tag)

    def end(self, tag: str) -> None:
        """Close an element; the map's properties closing ends the header."""
        self._path.pop()
        if self._path == ["map"] and tag == "properties":
            raise _Enough

    def data(self, text: str) -> None:
        """Text is not part of a header (a multi-line name property is refused by the check)."""

    def close(self) -> None:
        """Nothing to return: the caller reads the fields."""


def read_header(path: str | os.PathLike[str]) -> MapHeader:
    """The header of the .tmx file at `path`, from at most HEADER_BYTES; MapError (one line,
    starting with the file's name) if those bytes hold no Tiled map header."""
    path = Path(path)
    name = path.name
    try:
        head = read_head(path, HEADER_BYTES)
    except FileRefused as err:
        raise MapError(f"{name}: {err}") from None
    target = _HeaderTarget()
    try:
        parser = xmlsafe.Parser(target=target, forbid_dtd=True)
        parser.feed(head)
        if len(head) < HEADER_BYTES:  # the whole file, and no header in it: expat says why
            parser.close()
    except _Enough:
        pass
    except defusedxml.DefusedXmlException:
        raise MapError(f"{name}: unsafe XML refused") from None
    except (ParseError, ValueError, LookupError, UnicodeError) as err:
        raise MapError(f"{name}: malformed XML: {str(err)[:200]}") from None
    if target.root is None:
        raise MapError(f"{name}: no XML element in its first {HEADER_BYTES // 1024} KiB")
    if target.root_tag != "map":
        raise MapError(f"{name}: not a Tiled map file (root element <{target.root_tag[:40]}>)")
    width, height = (_number(target.root, key, name) for key in ("width", "height"))
    tiles = [_number(target.root, key, name) for key in ("tilewidth", "tileheight")]
    return MapHeader(_name(target.name, path), width, height, tiles[0], tiles[1])


def _number(attrs: dict[str, str], key: str, name: str) -> int:
    raw = attrs.get(key, "")
    try:
        value = int(raw)
    except ValueError:
        raise MapError(f"{name}: map attribute {key!r} must be a whole number, not {raw[:20]!r}") from None
    if not 0 < value <= MAX_SIDE:
        raise MapError(f"{name}: map attribute {key!r} must be from 1 to {MAX_SIDE}, not {value}")
    return value


def _name(raw: str | None, path: Path) -> str:
    """The name a header shows: the `name` property as the loader takes it, else the file's
    stem made printable (a name the loader would refuse shows the stem: the check says why)."""
    if raw is not None:
        name = raw.strip()
        if name and len(name) <= MAX_NAME_LENGTH and name.isprintable():
            return name
    stem = "".join(c if c.isprintable() else "?" for c in path.stem)
    return stem[:MAX_NAME_LENGTH] or "map"
