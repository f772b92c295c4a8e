"""Translations (issue 54): every string the window shows goes through gettext, English is the
source and the fallback, German is the proof, and the catalogs agree with the source.

The window is driven headless in a pseudo-language made from the template (every letter of a
message accented, `scripts/translations.py`), and every text it draws is recorded by wrapping
`Theme.text` (a method of the class: monkeypatch puts it back, no module keeps the wrapper).
A drawn text that still has plain letters once the data (names of combatants, weapons, sides,
scenarios, files) is taken out was never marked."""

from __future__ import annotations

import ast
import gettext
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.i18n as i18n
from game.i18n import _, ngettext
from game.ui.theme import Theme
from tests.ui_helpers import duel, key, make_app, run_until

babel = pytest.importorskip("babel")
from scripts import translations as catalogs  # noqa: E402  (needs Babel)

REPO = Path(__file__).resolve().parent.parent
GAME_NAME = "Dominion Tactics"  # a name: never translated


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """Every test leaves the game in English."""
    yield
    i18n.set_language("en")


# ------------------------------------------------------------------ the catalogs
def test_the_template_is_up_to_date_with_the_source() -> None:
    """`python scripts/translations.py update` was run after the last change of a message."""
    committed = catalogs.read_catalog(catalogs.TEMPLATE)
    assert catalogs.message_ids(catalogs.extract()) == catalogs.message_ids(committed), (
        "run: python scripts/translations.py update"
    )


def test_every_language_has_every_message_and_its_compiled_catalog() -> None:
    template = catalogs.message_ids(catalogs.read_catalog(catalogs.TEMPLATE))
    assert catalogs.languages(), "no translation at all"
    for language in catalogs.languages():
        po = catalogs.po_path(language)
        catalog = catalogs.read_catalog(po, language)
        assert catalogs.message_ids(catalog) == template, f"{language}: run scripts/translations.py update"
        compiled = gettext.GNUTranslations(io.BytesIO(catalogs.mo_bytes(catalog)))
        with po.with_suffix(".mo").open("rb") as file:
            committed = gettext.GNUTranslations(file)
        assert committed._catalog == compiled._catalog, f"{language}: the .mo is not its .po compiled"  # type: ignore[attr-defined]
        assert language in i18n.available_languages()


def test_the_compiled_catalogs_ship_in_the_package() -> None:
    import tomllib

    tool = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    patterns = tool["package-data"]["game"]
    shipped = {p for pattern in patterns for p in (REPO / "game").glob(pattern)}
    assert set((REPO / "game" / "locale").glob("*/LC_MESSAGES/*.mo")) <= shipped


