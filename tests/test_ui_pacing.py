"""Pacing (issue 19, point 2): the end-of-round summary before the next round's Timing, the
resolution speed, pausing after each of your units' actions, and a Timing bar that shows
everyone (the declarer always) with a tooltip for the tie re-roll mark."""

from __future__ import annotations

import pygame
import pytest

from game.rules.battle import Battle
from game.rules.events import Hit, Injured, Moved, RoundEnded, TimingRolled
from game.rules.options import RuleOptions
from game.ui.battle.hud import chip_lines
from game.ui.battle.pacing import action_ends
from game.ui.battle.round_summary import summarise
from game.ui.prefs import ANIMATION_SPEEDS
from game.ui.scenes.battle import BattleScene
from game.world import Appearance
from tests.builders import SWORD, Cast
from tests.ui_helpers import click, duel, key, make_app, run_until


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def declare_and_resolve(app, scene: BattleScene) -> None:  # noqa: ANN001
    assert run_until(app, lambda: scene.phase == "declare")
    app.step(click(scene.screen_pos((4, 4))))  # next to Niles
    app.step([key(pygame.K_c)])
    assert run_until(app, lambda: scene.playback is not None)


def test_the_round_summary_comes_before_the_next_rounds_timing() -> None:
    app = make_app(round_summary=True)
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    declare_and_resolve(app, scene)
    app.step([key(pygame.K_k)])  # skip to the end of the round
    assert scene.phase == "summary" and scene.summary is not None
    assert scene.battle.number == 1 and scene.battle.round is None  # round 2 has not begun
    texts = [line.text for line in scene.summary.lines]
    assert any(t.startswith("walked") and "(4, 4)" in t for t in texts), texts
    app.step([])
    assert scene.summary.button in scene.drawing.buttons  # "Next round", in the side panel
    for _ in range(30):
        app.step([])
    assert scene.battle.round is None  # it waits for the player
    app.step([key(pygame.K_RETURN)])
    assert scene.summary is None
    assert scene.battle.number == 2  # the next round's Timing is rolled now


def test_the_summary_names_hits_injuries_and_moves() -> None:
    events = [
        Moved("Omar", "walk", ((2, 4), (3, 4), (4, 4)), 2.0, 4.0, "E"),
        Hit("Omar", "Niles", "torso", "sword"),
        Injured("Niles", 1, 2),
        RoundEnded(3),
    ]
    number, lines = summarise(events)
    assert number == 3
    assert [(line.name, line.text, line.harmed) for line in lines] == [
        ("Omar", "walked 2.0 m to (4, 4); hit Niles (torso)", False),
        ("Niles", "took 1 Injury (now 2)", True),
    ]


def test_resolution_speed_keys_change_the_pace_and_remember_it() -> None:
    app = make_app()
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    declare_and_resolve(app, scene)
    speed = scene.playback.speed
    app.step([key(pygame.K_RIGHTBRACKET)])
    assert scene.playback.speed > speed and app.prefs.animation_speed == scene.playback.speed
    app.step([key(pygame.K_LEFTBRACKET)])
    app.step([key(pygame.K_LEFTBRACKET)])
    assert scene.playback.speed < speed and scene.playback.speed in ANIMATION_SPEEDS
    # The pace panel's buttons do the same.
    faster = next(b for b in scene.drawing.buttons if b.label == "Faster")
    before = scene.playback.speed
    app.step(click(faster.rect.center))
    assert scene.playback.speed > before


def test_playback_pauses_after_each_action_of_yours() -> None:
    app = make_app(pause_after_mine=True)
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    declare_and_resolve(app, scene)
    pb = scene.playback
    assert run_until(app, lambda: not pb.playing, frames=3000)
    paused = pb.index
    assert pb.paused_on == paused
    assert any(getattr(e, "actor", None) == "Omar" for e in pb.events[: paused + 1])  # Omar acted
    for _ in range(200):
        app.step([])
    assert pb.index == paused  # it waits
    app.step([key(pygame.K_p)])  # Play goes on
    app.step([])
    assert pb.playing or pb.index > paused


def test_action_ends_are_after_an_actions_consequences() -> None:
    events = [
        Moved("Omar", "walk", ((2, 4), (4, 4)), 2.0, 4.0, "E"),
        Moved("Niles", "walk", ((5, 4),), 0.0, 4.0, "W"),
        Hit("Omar", "Niles", "torso", "sword"),
        Injured("Niles", 1, 1),
        RoundEnded(1),
    ]
    assert action_ends(events, lambda name: name == "Omar") == {0}
    assert action_ends(events, lambda name: name == "Niles") == {3}  # its move, then what follows


def crowd(n: int = 10) -> Battle:
    """Ten combatants with long names, every side at the window."""
    cast = Cast(30, 10)
    for k in range(n):
        side = "red" if k % 2 else "blue"
        name = f"Combatant number {k}"
        eid = cast.add(name, (2 + 2 * k, 2 + (k % 2) * 4), side, facing=2, weapons=(SWORD,), movement=4)
        cast.world.set(eid, Appearance("soldier"))
    meta = {"sides": {"red": {"controller": "human"}, "blue": {"controller": "human"}}, "title": "Crowd"}
    return Battle(cast.world, cast.board, 2, RuleOptions.battlefield(), meta=meta)


