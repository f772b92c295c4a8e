"""The small defects of issue 19 (point 8), each through the window or the rules it asks:
"a Evade", the Sprint tooltip, ≤ 0 rolled against "impossible", Inspect taking the panel
and Home from your unit, and a Retreat turning its back on the enemy it leaves."""

from __future__ import annotations

import pygame
import pytest

from game.core.modifiers import Breakdown
from game.rules.battle import Battle
from game.rules.dice import ScriptedDice, SeededDice
from game.rules.events import ActionIgnored, Rolled
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind
from game.rules.positions import tile_of
from game.rules.round import play_round
from game.ui.battle import menus
from game.ui.render.panels import roll_verdict
from game.ui.scenes.battle import BattleScene
from tests.builders import SHOTGUN, SWORD, Cast
from tests.ui_helpers import click, duel, key, make_app, run_until, spy


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):  # noqa: ANN001, ANN201
    """Autosaves go to a temporary folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


def test_an_ignored_evade_is_an_evade() -> None:
    cast = Cast(10, 10)
    cast.add("A", (2, 2), "a", evade=5, movement=4)
    cast.add("B", (7, 7), "b", movement=4)
    evade = cast.order("A", cast.act(ActionKind.EVADE), path=((3, 2),))
    orders = {cast["A"]: evade, cast["B"]: cast.order("B")}
    events = play_round(cast.world, cast.board, SeededDice(5), orders, options=RuleOptions.battlefield())
    ignored = [e for e in events if isinstance(e, ActionIgnored)]
    assert [e.reason for e in ignored] == ["no attack this round that an Evade counters"]


def declaring(battle: Battle | None = None) -> tuple[object, BattleScene]:
    app = make_app()
    scene = BattleScene(app, battle or duel(), None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare")
    return app, scene


def test_the_sprint_tooltip_says_what_a_failed_roll_does() -> None:
    app, scene = declaring()
    scene.orders.open_action_menu()
    item = next(i for i in scene.menu.items if i.label == "Sprint")
    assert any("on a failure" in line for line in item.explain), item.explain
    # The words are the Sprint's own help, not the window's.
    from game.rules.registry import spec_of

    assert spec_of(ActionKind.SPRINT).help in item.explain


def test_below_one_is_impossible_for_attacks_and_withstand_alike() -> None:
    strike = Rolled("Omar", "Strike", "Niles", Breakdown("Strike", 2, ()).plus(), None, "impossible")
    below = Breakdown("Withstand Injury", 0, ())
    withstand = Rolled("Niles", "Withstand Injury", None, below, None, "impossible")
    assert roll_verdict(strike, True).startswith("impossible")
    assert roll_verdict(withstand, True).startswith("impossible")
    # A Called Shot whose part needs ≤ 0 is rolled for the torso, and says so in words.
    called = Rolled(
        "Omar",
        "Strike, Called Shot (head)",
        "Niles",
        Breakdown("Strike", -1, ()),
        3,
        "general hit",
        "head impossible (≤ -1), torso on ≤ 3",
    )
    verdict = roll_verdict(called, True)
    assert "head impossible" in verdict and "torso on ≤ 3" in verdict and "needs -1" not in verdict


def test_the_round_says_a_called_part_below_one_is_impossible() -> None:
    from game.rules.called_shots import CALLED_SHOT_TABLE
    from game.rules.orders import CalledShot

    part, (modifier, vulnerable) = min(CALLED_SHOT_TABLE.items(), key=lambda kv: kv[1][0])
    cast = Cast(10, 10)
    cast.add("A", (2, 2), "a", weapons=(SWORD,), strike=max(1, -modifier))  # the part needs ≤ 0
    cast.add("B", (3, 2), "b", facing=6)
    shot = cast.act(ActionKind.STRIKE, "B", CalledShot(part, modifier, vulnerable))
    orders = {cast["A"]: cast.order("A", shot), cast["B"]: cast.order("B")}
    dice = ScriptedDice(keyed={"A:Strike": [3]}, fallback=SeededDice(2))
    events = play_round(cast.world, cast.board, dice, orders, options=RuleOptions.battlefield())
    roll = next(e for e in events if isinstance(e, Rolled) and e.actor == "A")
    assert roll.die is not None and roll.breakdown.total < 1
    assert f"{part} impossible" in roll.note


def test_the_menu_calls_impossible_only_what_cannot_succeed() -> None:
    app, scene = declaring()
    niles = scene.planner.enemies()[0]
    app.step(click(scene.screen_pos((4, 4))))
    scene.orders.open_called_menu(niles, ActionKind.STRIKE, (100, 100))
    for item in scene.menu.items:
        if "impossible" in item.detail and "head impossible" not in item.detail:
            assert "%" not in item.detail  # an impossible action shows no chance of success
    words = [i.detail for i in scene.menu.items if i.enabled]
    assert all("≤" not in w and "~" not in w and "void" not in w for w in words), words


def field() -> Battle:
    """Omar and Niles on a field larger than the view, so that Home has somewhere to go."""
    cast = Cast(60, 40)
    cast.add("Omar", (30, 20), "hunters", facing=2, weapons=(SWORD,), strike=8, movement=4)
    cast.add("Niles", (33, 20), "assassin", facing=6, weapons=(SWORD,), strike=5, movement=4)
    sides = {"hunters": {"controller": "human"}, "assassin": {"controller": "ai:easy"}}
    meta = {"sides": sides, "title": "Field"}
    return Battle(cast.world, cast.board, 3, RuleOptions.battlefield(), meta=meta)


def test_inspect_keeps_the_panel_and_home_on_your_unit(monkeypatch) -> None:  # noqa: ANN001
    app, scene = declaring(field())
    omar = scene.actor
    niles = scene.planner.enemies()[0]
    sheets: list[int] = []
    import game.ui.battle.drawing as drawing

    original = drawing.draw_side_panel

    def record(surface, theme, rect, world, focus, style_of, tokens):  # noqa: ANN001, ANN202
        sheets.append(focus)
        return original(surface, theme, rect, world, focus, style_of, tokens)

    monkeypatch.setattr(drawing, "draw_side_panel", record)
    app.step(click(scene.screen_pos(tile_of(scene.world, niles))))
    inspect = next(i for i in scene.menu.items if i.label.startswith("Inspect"))
    inspect.action()
    scene.menu = None
    app.step([])
    assert scene.selected == niles and sheets[-1] == omar  # the panel stays on Omar
    assert scene.aim.inspected() == niles and scene.drawing.cards  # Niles's sheet is a card over the map
    scene.camera.centre_on((0, 0), snap=True)
    app.step([key(pygame.K_HOME)])
    scene.camera.offset.update(scene.camera.target)
    centre = scene.camera.tile_centre(tile_of(scene.world, omar))
    assert abs(centre[0] - scene.camera.viewport.centerx) <= scene.camera.tile_px
    app.step([key(pygame.K_ESCAPE)])  # Esc closes the card
    assert scene.aim.inspected() is None


def engaged() -> Battle:
    """Serena engaged with a thug to her east, free to Retreat west."""
    cast = Cast(14, 8)
    cast.add("Serena", (6, 4), "a", facing=2, weapons=(SWORD,), movement=4)
    cast.add("Thug", (7, 4), "b", facing=6, weapons=(SWORD,), movement=4, timing=9, agility=9)
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}}, "title": "Retreat"}
    return Battle(cast.world, cast.board, 4, RuleOptions.battlefield(), meta=meta)


def test_a_retreat_faces_the_enemy_it_leaves() -> None:
    app, scene = declaring(engaged())
    assert scene.planner.engaged()
    app.step(click(scene.screen_pos((2, 4))))  # away to the west, out of reach
    state = scene.draft.state
    assert state.auto_move is not None and state.auto_move.label == "Retreat"
    assert state.facing == 2  # east: toward the thug, not west along the path
    _end, facing = scene.aim.plan_end(scene.actor)
    assert facing == 2
    app.step([key(pygame.K_q)])  # the player turns it: the player's choice stands
    turned = scene.draft.state.facing
    app.step(click(scene.screen_pos((3, 4))))
    assert scene.draft.state.facing == turned


def test_dodge_and_parry_say_when_no_declared_attack_is_one_they_counter() -> None:
    cast = Cast(12, 8)
    cast.add("Archer", (2, 4), "a", facing=2, weapons=(SHOTGUN,), missile_slug=6, timing=1, agility=1)
    cast.add("Knight", (8, 4), "b", facing=6, weapons=(SWORD,), dodge=5, parry=5, timing=9, agility=9)
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "human"}}, "title": "Counter"}
    battle = Battle(cast.world, cast.board, 1, RuleOptions.battlefield(), meta=meta)
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    for _ in range(40):
        if scene.phase == "declare" and scene.actor == cast["Knight"]:
            break
        if scene.phase == "handover":
            app.step([key(pygame.K_RETURN)])
        elif scene.phase == "declare":  # the archer shoots at the knight
            scene.orders.add_action(cast.act(ActionKind.MISSILE_STRIKE, "Knight"))
            scene.confirm()
        app.step([])
    assert scene.actor == cast["Knight"]
    scene.orders.open_action_menu()
    notes = {i.label: i.note for i in scene.menu.items}
    assert "is not one a Dodge counters" in notes["Dodge"], notes
    assert "is not one a Parry counters" in notes["Parry"], notes
    assert "Block" not in notes or "counters 1 of the 1 attack" in notes["Block"]
    assert menus.menu_item  # the menu items carry the planner's note


def test_an_action_row_keeps_its_name_clear_of_its_chance(monkeypatch) -> None:  # noqa: ANN001
    """A Retreat the path added ("… (for the path)") beside its chance: the name was cut to a
    fixed width and drawn under the chance on the right; it now gets what the chance leaves."""
    import game.ui.battle.order_panel as order_panel

    app, scene = declaring(engaged())
    app.step(click(scene.screen_pos((2, 4))))  # away to the west: the path adds a Retreat
    assert scene.draft.state.auto_move is not None
    calls = spy(monkeypatch, order_panel, "blit_text")
    app.step([])
    drawn = [(args[2], rect) for args, rect in calls]
    name = next(rect for text, rect in drawn if text.startswith("1. Retreat"))
    chance = next(rect for text, rect in drawn if "success" in text and rect.top == name.top)
    assert name.right <= chance.left


def test_the_ruler_says_how_often_a_rolled_move_gets_there(monkeypatch) -> None:  # noqa: ANN001
    """A Retreat's path ends where only a good roll takes it: the ruler says how often, from
    the rules' own movement outcomes (a roll that fails, or is too low, stops short)."""
    import game.ui.battle.plans as plans
    from game.rules.forecast import arrival_chance

    calls = spy(monkeypatch, plans, "ruler_label")
    app, scene = declaring(engaged())
    app.step(click(scene.screen_pos((2, 4))))  # away to the west: a Retreat
    order = scene.draft.order()
    chance = arrival_chance(scene.world, scene.battle.board, scene.actor, order)
    assert 0 < chance < 1
    calls.clear()
    app.step([])
    said = [args[3] for args, _ in calls]
    assert any(text.endswith(f"gets there {round(100 * float(chance))}%") for text in said), said


