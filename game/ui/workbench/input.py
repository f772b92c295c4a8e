"""The workbench screen's input: which key or click does what in each tab.

A component of `WorkbenchScene` (`scene.input`), not a mixin: it reads the screen only
through `InputHost` (`game.ui.workbench.host`) and keeps one state of its own, the token
being dragged.  An open text field gets every event first, then an open pop-up menu, then
the panel's buttons; the map view takes the wheel, drags (except a drag that starts on a
token in Set up: that moves the combatant) and the pan, zoom and grid keys.  Keys are looked
up in `BINDINGS`, so the help screen lists these; the hint line under the map says what they
do now (`hint`).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.geometry import Tile, bearing_direction
from game.i18n import N_, _
from game.rules.orders import Action, ActionKind
from game.rules.positions import are_enemies, combatants, name_of, occupant, tile_of
from game.rules.registry import module_overlays
from game.ui.battle import menus
from game.ui.battle.input import CURSOR_KEYS, next_module_overlay
from game.ui.battle.overlay_defaults import overlay_said
from game.ui.battle.ruler import ruler_note
from game.ui.input.bindings import BINDINGS
from game.ui.map_view import DRAG_THRESHOLD
from game.ui.planner import Draft, DraftState
from game.ui.workbench.host import InputHost
from game.workbench import edits
from game.world import Condition, Facing

TAB_KEYS = {
    "workbench_setup": "setup",
    "workbench_see": "see",
    "workbench_try": "try",
    "workbench_keep": "keep",
}
HINTS = {
    "setup": N_(
        "Place from the panel, then click a free tile · drag a token to move it"
        " · right click or Q/E turns it · Del removes · Ctrl+Z / Ctrl+Y undo, redo"
    ),
    "see": N_(
        "Click a combatant for its overlays (1–8), then another for every attack between them · Ctrl+M matrix"
    ),
    "try": N_(
        "Select a combatant: click tiles for its path, an enemy to attack · X every action · Q/E facing"
    ),
    "keep": N_(
        "Save the position as a scenario or sandbox file · open a file or a saved battle · F12 picture"
    ),
}
"""The hint line under the map, by tab (`WorkbenchInput.hint`)."""


class WorkbenchInput:
    """Routes the workbench screen's events to the screen's commands and its own."""

    def __init__(self, host: InputHost) -> None:
        self.host = host
        # A press on a token in Set up: its id, where the press was, and whether the mouse has
        # moved far enough since for the release to be a move (else it is a click).
        self.token_drag: dict[str, Any] | None = None

    def on_event(self, event: pygame.event.Event) -> None:
        """Route input: the text field, the menu, then panels and the map."""
        host = self.host
        if host.field is not None:
            host.field.handle(event)
            if host.field.closed:
                host.field = None
            return
        if host.menu is not None:
            used = host.menu.handle(event)
            # Asked again: a choice may have closed the menu, or opened the next one.
            if host.menu is not None and host.menu.closed:
                host.menu = None
            if used:
                return
        view = host.view
        if event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if host.rects["right"].collidepoint(pos):
                host.scroll_panel(-event.y)
            elif not host.log.handle(event, host.rects["log"]):
                view.wheel(event)
        elif event.type == pygame.MOUSEMOTION:
            view.motion(event)
            drag = self.token_drag
            if drag is not None:
                dx, dy = event.pos[0] - drag["pos"][0], event.pos[1] - drag["pos"][1]
                drag["moved"] = drag["moved"] or abs(dx) + abs(dy) > DRAG_THRESHOLD
            for button in host.buttons:
                button.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._on_release(event)

    def hint(self) -> str:
        """What the keys and clicks do now (the line under the map)."""
        host = self.host
        if host.placing is not None:
            return _("Click a free tile to place {name} for {side} · Esc stops placing").format(
                name=host.placing.short, side=host.place_side
            )
        if host.playback is not None:
            return _("Resolution: N next event · P play/pause · K skip · the panel keeps or drops the result")
        return _(HINTS[host.tab])

    # ------------------------------------------------------------- the mouse
    def _on_press(self, event: pygame.event.Event) -> None:
        host = self.host
        if event.button == 1:
            for button in list(host.buttons):
                if button.rect.collidepoint(event.pos):
                    button.handle(event)
                    return
        tile = (
            host.view.camera.screen_to_tile(event.pos)
            if host.view.camera.viewport.collidepoint(event.pos)
            else None
        )
        if event.button == 1 and tile is not None and host.tab == "setup" and host.playback is None:
            who = occupant(host.world, tile)
            if who is not None and host.placing is None:
                self.token_drag = {"eid": who, "pos": event.pos, "moved": False}
                return
        if host.view.press(event):
            return
        if event.button == 3 and tile is not None:
            self.right_click(tile)

    def _on_release(self, event: pygame.event.Event) -> None:
        host = self.host
        drag = self.token_drag
        if drag is not None and event.button == 1:
            self.token_drag = None
            tile = host.view.camera.screen_to_tile(event.pos)
            if tile is None:
                return
            eid = drag["eid"]
            if drag["moved"] and tile != tile_of(host.setup.world, eid):
                if host.edit(edits.move(host.setup, eid, tile), _("move {name}").format(name=self.name(eid))):
                    host.select(eid)
            else:
                self.click_tile(tile, event.pos)
            return
        tile = host.view.release(event)
        if tile is not None:
            host.view.cursor = tile
            self.click_tile(tile, event.pos)

    def name(self, eid: int) -> str:
        """A combatant's name."""
        return name_of(self.host.world, eid)

    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means in the tab shown."""
        host = self.host
        who = occupant(host.world, tile)
        if host.playback is not None:
            host.select(who)
            return
        if host.tab == "setup" and host.placing is not None:
            if who is not None:
                host.select(who)
                return
            character, side = host.placing, host.place_side
            if host.edit(
                edits.place(host.setup, character, tile, side), _("place {name}").format(name=character.short)
            ):
                placed = max(host.setup.combatants)
                host.select(placed)
            return
        if host.tab == "see":
            self.pick_pair(who)
            return
        if host.tab == "try":
            self.try_click(tile, who, pos)
            return
        host.select(who)

    def pick_pair(self, who: int | None) -> None:
        """See: the first click picks a combatant, the next another for the pair; clicking the
        partner swaps the two, clicking the first again drops the partner, an empty tile clears."""
        host = self.host
        if who is None:
            if host.partner is not None:
                host.partner = None
            else:
                host.select(None)
        elif host.selected is None:
            host.select(who)
        elif who == host.selected:
            host.partner = None
        elif who == host.partner:
            # Assigned, not `select`ed: the swap keeps the pair and moves no cursor.
            host.selected, host.partner = host.partner, host.selected
        else:
            host.partner = who

    def right_click(self, tile: Tile) -> None:
        """Set up: turn the selected combatant toward the tile; See: pick the first of a pair;
        Try: the order's final facing toward the tile."""
        host = self.host
        if host.tab == "see":
            who = occupant(host.world, tile)
            if who is not None:
                host.select(who)
                host.partner = None
        elif host.tab == "try":
            self.face_toward(tile)
        elif host.tab == "setup":
            eid = host.selected
            if eid is not None and tile != tile_of(host.setup.world, eid):
                facing = bearing_direction(tile_of(host.setup.world, eid), tile)
                host.edit(edits.turn(host.setup, eid, facing), _("turn {name}").format(name=self.name(eid)))

    # ------------------------------------------------------------- drafting orders (Try)
    def try_click(self, tile: Tile, who: int | None, pos: tuple[int, int]) -> None:
        """Try: a path for the selected combatant, or the attacks on an enemy clicked."""
        host = self.host
        eid = host.selected
        if eid is None or eid not in host.setup.standing:
            host.select(who)
            return
        if who == eid:
            draft = host.draft(eid)
            if draft.state.path:
                self.set_path(eid, tile)
            return
        if who is not None and are_enemies(host.world, eid, who):
            self.open_attack_menu(eid, who, pos)
        elif who is not None:
            host.select(who)
        else:
            self.set_path(eid, tile)

    def set_path(self, eid: int, tile: Tile) -> None:
        """The shortest path to a tile (with a Sprint or Retreat if it needs one), as the battle does."""
        host = self.host
        draft, planner = host.draft(eid), host.planner(eid)
        state = planner.with_path(draft, tile)
        if state is None:
            host.toast(
                _("{name} cannot reach {tile} this round, even with the best roll").format(
                    name=self.name(eid), tile=tile
                ),
                bad=True,
            )
            return
        draft.change(state)
        host.commit_draft(draft, _("path of {name}").format(name=self.name(eid)))
        if state.auto_move is not None:
            host.toast(_("{move} added: the path needs it").format(move=_(state.auto_move.label)))

    def add_action(self, draft: Draft, action: Action) -> None:
        """An action from a menu into the order."""
        draft.add(action)
        self.host.commit_draft(
            draft, _("{action} for {name}").format(action=_(action.kind.label), name=self.name(draft.actor))
        )

    def open_attack_menu(self, eid: int, target: int, pos: tuple[int, int]) -> None:
        """The battle screen's menu of attacks on `target`, with target numbers and chances."""
        host = self.host
        draft, planner = host.draft(eid), host.planner(eid)
        host.menu = menus.attack_menu(
            host.theme,
            host.world,
            planner,
            draft,
            target,
            pos,
            lambda a: self.add_action(draft, a),
            lambda t, k, p: self.open_called_menu(eid, t, k, p),
            lambda t: self.face_toward(tile_of(self.host.world, t)),
            host.select,  # "Inspect": write the target's own order next
        )

    def open_called_menu(self, eid: int, target: int, kind: ActionKind, pos: tuple[int, int]) -> None:
        """Called Shots at each body part (CO.08)."""
        host = self.host
        draft = host.draft(eid)
        add = lambda a: self.add_action(draft, a)  # noqa: E731 - the menu's callback
        host.menu = menus.called_shot_menu(
            host.theme, host.world, host.planner(eid), draft, target, kind, pos, add
        )

    def open_action_menu(self) -> None:
        """Every action of the selected combatant: defences and movement, attacks through each enemy."""
        host = self.host
        eid = host.selected
        if eid is None or eid not in host.setup.standing or host.playback is not None:
            host.toast(_("Select a combatant who can act first"), bad=True)
            return
        draft, planner = host.draft(eid), host.planner(eid)
        host.menu = menus.action_menu(
            host.theme,
            host.world,
            planner,
            draft,
            menus.action_menu_spot(host.theme, host.rects["right"]),
            lambda a: self.add_action(draft, a),
            lambda t, p: self.open_attack_menu(eid, t, p),
            lambda t: self.host.view.camera.tile_centre(tile_of(self.host.world, t)),
            lambda state: self.change_draft(draft, state),
        )

    def change_draft(self, draft: Draft, state: DraftState) -> None:
        """A menu's change to the whole draft (fleeing off the map) into the order."""
        draft.change(state)
        self.host.commit_draft(
            draft, _("flight of {name}").format(name=self.name(draft.actor)) if state.flee else ""
        )

    def face_toward(self, tile: Tile) -> None:
        """The selected combatant's final facing toward a tile (from where its path ends)."""
        host = self.host
        eid = host.selected
        if eid is None or eid not in host.setup.standing:
            return
        end, _facing = host.plan_end(eid)
        if end != tile:
            draft = host.draft(eid)
            draft.set_facing(bearing_direction(end, tile))
            host.commit_draft(draft, _("facing of {name}").format(name=self.name(eid)))

    def turn(self, step: int) -> None:
        """Q/E: in Try the order's final facing, elsewhere the combatant's facing now."""
        host = self.host
        eid = host.selected
        if eid is None or not host.setup.world.has(eid, Facing):
            return
        if host.tab == "try":
            if eid not in host.setup.standing:
                return
            _end, facing = host.plan_end(eid)
            draft = host.draft(eid)
            draft.set_facing(facing + step)
            host.commit_draft(draft, _("facing of {name}").format(name=self.name(eid)))
        else:
            facing = host.setup.world.get(eid, Facing).direction
            host.edit(
                edits.turn(host.setup, eid, facing + step), _("turn {name}").format(name=self.name(eid))
            )

    # ------------------------------------------------------------- keys
    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event)
        if cmd is None:
            return
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        host, view = self.host, self.host.view
        if cmd in CURSOR_KEYS:
            view.move_cursor(*CURSOR_KEYS[cmd])
        elif cmd in TAB_KEYS:
            host.set_tab(TAB_KEYS[cmd])
        elif cmd == "back":
            self.back()
        elif cmd == "help":
            host.app.push_screen("help")
        elif cmd == "undo":
            host.undo()
        elif cmd == "redo":
            host.redo()
        elif cmd == "save":
            host.save_sandbox()
        elif cmd == "workbench_picture":
            host.export_picture()
        elif cmd == "activate" and view.cursor is not None:
            view.keyboard_cursor = True
            self.click_tile(view.cursor, view.camera.tile_centre(view.cursor))
        elif view.command(cmd):
            pass
        else:
            self._command(cmd, shift)

    def _command(self, cmd: str, shift: bool) -> None:
        """The keys that act on the position or its view."""
        host = self.host
        if cmd == "centre" and host.focus() is not None:
            host.view.camera.centre_on(tile_of(host.world, host.focus()))  # type: ignore[arg-type]
        elif cmd == "next_unit":
            living = [e for e in combatants(host.world) if host.world.get(e, Condition).present]
            if living:
                index = living.index(host.selected) if host.selected in living else -1
                host.select(living[(index + (-1 if shift else 1)) % len(living)])
                host.view.keyboard_cursor = True
        elif cmd == "ruler":
            host.ruler = not host.ruler
            host.toast(ruler_note(host.ruler, host.world, host.focus()), log=False)
        elif cmd == "next_target" and host.selected is not None:
            others = [e for e in combatants(host.world) if e != host.selected]
            if others:
                index = others.index(host.partner) if host.partner in others else -1
                host.partner = others[(index + 1) % len(others)]
        elif cmd.startswith("overlay_"):
            name = cmd.removeprefix("overlay_")
            on = host.view.overlays.toggle(name)
            host.toast(overlay_said(name, on), log=False)
        elif cmd == "module_overlays":
            host.toast(
                next_module_overlay(host.view.overlays, module_overlays(host.setup.options)), log=False
            )
        elif cmd == "face_left":
            self.turn(-1)
        elif cmd == "face_right":
            self.turn(1)
        elif cmd == "face_cursor" and host.view.cursor is not None:
            if host.tab == "try":
                self.face_toward(host.view.cursor)
            else:
                self.right_click(host.view.cursor)
        elif host.playback is not None and cmd in ("step", "play", "skip", "actions"):
            self.pace("play" if cmd == "actions" else cmd)
        elif cmd == "actions" and host.tab == "try":
            self.open_action_menu()
        elif cmd == "workbench_remove" and host.selected is not None and host.playback is None:
            eid = host.selected
            host.edit(edits.remove(host.setup, eid), _("remove {name}").format(name=self.name(eid)))
        elif cmd == "workbench_matrix":
            host.matrix = not host.matrix
            host.toast(_("attack matrix on") if host.matrix else _("attack matrix off"), log=False)

    def pace(self, what: str) -> None:
        """Resolution pace: step, play/pause, skip."""
        pb = self.host.playback
        if pb is None:
            return
        if what == "step":
            pb.playing = False
            for event in pb.step():
                self.host.log.add(event)
        elif what == "play":
            pb.playing = not pb.playing
        elif what == "skip":
            for event in pb.skip():
                self.host.log.add(event)

    def back(self) -> None:
        """Esc: stop placing, close the matrix, the resolution shown, the pair, the selection; then
        leave (warning once first when the position is not saved)."""
        host = self.host
        if host.placing is not None:
            host.placing = None
        elif host.matrix:
            host.matrix = False
        elif host.playback is not None:
            host.close_playback()
        elif host.partner is not None:
            host.partner = None
        elif host.selected is not None:
            host.select(None)
        else:
            host.leave()
