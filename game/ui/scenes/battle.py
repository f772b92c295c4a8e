"""The battle screen: the map with tokens and overlays, the stage bar, the sheet and
order panel, the log; declaring orders, AI turns in the background, hand-over in
hot-seat, and resolution playback.

The battle's flow (rounds, whose turn it is, hand-overs, autosaves, the end) is the
session's (`game.session.flow`): this screen asks it what comes next and shows it.
All changes to the battle go through the session (`Battle.declare` and
`Battle.resolve`); everything drawn is read from the battle's world (or, during
playback, from a private copy that replays the round's events).  The map view, the
order panel, the plans on the map, the menus, the overlays' inputs and the input
routing live in `game.ui.battle` and `game.ui.map_view`.

Between playback and the next round's Timing an end-of-round summary waits for the
player (`round_summary`); the events a round plays make sounds (`game.ui.sound`); a
battle with orders declared since its last save asks before it is left.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pygame

from game.content.scenarios import list_scenarios
from game.core.geometry import Tile
from game.rules.battle import Battle
from game.rules.events import Event, RoundEnded
from game.rules.fog import FogMemory, SideView
from game.rules.fog import view_for as fog_view_for
from game.rules.orders import Order
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
from game.ui.guide import guide_for
from game.ui.map_view import MapView, event_tiles
from game.ui.planner import Draft, Planner, terrain_board
from game.ui.playback import Playback, seen_events
from game.ui.prefs import ANIMATION_SPEEDS
from game.ui.render.battlefield import screen_rects, side_styles
from game.ui.render.camera import DEFAULT_ZOOM, Camera
from game.ui.render.log import LogPanel
from game.ui.render.overlays import OverlayLayer
from game.ui.render.toasts import add_toast, age_toasts
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, PopupMenu
from game.ui.theme import SideStyle
from game.ui.tutorial_steps import tutorial_hint
from game.world import Side, World

DECLARER_MARGIN = 3  # tiles of map shown around a unit whose order is being declared
QUIET_AFTER = 3  # events revealed at once (a skip) past which none of them makes a sound


def tutorial_topic(battle: Battle) -> str | None:
    """The topic of a bundled tutorial ("basics"), or None for any other battle."""
    ident = battle.meta.get("scenario")
    return next((s.tutorial for s in list_scenarios() if s.id == ident and s.tutorial is not None), None)


def tutorial_texts(battle: Battle) -> list[str]:
    """A bundled tutorial's briefing, rules and first step (what asks the player to press an
    overlay's key); nothing for any other battle."""
    ident = battle.meta.get("scenario")
    for scenario in list_scenarios():
        if scenario.id == ident and scenario.tutorial is not None:
            return [scenario.briefing, scenario.rules, tutorial_hint(scenario.tutorial)]
    return []


