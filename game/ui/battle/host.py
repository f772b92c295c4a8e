"""What the battle screen's drawing may read and call on the screen that hosts it.

`BattleDrawing` (`game.ui.battle.drawing`) draws the battle screen from this protocol,
not from `BattleScene` itself: it names the state the drawing reads (all of it read only:
the drawing assigns none of it) and the one command it hands on (`pace`, to the pace
panel's buttons).  It imports no scene, in the style of the workbench's panel hosts
(`game.ui.workbench.host`).  `BattleScene` satisfies it; `tests/test_ui_narrow_state.py`
checks that it does and that the drawing reads nothing else.
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
    from game.ui.render.widgets import PopupMenu
    from game.ui.theme import SideStyle, Theme
    from game.world import World


class DrawingHost(Protocol):
    """The battle screen as its drawing sees it: the battle, the map view (its camera,
    tokens and overlays), the mode's state, the selection, the panels' state, and the
    focus and fog-of-war queries."""

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

    def style_of(self, world: World, eid: int) -> SideStyle:
        """How a combatant's side looks."""
        ...

    def controller_of(self, eid: int) -> str:
        """ "human" or "ai:…" for a combatant's side."""
        ...

    def focus(self) -> int | None:
        """The combatant the overlays are about."""
        ...

    def home_unit(self) -> int | None:
        """Your unit: the side panel's sheet."""
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

    def fog_view(self) -> SideView | None:
        """What the seated side sees (None without fog of war)."""
        ...

    def fog_sees(self, eid: int | None) -> bool:
        """Whether the window may show `eid`."""
        ...

    def seen_orders(self, orders: dict[int, Order]) -> dict[int, Order]:
        """The declarations the seated side may see."""
        ...

    def pace(self, what: str) -> None:
        """Resolution pace (the pace panel's buttons): step, play, skip, slower, faster."""
        ...
