"""Field shapes: one declaration per field of a data file, that reads the field and describes it.

A validator declares the objects it reads as tables of shapes (`Obj`: key → shape) and
reads each field through its shape, so the keys a file may use, their types, bounds and
words live in one table; `document` turns the same tables into a JSON Schema (draft
2020-12) for editors (`python -m game schemas`, docs/schemas/).  Reading goes through
`game.content.fields`, so every error is the one-line message it always was.

What a shape cannot say (a rule across fields, a name that must be on the board) stays in
the validator's code; the schema then lets more through than the game does, never less.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.core.geometry import DIRECTION_NAMES, Tile

JSON = dict[str, Any]
"""A JSON Schema (or a part of one), as a dict ready for `json.dumps`."""
DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect the schemas are written in."""
SCHEMA_KEY = "$schema"
"""The top-level key a data file may name its schema with (for editors; the game ignores it)."""
Words = Sequence[str] | Callable[[], Sequence[str]]
"""A fixed list of words, or a function that lists them when asked (the rules modules
registered now, the armory's weapons)."""
NO_DEFAULT: Any = object()
"""The default of a field that has none (it is required, or its default depends on others)."""
NOT_PRINTABLE = "[\\x00-\\x1f\\x7f-\\xa0\\xad\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u206f\\u3000\\ufeff]"
"""A pattern of characters that are never printable (`str.isprintable`): control characters,
odd spaces and invisible format characters (a test checks that none of them is printable)."""
SYNTAX = frozenset("\\^$.|?*+()[]{}/")
"""Characters a regular expression must escape, in both Python's and ECMAScript's syntax."""


def words_of(words: Words) -> tuple[str, ...]:
    """The words of a `Words`, listed now."""
    return tuple(words() if callable(words) else words)


def escaped(text: str) -> str:
    """`text` as a regular expression matching it literally, in a syntax that both Python
    and ECMAScript (editors) read alike (re.escape escapes spaces, which ECMAScript refuses)."""
    return "".join(f"\\{c}" if c in SYNTAX else c for c in text)


def any_case(text: str) -> str:
    """A pattern matching `text` in any case ("Sword", "SWORD"), for names looked up ignoring case."""
    parts = []
    for c in text:
        lower, upper = c.lower(), c.upper()
        parts.append(f"[{lower}{upper}]" if lower != upper and len(lower) == len(upper) == 1 else escaped(c))
    return "".join(parts)


def one_of_pattern(words: Sequence[str], word: Callable[[str], str] = escaped) -> str:
    """A whole-string pattern matching any of `words`, each spelled by `word`."""
    return "^(?:" + "|".join(word(w) for w in words) + ")$"


def shipped(items: Sequence[Any]) -> list[Any]:
    """The registered plug-ins (rules modules, action specs) that ship with the game: those
    defined in the game's own plug-in packages, not a test's toy nor an installed package's."""
    from game.rules.plugins import PACKAGES

    return [item for item in items if type(item).__module__.startswith(tuple(f"{p}." for p in PACKAGES))]


# ------------------------------------------------------------------ the shapes
@dataclass(frozen=True, kw_only=True)
class Shape:
    """A field's kind of value: `read` checks a value and gives it as the game uses it,
    `schema` describes the same for JSON Schema."""

    help: str = ""
    """What the field means: the schema's description (an editor shows it)."""
    default: Any = NO_DEFAULT
    """The value taken when the field is left out (in the schema too)."""
    nullable: bool = False
    """Whether null is taken too (read as None)."""

    def read(self, value: Any, path: str) -> Any:
        """The value checked (FieldError naming `path` otherwise) and converted."""
        if value is None and self.nullable:
            return None
        return self.check(value, path)

    def check(self, value: Any, path: str) -> Any:
        """The value checked and converted (null handled by `read`); a shape that only
        describes (its validator reads the value itself) has none."""
        raise NotImplementedError(f"{type(self).__name__} is read by its validator's own code")

    def body(self, defs: JSON) -> JSON:
        """The schema of the value itself (without description, default or null)."""
        return {}

    def schema(self, defs: JSON) -> JSON:
        """The whole schema of the field; named objects are put in `defs` and referred to."""
        found: JSON = {"description": self.help} if self.help else {}
        body = self.body(defs)
        if self.nullable:
            body = {"anyOf": [body, {"type": "null"}]}
        found.update(body)
        if self.default is not NO_DEFAULT:
            found["default"] = self.default
        return found

    def about(self, help: str, **changes: Any) -> Any:
        """The same shape with another description (and other changes): one kind of value
        serves many fields."""
        return dataclasses.replace(self, help=help, **changes)


