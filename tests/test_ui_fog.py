"""Fog of war in the window (issue 55): a seat draws only what its side sees.

A hot-seat battle with fog on is played headless; every token, ghost and text drawn is
recorded frame by frame (the drawing functions wrapped with `monkeypatch`, so they are
restored after the test) and checked against the rules' view of the side at the window
(`Battle.view_for`, or `fog.view_for` on the picture while a round is played back)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules.battle import Battle
from game.rules.fog import FOG, view_for
from game.rules.options import RuleOptions
from game.rules.orders import Order
from game.rules.positions import tile_of
from game.ui.battle.modes import Declaring
from game.ui.playback import Playback, seen_events
from game.ui.render import battlefield, fog_layer
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandoverScene
from game.ui.theme import Theme
from game.world import Side
from tests.test_module_fog import skirmish
from tests.ui_helpers import key, make_app

FOGGY = RuleOptions({FOG})
WALL = [(10, 4), (10, 5), (10, 6), (10, 7)]  # Kai (side b, at (13, 6)) stays behind it


def hot_seat(options: RuleOptions = FOGGY) -> tuple[Battle, dict[str, int]]:
    """The fog skirmish, both sides played at the window."""
    cast = skirmish(walls=WALL)
    meta = {
        "title": "Fog duel",
        "scenario": "test-fog",
        "sides": {"a": {"controller": "human"}, "b": {"controller": "human"}},
    }
    return Battle(cast.world, cast.board, 5, options, max_rounds=4, meta=meta), dict(cast.ids)


class Recorder:
    """What the window drew in one frame: the combatants' tokens, the ghosts, the texts."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.tokens: set[int] = set()
        self.ghosts: set[int] = set()
        self.texts: list[str] = []
        look_of, ghosts, text = battlefield.look_of, fog_layer.draw_ghosts, Theme.text

        def drawn_token(world, eid, style):  # noqa: ANN001, ANN202
            self.tokens.add(eid)
            return look_of(world, eid, style)

        def drawn_ghosts(surface, theme, art, camera, world, view, style_of):  # noqa: ANN001, ANN202
            self.ghosts |= set(view.ghosts)
            return ghosts(surface, theme, art, camera, world, view, style_of)

        def drawn_text(theme, words, *args, **kwargs):  # noqa: ANN001, ANN202
            self.texts.append(str(words))
            return text(theme, words, *args, **kwargs)

        monkeypatch.setattr(battlefield, "look_of", drawn_token)
        monkeypatch.setattr("game.ui.map_view.draw_ghosts", drawn_ghosts)
        monkeypatch.setattr(Theme, "text", drawn_text)

    def clear(self) -> None:
        """A new frame."""
        self.tokens, self.ghosts, self.texts = set(), set(), []


def test_a_seat_never_draws_what_its_side_does_not_see(monkeypatch: pytest.MonkeyPatch) -> None:
    battle, ids = hot_seat()
    kai = ids["Kai"]
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    seen = Recorder(monkeypatch)
    frames = {"a": 0, "b": 0}
    handovers = 0
    for _frame in range(900):
        if battle.over:
            break
        seen.clear()
        top = app.top
        if isinstance(top, HandoverScene):
            handovers += 1
            app.step([])
            # The curtain: no token, no ghost, no order of anyone.
            assert not seen.tokens and not seen.ghosts
            app.step([key(pygame.K_RETURN)])
            continue
        if isinstance(scene.mode, Declaring) and scene.actor == kai:
            scene.orders.set_path((13, 7))  # Kai steps south, still behind the wall
        app.step([key(pygame.K_c)] if isinstance(scene.mode, Declaring) else [], 1 / 10)
        if app.top is not scene:
            continue
        side = scene.sight.side()
        assert side in ("a", "b")
        frames[side] += 1
        pb = scene.playback
        if pb is not None:
            truth = view_for(pb.world, battle.board, side, None, battle.number, battle.options)
        else:
            truth = battle.view_for(side)
        assert truth is not None
        assert seen.tokens <= set(truth.seen), (side, seen.tokens - set(truth.seen))
        assert not seen.ghosts & set(truth.seen)
        if side == "a":
            # Kai never comes out from behind the wall: side a's seat never names him, nor
            # shows his declaration, his token or a ghost of him.
            assert kai not in seen.tokens | seen.ghosts
            assert not [t for t in seen.texts if "Kai" in t], side
        else:
            assert kai in seen.tokens
    assert battle.number >= 2 and handovers >= 2
    assert frames["a"] > 10 and frames["b"] > 10


