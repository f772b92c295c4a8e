"""Every screen reflows at every UI scale, down to the smallest window: no button off the
window, no button over another, no text under a button that is not its own label.

The text and buttons a frame draws are recorded by wrapping `blit_text` (in every window
module that uses it) and `Button.draw`; text drawn inside a clip (the log, the hint strip)
is cut there on purpose and not checked.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.ui.app import MIN_SIZE, App, effective_scale
from game.ui.prefs import UI_SCALES, Prefs
from game.ui.render import widgets
from game.ui.screens import make_app
from tests.ui_helpers import duel, run_until

SIZES = [MIN_SIZE, (1280, 720), (1920, 1080)]


class Drawn:
    """What one frame drew: text boxes and buttons."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.buttons: list[tuple[str, pygame.Rect]] = []


@pytest.fixture
def drawn(monkeypatch) -> Iterator[Drawn]:  # noqa: ANN001
    record = Drawn()
    original = widgets.blit_text
    # Every UI module imported first: one first imported while this patch is on would bind the
    # patched function for good, and later tests' texts would go to this test's record.
    import game.ui

    for found in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(found.name)

    def blit_text(surface, theme, text, pos, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        rect = original(surface, theme, text, pos, *args, **kwargs)
        if surface.get_clip() == surface.get_rect() and text.strip():
            record.texts.append((text, pygame.Rect(rect)))
        return rect

    for name, module in list(sys.modules.items()):
        if name.startswith("game.ui") and getattr(module, "blit_text", None) is original:
            monkeypatch.setattr(module, "blit_text", blit_text)
    draw = widgets.Button.draw

    def draw_button(self, surface, theme):  # noqa: ANN001, ANN202
        record.buttons.append((self.label, pygame.Rect(self.rect)))
        draw(self, surface, theme)

    monkeypatch.setattr(widgets.Button, "draw", draw_button)
    yield record


def problems(app: App, drawn: Drawn) -> list[str]:
    """What is wrong with the frame just drawn."""
    screen = app.screen.get_rect()
    found = []
    for label, rect in drawn.buttons:
        if not screen.contains(rect):
            found.append(f"button {label!r} {rect} leaves the {screen.size} window")
    for i, (label, rect) in enumerate(drawn.buttons):
        for other, second in drawn.buttons[i + 1 :]:
            if rect.colliderect(second) and rect != second:
                found.append(f"buttons {label!r} {rect} and {other!r} {second} overlap")
    for i, (text, rect) in enumerate(drawn.texts):
        for other, second in drawn.texts[i + 1 :]:
            common = rect.clip(second)
            if common.w > 2 and common.h > 2:  # lines a pixel apart touch; text over text does not
                found.append(f"text {text[:40]!r} {rect} and {other[:40]!r} {second} overlap")
        if not screen.contains(rect):
            found.append(f"text {text[:40]!r} {rect} is cut by the window's edge")
        for label, button in drawn.buttons:
            if rect.colliderect(button) and not button.contains(rect):
                found.append(f"text {text[:40]!r} {rect} runs under the button {label!r} {button}")
    return found


def frame(app: App, drawn: Drawn) -> list[str]:
    """Draw a frame; the problems of what the top screen drew (the screens under an overlay
    are shaded and take no input)."""
    top = app.top
    assert top is not None
    draw = top.draw

    def top_draw(surface: pygame.Surface) -> None:
        drawn.texts.clear()
        drawn.buttons.clear()
        draw(surface)

    top.draw = top_draw  # type: ignore[method-assign]
    app.step([])
    found = problems(app, drawn)
    picture = getattr(top, "preview_rect", None)  # New battle's picture of the scenario
    if picture is not None:
        if not app.screen.get_rect().contains(picture):
            found.append(f"the picture {picture} leaves the window")
        found += [
            f"the picture {picture} covers the button {label!r} {rect}"
            for label, rect in drawn.buttons
            if picture.colliderect(rect)
        ]
        found += [
            f"the picture {picture} covers the text {text[:40]!r} {rect}"
            for text, rect in drawn.texts
            if picture.colliderect(rect)
        ]
    return found


def on_menu(app: App) -> None:
    app.push_screen("menu")


def on_setup(app: App) -> None:
    app.push_screen("menu")
    app.push_screen("setup")


def on_settings(app: App) -> None:
    app.push_screen("menu")
    app.push_screen("settings")


def on_battle(app: App) -> None:
    scene = app.push_screen("battle", duel(), None)
    assert run_until(app, lambda: scene.phase == "declare")  # type: ignore[attr-defined]


def on_pause(app: App) -> None:
    on_battle(app)
    app.push_screen("pause", app.top)


def on_briefing(app: App) -> None:
    on_battle(app)
    text = "Omar spars with a thug. " * 3
    scene = app.push_screen("briefing", "Tutorial: Move", text, "basics", "Rules. " * 80)
    scene.toggle_rules()  # type: ignore[attr-defined]


def on_confirm(app: App) -> None:
    on_battle(app)
    battle = app.top
    warning = "This round's declarations are not saved yet."
    app.push_screen("confirm", "Quit the game", warning, app.quit, battle)


def on_help(app: App) -> None:
    on_battle(app)
    app.push_screen("help")


def on_load(app: App) -> None:
    on_battle(app)
    assert app.top.save() is not None  # type: ignore[attr-defined]
    app.push_screen("load")


def on_replay(app: App) -> None:
    from game.ui.replay_timeline import load_replay

    on_battle(app)
    path = app.top.save()  # type: ignore[attr-defined]
    assert path is not None
    app.replace_screen("replay", load_replay(path))


def on_end(app: App) -> None:
    on_battle(app)
    app.push_screen("end", app.top)


def on_workbench(tab: str) -> Callable[[App], None]:
    """The workbench on one of its tabs, with the retreat example (two combatants, a plan)."""

    def open_it(app: App) -> None:
        from game.paths import ROOT
        from game.workbench.files import open_position

        scene = app.push_screen("workbench", *open_position(ROOT / "docs" / "examples" / "retreat.json"))
        scene.set_tab(tab)  # type: ignore[attr-defined]

    return open_it


SCREENS: dict[str, Callable[[App], None]] = {
    "menu": on_menu,
    "setup": on_setup,
    "settings": on_settings,
    "battle": on_battle,
    "pause": on_pause,
    "briefing": on_briefing,
    "confirm": on_confirm,
    "end": on_end,
    "help": on_help,
    "load": on_load,
    "replay": on_replay,
    **{f"workbench-{tab}": on_workbench(tab) for tab in ("setup", "see", "try", "keep")},
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_screen_reflows_at_every_scale(tmp_path, monkeypatch, drawn: Drawn, screen: str, size) -> None:  # noqa: ANN001
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    found = []
    for scale in UI_SCALES:
        app = make_app(size, Prefs(ui_scale=scale, edge_scroll=False, round_summary=False))
        assert app.theme.scale == effective_scale(scale, size)
        SCREENS[screen](app)
        found += [f"scale {scale} ({app.theme.scale:g} fits): {p}" for p in frame(app, drawn)]
    assert not found, "\n".join(found[:20])


def test_the_ui_scale_never_outgrows_the_window() -> None:
    assert effective_scale(2.0, MIN_SIZE) == 1.0
    assert effective_scale(0.75, MIN_SIZE) == 0.75
    assert effective_scale(1.5, (1920, 1080)) == 1.5
    assert effective_scale(2.0, (1920, 1080)) == 1.8  # 1080 / 600
    assert effective_scale(1.3, (1280, 720)) == 1.2
    assert effective_scale(2.0, (500, 300)) == 0.75  # never below the smallest scale


def test_the_setup_screen_fits_every_scenario_and_more_modules(tmp_path, monkeypatch, drawn: Drawn) -> None:  # noqa: ANN001
    """At the smallest window, every bundled scenario's setup leaves the Start and Back buttons
    clear, also with six more rules modules (others are on their way) than the game has."""
    from game.rules.api.modules import RulesModule
    from game.rules.registry import register_module, unregister

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    extra = []
    for k in range(6):
        extra.append(
            register_module(
                type(
                    f"Extra{k}",
                    (RulesModule,),
                    {"name": f"extra{k}", "label": f"Extra {k}", "help": "a long help text " * 8},
                )
            )
        )
    try:
        app = make_app(MIN_SIZE, Prefs(ui_scale=1.0, edge_scroll=False))
        on_setup(app)
        setup = app.top
        found = []
        for index in range(len(setup.scenarios)):  # type: ignore[attr-defined]
            setup.choose(index)  # type: ignore[attr-defined]
            found += [f"{setup.scenarios[index].id}: {p}" for p in frame(app, drawn)]  # type: ignore[attr-defined]
        labels = {label for label, _rect in drawn.buttons}
        # Every module's switch can be reached: on this page, or the next ones (a button says
        # which page shows), each page laid out without overlaps.
        for _ in range(10):
            more = [label for label in labels if label.startswith("More modules")]
            if (
                not more
                or more[0].startswith("More modules (")
                and more[0].endswith(")")
                and (more[0].split("(")[1].split("/")[0] == more[0].split("/")[1].rstrip(")"))
            ):
                break
            setup.next_modules()  # type: ignore[attr-defined]
            found += [f"page: {p}" for p in frame(app, drawn)]
            labels |= {label for label, _rect in drawn.buttons}
        assert {"Extra 0: off", "Extra 5: off", "Start battle", "Back"} <= labels, labels
        assert not found, "\n".join(found[:20])
    finally:
        for cls in extra:
            unregister(cls.name)  # type: ignore[attr-defined]


def test_the_help_sheet_lists_every_binding_once_and_names_keys_by_place_once() -> None:
    from game.ui.input.bindings import BINDINGS
    from game.ui.render.help_sheet import help_blocks

    blocks = help_blocks(BINDINGS, ("a click",), {"Reach": "where it can go"})
    rows = {what: keys for block in blocks for keys, what in block.rows}
    assert rows["pan the camera (hold)"] == "A / D / W / S (by position)"
    assert rows["turn the final facing clockwise"] == "E (by position)"
    assert rows["move the tile cursor"] == "Arrow keys"
    assert {b.help for b in BINDINGS.all} <= set(rows)  # nothing the table has is left out
    assert [b.title for b in blocks][-2:] == ["Mouse", "Overlays"]
    assert rows["Reach: where it can go"] == ""


def test_the_maps_folder_line_stays_in_the_scenario_list(tmp_path, monkeypatch, drawn: Drawn) -> None:  # noqa: ANN001
    """New battle names the player's maps folder under the list, shortened from the left to
    fit: the words before it counted too (they ran into the scenario's side by their width)."""
    home = tmp_path / "a folder with a long name" / "and another long one under it"
    home.mkdir(parents=True)
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(home))
    for size in SIZES:
        for scale in UI_SCALES:
            app = make_app(size, Prefs(ui_scale=scale, edge_scroll=False))
            on_setup(app)
            setup = app.top
            settle(setup)  # while the maps are checked, their progress takes the folder's line
            frame(app, drawn)
            (line,) = [rect for text, rect in drawn.texts if text.startswith("Your maps: …")]
            heading = setup.scenarios[setup.index].title  # type: ignore[attr-defined]
            title = max((rect for text, rect in drawn.texts if text == heading), key=lambda r: r.x)
            assert line.right <= setup.scenario_buttons[0].rect.right + app.theme.px(12) < title.x, (
                size,
                scale,
            )  # type: ignore[attr-defined]


def test_new_battle_shows_the_map_at_every_scale(tmp_path, monkeypatch, drawn: Drawn) -> None:  # noqa: ANN001
    """Issue 52: the map preview disappeared from New battle at UI scale 1.5 (the modules left
    no room below them); it now finds room beside the sides when it must, at every size and
    scale from 1280×720 up, clear of every button and text (`frame` checks that).  At the
    smallest window (960×600) the modules take the room at scales of 0.85 and up."""

    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    missing = []
    for size in [s for s in SIZES if s != MIN_SIZE]:
        for scale in UI_SCALES:
            app = make_app(size, Prefs(ui_scale=scale, edge_scroll=False))
            on_setup(app)
            setup = app.top
            settle(setup)
            problems_seen = frame(app, drawn)
            assert not problems_seen, (size, scale, problems_seen[:3])
            if setup.preview_rect is None:  # type: ignore[attr-defined]
                missing.append((size, scale))
    assert not missing, f"{len(missing)}: {missing}"


def settle(setup: object, seconds: float = 60) -> None:
    """Wait for New battle's background check of the maps to finish (bounded)."""
    import time

    deadline = time.monotonic() + seconds
    while setup.listing.progress() and time.monotonic() < deadline:  # type: ignore[attr-defined]
        time.sleep(0.01)
