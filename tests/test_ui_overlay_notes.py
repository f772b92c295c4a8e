"""Overlays that say why they show nothing (issue 52, item 9): the charge overlay (key 8)
with no enemy within a Charge's reach drew nothing and said nothing."""

from __future__ import annotations

from game.rules.api.modules import OverlayAsk
from game.rules.options import RuleOptions
from game.rules.registry import module_overlays
from game.ui.render.legend import line_items
from game.ui.render.overlays import OverlayData, OverlayLayer
from game.ui.theme import Theme
from tests.builders import SWORD, Cast

CHARGING = RuleOptions({"charge"})


def charge_legend(foe_at: tuple[int, int]) -> list[str]:
    cast = Cast(40, 10)
    cast.add("Omar", (2, 4), "a", weapons=(SWORD,), movement=4)
    cast.add("Niles", foe_at, "b", weapons=(SWORD,), movement=4)
    (overlay,) = [o for o in module_overlays(CHARGING) if o.name == "charge"]
    marks = overlay.marks(OverlayAsk(cast.world, cast.board, CHARGING, cast["Omar"], (2, 4), 2, None, {}))
    layer = OverlayLayer(Theme())
    data = OverlayData(40, 10)
    data.marks = {"charge": marks}
    layer.active = {"charge"}
    layer.set_data(data)
    return [row[1] for row in layer.legend()] + [name for name, _c, _p in line_items(layer)]


def test_the_charge_overlay_says_why_it_marks_nothing() -> None:
    far = charge_legend((38, 4))  # far beyond twice the Movement
    why = "no enemy a Charge can reach: a straight run of 3 m at least, 8 m at most"
    assert any(why in row for row in far), far
    assert any(row.startswith("Charge: nothing marked") for row in far), far  # the one-line legend too
    near = charge_legend((10, 4))
    assert not any("nothing marked" in row for row in near), near
