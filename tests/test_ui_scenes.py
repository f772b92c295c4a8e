"""Scene tests: drive the game window with synthetic pygame events (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.persist.saves import load_battle, world_hash
from game.rules.orders import ActionKind
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.handover import BriefingScene, HandoverScene
from game.ui.scenes.menu import MenuScene, SetupScene
from game.ui.scenes.settings import LoadScene, PauseScene, open_saved_battle
from tests.ui_helpers import click, duel, key, make_app, run_until, spy


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Saves, autosaves and settings go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_menu_starts_a_battle() -> None:
    app = make_app()
    app.push(MenuScene(app))
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, SetupScene)
    setup = app.top
    index = next(i for i, s in enumerate(setup.scenarios) if s.id == "ring_duel")
    setup.choose(index)
    for side in list(setup.controllers):
        setup.controllers[side] = "ai:easy" if setup.controllers[side] != "human" else "human"
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, BriefingScene)  # the briefing comes first
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, BattleScene)
    scene = app.top
    assert scene.battle.meta["scenario"] == "ring_duel"
    assert run_until(app, lambda: scene.phase == "declare")
    assert scene.art is not None  # the map's own tiles are drawn


def _shown(setup: SetupScene) -> list[str]:
    return [b.label for b in setup.scenario_buttons]


def test_the_title_marks_enter_on_the_button_it_presses(monkeypatch) -> None:  # noqa: ANN001
    """Enter presses the highlighted button, so the Enter mark follows the highlight (it
    once sat on New battle while Enter opened Load under the mouse)."""
    from game.ui.render import widgets

    drawn = spy(monkeypatch, widgets.Button, "draw")
    app = make_app()
    app.push(MenuScene(app))

    def marked() -> dict[str, str]:
        drawn.clear()
        app.step([])
        return {args[0].label: args[0].hint for args, _ in drawn if args[0].hint}

    assert marked() == {"New battle": "Enter", "Quit": "Esc"}
    app.step([key(pygame.K_DOWN)])
    assert marked() == {"Load": "Enter", "Quit": "Esc"}
    app.step([key(pygame.K_RETURN)])
    assert isinstance(app.top, LoadScene)  # Enter did what the mark said


def test_a_held_key_does_not_press_again_on_the_screen_it_opened() -> None:
    """Enter on the title opens New battle; the key's repeat (building the screen outlasts
    the repeat delay) arrives there before its release and must not start a battle."""
    app = make_app()
    app.push(MenuScene(app))
    app.step([key(pygame.K_RETURN)])
    setup = app.top
    assert isinstance(setup, SetupScene)
    release = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    app.step([key(pygame.K_RETURN), release])  # the repeat, then the release
    assert app.top is setup
    app.step([key(pygame.K_RETURN)])  # pressed again after its release: it acts
    assert isinstance(app.top, BriefingScene)


def test_a_held_key_repeats_on_the_screen_it_pressed() -> None:
    """Held arrows still scroll: a repeat on the same screen is a press."""
    app = make_app()
    app.push(MenuScene(app))
    app.step([key(pygame.K_RETURN)])
    setup = app.top
    assert isinstance(setup, SetupScene)
    start = setup.index
    app.step([key(pygame.K_DOWN)])
    app.step([key(pygame.K_DOWN), key(pygame.K_DOWN)])  # held: two repeats
    assert setup.index == start + 3


def test_the_scenario_list_stays_put_under_a_click_and_scrolls_only_as_needed() -> None:
    app = make_app()
    setup = app.push_screen("setup")
    app.step([])
    shown = _shown(setup)
    visible = len(shown)
    assert 3 < visible < len(setup.scenarios)  # the list is longer than its box
    # A click on the last row in view picks it where it is: the list does not jump.
    last = setup.scenario_buttons[-1]
    app.step(click(last.rect.center))
    assert setup.index == visible - 1
    assert _shown(setup) == shown
    # One step down scrolls one row, not to centre the highlight.
    app.step([key(pygame.K_DOWN)])
    assert setup.index == visible
    assert _shown(setup) == shown[1:] + [setup.scenarios[visible].title]
    # The wheel scrolls the list and leaves the highlight; a key brings it back into view.
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-20)])
    assert setup.index == visible
    assert setup.window.first == len(setup.scenarios) - visible  # as far as the list goes
    app.step([key(pygame.K_HOME)])
    assert setup.index == 0 and setup.window.first == 0
    app.step([key(pygame.K_END)])
    assert setup.index == len(setup.scenarios) - 1
    assert setup.scenario_buttons[-1].selected
    app.step([key(pygame.K_PAGEUP)])
    assert setup.index == len(setup.scenarios) - visible
    app.step([key(pygame.K_UP)])  # one row above the view: it scrolls by one
    assert setup.window.first == setup.index


def test_the_end_screen_replays_the_whole_battle_last_round_included() -> None:
    from game.persist.autosave import list_autosaves
    from game.ui.scenes.replay import ReplayScene

    app = make_app()
    battle = duel(("ai:easy", "ai:easy"), max_rounds=6)
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=20000, sleep=0)
    end = app.top
    saves = list_autosaves()
    # Every round's autosave as it began, then the finished battle's, named after the round
    # that never begins (the same battle, not a branch).
    assert saves[0].round == battle.number + 1 and len({s.battle for s in saves}) == 1
    assert scene.end_autosave == saves[0].path
    watch = next(b for b in end.buttons if b.label == "Watch replay")
    assert watch.enabled
    app.step([key(pygame.K_w)])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.replay.resolved == battle.number  # the last round is in it
    assert world_hash(replay.replay.starts[-1]) == world_hash(battle.world)


def test_a_finished_battle_loaded_from_its_autosave_can_be_watched_again() -> None:
    from game.persist.autosave import list_autosaves
    from game.ui.scenes.replay import ReplayScene

    app = make_app()
    battle = duel(("ai:easy", "ai:easy"), max_rounds=4)
    app.push(BattleScene(app, battle, None))
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=20000, sleep=0)
    final = list_autosaves()[0].path
    count = len(list_autosaves())
    open_saved_battle(app, final)
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=200, sleep=0)
    assert len(list_autosaves()) == count  # loading a finished battle saves nothing new
    app.step([key(pygame.K_w)])
    assert isinstance(app.top, ReplayScene) and app.top.replay.path == final


def test_without_an_autosave_the_end_screen_cannot_offer_the_replay() -> None:
    app = make_app()
    battle = duel(("ai:easy", "ai:easy"), max_rounds=3)
    scene = BattleScene(app, battle, None)
    scene.session.autosave = None  # as if the disk had refused every autosave
    app.push(scene)
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=20000, sleep=0)
    watch = next(b for b in app.top.buttons if b.label == "Watch replay")
    assert not watch.enabled and watch.reason
    app.step([key(pygame.K_w)])
    assert isinstance(app.top, EndScene)  # nothing to watch: W does nothing


def test_declare_move_and_strike_then_resolve_save_and_load(home) -> None:  # noqa: ANN001
    app = make_app()
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    omar = scene.actor
    assert scene.battle.world.get(omar, __import__("game.world", fromlist=["Name"]).Name).value == "Omar"
    # Move next to Niles: click the tile.
    app.step(click(scene.screen_pos((4, 4))))
    assert scene.draft.state.path[-1] == (4, 4)
    # Click Niles: the attack menu opens with Strike first; Enter picks it.
    niles = scene.planner.enemies()[0]
    app.step(click(scene.screen_pos((5, 4))))
    assert scene.menu is not None and scene.menu.items[0].label.startswith("Strike")
    assert scene.menu.items[0].enabled, scene.menu.items[0].reason
    app.step([key(pygame.K_RETURN)])
    order = scene.draft.order()
    assert [a.kind for a in order.actions] == [ActionKind.STRIKE]
    assert order.actions[0].target == niles
    # Its forecast is shown: a target number and a chance.
    fc = scene.planner.forecasts(order)[0]
    assert fc.breakdown is not None and 0 < fc.success < 1
    # Undo and redo the Strike with the keyboard.
    app.step([key(pygame.K_BACKSPACE)])
    assert not scene.draft.order().actions
    app.step(click(scene.screen_pos((5, 4))))
    app.step([key(pygame.K_RETURN)])
    app.step([key(pygame.K_e)])  # turn the final facing clockwise
    app.step([key(pygame.K_c)])  # declare
    assert scene.draft is None
    assert run_until(app, lambda: scene.playback is not None or scene.battle.number >= 2)
    declared = scene.battle.records[0].orders
    mine = next(o for o in declared if o.actor == omar)
    assert mine.path[-1] == (4, 4) and mine.has(ActionKind.STRIKE)
    # Step through a few events, then skip the rest.
    if scene.playback is not None:
        app.step([key(pygame.K_n)])
        app.step([key(pygame.K_n)])
        app.step([key(pygame.K_k)])
    assert run_until(app, lambda: scene.playback is None and scene.phase in ("declare", "over"))
    assert any("Strike" in line.text for line in scene.log.lines)
    assert (home / "autosaves").is_dir()
    if scene.phase == "over":
        return
    # Save in the Strategy Stage (Ctrl+S), then load it from the load screen.
    app.step([key(pygame.K_s, pygame.KMOD_CTRL)])
    assert scene.saves.saved_path is not None and scene.saves.saved_path.exists()
    loaded = load_battle(scene.saves.saved_path)
    assert world_hash(loaded.world) == world_hash(scene.battle.world)
    app.push(LoadScene(app))
    assert scene.saves.saved_path in app.top.saves
    open_saved_battle(app, scene.saves.saved_path)
    assert isinstance(app.top, BattleScene) and app.top is not scene
    assert app.top.battle.number == scene.battle.number


def test_battle_runs_to_the_end_screen_and_rematch() -> None:
    app = make_app()
    scene = BattleScene(app, duel(("ai:easy", "ai:easy"), max_rounds=4), None)
    app.push(scene)

    def skip_playback() -> bool:
        if scene.playback is not None:
            scene.pace("skip")
        return isinstance(app.top, EndScene)

    assert run_until(app, skip_playback, frames=6000)
    end = app.top
    assert scene.battle.over
    app.step([key(pygame.K_r)])  # rematch
    assert isinstance(app.top, BattleScene) and app.top is not scene
    app.top.app.push(EndScene(app, app.top))
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MenuScene)
    del end


def test_hot_seat_hands_over_between_humans() -> None:
    app = make_app()
    scene = BattleScene(app, duel(("human", "human")), None)
    app.push(scene)
    app.step([])
    assert isinstance(app.top, HandoverScene)
    first = app.top.eid
    app.step([key(pygame.K_RETURN)])
    assert app.top is scene and scene.phase == "declare" and scene.actor == first
    app.step([key(pygame.K_c)])  # declare nothing
    assert isinstance(app.top, HandoverScene) and app.top.eid != first


def test_escape_backs_out_step_by_step() -> None:
    app = make_app()
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    app.step(click(scene.screen_pos((3, 3))))
    assert scene.draft.state.path
    app.step(click(scene.screen_pos((5, 4))))
    assert scene.menu is not None
    app.step([key(pygame.K_ESCAPE)])
    assert scene.menu is None and scene.draft.state.path
    app.step([key(pygame.K_ESCAPE)])
    assert not scene.draft.state.path
    app.step([key(pygame.K_ESCAPE)])
    assert isinstance(app.top, PauseScene)
    app.step([key(pygame.K_ESCAPE)])
    assert app.top is scene


def test_keyboard_only_declaration() -> None:
    app = make_app()
    scene = BattleScene(app, duel(), None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RETURN)])  # cursor to (4, 4), move
    assert scene.draft.state.path[-1] == (4, 4)
    app.step([key(pygame.K_t), key(pygame.K_RETURN)])  # cursor on Niles, open the attack menu
    assert scene.menu is not None
    app.step([key(pygame.K_RETURN)])  # Strike
    assert scene.draft.order().has(ActionKind.STRIKE)
    app.step([key(pygame.K_x)])  # the action menu lists defences with reasons
    labels = [item.label for item in scene.menu.items]
    # No shield: a Block is never his to declare, so the menu leaves it out (issue 52).
    assert "Parry" in labels and "Block" not in labels
    app.step([key(pygame.K_ESCAPE), key(pygame.K_c)])
    assert scene.draft is None


def test_tab_onto_a_module_explains_it_whatever_the_mouse_points_at(monkeypatch) -> None:  # noqa: ANN001
    """The line under the modules says what the one the keyboard's focus is on does (it said
    what the module under the idle mouse did), until the mouse moves again."""
    import game.ui.scenes.menu as menu
    from game.rules.registry import rules_modules

    said: list[str] = []
    original = menu.blit_text

    def blit_text(surface, theme, text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        said.append(text)
        return original(surface, theme, text, *args, **kwargs)

    monkeypatch.setattr(menu, "blit_text", blit_text)
    app = make_app()
    app.push(MenuScene(app))
    app.step([key(pygame.K_RETURN)])
    setup = app.top
    assert isinstance(setup, SetupScene)
    app.step([])
    labels = {m.label: m for m in rules_modules()}
    first_module = next(i for i, b in enumerate(setup.buttons) if b.label.split(":")[0] in labels)
    mouse_on = setup.buttons[first_module + 1]  # the mouse rests on the next module
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse_on.rect.center)
    for _ in range(first_module):
        app.step([key(pygame.K_TAB)])
    said.clear()
    app.step([])
    module = labels[setup.buttons[setup.focus].label.split(":")[0]]
    assert any(line.startswith(f"{module.label}:") for line in said), said[-6:]
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=mouse_on.rect.center, rel=(1, 0), buttons=(0, 0, 0))
    said.clear()
    app.step([motion])
    other = labels[mouse_on.label.split(":")[0]]
    assert any(line.startswith(f"{other.label}:") for line in said), said[-6:]
