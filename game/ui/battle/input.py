"""The battle screen's input: which key or click does what.

A component of `BattleScene` (`scene.input`), not a mixin: it reads the screen only
through `InputHost` (`game.ui.battle.host`).  An open pop-up menu gets every event first,
then the end-of-round card, the panels' buttons and chips; the map view takes drags, the
wheel and the pan, zoom and grid keys; a click on a tile means what `click_tile`
(`OrderCommands`) says, and the keys that belong to the input mode go to it
(`game.ui.battle.modes`).  The keys are looked up in `BINDINGS`, so the help screen lists
exactly these.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.rules.api.modules import ModuleOverlay
from game.rules.positions import are_enemies, combatants, tile_of
from game.rules.registry import module_overlays
from game.ui.battle.host import InputHost
from game.ui.input.bindings import BINDINGS
from game.ui.render.legend import mode_words
from game.ui.render.overlays import OverlayLayer
from game.world import Condition

CURSOR_KEYS = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1), "cursor_down": (0, 1)}


class BattleInput:
    """Routes the battle screen's events to its commands."""

    def __init__(self, host: InputHost) -> None:
        self.host = host

    def on_event(self, event: pygame.event.Event) -> None:
        """Route input: the pop-up menu first, then panels, then the map."""
        host = self.host
        if host.menu is not None:
            used = host.menu.handle(event)
            # Asked again: a choice may have opened the next menu (a Called Shot's targets).
            if host.menu.closed:
                host.menu = None
            if used:
                return
        if self.card_event(event):
            return
        view = host.view
        if event.type == pygame.KEYUP:
            view.key_up(event)
        elif event.type == pygame.WINDOWFOCUSLOST:
            view.lost_focus()
        elif event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            if not host.log.handle(event, host.rects["log"]):
                view.wheel(event)
        elif event.type == pygame.MOUSEMOTION:
            view.motion(event)
            for button in host.drawing.buttons:
                button.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            tile = view.release(event)
            if tile is not None:
                view.cursor = tile
                host.orders.click_tile(tile, event.pos)

    def card_event(self, event: pygame.event.Event) -> bool:
        """The end-of-round summary takes its keys and clicks first; True if it used the event."""
        summary = self.host.summary
        if summary is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            return False  # the pause menu and the help still open over it
        if BINDINGS.matches(event, "save"):
            return False  # Ctrl+S says whether it can save now, not nothing (issue 52)
        return summary.handle(event) or event.type == pygame.KEYDOWN

    def _on_press(self, event: pygame.event.Event) -> None:
        host, laid = self.host, self.host.drawing
        if event.button == 1 and laid.blocking(event.pos):
            for button in list(laid.buttons):
                if button.handle(event):
                    return
            return  # a card over the map takes the click
        if host.view.press(event):
            return
        if event.button == 1:
            for button in list(laid.buttons):
                if button.handle(event):
                    return
            for rect, eid in laid.chip_rects:
                if rect.collidepoint(event.pos):
                    host.select(eid)
                    return
        if event.button == 3:
            tile = host.view.camera.screen_to_tile(event.pos)
            if tile is not None:
                host.orders.face_toward(tile)

    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event)
        if cmd is None:
            return
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        host, view = self.host, self.host.view
        if cmd in CURSOR_KEYS:
            view.move_cursor(*CURSOR_KEYS[cmd])
        elif cmd == "back":
            self.back()
        elif cmd == "help":
            host.show_help()
        elif cmd == "save":
            host.save()
        elif cmd == "ai_reasons":
            host.ai_reasons.toggle()
        elif cmd == "activate" and view.cursor is not None:
            view.keyboard_cursor = True
            host.orders.click_tile(view.cursor, view.camera.tile_centre(view.cursor))
        elif cmd == "legend":
            view.command(cmd)
            host.toast(mode_words(view.legend_mode))
        elif view.command(cmd):
            pass  # panned, zoomed or the grid switched
        elif cmd == "centre":
            home = host.aim.home_unit()
            if home is not None:
                view.camera.centre_on(tile_of(host.world, home))
        elif cmd == "next_unit":
            self.cycle_unit(-1 if shift else 1)
        elif cmd == "next_target":
            self.cycle_target()
        elif cmd == "ruler":
            host.toggle_ruler()
        elif cmd.startswith("overlay_"):
            host.toggle_overlay(cmd.removeprefix("overlay_"))
        elif cmd == "module_overlays":
            host.toast(next_module_overlay(view.overlays, module_overlays(host.battle.options)))
        elif cmd in ("slower", "faster"):
            host.set_speed(-1 if cmd == "slower" else 1)
        else:
            # The rest belong to the input mode: the order keys while declaring, the pace
            # keys while a round is shown (`game.ui.battle.modes`).
            host.mode_key(cmd)

    def back(self) -> None:
        """Esc: close the innermost thing; with nothing open, pause."""
        host = self.host
        draft = host.draft
        if host.menu is not None:
            host.menu = None
        elif draft is not None and (
            draft.state.path or draft.state.actions or draft.state.facing is not None
        ):
            draft.clear()
            host.toast(_("Order cleared (Backspace undoes)"))
        elif host.actor is not None and host.selected != host.actor and host.phase == "declare":
            host.select(host.actor)
        else:
            host.pause()

    def cycle_unit(self, step: int) -> None:
        """Tab: the next living combatant."""
        host, world = self.host, self.host.world
        living = [e for e in combatants(world) if world.get(e, Condition).present and host.sight.sees(e)]
        if not living:
            return
        current = host.selected if host.selected in living else None
        index = (living.index(current) + step) % len(living) if current is not None else 0
        host.select(living[index])
        host.view.keyboard_cursor = True

    def cycle_target(self) -> None:
        """T: the cursor on the next enemy of the declarer (or of the selected)."""
        host, world, view = self.host, self.host.world, self.host.view
        me = host.actor if host.actor is not None else host.selected
        if me is None:
            return
        enemies = [
            e
            for e in combatants(world)
            if are_enemies(world, me, e) and world.get(e, Condition).present and host.sight.sees(e)
        ]
        if not enemies:
            return
        here = view.cursor
        tiles = [tile_of(world, e) for e in enemies]
        index = (tiles.index(here) + 1) % len(tiles) if here in tiles else 0
        view.cursor = tiles[index]
        view.keyboard_cursor = True
        view.camera.ensure_visible(view.cursor)


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
