"""What each part of the battle screen may read and call on the screen that hosts it.

The battle screen (`BattleScene`) is a hub of components, none a mixin: the drawing, the
input, the order commands, the focus, what the window's side sees and the saves.  Each
reads the screen only through its host protocol here, which names the state it reads and
the commands it may call; what one part answers the others (the focus, the fog of war's
view, the draft's commands, the drawing's layout) is a query protocol of its own, reached
through the host (`host.aim.focus()`).  No protocol imports a scene or a component, in the
style of the workbench's panel hosts (`game.ui.workbench.host`), so the components import
this module and the scene imports them without a circle.  `BattleScene` satisfies every
host; `tests/test_ui_narrow_state.py` checks that it does and that each component reads
nothing else of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from game.core.geometry import Tile
    from game.rules.battle import Battle
    from game.rules.fog import SideView
    from game.rules.orders import Order
    from game.ui.battle.ai_reasons import AiReasons
    from game.ui.battle.round_summary import RoundSummaryCard
    from game.ui.guide import Guide
    from game.ui.map_view import MapView
    from game.ui.planner import Draft, Planner
    from game.ui.playback import Playback
    from game.ui.render.log import LogPanel
    from game.ui.render.widgets import Button, PopupMenu
    from game.ui.theme import SideStyle, Theme
    from game.world import World


# ------------------------------------------------------------------ what the parts answer
class Sight(Protocol):
    """What the window may show under fog of war (`WindowSight`, `scene.sight`): everything
    without fog, else what the side seated at the window sees."""

    def side(self) -> str | None:
        """The side whose view the window shows (None: everything)."""
        ...

    def view(self) -> SideView | None:
        """What the seated side sees and knows now (None without fog of war)."""
        ...

    def sees(self, eid: int | None) -> bool:
        """Whether the window may show `eid`."""
        ...

    def seen(self) -> frozenset[int] | None:
        """The combatants the seated side sees (None: everyone)."""
        ...

    def orders(self, orders: dict[int, Order]) -> dict[int, Order]:
        """The declarations the seated side may see."""
        ...


class Aim(Protocol):
    """Whom the overlays and hit chances are about (`BattleFocus`, `scene.aim`)."""

    def focus(self) -> int | None:
        """The combatant the overlays are about."""
        ...

    def home_unit(self) -> int | None:
        """Your unit: the side panel's sheet (Home centres on it)."""
        ...

    def inspected(self) -> int | None:
        """The combatant inspected beside the declarer (a card over the map)."""
        ...

    def viewpoint(self) -> tuple[int, Planner, Draft] | None:
        """Whose attacks the hit chances show, and from where."""
        ...

    def hovered_combatant(self) -> int | None:
        """The combatant under the cursor (one the side sees)."""
        ...

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face."""
        ...


class Drafting(Protocol):
    """What the player does to the order being drafted (`OrderCommands`, `scene.orders`)."""

    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means now."""
        ...

    def turn(self, step: int) -> None:
        """Turn the planned final facing."""
        ...

    def face_toward(self, tile: Tile) -> None:
        """Face the tile from where the path ends."""
        ...

    def undo(self) -> None:
        """Undo the last change to the order."""
        ...

    def open_action_menu(self) -> None:
        """The menu of every action."""
        ...


class Layout(Protocol):
    """What the drawing laid out last frame, for the next event (`BattleDrawing`)."""

    buttons: list[Button]  # the side panel's buttons (and a card's ×)
    chip_rects: list[tuple[pygame.Rect, int]]  # the stage bar's chips

    def blocking(self, pos: tuple[int, int]) -> bool:
        """Whether a card over the map is under `pos` (it takes the click)."""
        ...


class Seating(Protocol):
    """Who plays at the window (the session, `game.session.flow.Session`)."""

    seated: str | None  # the human side that last had the window

    def human_sides(self) -> list[str]:
        """The sides people play at the window."""
        ...


# ------------------------------------------------------------------ what the parts read
class DrawingHost(Protocol):
    """The battle screen as its drawing (`BattleDrawing`) sees it: the battle, the map view
    (its camera, tokens and overlays), the mode's state, the selection, the panels' state,
    the focus and what the side sees; its one command is `pace` (the pace panel's buttons).
    All of it is read only: the drawing assigns none of it."""

    battle: Battle
    view: MapView  # the map, its camera, token art and overlay layer
    actor: int | None  # who declares now, or declared last
    selected: int | None
    menu: PopupMenu | None
    log: LogPanel
    rects: dict[str, pygame.Rect]  # the screen's places: map, right, top, log, hint
    toasts: list[list[Any]]
    ruler: bool  # the ruler (R) is out
    clock: float  # seconds since the screen opened
    guide: Guide | None  # a guided tutorial's steps
    ai_reasons: AiReasons

    @property
    def theme(self) -> Theme:
        """The look: palette, fonts, scale."""
        ...

    @property
    def on_top(self) -> bool:
        """Whether the screen is the top one (tooltips only then)."""
        ...

    @property
    def world(self) -> World:
        """The world to draw (the playback's copy while a round is shown)."""
        ...

    @property
    def phase(self) -> str:
        """The input mode's name."""
        ...

    @property
    def draft(self) -> Draft | None:
        """The order being drafted (while a player declares)."""
        ...

    @property
    def planner(self) -> Planner | None:
        """What the drafted order can do next (while a player declares)."""
        ...

    @property
    def playback(self) -> Playback | None:
        """The round being shown (while one is)."""
        ...

    @property
    def summary(self) -> RoundSummaryCard | None:
        """The end-of-round card (while it waits)."""
        ...

    @property
    def aim(self) -> Aim:
        """Whom the overlays are about."""
        ...

    @property
    def sight(self) -> Sight:
        """What the window's side sees."""
        ...

    def style_of(self, world: World, eid: int) -> SideStyle:
        """How a combatant's side looks."""
        ...

    def controller_of(self, eid: int) -> str:
        """ "human" or "ai:…" for a combatant's side."""
        ...

    def pace(self, what: str) -> None:
        """Resolution pace (the pace panel's buttons): step, play, skip, slower, faster."""
        ...


