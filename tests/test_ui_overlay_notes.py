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


def test_a_tutorial_that_says_press_n_shows_the_overlay_with_that_key(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """In the knockback tutorial "press 6" hid the hit chance, which was on already: now the
    overlays a tutorial asks for start off, and the key it names shows them."""
    import pygame

    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.ui.scenes.battle import BattleScene
    from tests.ui_helpers import key, make_app, run_until

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    app = make_app()
    battle, battle_map = build_battle(find_scenario("tutorial_knockback"), seed=1)
    scene = BattleScene(app, battle, battle_map)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    scene.update(0.0)
    assert "chance" not in scene.overlays.active
    scene.on_event(key(pygame.K_6))
    scene.update(0.0)
    assert "chance" in scene.overlays.active and scene.toasts[-1][0] == "Hit chance overlay on"


def test_every_overlay_a_tutorial_asks_for_is_off_until_its_key() -> None:
    """Every bundled tutorial: each overlay its briefing, rules or first step asks the player
    to press a key for is off at the start, whoever declares (shooter or not)."""
    from game.content.scenarios import list_scenarios
    from game.ui.battle.overlay_defaults import OverlayChoice, asked_overlays, defaults
    from game.ui.tutorial_steps import tutorial_hint

    checked = 0
    for scenario in list_scenarios():
        if scenario.tutorial is None:
            continue
        texts = [scenario.briefing, scenario.rules, tutorial_hint(scenario.tutorial)]
        asked = asked_overlays(texts)
        choice = OverlayChoice(set(), asked)
        for missile in (False, True):
            on = defaults(scenario.options, True, missile)
            checked += len(asked & on)
            assert not asked & choice.wanted(scenario.options, True, missile), scenario.id
    assert checked  # some were on by default: the defect
    assert asked_overlays(["Press 3 for the facing arcs and 6 for the hit chance."]) == {"arcs", "chance"}


def test_new_battle_remembers_the_list_position(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """New battle opened again (Back, then New battle) is on the scenario chosen last, the
    list scrolled as it was; it opened on the first one."""
    from tests.ui_helpers import make_app

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    app = make_app()
    app.push_screen("menu")
    app.push_screen("setup")
    setup = app.top
    far = len(setup.scenarios) - 2
    setup.choose(far)
    setup._follow = True
    setup.draw(app.screen)
    first = setup.window.first
    assert first > 0
    chosen = setup.scenarios[far].id
    app.pop()
    app.push_screen("setup")
    again = app.top
    assert again is not setup
    assert again.scenarios[again.index].id == chosen and again.window.first == first
