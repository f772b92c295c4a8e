"""The battle screen: the map with tokens and overlays, the stage bar, the sheet and
order panel, the log; declaring orders, AI turns in the background, hand-over in
hot-seat, and resolution playback.

All changes to the battle go through `Battle.declare` and `Battle.resolve`;
everything drawn is read from the battle's world (or, during playback, from a
private copy that replays the round's events).
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from game.ai.controller import DeclarationView
from game.core.geometry import Tile, bearing_direction, direction_name
from game.rules.battle import Battle
from game.rules.events import TimingRolled
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    find_by_name,
    is_active,
    name_of,
    occupant,
    tile_of,
)
from game.rules.registry import TARGETED
from game.rules.stats import movement_rate
from game.ui.ai_runner import AiDeclaration, controller_for
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.planner import Draft, DraftState, Planner, forecast_detail, forecast_lines, terrain_board
from game.ui.playback import Playback
from game.ui.render.battlefield import (
    draw_event_text,
    draw_hint,
    draw_items,
    draw_side_panel,
    draw_toasts,
    draw_tokens,
    screen_rects,
    side_styles,
    stage_reached,
)
from game.ui.render.camera import PAN_SPEED, Camera
from game.ui.render.log import LogPanel
from game.ui.render.map_layer import MapLayer
from game.ui.render.overlays import (
    OVERLAYS,
    OverlayData,
    OverlayLayer,
    arc_array,
    band_array,
    draw_legend,
    legend_size,
    reach_arrays,
    sight_arrays,
    threat_arrays,
    threat_parts,
)
from game.ui.render.panels import Chip, draw_dice, draw_stage_bar, look_of
from game.ui.render.tokens import TokenArt, draw_token
from game.ui.render.widgets import Button, MenuItem, PopupMenu, blit_text, draw_tooltip
from game.ui.theme import SideStyle
from game.world import Condition, Equipment, Facing, Position, Side, World

DRAG_THRESHOLD = 6  # pixels of mouse travel before a click becomes a drag
TOAST_SECONDS = 4.0
KEY_PAN = 64  # pixels per key press (key repeat keeps it going)
EDGE = 10  # pixels from the window edge where edge scrolling starts
LEGEND_MARGIN = 8  # pixels (before UI scale) between the legend box and the map's edges


class BattleScene(Scene):
    """One battle, from its first round to its end."""

    def __init__(self, app: App, battle: Battle, battle_map: Any = None, title: str | None = None) -> None:
        super().__init__(app)
        self.battle = battle
        self.battle_map = battle_map
        self.title = title or str(battle.meta.get("title") or "Battle")
        self.terrain = terrain_board(battle.board)
        self.art = getattr(battle_map, "art", None) if battle_map is not None else None
        self.styles = self._side_styles()
        self.map_layer = MapLayer(battle.board, self.art)
        self.overlays = OverlayLayer(self.theme)
        self.tokens = TokenArt()
        self.log = LogPanel(self.theme)
        self.camera = Camera((battle.board.width, battle.board.height), pygame.Rect(0, 0, 100, 100))
        self.rects: dict[str, pygame.Rect] = {}
        self.on_resize(app.screen.get_size())
        self._logged = 0
        self._sync_log()
        self.phase = "idle"  # declare | ai | playback | handover | over
        self.actor: int | None = None
        self.draft: Draft | None = None
        self.planner: Planner | None = None
        self.selected: int | None = None
        self.hover_tile: Tile | None = None
        self.cursor: Tile | None = None
        self.keyboard_cursor = False
        self.menu: PopupMenu | None = None
        self.ai: AiDeclaration | None = None
        self.playback: Playback | None = None
        self.toasts: list[list[Any]] = []
        self.last_human_side: str | None = None
        self.drag: dict[str, Any] | None = None
        self.buttons: list[Button] = []
        self.row_tips: list[tuple[pygame.Rect, list[str]]] = []
        self.chip_rects: list[tuple[pygame.Rect, int]] = []
        self.clock = 0.0
        self._overlay_key: object = None
        self._memo: dict[object, Any] = {}
        self.finished = False
        self._controllers: dict[str, Any] = {}
        self.saved_path: Path | None = None
        if battle.number == 0:  # a new battle (or a rematch): autosaves of its own
            from game.persist.autosave import start_battle

            start_battle(battle)
        first = next((e for e in combatants(battle.world) if is_active(battle.world, e)), None)
        if first is not None:
            self.camera.centre_on(tile_of(battle.world, first), snap=True)
        self.started = False  # the first update starts the flow (the scene is on the stack by then)

    # ------------------------------------------------------------- set-up
    def _side_styles(self) -> dict[str, SideStyle]:
        return side_styles(self.theme, self.battle.world, self.battle.meta)

    def controller_of(self, eid: int) -> str:
        """ "human" or "ai:…" for a combatant's side."""
        side = self.battle.world.get(eid, Side).name
        style = self.styles.get(side)
        return style.controller if style else "human"

    def style_of(self, world: World, eid: int) -> SideStyle:
        """The side style of a combatant."""
        side = world.get(eid, Side).name
        return self.styles.get(side) or self.theme.side_style(side, len(self.styles))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window size."""
        t = self.theme
        self.rects = screen_rects(t, size)
        self.camera.resize(self.rects["map"])
        self.overlays.set_theme(t)
        self.log.theme = t

    def on_enter(self) -> None:
        """Back on top (after a hand-over, help or pause): take up new settings."""
        if self.overlays.theme is not self.theme:
            self.on_resize(self.app.screen.get_size())
            self.styles = self._side_styles()

    # ------------------------------------------------------------- the flow
    @property
    def world(self) -> World:
        """The world to draw: the playback copy while a round is being shown."""
        return self.playback.world if self.playback is not None else self.battle.world

    def _sync_log(self) -> None:
        events = self.battle.events()
        for event in events[self._logged :]:
            self.log.add(event)
        self._logged = len(events)

    def advance(self) -> None:
        """Move the battle on until a human must act or something must be shown."""
        battle = self.battle
        if self.playback is not None or self.finished:
            return
        if battle.round is None:
            if battle.over:
                self._finish()
                return
            battle.start_round()
            self._sync_log()
            self._autosave()
        eid = battle.next_declarer
        if eid is None:
            self._resolve()
            return
        if self.controller_of(eid) == "human":
            side = battle.world.get(eid, Side).name
            humans = {s for s, st in self.styles.items() if st.controller == "human"}
            if len(humans) > 1 and side != self.last_human_side:
                from game.ui.scenes.handover import HandoverScene

                self.phase = "handover"
                self.app.push(HandoverScene(self.app, self, eid))
                return
            self.begin_human(eid)
        else:
            self.begin_ai(eid)

    def begin_human(self, eid: int) -> None:
        """A human declares for `eid`."""
        battle = self.battle
        assert battle.round is not None
        self.phase = "declare"
        self.actor = eid
        self.draft = Draft(eid)
        self.planner = Planner(battle.world, battle.board, eid, battle.round.orders, battle.options)
        self.selected = eid
        self.last_human_side = battle.world.get(eid, Side).name
        self.cursor = tile_of(battle.world, eid)
        self.camera.ensure_visible(self.cursor, 3)

    def begin_ai(self, eid: int) -> None:
        """An AI declares for `eid` in a worker thread."""
        self.phase = "ai"
        self.actor = eid
        self.draft = None
        self.planner = None
        view = DeclarationView.of(self.battle, eid)
        self.ai = AiDeclaration(self._controller(eid), view)

    def _controller(self, eid: int) -> Any:
        """One controller per side, made once (it may keep state between declarations)."""
        side = self.battle.world.get(eid, Side).name
        if side not in self._controllers:
            self._controllers[side] = controller_for(
                self.controller_of(eid), self.battle.seed + len(self._controllers)
            )
        return self._controllers[side]

    def _poll_ai(self) -> None:
        ai = self.ai
        if ai is None or not ai.finished:
            return
        self.ai = None
        order = ai.result()
        if ai.error:
            self.log.add_text(
                f"{name_of(self.battle.world, ai.actor)}'s AI failed ({ai.error}); it does nothing"
            )
        problems = self.battle.declare(order)
        if problems:
            self.log.add_text(f"{name_of(self.battle.world, ai.actor)}'s AI order was refused: {problems[0]}")
            self.battle.declare(Order(ai.actor))
        self._sync_log()
        self.advance()

    def confirm(self) -> None:
        """Declare the drafted order."""
        if self.phase != "declare" or self.draft is None:
            return
        order = self.draft.order()
        problems = self.battle.declare(order)
        if problems:
            self.toast("Cannot declare: " + problems[0], bad=True)
            return
        self._sync_log()
        self.draft = None
        self.planner = None
        self.menu = None
        self.phase = "idle"
        self.advance()

    def _resolve(self) -> None:
        before = self.battle.world.copy()
        events = self.battle.resolve()
        self.playback = Playback(before, events, self.app.prefs.animation_speed)
        self.phase = "playback"
        self.draft = None
        self.planner = None
        self.actor = None

    def _end_playback(self) -> None:
        self.playback = None
        self._logged = len(self.battle.events())
        self.phase = "idle"
        self.advance()

    def _finish(self) -> None:
        from game.ui.scenes.end import EndScene

        self.finished = True
        self.phase = "over"
        self.app.push(EndScene(self.app, self))

    def _autosave(self) -> None:
        try:
            from game.persist.autosave import autosave

            autosave(self.battle)
        except Exception as err:  # noqa: BLE001 - a failed autosave must not stop the game
            self.log.add_text(f"autosave failed: {err}")

    def can_save(self) -> bool:
        """Saving is allowed in the Strategy Stage (not while a round is being shown)."""
        return self.battle.round is not None and self.playback is None and not self.finished

    def save(self) -> Path | None:
        """Save to the user's saves folder; returns the path (None if not now)."""
        if not self.can_save():
            self.toast("Save in the Strategy Stage (while orders are being declared)", bad=True)
            return None
        from game.persist.autosave import saves_dir
        from game.persist.saves import save_battle

        stem = re.sub(r"[^a-z0-9]+", "-", str(self.battle.meta.get("scenario", "battle")).lower()).strip("-")
        path = (
            saves_dir()
            / f"{stem or 'battle'}-round{self.battle.number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        )
        try:
            save_battle(self.battle, path)
        except OSError as err:
            self.toast(f"Save failed: {err}", bad=True)
            return None
        self.saved_path = path
        self.toast(f"Saved to {path}")
        self.log.add_text(f"saved to {path}")
        return path

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades after a few seconds."""
        self.toasts.append([text, TOAST_SECONDS, bad])
        self.toasts = self.toasts[-4:]

    # ------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Advance animations, poll the AI, play the round."""
        self.clock += dt
        if not self.started:
            self.started = True
            self.advance()
        self.camera.update(dt)
        self._edge_scroll(dt)
        if self.phase == "ai":
            self._poll_ai()
        if self.playback is not None:
            for event in self.playback.update(dt):
                self.log.add(event)
            if self.playback.done:
                self._end_playback()
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self.menu is not None and self.menu.closed:
            self.menu = None
        self._refresh_overlays()
        self._keep_clear_of_legend()

    def _keep_clear_of_legend(self) -> None:
        """The legend box covers the map's bottom-left corner: the map may scroll past its
        left edge by the legend's width, so no tile has to stay under it."""
        width, _ = legend_size(self.theme, self.overlays)
        self.camera.set_insets(left=width + 2 * self.theme.px(LEGEND_MARGIN) if width else 0)

    def _edge_scroll(self, dt: float) -> None:
        if not self.app.prefs.edge_scroll or not pygame.mouse.get_focused() or self.drag or self.menu:
            return
        x, y = pygame.mouse.get_pos()
        w, h = self.app.screen.get_size()
        mrect = self.rects["map"]
        if not mrect.inflate(EDGE * 4, EDGE * 4).collidepoint((x, y)):
            return
        dx = -1 if x < EDGE else 1 if x > w - EDGE else 0
        dy = -1 if y < EDGE else 1 if y > h - EDGE else 0
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)

    # ------------------------------------------------------------- overlays
    def focus(self) -> int | None:
        """The combatant the overlays are about: the selected one, else the declarer
        (during playback, else whoever the event on screen is about)."""
        shown = None
        if self.playback is not None and self.playback.current is not None:
            who = getattr(self.playback.current, "actor", None) or getattr(
                self.playback.current, "target", None
            )
            shown = find_by_name(self.world, who) if isinstance(who, str) else None
        for eid in (self.selected, self.actor, shown):
            if eid is not None and self.world.has(eid, Position):
                return eid
        return None

    def viewpoint(self) -> tuple[int, Planner, Draft] | None:
        """Whose attacks the hit chances show, and from where: the combatant the overlays are
        about (`focus`), standing where `plan_end` puts it; the order being drafted for the
        declarer, and for anyone else the path and facing it declared this round.

        The sight overlay is drawn from that same tile, so the two always agree."""
        eid = self.focus()
        if eid is None or not is_active(self.world, eid):
            return None
        if (
            eid == self.actor
            and self.phase == "declare"
            and self.planner is not None
            and self.draft is not None
        ):
            return eid, self.planner, self.draft
        key = ("viewpoint", eid, self._world_version())
        if key not in self._memo:
            rnd = self.battle.round
            earlier = dict(rnd.orders) if rnd is not None and self.playback is None else {}
            declared = earlier.pop(eid, None)
            draft = Draft(eid)
            if declared is not None:  # where it means to go, with the Sprint or Retreat that takes it there
                moves = tuple(
                    a for a in declared.actions if a.kind in (ActionKind.SPRINT, ActionKind.RETREAT)
                )
                draft.state = DraftState(declared.path, declared.facing, moves)
            planner = Planner(self.world, self.battle.board, eid, earlier, self.battle.options)
            self._memo[key] = (planner, draft)
        planner, draft = self._memo[key]
        return eid, planner, draft

    def hovered_combatant(self) -> int | None:
        """The living combatant under the mouse or keyboard cursor."""
        tile = self.cursor if self.keyboard_cursor else self.hover_tile
        return occupant(self.world, tile) if tile is not None else None

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face: its draft or declared order, else now."""
        world = self.world
        tile, facing = tile_of(world, eid), world.get(eid, Facing).direction
        order: Order | None = None
        if self.draft is not None and eid == self.actor:
            order = self.draft.order()
        elif self.battle.round is not None and self.playback is None:
            order = self.battle.round.orders.get(eid)
        if order is not None:
            if order.path:
                tile = order.path[-1]
                if len(order.path) >= 2 or order.path[-1] != tile_of(world, eid):
                    prev = order.path[-2] if len(order.path) >= 2 else tile_of(world, eid)
                    facing = bearing_direction(prev, order.path[-1])
            if order.facing is not None:
                facing = order.facing
        return tile, facing

    def _world_version(self) -> tuple[int, int, int]:
        rnd = self.battle.round
        return (
            self.battle.number,
            len(rnd.orders) if rnd is not None else -1,
            self.playback.index if self.playback is not None else -2,
        )

    def _refresh_overlays(self) -> None:
        active = frozenset(self.overlays.active)
        focus = self.focus()
        hovered = self.hovered_combatant()
        plan = self.plan_end(focus) if focus is not None else None
        draft_order = self.draft.order() if self.draft is not None else None
        sight_origin = plan[0] if plan else (self.cursor if self.keyboard_cursor else self.hover_tile)
        arcs_of = hovered if hovered is not None else focus
        arcs_plan = self.plan_end(arcs_of) if arcs_of is not None else None
        key = (active, focus, plan, draft_order, sight_origin, arcs_plan, self._world_version())
        if key == self._overlay_key:
            return
        self._overlay_key = key
        world, board = self.world, self.terrain
        data = OverlayData(board.width, board.height)
        version = self._world_version()
        if focus is not None and "reach" in active and is_active(world, focus):
            start = tile_of(world, focus)
            if self.planner is not None and focus == self.actor and draft_order is not None:
                walk_m = self.planner.walk_metres
                sprint_m = self.planner.sprint_metres(replace(draft_order, path=()))
            else:
                walk_m = float(max(0, movement_rate(world, focus).total))
                sprint_m = walk_m + min(11, max(0, movement_rate(world, focus).total))
            occupied = [
                tile_of(world, e)
                for e in combatants(world)
                if e != focus and not world.get(e, Condition).dead
            ]
            mkey = ("reach", focus, start, walk_m, sprint_m, version)
            if mkey not in self._memo:
                self._memo[mkey] = reach_arrays(board, start, walk_m, sprint_m, occupied)
            data.walk, data.sprint = self._memo[mkey]
        weapon = world.get(focus, Equipment).missile_weapon() if focus is not None else None
        if plan is not None and weapon is not None and "range" in active:
            mkey = ("range", plan[0], weapon)
            if mkey not in self._memo:
                self._memo[mkey] = band_array(board, plan[0], weapon)
            data.bands, data.band_origin, data.weapon = self._memo[mkey], plan[0], weapon
        if sight_origin is not None and "sight" in active and board.in_bounds(sight_origin):
            mkey = ("sight", sight_origin)
            if mkey not in self._memo:
                self._memo[mkey] = sight_arrays(board, sight_origin)
            data.unseen, data.cover, data.sight_beyond = self._memo[mkey]
            data.sight_origin = sight_origin
        if focus is not None and "threat" in active:
            facing = plan[1] if plan else None
            pkey = ("threat parts", world.get(focus, Side).name, version)
            if pkey not in self._memo:
                self._memo[pkey] = threat_parts(world, board, focus)
            mkey = ("threat", pkey, facing)
            if mkey not in self._memo:
                self._memo[mkey] = threat_arrays(self._memo[pkey], board.width, board.height, facing)
            data.threat_melee, data.threat_missile, data.threat_back = self._memo[mkey]
        if arcs_plan is not None and "arcs" in active:
            data.arcs = arc_array(board, arcs_plan[0], arcs_plan[1])
            data.arc_centre = arcs_plan[0]
        if len(self._memo) > 64:
            self._memo.clear()
        self.overlays.set_data(data)

    # ------------------------------------------------------------- input
    def on_event(self, event: pygame.event.Event) -> None:
        """Route input: the pop-up menu first, then panels, then the map."""
        if self.menu is not None:
            used = self.menu.handle(event)
            if self.menu.closed:
                self.menu = None
            if used:
                return
        if event.type == pygame.KEYDOWN:
            self._on_key(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.log.handle(event, self.rects["log"]):
                return
            if self.rects["map"].collidepoint(pos) or not pygame.mouse.get_focused():
                self.camera.zoom(1 if event.y > 0 else -1, pos)
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_cursor = False
            self.hover_tile = self.camera.screen_to_tile(event.pos)
            for button in self.buttons:
                button.handle(event)
            if self.drag is not None:
                dx, dy = event.pos[0] - self.drag["pos"][0], event.pos[1] - self.drag["pos"][1]
                if self.drag["moved"] or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                    self.drag["moved"] = True
                    self.camera.target.update(self.drag["target"][0] - dx, self.drag["target"][1] - dy)
                    self.camera.clamp(snap=True)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (1, 2) and self.rects["map"].collidepoint(event.pos):
                self.drag = {
                    "pos": event.pos,
                    "target": tuple(self.camera.target),
                    "moved": False,
                    "button": event.button,
                }
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
                tile = self.camera.screen_to_tile(event.pos)
                if tile is not None:
                    self.face_toward(tile)
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and self.drag is not None
            and event.button == self.drag["button"]
        ):
            drag, self.drag = self.drag, None
            if not drag["moved"] and event.button == 1:
                tile = self.camera.screen_to_tile(event.pos)
                if tile is not None:
                    self.cursor = tile
                    self.click_tile(tile, event.pos)

    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event)
        if cmd is None:
            return
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        cam = self.camera
        moves = {"cursor_left": (-1, 0), "cursor_right": (1, 0), "cursor_up": (0, -1), "cursor_down": (0, 1)}
        if cmd in moves:
            base = (
                self.cursor
                or self.hover_tile
                or (self.battle.board.width // 2, self.battle.board.height // 2)
            )
            dx, dy = moves[cmd]
            self.cursor = (
                min(self.battle.board.width - 1, max(0, base[0] + dx)),
                min(self.battle.board.height - 1, max(0, base[1] + dy)),
            )
            self.keyboard_cursor = True
            cam.ensure_visible(self.cursor)
        elif cmd == "back":
            self.back()
        elif cmd == "help":
            from game.ui.scenes.settings import HelpScene

            self.app.push(HelpScene(self.app))
        elif cmd == "save":
            self.save()
        elif cmd == "activate" and self.cursor is not None:
            self.keyboard_cursor = True
            self.click_tile(self.cursor, cam.tile_centre(self.cursor))
        elif cmd.startswith("pan_"):
            dx, dy = {"pan_left": (-1, 0), "pan_right": (1, 0), "pan_up": (0, -1), "pan_down": (0, 1)}[cmd]
            cam.pan(dx * self.theme.px(KEY_PAN), dy * self.theme.px(KEY_PAN))
        elif cmd == "zoom_in":
            cam.zoom(1)
        elif cmd == "zoom_out":
            cam.zoom(-1)
        elif cmd == "centre":
            focus = self.focus()
            if focus is not None:
                cam.centre_on(tile_of(self.world, focus))
        elif cmd == "next_unit":
            self.cycle_unit(-1 if shift else 1)
        elif cmd == "next_target":
            self.cycle_target()
        elif cmd == "grid":
            self.map_layer.grid = not self.map_layer.grid
        elif cmd.startswith("overlay_"):
            name = cmd.removeprefix("overlay_")
            on = self.overlays.toggle(name)
            self.toast(f"{name} overlay {'on' if on else 'off'}")
        elif self.playback is not None and cmd in ("step", "play", "skip", "actions"):
            self.pace("play" if cmd == "actions" else cmd)
        elif self.phase == "declare":
            if cmd == "actions":
                self.open_action_menu()
            elif cmd == "face_left":
                self.turn(-1)
            elif cmd == "face_right":
                self.turn(1)
            elif cmd == "face_cursor" and self.cursor is not None:
                self.face_toward(self.cursor)
            elif cmd == "undo":
                self.undo()
            elif cmd == "confirm":
                self.confirm()

    def back(self) -> None:
        """Esc: close the innermost thing; with nothing open, pause."""
        if self.menu is not None:
            self.menu = None
        elif self.draft is not None and (
            self.draft.state.path or self.draft.state.actions or self.draft.state.facing is not None
        ):
            self.draft.clear()
            self.toast("Order cleared (Backspace undoes)")
        elif self.actor is not None and self.selected != self.actor and self.phase == "declare":
            self.select(self.actor)
        else:
            from game.ui.scenes.settings import PauseScene

            self.app.push(PauseScene(self.app, self))

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
        if pb.done:
            self._end_playback()

    def select(self, eid: int | None) -> None:
        """Inspect a combatant (its sheet and overlays)."""
        self.selected = eid
        if eid is not None and self.world.has(eid, Position):
            self.cursor = tile_of(self.world, eid)
            self.camera.ensure_visible(self.cursor)

    def cycle_unit(self, step: int) -> None:
        """Tab: the next living combatant."""
        living = [e for e in combatants(self.world) if not self.world.get(e, Condition).dead]
        if not living:
            return
        current = self.selected if self.selected in living else None
        index = (living.index(current) + step) % len(living) if current is not None else 0
        self.select(living[index])
        self.keyboard_cursor = True

    def cycle_target(self) -> None:
        """T: the cursor on the next enemy of the declarer (or of the selected)."""
        me = self.actor if self.actor is not None else self.selected
        if me is None:
            return
        enemies = [
            e
            for e in combatants(self.world)
            if are_enemies(self.world, me, e) and not self.world.get(e, Condition).dead
        ]
        if not enemies:
            return
        here = self.cursor
        tiles = [tile_of(self.world, e) for e in enemies]
        index = (tiles.index(here) + 1) % len(tiles) if here in tiles else 0
        self.cursor = tiles[index]
        self.keyboard_cursor = True
        self.camera.ensure_visible(self.cursor)

    # ------------------------------------------------------------- orders
    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means now."""
        world = self.world
        who = occupant(world, tile)
        if self.phase != "declare" or self.draft is None or self.planner is None or self.actor is None:
            self.select(who)
            return
        if who == self.actor:
            if self.draft.state.path:
                self.set_path(tile)
            self.select(who)
            return
        if who is not None and are_enemies(world, self.actor, who):
            self.open_attack_menu(who, pos)
            return
        if who is not None:
            self.select(who)
            return
        self.set_path(tile)

    def set_path(self, tile: Tile) -> None:
        """Plan movement to a tile (the shortest path, with Sprint or Retreat when it needs one)."""
        assert self.draft is not None and self.planner is not None
        state = self.planner.with_path(self.draft, tile)
        if state is None:
            limit = self.planner.sprint_metres(replace(self.draft.order(), path=()))
            self.toast(f"Cannot reach {tile}: beyond {limit:g} m even with the best Sprint", bad=True)
            return
        self.draft.change(state)
        if state.auto_move is not None:
            self.toast(f"{state.auto_move.label} added: the path needs it")

    def turn(self, step: int) -> None:
        """Turn the planned final facing."""
        if self.draft is None or self.actor is None:
            return
        _, facing = self.plan_end(self.actor)
        self.draft.set_facing(facing + step)

    def face_toward(self, tile: Tile) -> None:
        """Face the tile from where the path ends."""
        if self.phase != "declare" or self.draft is None or self.actor is None:
            return
        end, _ = self.plan_end(self.actor)
        if end != tile:
            self.draft.set_facing(bearing_direction(end, tile))

    def undo(self) -> None:
        """Undo the last change to the order."""
        if self.draft is not None and not self.draft.undo():
            self.toast("Nothing to undo")

    def add_action(self, action: Action) -> None:
        """Add an action to the order."""
        if self.draft is not None:
            self.draft.add(action)

    def open_attack_menu(self, target: int, pos: tuple[int, int]) -> None:
        """The attacks on a target, with target numbers and chances, impossible ones with why."""
        assert self.draft is not None and self.planner is not None
        planner, draft = self.planner, self.draft
        items = [self._item(c) for c in planner.attack_choices(draft, target)]
        eq = self.world.get(self.actor, Equipment) if self.actor is not None else None
        kind = (
            ActionKind.MISSILE_STRIKE
            if eq is not None and eq.melee_weapon() is None and eq.missile_weapon()
            else ActionKind.STRIKE
        )
        items.append(
            MenuItem(
                f"{kind.label} with a Called Shot…", lambda: self.open_called_menu(target, kind, pos), "▸"
            )
        )
        items.append(
            MenuItem(
                f"Face {name_of(self.world, target)}", lambda: self.face_toward(tile_of(self.world, target))
            )
        )
        items.append(MenuItem(f"Inspect {name_of(self.world, target)}", lambda: self.select(target)))
        self.menu = PopupMenu(self.theme, f"Attack {name_of(self.world, target)}", items, pos)

    def open_called_menu(self, target: int, kind: ActionKind, pos: tuple[int, int]) -> None:
        """Called Shots at each body part (CO.08)."""
        assert self.draft is not None and self.planner is not None
        items = [self._item(c) for c in self.planner.called_shot_choices(self.draft, target, kind)]
        self.menu = PopupMenu(self.theme, f"Called Shot on {name_of(self.world, target)}", items, pos)

    def open_action_menu(self) -> None:
        """Every action: defences and movement here, attacks through each enemy."""
        if self.draft is None or self.planner is None:
            return
        planner, draft = self.planner, self.draft
        items = [self._item(c) for c in planner.self_choices(draft)]
        for enemy in planner.enemies():
            choice = planner.quick_attack(draft, enemy)
            tile = tile_of(self.world, enemy)
            pos = self.camera.tile_centre(tile)
            items.append(
                MenuItem(
                    f"Attack {name_of(self.world, enemy)}…",
                    lambda e=enemy, p=pos: self.open_attack_menu(e, p),
                    f"{choice.action.kind.label} {choice.detail()}" if choice.enabled else "▸",
                )
            )
        rect = self.rects["right"]
        self.menu = PopupMenu(
            self.theme, "Add an action", items, (rect.x - self.theme.px(330), rect.y + self.theme.px(120))
        )

    def _item(self, choice: Any) -> MenuItem:
        lines = forecast_lines(self.world, choice.forecast) if choice.forecast is not None else []
        return MenuItem(
            choice.label,
            (lambda a=choice.action: self.add_action(a)) if choice.enabled else None,
            choice.detail() if choice.enabled else "",
            choice.enabled,
            "; ".join(choice.reasons),
            lines,
        )

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen."""
        surface.fill(self.theme.palette.background)
        self.draw_map(surface)
        self._draw_stage_bar(surface)
        self._draw_right(surface)
        self.log.draw(surface, self.rects["log"])
        self._draw_hint(surface)
        self._draw_chance_tip(surface)
        if self.menu is not None:
            self.menu.draw(surface)
            item = self.menu.hovered_item()
            if item is not None and item.explain:
                draw_tooltip(
                    surface,
                    self.theme,
                    item.explain,
                    (self.menu.rect.right, self.menu.item_rects[self.menu.index].y),
                )
        else:
            self._draw_hover_tips(surface)
        self._draw_toasts(surface)

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map viewport: tiles, overlays, plans, tokens, the dice box, the legend."""
        mrect = self.camera.viewport
        self.map_layer.draw(surface, self.camera)
        self.overlays.draw(surface, self.camera)
        clip = surface.get_clip()
        surface.set_clip(mrect)
        self._draw_declared(surface)
        self._draw_draft(surface)
        self._draw_items(surface)
        self._draw_tokens(surface)
        self._draw_cursor(surface)
        if self.playback is not None and self.playback.current is not None:
            draw_dice(
                surface,
                self.theme,
                self.playback.current,
                (mrect.centerx, mrect.y + self.theme.px(8)),
                self.playback.progress(),
            )
        draw_legend(
            surface,
            self.theme,
            self.overlays,
            (mrect.x + self.theme.px(LEGEND_MARGIN), mrect.bottom - self.theme.px(LEGEND_MARGIN)),
        )
        surface.set_clip(clip)

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        draw_tokens(
            surface,
            self.theme,
            self.tokens,
            self.world,
            self.camera,
            self.style_of,
            self.playback,
            selected=self.selected,
            hovered=self.hovered_combatant(),
            declarer=self.actor if self.phase in ("declare", "ai") else None,
            clock=self.clock,
        )
        self._draw_enemy_chances(surface)

    def _draw_items(self, surface: pygame.Surface) -> None:
        draw_items(surface, self.theme, self.world, self.camera)

    def _draw_path(
        self,
        surface: pygame.Surface,
        start: Tile,
        path: tuple[Tile, ...],
        walk_m: float,
        colour_walk: tuple[int, int, int],
        colour_far: tuple[int, int, int],
        width: int,
        dashed: bool = False,
    ) -> list[tuple[Tile, float]]:
        """A path as a line, walk part and Sprint part in their colours; returns tiles with metres."""
        cam = self.camera
        board = self.battle.board
        here, total = start, 0.0
        marks: list[tuple[Tile, float]] = []
        for k, tile in enumerate(path):
            step = board.step_metres(here, tile) or 0.0
            total += step
            colour = colour_walk if total <= walk_m + 1e-9 else colour_far
            a, b = cam.tile_centre(here), cam.tile_centre(tile)
            if not dashed or k % 2 == 0:
                pygame.draw.line(surface, (10, 10, 14), a, b, width + 2)
                pygame.draw.line(surface, colour, a, b, width)
            pygame.draw.circle(surface, colour, b, max(2, width))
            marks.append((tile, total))
            here = tile
        return marks

    def _draw_declared(self, surface: pygame.Surface) -> None:
        """Earlier declarations of this round: paths, final facing, attack arrows."""
        rnd = self.battle.round
        if rnd is None or self.playback is not None:
            return
        world, cam, theme = self.world, self.camera, self.theme
        tp = cam.tile_px
        for eid, order in rnd.orders.items():
            style = self.style_of(world, eid)
            start = tile_of(world, eid)
            if order.path:
                self._draw_path(
                    surface, start, order.path, 1e9, style.colour, style.colour, max(2, tp // 14), dashed=True
                )
            end, facing = self.plan_end(eid)
            if end != start:
                draw_token(
                    surface,
                    theme,
                    self.tokens,
                    look_of(world, eid, style),
                    cam.tile_centre(end),
                    tp,
                    facing,
                    ghost=True,
                )
            for action in order.actions:
                if (
                    action.kind in TARGETED
                    and action.target is not None
                    and world.has(action.target, Position)
                ):
                    target_end, _ = self.plan_end(action.target)
                    self._arrow(
                        surface,
                        cam.tile_centre(end),
                        cam.tile_centre(target_end),
                        style.colour,
                        action.kind.label,
                    )
            defences = [a.kind.label for a in order.actions if a.kind not in TARGETED]
            if defences and tp >= 28:
                c = cam.tile_centre(end)
                blit_text(
                    surface,
                    theme,
                    ", ".join(defences),
                    (c[0], c[1] - tp // 2 - theme.px(14)),
                    10,
                    style.colour,
                    True,
                    anchor="midbottom",
                )

    def _arrow(
        self,
        surface: pygame.Surface,
        a: tuple[int, int],
        b: tuple[int, int],
        colour: tuple[int, int, int],
        label: str,
    ) -> None:
        tp = self.camera.tile_px
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy)
        if length < 1:
            return
        ux, uy = dx / length, dy / length
        start = (a[0] + ux * tp * 0.35, a[1] + uy * tp * 0.35)
        end = (b[0] - ux * tp * 0.4, b[1] - uy * tp * 0.4)
        width = max(2, tp // 16)
        pygame.draw.line(surface, (10, 10, 14), start, end, width + 2)
        pygame.draw.line(surface, colour, start, end, width)
        head = max(6, tp // 5)
        left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
        right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surface, colour, [end, left, right])
        pygame.draw.polygon(surface, (10, 10, 14), [end, left, right], 1)
        if tp >= 24:
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            image = self.theme.text(label, 10, (240, 240, 240), True)
            rect = image.get_rect(center=(round(mid[0]), round(mid[1])))
            pygame.draw.rect(surface, (12, 14, 18), rect.inflate(6, 2), border_radius=4)
            surface.blit(image, rect)

    def _draw_draft(self, surface: pygame.Surface) -> None:
        """The order being planned: the path with its metre ruler, the ghost at its end, a preview."""
        if self.phase != "declare" or self.draft is None or self.planner is None or self.actor is None:
            return
        cam, theme, pal = self.camera, self.theme, self.theme.palette
        tp = cam.tile_px
        planner, draft = self.planner, self.draft
        start = planner.start
        order = draft.order()
        walk_m = planner.walk_metres
        max_m = planner.sprint_metres(replace(order, path=()))
        # Preview: the path the mouse would plan.
        hover = self.cursor if self.keyboard_cursor else self.hover_tile
        if (
            hover is not None
            and self.menu is None
            and occupant(self.world, hover) is None
            and hover != (order.path[-1] if order.path else None)
        ):
            reach = planner.reach(max_m)
            preview = reach.path_to(hover)
            if preview:
                self._draw_path(
                    surface,
                    start,
                    tuple(preview),
                    walk_m,
                    pal.path_walk,
                    pal.path_sprint,
                    max(1, tp // 24),
                    dashed=True,
                )
                metres = reach.metres_to(hover)
                kind = "walk" if metres <= walk_m + 1e-9 else ("Retreat" if planner.engaged() else "Sprint")
                c = cam.tile_centre(hover)
                self._ruler_label(
                    surface,
                    (c[0], c[1] - tp // 2 - 2),
                    f"{metres:.1f} m ({kind})",
                    pal.path_walk if kind == "walk" else pal.path_sprint,
                )
        if order.path:
            bad = any(r.startswith("path") or "may move" in r for r in planner.reasons(order))
            marks = self._draw_path(
                surface,
                start,
                order.path,
                walk_m,
                pal.path_bad if bad else pal.path_walk,
                pal.path_bad if bad else pal.path_sprint,
                max(3, tp // 10),
            )
            # Metre ticks along the ruler, and where the walk ends.
            if tp >= 32:
                for tile, metres in marks[:-1]:
                    c = cam.tile_centre(tile)
                    blit_text(
                        surface,
                        theme,
                        f"{metres:.1f}",
                        (c[0] + tp // 4, c[1] - tp // 4),
                        10,
                        (250, 250, 250),
                        True,
                        anchor="center",
                    )
            end = order.path[-1]
            total = marks[-1][1]
            left = max(0.0, (max_m if order.movement_mode != "walk" else walk_m) - total)
            c = cam.tile_centre(end)
            mode = order.movement_mode
            text = f"{total:.1f} m {'walk' if mode == 'walk' else mode.title()} · {left:.1f} m left"
            self._ruler_label(
                surface,
                (c[0], c[1] + tp // 2 + theme.px(14)),
                text,
                pal.path_bad if bad else (pal.path_walk if mode == "walk" else pal.path_sprint),
            )
        end, facing = self.plan_end(self.actor)
        style = self.style_of(self.world, self.actor)
        if order.path or draft.state.facing is not None:
            draw_token(
                surface,
                theme,
                self.tokens,
                look_of(self.world, self.actor, style),
                cam.tile_centre(end),
                tp,
                facing,
                ghost=True,
            )
            c = cam.tile_centre(end)
            blit_text(
                surface,
                theme,
                f"faces {direction_name(facing)}",
                (c[0], c[1] - tp // 2 - 2),
                10,
                pal.accent,
                True,
                anchor="midbottom",
            )
        for action in order.actions:
            if action.kind in TARGETED and action.target is not None:
                target_end, _ = self.plan_end(action.target)
                self._arrow(
                    surface, cam.tile_centre(end), cam.tile_centre(target_end), pal.accent, action.kind.label
                )

    def _ruler_label(
        self, surface: pygame.Surface, centre: tuple[int, int], text: str, colour: tuple[int, int, int]
    ) -> None:
        image = self.theme.text(text, 12, colour, True)
        rect = image.get_rect(center=centre)
        pygame.draw.rect(surface, (12, 14, 18), rect.inflate(10, 4), border_radius=6)
        pygame.draw.rect(surface, colour, rect.inflate(10, 4), 1, border_radius=6)
        surface.blit(image, rect)

    def _draw_cursor(self, surface: pygame.Surface) -> None:
        tile = self.cursor if self.keyboard_cursor else self.hover_tile
        if tile is None:
            return
        rect = self.camera.tile_rect(tile)
        colour = self.theme.palette.accent if self.keyboard_cursor else (255, 255, 255)
        pygame.draw.rect(surface, colour, rect, 2 if self.keyboard_cursor else 1)

    def _draw_enemy_chances(self, surface: pygame.Surface) -> None:
        """While declaring, each enemy shows the chance of the attack a click would add
        (left out while another combatant is inspected: the chances would not be its)."""
        if "chance" not in self.overlays.active or self.planner is None or self.draft is None:
            return
        view = self.viewpoint()
        if view is None or view[0] != self.actor:
            return
        cam, theme = self.camera, self.theme
        if cam.tile_px < 24:
            return
        for enemy in self.planner.enemies():
            choice = self.planner.quick_attack(self.draft, enemy)
            c = cam.tile_centre(tile_of(self.world, enemy))
            if not choice.enabled or choice.forecast is None:
                continue
            text = f"{choice.action.kind.label} {choice.forecast.percent:.0f}%"
            colour = theme.palette.text_good if choice.forecast.success >= 0.5 else theme.palette.accent
            image = theme.text(text, 10, colour, True)
            rect = image.get_rect(midbottom=(c[0], c[1] - cam.tile_px // 2 - theme.px(8)))
            pygame.draw.rect(surface, (12, 14, 18), rect.inflate(6, 2), border_radius=4)
            surface.blit(image, rect)

    def chance_tip(self, target: int) -> list[str]:
        """The hit chance tooltip on `target`: the viewpoint's attack, from its planned tile."""
        view = self.viewpoint()
        if view is None or not are_enemies(self.world, view[0], target):
            return []
        me, planner, draft = view
        choice = planner.quick_attack(draft, target)
        lines = [f"{name_of(self.world, me)}: {choice.label}"]
        if choice.enabled and choice.forecast is not None:
            lines += forecast_lines(self.world, choice.forecast)
        else:
            lines.append("not possible: " + ("; ".join(choice.reasons) or "no roll"))
        return lines

    def _draw_chance_tip(self, surface: pygame.Surface) -> None:
        """Hovering an enemy shows the hit chance with its full breakdown."""
        if "chance" not in self.overlays.active or self.menu is not None or self.playback is not None:
            return
        target = self.hovered_combatant()
        lines = self.chance_tip(target) if target is not None else []
        if lines:
            draw_tooltip(surface, self.theme, lines, self.camera.tile_centre(tile_of(self.world, target)))

    def _draw_hover_tips(self, surface: pygame.Surface) -> None:
        pos = pygame.mouse.get_pos()
        for button in self.buttons:
            if button.rect.collidepoint(pos) and button.tooltip():
                draw_tooltip(surface, self.theme, button.tooltip(), pos)
                return
        for rect, lines in self.row_tips:
            if rect.collidepoint(pos):
                draw_tooltip(surface, self.theme, lines, pos)
                return
        for rect, eid in self.chip_rects:
            if rect.collidepoint(pos) and self.battle.round is not None:
                order = self.battle.round.orders.get(eid)
                from game.rules.summary import summarize_order

                text = summarize_order(self.world, order) if order else "has not declared yet"
                draw_tooltip(surface, self.theme, [f"{name_of(self.world, eid)}: {text}"], pos)
                return

    def _draw_hint(self, surface: pygame.Surface) -> None:
        theme = self.theme
        world = self.battle.world
        if self.phase == "declare" and self.actor is not None:
            rnd = self.battle.round
            n = len(rnd.orders) + 1 if rnd else 1
            total = len(rnd.timing) if rnd else 1
            text = (
                f"{name_of(world, self.actor)} declares ({n} of {total}): click a tile to move"
                " · an enemy to attack"
                " · X actions · Q/E facing · C declare · F1 help"
            )
        elif self.phase == "ai" and self.actor is not None:
            dots = "." * (1 + int(self.clock * 3) % 3)
            text = (
                f"{name_of(world, self.actor)} ({self.controller_of(self.actor)}) is choosing an order{dots}"
            )
        elif self.playback is not None:
            state = "playing" if self.playback.playing else "paused"
            text = f"Resolution ({state}): N next event · P play/pause · K skip to the end of the round"
        else:
            text = "F1 help"
        draw_hint(surface, theme, text, self.rects["hint"])

    def _draw_stage_bar(self, surface: pygame.Surface) -> None:
        battle = self.battle
        rnd = battle.round
        world = self.battle.world
        chips: list[Chip] = []
        if rnd is not None:
            scores: dict[str, str] = {}
            for event in rnd.events:
                if isinstance(event, TimingRolled):
                    if event.reroll and event.actor in scores:
                        scores[event.actor] += f"↻{event.score}"  # a tie re-rolled among the tied
                    else:
                        scores[event.actor] = str(event.score)
            for eid in rnd.timing:
                name = name_of(world, eid)
                chips.append(
                    Chip(
                        eid,
                        name,
                        self.style_of(world, eid),
                        scores.get(name),
                        eid in rnd.orders,
                        eid == rnd.next_declarer,
                        is_active(world, eid),
                    )
                )
            stage = "Strategy Stage: declaring worst Timing first"
        elif self.playback is not None:
            stage = stage_reached(self.playback.shown)
        else:
            stage = "Between rounds" if battle.number else "Before the first round"
        note = "Space/P play · N step · K skip" if self.playback is not None else "F1 help · Esc menu"
        self.chip_rects = draw_stage_bar(
            surface,
            self.theme,
            self.rects["top"],
            f"Round {max(1, battle.number)}",
            stage,
            chips,
            note,
            self.tokens,
        )

    def _draw_right(self, surface: pygame.Surface) -> None:
        theme = self.theme
        rect = self.rects["right"]
        self.buttons = []
        self.row_tips = []
        body = draw_side_panel(surface, theme, rect, self.world, self.focus(), self.style_of, self.tokens)
        if self.phase == "declare" and self.draft is not None:
            self._draw_order_panel(surface, body)
        elif self.playback is not None:
            self._draw_pace_panel(surface, body)
        else:
            self._draw_declared_list(surface, body)

    def _draw_order_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme, pal = self.theme, self.theme.palette
        assert self.draft is not None and self.planner is not None and self.actor is not None
        planner, draft = self.planner, self.draft
        order = draft.order()
        pad = theme.px(10)
        x, y = rect.x + pad, rect.y
        w = rect.w - 2 * pad
        name = name_of(self.world, self.actor)
        blit_text(surface, theme, f"Order for {name}", (x, y), 16, pal.accent, True)
        y += theme.line_height(16) + theme.px(2)
        walk_m = planner.walk_metres
        if order.path:
            metres = planner.path_metres(order.path)
            mode = order.movement_mode
            how = "walk" if mode == "walk" else mode.title()
            move = f"Move: {metres:.1f} m to {order.path[-1]} ({how}; walk limit {walk_m:g} m)"
        else:
            move = f"Move: stay (walk up to {walk_m:g} m; click a tile)"
        for line in theme.wrap(move, w, 12):
            blit_text(surface, theme, line, (x, y), 12, pal.text)
            y += theme.line_height(12)
        _, facing = self.plan_end(self.actor)
        declared_facing = "" if draft.state.facing is not None else " (default)"
        blit_text(
            surface,
            theme,
            f"Final facing: {direction_name(facing)}{declared_facing} — Q/E or right-click",
            (x, y),
            12,
            pal.text,
        )
        y += theme.line_height(12) + theme.px(4)
        count = order.action_count
        penalty = order.action_penalty
        pen = f"Action Penalty −{-penalty}" if penalty else "no Action Penalty"
        blit_text(
            surface,
            theme,
            f"Actions: {count} → {pen}",
            (x, y),
            13,
            pal.text_bad if penalty else pal.text,
            True,
        )
        y += theme.line_height(13) + theme.px(2)
        forecasts = planner.forecasts(order)
        row_h = theme.line_height(13) + theme.px(6)
        for i, action in enumerate(order.actions):
            fc = forecasts[i] if i < len(forecasts) else None
            row = pygame.Rect(x, y, w, row_h)
            pygame.draw.rect(surface, pal.panel_dark, row, border_radius=4)
            from game.rules.summary import describe_action

            label = describe_action(self.world, action)
            if draft.state.auto_move is action.kind and action.kind in (
                ActionKind.SPRINT,
                ActionKind.RETREAT,
            ):
                label += " (for the path)"
            limit = w - theme.px(150)
            font = theme.font(13)
            while font.size(label)[0] > limit and len(label) > 6:
                label = label[:-2]
            blit_text(
                surface, theme, f"{i + 1}. {label}", (row.x + theme.px(6), row.y + theme.px(3)), 13, pal.text
            )
            detail = forecast_detail(fc)
            colour = pal.text_good if fc is not None and fc.success >= 0.5 else pal.accent
            if fc is not None and fc.breakdown is not None and fc.breakdown.total < 1:
                colour = pal.text_bad
            blit_text(
                surface,
                theme,
                detail,
                (row.right - theme.px(30), row.y + theme.px(3)),
                13,
                colour,
                True,
                anchor="topright",
            )
            remove = Button(
                "×",
                lambda i=i: draft.remove(i),
                pygame.Rect(row.right - theme.px(24), row.y + 2, theme.px(22), row_h - 4),
                size=13,
            )
            self.buttons.append(remove)
            if fc is not None:
                self.row_tips.append((row, forecast_lines(self.world, fc)))
            y += row_h + theme.px(3)
        if not order.actions:
            blit_text(
                surface, theme, "none yet: click an enemy, or X for the action menu", (x, y), 12, pal.text_dim
            )
            y += row_h
        reasons = planner.reasons(order)
        if reasons:
            y += theme.px(2)
            for reason in reasons[:3]:
                for line in theme.wrap("⚠ " + reason, w, 12):
                    blit_text(surface, theme, line, (x, y), 12, pal.text_bad)
                    y += theme.line_height(12)
        # Buttons at the bottom.
        bh = theme.px(34)
        by = rect.bottom - bh - pad
        bw = (w - 2 * theme.px(6)) // 3
        add = Button("+ Action", self.open_action_menu, pygame.Rect(x, by, bw, bh), hint="X")
        undo = Button(
            "Undo",
            self.undo,
            pygame.Rect(x + bw + theme.px(6), by, bw, bh),
            enabled=bool(draft.history),
            reason="nothing to undo",
            hint="⌫",
        )
        ok = Button(
            "Declare",
            self.confirm,
            pygame.Rect(x + 2 * (bw + theme.px(6)), by, bw, bh),
            enabled=not reasons,
            reason="; ".join(reasons),
            hint="C",
            selected=not reasons,
        )
        pos = pygame.mouse.get_pos()
        for b in (add, undo, ok):
            b.hovered = b.rect.collidepoint(pos)
            b.draw(surface, theme)
            self.buttons.append(b)
        for b in self.buttons[:-3]:
            b.hovered = b.rect.collidepoint(pos)
            b.draw(surface, theme)
        # Earlier declarations, above the buttons.
        self._draw_declared_list(
            surface, pygame.Rect(rect.x, y + theme.px(8), rect.w, by - y - theme.px(12)), compact=True
        )

    def _draw_declared_list(self, surface: pygame.Surface, rect: pygame.Rect, compact: bool = False) -> None:
        theme, pal = self.theme, self.theme.palette
        rnd = self.battle.round
        pad = theme.px(10)
        x, y = rect.x + pad, rect.y
        if rect.h < theme.line_height(12) * 2:
            return
        from game.rules.summary import summarize_order

        blit_text(surface, theme, "Declared this round", (x, y), 13, pal.text_dim, True)
        y += theme.line_height(13)
        if rnd is None or not rnd.orders:
            blit_text(surface, theme, "nobody yet", (x, y), 12, pal.text_dim)
            return
        for eid, order in rnd.orders.items():
            style = self.style_of(self.world, eid)
            text = f"{name_of(self.world, eid)}: {summarize_order(self.world, order)}"
            for line in theme.wrap(text, rect.w - 2 * pad, 12):
                if y + theme.line_height(12) > rect.bottom:
                    return
                blit_text(
                    surface, theme, line, (x, y), 12, style.colour if line == text[: len(line)] else pal.text
                )
                y += theme.line_height(12)

    def _draw_pace_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme, pal = self.theme, self.theme.palette
        pb = self.playback
        assert pb is not None
        pad = theme.px(10)
        x, y = rect.x + pad, rect.y
        blit_text(surface, theme, "Resolution", (x, y), 16, pal.accent, True)
        y += theme.line_height(16)
        blit_text(
            surface, theme, f"event {max(0, pb.index) + 1} of {len(pb.events)}", (x, y), 12, pal.text_dim
        )
        y += theme.line_height(12) + theme.px(6)
        bw = (rect.w - 2 * pad - 2 * theme.px(6)) // 3
        bh = theme.px(34)
        step = Button("Step", lambda: self.pace("step"), pygame.Rect(x, y, bw, bh), hint="N")
        play = Button(
            "Pause" if pb.playing else "Play",
            lambda: self.pace("play"),
            pygame.Rect(x + bw + theme.px(6), y, bw, bh),
            hint="P",
            selected=pb.playing,
        )
        skip = Button(
            "Skip", lambda: self.pace("skip"), pygame.Rect(x + 2 * (bw + theme.px(6)), y, bw, bh), hint="K"
        )
        pos = pygame.mouse.get_pos()
        for b in (step, play, skip):
            b.hovered = b.rect.collidepoint(pos)
            b.draw(surface, theme)
            self.buttons.append(b)
        y += bh + theme.px(10)
        draw_event_text(surface, theme, pb.current, (x, y), rect.w - 2 * pad)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        draw_toasts(surface, self.theme, self.toasts, self.rects["map"])

    # ------------------------------------------------------------- for tests and tools
    def screen_pos(self, tile: Tile) -> tuple[int, int]:
        """Screen position of a tile's centre (scrolling it into view first)."""
        self.camera.ensure_visible(tile, 0.5)
        self.camera.offset.update(self.camera.target)
        return self.camera.tile_centre(tile)


__all__ = ["BattleScene", "OVERLAYS"]
