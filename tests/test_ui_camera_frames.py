"""The camera keeps the action in view (issue 52, item 7): a battle opens on the squad played at
this window, not on whoever was created first; a round ends on the units that acted."""

from __future__ import annotations

from types import SimpleNamespace

from game.rules.battle import Battle
from game.rules.events import Hit, RoundEnded
from game.rules.options import RuleOptions
from game.ui.battle.modes import PlayingBack
from game.ui.scenes.battle import BattleScene
from tests.builders import Cast
from tests.ui_helpers import make_app


def _far_apart() -> tuple[Cast, BattleScene]:
    cast = Cast(120, 20)
    cast.add("Raider", (3, 10), side="them", facing=2)  # made first: the old opening view
    cast.add("Scout", (110, 10), side="us", facing=6)
    cast.add("Sentry", (112, 12), side="us", facing=6)
    meta = {"sides": {"us": {"controller": "human"}, "them": {"controller": "ai:easy"}}}
    battle = Battle(cast.world, cast.board, 1, RuleOptions(), meta=meta)
    app = make_app()
    scene = BattleScene(app, battle, None)
    app.push(scene)
    app.step([])
    return cast, scene


def _in_view(scene: BattleScene, tile: tuple[int, int]) -> bool:
    return scene.camera.visible.collidepoint(scene.camera.tile_centre(tile))


def test_the_battle_opens_on_the_players_squad() -> None:
    _cast, scene = _far_apart()
    assert _in_view(scene, (110, 10)) and _in_view(scene, (112, 12))
    assert not _in_view(scene, (3, 10))


def test_the_round_ends_on_the_units_that_acted() -> None:
    _cast, scene = _far_apart()
    scene.camera.centre_on((60, 10), snap=True)  # the last event left empty ground in view
    assert not _in_view(scene, (110, 10))
    played = [Hit("Scout", "Sentry", "torso", "sword"), RoundEnded(1)]
    scene.mode = PlayingBack(SimpleNamespace(events=played, shown=played))  # shown: what the side saw
    scene._end_playback()
    assert _in_view(scene, (110, 10)) and _in_view(scene, (112, 12))
