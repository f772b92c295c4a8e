"""Scene tests of the position workbench, driven by the screen's own input events: each of its four
parts (Set up, See, Try, Keep), and the chapter's Retreat example (CO.18 Ex. 1) reproduced from
an empty board, its numbers read from the ledger, resolved 1,000 times, saved as a sandbox file
that `python -m game resolve` plays."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.core.sheet import Sheet
from game.persist.saves import save_battle
from game.rules.orders import ActionKind
from game.rules.positions import find_by_name, tile_of
from game.ui.app import App
from game.ui.prefs import Prefs
from game.ui.screens import make_app as make_window
from game.ui.workbench.scene import WorkbenchScene
from game.world import Condition, Equipment, Facing, Name, Side
from tests.save_helpers import play
from tests.ui_helpers import click, duel, key, make_app

CTRL = pygame.KMOD_CTRL


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Files go to a temporary data folder."""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


class Driver:
    """The window with the workbench opened from the main menu, and gestures on it."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        if size is None:
            self.app: App = make_app()
        else:  # a window of this size, settings as make_app has them
            self.app = make_window(size, Prefs(edge_scroll=False, round_summary=False))
        self.app.push_screen("menu")
        self.app.step([])
        menu = self.app.top
        button = next(b for b in menu.column.buttons if b.label == "Position workbench")  # type: ignore[attr-defined]
        self.app.step(click(button.rect.center))
        assert isinstance(self.app.top, WorkbenchScene)
        self.wb: WorkbenchScene = self.app.top
        self.app.step([])

    def step(self, *events: pygame.event.Event) -> None:
        """One frame with these events (drawn, so buttons are laid out)."""
        self.app.step(list(events))

    def _reveal(self, find: Callable[[], pygame.Rect | None]) -> pygame.Rect:
        """Scroll the side panel (from its top, as a player's wheel would) until `find` gives a
        rect inside the window's panel area; returns it."""
        self.wb.scroll[self.wb.tab] = 0
        self.step()
        for _ in range(40):
            rect = find()
            if rect is not None and self._shown(rect):
                return rect
            self.wb.scroll_panel(1)
            self.step()
        raise AssertionError("never scrolled into view")

    def _shown(self, rect: pygame.Rect) -> bool:
        """Whether a button is in sight: in the window, and inside the side panel if it is one
        of the panel's (the panel clips what it scrolled away)."""
        window = pygame.Rect((0, 0), self.app.screen.get_size())
        panel = self.wb.rects["right"]
        return window.contains(rect) and (rect.x < panel.x or panel.contains(rect))

    def press(self, label: str) -> None:
        """Click the button with that label (scrolled into view)."""
        self.step()
        rect = self._reveal(lambda: next((b.rect for b in self.wb.buttons if b.label == label), None))
        self.app.step(click(rect.center))
        self.step()

    def named(self, name: str) -> None:
        """Click the panel's button of that name ("injuries+", "module:facing" …), scrolled
        into view."""
        self.step()
        rect = self._reveal(lambda: b.rect if (b := self.wb.named.get(name)) is not None else None)
        self.app.step(click(rect.center))
        self.step()

    def pick(self, prefix: str) -> None:
        """Click the open menu's item whose label starts with `prefix` (paging on with More…,
        as a player would, while it is not on the page shown)."""
        while True:
            menu = self.wb.menu
            assert menu is not None, "no menu is open"
            self.step()
            labels = [item.label for item in menu.items]
            found = next((i for i, label in enumerate(labels) if label.startswith(prefix)), None)
            if found is None:
                assert "More…" in labels, f"{prefix!r} is not in the menu: {labels}"
                found = labels.index("More…")
            self.app.step(click(menu.item_rects[found].center))
            self.step()
            if labels[found] != "More…" or prefix == "More…":
                return

    def at(self, tile: tuple[int, int]) -> tuple[int, int]:
        """Where a tile is on the screen."""
        return self.wb.screen_pos(tile)

    def click_tile(self, tile: tuple[int, int], button: int = 1) -> None:
        """Click a tile of the map."""
        self.app.step(click(self.at(tile), button))
        self.step()

    def key(self, k: int, mod: int = 0) -> None:
        """Press a key."""
        self.step(key(k, mod))
        self.step()

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Press on one tile, move, release on another."""
        a, b = self.at(start), self.at(end)
        self.app.step(
            [
                pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=((a[0] + b[0]) // 2, a[1]), rel=(0, 0), buttons=(1, 0, 0)
                ),
                pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1),
            ]
        )
        self.step()

    def place(self, who: str, tile: tuple[int, int], side: str, troop: bool = False) -> int:
        """Place a roster character for a side with the panel and a click on the map."""
        self.wb.set_tab("setup")
        self.step()
        while self.wb.place_side != side:
            sides = set(self.wb.setup.sides) | {"Red", "Blue", "Green", "Gold"}
            assert side in sides, side
            self.press(self.wb.place_side)
        self.press("Troop…" if troop else "Named character…")
        self.pick(who)
        self.click_tile(tile)
        self.key(pygame.K_ESCAPE)
        eid = self.wb.selected
        assert eid is not None
        return eid

    def toasts(self) -> list[str]:
        """The messages on screen."""
        return [t[0] for t in self.wb.toasts]


# ------------------------------------------------------------------ Set up
def test_set_up_places_drags_turns_edits_and_undoes(tmp_path: Path) -> None:
    d = Driver()
    wb = d.wb
    omar = d.place("Omar", (3, 3), "Red")
    niles = d.place("Niles", (6, 3), "Blue")
    world = wb.setup.world
    assert (world.get(omar, Side).name, world.get(niles, Side).name) == ("Red", "Blue")
    assert world.get(omar, Sheet).skill("strike") == 6  # the roster's Omar (CO.06)
    # Drag Omar two tiles down; right click turns him toward Niles; a bad tile is refused.
    d.drag((3, 3), (3, 5))
    assert tile_of(wb.setup.world, omar) == (3, 5)
    d.click_tile((6, 3), button=3)
    assert wb.setup.world.get(omar, Facing).direction == 1  # NE
    d.drag((3, 5), (6, 3))
    assert tile_of(wb.setup.world, omar) == (3, 5)
    assert "cannot move Omar there: [6, 3] is already taken by Niles" in d.toasts()
    # His sheet, equipment and Injuries from the panel.
    d.click_tile((3, 5))
    d.named("injuries+")
    d.named("strike+")
    d.named("agility-")
    world = wb.setup.world
    assert world.get(omar, Condition).injuries == 1
    assert world.get(omar, Sheet).skills["strike"] == 7 and world.get(omar, Sheet).agility == 2
    d.press("Missile weapon…")
    rifle = next(i for i in wb.menu.items if i.label == "hunting rifle")  # type: ignore[union-attr]
    assert not rifle.enabled and rifle.reason.startswith("Omar needs 3 hands to hold sword, hunting rifle")
    d.pick("laser pistol")
    assert [w.name for w in wb.setup.world.get(omar, Equipment).weapons] == ["sword", "laser pistol"]
    # Rules modules, then undo and redo by key.
    facing_on = wb.setup.options.has("facing")
    d.named("module:facing")
    assert wb.setup.options.has("facing") != facing_on
    d.key(pygame.K_z, CTRL)
    assert wb.setup.options.has("facing") == facing_on
    d.key(pygame.K_z, CTRL)
    assert [w.name for w in wb.setup.world.get(omar, Equipment).weapons] == ["sword"]
    d.key(pygame.K_y, CTRL)
    assert [w.name for w in wb.setup.world.get(omar, Equipment).weapons] == ["sword", "laser pistol"]
    # Another board: a bundled map, where a wall refuses a combatant with the rules' reason.
    d.press("Change…")
    d.pick("Map: The Pub")
    assert wb.setup.source.kind == "map" and wb.setup.source.path is not None
    board = wb.setup.board
    wall = next((x, y) for y in range(board.height) for x in range(board.width) if board.blocks_move((x, y)))
    d.press("Troop…")
    d.pick("Thug")
    d.click_tile(wall)
    assert f"cannot place Thug there: {list(wall)} is a wall or blocks movement" in d.toasts()
    d.key(pygame.K_ESCAPE)  # stop placing
    # A rename the sandbox's rules refuse shows the reason in the field; Delete takes him off.
    assert niles in wb.setup.combatants  # (6, 3) is open floor in the pub too
    d.click_tile(tile_of(wb.setup.world, niles))
    d.named("rename")
    assert wb.field is not None and wb.field.value == "Niles"
    d.step(pygame.event.Event(pygame.TEXTINPUT, text=":2"))
    d.key(pygame.K_RETURN)
    assert (
        wb.field is not None and wb.field.error == "'Niles:2' contains ':' (dice keys are \"Name:Purpose\")"
    )
    d.key(pygame.K_ESCAPE)
    assert wb.field is None and wb.setup.world.get(niles, Name).value == "Niles"
    d.key(pygame.K_DELETE)
    assert niles not in wb.setup.combatants


# ------------------------------------------------------------------ See
def test_see_shows_overlays_a_pairs_ledger_and_the_attack_matrix() -> None:
    d = Driver()
    wb = d.wb
    alex = d.place("Alex (", (2, 3), "Red")
    niles = d.place("Niles", (9, 3), "Blue")
    d.key(pygame.K_2, CTRL)
    assert wb.tab == "see"
    d.key(pygame.K_ESCAPE)  # Niles, placed last, was selected
    d.click_tile((2, 3))
    assert wb.selected == alex
    assert {"reach", "range", "arcs", "sight"} <= wb.view.overlays.active  # what See is about, at once
    d.named("overlay:sight")
    assert "sight" not in wb.view.overlays.active
    data = wb.view.overlays.data
    assert data is not None and data.bands is not None and data.walk is not None
    d.click_tile((9, 3))
    assert (wb.selected, wb.partner) == (alex, niles)
    text = wb.panel_text
    assert "Alex at (2, 3) facing E, Niles at (9, 3) facing SW: 7.0 m apart" in text
    assert (
        "Alex → Niles: bare hands (reach 1): out of reach · shotgun: Short Range (0) · from Niles's front arc"
        in text
    )
    shot = text.index("Missile Strike on Niles (if added)")
    assert text[shot + 1 : shot + 3] == [
        "  10 [Missile Strike (Slug Thrower)] = 10",  # CO.07: Slug Thrower 10, and 7 m is Short Range
        "  needs d12 ≤ 10 · success 5/6 = 83.3%",
    ]
    assert "refused: Strike needs a melee weapon in hand (use Brawling without one)" in text
    # Clicking the partner swaps the pair; M shows the matrix over the map, with its tips.
    d.click_tile((9, 3))
    assert (wb.selected, wb.partner) == (niles, alex)
    d.key(pygame.K_m, CTRL)
    assert wb.matrix and wb.matrix_cells
    spot, attacker, target = next(c for c in wb.matrix_cells if c[1] == alex)
    from game.ui.workbench.see_panel import matrix_tip

    assert matrix_tip(wb, spot.center)[0] == "Missile Strike on Niles (if added)"
    d.key(pygame.K_ESCAPE)
    assert not wb.matrix


# ------------------------------------------------------------------ Try
def test_try_writes_orders_for_both_sides_resolves_once_and_n_times() -> None:
    d = Driver()
    wb = d.wb
    omar = d.place("Omar", (4, 4), "Red")
    niles = d.place("Niles", (5, 4), "Blue")
    d.key(pygame.K_3, CTRL)
    d.key(pygame.K_ESCAPE)  # nobody selected: the next click picks who writes an order
    d.click_tile((4, 4))
    d.click_tile((5, 4))  # an enemy: the battle screen's attack menu
    d.pick("Strike on Niles")
    d.key(pygame.K_ESCAPE)
    d.click_tile((5, 4))
    d.key(pygame.K_x)  # every action
    d.pick("Dodge")
    d.click_tile((4, 4))
    d.pick("Strike on Omar")
    orders = wb.setup.orders
    assert [a.kind for a in orders[omar].actions] == [ActionKind.STRIKE]
    assert [a.kind for a in orders[niles].actions] == [ActionKind.DODGE, ActionKind.STRIKE]
    # A path out of melee takes a Retreat with it; the Strike then cannot reach: the rules say so.
    d.click_tile((5, 6))
    assert [a.kind for a in wb.setup.orders[niles].actions] == [
        ActionKind.DODGE,
        ActionKind.STRIKE,
        ActionKind.RETREAT,
    ]
    assert "Retreat added: the path needs it" in d.toasts()
    assert "refused: Omar will not be within reach (1 tile) of (5, 6)" in wb.panel_text
    assert wb.button("Resolve once ▶").reason == "Niles: Omar will not be within reach (1 tile) of (5, 6)"
    d.key(pygame.K_z, CTRL)
    assert wb.setup.orders[niles].path == () and "refused" not in " ".join(wb.panel_text)
    d.press("Fixed order")
    assert wb.setup.timing is not None
    # Once, animated: the playback runs on a copy; the position stays until the result is kept.
    d.press("Resolve once ▶")
    assert wb.playback is not None
    d.key(pygame.K_k)
    assert wb.playback.done
    before = wb.setup.world
    d.press("Keep the result")
    assert wb.playback is None and wb.setup.world != before and not wb.setup.orders
    d.key(pygame.K_z, CTRL)
    assert wb.setup.world == before and wb.setup.orders
    # N times: a hundred runs in steps, with the distribution and the heat map.
    d.named("runs:100")
    d.press("Resolve 100 times")
    assert wb.trials is not None
    for _ in range(500):
        if wb.trials.done:
            break
        d.app.step([], draw=False)
    d.step()
    assert wb.trials.done and wb.trials.result.runs == 100
    assert any(line.startswith("100 runs, seeds 1–100") for line in wb.panel_text)
    assert "Omar: Strike on Niles" in wb.panel_text
    assert wb.named["heat"].label == "Heat map of where Niles ends: on"  # Niles, still selected
    omar_tally = wb.trials.result.combatants[omar]
    assert sum(omar_tally.ends.values()) == 100
    assert any(line.startswith("Injuries") and "first in Timing" in line for line in wb.panel_text)
    d.named("heat")
    assert not wb.heat


# ------------------------------------------------------------------ Keep
def test_keep_saves_both_files_opens_them_exports_a_picture_and_opens_a_saved_battle(home: Path) -> None:
    d = Driver()
    wb = d.wb
    d.place("Omar", (4, 4), "Red")
    d.place("Niles", (5, 4), "Blue")
    d.key(pygame.K_4, CTRL)
    d.press("Scenario file")
    d.press("Sandbox file  Ctrl+S")
    folder = home / "workbench"
    assert sorted(p.name for p in folder.iterdir()) == [
        "workbench_position-map.tmx",
        "workbench_position-sandbox.json",
        "workbench_position.json",
    ]
    d.key(pygame.K_F12)
    picture = folder / "workbench_position.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(picture)).get_size() == (1280, 720)
    # A hostile file in the folder is refused in one line; the position stays.
    (folder / "broken.json").write_text('{"combatants": [{"name": "A"}], "board": 7, "rounds": []}')
    before = wb.setup
    d.press("A workbench file…")
    d.pick("broken.json")
    assert wb.setup is before
    (bad,) = [t for t in d.toasts() if t.startswith("Cannot open")]
    assert "\n" not in bad and "board" in bad
    # Both files open again as the same position.
    for name in ("workbench_position-sandbox.json", "workbench_position.json"):
        d.press("A workbench file…")
        d.pick(name)
        world = wb.setup.world
        assert sorted((wb.setup.world.get(e, Side).name, tile_of(world, e)) for e in wb.setup.combatants) == [
            ("Blue", (5, 4)),
            ("Red", (4, 4)),
        ]
    # A saved battle, at a round of it.
    battle = play(duel(("ai:easy", "ai:easy"), seed=7), 2)
    save_battle(battle, home / "saves" / "duel-round2-20250101-000000.json")
    d.press("A saved battle, at a round…")
    d.pick("Test duel")
    d.pick("after round 1")
    assert wb.setup.title == "Test duel, after round 1"
    assert wb.setup.world == play(duel(("ai:easy", "ai:easy"), seed=7), 1).world
    assert wb.setup.orders  # round 2 as it was declared


# ------------------------------------------------------------------ the chapter's example
def test_a_game_master_reproduces_serenas_retreat_from_an_empty_board(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CO.18 Ex. 1 from open ground: Omar, Niles and Serena from the roster, the chapter alone,
    the example's orders and Timing; the ledger prints the rulebook's numbers; 1,000 runs show
    the distribution; the sandbox file plays with `python -m game resolve`."""
    d = Driver()
    wb = d.wb
    for name in wb.setup.options.on:
        d.named(f"module:{name}")
    assert not wb.setup.options.on  # the chapter alone, as its examples assume
    omar = d.place("Omar", (4, 4), "Red")
    niles = d.place("Niles", (5, 4), "Blue")
    serena = d.place("Serena", (6, 4), "Red")
    d.key(pygame.K_3, CTRL)
    d.key(pygame.K_ESCAPE)
    d.click_tile((4, 4))
    d.click_tile((5, 4))
    d.pick("Strike on Niles")
    d.key(pygame.K_ESCAPE)
    d.click_tile((5, 4))
    d.key(pygame.K_x)
    d.pick("Parry")
    d.click_tile((6, 4))
    d.pick("Strike on Serena")
    d.key(pygame.K_ESCAPE)
    d.click_tile((6, 4))
    d.click_tile((14, 4))  # the longest path she may need: the Retreat comes with it
    assert [a.kind for a in wb.setup.orders[serena].actions] == [ActionKind.RETREAT]
    d.press("Fixed order")
    while wb.setup.timing != (serena, niles, omar):  # "Serena gets the best Timing Score …"
        index = list(wb.setup.timing or ()).index(serena)
        d.named(f"timing-up:{index}")
    # See: the ledger of Niles and Serena, and of Omar and Niles.
    d.key(pygame.K_2, CTRL)
    d.key(pygame.K_ESCAPE)
    d.click_tile((5, 4))
    d.click_tile((6, 4))
    text = wb.panel_text
    strike = text.index("Strike on Serena (declared)")
    assert text[strike + 1 : strike + 5] == [
        "  9 [Strike] − 1 [Action Penalty] = 8",
        "  needs d12 ≤ 8 · success 4/9 = 44.4%",
        "  Serena declared no defence against it",
        "  nullified 1/3 = 33.3%: Serena Retreated out of melee",
    ]
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    d.click_tile((4, 4))
    d.click_tile((5, 4))
    text = wb.panel_text
    strike = text.index("Strike on Niles (declared)")
    assert text[strike + 1 : strike + 3] == ["  6 [Strike] = 6", "  still to roll: −4 to 0 [Parry]"]
    # Try: 1,000 runs.
    d.key(pygame.K_3, CTRL)
    d.press("Resolve 1,000 times")
    for _ in range(3000):
        if wb.trials is not None and wb.trials.done:
            break
        d.app.step([], draw=False)
    d.step()
    assert wb.trials is not None and wb.trials.result.runs == 1000
    assert any(line.startswith("1,000 runs, seeds 1–1000") for line in wb.panel_text)
    rows = {row.title: row for row in wb.trials.result.actions}
    assert rows["Niles: Strike on Serena"].rolled + rows["Niles: Strike on Serena"].nullified == 1000
    assert any(
        line.endswith("forecast 4/9 = 44.4% · nullified " + f"{rows['Niles: Strike on Serena'].nullified:,}")
        for line in wb.panel_text
    )
    # Keep: the sandbox file, played by the command line.
    d.key(pygame.K_4, CTRL)
    d.press("Sandbox file  Ctrl+S")
    path = home / "workbench" / "workbench_position-sandbox.json"
    document = json.loads(path.read_text())
    assert document["rounds"][0]["timing"] == ["Serena", "Niles", "Omar"]
    assert document["modules"] == []
    capsys.readouterr()
    assert main(["resolve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Niles declares Parry, Strike on Serena (Action Penalty −1)" in out
    assert "Serena — Retreat: 4 [Movement] = 4; rolled" in out
    assert find_by_name(wb.setup.world, "Serena") == serena


def test_a_board_that_fits_at_a_readable_zoom_is_shown_whole() -> None:
    """Every bundled map chosen as the board: shown whole when it fits the view at 32 pixels a
    tile or more (as the battle screen opens it), else at the default zoom."""
    from game.ui.render.camera import DEFAULT_ZOOM, READABLE_ZOOM
    from game.workbench.boards import map_choices

    d = Driver()
    whole = 0
    labels = [c.label for c in map_choices()]
    for label in [lb for lb in labels if lb.startswith("Map: ")]:
        d.press("Change…")
        d.pick(label)
        camera = d.wb.view.camera
        board = d.wb.setup.board
        view = camera.viewport
        if READABLE_ZOOM * board.width <= view.w and READABLE_ZOOM * board.height <= view.h:
            camera.offset.update(camera.target)
            corners = [(0, 0), (board.width - 1, board.height - 1)]
            assert all(view.contains(camera.tile_rect(t)) for t in corners), label
            whole += 1
        else:
            assert camera.tile_px == DEFAULT_ZOOM, label
    assert whole  # some bundled map is small enough to be shown whole


def test_the_board_chooser_fits_the_window_however_many_maps_you_have(home: Path) -> None:
    """It listed every board on one menu: from nine maps of your own its first rows (the open
    ground) were above the window, and with 200 the menu began 4,821 pixels above it."""
    from game.ui.app import MIN_SIZE
    from game.workbench.boards import map_choices

    folder = home / "maps"
    folder.mkdir()
    for k in range(40):
        (folder / f"map{k:02}.tmx").write_text("<map")  # broken: listed by file name all the same
    d = Driver(size=MIN_SIZE)
    labels = [c.label for c in map_choices()]
    assert len(labels) > 50
    d.press("Change…")
    seen: list[str] = []
    while True:
        menu = d.wb.menu
        assert menu is not None
        d.step()
        screen = d.app.screen.get_rect()
        assert all(screen.contains(r) for r in menu.item_rects), menu.item_rects
        seen += [item.label for item in menu.items if item.label != "More…"]
        if menu.items[-1].label != "More…":
            break
        d.pick("More…")
    assert seen == labels  # every board, each once, in order


def test_try_a_flight_off_the_map_from_the_action_menu() -> None:
    """Flee off the map in the workbench's action menu walks the selected combatant to the
    nearest edge and becomes its order (undoable), as in a battle."""
    d = Driver()
    wb = d.wb
    serena = d.place("Serena", (2, 4), "Red")
    d.place("Niles", (9, 4), "Blue")
    d.key(pygame.K_3, CTRL)
    d.key(pygame.K_ESCAPE)
    d.click_tile((2, 4))
    d.key(pygame.K_x)
    d.pick("Flee off the map via (0, 4)")
    order = wb.setup.orders[serena]
    assert order.flee and order.path == ((1, 4), (0, 4))
    d.key(pygame.K_z, CTRL)
    assert serena not in wb.setup.orders or not wb.setup.orders[serena].flee


def test_a_long_name_in_the_roster_menu_is_cut_with_an_ellipsis() -> None:
    """IX/N(a)'s full name and the sources are longer than the menu keeps: cut with "…",
    where they were cut mid-word ("Model IX/N(", "bare hand")."""
    from game.ui.theme import shorten

    assert shorten("Serena", 44) == "Serena"
    assert shorten("x" * 50, 44) == "x" * 43 + "…" and len(shorten("x" * 50, 44)) == 44
    driver = Driver()
    driver.press("Named character…")
    menu = driver.wb.menu
    assert menu is not None
    android = next(item for item in menu.items if item.label.startswith("IX/N(a)"))
    assert android.label.endswith("…") and len(android.label) <= 44
    assert all(len(item.detail.split(" · ", 1)[-1]) <= 28 for item in menu.items if " · " in item.detail)
    assert any(item.detail.endswith("…") for item in menu.items)