class FocusHost(Protocol):
    """The battle screen as the focus (`BattleFocus`) sees it: the battle, the map view (its
    cursor and overlay layer, which it switches), the mode's state, the selection and what
    the side sees.  It calls no command."""

    battle: Battle
    view: MapView
    actor: int | None
    selected: int | None

    @property
    def world(self) -> World:
        """The world drawn (the playback's copy while a round is shown)."""
        ...

    @property
    def phase(self) -> str:
        """The input mode's name."""
        ...

    @property
    def draft(self) -> Draft | None:
        """The order being drafted (while a player declares)."""
        ...

    @property
    def planner(self) -> Planner | None:
        """What the drafted order can do next (while a player declares)."""
        ...

    @property
    def playback(self) -> Playback | None:
        """The round being shown (while one is)."""
        ...

    @property
    def sight(self) -> Sight:
        """What the window's side sees."""
        ...


class OrdersHost(Protocol):
    """The battle screen as the order commands (`OrderCommands`) see it: the draft and its
    planner, the map's camera, where the side panel is, and the one pop-up menu, which they
    open (`menu` is the only thing they assign); they select and say things through the
    screen's commands."""

    view: MapView  # its camera places the menus
    rects: dict[str, pygame.Rect]
    actor: int | None
    menu: PopupMenu | None

    @property
    def theme(self) -> Theme:
        """The look: palette, fonts, scale."""
        ...

    @property
    def world(self) -> World:
        """The world drawn."""
        ...

    @property
    def phase(self) -> str:
        """The input mode's name."""
        ...

    @property
    def draft(self) -> Draft | None:
        """The order being drafted (while a player declares)."""
        ...

    @property
    def planner(self) -> Planner | None:
        """What the drafted order can do next (while a player declares)."""
        ...

    @property
    def aim(self) -> Aim:
        """Where the declarer's order ends (`plan_end`)."""
        ...

    @property
    def sight(self) -> Sight:
        """What the window's side sees."""
        ...

    def select(self, eid: int | None) -> None:
        """Inspect a combatant."""
        ...

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades."""
        ...


class InputHost(Protocol):
    """The battle screen as its input (`BattleInput`) sees it: the map view (which takes
    drags, the wheel and the view's keys), the log, the mode's state, the selection, the
    pop-up menu (which it closes: `menu` is the only thing it assigns), what the drawing
    laid out, and the commands the keys and clicks stand for."""

    battle: Battle
    view: MapView
    log: LogPanel
    rects: dict[str, pygame.Rect]
    actor: int | None
    selected: int | None
    menu: PopupMenu | None
    ai_reasons: AiReasons

    @property
    def world(self) -> World:
        """The world drawn."""
        ...

    @property
    def phase(self) -> str:
        """The input mode's name."""
        ...

    @property
    def draft(self) -> Draft | None:
        """The order being drafted (while a player declares)."""
        ...

    @property
    def summary(self) -> RoundSummaryCard | None:
        """The end-of-round card (it takes its keys and clicks first)."""
        ...

    @property
    def drawing(self) -> Layout:
        """The buttons, chips and cards as last drawn."""
        ...

    @property
    def aim(self) -> Aim:
        """Your unit (Home)."""
        ...

    @property
    def sight(self) -> Sight:
        """What the window's side sees (Tab and T pass over the unseen)."""
        ...

    @property
    def orders(self) -> Drafting:
        """A click on a tile, a right-click's facing."""
        ...

    def select(self, eid: int | None) -> None:
        """Inspect a combatant."""
        ...

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades."""
        ...

    def save(self) -> object:
        """Save the battle (Ctrl+S)."""
        ...

    def toggle_ruler(self) -> None:
        """The ruler out or away (R)."""
        ...

    def toggle_overlay(self, name: str) -> None:
        """A window overlay's number key."""
        ...

    def set_speed(self, step: int) -> None:
        """Resolution slower (-1) or faster (+1)."""
        ...

    def mode_key(self, cmd: str) -> None:
        """A bound command that belongs to the input mode (the order or pace keys)."""
        ...

    def pause(self) -> None:
        """The pause menu over the battle (Esc with nothing open)."""
        ...

    def show_help(self) -> None:
        """The help screen (F1)."""
        ...


class SightHost(Protocol):
    """The battle screen as what its side sees (`WindowSight`) reads it: the battle, who is
    seated, the round being played back, and the log, which it writes."""

    battle: Battle
    log: LogPanel

    @property
    def session(self) -> Seating:
        """Who plays at the window."""
        ...

    @property
    def playback(self) -> Playback | None:
        """The round being shown (while one is)."""
        ...


class SavesHost(Protocol):
    """The battle screen as its saves (`BattleSaves`) read it: the battle, whether it is over
    or a round is being shown, the log and the toasts, which they write."""

    battle: Battle
    log: LogPanel
    finished: bool

    @property
    def playback(self) -> Playback | None:
        """The round being shown (no saving then)."""
        ...

    def toast(self, text: str, bad: bool = False) -> None:
        """A message that fades."""
        ...
