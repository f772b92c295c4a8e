"""What an audit of the player's data folder found (2026-12-01): names a font cannot draw,
labels long enough to hang a screen, folders that cannot be listed, and a folder named like an
autosave.  Each kept the window from opening or took it down."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.persist import autosave as autosaves
from game.ui.theme import REPLACEMENT, drawable, fit_text
from tests.test_autosave import new_battle, next_round
from tests.ui_helpers import make_app


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path))
    return tmp_path


# ---------------------------------------------------------------- what a font can draw
@pytest.mark.parametrize("text", ["\udcff.json", "Om\x00ar", "\ud800", "plain"])
def test_any_text_can_be_measured_and_drawn(text: str) -> None:
    """A file name that is not UTF-8 comes to Python with a lone surrogate; a save's title may
    hold a NUL: pygame raised on both, mid-frame."""
    app = make_app()
    font = app.theme.font(13)
    assert font.size(text)[0] > 0
    assert app.theme.text(text, 13).get_width() > 0
    assert drawable(text) == text if text == "plain" else REPLACEMENT in drawable(text)


def test_the_load_screen_lists_a_save_whose_name_is_not_utf8(home: Path) -> None:
    saves = home / "saves"
    saves.mkdir()
    (saves / "ring.json").write_text("{}")
    with open(os.fsencode(saves) + b"/\xff\xfe.json", "w") as broken:
        broken.write("{}")
    app = make_app()
    scene = app.push_screen("load")
    app.step([])  # drawn, not raised
    assert len(scene.saves) == 2


def test_new_battle_draws_a_map_whose_name_is_not_utf8(home: Path) -> None:
    maps = home / "maps"
    maps.mkdir()
    with open(os.fsencode(maps) + b"/broken\xff.tmx", "w") as broken:
        broken.write("<map")
    app = make_app()
    setup = app.push_screen("setup")
    mine = next(i for i, sc in enumerate(setup.scenarios) if sc.id.startswith("mine-"))
    setup.choose(mine)
    app.step([])
    assert setup.scenarios[mine].error


# ---------------------------------------------------------------- cutting a label to fit
@pytest.mark.parametrize("keep", ["start", "end"])
def test_a_label_is_cut_to_the_widest_that_fits(keep: str) -> None:
    make_app()
    font = pygame.font.Font(None, 20)
    text = "The long march to the sea, and back again by the hills"
    for width in (30, 80, 200, 1000):
        cut = fit_text(font, text, width, keep)
        if font.size(text)[0] <= width:
            assert cut == text
            continue
        # The widest cut that fits, found by trying every length in turn.
        cuts = [
            text[:n].rstrip() + "…" if keep == "start" else "…" + text[len(text) - n :].lstrip()
            for n in range(1, len(text))
        ]
        fitting = [c for c in cuts if font.size(c)[0] <= width]
        assert cut == (max(fitting, key=len) if fitting else cuts[0])


def test_a_label_of_200000_characters_is_cut_in_a_few_measurements() -> None:
    """The Load screen cut a save's title two characters at a time, measuring it whole each
    time: a title of 200,000 characters hung the screen for minutes."""
    make_app()
    calls = 0

    class Counted(pygame.font.Font):
        def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
            nonlocal calls
            calls += 1
            return super().size(text)

    cut = fit_text(Counted(None, 14), "x" * 200_000, 300)
    assert cut.endswith("…") and len(cut) < 200
    assert calls <= 20


# ---------------------------------------------------------------- folders
def test_the_game_starts_when_a_data_folder_cannot_be_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Root ignores a folder's mode, so the refusal is played by a patch.)"""
    locked = tmp_path / "autosaves"
    locked.mkdir()
    iterdir = Path.iterdir

    def refuse(self: Path):  # noqa: ANN202
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return iterdir(self)

    monkeypatch.setattr(Path, "iterdir", refuse)
    assert autosaves.remove_stale_temp_files([locked, tmp_path]) == []
    assert autosaves.list_autosaves(locked) == []


def test_a_folder_named_like_an_autosave_is_left_and_rotation_goes_on(tmp_path: Path) -> None:
    battle = new_battle(5)
    next_round(battle, tmp_path)
    first = next(tmp_path.glob("*-round-0001.json"))
    first.unlink()
    first.mkdir()  # a folder where round 1's autosave was
    for _ in range(autosaves.KEEP_AUTOSAVES + 2):
        next_round(battle, tmp_path)  # raised IsADirectoryError at every rotation
    assert first.is_dir()
    files = [p for p in tmp_path.glob("*.json") if p.is_file()]
    assert len(files) == autosaves.KEEP_AUTOSAVES


@pytest.mark.parametrize(
    ("size", "kept"), [([16384, 16384], False), ([7681, 600], False), ([7680, 4320], True)]
)
def test_a_remembered_window_is_at_most_an_8k_display(home: Path, size: list[int], kept: bool) -> None:
    """A settings file remembering a 16384 × 16384 window made every frame a 1 GiB surface
    (the Load screen ran out of memory in 2 GB); the command line has the same bound."""
    import json

    from game.ui.prefs import Prefs

    (home / "settings.json").write_text(json.dumps({"window_size": size}))
    assert Prefs.load().window_size == (tuple(size) if kept else None)