def test_without_fog_every_token_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    battle, ids = hot_seat(RuleOptions())
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    seen = Recorder(monkeypatch)
    app.step([])
    app.step([key(pygame.K_RETURN)])
    seen.clear()
    app.step([])
    assert scene.sight.view() is None and seen.tokens == set(ids.values()) and not seen.ghosts


def test_the_log_shows_each_side_its_own_lines() -> None:
    battle, ids = hot_seat()
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    for _ in range(40):
        if isinstance(app.top, HandoverScene):
            app.step([key(pygame.K_RETURN)])
        elif isinstance(scene.mode, Declaring):
            side = battle.world.get(scene.actor, Side).name
            lines = " ".join(line.text for line in scene.log.lines)
            assert ("Kai" in lines) == (side == "b"), (side, lines)
            app.step([key(pygame.K_c)])
        else:
            app.step([], 1 / 10)
        if battle.number >= 2:
            break
    assert battle.number >= 2


def test_a_round_plays_only_the_events_the_side_saw() -> None:
    battle, ids = hot_seat()
    rnd = battle.start_round()
    while (eid := rnd.next_declarer) is not None:
        kai_walk = Order(eid, path=((13, 7),)) if eid == ids["Kai"] else Order(eid)
        assert not battle.declare(kai_walk)
    before = battle.world.copy()
    new = battle.resolve()
    record = battle.records[-1]
    seen = seen_events(record.events, battle.events_for("a", 1))[len(record.events) - len(new) :]
    pb = Playback(before, new, 1.0, None, seen)
    shown = pb.skip()
    assert not any(getattr(e, "actor", None) == "Kai" for e in shown)
    assert any(e is None for e in seen) and len(shown) == sum(1 for e in seen if e is not None)
    # The picture still ends where the battle did: Kai's unseen step applied.
    assert tile_of(pb.world, ids["Kai"]) == tile_of(battle.world, ids["Kai"]) == (13, 7)


def declaring_side_a(battle: Battle) -> tuple[object, BattleScene]:
    """The window with side a's first combatant declaring (the hand-over passed)."""
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    for _ in range(60):
        if isinstance(app.top, HandoverScene):
            app.step([key(pygame.K_RETURN)])
        elif isinstance(scene.mode, Declaring) and battle.world.get(scene.actor, Side).name == "a":
            return app, scene
        elif isinstance(scene.mode, Declaring):
            app.step([key(pygame.K_c)])
        else:
            app.step([], 1 / 10)
    raise AssertionError("side a never declared")


def test_the_threat_overlay_shows_only_the_enemies_the_side_sees() -> None:
    from game.ui.battle.overlay_feed import OverlayFeed

    battle, ids = hot_seat()
    app, scene = declaring_side_a(battle)
    assert not scene.sight.view().sees(ids["Kai"]) and scene.sight.view().sees(ids["Sam"])
    scene.feed.patient = True
    scene.overlays.active = {"threat"}
    app.step([])
    data = scene.overlays.data
    assert data is not None and data.threat_melee is not None
    focus = scene.aim.focus()
    plan = scene.aim.plan_end(focus)

    def threat(seen: frozenset[int] | None) -> tuple:
        feed = OverlayFeed(patient=True)
        from game.ui.render.overlays import OverlayData

        out = OverlayData(battle.board.width, battle.board.height)
        feed._threat(out, battle.world, scene.terrain, ("t",), focus, plan, seen)
        return out.threat_melee, out.threat_missile

    everyone = threat(None)
    seen = threat(frozenset(scene.sight.view().seen))
    assert (everyone[0] != seen[0]).any() or (everyone[1] != seen[1]).any()  # Kai's threat counts
    assert (data.threat_melee == seen[0]).all() and (data.threat_missile == seen[1]).all()


