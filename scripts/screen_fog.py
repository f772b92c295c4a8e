"""Draw docs/screens/fog-side-a.png and fog-side-b.png: the fog tutorial played hot-seat, each
side's view at its first declaration of round 2 (run from the repository:
`PYTHONPATH=. python scripts/screen_fog.py`)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame

from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandoverScene
from game.world import Side
from tests.ui_helpers import key, make_app

scenario = find_scenario("tutorial_fog")
battle, battle_map = build_battle(scenario, 3, {"Scouts": "human", "Raiders": "human"}, None)
app = make_app()
scene = BattleScene(app, battle, battle_map)
app.push(scene)
saved: set[str] = set()
for _ in range(3000):
    if len(saved) == 2 or battle.over:
        break
    if isinstance(app.top, HandoverScene):
        app.step([key(pygame.K_RETURN)])
        continue
    if scene.phase == "declare" and scene.actor is not None:
        side = battle.world.get(scene.actor, Side).name
        if battle.number >= 2 and side not in saved:
            for _frame in range(5):
                app.step([], 1 / 30)
            name = "a" if side == "Scouts" else "b"
            pygame.image.save(app.screen, f"docs/screens/fog-side-{name}.png")
            saved.add(side)
        if side == "Scouts" and battle.number == 1:
            scene.orders.set_path((9, 10))  # to the gap in the wall, to look
        app.step([key(pygame.K_c)])
        continue
    app.step([], 1 / 5)
print("saved", sorted(saved), "round", battle.number)
