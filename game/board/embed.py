"""The one tree pytmx reads: the checked map with its tilesets embedded and its class
properties spelt out.

pytmx opens every external tileset itself, needs every image's size, and
fails on a class-typed property unless it was handed Tiled's project file.
So once the preflight has checked the map and its tilesets, this module
rewrites the parsed map (never a file):

- each `<tileset firstgid source="x.tsx"/>` becomes an embedded tileset
  holding the checked .tsx root's children, so pytmx reads nothing from
  disk; the children are shared between references, not copied, so a map
  that references one tileset 256 times costs no more memory than once;
- image sources become absolute paths (an embedded tileset's paths would
  otherwise be taken from the map's folder);
- a property of one of the game's classes (`Terrain`, `Unit`, `Deploy`,
  as in the bundled Tiled project, written by Tiled 1.8 as
  `<property type="class" propertytype="Terrain">` with its members inside)
  is replaced by its members, which the loader reads like any property; a
  property set directly on the tile or object wins over a member of the
  same name.  Class properties of other games are dropped: pytmx cannot read
  them and the game has no use for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from xml.etree.ElementTree import Element

GAME_CLASSES = frozenset({"terrain", "unit", "deploy"})
"""The classes of the bundled Tiled project (maps/dominion.tiled-project) whose members the game reads."""


def embed_tilesets(root: Element, sources: list[tuple[Element, Element | None, Path]]) -> None:
    """Replace each external tileset reference by its checked tree, and make image paths absolute.

    `sources` holds, for every <tileset> element of the map: the element, the root of its
    .tsx file (None when embedded) and the folder its image paths are relative to."""
    parents = {child: parent for parent in root.iter() for child in parent}
    done: set[int] = set()
    for node, tsx_root, base in sources:
        tree = node if tsx_root is None else tsx_root
        if id(tree) not in done:
            done.add(id(tree))
            _absolute_images(tree, base)
        if tsx_root is None:
            continue
        embedded = Element("tileset", {**tsx_root.attrib, "firstgid": node.get("firstgid", "1")})
        embedded.extend(list(tsx_root))
        parent = parents[node]
        parent[list(parent).index(node)] = embedded
    flatten_class_properties(root)


def _absolute_images(tileset: Element, base: Path) -> None:
    """Image sources of a tileset (its sheet and its tiles' images) as absolute paths."""
    for image in [*tileset.findall("image"), *tileset.findall("tile/image")]:
        source = image.get("source")
        if source:
            image.set("source", str((base / source).resolve()))


def flatten_class_properties(root: Element) -> None:
    """Spell out the members of the game's class properties; drop other class properties."""
    for properties in list(root.iter("properties")):
        _flatten(properties)


LOST_CLASS = "lost class property "
"""The name a class property Tiled emptied is kept under (so a message can say what happened)."""


def _lost(name: str | None) -> str:
    return LOST_CLASS + str(name or "")[:40]


def lost_classes(properties: Mapping[str, object]) -> list[str]:
    """The class properties of an object that Tiled emptied (saved without the project)."""
    return [str(key).removeprefix(LOST_CLASS) for key in properties if str(key).startswith(LOST_CLASS)]


def _flatten(properties: Element) -> None:
    """One <properties> element, rebuilt in one pass (a hostile list of 100,000 class
    properties costs one pass, not one per property)."""
    items = list(properties)
    if not any(p.tag == "property" and p.get("type") == "class" for p in items):
        return
    direct = {p.get("name") for p in items if p.tag == "property" and p.get("type") != "class"}
    kept: list[Element] = []
    for prop in items:
        if prop.tag != "property" or prop.get("type") != "class":
            kept.append(prop)
            continue
        members = prop.find("properties")
        if members is None and not prop.get("propertytype") and _lost(prop.get("name")) not in direct:
            # Saved by Tiled without the project open: the class and its members are gone.
            direct.add(_lost(prop.get("name")))
            kept.append(Element("property", name=_lost(prop.get("name")), value="lost"))
            continue
        if str(prop.get("propertytype", "")).strip().lower() not in GAME_CLASSES or members is None:
            continue
        _flatten(members)
        for member in members:
            if member.tag == "property" and member.get("name") not in direct:
                direct.add(member.get("name"))
                kept.append(member)
    properties[:] = kept
