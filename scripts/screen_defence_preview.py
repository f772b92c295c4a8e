"""Draw docs/screens/defence-preview.png: the action menu after two Strikes were declared on Omar
(run from the repository: `PYTHONPATH=. python scripts/screen_defence_preview.py`)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind
from game.ui.scenes.battle import BattleScene
from tests.builders import SWORD, Cast
from tests.ui_helpers import key, make_app

cast = Cast(12, 8)
cast.add("Thug", (5, 4), "a", facing=2, weapons=(SWORD,), strike=6, timing=1, agility=1)
cast.add("Omar", (6, 4), "b", facing=6, weapons=(SWORD,), dodge=4, parry=5, timing=9, agility=9)
meta = {"sides": {"a": {"controller": "human"}, "b": {"controller": "human"}}, "title": "Defence preview"}
battle = Battle(cast.world, cast.board, 1, RuleOptions.battlefield(), meta=meta)
app = make_app()
scene = BattleScene(app, battle, None)
app.push(scene)
for _ in range(40):
    if scene.phase == "declare" and scene.actor == cast["Omar"]:
        break
    if scene.phase == "handover":
        app.step([key(pygame.K_RETURN)])
    elif scene.phase == "declare":
        scene.orders.add_action(cast.act(ActionKind.STRIKE, "Omar"))
        scene.orders.add_action(cast.act(ActionKind.STRIKE, "Omar"))
        scene.confirm()
    app.step([])
scene.orders.open_action_menu()
for item in scene.menu.items[:3]:
    print(item.label, "|", item.note)
app.step([])
pygame.image.save(app.screen, "docs/screens/defence-preview.png")
