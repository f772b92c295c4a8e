"""A frame-by-frame hash trace of the battle window under seeded input, to keep a UI
refactor byte-identical: run it before and after, and compare the files.

    python scripts/frame_trace.py OUT.txt      (from the repository's root)

Two duels against hard, three hot-seat duels, and the cover tutorial and the keep in
hot-seat with every module on: 400 frames each of random keys and clicks (no Esc), the
end-of-round summary on; each line is the frame, the top screen, the mode's name, the
declarer, the round and the md5 of the window.  The AI runs in the frame that asks it
(no thread), its stream is fixed, and the deferred drawing does its least each frame,
so the trace depends on nothing but the code."""

import hashlib
import os
import random
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
import tempfile

os.environ["DOMINION_TACTICS_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, ".")
import pygame

from game.ai.simulate import _roster
from game.content.battle_setup import build_battle
from game.content.scenarios import find_scenario
from game.rules.registry import rules_modules
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import duel, make_app

KEYS = [
    pygame.K_TAB,
    pygame.K_a,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_q,
    pygame.K_e,
    pygame.K_BACKSPACE,
    pygame.K_t,
    pygame.K_r,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_6,
    pygame.K_n,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_F9,
    pygame.K_PERIOD,
    pygame.K_f,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_c,
    pygame.K_c,
    pygame.K_c,
    pygame.K_x,
    pygame.K_p,
    pygame.K_k,
]


def run(app, battle, seed, steps, out):
    scene = BattleScene(app, battle)
    app.push(scene)
    rng = random.Random(seed)
    w, h = app.screen.get_size()
    for i in range(steps):
        r = rng.random()
        if r < 0.5:
            ev = [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)]
        elif r < 0.9:
            pos = (rng.randrange(w), rng.randrange(h))
            b = 1 if rng.random() < 0.8 else 3
            ev = [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b),
            ]
        else:
            ev = []
        app.step(ev, dt=0.1)
        top = type(app.top).__name__
        digest = hashlib.md5(pygame.image.tobytes(app.screen, "RGB")).hexdigest()
        out.write(f"{i} {top} {scene.phase} {scene.actor} {scene.battle.number} {digest}\n")
    while app.scenes:
        app.scenes.pop()


if __name__ == "__main__":
    import game.ui.ai_runner as R
    import game.ui.frame_budget as FB

    FB.deadline = lambda own_s: None  # every deferred piece at once: frames independent of the clock
    _init = R.AiDeclaration.__init__

    def _sync(self, controller, view):
        _init(self, controller, view)
        self.wait()

    R.AiDeclaration.__init__ = _sync
    import game.ai.seeds as S

    S.fresh_ai_seed = lambda: 12345  # the window's AI stream, fixed for the trace
    with open(sys.argv[1], "w") as out:
        for seed in range(2):
            app = make_app(round_summary=True)
            run(app, duel(("human", "ai:hard"), seed=seed), seed, 400, out)
        for seed in range(3):
            app = make_app(round_summary=True)
            run(app, duel(("human", "human"), seed=seed), seed, 400, out)
        roster = _roster(None)
        for sid in ("tutorial_cover", "the_keep"):
            sc = find_scenario(sid)
            specs = {s.name: "human" for s in sc.sides}
            opts = sc.options
            for m in sorted(spec.name for spec in rules_modules()):
                opts = opts.with_module(m, True)
            battle, _ = build_battle(sc, 11, controllers=specs, options=opts, roster=roster)
            app = make_app(round_summary=True)
            run(app, battle, 5, 400, out)
