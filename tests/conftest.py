"""Test setup: headless pygame, and small builders shared by the tests."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the English words whatever language the machine names (game.i18n reads
# LANGUAGE first, in the subprocesses the tests start too).
os.environ["LANGUAGE"] = "en"


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its saves, autosaves and settings in a folder of its own, never in
    the player's: a battle a test opens autosaves its rounds, and those would fill the
    player's Load screen and rotate the player's own autosaves away; the player's settings
    would change what a test sees.  (A test that needs a home of its own sets it again.)"""
    monkeypatch.setenv("DOMINION_TACTICS_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def maps_loaded_afresh() -> None:
    """Every test loads its maps as a first look would (the loader remembers the maps it
    loaded): a test that patches the loader or rewrites a map sees the loader run."""
    from game.board.tiled import LOADED

    LOADED.clear()


@pytest.fixture(autouse=True)
def fixed_window_ai_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window draws each AI's seed from the system (so no AI can rebuild the dice stream);
    scene tests that play against an AI need the same AI every run, so here it is fixed.
    (tests/test_ai_seeds.py patches it its own way.)"""
    import game.ai.seeds

    monkeypatch.setattr(game.ai.seeds, "fresh_ai_seed", lambda: 1)


@pytest.fixture(autouse=True)
def english_after_each_test():  # noqa: ANN201
    """Every test leaves the game in English: a test that switched the language (the
    settings, `--lang`, the pseudo-language) left every later test of its worker reading
    German words where it looked for English ones."""
    yield
    from game import i18n

    if i18n.language() != i18n.SOURCE_LANGUAGE:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


@pytest.fixture(autouse=True)
def house_rules_left_behind():  # noqa: ANN201
    """Every test leaves the house rules as it found them: those it registered are taken out
    again, and what the gathers found (`last_gathered`, which keeps the files of other
    sources on purpose) is as it was.  Left behind, another test's bad files filled the
    workbench's setup column and pushed the row a later test looked for out of the panel,
    in whichever worker happened to run both."""
    from game.persist import house_rules
    from game.rules.house.module import installed, uninstall

    seen = list(house_rules._seen)
    before = {d.key for d in installed()}
    yield
    for description in installed():
        if description.key not in before:
            uninstall(description.key)
    house_rules._seen[:] = seen
