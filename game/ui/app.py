"""The app loop and the scene stack.

A scene handles events (`on_event`), advances time (`update`) and draws
itself (`draw`).  Only the top scene gets events; scenes that declare
themselves `overlay` let the scene below draw first (hand-over curtains,
menus over the battle).  `App.step` runs one frame with given events, so
tests drive the game without a real window.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.ui.prefs import Prefs
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.rules.battle import Battle

WINDOW_SIZE = (1280, 720)  # pixels: the default window
MIN_SIZE = (960, 600)  # pixels: the layout needs at least this much
FPS = 60  # frames per second of the real loop
TITLE = "Dominion Tactics"


class Scene:
    """One screen.  Subclasses override what they need."""

    overlay = False  # draw the scene below first

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def theme(self) -> Theme:
        """The app's theme."""
        return self.app.theme

    def on_event(self, event: pygame.event.Event) -> None:
        """Handle one input event."""

    def update(self, dt: float) -> None:
        """Advance `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto the window surface."""

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack again."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""


class App:
    """The window, the scene stack and the theme."""

    def __init__(self, size: tuple[int, int] = WINDOW_SIZE, prefs: Prefs | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        self.prefs = prefs or Prefs.load()
        self.theme = Theme(self.prefs.ui_scale, self.prefs.colour_blind)
        flags = pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(TITLE)
        pygame.key.set_repeat(300, 40)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()

    # ------------------------------------------------------------- the stack
    @property
    def top(self) -> Scene | None:
        """The scene receiving events."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        self.scenes.append(scene)

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or `scene`, wherever it is); quit when none is left."""
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        if not self.scenes:
            self.running = False
        elif self.top is not None:
            self.top.on_enter()

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for one scene."""
        self.scenes = [scene]
        scene.on_enter()

    def apply_prefs(self) -> None:
        """Take the changed preferences into use and save them."""
        self.theme = Theme(self.prefs.ui_scale, self.prefs.colour_blind)
        self.prefs.save()
        for scene in self.scenes:
            scene.on_resize(self.screen.get_size())

    def quit(self) -> None:
        """End the loop."""
        self.running = False

    # ------------------------------------------------------------- the loop
    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS, draw: bool = True) -> None:
        """One frame: deliver events, advance time, draw (tests may skip drawing some frames)."""
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        for scene in list(self.scenes):
            if scene is self.top or getattr(scene, "always_update", False):
                scene.update(dt)
        if draw:
            self.draw()

    def dispatch(self, event: pygame.event.Event) -> None:
        """Deliver one event to the top scene (quit and resize are handled here)."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (max(MIN_SIZE[0], self.screen.get_width()), max(MIN_SIZE[1], self.screen.get_height()))
            for scene in self.scenes:
                scene.on_resize(size)
            return
        top = self.top
        if top is not None:
            top.on_event(event)

    def draw(self) -> None:
        """Draw the visible scenes bottom-up."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[max(0, first) :]:
            scene.draw(self.screen)

    def run(self) -> None:
        """The real loop, until the last scene is gone or the window closes."""
        while self.running and self.scenes:
            dt = self.clock.tick(FPS) / 1000
            self.step(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()
        pygame.quit()


def run_game(battle: Battle | None = None, size: tuple[int, int] = WINDOW_SIZE) -> int:
    """Open the window on the main menu, or straight on a battle screen for `battle`
    (a battle continued from a replay, say); returns the exit status when it closes."""
    from game.ui.scenes.menu import MenuScene

    app = App((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])))
    app.push(MenuScene(app))
    if battle is not None:
        from game.ui.scenarios import map_for
        from game.ui.scenes.battle import BattleScene

        # Leaving the battle ("Quit to menu") replaces the stack with the menu anyway.
        app.replace(BattleScene(app, battle, map_for(battle)))
    app.run()
    return 0
