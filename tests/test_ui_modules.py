"""The positional modules in the window: their overlays drawn from data (in the window and by
`render --overlay`), their state on the tokens, the Charge and Sudden Dive taking the place of
the Sprint a long path adds, and each tutorial's first step."""

from __future__ import annotations

import pytest

from game.rules.battle import Battle
from game.rules.board import GridBoard
from game.rules.modules.careful_aim import Aiming
from game.rules.modules.charge import CHARGE
from game.rules.modules.overwatch import Watching
from game.rules.modules.prone import Prone
from game.rules.modules.sudden_dive import DIVE, Reorienting
from game.rules.options import RuleOptions, module_names
from game.rules.orders import ActionKind, Order
from game.rules.validate import validate_order
from game.ui.planner import Draft, Planner
from tests.builders import BLASTER, Cast

ALL = RuleOptions(module_names())


def test_each_overlay_draws_in_render(tmp_path: object) -> None:
    """The picture differs where each overlay marks tiles (charge lanes, the cone, the arc)."""
    import pygame

    from game.cli.render import render
    from game.content.armory import default_armory

    weapons = default_armory().weapons
    cast = Cast(16, 10)
    cast.board = GridBoard(16, 10)
    cast.add("Rex", (2, 4), "a", strike=6, movement=4)
    cast.add("Gun", (2, 7), "a", weapons=(weapons["submachine gun"],), missile_slug=7)
    cast.add("Vas", (2, 1), "a", weapons=(BLASTER,), missile_beam=7)
    cast.add("Pik", (9, 4), "b", facing=6)
    cast.add("Ada", (10, 7), "b")
    probes = {"charge": ("Rex", (6, 4)), "suppression": ("Gun", (5, 6)), "overwatch": ("Vas", (6, 1))}
    for overlay, (who, tile) in probes.items():
        pictures = []
        for overlays in (set(), {overlay}):
            battle = Battle(cast.world.copy(), cast.board, 1, ALL, max_rounds=3)
            surface = render(battle, None, overlays, select=who)
            assert isinstance(surface, pygame.Surface)
            pictures.append(surface.get_at((tile[0] * 32 + 16, tile[1] * 32 + 24)))
        assert pictures[0] != pictures[1], overlay


def test_render_refuses_a_module_overlay_whose_module_is_off(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    code = main(["render", "tutorial_feint", "--overlay", "charge", "--out", "/tmp/never.png"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "charge rules module" in err and "\n" not in err


def test_tokens_show_the_modules_state() -> None:
    from game.ui.render.panels import look_of
    from game.ui.theme import SideStyle

    cast = Cast(8, 8)
    style = SideStyle("a", (0, 114, 178), "circle")
    looks = {}
    for name, state in (
        ("Pia", Prone()),
        ("Quin", None),
        ("Sten", Watching(2)),
        ("Tor", Reorienting(1)),
    ):
        eid = cast.add(name, (len(looks) * 2, 1))
        if state is not None:
            cast.world.set(eid, state)
        looks[name] = eid
    cast.world.set(looks["Quin"], Aiming(looks["Tor"], 2))
    shown = {name: look_of(cast.world, eid, style) for name, eid in looks.items()}
    assert (shown["Pia"].badges, shown["Pia"].lying) == (("PRONE",), True)
    assert (shown["Quin"].badges, shown["Quin"].lying) == (("AIM 2",), False)
    assert shown["Sten"].badges == ("WATCH",) and shown["Tor"].badges == ("REORIENT",)


@pytest.mark.parametrize("kind", [CHARGE, DIVE])
def test_a_charge_or_a_dive_takes_the_place_of_the_sprint_a_long_path_added(kind: ActionKind) -> None:
    cast = Cast(20, 10, cover={(9, 3): "low"}, move_blockers=[(9, 3)])
    cast.add("Rex", (2, 4), "a", strike=6, movement=4)
    cast.add("Pik", (10, 4), "b", facing=6)
    planner = Planner(cast.world, cast.board, cast["Rex"], {}, ALL)
    draft = Draft(cast["Rex"])
    state = planner.with_path(draft, (9, 4))
    assert state is not None
    draft.change(state)
    assert draft.state.auto_move is ActionKind.SPRINT
    action = cast.act(kind, "Pik") if kind is CHARGE else cast.act(kind)
    choice = planner.choice(draft, action, "x")
    assert choice.enabled, choice.reasons
    draft.add(action)
    assert draft.order().actions == (action,)
    assert validate_order(cast.world, cast.board, draft.order(), {}, ALL) == []
    # With the Charge in the order, a path is planned up to twice the Movement rate.
    assert planner.sprint_metres(Order(cast["Rex"], (action,))) == 8.0


@pytest.mark.parametrize(
    "topic", ["prone", "careful_aim", "charge", "knockback", "sudden_dive", "suppression", "overwatch"]
)
def test_each_tutorial_starts_with_its_rule_and_how_to_try_it(topic: str) -> None:
    from game.rules.registry import module_of
    from game.ui.tutorial_steps import TUTORIAL_STEPS, tutorial_hint

    hint = tutorial_hint(topic)
    assert hint.startswith(module_of(topic).hint) and hint.endswith(TUTORIAL_STEPS[topic])
