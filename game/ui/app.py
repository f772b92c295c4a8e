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
import warnings
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.i18n import _, choose, set_language
from game.ui import frame_budget
from game.ui.input.bindings import BINDINGS
from game.ui.prefs import Prefs
from game.ui.sound import Sounds
from game.ui.theme import Theme

WINDOW_SIZE = (1280, 720)  # pixels: the default window
MIN_SIZE = (960, 600)  # pixels: the smallest window; every screen is laid out for it at UI scale 1
MIN_SCALE = 0.75  # the smallest UI scale a window is ever drawn at
FPS = 60  # frames per second of the real loop
TITLE = "Dominion Tactics"


def effective_scale(wanted: float, size: tuple[int, int]) -> float:
    """The UI scale a window of `size` is drawn at: the player's, unless the screens would not
    fit (they are laid out for MIN_SIZE at scale 1), then the largest that fits, in steps of
    0.05 and never below MIN_SCALE."""
    fits = min(size[0] / MIN_SIZE[0], size[1] / MIN_SIZE[1])
    return max(MIN_SCALE, min(wanted, int(fits * 20 + 1e-9) / 20))


def set_minimum_window_size(size: tuple[int, int] = MIN_SIZE) -> None:
    """Ask the window manager never to make the window smaller than `size`."""
    try:
        with warnings.catch_warnings():  # pygame-ce deprecates the display module's window
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error):  # an older pygame, or no window at all
        pass