def test_no_function_hides_the_translation_function() -> None:
    """`_` assigned in a function (`for _ in …`, `x, _ = …`) makes every `_(…)` in it a local
    that is not bound yet: the screen would fail the first time it draws."""
    hidden = []
    for path in sorted((REPO / "game").rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            nodes = list(ast.walk(fn))
            assigns = any(
                isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in nodes
            )
            calls = any(
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in nodes
            )
            if assigns and calls:
                hidden.append(f"{path.relative_to(REPO)}:{fn.lineno} {fn.name}")
    assert hidden == []


# ------------------------------------------------------------------ choosing the language
def test_an_unknown_language_falls_back_to_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert _("New battle") == "New battle"
    assert i18n.choose("tlh", "", {}) == "en"
    assert i18n.choose(None, "", {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose(None, "", {"LANGUAGE": "xx:de", "LANG": "fr_FR.UTF-8"}) == "de"
    assert i18n.choose(None, "", {"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.choose("en", "de", {"LANG": "de_DE.UTF-8"}) == "en"  # --lang first
    assert i18n.choose(None, "de", {"LANG": "en_GB.UTF-8"}) == "de"  # then the setting
    assert i18n.load_catalog("xx").gettext("Load") == "Load"


def test_german_changes_the_title_screen() -> None:
    from game.ui.scenes.menu import MenuScene

    app = make_app()
    english = [b.label for b in MenuScene(app).column.buttons]
    assert i18n.set_language("de") == "de"
    german = [b.label for b in MenuScene(app).column.buttons]
    assert english[0] == "New battle" and german[0] == "Neues Gefecht"
    assert german != english and all(german)
    assert _("Settings") == "Einstellungen"


def test_the_settings_switch_the_language_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings → Language goes Automatic → English → Deutsch; the title behind it follows."""
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C")
    app = make_app()
    menu = app.push_screen("menu")
    settings = app.push_screen("settings")
    assert settings.column.buttons[4].label == "Language: Automatic (English)"
    settings.column.buttons[4].on_click()  # English
    settings.column.buttons[4].on_click()  # Deutsch
    assert app.prefs.language == "de" and i18n.language() == "de"
    assert settings.column.buttons[4].label == "Sprache: Deutsch"
    assert menu.column.buttons[0].label == "Neues Gefecht"  # type: ignore[attr-defined]
    app.step([])


def test_plural_forms() -> None:
    from game.rules.events import Injured
    from game.ui.hit_feedback import floaters_of

    assert ngettext("{n} Injury", "{n} Injuries", 1) == "{n} Injury"
    assert floaters_of(Injured("Niles", 1, 1))[0].text == "\u22121 Injury"
    assert floaters_of(Injured("Niles", 2, 3))[0].text == "\u22122 Injuries"
    assert Injured("Niles", 1, 2).text() == "Niles takes 1 Injury; now 2 Injuries"
    i18n.set_language("de")
    assert floaters_of(Injured("Niles", 1, 1))[0].text == "\u22121 Verletzung"
    assert floaters_of(Injured("Niles", 2, 3))[0].text == "\u22122 Verletzungen"
    assert Injured("Niles", 1, 2).text() == "Niles erleidet 1 Verletzung; jetzt 2 Verletzungen"


# ------------------------------------------------------------------ every string is marked
class Seen:
    """Every text drawn, and the data that may stay untranslated."""

    def __init__(self) -> None:
        self.texts: set[str] = set()
        self.data: set[str] = {GAME_NAME, "qps"}  # the pseudo-language's code: a name

    def add_world(self, world) -> None:  # noqa: ANN001
        from game.world import Equipment, Name, Side

        for _eid, name in world.query(Name):
            self.data.add(name.value)
        for _eid, side in world.query(Side):
            self.data.add(side.name)
        for _eid, eq in world.query(Equipment):
            self.data.update(w.name for w in eq.weapons)
            self.data.update(x.name for x in (eq.shield, eq.armour) if x is not None)

    def unmarked(self) -> list[str]:
        """The drawn texts that kept plain English words."""
        found = []
        data = sorted(self.data, key=len, reverse=True)
        for text in sorted(self.texts):
            if any(text.strip() in item for item in data if item):  # a line of a wrapped briefing
                continue
            rest = re.sub(r"\S*/\S*", " ", text)  # a file's path
            for item in data:
                if item:
                    rest = rest.replace(item, " ")
            rest = re.sub(r"\b(?:[A-Z]{1,2}\d*|d\d+|Esc|Tab|Ctrl|Shift|PgUp|PgDn)\b", " ", rest)  # keys, dice
            if re.search(r"[A-Za-z]{2,}", rest):
                found.append(text)
        return found


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """The pseudo-language on, and every text drawn recorded."""
    seen = Seen()
    original = Theme.text

    def text(self: Theme, words: str, *args: object, **kwargs: object) -> pygame.Surface:
        if words.strip():
            seen.texts.add(words)
        return original(self, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "text", text)
    i18n.use_translations(catalogs.PseudoTranslations(catalogs.read_catalog(catalogs.TEMPLATE)), "qps")
    yield seen
    i18n.set_language("en")


def test_every_string_of_the_window_is_marked(pseudo: Seen) -> None:  # noqa: PLR0915
    from game.content.battle_setup import build_battle
    from game.content.scenarios import find_scenario
    from game.rules.positions import find_by_name, tile_of
    from game.ui.scenarios import list_ui_scenarios
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.handover import HandoverScene

    for sc in list_ui_scenarios():
        pseudo.data.update({sc.title, sc.briefing, sc.goal, *(s.name for s in sc.sides)})
    app = make_app(round_summary=True)
    app.push_screen("menu")
    app.step([])
    app.push_screen("settings")
    app.step([])
    app.push_screen("help")
    app.step([])
    app.pop()
    app.pop()
    app.step([key(pygame.K_RETURN)])  # New battle
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    # The first tutorial: a move, a facing, the order declared, the round played and summed up.
    battle, battle_map = build_battle(find_scenario("tutorial_basics"), 3)
    pseudo.add_world(battle.world)
    scene = BattleScene(app, battle, battle_map)
    app.replace(scene)
    world = battle.world
    omar, thug = find_by_name(world, "Omar"), find_by_name(world, "Thug")
    assert omar is not None and thug is not None
    assert run_until(app, lambda: scene.phase == "declare" and scene.actor == omar)
    here = tile_of(world, omar)
    from tests.ui_helpers import click

    app.step(click(scene.screen_pos((here[0] + 1, here[1]))))
    app.step(click(scene.screen_pos(tile_of(world, thug)), button=3))
    app.step([key(pygame.K_x)])  # the action menu
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    app.step(click(scene.screen_pos(tile_of(world, thug))))  # the attack menu on the thug
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    app.step([key(pygame.K_F1)])
    app.step([])
    app.step([key(pygame.K_F1)])
    for overlay in (pygame.K_1, pygame.K_3, pygame.K_4, pygame.K_5):
        app.step([key(overlay)])
    app.step([key(pygame.K_c)])  # declare
    assert run_until(app, lambda: scene.mode.name == "summary" or scene.battle.number >= 2, frames=6000)
    app.step([])
    app.step([key(pygame.K_ESCAPE)])  # the pause box
    app.step([])
    app.step([key(pygame.K_ESCAPE)])
    # A hot-seat hand-over.
    hot = duel(("human", "human"))
    pseudo.add_world(hot.world)
    app.replace(BattleScene(app, hot, None))
    app.step([])
    assert isinstance(app.top, HandoverScene)
    app.step([])
    # A battle to its end screen.
    ai = duel(("ai:easy", "ai:easy"), max_rounds=3)
    pseudo.add_world(ai.world)
    app.replace(BattleScene(app, ai, None))
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=20000, sleep=0)
    app.step([])
    assert pseudo.texts
    assert pseudo.unmarked() == []


def test_every_string_of_the_replay_viewer_and_the_workbench_is_marked(pseudo: Seen) -> None:
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.replay import ReplayScene

    app = make_app()
    ai = duel(("ai:easy", "ai:easy"), max_rounds=3)
    pseudo.add_world(ai.world)
    app.push(BattleScene(app, ai, None))
    assert run_until(app, lambda: isinstance(app.top, EndScene), frames=20000, sleep=0)
    pseudo.texts.clear()
    app.step([key(pygame.K_w)])
    assert isinstance(app.top, ReplayScene)
    pseudo.data.update({app.top.replay.title, app.top.replay.path.name})  # data: a title, a file
    for _step in range(6):
        app.step([key(pygame.K_RIGHT)])
    # The position workbench and its tabs.
    app.replace_screen("menu")
    app.push_screen("workbench")
    app.step([])
    for tab in (pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_1):
        app.step([key(tab, pygame.KMOD_CTRL)])
        app.step([])
    # The workbench's own words: an overlay's key and the attack matrix, on and off.
    for press in (
        (pygame.K_2, 0),
        (pygame.K_2, 0),
        (pygame.K_m, pygame.KMOD_CTRL),
        (pygame.K_m, pygame.KMOD_CTRL),
    ):
        app.step([key(*press)])
        app.step([])
    for top in app.scenes:
        world = getattr(getattr(top, "setup", None), "world", None)
        if world is not None:
            pseudo.add_world(world)
    assert pseudo.texts
    assert pseudo.unmarked() == []
