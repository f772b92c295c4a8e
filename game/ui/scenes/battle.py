"""The battle screen: the map with tokens and overlays, the stage bar, the sheet and
order panel, the log; declaring orders, AI turns in the background, hand-over in
hot-seat, and resolution playback.

The battle's flow (rounds, whose turn it is, hand-overs, autosaves, the end) is the
session's (`game.session.flow`): this screen asks it what comes next and shows it.
All changes to the battle go through the session (`Battle.declare` and
`Battle.resolve`); everything drawn is read from the battle's world (or, during
playback, from a private copy that replays the round's events).  The screen keeps what
outlives a step of the battle, and the flow; its parts are components (`game.ui.battle`),
none a mixin, each reading the screen through a narrow protocol (`game.ui.battle.host`):
the drawing, the input, the draft's commands, the focus and the overlays' inputs, what
the window's side sees (fog of war, and the log), and the saves.

Between playback and the next round's Timing an end-of-round summary waits for the
player (`round_summary`); the events a round plays make sounds (`game.ui.sound`); a
battle with orders declared since its last save asks before it is left.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.core.geometry import Tile
from game.rules.battle import Battle
from game.rules.events import Event, RoundEnded
from game.rules.positions import combatants, find_by_name, is_active, tile_of
from game.session.flow import AwaitResolution, BattleOver, Session
from game.ui.ai_runner import AiDeclaration, window_session
from game.ui.app import App, Scene
from game.ui.battle.ai_reasons import AiReasons
from game.ui.battle.drawing import BattleDrawing
from game.ui.battle.focus import BattleFocus
from game.ui.battle.input import BattleInput
from game.ui.battle.modes import (
    AiDeclaring,
    BattleMode,
    Declaring,
    HandingOver,
    Idle,
    Over,
    PlayingBack,
    RoundSummary,
)
from game.ui.battle.order_panel import OrderPanel
from game.ui.battle.orders import OrderCommands
from game.ui.battle.overlay_defaults import OverlayChoice, asked_overlays
from game.ui.battle.overlay_feed import OverlayFeed
from game.ui.battle.pacing import action_ends, sound_cue
from game.ui.battle.round_summary import RoundSummaryCard
from game.ui.battle.ruler import ruler_note
from game.ui.battle.saving import BattleSaves
from game.ui.battle.sight import WindowSight
from game.ui.guide import guide_for
from game.ui.map_view import MapView, event_tiles
from game.ui.planner import Draft, Planner, terrain_board
from game.ui.playback import Playback
from game.ui.prefs import ANIMATION_SPEEDS
from game.ui.render.battlefield import screen_rects, side_styles
from game.ui.render.camera import DEFAULT_ZOOM, Camera
from game.ui.render.log import LogPanel
from game.ui.render.overlays import OverlayLayer
from game.ui.render.toasts import add_toast, age_toasts
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, PopupMenu
from game.ui.theme import SideStyle
from game.ui.tutorial_steps import tutorial_texts, tutorial_topic
from game.world import Position, Side, World

DECLARER_MARGIN = 3  # tiles of map shown around a unit whose order is being declared
QUIET_AFTER = 3  # events revealed at once (a skip) past which none of them makes a sound


class BattleScene(Scene):
    """One battle, from its first round to its end; its parts are `drawing`, `input`,
    `orders` (the draft's commands), `aim` (the focus), `sight` and `saves`."""

    def __init__(
        self,
        app: App,
        battle: Battle,
        battle_map: Any = None,
        title: str | None = None,
        session: Session | None = None,
        note: str | None = None,
        end_autosave: Path | None = None,
    ) -> None:
        super().__init__(app)
        self.battle = battle
        self.battle_map = battle_map
        self.title = title or str(battle.meta.get("title") or "Battle")
        self.terrain = terrain_board(battle.board)
        self.art = getattr(battle_map, "art", None) if battle_map is not None else None
        self.styles = self._side_styles()
        self.view = MapView(self.theme, battle.board, self.art)
        self.overlay_choice = OverlayChoice(self.view.overlays.active, asked_overlays(tutorial_texts(battle)))
        self.log = LogPanel(self.theme)
        self.rects: dict[str, pygame.Rect] = {}
        self.on_resize(app.screen.get_size())
        self.mode: BattleMode = Idle()
        """The input mode (`game.ui.battle.modes`): it owns the draft, the AI's thread, the
        playback or the summary card, and takes the keys that belong to it."""
        self.actor: int | None = None  # who declares now, or declared last
        self.selected: int | None = None
        self.menu: PopupMenu | None = None
        self.ai_reasons = AiReasons()
        self.toasts: list[list[Any]] = []
        self.ruler = False  # R: distance, range band, sight and cover from the focus to the pointer
        self.clock = 0.0
        self.feed = OverlayFeed()
        self.finished = False
        self.orders = OrderCommands(self)  # a click on a tile, the facing, the menus, undo
        self.input = BattleInput(self)  # the keys and clicks to the commands
        self.aim = BattleFocus(self, self.feed, self.overlay_choice, self.terrain)
        self.drawing = BattleDrawing(
            self,
            OrderPanel(self.orders.open_action_menu, self.orders.undo, self.confirm),
            Button("×", lambda: self.select(self.actor)),
        )  # draws the screen from `DrawingHost`, the narrow state this screen gives it
        self.session = session or window_session(battle, self._note)
        self.sight = WindowSight(self)  # what the window's side sees (fog of war), and the log
        self.sight.sync_log()
        self.saves = BattleSaves(self, end_autosave)
        humans = [e for e in combatants(self.world) if self.session.is_human(self.world.get(e, Side).name)]
        self.guide = guide_for(battle, tutorial_topic(battle), humans)  # a guided tutorial's steps
        self.saves.track_autosaves(self.session)
        # A map that fits whole at a readable zoom opens whole (never zoomed in past the default).
        self.camera.opening_zoom(most=DEFAULT_ZOOM, otherwise=DEFAULT_ZOOM)
        self.view.frame(self.opening_tiles())
        # The panels over the map as this zoom has them (no minimap over a map seen whole)
        # before the first frame: the briefing covers the screen before any update.
        self.view.keep_clear_of_legend()
        # Work done at load so that play never waits for it: the map in view, the fonts, and
        # the ray tables of line of sight (the sight and threat overlays need them).
        self.view.prerender()
        self.theme.warm_fonts()
        self.feed.warm(self.terrain, battle.world)
        if note:
            self.log.add_text(note)
        self.started = False  # the first update starts the flow (the scene is on the stack by then)

    # ------------------------------------------------------------- set-up
    @property
    def camera(self) -> Camera:
        """The map view's camera."""
        return self.view.camera

    @property
    def overlays(self) -> OverlayLayer:
        """The map view's overlay layer."""
        return self.view.overlays

    @property
    def tokens(self) -> TokenArt:
        """The token pictures."""
        return self.view.tokens

    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen (`BattleDrawing`)."""
        self.drawing.draw(surface)

    def on_event(self, event: pygame.event.Event) -> None:
        """One key or click (`BattleInput`)."""
        self.input.on_event(event)

    def _side_styles(self) -> dict[str, SideStyle]:
        return side_styles(self.theme, self.battle.world, self.battle.meta)

    def controller_of(self, eid: int) -> str:
        """ "human" or "ai:…" for a combatant's side."""
        return self.session.spec_of(self.battle.world.get(eid, Side).name)

    def style_of(self, world: World, eid: int) -> SideStyle:
        """The side style of a combatant."""
        side = world.get(eid, Side).name
        return self.styles.get(side) or self.theme.side_style(side, len(self.styles))

    def on_resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for a window size."""
        t = self.theme
        self.rects = screen_rects(t, size)
        self.view.resize(t, self.rects["map"])
        self.log.theme = t

    def on_enter(self) -> None:
        """Back on top (after a hand-over, help or pause): take up new settings."""
        if self.overlays.theme is not self.theme:
            self.on_resize(self.app.screen.get_size())
            self.styles = self._side_styles()

    # ------------------------------------------------------------- saved or not
    def leave_warning(self) -> str | None:
        """What leaving now would lose (`BattleSaves.leave_warning`)."""
        return self.saves.leave_warning()

    def can_save(self) -> bool:
        """Saving is allowed in the Strategy Stage (not while a round is being shown)."""
        return self.saves.can_save()

    def save(self) -> Path | None:
        """Save to the user's saves folder; returns the path (None if not now)."""
        return self.saves.save()

    @property
    def end_autosave(self) -> Path | None:
        """The finished battle's autosave, its whole replay (the end screen's Watch replay)."""
        return self.saves.end_autosave

    # ------------------------------------------------------------- the mode's state
    @property
    def world(self) -> World:
        """The world to draw: the playback copy while a round is being shown."""
        return self.playback.world if self.playback is not None else self.battle.world

    @property
    def phase(self) -> str:
        """The mode's name: declare, ai, playback, summary, handover, over or idle."""
        return self.mode.name

    @property
    def draft(self) -> Draft | None:
        """The order being drafted (while a player declares)."""
        return self.mode.draft if isinstance(self.mode, Declaring) else None

    @property
    def planner(self) -> Planner | None:
        """What the drafted order can do next (while a player declares)."""
        return self.mode.planner if isinstance(self.mode, Declaring) else None

    @property
    def ai(self) -> AiDeclaration | None:
        """The AI declaring in its thread (while one does)."""
        return self.mode.ai if isinstance(self.mode, AiDeclaring) else None

    @property
    def playback(self) -> Playback | None:
        """The round being shown (while one is)."""
        return self.mode.playback if isinstance(self.mode, PlayingBack) else None

    @property
    def summary(self) -> RoundSummaryCard | None:
        """The end-of-round card (while it waits for the player)."""
        return self.mode.card if isinstance(self.mode, RoundSummary) else None

    def cursor_tile(self) -> Tile | None:
        """The map's cursor tile (the keyboard's or the pointer's)."""
        return self.view.cursor

    # ------------------------------------------------------------- the parts' commands
    def select(self, eid: int | None) -> None:
        """Inspect a combatant (its sheet and overlays)."""
        self.selected = eid
        if eid is not None and self.world.has(eid, Position):
            self.view.cursor = tile_of(self.world, eid)
            self.view.camera.ensure_visible(self.view.cursor)

    def mode_key(self, cmd: str) -> None:
        """A bound command that is the input mode's: the order keys while declaring, the pace
        keys while a round is shown (`game.ui.battle.modes`)."""
        following = self.mode.command(self, cmd)
        if following is not None:
            self.mode = following

    def pause(self) -> None:
        """The pause menu over this battle (Esc with nothing open)."""
        self.app.push_screen("pause", self)

    def show_help(self) -> None:
        """The help screen (F1)."""
        self.app.push_screen("help")

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

    def _note(self, text: str) -> None:
        """A line from the session (a failed autosave, a failed AI), after the events so far."""
        self.sight.sync_log()
        self.log.add_text(text)

    def advance(self) -> None:
        """Move the battle on until a human must act or something must be shown."""
        if self.playback is not None or self.finished:
            return
        step = self.session.next_step()
        self.sight.sync_log()
        if isinstance(step, BattleOver):
            self._finish()
        elif isinstance(step, AwaitResolution):
            self._resolve()
        elif step.handover:
            self.mode = HandingOver()
            self.app.push_screen("handover", self, step.actor)
        elif step.human:
            self.begin_human(step.actor)
        else:
            self.begin_ai(step.actor)

    def begin_human(self, eid: int) -> None:
        """A human declares for `eid`."""
        battle = self.battle
        assert battle.round is not None
        self.actor = eid
        self.session.take_seat(eid)
        if battle.fog is not None:
            self.sight.sync_log()  # the log of the side now at the window
        # With fog of war the plan is made from the declarations the side saw.
        earlier = self.sight.orders(battle.round.orders)
        view = self.sight.view()
        sees = view.sees if view is not None else None
        planner = Planner(battle.world, battle.board, eid, earlier, battle.options, sees)
        self.mode = Declaring(eid, Draft(eid), planner)
        self.selected = eid
        self.view.cursor = tile_of(battle.world, eid)
        self.show_declarer()

    def show_declarer(self) -> None:
        """Scroll the declarer's tile (the cursor starts on it) into view, a few tiles of map
        around it, clear of the panels over the map as they are now."""
        if self.view.cursor is None:
            return
        # The overlays (and so the legend's size) the declarer's turn brings, first.
        self.aim.refresh_overlays()
        self.view.keep_clear_of_legend()
        self.camera.ensure_visible(self.view.cursor, DECLARER_MARGIN)

    def begin_ai(self, eid: int) -> None:
        """An AI declares for `eid` in a worker thread."""
        self.actor = eid
        self.mode = AiDeclaring(eid, AiDeclaration(self.session.controller_of(eid), self.session.view(eid)))

    def poll_ai(self, ai: AiDeclaration) -> None:
        """The AI's thread has its order: declare it and move the battle on."""
        self.mode = Idle()
        self.ai_reasons.record(self.session.controller_of(ai.actor), ai.view.round_number, ai.actor)
        self.session.submit(ai.result(), ai.error)
        self.sight.sync_log()
        self.advance()

    def confirm(self) -> None:
        """Declare the drafted order."""
        draft = self.draft
        if draft is None:
            return
        problems = self.session.declare(draft.order())
        if problems:
            self.toast("Cannot declare: " + problems[0], bad=True)
            return
        self.sight.sync_log()
        self.menu = None
        self.mode = Idle()
        self.advance()

    def _resolve(self) -> None:
        before = self.battle.world.copy()
        self.sight.remember()
        events = self.session.resolve()
        prefs = self.app.prefs
        pauses = action_ends(events, self._is_mine).__contains__ if prefs.pause_after_mine else None
        seen = self.sight.played(events)  # only what the side saw plays
        self.mode = PlayingBack(Playback(before, events, prefs.animation_speed, pauses, seen))
        self.actor = None

    def _is_mine(self, name: str) -> bool:
        """Whether the combatant of that name is played at this window."""
        eid = find_by_name(self.battle.world, name)
        return eid is not None and self.session.is_human(self.battle.world.get(eid, Side).name)

    def opening_tiles(self) -> list[Tile]:
        """Where the view opens: on the squad played at this window (the first of its units
        when they do not fit), else on everyone still in the fight; never on empty ground."""
        world = self.battle.world
        active = [e for e in combatants(world) if is_active(world, e)]
        mine = [e for e in active if self.session.is_human(world.get(e, Side).name)]
        return [tile_of(world, e) for e in (mine or active)]

    def _end_playback(self) -> None:
        events = self.playback.shown if self.playback is not None else []
        self.mode = Idle()
        self.view.end_follow()
        # The round ends on the units that acted (not on the ground the last event left in view).
        world = self.battle.world
        acted = [t for e in events if not isinstance(e, RoundEnded) for t in event_tiles(world, e)]
        self.view.frame(list(dict.fromkeys(acted)), only_if_hidden=True)
        self.sight.caught_up()  # the playback put the round's lines the side saw in the log
        # The summary waits for a player; with nobody at the window (AI against AI) it is skipped.
        if self.app.prefs.round_summary and not self.battle.over and events and self.session.human_sides():
            self.mode = RoundSummary(RoundSummaryCard(events, self._after_summary))
            return
        self.advance()

    def _after_summary(self) -> None:
        """The player has read the round's summary: on to the next round."""
        self.mode = Idle()
        self.advance()

    def reveal(self, events: list[Event]) -> None:
        """Events put on screen: into the log, and their sounds (not for a whole skipped round)."""
        for event in events:
            self.log.add(event)
        if len(events) <= QUIET_AFTER:
            for event in events:
                cue = sound_cue(event)
                if cue is not None:
                    self.app.sound.play(cue)

    def set_speed(self, step: int) -> None:
        """Resolution slower (-1) or faster (+1); remembered in the settings."""
        speeds = list(ANIMATION_SPEEDS)
        prefs = self.app.prefs
        here = min(range(len(speeds)), key=lambda i: abs(speeds[i] - prefs.animation_speed))
        prefs.animation_speed = speeds[min(len(speeds) - 1, max(0, here + step))]
        self.app.save_prefs()
        if self.playback is not None:
            self.playback.set_speed(prefs.animation_speed)
        self.toast(f"Resolution speed {prefs.animation_speed:g}×")

    def toggle_ruler(self) -> None:
        """R: the ruler out or away."""
        self.ruler = not self.ruler
        self.toast(ruler_note(self.ruler, self.world, self.aim.focus()))

    def toggle_overlay(self, name: str) -> None:
        """The player's number key for a window overlay."""
        on, said = self.overlay_choice.toggle(name, self.overlays.active, self.battle.options)
        if on != (name in self.overlays.active):
            self.aim.refresh_overlays()
        self.toast(said, bad=not on and "not in play" in said)

    def _finish(self) -> None:
        self.finished = True
        self.mode = Over()
        winner = self.battle.outcome().winner
        humans = self.session.human_sides()
        won = winner is not None and (winner in humans or not humans)
        self.app.sound.play("victory" if won else "defeat")
        self.app.push_screen("end", self)

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades after a few seconds."""
        self.toasts = add_toast(self.toasts, text, bad)

    # ------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        """Advance animations, poll the AI, play the round."""
        self.clock += dt
        if not self.started:
            self.started = True
            self.advance()
        self.view.update(dt)
        if self.app.prefs.edge_scroll and not self.menu:
            self.view.edge_scroll(dt, self.app.screen.get_size())
        self.mode = self.mode.update(self, dt)
        self.toasts = age_toasts(self.toasts, dt)
        if self.menu is not None and self.menu.closed:
            self.menu = None
        if self.guide is not None:
            planning = self.draft is not None and self.actor == self.guide.learner
            self.guide.advance(self.battle, self.draft.order() if planning and self.draft else None)
        self.aim.refresh_overlays()
        self.view.keep_clear_of_legend(playing=self.playback is not None)

    def play_on(self, dt: float) -> None:
        """The round being shown moves on by `dt`: its events revealed, the view following;
        at its end, the summary or the battle's next step."""
        pb = self.playback
        if pb is None:
            return
        self.reveal(pb.update(dt))
        pb = self.playback
        if pb is not None:
            self.view.follow(pb.world, pb.current, (self.battle.number, pb.index))
        if pb is not None and pb.done:
            self._end_playback()

    # ------------------------------------------------------------- for tests and tools
    def screen_pos(self, tile: Tile) -> tuple[int, int]:
        """Screen position of a tile's centre (scrolling it into view first)."""
        return self.view.screen_pos(tile)