def test_the_timing_bar_shows_everyone_and_the_declarer() -> None:
    app = make_app()
    battle = crowd()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase in ("declare", "handover"), frames=50)
    if scene.phase == "handover":
        app.step([key(pygame.K_RETURN)])
    app.step([])
    shown = [eid for _rect, eid in scene.drawing.chip_rects]
    assert sorted(shown) == sorted(battle.round.timing)  # all ten, no "…"
    assert battle.round.next_declarer in shown
    rects = [rect for rect, _eid in scene.drawing.chip_rects]
    assert all(scene.rects["top"].contains(r) for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_with_no_room_the_timing_bar_keeps_the_declarer_in_view() -> None:
    from game.ui.render.stage_bar import Chip, lay_out_chips
    from game.ui.theme import Theme

    theme = Theme(1.0)
    style = theme.side_style("a", 0)
    chips = [Chip(k, f"C{k}", style, "9", k < 30, k == 30, True) for k in range(40)]
    mode, first, last = lay_out_chips(theme, chips, 400, 34)
    assert mode == "icons" and first <= 30 < last and last - first < 40


def test_a_chip_sets_the_timing_score_apart_from_a_numbered_name() -> None:
    from game.ui.render.stage_bar import Chip, _label, chip_width
    from game.ui.theme import Theme

    theme = Theme(1.0)
    style = theme.side_style("a", 0)
    chip = Chip(1, "Soldier", style, "6", False, True, True)
    assert _label(chip, "full") == ("Soldier", "· 6")  # not "Soldier 6", another soldier's name
    assert _label(Chip(2, "Soldier 6", style, None, False, False, True), "full") == ("Soldier 6", "")
    unscored = Chip(1, "Soldier", style, None, False, True, True)
    assert chip_width(theme, chip, "full", 34) > chip_width(theme, unscored, "full", 34)  # room for it


def test_the_tie_reroll_mark_has_a_tooltip() -> None:
    app = make_app()
    battle = crowd(4)
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: battle.round is not None, frames=20)
    rolled = [e for e in battle.round.events if isinstance(e, TimingRolled)]
    eid = battle.round.timing[0]
    lines = chip_lines(battle, battle.world, eid)
    name = lines[0]
    mine = [e for e in rolled if e.actor == name]
    assert [line for line in lines if "Timing" in line and "[d12]" in line] == [e.text() for e in mine]
    if any(e.reroll for e in mine):
        assert any("↻" in line for line in lines)
    # A tie re-rolled always explains the mark.
    from dataclasses import replace

    battle.round.events.append(replace(mine[0], reroll=1))
    assert any(line.startswith("↻") for line in chip_lines(battle, battle.world, eid))


def test_the_stage_bar_counts_to_the_clock_and_says_when_the_battle_is_over(monkeypatch) -> None:  # noqa: ANN001
    """After the last round the bar said "Between rounds", as if another were coming."""
    from dataclasses import replace

    from game.rules.positions import find_by_name
    from game.rules.victory import Victory
    from game.ui.battle import hud
    from game.ui.render.tokens import TokenArt
    from game.ui.theme import Theme
    from game.world import Condition

    said: list[str] = []
    titles: list[str] = []
    monkeypatch.setattr(
        hud,
        "draw_stage_bar",
        lambda surface, theme, rect, title, stage, *a: titles.append(title) or said.append(stage) or [],
    )
    battle = duel()
    surface = pygame.Surface((800, 40))
    theme = Theme()
    hud.draw_battle_stage_bar(surface, theme, surface.get_rect(), battle, None, lambda w, e: None, TokenArt())
    assert said[-1] == "Before the first round"
    assert titles[-1] == "Round 1"  # a plain round limit leaves the room to the Timing chips
    battle.victory = Victory("survive", "assassin", 7)
    hud.draw_battle_stage_bar(surface, theme, surface.get_rect(), battle, None, lambda w, e: None, TokenArt())
    assert titles[-1] == "Round 1/7"  # the survive clock: the objective
    loser = find_by_name(battle.world, "Niles")
    battle.world.set(loser, replace(battle.world.get(loser, Condition), injuries=3, defeated=True))
    assert battle.over
    hud.draw_battle_stage_bar(surface, theme, surface.get_rect(), battle, None, lambda w, e: None, TokenArt())
    assert said[-1] == "The battle is over"


def test_ctrl_s_under_the_round_summary_says_why_it_does_not_save() -> None:
    """Ctrl+S between rounds did nothing at all: the summary card took every key."""
    app = make_app(round_summary=True)
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    declare_and_resolve(app, scene)
    app.step([key(pygame.K_k)])
    assert scene.phase == "summary" and scene.summary is not None
    said: list[str] = []
    scene.toast = lambda text, bad=False: said.append(text)  # type: ignore[method-assign]
    ctrl_s = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.step([ctrl_s])
    assert any("Save" in text for text in said), said
    assert scene.summary is not None  # the summary stays up
