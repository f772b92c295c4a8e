"""What the battle screen marks on the map while orders are planned: a declared order's path
is dashed along its whole length, every step of it drawn (dashing step by step left whole
steps out of short paths); the hit chances over enemies side by side never cover each other."""

from __future__ import annotations

import pygame

from game.ui.battle.plans import draw_path
from game.ui.render.camera import Camera
from tests.ui_helpers import duel

ORANGE = (213, 94, 0)


def painted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many pixels of ORANGE lie on the straight line from a to b."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    hits = 0
    for i in range(steps + 1):
        x = round(a[0] + (b[0] - a[0]) * i / steps)
        y = round(a[1] + (b[1] - a[1]) * i / steps)
        hits += surface.get_at((x, y))[:3] == ORANGE
    return hits


def test_every_step_of_a_dashed_path_shows_dashes_and_gaps() -> None:
    board = duel().board
    camera = Camera((board.width, board.height), pygame.Rect(0, 0, 480, 400), tile_px=48)
    path = ((2, 2), (3, 2), (3, 1))  # a diagonal, a straight step, a turn
    surface = pygame.Surface((480, 400))
    draw_path(surface, camera, board, (1, 3), path, 1e9, (ORANGE, ORANGE), 3, dashed=True)
    here = (1, 3)
    for tile in path:
        a, b = camera.tile_centre(here), camera.tile_centre(tile)
        length = max(abs(b[0] - a[0]), abs(b[1] - a[1])) + 1
        hits = painted(surface, a, b)
        assert 0.3 * length < hits < 0.9 * length, (here, tile, hits, length)  # dashes, and gaps
        here = tile


def test_chance_labels_over_enemies_side_by_side_never_cover_one_another(monkeypatch) -> None:  # noqa: ANN001
    from game.rules.battle import Battle
    from game.rules.options import RuleOptions
    from game.ui.battle import plans
    from game.ui.scenes.battle import BattleScene
    from tests.builders import BLASTER, Cast
    from tests.ui_helpers import make_app, run_until

    cast = Cast(12, 8)
    cast.add("Shooter", (2, 4), side="us", weapons=(BLASTER,), missile_beam=6, timing=9)
    for n, x in enumerate((7, 8, 9)):  # three enemies side by side in a row
        cast.add(f"Guard {n + 1}", (x, 4), side="them", facing=6, weapons=(BLASTER,))
    meta = {"sides": {"us": {"controller": "human"}, "them": {"controller": "ai:easy"}}}
    battle = Battle(cast.world, cast.board, 1, RuleOptions.battlefield(), meta=meta)
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == cast["Shooter"])
    labels: list[tuple[str, pygame.Rect]] = []
    original = plans.map_label

    def record(surface, theme, text, colour, **anchor):  # noqa: ANN001, ANN003, ANN202
        box = original(surface, theme, text, colour, **anchor)
        if "%" in text:
            labels.append((text, box))
        return box

    monkeypatch.setattr(plans, "map_label", record)
    for _ in range(5):  # the chances are worked out over a few frames
        labels.clear()
        app.step([])
    assert len(labels) >= 2 and any(not text[0].isdigit() for text, _ in labels)
    names = scene.view.name_boxes
    assert names  # the tokens' names were placed this frame
    for i, (text, box) in enumerate(labels):
        for other, second in labels[i + 1 :]:
            assert not box.colliderect(second), (text, other)
        assert box.collidelist(names) < 0, text  # nor over a token's name


def test_the_plans_names_wait_to_be_drawn_over_the_tokens(monkeypatch) -> None:  # noqa: ANN001
    from game.rules.orders import Action, ActionKind, Order
    from game.ui.battle import plans
    from game.ui.render.tokens import TokenArt
    from game.ui.theme import Theme
    from tests.builders import Cast

    cast = Cast(10, 8)
    attacker = cast.add("Ann", (3, 4), side="a")
    target = cast.add("Bob", (4, 4), side="b", facing=6)  # side by side: the arrow is short
    order = Order(attacker, (Action(ActionKind.STRIKE, target), Action(ActionKind.PARRY)))
    camera = Camera((10, 8), pygame.Rect(0, 0, 480, 400), tile_px=48)
    drawn: list[str] = []
    original = plans.map_label

    def record(surface, theme, text, colour, **anchor):  # noqa: ANN001, ANN003, ANN202
        drawn.append(text)
        return original(surface, theme, text, colour, **anchor)

    monkeypatch.setattr(plans, "map_label", record)
    labels = plans.MapLabels()
    surface = pygame.Surface((480, 400))

    def end_of(eid: int) -> tuple[tuple[int, int], int]:
        return plans.plan_end(cast.world, eid, {attacker: order}.get(eid))

    style = lambda _world, _eid: Theme().side_style("a", 0, {})  # noqa: E731
    args = (surface, Theme(), camera, TokenArt(), cast.world, cast.board, {attacker: order}, style, end_of)
    plans.draw_declared(*args, labels)
    assert drawn == []  # nothing named under the tokens
    boxes = labels.draw(surface, Theme())
    assert drawn == ["Strike", "Parry"] and len(boxes) == 2
    assert labels.draw(surface, Theme()) == []  # drawn once
    plans.draw_declared(*args)  # without a keeper: named at once, as before
    assert drawn[2:] == ["Strike", "Parry"]


def test_the_walks_words_are_kept_clear_of_by_the_chances_drawn_later() -> None:
    """Seen in a real window: the badge "Strike 42% if undefended" over the thug sat on the
    words of the walk to the pointer ("2.0 m (Retreat)"), drawn under the tokens where no
    later label knew of them.  The walk's words (and the drafted path's) are now held in the
    plans' labels, so the chances over the enemies, which keep clear of those, keep clear
    of them too."""
    from game.rules.options import RuleOptions
    from game.ui.battle import plans
    from game.ui.planner import Draft, Planner
    from game.ui.render.tokens import TokenArt
    from game.ui.theme import Theme
    from tests.builders import Cast

    cast = Cast(10, 8)
    me = cast.add("Ann", (3, 4), side="a", movement=4)
    cast.add("Bob", (7, 4), side="b", facing=6)
    camera = Camera((10, 8), pygame.Rect(0, 0, 480, 400), tile_px=48)
    surface = pygame.Surface((480, 400))
    planner = Planner(cast.world, cast.board, me, {}, RuleOptions())
    draft = Draft(me)
    labels = plans.MapLabels()

    def end_of(eid: int) -> tuple[tuple[int, int], int]:
        return plans.plan_end(cast.world, eid, None)

    style = lambda _world, _eid: Theme().side_style("a", 0, {})  # noqa: E731
    pointed = (5, 4)
    plans.draw_draft(
        surface,
        Theme(),
        camera,
        TokenArt(),
        cast.world,
        cast.board,
        planner,
        draft,
        style,
        end_of,
        pointed,
        labels,
    )
    boxes = labels.draw(surface, Theme())
    over = camera.tile_centre(pointed)
    assert any(box.collidepoint(over[0], over[1] - camera.tile_px // 2 - 2) for box in boxes), boxes
    assert labels.draw(surface, Theme()) == []  # held for one frame
