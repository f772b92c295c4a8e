"""The battle screen's input: which key or click does what.

A part of `BattleScene` (a mixin).  An open pop-up menu gets every event first, then
the panels' buttons and chips; the map view takes drags, the wheel and the pan, zoom
and grid keys; a click on a tile means what `click_tile` (`OrderCommands`) says.  The
keys are looked up in `BINDINGS`, so the help screen lists exactly these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.geometry import Tile
from game.i18n import _
from game.rules.api.modules import ModuleOverlay
from game.rules.battle import Battle
from game.rules.events import Event
from game.rules.positions import are_enemies, combatants, tile_of
from game.rules.registry import module_overlays
from game.ui.app import App
from game.ui.battle.ai_reasons import AiReasons
from game.ui.battle.modes import BattleMode
from game.ui.battle.round_summary import RoundSummaryCard
from game.ui.input.bindings import BINDINGS
from game.ui.map_view import MapView
from game.ui.planner import Draft
from game.ui.playback import Playback
from game.ui.render.legend import mode_words
from game.ui.render.log import LogPanel
from game.ui.render.overlays import OverlayLayer
from game.ui.render.widgets import Button, PopupMenu
from game.world import Condition, Position, World

CURSOR_KEYS = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1), "cursor_down": (0, 1)}


class BattleInput:
    """Routes the battle screen's events to its commands.

    The screen provides `app`, `battle`, `world`, `view`, `overlays`, `log`, `rects`,
    `mode` (which takes the keys of its own), `phase`, `actor`, `selected`, `draft`, `menu`,
    `playback`, `summary`, `buttons` and `chip_rects`, and the commands named under TYPE_CHECKING below.
    """

    app: App
    battle: Battle
    world: World
    view: MapView
    overlays: OverlayLayer
    log: LogPanel
    rects: dict[str, pygame.Rect]
    mode: BattleMode
    phase: str
    actor: int | None
    selected: int | None
    draft: Draft | None
    menu: PopupMenu | None
    playback: Playback | None
    buttons: list[Button]
    chip_rects: list[tuple[pygame.Rect, int]]
    ai_reasons: AiReasons
    summary: RoundSummaryCard | None

    if TYPE_CHECKING:  # the screen's own

        def focus(self) -> int | None: ...
        def save(self) -> object: ...
        def toast(self, text: str, bad: bool = False) -> None: ...
        def confirm(self) -> None: ...
        def undo(self) -> None: ...
        def turn(self, step: int) -> None: ...
        def face_toward(self, tile: Tile) -> None: ...
        def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None: ...
        def open_action_menu(self) -> None: ...
        def _end_playback(self) -> None: ...
        def reveal(self, events: list[Event]) -> None: ...
        def home_unit(self) -> int | None: ...
        def toggle_overlay(self, name: str) -> None: ...
        def toggle_ruler(self) -> None: ...
        def set_speed(self, step: int) -> None: ...
        def blocking(self, pos: tuple[int, int]) -> bool: ...
        def fog_sees(self, eid: int | None) -> bool: ...

    def on_event(self, event: pygame.event.Event) -> None:
        """Route input: the pop-up menu first, then panels, then the map."""
        if self.menu is not None:
            used = self.menu.handle(event)
            if self.menu.closed:
                self.menu = None
            if used:
                return
        if self.card_event(event):
            return
        view = self.view
        if event.type == pygame.KEYUP:
            view.key_up(event)
        elif event.type == pygame.WINDOWFOCUSLOST:
            view.lost_focus()
        elif event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            if not self.log.handle(event, self.rects["log"]):
                view.wheel(event)
        elif event.type == pygame.MOUSEMOTION:
            view.motion(event)
            for button in self.buttons:
                button.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            tile = view.release(event)
            if tile is not None:
                view.cursor = tile
                self.click_tile(tile, event.pos)

    def card_event(self, event: pygame.event.Event) -> bool:
        """The end-of-round summary takes its keys and clicks first; True if it used the event."""
        if self.summary is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            return False  # the pause menu and the help still open over it
        if BINDINGS.matches(event, "save"):
            return False  # Ctrl+S says whether it can save now, not nothing (issue 52)
        return self.summary.handle(event) or event.type == pygame.KEYDOWN

    def _on_press(self, event: pygame.event.Event) -> None:
        if event.button == 1 and self.blocking(event.pos):
            for button in list(self.buttons):
                if button.handle(event):
                    return
            return  # a card over the map takes the click
        if self.view.press(event):
            return
        if event.button == 1:
            for button in list(self.buttons):
                if button.handle(event):
                    return
            for rect, eid in self.chip_rects:
                if rect.collidepoint(event.pos):
                    self.select(eid)
                    return
        if event.button == 3:
            tile = self.view.camera.screen_to_tile(event.pos)
            if tile is not None:
                self.face_toward(tile)

    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event)
        if cmd is None:
            return
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        view = self.view
        if cmd in CURSOR_KEYS:
            view.move_cursor(*CURSOR_KEYS[cmd])
        elif cmd == "back":
            self.back()
        elif cmd == "help":
            self.app.push_screen("help")
        elif cmd == "save":
            self.save()
        elif cmd == "ai_reasons":
            self.ai_reasons.toggle()
        elif cmd == "activate" and view.cursor is not None:
            view.keyboard_cursor = True
            self.click_tile(view.cursor, view.camera.tile_centre(view.cursor))
        elif cmd == "legend":
            view.command(cmd)
            self.toast(mode_words(view.legend_mode))
        elif view.command(cmd):
            pass  # panned, zoomed or the grid switched
        elif cmd == "centre":
            home = self.home_unit()
            if home is not None:
                view.camera.centre_on(tile_of(self.world, home))
        elif cmd == "next_unit":
            self.cycle_unit(-1 if shift else 1)
        elif cmd == "next_target":
            self.cycle_target()
        elif cmd == "ruler":
            self.toggle_ruler()
        elif cmd.startswith("overlay_"):
            self.toggle_overlay(cmd.removeprefix("overlay_"))
        elif cmd == "module_overlays":
            self.toast(next_module_overlay(self.overlays, module_overlays(self.battle.options)))
        elif cmd in ("slower", "faster"):
            self.set_speed(-1 if cmd == "slower" else 1)
        else:
            # The rest belong to the input mode: the order keys while declaring, the pace
            # keys while a round is shown (`game.ui.battle.modes`).
            following = self.mode.command(self, cmd)  # type: ignore[arg-type]
            if following is not None:
                self.mode = following

    def back(self) -> None:
        """Esc: close the innermost thing; with nothing open, pause."""
        draft = self.draft
        if self.menu is not None:
            self.menu = None
        elif draft is not None and (
            draft.state.path or draft.state.actions or draft.state.facing is not None
        ):
            draft.clear()
            self.toast(_("Order cleared (Backspace undoes)"))
        elif self.actor is not None and self.selected != self.actor and self.phase == "declare":
            self.select(self.actor)
        else:
            self.app.push_screen("pause", self)

    def pace(self, what: str) -> None:
        """Resolution pace: step, play/pause, skip, slower, faster."""
        pb = self.playback
        if pb is None:
            return
        if what in ("slower", "faster"):
            self.set_speed(-1 if what == "slower" else 1)
            return
        if what == "step":
            pb.playing = False
            self.reveal(pb.step())
        elif what == "play":
            pb.playing = not pb.playing
        elif what == "skip":
            self.reveal(pb.skip())
        if pb.done:
            self._end_playback()

    def select(self, eid: int | None) -> None:
        """Inspect a combatant (its sheet and overlays)."""
        self.selected = eid
        if eid is not None and self.world.has(eid, Position):
            self.view.cursor = tile_of(self.world, eid)
            self.view.camera.ensure_visible(self.view.cursor)

    def cycle_unit(self, step: int) -> None:
        """Tab: the next living combatant."""
        living = [
            e for e in combatants(self.world) if self.world.get(e, Condition).present and self.fog_sees(e)
        ]
        if not living:
            return
        current = self.selected if self.selected in living else None
        index = (living.index(current) + step) % len(living) if current is not None else 0
        self.select(living[index])
        self.view.keyboard_cursor = True

    def cycle_target(self) -> None:
        """T: the cursor on the next enemy of the declarer (or of the selected)."""
        me = self.actor if self.actor is not None else self.selected
        if me is None:
            return
        enemies = [
            e
            for e in combatants(self.world)
            if are_enemies(self.world, me, e) and self.world.get(e, Condition).present and self.fog_sees(e)
        ]
        if not enemies:
            return
        here = self.view.cursor
        tiles = [tile_of(self.world, e) for e in enemies]
        index = (tiles.index(here) + 1) % len(tiles) if here in tiles else 0
        self.view.cursor = tiles[index]
        self.view.keyboard_cursor = True
        self.view.camera.ensure_visible(self.view.cursor)


def next_module_overlay(layer: OverlayLayer, overlays: Sequence[ModuleOverlay]) -> str:
    """Switch to the next rules module overlay in play (after the last: none); what to say."""
    if not overlays:
        return _("no rules module in play has an overlay")
    names = [o.name for o in overlays]
    current = next((i for i, name in enumerate(names) if name in layer.active), None)
    if current is not None:
        layer.toggle(names[current])
    following = 0 if current is None else current + 1
    if following >= len(overlays):
        return _("rules module overlays off")
    layer.toggle(names[following])
    return _("{overlay} overlay on").format(overlay=_(overlays[following].label))
