"""What cover means is a rules module's word, and the window says whatever the modules in play
say (issue 49): a module of this file that makes low cover a −1 "Brush" is what the ruler and
the sight overlay's legend then show, with no edit to the window."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np
import pytest

from game.core.modifiers import Modifier
from game.rules.api.modules import RulesModule
from game.rules.cover_terms import cover_terms
from game.rules.options import RuleOptions
from game.rules.registry import register_module, unregister
from game.ui.battle.ruler import ruler_lines
from tests.builders import BLASTER, Cast


class Brush(RulesModule):
    """Low cover is only brush here: −1."""

    name = "brush"
    label = "Brush"
    builtin = False

    def cover_terms(self) -> Mapping[str, Modifier]:
        return {"low": Modifier("Brush", -1)}


@pytest.fixture(autouse=True)
def plugged_in() -> Iterator[None]:
    register_module(Brush)
    yield
    unregister("brush")


def test_the_terms_come_from_the_modules_in_play() -> None:
    assert cover_terms(RuleOptions({"cover"})) == {
        "low": Modifier("Low Cover", -2),
        "high": Modifier("High Cover", -8),
    }
    assert cover_terms(RuleOptions({"brush"})) == {"low": Modifier("Brush", -1)}
    assert cover_terms(RuleOptions()) == {}


def test_the_ruler_says_what_the_module_in_play_says() -> None:
    cast = Cast(20, 10, cover={(7, 5): "low"})  # beside the target: it covers
    cast.add("Gunner", (0, 5), "a", weapons=(BLASTER,), missile_beam=6)
    words = {
        name: ruler_lines(cast.world, cast.board, options, cast["Gunner"], (0, 5), (8, 5))[1]
        for name, options in (("cover", RuleOptions({"cover"})), ("brush", RuleOptions({"brush"})))
    }
    assert words == {"cover": "in sight · Low Cover −2", "brush": "in sight · Brush −1"}
    assert ruler_lines(cast.world, cast.board, RuleOptions(), cast["Gunner"], (0, 5), (8, 5))[1] == "in sight"


def test_the_legend_says_it_too() -> None:
    from game.ui.render.overlays import OverlayData, OverlayLayer
    from game.ui.theme import Theme

    layer = OverlayLayer(Theme())
    layer.active = {"sight"}
    data = OverlayData(4, 4)
    data.unseen = np.zeros((4, 4), bool)
    data.cover = np.zeros((4, 4), np.int8)
    data.cover_terms = cover_terms(RuleOptions({"brush"}))
    layer.set_data(data)
    labels = [row[1] for row in layer.legend()]
    assert "L low cover (−1)" in labels and "H high cover" in labels
