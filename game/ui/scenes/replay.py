"""The replay screen: a saved battle played back on its map, event by event, both ways.

It looks like the battle screen (the same map art, tokens, dice box, stage bar,
sheet and log, drawn by the same code) with a transport panel instead of the
order panel: step, play, jump by round, scrub the timeline.  With fog of war in the saved
battle, V (or the panel's "View" button) goes through everything, then each side's view
(its darkness, its ghosts and only the events it saw, drawn and played back by the battle
screen's own code: `MapView.draw(fog=…)`, `Playback`'s filtering).  "Continue from
the end of round N" rebuilds the battle there (`continue_from`) and opens it
on a normal battle screen, so hot-seat players can branch from any round.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.i18n import _
from game.persist.saves import SaveError
from game.rules.events import Event
from game.rules.fog import SideView
from game.rules.positions import combatants, find_by_name, is_active, name_of, occupant, tile_of
from game.ui.app import App, Scene
from game.ui.battle.ruler import ruler_note, show_ruler
from game.ui.input.bindings import BINDINGS
from game.ui.map_view import MapView
from game.ui.render.battlefield import (
    draw_hint,
    draw_side_panel,
    draw_toasts,
    screen_rects,
    side_styles,
)
from game.ui.render.camera import READABLE_ZOOM, ZOOM_LEVELS, Camera
from game.ui.render.floaters import draw_floaters
from game.ui.render.log import MAX_LINES, LogPanel, line_for
from game.ui.render.replay_panel import ReplayPanel, ReplayWords
from game.ui.render.replay_stage import (
    draw_replay_stage_bar,
    order_lines,
    position_text,
    result_text,
    side_rows,
)
from game.ui.render.toasts import add_toast, age_toasts
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import draw_tooltip
from game.ui.replay_timeline import ReplayCursor, SavedReplay
from game.ui.theme import SideStyle
from game.world import Condition, Facing, Position, Side, World

REPLAY_COMMANDS = (
    "replay_forward",
    "replay_back",
    "replay_next_round",
    "replay_previous_round",
    "replay_play",
    "replay_start",
    "replay_end",
    "replay_continue",
    "back",
    "help",
    "zoom_in",
    "zoom_out",
    "pan_left",
    "pan_right",
    "pan_up",
    "pan_down",
    "next_unit",
    "grid",
    "minimap",
    "fit",
    "ruler",
    "replay_fog",
)
"""The commands of this screen, asked for in this order (the replay's own first)."""


class ReplayScene(Scene):
    """Watch a saved battle; continue it from the end of any round."""

    def __init__(
        self, app: App, replay: SavedReplay, standalone: bool = False, battle_map: Any = None
    ) -> None:
        super().__init__(app)
        from game.ui.scenarios import map_for

        self.replay = replay
        self.standalone = standalone  # opened by `python -m game replay`: Esc quits
        battle = replay.battle
        self.battle_map = battle_map if battle_map is not None else map_for(battle)  # for its art
        self.art = getattr(self.battle_map, "art", None)
        self.board = battle.board
        self.styles = side_styles(self.theme, replay.starts[0], battle.meta)
        self.cursor = ReplayCursor(replay, app.prefs.animation_speed)
        self.view = MapView(self.theme, self.board, self.art)
        self.log = LogPanel(self.theme)
        self._all_events = replay.events
        self.fog_sides = replay.fog_sides()  # fog of war: the sides whose view V shows
        self._log_cache: tuple[str | None, list[Event], list[int]] | None = None
        self._header = [_("replay of {file}: {title}").format(file=replay.path.name, title=replay.title)]
        for text in self._header:
            self.log.add_text(text)
        self._logged = 0
        self.rects: dict[str, pygame.Rect] = {}
        self.on_resize(app.screen.get_size())
        self._frame_camera()
        self.selected: int | None = None
        self.ruler = False  # R: distance, range band, sight and cover from the focus to the pointer
        self.scrubbing = False
        self.panel = ReplayPanel(self._move, self.continue_battle, self.leave, self.cycle_fog)
        self.toasts: list[list[Any]] = []
        self.clock = 0.0

    # ------------------------------------------------------------- set-up
    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out as the battle screen does."""
        self.rects = screen_rects(self.theme, size)
        self.view.resize(self.theme, self.rects["map"])
        self.log.theme = self.theme

    def on_enter(self) -> None:
        """Back on top (after help): take up changed settings."""
        if self.log.theme is not self.theme:
            self.on_resize(self.app.screen.get_size())
            self.styles = side_styles(self.theme, self.replay.starts[0], self.replay.battle.meta)

    def _frame_camera(self) -> None:
        """The whole map if it fits at a readable zoom, else the combatants in the middle."""
        self.camera.opening_zoom(most=ZOOM_LEVELS[-1], otherwise=READABLE_ZOOM)
        world = self.cursor.world
        tiles = [tile_of(world, e) for e in combatants(world) if world.has(e, Position)]
        if tiles:
            centre = (sum(t[0] for t in tiles) / len(tiles), sum(t[1] for t in tiles) / len(tiles))
        else:
            centre = (self.board.width / 2, self.board.height / 2)
        self.camera.centre_on(centre, snap=True)

    # ------------------------------------------------------------- state
    @property
    def camera(self) -> Camera:
        """The map view's camera."""
        return self.view.camera

    @property
    def tokens(self) -> TokenArt:
        """The token pictures."""
        return self.view.tokens

    @property
    def world(self) -> World:
        """The world as the replay shows it now."""
        return self.cursor.world

    def style_of(self, world: World, eid: int) -> SideStyle:
        """The side style of a combatant."""
        side = world.get(eid, Side).name
        return self.styles.get(side) or self.theme.side_style(side, len(self.styles))

    def focus(self) -> int | None:
        """Whose sheet is shown: the selected combatant, else the one the event on screen is about."""
        world = self.world
        event = self.cursor.current
        who = getattr(event, "actor", None) or getattr(event, "target", None)
        shown = find_by_name(world, who) if isinstance(who, str) else None
        for eid in (self.selected, shown, self._first_standing()):
            if eid is not None and world.has(eid, Position) and world.has(eid, Condition) and self.sees(eid):
                return eid
        return None

    def _first_standing(self) -> int | None:
        living = [e for e in combatants(self.world) if is_active(self.world, e) and self.sees(e)]
        return living[0] if living else None

    # ------------------------------------------------------------- fog of war
    def fog_view(self) -> SideView | None:
        """The view of the side being watched (None: everything is shown)."""
        key = (self.cursor.side, self.cursor.round, self.cursor.index, id(self.cursor.playback))
        cached = getattr(self, "_fog_cache", None)
        if cached is None or cached[0] != key:
            self._fog_cache = (key, self.cursor.fog_view())
        return self._fog_cache[1]

    def sees(self, eid: int | None) -> bool:
        """Whether the screen may show `eid` (always, when everything is shown)."""
        view = self.fog_view()
        return view is None or eid is None or view.sees(eid)

    def fog_label(self) -> str | None:
        """The View button's words (None without fog of war)."""
        if not self.fog_sides:
            return None
        side = self.cursor.side
        if side is None:
            return _("View: everything")
        return _("View: side {side}").format(side=side)

    def cycle_fog(self) -> None:
        """V: everything, then each side's view in turn (fog of war)."""
        if not self.fog_sides:
            self.toast(_("This battle was played without fog of war: everything is shown"))
            return
        choices: list[str | None] = [None, *self.fog_sides]
        side = choices[(choices.index(self.cursor.side) + 1) % len(choices)]
        self.cursor.set_side(side)
        if self.selected is not None and not self.sees(self.selected):
            self.selected = None
        self._logged = -1  # the log written anew, with what this view saw
        self._sync_log()
        if side is None:
            self.toast(_("Showing everything"))
        else:
            self.toast(_("Showing what side {side} saw").format(side=side))

    def continue_round(self) -> int:
        """The round "Continue" starts after: the last whole round shown."""
        return self.cursor.completed_rounds()

    def continue_problem(self) -> str:
        """Why the battle cannot be continued from here ("" if it can)."""
        n = self.continue_round()
        if self.replay.ended_after(n):
            return _("the battle was over after round {n}: step back to an earlier round").format(n=n)
        return ""

    def continue_label(self) -> str:
        """The Continue button's words."""
        n = self.continue_round()
        return _("Continue from the end of round {n}").format(n=n) if n else _("Play it again from the start")

    # ------------------------------------------------------------- actions
    def continue_battle(self) -> None:
        """Rebuild the battle after the last whole round shown and play on from there."""
        from game.persist.replay import continue_from

        problem = self.continue_problem()
        if problem:
            self.toast(_("Cannot continue: {problem}").format(problem=problem), bad=True)
            return
        n = self.continue_round()
        try:
            battle = continue_from(self.replay.path, n)
        except SaveError as err:
            self.toast(_("Cannot continue: {err}").format(err=err), bad=True)
            return
        note = _("continued from the end of round {n} of {name}").format(n=n, name=self.replay.path.name)
        self.app.replace_screen("battle", battle, self.battle_map, note=note)

    def leave(self) -> None:
        """Esc: back to the menu, or quit when the replay was opened from the command line."""
        if self.standalone:
            self.app.quit()
            return
        self.app.replace_screen("menu")

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades after a few seconds."""
        self.toasts = add_toast(self.toasts, text, bad)

    def _move(self, how: Callable[[], object], pause: bool = True) -> None:
        if pause:
            self.cursor.pause()
        how()
        self._sync_log()

    # ------------------------------------------------------------- input
    def on_event(self, event: pygame.event.Event) -> None:
        """Keys step and jump; the mouse pans, zooms, selects, presses buttons and scrubs."""
        if event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.KEYUP:
            self.view.key_up(event)  # a held pan key let go
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.view.lost_focus()
        elif event.type == pygame.MOUSEWHEEL:
            if not self.log.handle(event, self.rects["log"]):
                self.view.wheel(event)
        elif event.type == pygame.MOUSEMOTION:
            self._on_motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._on_press(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._on_release(event)

    def _on_key(self, event: pygame.event.Event) -> None:
        cmd = BINDINGS.command(event, *REPLAY_COMMANDS)
        cursor = self.cursor
        moves: dict[str, Callable[[], object]] = {
            "replay_forward": cursor.forward,
            "replay_back": cursor.back,
            "replay_next_round": cursor.next_round,
            "replay_previous_round": cursor.previous_round,
            "replay_start": cursor.to_start,
            "replay_end": cursor.to_end,
        }
        if cmd in moves:
            self._move(moves[cmd])
        elif cmd == "replay_play":
            self._move(cursor.toggle_play, pause=False)
        elif cmd == "replay_continue":
            self.continue_battle()
        elif cmd == "back":
            self.leave()
        elif cmd == "help":
            self.app.push_screen("help")
        elif cmd == "next_unit":
            self.cycle_unit(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
        elif cmd == "replay_fog":
            self.cycle_fog()
        elif cmd == "ruler":
            self.ruler = not self.ruler
            self.toast(ruler_note(self.ruler, self.world, self.focus()))
        else:
            self.view.command(cmd)  # pan, zoom, grid

    def _on_motion(self, event: pygame.event.Event) -> None:
        if self.scrubbing:
            self.view.hover_tile = self.camera.screen_to_tile(event.pos)
            self._scrub(event.pos[0])
        else:
            self.view.motion(event)
        for button in self.panel.buttons:
            button.handle(event)

    def _on_press(self, event: pygame.event.Event) -> None:
        if self.view.press(event) or event.button != 1:
            return
        if self.panel.timeline_rect.collidepoint(event.pos):
            self.scrubbing = True
            self._scrub(event.pos[0])
            return
        for item in self.panel.transport:
            if item.rect.collidepoint(event.pos):
                item.action()
                return
        for button in list(self.panel.buttons):
            if button.handle(event):
                return

    def _on_release(self, event: pygame.event.Event) -> None:
        if event.button == 1:
            self.scrubbing = False
        tile = self.view.release(event)
        if tile is not None:
            self.selected = self._combatant_at(tile)

    def _combatant_at(self, tile: tuple[int, int]) -> int | None:
        world = self.world
        standing = occupant(world, tile)
        if standing is not None:
            return standing if self.sees(standing) else None
        return next((e for e in combatants(world) if tile_of(world, e) == tile and self.sees(e)), None)

    def _scrub(self, x: int) -> None:
        rect = self.panel.timeline_rect
        if rect.w <= 0:
            return
        frac = min(1.0, max(0.0, (x - rect.x) / rect.w))
        target = round(frac * (self.cursor.length - 1))
        if target != self.cursor.position:
            self._move(lambda: self.cursor.seek_position(target))

    def cycle_unit(self, step: int) -> None:
        """Tab: show the next combatant's sheet."""
        living = [e for e in combatants(self.world) if self.world.get(e, Condition).present and self.sees(e)]
        if not living:
            return
        index = (living.index(self.selected) + step) % len(living) if self.selected in living else 0
        self.selected = living[index]
        self.camera.ensure_visible(tile_of(self.world, self.selected))

    # ------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Play on, keep the log in step, follow the action with the camera."""
        self.clock += dt
        self.cursor.update(dt)
        self._sync_log()
        self._follow()
        self.view.keep_clear_of_legend(playing=True)  # the corner panels, and the dice card's strip
        self.view.update(dt)
        self.toasts = age_toasts(self.toasts, dt)

    def _log_events(self) -> tuple[list[Event], list[int]]:
        """The events the log may show (with a side's view, those it saw) and, for each count
        of events revealed on the timeline, how many of them are among those."""
        side = self.cursor.side
        if self._log_cache is None or self._log_cache[0] != side:
            if side is None:
                events, counts = self._all_events, list(range(len(self._all_events) + 1))
            else:
                seen = [e for r in range(len(self.replay.rounds)) for e in self.cursor.seen(r) or []]
                events = [e for e in seen if e is not None]
                counts = [0]
                for e in seen:
                    counts.append(counts[-1] + (e is not None))
            self._log_cache = (side, events, counts)
        return self._log_cache[1], self._log_cache[2]

    def _sync_log(self) -> None:
        """The log shows exactly the events revealed so far (it shrinks when stepping back;
        with a side's view, the events that side saw)."""
        events, counts = self._log_events()
        n = counts[min(self.cursor.shown_count, len(counts) - 1)]
        if n == self._logged:
            return
        lines = self.log.lines
        head = len(self._header)
        if 0 <= self._logged < n and len(lines) == head + self._logged and n - self._logged <= MAX_LINES // 4:
            for event in events[self._logged : n]:
                self.log.add(event)
        elif 0 <= n < self._logged and len(lines) == head + self._logged:
            self.log.truncate(head + n)
            self.log.scroll = 0
        else:
            keep = max(0, n - (MAX_LINES - head))
            self.log.lines = [*lines[: min(head, len(lines))], *(line_for(e) for e in events[keep:n])]
            self.log.scroll = 0
        self._logged = n

    def _follow(self) -> None:
        """Keep whoever the event on screen is about in view (once per event), clear of the
        dice card (the map view's `follow`, as in the battle)."""
        self.view.follow(self.world, self.cursor.current, (self.cursor.round, self.cursor.index))

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Map, stage bar, side panel, log."""
        surface.fill(self.theme.palette.background)
        self._draw_map(surface)
        draw_replay_stage_bar(
            surface,
            self.theme,
            self.rects["top"],
            self.replay,
            self.cursor,
            self.world,
            self.style_of,
            self.tokens,
        )
        self._draw_right(surface)
        self.log.draw(surface, self.rects["log"])
        self._draw_tips(surface)
        self._draw_toasts(surface)

    def _draw_map(self, surface: pygame.Surface) -> None:
        theme = self.theme
        mrect = self.camera.viewport
        hover = self.view.hover_tile
        self.view.draw(
            surface,
            self.world,
            self.style_of,
            self.cursor.playback,
            selected=self.selected,
            hovered=self._hovered(hover),
            over=self._draw_over_tokens,
            top=lambda s: self._draw_badge(s, mrect, mrect.bottom),
            fog=self.fog_view(),
        )
        draw_hint(surface, theme, self._hint(mrect.w - theme.px(24)), self.rects["hint"])

    def _hovered(self, tile: tuple[int, int] | None) -> int | None:
        """The living combatant under the pointer (one the side watched sees)."""
        who = occupant(self.world, tile) if tile is not None else None
        return who if self.sees(who) else None

    def _draw_over_tokens(self, surface: pygame.Surface) -> None:
        """The results floating over the tokens (as the battle showed them), then the ruler."""
        draw_floaters(surface, self.theme, self.camera, self.world, self.cursor.playback)
        self._draw_ruler(surface)

    def _draw_ruler(self, surface: pygame.Surface) -> None:
        """The ruler (R) from the combatant in focus, where it stands now, to the pointer."""
        if not self.ruler:
            return
        focus = self.focus()
        origin = tile_of(self.world, focus) if focus is not None else None
        battle = self.replay.battle
        show_ruler(
            surface, self.theme, self.camera, self.world, self.board, battle.options, focus, origin,
            self.view.pointed(), self.fog_view(),
        )  # fmt: skip

    def _hint(self, width: int) -> str:
        """The longest line of key hints that fits `width` pixels."""
        font = self.theme.font(12)
        if self.cursor.playing:
            first = _(
                "Replay (playing): ←/→ step · Space play · PgUp/PgDn round · Home/End · C continue · Esc back"
            )
        else:
            first = _(
                "Replay (paused): ←/→ step · Space play · PgUp/PgDn round · Home/End · C continue · Esc back"
            )
        hints = (
            first,
            _("←/→ step · Space play · PgUp/PgDn round · Home/End · C continue · Esc back"),
            _("←/→ step · Space play · PgUp/PgDn round · C continue"),
        )
        return next((h for h in hints if font.size(h)[0] <= width), hints[-1])

    def _draw_badge(self, surface: pygame.Surface, mrect: pygame.Rect, above: int) -> None:
        """ "REPLAY" in the map's bottom-left corner (clear of the dice box and of the hints
        ending at `above`), so nobody takes it for a live battle."""
        theme, pal = self.theme, self.theme.palette
        image = theme.text(_("REPLAY"), 13, (20, 20, 24), True)
        mark = "▶" if self.cursor.playing else "❚❚"
        sign = theme.text(mark, 11, (20, 20, 24), True)
        box = pygame.Rect(0, 0, image.get_width() + sign.get_width() + theme.px(22), image.get_height() + 6)
        box.bottomleft = (mrect.x + theme.px(8), min(mrect.bottom, above) - theme.px(6))
        pygame.draw.rect(surface, pal.accent, box, border_radius=box.h // 2)
        surface.blit(sign, sign.get_rect(midleft=(box.x + theme.px(8), box.centery)))
        surface.blit(image, image.get_rect(midright=(box.right - theme.px(8), box.centery)))

    def _draw_right(self, surface: pygame.Surface) -> None:
        theme, world = self.theme, self.world
        body = draw_side_panel(
            surface, theme, self.rects["right"], world, self.focus(), self.style_of, self.tokens
        )
        words = ReplayWords(
            position_text(self.replay, self.cursor),
            order_lines(self.cursor, world, self.style_of, theme.palette.text),
            side_rows(world, self.styles, self.fog_view()),
            result_text(self.replay),
            self.continue_problem(),
            self.continue_label(),
            _("Quit") if self.standalone else _("Main menu"),
            self.fog_label(),
        )
        self.panel.draw(surface, theme, body, self.tokens, self.replay, self.cursor, words)

    def _draw_tips(self, surface: pygame.Surface) -> None:
        if not self.on_top:
            return
        pos = pygame.mouse.get_pos()
        lines = self.panel.tip(pos)
        if lines:
            draw_tooltip(surface, self.theme, lines, pos)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        draw_toasts(surface, self.theme, self.toasts, self.rects["map"])

    # ------------------------------------------------------------- for tests and tools
    def displayed(self) -> dict[str, tuple[tuple[int, int], int, Condition]]:
        """Each combatant's tile, facing and condition as the screen shows them, by name."""
        world = self.world
        return {
            name_of(world, e): (tile_of(world, e), world.get(e, Facing).direction, world.get(e, Condition))
            for e in combatants(world)
        }


def open_replay(app: App, path: Path) -> None:
    """Load a save for watching (SaveError if it cannot be) and make the replay the only scene."""
    from game.ui.replay_timeline import load_replay

    app.replace(ReplayScene(app, load_replay(Path(path))))