@dataclass(frozen=True, kw_only=True)
class Text(Shape):
    """A non-empty string, one of `choices` if given.

    `check_choices` False: the choices are listed in the schema, but the validator checks
    them itself (with its own message).  `published`: the choices the schema lists, when they differ from
    those checked now (house rules and plug-ins registered in this process); `also`: a
    pattern of further strings the schema takes (a house rule's key)."""

    choices: Words | None = None
    check_choices: bool = True
    published: Words | None = None
    also: str | Callable[[], str] | None = None
    pattern: str | None = None
    """A pattern the whole value matches (in a syntax both Python and ECMAScript read)."""
    max_length: int | None = None
    wanted: str = ""
    """What the error says a value breaking `pattern` or `max_length` should be."""

    def check(self, value: Any, path: str) -> str:
        """The string; FieldError if it is empty, not one of the choices, or not of the pattern."""
        choices = words_of(self.choices) if self.choices is not None and self.check_choices else None
        text = fields.text(value, path, choices)
        too_long = self.max_length is not None and len(text) > self.max_length
        if too_long or self.pattern is not None and not re.fullmatch(self.pattern, text):
            raise FieldError(path, fields.expected(self.wanted or f"a string of {self.pattern}", text))
        return text

    def body(self, defs: JSON) -> JSON:
        """A string, maybe from a list."""
        found: JSON = {"type": "string"}
        listed = self.published if self.published is not None else self.choices
        if listed is not None:
            enum = {"enum": list(words_of(listed))}
            also = self.also() if callable(self.also) else self.also
            found.update({"anyOf": [enum, {"pattern": also}]} if also else enum)
            return found
        found["minLength"] = 1
        found["pattern"] = f"^(?:{self.pattern})$" if self.pattern is not None else "\\S"
        if self.max_length is not None:
            found["maxLength"] = self.max_length
        return found


@dataclass(frozen=True, kw_only=True)
class Line(Shape):
    """A name players see (`fields.name`): one line of printable text, no space at either
    end, at most `max_length` characters."""

    max_length: int = fields.MAX_NAME_LENGTH

    def check(self, value: Any, path: str) -> str:
        """The name; FieldError if it is not one."""
        return fields.name(value, path, self.max_length)

    def body(self, defs: JSON) -> JSON:
        """A string of printable characters, trimmed."""
        # One "not" pattern rather than anchors: Python's `$` also matches before a final newline.
        faults = f"^\\s|\\s$|{NOT_PRINTABLE}"
        return {"type": "string", "minLength": 1, "maxLength": self.max_length, "not": {"pattern": faults}}


@dataclass(frozen=True, kw_only=True)
class Whole(Shape):
    """A whole number from `low` to `high` (either may be left open)."""

    low: int | None = None
    high: int | None = None

    def check(self, value: Any, path: str) -> int:
        """The number; FieldError if it is no whole number or out of bounds."""
        return fields.whole(value, path, self.low, self.high)

    def body(self, defs: JSON) -> JSON:
        """An integer within its bounds."""
        found: JSON = {"type": "integer"}
        if self.low is not None:
            found["minimum"] = self.low
        if self.high is not None:
            found["maximum"] = self.high
        return found


@dataclass(frozen=True, kw_only=True)
class Number(Shape):
    """A finite number, above 0 if `positive`; `within` (low, high) is a range the validator
    checks itself and the schema says too (a board's metres per tile)."""

    positive: bool = False
    within: tuple[float, float] | None = None

    def check(self, value: Any, path: str) -> float:
        """The number; FieldError if it is none (or not above 0)."""
        return fields.number(value, path, self.positive)

    def body(self, defs: JSON) -> JSON:
        """A number within its bounds."""
        limit = int(fields.MAX_NUMBER)
        found: JSON = {"type": "number"}
        if self.within is not None:
            found.update(minimum=self.within[0], maximum=self.within[1])
            return found
        if self.positive:
            found["exclusiveMinimum"] = 0
        else:
            found["minimum"] = -limit
        found["maximum"] = limit
        return found


@dataclass(frozen=True, kw_only=True)
class Flag(Shape):
    """true or false."""

    def check(self, value: Any, path: str) -> bool:
        """The flag; FieldError otherwise."""
        return fields.flag(value, path)

    def body(self, defs: JSON) -> JSON:
        """A boolean."""
        return {"type": "boolean"}


@dataclass(frozen=True, kw_only=True)
class TileShape(Shape):
    """A tile: [x, y], two whole numbers."""

    def check(self, value: Any, path: str) -> Tile:
        """The tile; FieldError otherwise."""
        return fields.tile(value, path)

    def body(self, defs: JSON) -> JSON:
        """Two integers."""
        return {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}


