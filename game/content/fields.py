"""Reading JSON data files field by field, with errors that name the field's JSON path.

Every content loader (the armory, sandbox scenarios) reads its file through
these helpers, so a bad value always fails with one readable line such as
``combatants[1].skills.strike: expected a whole number, got "six"``.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.core.geometry import DIRECTION_NAMES, Tile
from game.files import FileRefused, read_limited

T = TypeVar("T")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
MAX_NAME_LENGTH = 60  # characters of a combatant's or a side's name
MAX_TITLE_LENGTH = 100  # characters of a battle's title
MAX_JSON_BYTES = 8 * 2**20  # bytes; the largest bundled data file is a few KiB
MAX_NUMBER = 2.0**53  # beyond this no field means a JSON number (and floats lose whole numbers)
COMMENT_KEY = "comment"
"""Any object in a data file may carry a free-text "comment" (or a list of lines)."""


class FieldError(ValueError):
    """A bad value in a data file, at a JSON path like ``rounds[0].orders.Omar``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


class JsonObject(dict):  # type: ignore[type-arg]
    """A JSON object that remembers keys the file gave twice (plain `json` keeps the last)."""

    duplicate_keys: tuple[str, ...] = ()


def _object_hook(pairs: list[tuple[str, Any]]) -> JsonObject:
    obj = JsonObject()
    seen: list[str] = []
    for key, value in pairs:
        if key in obj:
            seen.append(key)
        obj[key] = value
    obj.duplicate_keys = tuple(seen)
    return obj


def _reject_constant(name: str) -> float:
    # NaN and Infinity are not JSON; Python's parser accepts them unless told.
    raise ValueError(f"{name} is not allowed in JSON")


