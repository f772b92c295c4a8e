"""The AI's quick look agrees with the rules' forecast wherever no movement is in doubt.

The AI ranks every candidate order with a quick look (`game.ai.expect.first_look`: the rules'
odds with both combatants where they plan to end) and judges only the best few with the
forecast.  A quick look that misses what a rules module does (a Close In roll after a walk into
reach, a Careful Aim broken by walking) ranks those orders wrongly, and the forecast never sees
the better orders they pushed out.  So over seeded battles with every module on, each quick look
the AI takes of an order whose movement is certain must give the forecast's numbers.
"""

from __future__ import annotations

import pytest

import game.ai.scoring as scoring
from game.ai.expect import first_look
from game.ai.simulate import load_scenarios, play_battle
from game.rules.forecast import forecast_order
from game.rules.registry import movement_rule, rules_modules

LOOKS = 300  # quick looks compared per battle: a fixed size, not a time box


@pytest.mark.parametrize("scenario", ["pub_brawl", "tutorial_careful_aim"])
def test_every_quick_look_gives_the_forecasts_numbers(scenario: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[str, float, float]] = []

    def checked(know, orders, eid):  # noqa: ANN001, ANN202
        found = first_look(know, orders, eid)
        order = orders[eid]
        if len(compared) >= LOOKS or movement_rule(order.movement_mode) is not None:
            return found
        exact = {
            f.index: f
            for f in forecast_order(know.world, know.board, orders, eid, know.options, know.timing, one=1.0)
        }
        for quick in found:
            sure = exact[quick.index]
            for name, a, b in (
                ("success", quick.success, sure.success),
                ("nullified", quick.nullified, sure.nullified),
                ("expected", quick.expected_injuries, sure.expected_injuries),
            ):
                compared.append((f"{order} {name}", float(a), float(b)))
        return found

    monkeypatch.setattr(scoring, "first_look", checked)
    # The bundled modules (not a toy module another test registered).
    modules = tuple(m.name for m in rules_modules() if type(m).__module__.startswith("game.rules.modules."))
    (found,) = load_scenarios(scenario, None)
    play_battle(found, 7357, ["ai:hard", "ai:normal"], modules=modules)
    assert len(compared) >= LOOKS
    wrong = [(what, a, b) for what, a, b in compared if abs(a - b) > 1e-9]
    assert not wrong, wrong[:3]