@dataclass(frozen=True, kw_only=True)
class TileWith(Shape):
    """[x, y, value]: a tile and a value of `value`'s shape (read by the validator, which
    knows the board)."""

    value: Shape

    def body(self, defs: JSON) -> JSON:
        """Two integers and the value."""
        tile = {"type": "integer"}
        return {
            "type": "array",
            "prefixItems": [tile, tile, self.value.schema(defs)],
            "items": False,
            "minItems": 3,
            "maxItems": 3,
        }


@dataclass(frozen=True, kw_only=True)
class Direction(Shape):
    """A facing, "N" … "NW", read as the engine's direction number (0 = N, clockwise)."""

    def check(self, value: Any, path: str) -> int:
        """The direction number; FieldError otherwise."""
        return fields.direction(value, path)

    def body(self, defs: JSON) -> JSON:
        """One of the eight compass points."""
        return {"type": "string", "enum": list(DIRECTION_NAMES)}


@dataclass(frozen=True, kw_only=True)
class ListOf(Shape):
    """A list of `item`s, with `min_items` to `max_items` of them."""

    item: Shape
    min_items: int = 0
    max_items: int | None = None

    def check(self, value: Any, path: str) -> list[Any]:
        """Every item read by its shape."""
        items = fields.array(value, path, self.min_items, self.max_items)
        return [self.item.read(v, index_path(path, i)) for i, v in enumerate(items)]

    def items(self, value: Any, path: str) -> list[Any]:
        """The list checked, its items as they are (for a validator that reads them itself)."""
        return fields.array(value, path, self.min_items, self.max_items)

    def body(self, defs: JSON) -> JSON:
        """An array of the item's schema."""
        found: JSON = {"type": "array", "items": self.item.schema(defs)}
        if self.min_items:
            found["minItems"] = self.min_items
        if self.max_items is not None:
            found["maxItems"] = self.max_items
        return found


@dataclass(frozen=True, kw_only=True)
class OneOrList(Shape):
    """One `item`, or a list of 1 to `max_items` of them (any of them)."""

    item: Shape
    max_items: int | None = None
    """The longest list; None: as many as the item's choices (a `Text` of choices)."""

    def check(self, value: Any, path: str) -> tuple[Any, ...]:
        """The items read, each once, in the order given."""
        if isinstance(value, str):
            return (self.item.read(value, path),)
        limit = self.max_items
        if limit is None:
            assert isinstance(self.item, Text) and self.item.choices is not None
            limit = len(words_of(self.item.choices))
        items = fields.array(value, path, 1, limit)
        return tuple(dict.fromkeys(self.item.read(v, index_path(path, i)) for i, v in enumerate(items)))

    def body(self, defs: JSON) -> JSON:
        """The item or an array of it (the schema leaves the length open where the choices
        may grow with house rules)."""
        item = self.item.schema(defs)
        items: JSON = {"type": "array", "items": item, "minItems": 1}
        limit = self.max_items
        if limit is None and isinstance(self.item, Text) and isinstance(self.item.choices, (tuple, list)):
            limit = len(self.item.choices)  # fixed choices: each once at most, as `check` reads them
        if limit is not None:
            items["maxItems"] = limit
        return {"anyOf": [item, items]}


@dataclass(frozen=True, kw_only=True)
class Either(Shape):
    """One of several shapes (the validator tells which; the schema takes any)."""

    options: tuple[Shape, ...]

    def body(self, defs: JSON) -> JSON:
        """Any of the options."""
        return {"anyOf": [o.schema(defs) for o in self.options]}


@dataclass(frozen=True, kw_only=True)
class Table(Shape):
    """An object with free keys (names, dice keys): each key `key`, each value `value`.

    `comment`: a "comment" key is skipped (any value); `min_items`: at least so many keys."""

    key: Shape
    value: Shape
    comment: bool = False
    min_items: int = 0

    def check(self, value: Any, path: str) -> Mapping[str, Any]:
        """The object (no key given twice); its keys and values are the validator's to read."""
        return fields.mapping(value, path)

    def body(self, defs: JSON) -> JSON:
        """An object of free keys: where the keys are words from a list, each is a property
        (an editor completes them) and a further pattern of keys (`Text.also`) is taken too."""
        value = self.value.schema(defs)
        found: JSON = {"type": "object"}
        key = self.key
        if isinstance(key, Text) and key.choices is not None:
            listed = key.published if key.published is not None else key.choices
            properties = {word: value for word in words_of(listed)}
            if self.comment:
                properties[fields.COMMENT_KEY] = {"description": "ignored"}
            found["properties"] = properties
            also = key.also() if callable(key.also) else key.also
            if also:
                found["patternProperties"] = {also: value}
            found["additionalProperties"] = False
        else:
            names = key.schema(defs)
            names.pop("description", None)
            if self.comment:
                found["properties"] = {fields.COMMENT_KEY: {"description": "ignored"}}
                names = {"anyOf": [{"const": fields.COMMENT_KEY}, names]}
            found["propertyNames"] = names
            found["additionalProperties"] = value
        if self.min_items:
            found["minProperties"] = self.min_items
        return found


