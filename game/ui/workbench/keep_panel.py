"""The workbench's Keep tab: the position saved as a scenario file and as a sandbox file, any of
them (or a saved battle, at any round) opened again, and the screen exported to PNG.

Files are written atomically by `game.workbench` into the workbench folder; what a format
cannot hold is said in the log.  Opening a file goes through its own loader, so a bad file is
one line in a toast, never a crash.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.paths import ROOT
from game.ui.picture import save_picture
from game.ui.render.widgets import MenuItem, PopupMenu
from game.ui.theme import shorten
from game.ui.workbench.widgets import MENU_ROWS, Column, TextField, menu_page
from game.workbench.files import WorkbenchFileError, new_path, open_position, position_files, workbench_dir
from game.workbench.sandbox_file import SandboxRefused
from game.workbench.sandbox_file import save_sandbox as write_sandbox
from game.workbench.scenario_file import ScenarioRefused
from game.workbench.scenario_file import save_scenario as write_scenario

if TYPE_CHECKING:
    from game.ui.workbench.host import KeepHost

EXAMPLES = ROOT / "docs" / "examples"  # the chapter's worked examples as sandbox files (in a checkout)


def draw(scene: KeepHost, surface: pygame.Surface, rect: pygame.Rect, scroll: int) -> Column:
    """The Keep panel; returns its laid-out column."""
    col = Column(surface, scene.theme, rect, scroll)
    pal = scene.theme.palette
    col.heading(_("Save the position"))
    col.row(
        (
            _("Scenario file"),
            lambda: save_scenario(scene),
            {
                "tip": [
                    _("A scenario New battle can start: the map, the rules modules, roster characters where"),
                    _("they stand. Edited sheets, orders and weapons on the ground need a sandbox file."),
                ]
            },
        )
    )
    col.row(
        (
            _("Sandbox file  Ctrl+S"),
            lambda: save_sandbox(scene),
            {
                "tip": [
                    _("Everything: the board, whole sheets, orders, Timing, dice and the seed;"),
                    _("python -m game resolve FILE plays the round."),
                ]
            },
        )
    )
    col.row((_("Picture of the screen (PNG)  F12"), lambda: export_picture(scene)))
    col.text(_("Saved in {folder}").format(folder=workbench_dir()), 11, pal.text_dim)
    col.heading(_("Open"))
    col.row((_("A workbench file…"), lambda: files_menu(scene, position_files(), _("Workbench files"))))
    if EXAMPLES.is_dir():
        col.row(
            (
                _("A worked example of the chapter…"),
                lambda: files_menu(scene, sorted(EXAMPLES.glob("*.json")), _("Worked examples")),
            )
        )
    col.row((_("A saved battle, at a round…"), lambda: saves_menu(scene)))
    if scene.last_file:
        col.text(_("Last: {file}").format(file=scene.last_file), 11, pal.text_dim)
    return col


def _saved(scene: KeepHost, kind: str, path: Path, notes: list[str]) -> None:
    scene.last_file = str(path)
    scene.saved_version = scene.bench.version
    scene.toast(f"Saved the {kind} file {path}")
    for note in notes:
        scene.log.add_text(f"  not kept: {note}")


def _save(scene: KeepHost, kind: str, write, refused: type[Exception]) -> Path | None:  # noqa: ANN001
    path = new_path(scene.setup.title, kind)
    try:
        notes = write(scene.setup, path)
    except (refused, OSError) as err:
        scene.toast(f"Cannot save a {kind} file: {err}", bad=True)
        return None
    _saved(scene, kind, path, notes)
    return path


def save_scenario(scene: KeepHost) -> Path | None:
    """Write the position as a scenario file (and a blank map for open ground)."""
    return _save(scene, "scenario", write_scenario, ScenarioRefused)


def save_sandbox(scene: KeepHost) -> Path | None:
    """Write the position as a sandbox file (`python -m game resolve` plays it)."""
    return _save(scene, "sandbox", write_sandbox, SandboxRefused)


def export_picture(scene: KeepHost) -> Path | None:
    """The screen as drawn now (map, overlays, panels) to a PNG, written whole or not at all."""
    path = new_path(scene.setup.title, "picture")
    scene.draw(scene.app.screen)  # what is on screen, before any message about it
    try:
        save_picture(scene.app.screen, path)  # whole or not at all: a cut PNG is never kept
    except (OSError, pygame.error) as err:
        scene.toast(_("Cannot export the picture: {err}").format(err=err), bad=True)
        return None
    scene.last_file = str(path)
    scene.toast(_("Picture saved to {path}").format(path=path))
    return path


def open_file(scene: KeepHost, path: Path, round_number: int | None = None) -> bool:
    """Open a scenario, sandbox or saved-battle file as the position; a bad file is one line."""
    try:
        setup, notes = open_position(path, round_number)
    except WorkbenchFileError as err:
        scene.toast(f"Cannot open: {err}", bad=True)
        return False
    scene.replace_setup(setup, f"opened {Path(path).name}", notes)
    scene.last_file = str(path)
    return True


def files_menu(scene: KeepHost, files: list[Path], title: str, first: int = 0) -> None:
    """A page of files to open (with More… for the next page)."""
    if not files:
        scene.toast(
            f"No files yet in {workbench_dir()}" if title == _("Workbench files") else "No files", bad=True
        )
        return
    items = menu_page(
        files,
        first,
        lambda p: MenuItem(shorten(p.name, 48), lambda: open_file(scene, p)),
        lambda nxt: files_menu(scene, files, title, nxt),
    )
    rect = scene.rects["right"]
    scene.menu = PopupMenu(
        scene.theme, title, items, (rect.x - scene.theme.px(380), rect.y + scene.theme.px(40))
    )


def saves_menu(scene: KeepHost, first: int = 0) -> None:
    """The saves and autosaves, newest first; choosing one asks for the round."""
    from game.persist.catalog import list_saved_battles

    entries = list_saved_battles()
    if not entries:
        scene.toast("No saved battles yet (every round of a battle autosaves)", bad=True)
        return
    items = menu_page(
        entries,
        first,
        lambda e: MenuItem(shorten(e.label(), 60), lambda: rounds_menu(scene, e.path)),
        lambda nxt: saves_menu(scene, nxt),
    )
    rect = scene.rects["right"]
    scene.menu = PopupMenu(
        scene.theme, _("Saved battles"), items, (rect.x - scene.theme.px(460), rect.y + scene.theme.px(40))
    )


def ask_round(scene: KeepHost, path: Path, resolved: int) -> None:
    """Type which round of a long saved battle to open."""

    def done(text: str) -> str:
        if not text.strip().isdigit() or int(text) > resolved:
            return f"a round from 0 to {resolved}"
        return "" if open_file(scene, path, int(text)) else "that round cannot be opened (see the message)"

    scene.field = TextField(f"Open {path.name} after round (0–{resolved})", "", done, 6)


def rounds_menu(scene: KeepHost, path: Path) -> None:
    """Which round of a saved battle to open: after 0, 1, … resolved rounds."""
    from game.persist.saves import SaveError
    from game.workbench.saved import saved_rounds

    try:
        resolved = saved_rounds(path)
    except SaveError as err:
        scene.toast(f"Cannot open: {err}", bad=True)
        return
    numbers = list(range(resolved, -1, -1))
    if len(numbers) > MENU_ROWS:  # the latest rounds, and the start; any other is typed
        numbers = numbers[: MENU_ROWS - 2] + [0]
    items = [
        MenuItem(f"after round {n}" if n else _("at the start"), lambda n=n: open_file(scene, path, n), "")
        for n in numbers
    ]
    if len(numbers) <= resolved:
        items.append(MenuItem("another round…", lambda: ask_round(scene, path, resolved)))
    rect = scene.rects["right"]
    scene.menu = PopupMenu(
        scene.theme,
        f"Open {path.name} at",
        items,
        (rect.x - scene.theme.px(300), rect.y + scene.theme.px(40)),
    )
