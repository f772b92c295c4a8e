"""Every screen of the game, registered by name: the one module that imports them all.

Scenes open each other through the app's router (`app.push_screen("end", self)`),
so no scene module imports another; this module, the top of the window's
imports, fills the router when an app is made.  Everything that opens the
window (the play and replay commands, render, the bench, the tests) makes its
app with `make_app`.

    menu      MenuScene()                         the title screen
    setup     SetupScene()                        choose a scenario, the sides, the modules
    briefing  BriefingScene(title, text, topic)   the scenario's briefing over the map
    battle    BattleScene(battle, map, title)     a battle being played
    handover  HandoverScene(battle_scene, eid)    the hot-seat curtain
    end       EndScene(battle_scene)              the result; rematch or the menu
    pause     PauseScene(battle_scene)            Esc in battle
    settings  SettingsScene()
    help      HelpScene()
    load      LoadScene()                         saves to resume or watch
    replay    ReplayScene(replay, standalone)     a saved battle played back
    workbench WorkbenchScene(setup, notes)        set up any position and see what the rules do
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.app import MIN_SIZE, WINDOW_SIZE, App, Router
from game.ui.prefs import Prefs
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.handover import BriefingScene, HandoverScene
from game.ui.scenes.menu import MenuScene, SetupScene
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.settings import HelpScene, LoadScene, PauseScene, SettingsScene
from game.ui.workbench.scene import WorkbenchScene

if TYPE_CHECKING:
    from game.rules.battle import Battle

SCREENS = {
    "menu": MenuScene,
    "setup": SetupScene,
    "briefing": BriefingScene,
    "battle": BattleScene,
    "handover": HandoverScene,
    "end": EndScene,
    "pause": PauseScene,
    "settings": SettingsScene,
    "help": HelpScene,
    "load": LoadScene,
    "replay": ReplayScene,
    "workbench": WorkbenchScene,
}
"""Each screen's name and scene class."""


def router() -> Router:
    """A router that knows every screen."""
    routes = Router()
    for name, scene in SCREENS.items():
        routes.register(name, scene)
    return routes


def make_app(size: tuple[int, int] = WINDOW_SIZE, prefs: Prefs | None = None) -> App:
    """The window (at least MIN_SIZE) with every screen registered and no scene yet."""
    return App((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])), prefs, router())


def run_game(battle: Battle | None = None, size: tuple[int, int] = WINDOW_SIZE) -> int:
    """Open the window on the main menu, or straight on a battle screen for `battle`
    (a battle continued from a replay, say); returns the exit status when it closes."""
    app = make_app(size)
    app.push_screen("menu")
    if battle is not None:
        from game.ui.scenarios import map_for

        # Leaving the battle ("Quit to menu") replaces the stack with the menu anyway.
        app.replace_screen("battle", battle, map_for(battle))
    app.run()
    return 0