def test_the_roll_card_is_wide_enough_for_its_verdict(monkeypatch) -> None:  # noqa: ANN001
    """A short Sprint roll: its bold verdict ("needs 4 or less: rolled 5 → FAILURE") ran past
    the card, which was sized on the lines in the regular font (seen under xplay)."""
    from game.ui.render import panels

    app = make_app()
    sprint = Rolled("Charles", "Sprint", None, Breakdown("Movement", 4, ()), 5, "failure")
    texts = spy(monkeypatch, panels, "blit_text")
    panels_drawn = spy(monkeypatch, panels, "draw_panel")
    for progress in (0.1, 1.0):  # while the die spins, and landed
        texts.clear()
        panels_drawn.clear()
        panels.draw_dice(app.screen, app.theme, sprint, (640, 40), progress)
        card = panels_drawn[0][0][2]
        verdict = next(rect for args, rect in texts if args[2].startswith("needs 4 or less"))
        assert card.contains(verdict), (card, verdict)
    assert "FAILURE" in texts[-1][0][2]


def test_a_body_under_a_standing_token_is_not_named_there(monkeypatch) -> None:  # noqa: ANN001
    """A killed duellist lay where a spearman then stood: his name went under the spearman's
    token, naming the wrong one (seen under xplay); it shows when he is pointed at."""
    import game.ui.render.battlefield as battlefield
    from game.world import Condition

    cast = Cast(14, 8)
    cast.add("Serena", (2, 4), "a", facing=2, movement=4)
    cast.add("Frederic", (7, 4), "a", facing=2)
    cast.add("Bruto", (7, 4), "b", facing=6)
    cast.add("Thug", (9, 4), "b", facing=6)
    cast.world.set(cast["Frederic"], Condition(injuries=3, defeated=True, dead=True))
    meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "ai:easy"}}, "title": "Bodies"}
    battle = Battle(cast.world, cast.board, 4, RuleOptions.battlefield(), meta=meta)
    labels = spy(monkeypatch, battlefield, "draw_token_label")
    app, scene = declaring(battle)

    def named() -> list[str]:
        labels.clear()
        app.step([])
        return [args[2] for args, _ in labels]

    assert "Bruto" in named() and "Frederic" not in named()
    scene.select(cast["Frederic"])
    assert "Frederic" in named()


def test_the_hit_chance_says_click_only_when_a_click_adds_the_attack() -> None:
    """Out of the Strategy Stage (the round resolving, between rounds) the hovered foe's hit
    chance said "(click to choose)", but no click adds an attack then; only the order being
    declared takes one."""
    app, scene = declaring(engaged())  # the thug beside her: a click strikes
    foe = next(e for e in scene.planner.enemies())
    assert "(click to choose)" in scene.drawing.chance_tip(foe)[0]
    app.step([key(pygame.K_c)])  # declare: the round resolves
    assert run_until(app, lambda: scene.phase == "playback")
    tip = scene.drawing.chance_tip(foe)
    assert tip and "(click to choose)" not in tip[0]