def test_the_threat_overlay_walks_a_seen_enemy_through_an_unseen_ones_tile() -> None:
    """Sam (seen) walks down a corridor that Kai, in the dark, blocks.  The side's threat
    overlay must draw Sam's walk as if Kai were not there (a gap would give him away): the
    same as on a board where Kai stands far off."""
    import numpy as np

    from game.ui.planner import terrain_board
    from game.ui.render.overlay_arrays import melee_threat
    from game.world import Position

    walls = [(x, 2) for x in range(4, 12)] + [(x, 4) for x in range(4, 12)]
    cast = skirmish(walls=walls, dark={(10, 3): 1.0})
    cast.world.set(cast["Sam"], Position(11, 3))
    cast.world.set(cast["Kai"], Position(10, 3))
    view = view_for(cast.world, cast.board, "a", options=FOGGY)
    assert view.sees(cast["Sam"]) and not view.sees(cast["Kai"])
    seen, board = frozenset(view.seen), terrain_board(cast.board)
    _here, blind = melee_threat(cast.world, board, cast["Sam"], seen)
    _here, truth = melee_threat(cast.world, board, cast["Sam"])
    cast.world.set(cast["Kai"], Position(15, 7))
    _here, without = melee_threat(cast.world, board, cast["Sam"])
    assert not np.array_equal(blind, truth)  # Kai blocks the corridor in truth
    assert np.array_equal(blind, without)


def test_the_replay_panel_counts_another_side_only_as_far_as_the_view_sees() -> None:
    """Watched as side a, the list of sides must not give side b's true strength away: it
    counts the b combatants a sees (Sam) and the ghosts it keeps, not "2 of 2 standing"."""
    from game.rules.fog import Ghost
    from game.ui.render.replay_stage import side_rows
    from game.ui.theme import SideStyle

    cast = skirmish(walls=WALL)
    styles = {"a": SideStyle("a", (0, 114, 178), "circle"), "b": SideStyle("b", (213, 94, 0), "square")}
    everything = {row.label.split(" ·")[0]: row.count_text() for row in side_rows(cast.world, styles)}
    assert everything == {"a": "2 of 2 standing", "b": "2 of 2 standing"}
    view = view_for(cast.world, cast.board, "a", options=FOGGY)
    assert view.sees(cast["Sam"]) and not view.sees(cast["Kai"]) and not view.ghosts
    rows = {row.label.split(" ·")[0]: row.count_text() for row in side_rows(cast.world, styles, view)}
    assert rows == {"a": "2 of 2 standing", "b": "1 in sight"}
    ghost = Ghost(cast["Kai"], "Kai", (12, 6), 6, 1)
    remembered = dataclasses.replace(view, ghosts={cast["Kai"]: ghost})
    rows = {row.label.split(" ·")[0]: row.count_text() for row in side_rows(cast.world, styles, remembered)}
    assert rows["b"] == "1 in sight, 1 last seen"


def test_the_hint_counts_only_the_declarers_the_side_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    battle, ids = hot_seat()
    app, scene = declaring_side_a(battle)
    seen = Recorder(monkeypatch)
    app.step([])
    timing = [e for e in battle.round.timing if scene.sight.sees(e)]
    assert ids["Kai"] in battle.round.timing and ids["Kai"] not in timing
    done = sum(1 for e in timing if e in battle.round.orders)
    hint = [t for t in seen.texts if " declares (" in t]
    assert hint and f"({done + 1} of {len(timing)})" in hint[0], hint


def test_the_ruler_says_what_fog_lets_a_side_see() -> None:
    from game.ui.battle.ruler import ruler_lines

    cast = skirmish(dark={(13, 6): 2.0})
    board, world = cast.board, cast.world
    view = view_for(world, board, "a", None, 1, FOGGY)
    bea, kai = cast["Bea"], cast["Kai"]
    words = ruler_lines(world, board, FOGGY, bea, tile_of(world, bea), (13, 6), view)
    assert words[1].startswith("in line of sight · too dark to see"), words
    assert "your side does not see it" in words[1]
    assert ruler_lines(world, board, RuleOptions(), bea, tile_of(world, bea), (13, 6))[1] == "in sight"
    # Kai stands in the dark: the ruler of side b from him to Bea is in sight.
    b_view = view_for(world, board, "b", None, 1, FOGGY)
    assert ruler_lines(world, board, FOGGY, kai, (13, 6), tile_of(world, bea), b_view)[1] == "in sight"


