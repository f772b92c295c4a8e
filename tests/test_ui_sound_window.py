"""Sound (issue 19, point 6) and the window (point 5): effects made by the game itself and
played for a round's events, volume and mute in Settings, silence where there is no audio;
fullscreen on F11 and in Settings, the window's size remembered, settings files read value
by value, the colour-blind palette on side names, a wrapped declaration in its colour."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.modifiers import Breakdown
from game.rules.events import Moved, Rolled
from game.ui.app import MIN_SIZE
from game.ui.battle.pacing import sound_cue
from game.ui.prefs import Prefs
from game.ui.screens import make_app as make_window
from game.ui.sound import EFFECTS, Sounds, synthesise
from game.ui.theme import SIDE_COLOURS
from tests.ui_helpers import click, duel, key, make_app, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Saves and settings go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_every_effect_is_made_here_short_and_the_same_each_time() -> None:
    waves = {name: synthesise(name) for name in EFFECTS}
    for name, wave in waves.items():
        assert 0.05 < len(wave) / 22050 < 1.5, name  # short
        assert np.abs(wave).max() <= 1.6 and np.abs(wave).max() > 0.05, name
        assert np.array_equal(wave, synthesise(name)), name  # seeded: the same sound every time
    assert not np.array_equal(waves["melee_hit"][:1000], waves["melee_miss"][:1000])


def roll(action: str, outcome: str, die: int | None = 5) -> Rolled:
    return Rolled("Omar", action, "Niles", Breakdown(action, 6, ()), die, outcome)


def test_each_event_makes_its_sound() -> None:
    assert sound_cue(Moved("Omar", "walk", ((1, 1), (2, 1)), 1.0, 4.0, "E")) == "steps"
    assert sound_cue(Moved("Omar", "walk", ((1, 1),), 0.0, 4.0, "E")) is None  # stood still
    assert sound_cue(roll("Strike", "hit")) == "melee_hit"
    assert sound_cue(roll("Strike, Called Shot (head)", "miss")) == "melee_miss"
    assert sound_cue(roll("Missile Strike", "miss")) == "shot"
    assert sound_cue(roll("Dodge", "success")) == "dice"
    assert sound_cue(roll("Withstand Injury", "failure")) == "dice"
    assert sound_cue(roll("Strike", "impossible", None)) == "melee_miss"


def test_a_round_played_back_makes_its_sounds_and_the_end_a_fanfare() -> None:
    app = make_app()
    scene = app.push_screen("battle", duel(("ai:easy", "ai:easy")), None)
    assert run_until(app, lambda: scene.finished, frames=20000, sleep=0.0)
    played = app.sound.played
    assert "steps" in played
    assert {"melee_hit", "melee_miss"} & set(played)
    assert played[-1] in ("victory", "defeat")


def test_volume_and_mute_in_settings_are_used_and_remembered(tmp_path: Path) -> None:
    app = make_window((1280, 720))  # the player's own settings, loaded and saved
    app.push_screen("menu")
    settings = app.push_screen("settings")
    buttons = {b.label.split(":")[0]: b for b in settings.column.buttons}  # type: ignore[attr-defined]
    volume = app.sound.volume
    buttons["Sound volume"].on_click()
    assert app.sound.volume != volume and app.sound.volume == app.prefs.volume
    buttons = {b.label.split(":")[0]: b for b in settings.column.buttons}  # type: ignore[attr-defined]
    buttons["Sound"].on_click()
    assert app.prefs.muted and app.sound.volume == 0
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["muted"] is True and saved["volume"] == app.prefs.volume


def test_without_an_audio_device_the_game_plays_silently(monkeypatch) -> None:  # noqa: ANN001
    def no_device(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(Prefs())
    assert not sounds.available
    sounds.play("shot")  # nothing raised, nothing heard
    assert sounds.played == ["shot"] and sounds.sound("shot") is None


def test_f11_and_settings_switch_fullscreen() -> None:
    app = make_app()
    app.push_screen("menu")
    app.step([key(pygame.K_F11)])
    assert app.fullscreen and app.prefs.fullscreen
    app.step([key(pygame.K_F11)])
    assert not app.fullscreen and app.screen.get_size() == (1280, 720)
    settings = app.push_screen("settings")
    button = next(b for b in settings.column.buttons if b.label.startswith("Fullscreen"))  # type: ignore[attr-defined]
    button.on_click()
    assert app.fullscreen


def test_the_window_size_is_remembered(tmp_path: Path) -> None:
    app = make_window((1500, 900))
    app.push_screen("menu")
    app.step([pygame.event.Event(pygame.QUIT)])
    assert not app.running
    assert json.loads((tmp_path / "settings.json").read_text())["window_size"] == [1500, 900]
    again = make_window()
    assert again.screen.get_size() == (1500, 900)


@pytest.mark.parametrize(
    "value", ['"big"', "[100000, 100000]", "[-5, 600]", "[true, false]", "[1280]", "{}", "[1e9, 1]"]
)
def test_a_hostile_window_size_is_dropped_alone(tmp_path: Path, value: str) -> None:
    (tmp_path / "settings.json").write_text(f'{{"ui_scale": 1.5, "window_size": {value}, "volume": 0.5}}')
    prefs = Prefs.load()
    assert prefs.window_size is None and prefs.ui_scale == 1.5 and prefs.volume == 0.5
    app = make_window(None)
    assert app.screen.get_size() == (1280, 720)


def test_a_window_below_the_minimum_is_laid_out_at_the_minimum() -> None:
    app = make_window((800, 500), Prefs(edge_scroll=False))
    assert app.screen.get_size() == MIN_SIZE  # and the window manager is asked to keep it so
    scene = app.push_screen("battle", duel(), None)
    assert run_until(app, lambda: scene.phase == "declare")  # type: ignore[attr-defined]
    app.step([])
    declare = next(b for b in scene.drawing.buttons if b.label == "Declare")  # type: ignore[attr-defined]
    assert app.screen.get_rect().contains(declare.rect)


def test_the_colour_blind_palette_recolours_side_names(monkeypatch) -> None:  # noqa: ANN001
    colours: dict[str, tuple[int, int, int]] = {}
    import game.ui.scenes.menu as menu

    original = menu.blit_text

    def record(surface, theme, text, pos, size=14, colour=None, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        colours[text] = colour
        return original(surface, theme, text, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(menu, "blit_text", record)
    app = make_window((1280, 720), Prefs(colour_blind=True, edge_scroll=False))
    app.push_screen("menu")
    setup = app.push_screen("setup")
    app.step([])
    sides = setup.scenarios[setup.index].sides  # type: ignore[attr-defined]
    for i, side in enumerate(sides):
        assert colours[f"{side.name} ({side.shape})"] == SIDE_COLOURS[i % len(SIDE_COLOURS)]


def test_a_wrapped_declaration_keeps_its_colour(monkeypatch) -> None:  # noqa: ANN001
    lines: list[tuple[str, tuple[int, int, int]]] = []
    import game.ui.battle.order_panel as order_panel

    original = order_panel.blit_text

    def record(surface, theme, text, pos, size=14, colour=None, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        lines.append((text, colour))
        return original(surface, theme, text, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(order_panel, "blit_text", record)
    app = make_app()
    scene = app.push_screen("battle", duel(("ai:easy", "human")), None)
    assert run_until(app, lambda: scene.phase == "declare")  # type: ignore[attr-defined]
    omar_style = scene.style_of(scene.world, next(iter(scene.battle.round.orders)))  # type: ignore[attr-defined]
    lines.clear()
    rect = pygame.Rect(0, 0, 160, 300)  # narrow: every declaration wraps
    order_panel.draw_declared_list(
        app.screen,
        app.theme,
        rect,
        scene.world,
        scene.battle.round.orders,
        scene.style_of,  # type: ignore[attr-defined]
    )
    written = [c for text, c in lines if text != "Declared this round"]
    assert len(written) >= 2 and all(c == omar_style.colour for c in written)
    assert click  # the helpers stay in use
