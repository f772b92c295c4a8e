"""What each of the workbench's panels may read and do on the screen that hosts them.

The panels (`setup_panel`, `see_panel`, `try_panel`, `keep_panel`) and the tab bar draw into
the workbench and act on it through these protocols, not through `WorkbenchScene` itself:
each names the state it reads and the commands it calls, and none imports the scene, so the
scene can import them without a circle of imports (there was one of seven files).
The screen's input (`WorkbenchInput`, `scene.input`) is a component, not a mixin, in the style
of the battle screen's parts (`game.ui.battle.host`): it holds the screen as an `InputHost`,
and the Try panel reaches its commands through `InputCommands`.
`WorkbenchScene` satisfies every one of them; `tests/test_layers.py` checks that it does, and
`tests/test_ui_narrow_state.py` that the input reads nothing of the screen but `InputHost`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    import pygame

    from game.core.geometry import Tile
    from game.rules.events import Event
    from game.ui.app import App
    from game.ui.map_view import MapView
    from game.ui.planner import Draft, DraftState, Planner
    from game.ui.playback import Playback
    from game.ui.render.log import LogPanel
    from game.ui.render.widgets import Button, PopupMenu
    from game.ui.theme import SideStyle, Theme
    from game.ui.workbench.widgets import TextField
    from game.workbench.bench import Bench
    from game.workbench.setup import Refused, Setup
    from game.workbench.trials import Trials
    from game.world import World


class InputCommands(Protocol):
    """What the Try panel's buttons ask of the screen's input (`WorkbenchInput`, `scene.input`):
    the commands of the keys X, N, P and K."""

    def open_action_menu(self) -> None:
        """Every action of the selected combatant."""
        ...

    def pace(self, what: str) -> None:
        """Resolution pace: step, play/pause, skip."""
        ...


class PanelHost(Protocol):
    """What every panel reads and does: the position, its screen places, menus, messages."""

    theme: Theme
    rects: dict[str, pygame.Rect]
    selected: int | None
    menu: PopupMenu | None
    field: TextField | None

    @property
    def setup(self) -> Setup:
        """The position being worked on."""
        ...

    def edit(self, result: Setup | Refused, label: str) -> bool:
        """Take an edit of the position (or say why it was refused)."""
        ...

    def cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        """A value kept while the position does not change."""
        ...

    def toast(self, text: str, bad: bool = False, log: bool = True) -> None:
        """A short message over the map."""
        ...


class SetupHost(PanelHost, Protocol):
    """The Set up panel: places combatants and sides."""

    placing: Any
    place_side: str


class SeeHost(PanelHost, Protocol):
    """The See panel: overlays, the attack matrix, a pair of combatants."""

    partner: int | None
    matrix: bool
    fog_views: bool
    matrix_cells: list[tuple[pygame.Rect, int, int]]
    matrix_shown: dict[tuple[int, int], Any]
    view: MapView

    @property
    def world(self) -> World:
        """The position's world."""
        ...

    def focus(self) -> int | None:
        """The combatant the overlays are about."""
        ...

    def style_of(self, world: World, eid: int) -> SideStyle:
        """How a combatant's side looks."""
        ...


class TryHost(SeeHost, Protocol):
    """The Try panel: orders, one resolution played back, many resolutions counted."""

    drafts: dict[int, DraftState]
    log: LogPanel
    outcome: tuple[World, list[Event]] | None
    playback: Playback | None
    trials: Trials | None
    runs: int
    heat: bool
    scripted: bool
    scroll: dict[str, int]
    input: InputCommands  # Add action…, Step, Play/pause, Skip: the same commands as the keys

    def draft(self, eid: int) -> Draft:
        """The order being planned for a combatant."""
        ...

    def planner(self, eid: int) -> Planner:
        """The planner of a combatant's order."""
        ...

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face after its order."""
        ...

    def play(self, world_before: World, events: list[Event], after: World) -> None:
        """Play a resolution back on the map."""
        ...

    def close_playback(self) -> None:
        """Stop playing back."""
        ...

    def select(self, eid: int | None) -> None:
        """Select a combatant."""
        ...


class KeepHost(PanelHost, Protocol):
    """The Keep panel: saves, opens and pictures the position."""

    app: App
    bench: Bench
    log: LogPanel
    saved_version: int
    last_file: str

    def replace_setup(self, setup: Setup, label: str, notes: list[str] | None = None) -> None:
        """Open another position in place of this one."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen."""
        ...