def _finite_float(text: str) -> float:
    # 1e400 parses as infinity: as much a non-number as the Infinity literal.
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def read_json(path: Path, label: str | None = None) -> Any:
    """Parse a JSON file; FieldError (with line and column) if it is missing or malformed."""
    label = label or str(path)
    try:
        raw = read_limited(path, MAX_JSON_BYTES)
    except FileRefused as err:
        raise FieldError("", f"{label}: {err}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FieldError("", f"{label}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    return parse_json(text, label)


def parse_json(text: str, label: str) -> Any:
    """Parse JSON text; FieldError naming `label`, line and column on a syntax error."""
    try:
        return json.loads(
            text, object_pairs_hook=_object_hook, parse_constant=_reject_constant, parse_float=_finite_float
        )
    except json.JSONDecodeError as err:
        raise FieldError(
            "", f"{label}: bad JSON at line {err.lineno} column {err.colno}: {err.msg}"
        ) from None
    except RecursionError:
        raise FieldError("", f"{label}: bad JSON: nested too deeply") from None
    except ValueError as err:
        # Python refuses integers of thousands of digits with a hint meant for programmers.
        reason = "a number has too many digits" if "digits" in str(err) else str(err)
        raise FieldError("", f"{label}: bad JSON: {reason}") from None


# ------------------------------------------------------------------ paths


def key_path(path: str, key: str) -> str:
    """`path.key`, or `path["odd key"]` when the key is not an identifier."""
    if IDENTIFIER.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def index_path(path: str, index: int) -> str:
    """`path[index]`."""
    return f"{path}[{index}]"


def shown(value: Any, limit: int = 40) -> str:
    """A value as JSON, cut short: for "got …" in messages."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # absurdly deep nesting
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def expected(what: str, value: Any) -> str:
    """ "expected a whole number, got "six"" """
    return f"expected {what}, got {shown(value)}"


def unknown(what: str, word: str, choices: Sequence[str], listing: str = "expected one of") -> str:
    """ "unknown skill "stirke" (did you mean "strike"?); expected one of …" """
    folded = {choice.casefold(): choice for choice in choices}
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1)
    hint = f" (did you mean {shown(folded[close[0]])}?)" if close else ""
    return f"unknown {what} {shown(word)}{hint}; {listing} {', '.join(choices)}"


# ------------------------------------------------------------------ readers


def obj(
    value: Any,
    path: str,
    required: Collection[str] = (),
    optional: Collection[str] = (),
) -> Mapping[str, Any]:
    """An object with exactly these keys (plus "comment"); names the first unknown or missing one."""
    if not isinstance(value, dict):
        raise FieldError(
            path, expected("an object" if path else "the whole file to be one JSON object", value)
        )
    duplicates = getattr(value, "duplicate_keys", ())
    if duplicates:
        raise FieldError(key_path(path, duplicates[0]), "given twice in the same object")
    allowed = [*required, *optional]
    for key in value:
        if key not in allowed and key != COMMENT_KEY:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {shown(close[0])}?)" if close else ""
            choices = f"; expected one of {', '.join(allowed)}" if allowed else ""
            raise FieldError(key_path(path, key), f"unknown field{hint}{choices}")
    for key in required:
        if key not in value:
            raise FieldError(key_path(path, key), "required field is missing")
    if COMMENT_KEY in value:
        comment = value[COMMENT_KEY]
        lines = comment if isinstance(comment, list) else [comment]
        if not all(isinstance(line, str) for line in lines):
            raise FieldError(key_path(path, COMMENT_KEY), expected("a string or a list of strings", comment))
    return value


def mapping(value: Any, path: str) -> Mapping[str, Any]:
    """An object with free keys (e.g. orders keyed by combatant name)."""
    if not isinstance(value, dict):
        raise FieldError(path, expected("an object", value))
    duplicates = getattr(value, "duplicate_keys", ())
    if duplicates:
        raise FieldError(key_path(path, duplicates[0]), "given twice in the same object")
    return value


def array(value: Any, path: str, min_items: int = 0, max_items: int | None = None) -> list[Any]:
    """A JSON list, with at least `min_items` items (and at most `max_items`, if given)."""
    if not isinstance(value, list):
        raise FieldError(path, expected("a list", value))
    if len(value) < min_items:
        raise FieldError(path, f"expected at least {min_items} item{'s' if min_items != 1 else ''}, got []")
    if max_items is not None and len(value) > max_items:
        raise FieldError(path, f"expected at most {max_items} items, got {len(value)}")
    return value


def text(value: Any, path: str, choices: Collection[str] | None = None) -> str:
    """A non-empty string of valid Unicode (one of `choices`, if given)."""
    if not isinstance(value, str):
        raise FieldError(path, expected("a string", value))
    try:
        # JSON's "\ud800" escape yields a lone surrogate: a str no file or terminal can hold,
        # so the first print or save of it would crash far from the file that gave it.
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        where = f"\\u{ord(value[err.start]):04x} at character {err.start}"
        raise FieldError(path, f"not valid Unicode text (a lone surrogate {where})") from None
    if not value.strip():
        raise FieldError(path, "expected a non-empty string")
    if choices is not None and value not in choices:
        raise FieldError(path, f"expected one of {', '.join(choices)}, got {shown(value)}")
    return value


def name(value: Any, path: str, max_length: int = MAX_NAME_LENGTH) -> str:
    """A name players see (a combatant, a side, a title): one line of printable text without
    surrounding spaces, at most `max_length` characters."""
    text_value = text(value, path)
    if text_value != text_value.strip():
        raise FieldError(path, f"{shown(text_value)} starts or ends with a space")
    if not text_value.isprintable():
        raise FieldError(path, f"{shown(text_value)} contains a control character")
    if len(text_value) > max_length:
        raise FieldError(path, f"{shown(text_value)} is longer than {max_length} characters")
    return text_value


def whole(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number, optionally within low..high (inclusive)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FieldError(path, expected("a whole number", value))
    if low is not None and value < low or high is not None and value > high:
        if high is None:
            bounds = f"at least {low}"
        elif low is None:
            bounds = f"at most {high}"
        else:
            bounds = f"from {low} to {high}"
        raise FieldError(path, f"expected a whole number {bounds}, got {value}")
    return value


def number(value: Any, path: str, positive: bool = False) -> float:
    """A finite number (above 0, if `positive`)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise FieldError(path, expected("a number", value))
    if not -MAX_NUMBER <= value <= MAX_NUMBER:  # also NaN, infinities and integers too big for a float
        raise FieldError(path, expected("a number", value))
    if positive and value <= 0:
        raise FieldError(path, f"expected a number above 0, got {shown(value)}")
    return float(value)


def flag(value: Any, path: str) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise FieldError(path, expected("true or false", value))
    return value


def tile(value: Any, path: str) -> Tile:
    """An [x, y] pair of whole numbers."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise FieldError(path, expected("[x, y] (two whole numbers)", value))
    return (value[0], value[1])


def tiles(value: Any, path: str) -> list[Tile]:
    """A list of [x, y] pairs."""
    return [tile(item, index_path(path, i)) for i, item in enumerate(array(value, path))]


def direction(value: Any, path: str) -> int:
    """A facing, "N" … "NW", as the engine's direction number (0 = N, clockwise)."""
    return DIRECTION_NAMES.index(text(value, path, DIRECTION_NAMES))


def load_data(name: str, path: Path | None, parse: Callable[[Any], T], error: type[Exception]) -> T:
    """Read a data file (the built-in `data/<name>` when `path` is None) and parse it;
    any bad field becomes `error` with one line naming the file and the field."""
    from importlib import resources

    try:
        if path is None:
            text = resources.files("game.content").joinpath("data", name).read_text(encoding="utf-8")
            data = parse_json(text, name)
        else:
            data = read_json(path)
        return parse(data)
    except FieldError as err:
        label = name if path is None else str(path)
        where = f"{label}: " if err.path else ""
        raise error(f"{where}{err}") from None
