"""No two overlays shown together look alike (issue 52, item 4): every pair of overlays that
can be on at once, the rules modules' own included, shares no swatch (colour and pattern),
in the normal and the colour-blind palette; and the map and the legend draw the same one."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.rules.api.modules import MarkStyle, OverlayAsk
from game.rules.options import RuleOptions, module_names
from game.rules.registry import module_overlays
from game.ui.render.overlays import OVERLAYS, OverlayData, OverlayLayer
from game.ui.render.swatches import (
    LOOKS,
    Swatch,
    clashes,
    module_swatches,
    shown_together,
    window_swatches,
)
from game.ui.theme import COLOUR_BLIND, STANDARD, Palette, Theme
from tests.builders import HUNTING_RIFLE, SWORD, Cast

ALL = RuleOptions(module_names())


def module_styles() -> dict[str, tuple[MarkStyle, ...]]:
    """Every rules module overlay's mark styles, asked of a shooter and of a swordsman with
    every module on (a module may word its styles by what the focus holds)."""
    cast = Cast(14, 8, cover={(8, 4): "low", (8, 1): "high"})
    cast.add("Alex", (2, 4), "a", weapons=(HUNTING_RIFLE,))
    cast.add("Omar", (2, 6), "a", weapons=(SWORD,))
    cast.add("Niles", (6, 4), "b", weapons=(SWORD,))
    styles: dict[str, tuple[MarkStyle, ...]] = {}
    for overlay in module_overlays(ALL):
        seen: list[MarkStyle] = []
        for who, spot in (("Alex", (2, 4)), ("Omar", (2, 6))):
            ask = OverlayAsk(cast.world, cast.board, ALL, cast[who], spot, 2, None, {})
            seen += [s for s in overlay.marks(ask).styles if s not in seen]
        styles[overlay.name] = tuple(seen)
    return styles


def test_every_overlay_is_enumerated() -> None:
    """The table covers every window overlay that draws tiles, and the registry's overlays."""
    assert set(LOOKS) == set(OVERLAYS) - {"chance"}  # the hit chance is a tooltip, not tiles
    names = {o.name for o in module_overlays(ALL)}
    assert names and not names & set(LOOKS)
    assert shown_together("range", "arcs", names)
    assert shown_together("range", next(iter(names)), names)
    assert len(names) < 2 or not shown_together(*sorted(names)[:2], names)


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=["normal", "colour-blind"])
def test_no_two_overlays_shown_together_share_a_swatch(palette: Palette) -> None:
    styles = module_styles()
    swatches = {**window_swatches(palette), **module_swatches(palette, styles)}
    pairs = [(a, b) for a in swatches for b in swatches if a < b and shown_together(a, b, styles)]
    assert len(pairs) >= 15 + 6 * len(styles)  # six window overlays with each other, and each module's
    assert clashes(swatches, styles) == []


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=["normal", "colour-blind"])
def test_range_bands_and_arcs_look_apart(palette: Palette) -> None:
    """The defect seen: short range and the front arc both solid green, medium range and the
    side arcs both yellow dots."""
    bands = set(window_swatches(palette)["range"])
    arcs = set(window_swatches(palette)["arcs"])
    assert not bands & arcs
    assert not {s.colour for s in bands} & {s.colour for s in arcs} or palette is COLOUR_BLIND


def test_clashes_finds_a_shared_swatch() -> None:
    green = Swatch((0, 200, 0), "")
    found = clashes({"range": [green], "arcs": [green, Swatch((1, 1, 1), "dots")]}, [])
    assert found == [("arcs", "range", green)]
    assert clashes({"a": [green], "b": [green]}, ["a", "b"]) == []  # modules come one at a time


def test_the_legend_shows_the_swatches_the_map_draws() -> None:
    """Range bands and arcs both on (a shooter's default): their legend rows are six
    different swatches, the ones of the table."""
    pygame.init()
    layer = OverlayLayer(Theme(STANDARD))
    data = OverlayData(5, 5)
    data.bands = np.zeros((5, 5), np.int8)
    data.arcs = np.zeros((5, 5), np.int8)
    layer.active = {"range", "arcs"}
    layer.set_data(data)
    rows = [(overlay, Swatch(colour, pattern)) for overlay, _label, colour, pattern in layer.legend()]
    assert len(rows) == 6 and len({s for _o, s in rows}) == 6
    table = window_swatches(STANDARD)
    assert all(s in table[overlay] for overlay, s in rows)
