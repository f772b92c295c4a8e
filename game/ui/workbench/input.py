"""The workbench screen's input: which key or click does what in each tab.

A part of `WorkbenchScene` (a mixin).  An open text field gets every event first, then an
open pop-up menu, then the panel's buttons; the map view takes the wheel, drags (except a drag
that starts on a token in Set up: that moves the combatant) and the pan, zoom and grid keys.
Keys are looked up in `BINDINGS`, so the help screen lists these.
"""

from __future__ import annotations

import pygame

from game.core.geometry import Tile, bearing_direction
from game.rules.orders import Action, ActionKind
from game.rules.positions import are_enemies, combatants, name_of, occupant, tile_of
from game.rules.registry import module_overlays
from game.ui.battle import menus
from game.ui.battle.input import CURSOR_KEYS, next_module_overlay
from game.ui.battle.ruler import ruler_note
from game.ui.input.bindings import BINDINGS
from game.ui.map_view import DRAG_THRESHOLD
from game.ui.planner import Draft, DraftState
from game.ui.workbench import keep_panel
from game.workbench import edits
from game.world import Condition, Facing

TAB_KEYS = {
    "workbench_setup": "setup",
    "workbench_see": "see",
    "workbench_try": "try",
    "workbench_keep": "keep",
}


class WorkbenchInput:
    """Routes the workbench screen's events.  The screen (`WorkbenchScene`) provides the state
    (`setup`, `world`, `view`, `tab`, `selected`, `partner`, `placing`, `menu`, `field`,
    `playback`, `buttons` …) and the commands (`edit`, `select`, `draft`, `planner` …)."""

    token_drag: dict | None = None

    def on_event(self, event: pygame.event.Event) -> None:
        """Route input: the text field, the menu, then panels and the map."""
        if self.field is not None:
            self.field.handle(event)
            if self.field.closed:
                self.field = None
            return
        if self.menu is not None:
            used = self.menu.handle(event)
            if self.menu is not None and self.menu.closed:
                self.menu = None
            if used:
                return
        view = self.view
        if event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.rects["right"].collidepoint(pos):
                self.scroll_panel(-event.y)
            elif not self.log.handle(event, self.rects["log"]):
                view.wheel(event)
        elif event.type == pygame.MOUSEMOTION:
            view.motion(event)
            drag = self.token_drag
            if drag is not None:
                dx, dy = event.pos[0] - drag["pos"][0], event.pos[1] - drag["pos"][1]
                drag["moved"] = drag["moved"] or abs(dx) + abs(dy) > DRAG_THRESHOLD
            for button in self.buttons:
                button.handle(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._on_release(event)

    # ------------------------------------------------------------- the mouse
    def _on_press(self, event: pygame.event.Event) -> None:
        if event.button == 1:
            for button in list(self.buttons):
                if button.rect.collidepoint(event.pos):
                    button.handle(event)
                    return
        tile = (
            self.view.camera.screen_to_tile(event.pos)
            if self.view.camera.viewport.collidepoint(event.pos)
            else None
        )
        if event.button == 1 and tile is not None and self.tab == "setup" and self.playback is None:
            who = occupant(self.world, tile)
            if who is not None and self.placing is None:
                self.token_drag = {"eid": who, "pos": event.pos, "moved": False}
                return
        if self.view.press(event):
            return
        if event.button == 3 and tile is not None:
            self.right_click(tile)

    def _on_release(self, event: pygame.event.Event) -> None:
        drag = self.token_drag
        if drag is not None and event.button == 1:
            self.token_drag = None
            tile = self.view.camera.screen_to_tile(event.pos)
            if tile is None:
                return
            eid = drag["eid"]
            if drag["moved"] and tile != tile_of(self.setup.world, eid):
                if self.edit(edits.move(self.setup, eid, tile), f"move {self.name(eid)}"):
                    self.select(eid)
            else:
                self.click_tile(tile, event.pos)
            return
        tile = self.view.release(event)
        if tile is not None:
            self.view.cursor = tile
            self.click_tile(tile, event.pos)

    def name(self, eid: int) -> str:
        """A combatant's name."""
        return name_of(self.world, eid)

    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means in the tab shown."""
        who = occupant(self.world, tile)
        if self.playback is not None:
            self.select(who)
            return
        if self.tab == "setup" and self.placing is not None:
            if who is not None:
                self.select(who)
                return
            character, side = self.placing, self.place_side
            if self.edit(edits.place(self.setup, character, tile, side), f"place {character.short}"):
                placed = max(self.setup.combatants)
                self.select(placed)
            return
        if self.tab == "see":
            self.pick_pair(who)
            return
        if self.tab == "try":
            self.try_click(tile, who, pos)
            return
        self.select(who)

    def pick_pair(self, who: int | None) -> None:
        """See: the first click picks a combatant, the next another for the pair; clicking the
        partner swaps the two, clicking the first again drops the partner, an empty tile clears."""
        if who is None:
            if self.partner is not None:
                self.partner = None
            else:
                self.select(None)
        elif self.selected is None:
            self.select(who)
        elif who == self.selected:
            self.partner = None
        elif who == self.partner:
            self.selected, self.partner = self.partner, self.selected
        else:
            self.partner = who

    def right_click(self, tile: Tile) -> None:
        """Set up: turn the selected combatant toward the tile; See: pick the first of a pair;
        Try: the order's final facing toward the tile."""
        if self.tab == "see":
            who = occupant(self.world, tile)
            if who is not None:
                self.select(who)
                self.partner = None
        elif self.tab == "try":
            self.face_toward(tile)
        elif self.tab == "setup":
            eid = self.selected
            if eid is not None and tile != tile_of(self.setup.world, eid):
                facing = bearing_direction(tile_of(self.setup.world, eid), tile)
                self.edit(edits.turn(self.setup, eid, facing), f"turn {self.name(eid)}")

    # ------------------------------------------------------------- drafting orders (Try)
    def try_click(self, tile: Tile, who: int | None, pos: tuple[int, int]) -> None:
        """Try: a path for the selected combatant, or the attacks on an enemy clicked."""
        eid = self.selected
        if eid is None or eid not in self.setup.standing:
            self.select(who)
            return
        if who == eid:
            draft = self.draft(eid)
            if draft.state.path:
                self.set_path(eid, tile)
            return
        if who is not None and are_enemies(self.world, eid, who):
            self.open_attack_menu(eid, who, pos)
        elif who is not None:
            self.select(who)
        else:
            self.set_path(eid, tile)

    def set_path(self, eid: int, tile: Tile) -> None:
        """The shortest path to a tile (with a Sprint or Retreat if it needs one), as the battle does."""
        draft, planner = self.draft(eid), self.planner(eid)
        state = planner.with_path(draft, tile)
        if state is None:
            self.toast(f"{self.name(eid)} cannot reach {tile} this round, even with the best roll", bad=True)
            return
        draft.change(state)
        self.commit_draft(draft, f"path of {self.name(eid)}")
        if state.auto_move is not None:
            self.toast(f"{state.auto_move.label} added: the path needs it")

    def add_action(self, draft: Draft, action: Action) -> None:
        """An action from a menu into the order."""
        draft.add(action)
        self.commit_draft(draft, f"{action.kind.label} for {self.name(draft.actor)}")

    def open_attack_menu(self, eid: int, target: int, pos: tuple[int, int]) -> None:
        """The battle screen's menu of attacks on `target`, with target numbers and chances."""
        draft, planner = self.draft(eid), self.planner(eid)
        self.menu = menus.attack_menu(
            self.theme,
            self.world,
            planner,
            draft,
            target,
            pos,
            lambda a: self.add_action(draft, a),
            lambda t, k, p: self.open_called_menu(eid, t, k, p),
            lambda t: self.face_toward(tile_of(self.world, t)),
            self.select,  # "Inspect": write the target's own order next
        )

    def open_called_menu(self, eid: int, target: int, kind: ActionKind, pos: tuple[int, int]) -> None:
        """Called Shots at each body part (CO.08)."""
        draft = self.draft(eid)
        add = lambda a: self.add_action(draft, a)  # noqa: E731 - the menu's callback
        self.menu = menus.called_shot_menu(
            self.theme, self.world, self.planner(eid), draft, target, kind, pos, add
        )

    def open_action_menu(self) -> None:
        """Every action of the selected combatant: defences and movement, attacks through each enemy."""
        eid = self.selected
        if eid is None or eid not in self.setup.standing or self.playback is not None:
            self.toast("Select a combatant who can act first", bad=True)
            return
        draft, planner = self.draft(eid), self.planner(eid)
        rect, px = self.rects["right"], self.theme.px
        self.menu = menus.action_menu(
            self.theme,
            self.world,
            planner,
            draft,
            (rect.x - px(330), rect.y + px(120)),
            lambda a: self.add_action(draft, a),
            lambda t, p: self.open_attack_menu(eid, t, p),
            lambda t: self.view.camera.tile_centre(tile_of(self.world, t)),
            lambda state: self.change_draft(draft, state),
        )

    def change_draft(self, draft: Draft, state: DraftState) -> None:
        """A menu's change to the whole draft (fleeing off the map) into the order."""
        draft.change(state)
        self.commit_draft(draft, f"flight of {self.name(draft.actor)}" if state.flee else "")

    def face_toward(self, tile: Tile) -> None:
        """The selected combatant's final facing toward a tile (from where its path ends)."""
        eid = self.selected
        if eid is None or eid not in self.setup.standing:
            return
        end, _ = self.plan_end(eid)
        if end != tile:
            draft = self.draft(eid)
            draft.set_facing(bearing_direction(end, tile))
            self.commit_draft(draft, f"facing of {self.name(eid)}")

    def turn(self, step: int) -> None:
        """Q/E: in Try the order's final facing, elsewhere the combatant's facing now."""
        eid = self.selected
        if eid is None or not self.setup.world.has(eid, Facing):
            return
        if self.tab == "try":
            if eid not in self.setup.standing:
                return
            _, facing = self.plan_end(eid)
            draft = self.draft(eid)
            draft.set_facing(facing + step)
            self.commit_draft(draft, f"facing of {self.name(eid)}")
        else:
            facing = self.setup.world.get(eid, Facing).direction
            self.edit(edits.turn(self.setup, eid, facing + step), f"turn {self.name(eid)}")

    # ------------------------------------------------------------- keys
    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event)
        if cmd is None:
            return
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        view = self.view
        if cmd in CURSOR_KEYS:
            view.move_cursor(*CURSOR_KEYS[cmd])
        elif cmd in TAB_KEYS:
            self.set_tab(TAB_KEYS[cmd])
        elif cmd == "back":
            self.back()
        elif cmd == "help":
            self.app.push_screen("help")
        elif cmd == "undo":
            self.undo()
        elif cmd == "redo":
            self.redo()
        elif cmd == "save":
            keep_panel.save_sandbox(self)
        elif cmd == "workbench_picture":
            keep_panel.export_picture(self)
        elif cmd == "activate" and view.cursor is not None:
            view.keyboard_cursor = True
            self.click_tile(view.cursor, view.camera.tile_centre(view.cursor))
        elif view.command(cmd):
            pass
        else:
            self._command(cmd, shift)

    def _command(self, cmd: str, shift: bool) -> None:
        """The keys that act on the position or its view."""
        if cmd == "centre" and self.focus() is not None:
            self.view.camera.centre_on(tile_of(self.world, self.focus()))  # type: ignore[arg-type]
        elif cmd == "next_unit":
            living = [e for e in combatants(self.world) if self.world.get(e, Condition).present]
            if living:
                index = living.index(self.selected) if self.selected in living else -1
                self.select(living[(index + (-1 if shift else 1)) % len(living)])
                self.view.keyboard_cursor = True
        elif cmd == "ruler":
            self.ruler = not self.ruler
            self.toast(ruler_note(self.ruler, self.world, self.focus()), log=False)
        elif cmd == "next_target" and self.selected is not None:
            others = [e for e in combatants(self.world) if e != self.selected]
            if others:
                index = others.index(self.partner) if self.partner in others else -1
                self.partner = others[(index + 1) % len(others)]
        elif cmd.startswith("overlay_"):
            name = cmd.removeprefix("overlay_")
            on = self.view.overlays.toggle(name)
            self.toast(f"{name} overlay {'on' if on else 'off'}", log=False)
        elif cmd == "module_overlays":
            self.toast(
                next_module_overlay(self.view.overlays, module_overlays(self.setup.options)), log=False
            )
        elif cmd == "face_left":
            self.turn(-1)
        elif cmd == "face_right":
            self.turn(1)
        elif cmd == "face_cursor" and self.view.cursor is not None:
            if self.tab == "try":
                self.face_toward(self.view.cursor)
            else:
                self.right_click(self.view.cursor)
        elif self.playback is not None and cmd in ("step", "play", "skip", "actions"):
            self.pace("play" if cmd == "actions" else cmd)
        elif cmd == "actions" and self.tab == "try":
            self.open_action_menu()
        elif cmd == "workbench_remove" and self.selected is not None and self.playback is None:
            eid = self.selected
            self.edit(edits.remove(self.setup, eid), f"remove {self.name(eid)}")
        elif cmd == "workbench_matrix":
            self.matrix = not self.matrix
            self.toast(f"attack matrix {'on' if self.matrix else 'off'}", log=False)

    def pace(self, what: str) -> None:
        """Resolution pace: step, play/pause, skip."""
        pb = self.playback
        if pb is None:
            return
        if what == "step":
            pb.playing = False
            for event in pb.step():
                self.log.add(event)
        elif what == "play":
            pb.playing = not pb.playing
        elif what == "skip":
            for event in pb.skip():
                self.log.add(event)

    def back(self) -> None:
        """Esc: stop placing, close the matrix, the resolution shown, the pair, the selection; then
        leave (warning once first when the position is not saved)."""
        if self.placing is not None:
            self.placing = None
        elif self.matrix:
            self.matrix = False
        elif self.playback is not None:
            self.close_playback()
        elif self.partner is not None:
            self.partner = None
        elif self.selected is not None:
            self.select(None)
        else:
            self.leave()