def test_the_ai_reasons_never_name_what_the_side_does_not_see(monkeypatch: pytest.MonkeyPatch) -> None:
    cast = skirmish(walls=WALL)
    meta = {
        "title": "Fog against the AI",
        "scenario": "test-fog",
        "sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}},
    }
    battle = Battle(cast.world, cast.board, 5, FOGGY, max_rounds=4, meta=meta)
    kai = cast["Kai"]
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    scene.ai_reasons.visible = True
    seen = Recorder(monkeypatch)
    checked = 0
    for _ in range(400):
        if battle.over or battle.number > 2:
            break
        seen.clear()
        app.step([key(pygame.K_c)] if isinstance(scene.mode, Declaring) else [], 1 / 10)
        view = scene.sight.view()
        if scene.ai_reasons.actor == kai and scene.ai_reasons.lines and view and not view.sees(kai):
            assert any("Kai" in line for line in scene.ai_reasons.lines)  # the AI's own words
            assert not [t for t in seen.texts if "Kai" in t]
            checked += 1
    assert checked


def test_the_replay_shows_everything_or_what_one_side_saw(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # noqa: ANN001
    from game.ai import make_controller
    from game.ai.controller import DeclarationView
    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.persist.saves import save_battle
    from game.ui.replay_timeline import load_replay
    from game.ui.scenes.replay import ReplayScene

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    scenario = find_scenario("tutorial_fog")
    battle, _map = build_battle(scenario, 3, {s.name: "placeholder" for s in scenario.sides})
    deciders: dict[str, object] = {}

    def decide(eid: int, b: Battle):  # noqa: ANN202
        side = b.world.get(eid, Side).name
        ai = deciders.setdefault(side, make_controller("placeholder", len(deciders)))
        return ai.choose_order(DeclarationView.of(b, eid))  # type: ignore[attr-defined]

    while not battle.over and battle.number < 3:
        battle.play_round(decide)
    path = tmp_path / "fog.json"
    save_battle(battle, path)
    replay = load_replay(path)
    sides = replay.fog_sides()
    assert sides == ["Raiders", "Scouts"]
    app = make_app()
    scene = ReplayScene(app, replay)
    app.push(scene)
    # The rounds play back as the battle showed each side (the same filtering, `seen_events`).
    hidden = 0
    for r, record in enumerate(battle.records):
        for side in sides:
            scene.cursor.side = side
            assert scene.cursor.seen(r) == seen_events(record.events, battle.events_for(side, record.number))
            hidden += sum(1 for e in scene.cursor.seen(r) if e is None)
    assert hidden  # some events were out of a side's sight
    scene.cursor.side = None
    seen = Recorder(monkeypatch)
    for side in [*sides, None]:
        app.step([key(pygame.K_v)])
        assert scene.cursor.side == side
        label = scene.fog_label()
        assert label is not None and (side or "everything") in label
        app.step([key(pygame.K_HOME)])
        for _step in range(scene.cursor.length + 2):
            seen.clear()
            app.step([key(pygame.K_RIGHT)])
            assert label in seen.texts  # the View button says whose view it is
            view = scene.fog_view()
            if side is None:
                assert view is None and not seen.ghosts
                continue
            cursor = scene.cursor
            memory = cursor.fog.memory(side, cursor.round)
            truth = view_for(
                scene.world, battle.board, side, memory, replay.number(cursor.round), battle.options
            )
            assert view is not None and view.seen == truth.seen and set(view.ghosts) == set(truth.ghosts)
            assert seen.tokens <= set(view.seen), (side, seen.tokens - set(view.seen))
            assert seen.ghosts <= set(view.ghosts)
            shown = cursor.seen(cursor.round)
            assert cursor.index >= len(shown) or cursor.index < 0 or shown[cursor.index] is not None
            if scene.cursor.at_end:
                break
        assert scene.cursor.at_end
    # Stepping back lands only on events the side saw.
    app.step([key(pygame.K_v)])
    side = scene.cursor.side
    assert side == sides[0]
    while not scene.cursor.at_start:
        app.step([key(pygame.K_LEFT)])
        shown = scene.cursor.seen(scene.cursor.round)
        assert (
            scene.cursor.index < 0
            or scene.cursor.index >= len(shown)
            or shown[scene.cursor.index] is not None
        )
    lines = [line.text for line in scene.log.lines]
    assert len(lines) == 1  # the header alone


def test_the_workbench_splits_the_map_into_each_sides_view(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # noqa: ANN001
    from game.rules.fog import fog_on
    from game.ui.workbench import fog_views
    from tests.test_ui_workbench import CTRL, Driver

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    d = Driver()
    wb = d.wb
    d.place("Alex (", (2, 3), "Red")
    d.place("Niles", (9, 3), "Blue")
    d.key(pygame.K_2, CTRL)
    assert wb.tab == "see" and not fog_views.available(wb)
    # Fog switched on among the position's rules modules (the Set up tab).
    d.key(pygame.K_1, CTRL)
    d.named("module:fog")
    assert fog_on(wb.setup.options)
    d.key(pygame.K_2, CTRL)
    drawn: list[tuple[str, frozenset[int]]] = []
    layer_draw = fog_layer.FogLayer.draw

    def drawn_view(self, surface, camera, view):  # noqa: ANN001, ANN202
        drawn.append((view.side, frozenset(view.seen)))
        return layer_draw(self, surface, camera, view)

    monkeypatch.setattr(fog_layer.FogLayer, "draw", drawn_view)
    seen = Recorder(monkeypatch)
    d.named("fog_views")
    assert wb.fog_views
    seen.clear()
    drawn.clear()
    d.step()
    truth = {v.side: frozenset(v.seen) for v in fog_views.side_views(wb)}
    assert sorted(truth) == ["Blue", "Red"] and dict(drawn) == truth
    for side in truth:
        assert any(t.startswith(f"{side} sees ") for t in seen.texts), seen.texts
    assert any(t.startswith("Fog of war: each side's view") for t in seen.texts)
    d.named("fog_views")  # back to the whole map
    drawn.clear()
    d.step()
    assert not wb.fog_views and not drawn


def test_the_bench_plays_a_whole_round_back_with_fog_on() -> None:
    """`bench`'s fog figures (issue 55's 33 ms): the declaring frame, and a round in which the
    40 combatants walk, played back to its end with the side's view worked out per change."""
    import re

    from game.ui.bench_scene import FOG_FRAME_MS, fog_figures

    declaring, playing = fog_figures(seed=0, repeat=1)
    assert declaring.target_ms == playing.target_ms == FOG_FRAME_MS
    frames = re.search(r"worst of (\d+) frames", playing.label)
    assert frames is not None and 30 < int(frames.group(1)) < 5000  # played to its end
    assert playing.cpu_ms is not None and playing.cpu_ms > 0


def test_a_log_written_anew_never_shows_the_rows_of_the_one_before() -> None:
    """Hot seat with fog: the log is written anew for the side taking the window.  Its rows
    were kept by the line count and the last line's id(), so a new log as long as the old,
    whose last line had the old one's id (memory reused, or the same object), drew the other
    side's lines (seen in `scripts/screen_fog.py`: side a's picture showed Vex's Timing)."""
    from game.ui.render.log import LogLine, LogPanel

    pygame.init()
    theme = Theme()
    log = LogPanel(theme)
    last = LogLine("Strategy Stage", "stage_started")
    log.lines = [LogLine("Vex Timing: 1 [d12] + 3 [Timing] = 4", "timing_rolled"), last]
    surface = pygame.Surface((400, 300))
    log.draw(surface, surface.get_rect())
    log.lines = [LogLine("Ana Timing: 11 [d12] + 3 [Timing] = 14", "timing_rolled"), last]
    log.draw(surface, surface.get_rect())
    shown = " ".join(text for text, _colour, _bold in log._wrapped)
    assert "Ana" in shown and "Vex" not in shown
    log.clear()
    log.draw(surface, surface.get_rect())
    assert not log._wrapped
