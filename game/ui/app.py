"""The app loop, the scene stack and the router.

A scene handles events (`on_event`), advances time (`update`) and draws
itself (`draw`).  Only the top scene gets events; scenes that declare
themselves `overlay` let the scene below draw first (hand-over curtains,
menus over the battle).  `App.step` runs one frame with given events, so
tests drive the game without a real window.

A scene opens another by name through the app's `Router`
(`app.push_screen("pause", self)`), never by importing it: the screens are
registered once, at start-up, by `game.ui.screens`, the one module that
knows them all.  So no scene module imports another.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.ui.prefs import Prefs
from game.ui.theme import Theme

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


class Router:
    """Screens by name: each name makes its scene from the app and the arguments given."""

    def __init__(self) -> None:
        self._screens: dict[str, Callable[..., Scene]] = {}

    def register(self, name: str, make: Callable[..., Scene]) -> None:
        """Let `make(app, *args, **kwargs)` build the screen called `name`."""
        self._screens[name] = make

    @property
    def names(self) -> list[str]:
        """Every registered screen."""
        return list(self._screens)

    def make(self, name: str, app: App, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the screen called `name` (KeyError if none is registered)."""
        if name not in self._screens:
            raise KeyError(f"no screen {name!r} is registered (game.ui.screens registers them)")
        return self._screens[name](app, *args, **kwargs)


class App:
    """The window, the scene stack, the router and the theme."""

    def __init__(
        self, size: tuple[int, int] = WINDOW_SIZE, prefs: Prefs | None = None, router: Router | None = None
    ) -> None:
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
        self.router = router or Router()
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

    def make(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the screen called `name` (see `Router`)."""
        return self.router.make(name, self, *args, **kwargs)

    def push_screen(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the screen called `name` and put it on top."""
        scene = self.make(name, *args, **kwargs)
        self.push(scene)
        return scene

    def replace_screen(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Make the screen called `name` and swap the whole stack for it."""
        scene = self.make(name, *args, **kwargs)
        self.replace(scene)
        return scene

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
