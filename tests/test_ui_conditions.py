"""The token and the sheet show what the rules modules say about a combatant: wounded places as a
small figure, conditions as tags, and the sheet's lines (issue 16)."""

from __future__ import annotations

import pygame

from game.rules.modules.hit_locations import Wounds
from game.rules.statuses import Status, Statuses
from game.ui.render.conditions import BADLY_HURT, HURT, draw_conditions, marks_of, sheet_lines
from game.ui.theme import Theme
from tests.builders import Cast

TILE = 64


def hurt_cast() -> Cast:
    cast = Cast()
    cast.add("Niles", (3, 3), "b")
    cast.world.set(cast["Niles"], Wounds((("torso", 2), ("left leg", 1))))
    cast.world.set(
        cast["Niles"],
        Statuses((Status("Shock", "location_effects", "torso"), Status("Leg Injury", "location_effects"))),
    )
    return cast


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(w) for y in range(h)}  # type: ignore[misc]


def test_the_modules_say_what_the_token_and_the_sheet_show() -> None:
    cast = hurt_cast()
    marks = marks_of(cast.world, cast["Niles"])
    assert [(m.location, m.value) for m in marks if m.location] == [("torso", 2), ("left leg", 1)]
    assert [m.label for m in marks if m.location is None] == ["Shock", "Leg Injury"]
    assert sheet_lines(cast.world, cast["Niles"]) == [
        "Wounds: torso 2, left leg 1",
        "Shock (torso): no offensive actions, skills halved",
        "Leg Injury: Movement halved",
    ]


def test_the_figure_colours_the_wounded_places_and_an_unhurt_token_draws_nothing() -> None:
    pygame.init()
    theme = Theme()
    cast = hurt_cast()
    surface = pygame.Surface((2 * TILE, 2 * TILE))
    draw_conditions(surface, theme, cast.world, cast["Niles"], (TILE, TILE), TILE)
    seen = colours(surface)
    assert HURT in seen and BADLY_HURT in seen
    cast.add("Omar", (5, 5), "a")
    blank = pygame.Surface((2 * TILE, 2 * TILE))
    draw_conditions(blank, theme, cast.world, cast["Omar"], (TILE, TILE), TILE)
    assert colours(blank) == {(0, 0, 0)}


def test_every_module_tutorial_reminds_the_rule_and_says_how_to_try_it() -> None:
    from game.content.scenarios import list_scenarios
    from game.rules.registry import module_of
    from game.ui.tutorial_steps import TUTORIAL_STEPS, tutorial_hint

    topics = {s.tutorial for s in list_scenarios() if s.tutorial}
    for topic in ("hit_locations", "location_effects", "body_cover", "criticals", "side_initiative"):
        assert topic in topics
        hint = tutorial_hint(topic)
        assert module_of(topic).hint in hint and TUTORIAL_STEPS[topic] in hint
