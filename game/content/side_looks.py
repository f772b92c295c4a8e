"""The looks sides get when a scenario or a map does not give them one: a colour and a badge
shape each (both differ, for colour-blind players), and a side named for a colour wears it."""

from __future__ import annotations

PALETTE = (("#3b82f6", "circle"), ("#ef4444", "triangle"), ("#22c55e", "square"), ("#eab308", "diamond"))
"""Default side looks: blue circle, red triangle, … (colour and shape differ, for colour-blind players)."""
PALETTE_WORDS = ("blue", "red", "green", "yellow")
"""The colour each PALETTE look is, as a side's name may say it."""


def default_looks(names: list[str], taken: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """Each side's default look, in order: a side named for a palette colour ("red", "Blue
    Team") gets that look, so its name and its colour agree; the others take the looks left,
    in PALETTE order (round again past the last), skipping colours other sides already
    have (`taken`, lower-case "#rrggbb": colours a map gives its sides)."""
    looks: list[tuple[str, str] | None] = [None] * len(names)
    free = [k for k, (colour, _shape) in enumerate(PALETTE) if colour.casefold() not in taken]
    for i, name in enumerate(names):
        words = name.casefold().split()
        said = next((PALETTE_WORDS.index(w) for w in words if w in PALETTE_WORDS), None)
        if said is not None and said in free:
            looks[i] = PALETTE[said]
            free.remove(said)
    rest = iter(free)
    for i, look in enumerate(looks):
        if look is None:
            k = next(rest, None)
            looks[i] = PALETTE[k if k is not None else i % len(PALETTE)]
    return [look for look in looks if look is not None]
