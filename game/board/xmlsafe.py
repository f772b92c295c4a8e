"""Parsing a map's XML files safely: no DTD of its own, no entities, and a bounded tree.

defusedxml refuses entity tricks and DTDs; on top of that the parse stops as
soon as the files of one map hold too many bytes or elements, or nest too
deeply, so a small hostile file can neither fill memory with elements nor
overflow a recursive reader with 2,000 nested groups.

Old Tiled versions wrote `<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">`
at the top of every map (Tiled's own example `sewers.tmx` still has it).  A
DOCTYPE that only names an external DTD declares nothing and is never
fetched, so it is allowed; one with an internal subset (`[...]`, where
entities are declared) is refused, as every other DTD is.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import defusedxml.ElementTree as SafeET

from game.files import FileRefused, describe_size, read_limited

MAX_FILE_BYTES = 32 * 2**20  # bytes per file; a 1000×1000 map in CSV is about 5 MiB a layer
MAX_TOTAL_BYTES = 64 * 2**20  # bytes across the map and its tilesets
MAX_ELEMENTS = 200_000  # XML elements across the map and its tilesets (10,000 objects use ~50,000)
MAX_DEPTH = 64  # nested elements; Tiled nests groups, but not dozens deep


class XmlError(ValueError):
    """A file refused by the safe parse; the message names the file."""


class Parser(SafeET.DefusedXMLParser):
    """defusedxml's parser, letting through a DOCTYPE that declares nothing itself."""

    def defused_start_doctype_decl(
        self, name: str, sysid: str | None, pubid: str | None, has_internal_subset: bool
    ) -> None:
        """Refuse a DOCTYPE with an internal subset; a bare name and external id are inert
        (expat reads no external DTD unless asked, and defusedxml forbids external references)."""
        if has_internal_subset:
            raise defusedxml.DTDForbidden(name, sysid, pubid)


_Parser = Parser  # its earlier name (tests patch it)


@dataclass
class Budget:
    """What the files of one map may still use between them, and a digest of what they held."""

    bytes: int = MAX_TOTAL_BYTES
    elements: int = MAX_ELEMENTS
    digest: Any = field(default_factory=hashlib.sha256)
    files: list[Path] = field(default_factory=list)
    """The files read, in order (a loaded map is remembered until one of them changes)."""


class _BoundedBuilder:
    """A TreeBuilder that refuses, as each element starts, a tree too large or nested too deeply.

    An exception raised here stops expat at once (pyexpat stops the parser when a
    handler raises), so no more of the file is read into the tree."""

    def __init__(self, name: str, budget: Budget) -> None:
        self._builder = TreeBuilder()
        self._name = name
        self._budget = budget
        self._depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        """Open an element, charged to the map's budget."""
        self._depth += 1
        self._budget.elements -= 1
        if self._depth > MAX_DEPTH:
            raise XmlError(f"{self._name}: elements nested more than {MAX_DEPTH} deep")
        if self._budget.elements < 0:
            raise XmlError(f"{self._name}: more than {MAX_ELEMENTS} XML elements in the map and its tilesets")
        return self._builder.start(tag, attrs)

    def end(self, tag: str) -> Element:
        """Close the element last opened."""
        self._depth -= 1
        return self._builder.end(tag)

    def data(self, text: str) -> None:
        """Text inside the open element."""
        self._builder.data(text)

    def close(self) -> Element | None:
        """The root element (None if the file held none)."""
        return self._builder.close()


def parse(path: Path, expected_root: str, budget: Budget) -> Element:
    """The root element of a safe, bounded XML file whose root is <expected_root>."""
    name = path.name
    try:
        raw = read_limited(path, min(MAX_FILE_BYTES, budget.bytes))
    except FileRefused as err:
        if budget.bytes < MAX_FILE_BYTES and "too large" in str(err):
            total = describe_size(MAX_TOTAL_BYTES)
            raise XmlError(f"{name}: the map's files together pass {total}") from None
        raise XmlError(f"{name}: {err}") from None
    budget.bytes -= len(raw)
    budget.files.append(path)
    budget.digest.update(len(raw).to_bytes(8, "big") + raw)
    try:
        # The whole file goes to expat in one call.  ElementTree.iterparse feeds it
        # 16 KiB at a time, and expat 2.5 scans a token again from its start on every
        # chunk, so one 31 MB comment or attribute cost 20 s of CPU; one call is
        # linear.  The tree is still bounded as it grows: _BoundedBuilder refuses the
        # element past the budget or the depth limit as expat reports it.
        parser = Parser(target=_BoundedBuilder(name, budget), forbid_dtd=True)
        parser.feed(raw)
        root = parser.close()
    except defusedxml.DTDForbidden:
        raise XmlError(f"{name}: XML DOCTYPE declarations are not allowed with an internal subset") from None
    except defusedxml.EntitiesForbidden:
        raise XmlError(f"{name}: XML entity declarations are not allowed") from None
    except defusedxml.DefusedXmlException as err:
        raise XmlError(f"{name}: unsafe XML refused ({type(err).__name__})") from None
    except ParseError as err:
        raise XmlError(f"{name}: malformed XML: {err}") from None
    except LookupError as err:  # an encoding Python does not know
        raise XmlError(f"{name}: malformed XML: {err}") from None
    except (ValueError, UnicodeError) as err:
        if isinstance(err, XmlError):
            raise
        raise XmlError(f"{name}: malformed XML: {err}") from None
    if root is None:
        raise XmlError(f"{name}: malformed XML: no element found")
    if root.tag != expected_root:
        raise XmlError(f"{name}: not a Tiled {expected_root} file (root element <{root.tag}>)")
    return root
