"""The error of a map that cannot be played, and reading the whole numbers a map file holds."""

from __future__ import annotations

from xml.etree.ElementTree import Element


class MapError(ValueError):
    """A map that cannot be played, with one line that says why."""


def int_attr(node: Element, attr: str, where: str, default: int | None = None, low: int = 0) -> int:
    """An integer attribute, checked; MapError naming it otherwise."""
    raw = node.get(attr)
    if raw is None:
        if default is None:
            raise MapError(f"{where}: missing {attr}")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise MapError(f"{where}: {attr} must be a whole number, not {raw[:40]!r}") from None
    if value < low:
        raise MapError(f"{where}: {attr} must be at least {low}, not {value}")
    return value