class BarHost(KeepHost, Protocol):
    """The tab bar: the tabs, undo and redo, a picture of the screen, leaving."""

    tab: str

    def set_tab(self, name: str) -> None:
        """Show another tab."""
        ...

    def undo(self) -> None:
        """Undo the last edit."""
        ...

    def redo(self) -> None:
        """Redo an undone edit."""
        ...

    def leave(self) -> None:
        """Back to the menu (warned first if there is unsaved work)."""
        ...

    def export_picture(self) -> Path | None:
        """A picture of the screen (the button, as F12 does)."""
        ...


class InputHost(Protocol):
    """The workbench as its input (`WorkbenchInput`) sees it: the position and the world drawn,
    the map view, the screen's places, the tab, the selection and pair, what is being placed, the
    menu and text field (which it opens and closes), the switches its keys flip (`ruler`,
    `matrix`), and the commands the keys and clicks stand for.  It assigns only `selected`,
    `partner`, `placing`, `menu`, `field`, `ruler` and `matrix`."""

    app: App  # F1 opens the help screen over the workbench
    rects: dict[str, pygame.Rect]  # the screen's places: map, right, top, log, hint
    view: MapView  # the map, its camera, cursor and overlay layer
    log: LogPanel
    buttons: list[Button]  # the top bar's and the panel's, as last drawn
    tab: str
    playback: Playback | None  # a resolution shown on the map
    selected: int | None
    partner: int | None  # the second of the See tab's pair
    placing: Any  # the roster character a click on a free tile places
    place_side: str
    menu: PopupMenu | None
    field: TextField | None
    ruler: bool
    matrix: bool

    @property
    def theme(self) -> Theme:
        """The look: palette, fonts, scale."""
        ...

    @property
    def setup(self) -> Setup:
        """The position being worked on."""
        ...

    @property
    def world(self) -> World:
        """The world drawn: the playback's copy while a resolution is shown."""
        ...

    def edit(self, result: Setup | Refused, label: str) -> bool:
        """Take an edit of the position (or say why it was refused)."""
        ...

    def select(self, eid: int | None) -> None:
        """Select a combatant (None: nobody)."""
        ...

    def focus(self) -> int | None:
        """The combatant the overlays are about."""
        ...

    def draft(self, eid: int) -> Draft:
        """The order being planned for a combatant."""
        ...

    def planner(self, eid: int) -> Planner:
        """The planner of a combatant's order."""
        ...

    def commit_draft(self, draft: Draft, label: str = "") -> None:
        """The draft becomes the combatant's order (undoable)."""
        ...

    def plan_end(self, eid: int) -> tuple[Tile, int]:
        """Where a combatant will stand and face after its order."""
        ...

    def toast(self, text: str, bad: bool = False, log: bool = True) -> None:
        """A short message over the map."""
        ...

    def set_tab(self, name: str) -> None:
        """Show another tab."""
        ...

    def scroll_panel(self, rows: int) -> None:
        """Scroll the side panel (the wheel over it)."""
        ...

    def undo(self) -> None:
        """Undo the last edit."""
        ...

    def redo(self) -> None:
        """Redo an undone edit."""
        ...

    def save_sandbox(self) -> Path | None:
        """Save the position as a sandbox file (Ctrl+S)."""
        ...

    def export_picture(self) -> Path | None:
        """A picture of the screen (F12)."""
        ...

    def close_playback(self) -> None:
        """Stop showing a resolution on the map."""
        ...

    def leave(self) -> None:
        """Back to the menu (warned first if there is unsaved work)."""
        ...
