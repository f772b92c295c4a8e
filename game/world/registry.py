"""Component types, registered where they are defined, with their JSON codec.

    @component("condition")
    @dataclass(frozen=True)
    class Condition: ...

A registered dataclass is written as a JSON object of its fields, unless the
class gives its own `to_json(self)` and `from_json(data)` (a name written as a
plain string, a position as [x, y] …).  `World.set` refuses an unregistered
type at once, rather than failing when the battle is saved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Codec:
    """How one component type is written to and read from JSON."""

    key: str
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


class UnregisteredComponent(TypeError):
    """A component type nobody registered (it could not be saved)."""


_BY_TYPE: dict[type, Codec] = {}
_BY_KEY: dict[str, Codec] = {}


def register_component(
    cls: type,
    key: str,
    encode: Callable[[Any], Any] | None = None,
    decode: Callable[[Any], Any] | None = None,
) -> None:
    """Register a component type under its JSON key (a type defined where `component` cannot
    decorate it, such as the character sheet)."""
    if key in _BY_KEY and _BY_KEY[key] is not _BY_TYPE.get(cls):
        raise ValueError(f"component key {key!r} is registered twice")
    if encode is None or decode is None:
        encode, decode = _default_codec(cls)
    codec = Codec(key, encode, decode)
    _BY_TYPE[cls] = codec
    _BY_KEY[key] = codec


def component(key: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: register a component type under its JSON key."""

    def wrap(cls: type[T]) -> type[T]:
        to_json = getattr(cls, "to_json", None)
        from_json = getattr(cls, "from_json", None)
        if to_json is not None and from_json is not None:
            register_component(cls, key, to_json, from_json)
        else:
            register_component(cls, key)
        return cls

    return wrap


def _default_codec(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} needs to_json/from_json: it is not a dataclass")
    names = [f.name for f in dataclasses.fields(cls)]

    def encode(value: Any) -> dict[str, Any]:
        return {name: getattr(value, name) for name in names}

    def decode(data: Any) -> Any:
        return cls(**data)

    return encode, decode


def codec_of(cls: type) -> Codec:
    """The codec of a registered component type; UnregisteredComponent otherwise."""
    try:
        return _BY_TYPE[cls]
    except KeyError:
        raise UnregisteredComponent(f"{cls.__name__} is not a registered component") from None


def codec_for_key(key: str) -> Codec:
    """The codec registered under a JSON key; KeyError for an unknown one."""
    return _BY_KEY[key]


def is_component(cls: type) -> bool:
    """Whether the type is a registered component."""
    return cls in _BY_TYPE