def comment_schema() -> JSON:
    """The "comment" any object read with `fields.obj` may carry: a string or a list of them."""
    return {
        "description": "a note for readers, ignored: a string or a list of strings",
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    }


@dataclass(frozen=True, kw_only=True)
class Obj(Shape):
    """An object with exactly these keys (and a "comment"): `required` and `optional` map
    each key to its shape.  `name` puts its schema in the document's $defs (once, referred
    to wherever it is used); `title` is that definition's title; `rules` are more schema
    (allOf) for what lies across its fields; `extra` maps a key pattern to the shape of
    the keys matching it (the validator checks those keys itself)."""

    required: Mapping[str, Shape] = field(default_factory=dict)
    optional: Mapping[str, Shape] = field(default_factory=dict)
    name: str = ""
    title: str = ""
    rules: tuple[JSON, ...] = ()
    extra: Mapping[str, Shape] = field(default_factory=dict)

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key it may have (but "comment"), required first."""
        return (*self.required, *self.optional)

    def check(self, value: Any, path: str) -> Mapping[str, Any]:
        """The object, its keys checked (unknown, missing, given twice); its fields are read
        with `get`."""
        return fields.obj(value, path, tuple(self.required), tuple(self.optional))

    def shape_of(self, key: str) -> Shape:
        """The shape of one of its keys."""
        return self.required[key] if key in self.required else self.optional[key]

    def get(self, data: Mapping[str, Any], path: str, key: str, default: Any = NO_DEFAULT) -> Any:
        """`data[key]` (data checked by `check`) read by its shape; when it is left out,
        `default` if given, else the shape's own default (KeyError if it has none)."""
        shape = self.shape_of(key)
        if key in data:
            return shape.read(data[key], key_path(path, key))
        if default is not NO_DEFAULT:
            return default
        if shape.default is NO_DEFAULT:
            raise KeyError(key)
        return copy.deepcopy(shape.default)  # a list or a table of its own

    def schema(self, defs: JSON) -> JSON:
        """A reference to its definition in `defs` (made on first use), or the object itself
        when it has no name."""
        if not self.name:
            return super().schema(defs)
        owners = getattr(defs, "owners", {})
        owner = owners.setdefault(self.name, self)
        if owner.definition_key() != self.definition_key():
            raise ValueError(f"two different objects are both named {self.name!r} in one schema")
        if self.name not in defs:
            defs[self.name] = {}  # taken: an object inside itself refers back
            definition: JSON = {"title": self.title} if self.title else {}
            definition.update(self.body(defs))
            defs[self.name] = definition
        found: JSON = {"description": self.help} if self.help else {}
        found["$ref"] = f"#/$defs/{self.name}"
        return found

    def definition_key(self) -> tuple[Any, ...]:
        """What its definition is made of (its description at a use is not)."""
        return (self.required, self.optional, self.title, self.rules, self.extra)

    def body(self, defs: JSON) -> JSON:
        """An object of these properties, no others."""
        properties = {key: self.shape_of(key).schema(defs) for key in self.keys}
        properties[fields.COMMENT_KEY] = comment_schema()
        found: JSON = {"type": "object", "properties": properties}
        if self.extra:
            found["patternProperties"] = {p: s.schema(defs) for p, s in self.extra.items()}
        if self.required:
            found["required"] = list(self.required)
        found["additionalProperties"] = False
        if self.rules:
            found["allOf"] = list(self.rules)
        return found


def schema_key(what: str) -> Text:
    """The optional top-level "$schema" key of a data file: where its schema is, for editors."""
    return Text(help=f"where the JSON Schema of {what} is (for editors; the game ignores it)")


class Defs(dict):  # type: ignore[type-arg]
    """A document's $defs while it is made, with the object that claimed each name (two
    different objects of one name would make one refer to the other's definition)."""

    def __init__(self) -> None:
        super().__init__()
        self.owners: dict[str, Obj] = {}


def document(shape: Obj, ident: str, title: str, description: str) -> JSON:
    """A whole JSON Schema document (draft 2020-12) of a file whose top level is `shape`."""
    defs = Defs()
    body = shape.body(defs)
    head: JSON = {"$schema": DRAFT, "$id": ident, "title": title, "description": description}
    return {**head, **body, **({"$defs": dict(defs)} if defs else {})}
