"""Forecast on hover (issue 19, point 3) and the overlays (point 4): hovering an enemy shows
the chosen attack's target number and chance at once, in words, from the forecast the menu
asks; the overlays on by default are those the decision needs; the arcs only with the
facing module; the threat overlay tells melee from missile threat in the attacks' names."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pygame
import pytest

from game.rules.api.contexts import ActionForecast
from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind
from game.rules.positions import tile_of
from game.ui.battle.overlay_defaults import OverlayChoice, available, defaults
from game.ui.forecast_text import forecast_detail, forecast_lines
from game.ui.render.overlays import OverlayData, OverlayLayer, threat_words
from game.ui.scenes.battle import BattleScene
from game.ui.theme import Theme
from tests.builders import SHOTGUN, SWORD, Cast
from tests.ui_helpers import click, duel, key, make_app, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def declaring(battle: Battle | None = None) -> tuple[object, BattleScene]:
    app = make_app()
    scene = BattleScene(app, battle or duel(), None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    return app, scene


def hover(app, scene: BattleScene, tile: tuple[int, int]) -> None:  # noqa: ANN001
    pos = scene.screen_pos(tile)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_hovering_an_enemy_shows_the_target_number_and_chance_at_once(monkeypatch) -> None:  # noqa: ANN001
    tips: list[list[str]] = []
    monkeypatch.setattr(
        "game.ui.battle.drawing.draw_tooltip", lambda surface, theme, lines, pos, **_: tips.append(lines)
    )
    app, scene = declaring()
    app.step(click(scene.screen_pos((4, 4))))  # next to Niles
    niles = scene.planner.enemies()[0]
    tips.clear()
    hover(app, scene, tile_of(scene.world, niles))  # the very first frame over him
    assert tips, "nothing shown on the first frame"
    lines = tips[-1]
    choice = scene.planner.quick_attack(scene.draft, niles)  # what the menu's first item says
    total = choice.forecast.breakdown.total
    assert lines[0].startswith("Omar: Strike on Niles")
    assert lines[1] == forecast_detail(choice.forecast) == choice.detail()
    assert f"needs {total} or less" in lines[1] and f"{choice.forecast.percent:.0f}% success" in lines[1]
    assert scene.menu is None  # hovering opens nothing; a click opens the menu
    app.step(click(scene.screen_pos(tile_of(scene.world, niles))))
    assert scene.menu is not None and scene.menu.items[0].detail == lines[1]


def test_hovering_shows_the_attack_already_in_the_order() -> None:
    app, scene = declaring()
    app.step(click(scene.screen_pos((4, 4))))
    niles = scene.planner.enemies()[0]
    scene.orders.add_action(Action(ActionKind.BRAWLING, niles))
    lines = scene.drawing.chance_tip(niles)
    assert lines[0] == "Omar: Brawling on Niles (in your order)"
    forecasts = scene.planner.forecasts(scene.draft.order())
    assert lines[1] == forecast_detail(forecasts[-1])


def forecast(success: str, nullified: str = "0", uncertain: tuple = ()) -> ActionForecast:  # noqa: ANN001
    from game.core.modifiers import Breakdown

    return ActionForecast(
        1,
        0,
        Action(ActionKind.STRIKE, 2),
        Fraction(success),
        Fraction(success),
        Fraction(nullified),
        Fraction(0),
        Breakdown("Strike", 3, ()),
        uncertain,
    )


def test_the_forecast_is_written_in_words() -> None:
    """No more "≤3 ~ · 2% · 92% void"."""
    text = forecast_detail(forecast("1/48", "23/25", (("Dodge", (0, -2)),)))
    assert text == "needs 1 to 3 or less · 2% success · 92% nullified"
    assert forecast_detail(forecast("1/4")) == "needs 3 or less · 25% success"
    assert "under 1%" in forecast_detail(forecast("1/200"))
    # No roll of its own, but it may be nullified (a pick-up after a rolled run).
    rollless = replace(forecast("7/10", "3/10"), breakdown=None)
    assert forecast_detail(rollless) == "no roll needed · 70% success · 30% nullified"
    assert forecast_detail(replace(forecast("1"), breakdown=None)) == "no roll needed"
    assert forecast_lines(None, rollless)[0] == "success 70.0% (no roll)"  # type: ignore[arg-type]


def test_the_default_overlays_are_what_the_decision_needs() -> None:
    facing = RuleOptions.battlefield()
    assert facing.has("facing")
    assert defaults(facing, declaring=True, has_missile=False) == {"reach", "arcs", "chance"}
    assert defaults(facing, declaring=True, has_missile=True) == {"reach", "range", "arcs", "chance"}
    assert defaults(facing, declaring=False, has_missile=True) == {"arcs", "chance"}
    plain = facing.with_module("facing", False)
    assert "arcs" not in defaults(plain, True, False) and "arcs" not in available(plain)


def test_arcs_are_not_drawn_without_the_facing_module() -> None:
    battle = duel()
    battle.options = battle.options.with_module("facing", False)
    app, scene = declaring(battle)
    app.step([key(pygame.K_3)])  # asked for: still refused, with the reason
    assert "arcs" not in scene.overlays.active
    assert any("facing" in t[0] and "not in play" in t[0] for t in scene.toasts)
    scene.overlays.active = {"arcs", "reach"}  # even set from outside (render, a test)
    app.step([])
    assert "arcs" not in scene.overlays.active and scene.overlays.data.arcs is None


def test_the_players_keys_win_over_the_defaults() -> None:
    app, scene = declaring()
    assert {"reach", "chance"} <= scene.overlays.active and "threat" not in scene.overlays.active
    app.step([key(pygame.K_1)])  # reach off
    app.step([key(pygame.K_5)])  # threat on
    app.step([])
    assert "reach" not in scene.overlays.active and "threat" in scene.overlays.active
    choice = OverlayChoice(set())
    on, said = choice.toggle("sight", set(), RuleOptions.battlefield())
    assert on and said == "Line of sight & cover overlay on"


def test_the_threat_overlay_tells_melee_from_missile_in_the_attacks_names() -> None:
    melee, missile = threat_words()
    assert "Strike" in melee.split(", ") and "Missile Strike" not in melee.split(", ")
    assert "Missile Strike" in missile.split(", ") and "Strike" not in missile.split(", ")
    layer = OverlayLayer(Theme())
    layer.active = {"threat"}
    data = OverlayData(10, 10)
    data.threat_melee = np.zeros((10, 10), np.int16)
    data.threat_missile = np.ones((10, 10), np.int16)
    data.threat_back = np.zeros((10, 10), bool)
    layer.set_data(data)
    labels = [row[1] for row in layer.legend()]
    assert labels[0].startswith(f"melee threat ({melee})") and labels[1] == f"missile threat ({missile})"
    assert not any(label.startswith("B:") for label in labels)  # no back-arc threat here


def test_a_rifle_fight_puts_no_number_on_every_tile(monkeypatch) -> None:  # noqa: ANN001
    """Numbers count melee threat only (two or more enemies); missile threat is a pattern."""
    letters: list[str] = []
    from game.ui.render.stamps import Stamps

    original = Stamps.letter

    def letter(self, text, colour, corner="center"):  # noqa: ANN001, ANN202
        letters.append(text)
        return original(self, text, colour, corner)

    monkeypatch.setattr(Stamps, "letter", letter)
    layer = OverlayLayer(Theme())
    layer.active = {"threat"}
    data = OverlayData(16, 16)
    data.threat_melee = np.zeros((16, 16), np.int16)
    data.threat_melee[2, 2] = 2
    data.threat_missile = np.full((16, 16), 3, np.int16)  # three rifles reach everywhere
    data.threat_back = np.zeros((16, 16), bool)
    layer.set_data(data)
    layer._render_chunk(0, 0, 48)
    assert {text for text in letters if text[0].isdigit()} == {"2"}


def test_shooters_threat_is_worked_out_in_slices_and_shown_when_whole() -> None:
    cast = Cast(30, 20)
    cast.add("Me", (2, 10), "a", facing=2, weapons=(SWORD,), movement=4)
    for k in range(4):
        cast.add(f"Rifle {k}", (20 + k, 2 + 4 * k), "b", facing=6, weapons=(SHOTGUN,), missile_slug=6)
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}}, "title": "Rifles"}
    battle = Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)
    app, scene = declaring(battle)
    import game.ui.battle.overlay_feed as feed_module

    scene.overlays.active = {"threat"}
    feed_module_budget = feed_module.SLOW_BUDGET
    try:
        feed_module.SLOW_BUDGET = -1.0  # one slow part a frame, however fast
        frames = 0
        while scene.overlays.data is None or scene.overlays.data.threat_melee is None:
            app.step([])
            frames += 1
            assert frames < 50
        assert frames >= 4  # a part a frame: four rifles' melee reach, then what each sees
        assert scene.overlays.data.threat_missile.max() >= 1
    finally:
        feed_module.SLOW_BUDGET = feed_module_budget


def test_need_words_read_as_plain_sentences() -> None:
    from game.ui.forecast_text import need_words

    assert need_words(5, 5) == "needs 5 or less"
    assert need_words(2, 8) == "needs 2 to 8 or less"
    assert need_words(-1, 2) == "needs 2 or less at best (may be impossible)"
    assert need_words(-3, 0) == "impossible (needs 0 or less)"


def test_no_hover_tip_under_the_pause_box(monkeypatch) -> None:  # noqa: ANN001
    """Esc over an enemy: the pause box covers the battle, and the chance tip of the enemy the
    mouse was on is not drawn under it (it showed, shaded, beside the box); resumed, it is."""
    from game.ui.scenes.settings import PauseScene

    tips: list[list[str]] = []
    monkeypatch.setattr(
        "game.ui.battle.drawing.draw_tooltip", lambda surface, theme, lines, pos, **_: tips.append(lines)
    )
    app, scene = declaring()
    niles = scene.planner.enemies()[0]
    pos = scene.screen_pos(tile_of(scene.world, niles))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
    hover(app, scene, tile_of(scene.world, niles))
    assert tips
    pause = PauseScene(app, scene)
    app.push(pause)
    tips.clear()
    app.step([])
    assert app.top is pause and not tips
    app.pop(pause)
    app.step([])
    assert tips


def test_the_threat_legend_names_the_attacks_in_play_only() -> None:
    """Every module's attacks in one legend line outgrew the picture (ring_duel's legend was
    796 px wide in a 640 px render with this branch's five modules registered): the overlay's
    data carries the words for the modules in play."""
    chapter, _ = threat_words(RuleOptions.battlefield())
    assert chapter.split(", ") == ["Strike", "Brawling", "Disarm"]
    with_power, _ = threat_words(RuleOptions({"power_strike"}))
    assert "Power Strike" in with_power.split(", ")