class BattleScene(BattleInput, OrderCommands, BattleFocus, Scene):
    """One battle, from its first round to its end."""

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
        self._logged = 0
        # Fog of war: the events the log shows and for which side, the view drawn (kept until
        # the battle moves on) and each side's memory as the round being played back began.
        self._fog_logged: list[Event] = []
        self._fog_log_side: str | None = None
        self._fog_cache: tuple[object, SideView | None] | None = None
        self._fog_memories: dict[str, FogMemory] = {}
        self.mode: BattleMode = Idle()
        """The input mode (`game.ui.battle.modes`): it owns the draft, the AI's thread, the
        playback or the summary card, and takes the keys that belong to it."""
        self.actor: int | None = None  # who declares now, or declared last
        self.selected: int | None = None
        self.menu: PopupMenu | None = None
        self.ai_reasons = AiReasons()
        self.toasts: list[list[Any]] = []
        self.ruler = False  # R: distance, range band, sight and cover from the focus to the pointer
        self.drawing = BattleDrawing(
            self,
            OrderPanel(self.open_action_menu, self.undo, self.confirm),
            Button("×", lambda: self.select(self.actor)),
        )
        """Draws the screen from `DrawingHost`, the narrow state this screen gives it."""
        self.clock = 0.0
        self.feed = OverlayFeed()
        self.finished = False
        # The finished battle's autosave, its whole replay: the save a finished battle was
        # loaded from, or the one the session makes at the end.
        self.end_autosave = end_autosave
        self.saved_path: Path | None = None
        self.session = session or window_session(battle, self._note)
        self._sync_log()
        self.saved_mark = self.progress_mark()  # as it stands now: new, or loaded from its save
        humans = [e for e in combatants(self.world) if self.session.is_human(self.world.get(e, Side).name)]
        self.guide = guide_for(battle, tutorial_topic(battle), humans)  # a guided tutorial's steps
        self._track_autosaves()
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

    # ------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The whole battle screen (`BattleDrawing`)."""
        self.drawing.draw(surface)

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map viewport alone."""
        self.drawing.draw_map(surface)

    def chance_tip(self, target: int) -> list[str]:
        """The hit chance tooltip on `target`."""
        return self.drawing.chance_tip(target)

    def blocking(self, pos: tuple[int, int]) -> bool:
        """Whether a card over the map is under `pos`."""
        return self.drawing.blocking(pos)

    @property
    def buttons(self) -> list[Button]:
        """The side panel's buttons (and a card's ×) as last drawn."""
        return self.drawing.buttons

    @property
    def chip_rects(self) -> list[tuple[pygame.Rect, int]]:
        """The stage bar's chips as last drawn."""
        return self.drawing.chip_rects

    @property
    def cards(self) -> list[pygame.Rect]:
        """The cards over the map as last drawn (they take clicks)."""
        return self.drawing.cards

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
    def progress_mark(self) -> tuple[int, int, int]:
        """Where the battle stands: round, orders declared in it, events so far."""
        rnd = self.battle.round
        return self.battle.number, len(rnd.orders) if rnd is not None else -1, len(self.battle.events())

    def _track_autosaves(self) -> None:
        """Note each autosave the session makes, so leaving right after one asks nothing."""
        autosave = self.session.autosave
        if autosave is None:
            return

        def saving(battle: Battle) -> object:
            saved = autosave(battle)
            self.saved_mark = self.progress_mark()
            if isinstance(saved, Path) and battle.over:
                self.end_autosave = saved
            return saved

        self.session.autosave = saving

    def leave_warning(self) -> str | None:
        """What leaving now would lose: the orders and rolls since the last save (none once the
        battle is over, or right after a save or the round's autosave)."""
        if self.finished or self.progress_mark() == self.saved_mark:
            return None
        return (
            "This round's declarations (and anything resolved since) are not saved yet. "
            "Rounds are autosaved as they begin; a save now keeps everything."
        )

    # ------------------------------------------------------------- the flow
    @property
    def world(self) -> World:
        """The world to draw: the playback copy while a round is being shown."""
        return self.playback.world if self.playback is not None else self.battle.world

    # ------------------------------------------------------------- the mode's state
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

    def _sync_log(self) -> None:
        side = self.fog_side()
        if side is not None:
            self._sync_fog_log(side)
            return
        events = self.battle.events()
        for event in events[self._logged :]:
            self.log.add(event)
        self._logged = len(events)

    # ------------------------------------------------------------- fog of war
    def fog_side(self) -> str | None:
        """The side whose view the window shows (fog of war), None for everything (fog off,
        or nobody plays at the window): the side seated at the window (in hot-seat the side
        of the last human to declare, after the hand-over), else the one human side."""
        if self.battle.fog is None or not hasattr(self, "session"):
            return None
        humans = self.session.human_sides()
        if not humans:
            return None
        seated = self.session.seated
        return seated if seated in humans else humans[0]

    def fog_view(self) -> SideView | None:
        """What the seated side sees and knows now (the rules' view; while a round is played
        back, as its picture stands, with what the side remembered as the round began)."""
        side = self.fog_side()
        if side is None:
            return None
        battle, pb = self.battle, self.playback
        record = len(battle.records[-1].events) if battle.records else 0
        key = (side, battle.number, record, id(pb), pb.index if pb is not None else -2)
        if self._fog_cache is None or self._fog_cache[0] != key:
            if pb is not None:
                memory = self._fog_memories.get(side)
                view = fog_view_for(pb.world, battle.board, side, memory, battle.number, battle.options)
            else:
                view = battle.view_for(side)
            self._fog_cache = (key, view)
        return self._fog_cache[1]

    def fog_sees(self, eid: int | None) -> bool:
        """Whether the window may show `eid` (always, without fog of war)."""
        view = self.fog_view()
        return view is None or eid is None or view.sees(eid)

    def fog_seen(self) -> frozenset[int] | None:
        """The combatants the seated side sees (None: everyone, without fog of war)."""
        view = self.fog_view()
        return None if view is None else frozenset(view.seen)

    def seen_orders(self, orders: dict[int, Order]) -> dict[int, Order]:
        """The round's declarations the seated side may see (all of them without fog)."""
        view = self.fog_view()
        return orders if view is None else view.declarations(orders)

    def _fog_events(self, side: str) -> list[Event]:
        """Every event so far as `side` may see it, round by round."""
        battle = self.battle
        return [e for record in battle.records for e in battle.events_for(side, record.number)]

    def _sync_fog_log(self, side: str) -> None:
        """The log as `side` may see it: new lines added; written anew for another side (the
        hot-seat hand-over) or when what the side saw of a round has changed."""
        events = self._fog_events(side)
        kept = self._fog_logged
        if side != self._fog_log_side or events[: len(kept)] != kept:
            self.log.lines.clear()
            kept = []
        for event in events[len(kept) :]:
            self.log.add(event)
        self._fog_logged, self._fog_log_side = events, side

    def _note(self, text: str) -> None:
        """A line from the session (a failed autosave, a failed AI), after the events so far."""
        self._sync_log()
        self.log.add_text(text)

    def advance(self) -> None:
        """Move the battle on until a human must act or something must be shown."""
        if self.playback is not None or self.finished:
            return
        step = self.session.next_step()
        self._sync_log()
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
            self._sync_log()  # the log of the side now at the window
        # With fog of war the plan is made from the declarations the side saw.
        earlier = self.seen_orders(battle.round.orders)
        view = self.fog_view()
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
        self.refresh_overlays()
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
        self._sync_log()
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
        self._sync_log()
        self.menu = None
        self.mode = Idle()
        self.advance()

    def _resolve(self) -> None:
        before = self.battle.world.copy()
        fog = self.battle.fog
        self._fog_memories = dict(fog.memories) if fog is not None else {}
        events = self.session.resolve()
        prefs = self.app.prefs
        pauses = action_ends(events, self._is_mine).__contains__ if prefs.pause_after_mine else None
        seen = None
        side = self.fog_side()
        if side is not None:
            # Only what the side saw plays; the rest is applied to the picture unseen.
            record = self.battle.records[-1]
            shown = self.battle.events_for(side, record.number)
            seen = seen_events(record.events, shown)[len(record.events) - len(events) :]
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
        self._logged = len(self.battle.events())
        side = self.fog_side()
        if side is not None:  # the playback put the round's lines the side saw in the log
            self._fog_logged, self._fog_log_side = self._fog_events(side), side
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
        self.toast(ruler_note(self.ruler, self.world, self.focus()))

    def toggle_overlay(self, name: str) -> None:
        """The player's number key for a window overlay."""
        on, said = self.overlay_choice.toggle(name, self.overlays.active, self.battle.options)
        if on != (name in self.overlays.active):
            self.refresh_overlays()
        self.toast(said, bad=not on and "not in play" in said)

    def _finish(self) -> None:
        self.finished = True
        self.mode = Over()
        winner = self.battle.outcome().winner
        humans = self.session.human_sides()
        won = winner is not None and (winner in humans or not humans)
        self.app.sound.play("victory" if won else "defeat")
        self.app.push_screen("end", self)

    def can_save(self) -> bool:
        """Saving is allowed in the Strategy Stage (not while a round is being shown)."""
        return self.battle.round is not None and self.playback is None and not self.finished

    def save(self) -> Path | None:
        """Save to the user's saves folder; returns the path (None if not now)."""
        if not self.can_save():
            self.toast("Save in the Strategy Stage (while orders are being declared)", bad=True)
            return None
        from game.persist.autosave import saves_dir
        from game.persist.saves import SaveError, save_battle

        stem = re.sub(r"[^a-z0-9]+", "-", str(self.battle.meta.get("scenario", "battle")).lower()).strip("-")
        path = (
            saves_dir()
            / f"{stem or 'battle'}-round{self.battle.number}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        )
        try:
            save_battle(self.battle, path)
        except (OSError, SaveError) as err:  # SaveError: a save it could not load, not written
            self.toast(f"Save failed: {err}", bad=True)
            return None
        self.saved_path = path
        self.saved_mark = self.progress_mark()
        self.toast(f"Saved to {path}")
        self.log.add_text(f"saved to {path}")
        return path

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
        self.refresh_overlays()
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