class Scene:
    """One screen.  Subclasses override what they need."""

    overlay = False  # draw the scene below first

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def theme(self) -> Theme:
        """The app's theme."""
        return self.app.theme

    @property
    def on_top(self) -> bool:
        """Whether this scene gets the input (no screen over it): only then does what the
        mouse points at show a tip (under a pause box it would still be drawn, shaded)."""
        return self.app.top is self

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

    def on_language(self) -> None:
        """The language changed (in the settings): build again what holds words made before."""

    def leave_warning(self) -> str | None:
        """What would be lost if the game quit now (None: nothing), asked before quitting."""
        return None


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
        self._language_setting = self.prefs.language  # the one in use was chosen at start (cli)
        self.keeps_prefs = prefs is None  # settings given by the caller (tests, tools) are not written back
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        set_minimum_window_size()
        pygame.display.set_caption(TITLE)
        pygame.key.set_repeat(300, 40)
        self.theme = self._make_theme()
        self.sound = Sounds(self.prefs)
        self.scenes: list[Scene] = []
        self._pressed_on: dict[int, Scene | None] = {}  # each key held down: the screen it pressed
        self.router = router or Router()
        self.running = True
        self.remembered: dict[
            str, object
        ] = {}  # what screens keep while the window lasts (New battle's place)
        self.clock = pygame.time.Clock()
        if self.prefs.fullscreen:
            self.set_fullscreen(True)

    def _make_theme(self) -> Theme:
        size = self.screen.get_size()
        return Theme(effective_scale(self.prefs.ui_scale, size), self.prefs.colour_blind)

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.screen.get_size()

    # ------------------------------------------------------------- the window
    @property
    def fullscreen(self) -> bool:
        """Whether the window fills the screen."""
        return bool(self.screen.get_flags() & pygame.FULLSCREEN)

    def set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to the window at its last windowed size (F11)."""
        if on == self.fullscreen:
            return
        try:
            if on:
                self.windowed_size = self.screen.get_size()
                desktop = pygame.display.get_desktop_sizes() or [self.windowed_size]
                self.screen = pygame.display.set_mode(desktop[0], pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                set_minimum_window_size()
        except pygame.error:  # the display refused: stay as we are
            return
        self.prefs.fullscreen = on
        self.save_prefs()
        self.relayout()

    def relayout(self) -> None:
        """Lay every scene out again for the window's size (the UI scale may change with it)."""
        size = self.screen.get_size()
        if not self.fullscreen:
            self.windowed_size = size
        theme = self._make_theme()
        if (theme.scale, theme.colour_blind) != (self.theme.scale, self.theme.colour_blind):
            self.theme = theme
        for scene in self.scenes:
            scene.on_resize(size)

    # ------------------------------------------------------------- leaving
    def request_leave(self, then: Callable[[], None], what: str = _("Quit the game")) -> None:
        """Do `then` (quit, leave the battle) at once, or after the player confirms it when a
        scene says something would be lost (an unsaved battle)."""
        for scene in reversed(self.scenes):
            warning = scene.leave_warning()
            if warning:
                self.push_screen("confirm", what, warning, then, scene)
                return
        then()

    def request_quit(self) -> None:
        """Quit, asking first if a battle is unsaved."""
        self.request_leave(self.quit)

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
        self.theme = self._make_theme()
        self.sound.apply(self.prefs)
        if self.prefs.language != self._language_setting:  # chosen in the settings: used at once
            self._language_setting = self.prefs.language
            set_language(choose(None, self.prefs.language, os.environ))
            for scene in self.scenes:
                scene.on_language()
        self.save_prefs()
        for scene in self.scenes:
            scene.on_resize(self.screen.get_size())

    def quit(self) -> None:
        """End the loop (the windowed size is remembered for next time)."""
        self.running = False
        self.remember_window()

    def remember_window(self) -> None:
        """Keep the windowed size in the settings."""
        size = self.windowed_size if self.fullscreen else self.screen.get_size()
        if self.prefs.window_size != tuple(size):
            self.prefs.window_size = (int(size[0]), int(size[1]))
            self.save_prefs()

    def save_prefs(self) -> None:
        """Write the settings, if they are the player's own (loaded by this app)."""
        if self.keeps_prefs:
            self.prefs.save()

    # ------------------------------------------------------------- the loop
    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS, draw: bool = True) -> None:
        """One frame: deliver events, advance time, draw (tests may skip drawing some frames).
        Work that can wait a frame shares one deadline (`frame_budget`) from the start of it."""
        frame_budget.begin_frame()
        try:
            events = list(events)
            for i, event in enumerate(events):
                if self._repeat_from_another_screen(event, events[i + 1 :]):
                    continue
                self.dispatch(event)
                if not self.running:
                    return
            for scene in list(self.scenes):
                if scene is self.top or getattr(scene, "always_update", False):
                    scene.update(dt)
            if draw:
                self.draw()
        finally:
            frame_budget.end_frame()

    def _repeat_from_another_screen(self, event: pygame.event.Event, later: list[pygame.event.Event]) -> bool:
        """Whether `event` is a held key's repeat on a screen its press did not act on (and is
        dropped).  Enter on the title opens New battle; building that screen can outlast the
        key-repeat delay, and the repeat then started a battle from a screen never seen.  A
        key still down (or whose release is already queued behind this press) repeats only
        on the screen it pressed; a key pressed anew (after its release) acts anywhere."""
        if event.type == pygame.KEYUP:
            self._pressed_on.pop(event.key, None)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        pressed_on = self._pressed_on.get(event.key, self.top)
        if pressed_on is not self.top:
            released = any(e.type == pygame.KEYUP and e.key == event.key for e in later)
            if released or pygame.key.get_pressed()[event.key]:
                return True
        self._pressed_on[event.key] = self.top
        return False

    def dispatch(self, event: pygame.event.Event) -> None:
        """Deliver one event to the top scene (quit and resize are handled here)."""
        if event.type == pygame.QUIT:
            if getattr(self.top, "confirms_leaving", False):
                self.quit()  # asked twice: the player means it
            else:
                self.request_quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.relayout()
            return
        if BINDINGS.matches(event, "fullscreen"):
            self.set_fullscreen(not self.fullscreen)
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
        self.remember_window()
        pygame.quit()
