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
    confirm   ConfirmScene(title, warning, then, owner)   "leave without saving?"

A scene's module is imported the first time its screen opens, so the title screen is
drawn without loading the battle screen, numpy and the map code first.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from game.ui.app import MIN_SIZE, WINDOW_SIZE, App, Router, Scene
from game.ui.prefs import Prefs

if TYPE_CHECKING:
    from game.rules.battle import Battle

SCREENS = {
    "menu": "game.ui.scenes.menu:MenuScene",
    "setup": "game.ui.scenes.menu:SetupScene",
    "briefing": "game.ui.scenes.handover:BriefingScene",
    "battle": "game.ui.scenes.battle:BattleScene",
    "handover": "game.ui.scenes.handover:HandoverScene",
    "end": "game.ui.scenes.end:EndScene",
    "pause": "game.ui.scenes.settings:PauseScene",
    "settings": "game.ui.scenes.options:SettingsScene",
    "help": "game.ui.scenes.settings:HelpScene",
    "load": "game.ui.scenes.settings:LoadScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "confirm": "game.ui.scenes.confirm:ConfirmScene",
    "workbench": "game.ui.workbench.scene:WorkbenchScene",
}
"""Each screen's name and its scene class ("module:Class")."""


def scene_class(name: str) -> type[Scene]:
    """The scene class of a screen (importing its module now if it is not yet)."""
    module, _, cls = SCREENS[name].partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def _maker(name: str) -> Any:
    def make(app: App, *args: Any, **kwargs: Any) -> Scene:
        return scene_class(name)(app, *args, **kwargs)

    return make


def router() -> Router:
    """A router that knows every screen."""
    routes = Router()
    for name in SCREENS:
        routes.register(name, _maker(name))
    return routes


def make_app(size: tuple[int, int] | None = None, prefs: Prefs | None = None) -> App:
    """The window (at least MIN_SIZE; by default the size the player left it at) with every
    screen registered and no scene yet."""
    if size is None:
        size = (prefs or Prefs.load()).window_size or WINDOW_SIZE
    return App((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])), prefs, router())


def run_game(battle: Battle | None = None, size: tuple[int, int] | None = None) -> int:
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
