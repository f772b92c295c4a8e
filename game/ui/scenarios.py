"""What the menu offers and how a battle is built: the scenarios of `game.content.scenarios`,
a quick battle on every bundled map, and one on every map in the player's maps folder
(`game.persist.usermaps`).  A map that cannot be played is offered greyed, with its error.

`UiScenario` is what the setup screen shows; `build(...)` returns the battle
and its `BattleMap` (whose art the window draws).  If the content module
cannot be loaded, the demo room of `game.cli.demo` stands in, so the window
always has something to play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.i18n import N_
from game.rules.battle import Battle
from game.rules.options import RuleOptions
from game.world import Appearance, Name

CONTROLLERS = ("human", "ai:easy", "ai:normal", "ai:hard")
CONTROLLER_LABELS = {
    "human": N_("Human"),
    "ai:easy": N_("AI (easy)"),
    "ai:normal": N_("AI (normal)"),
    "ai:hard": N_("AI (hard)"),
}
DEMO_MAX_ROUNDS = 30


@dataclass(frozen=True)
class UiSide:
    """A side as the setup screen shows it."""

    name: str
    colour: str
    shape: str
    controller: str = "human"


@dataclass(frozen=True)
class UiScenario:
    """A battle the menu can start."""

    id: str
    title: str
    briefing: str
    sides: tuple[UiSide, ...]
    options: RuleOptions
    map_path: str | None = None
    tutorial: str | None = None
    error: str = ""  # why it cannot be played (a broken map): listed greyed, cannot start
    checking: bool = False  # a map of yours listed from its header, its check not done yet
    rules: str = ""  # the rules it shows off, with their codes: the briefing's fold-out
    goal: str = ""  # one line of what to do (a tutorial's), shown over the briefing
    source: Any = field(default=None, compare=False)  # the content module's Scenario
    builder: Callable[[int, dict[str, str], RuleOptions], tuple[Battle, Any]] | None = field(
        default=None, compare=False
    )


def _from_content(sc: Any) -> UiScenario:
    return UiScenario(
        id=str(sc.id),
        title=str(sc.title),
        briefing=str(sc.briefing),
        goal=str(getattr(sc, "goal", "")),
        sides=tuple(UiSide(s.name, s.colour, s.shape, s.controller) for s in sc.sides),
        options=sc.options,
        map_path=str(sc.map_path),
        tutorial=sc.tutorial,
        rules=getattr(sc, "rules", ""),
        source=sc,
    )


def list_ui_scenarios() -> list[UiScenario]:
    """Every scenario (tutorials first), then a quick battle on each bundled map, then one on
    each map of the player's maps folder; broken maps are listed too, with their error."""
    try:
        from game.content import scenarios as content
        from game.persist.usermaps import titles_apart, user_map_files
    except ImportError:
        return [_demo_scenario()]
    found = [_from_content(sc) for sc in content.teaching_list()]
    found += [map_scenario(path) for path in content.bundled_maps()]
    paths = user_map_files()
    mine = [map_scenario(path, mine=True) for path in paths]
    titles = titles_apart([entry.title for entry in mine], paths)
    found += [replace(entry, title=title) for entry, title in zip(mine, titles, strict=True)]
    return found or [_demo_scenario()]


def listed_ui_scenarios() -> tuple[list[UiScenario], list[Path]]:
    """What New battle lists at once, without loading a map of yours: every scenario and
    bundled map as `list_ui_scenarios` gives them, then each of your maps from its header
    alone (`header_entry`); and the maps of yours still to be checked, for a background
    check (`game.persist.map_checks.MapChecker`) to fill in."""
    try:
        from game.content import scenarios as content
        from game.persist.usermaps import titles_apart, user_map_files
    except ImportError:
        return [_demo_scenario()], []
    found = [_from_content(sc) for sc in content.teaching_list()]
    found += [map_scenario(path) for path in content.bundled_maps()]
    paths = user_map_files()
    mine = [header_entry(path) for path in paths]
    titles = titles_apart([entry.title for entry in mine], paths)
    found += [replace(entry, title=title) for entry, title in zip(mine, titles, strict=True)]
    pending = [Path(entry.map_path) for entry in found if entry.checking and entry.map_path]
    return found or [_demo_scenario()], pending


def header_entry(path: Path) -> UiScenario:
    """A map of yours as listed before its check: its name and size from its header (a few
    KiB read), or, when even the header is wrong, an entry saying why."""
    from game.board.header import read_header
    from game.board.tiled import MapError

    options = RuleOptions.battlefield()
    plain = UiScenario(f"mine-{path.stem}", f"Your map: {path.stem}", "", (), options, str(path))
    if path.suffix.lower() != ".tmx":  # the check says what to do with it, at once
        return replace(plain, checking=True)
    try:
        header = read_header(path)
    except MapError as err:
        return replace(plain, error=str(err))
    briefing = (
        f"{header.width} × {header.height} tiles of {header.tile_width} × {header.tile_height} pixels;"
        " being checked…"
    )
    return replace(plain, title=f"Your map: {header.name}", briefing=briefing, checking=True)


def checked_entry(listed: UiScenario, check: Any) -> UiScenario:
    """A listed map of yours once its check (`game.persist.map_checks.MapCheck`) is done: the
    quick battle on it, or why it cannot be played.  Its battle is made when it is started
    (`resolved`), since a remembered check did not load the map."""
    if check.error:
        return replace(listed, briefing="", error=check.error, checking=False)
    sides = tuple(UiSide(*side) for side in check.sides)
    return replace(listed, briefing=check.briefing, sides=sides, checking=False)


def unresolved(scenario: UiScenario) -> bool:
    """Whether an entry is a checked map of yours whose battle is not made yet (`resolved`)."""
    return bool(scenario.map_path) and scenario.source is None and scenario.builder is None


def resolved(scenario: UiScenario) -> UiScenario:
    """An entry with its battle ready to build: a checked map of yours is loaded for it (if
    the loader does not remember it), keeping the title it was listed with."""
    if not unresolved(scenario) or scenario.error or scenario.checking:
        return scenario
    assert scenario.map_path is not None
    full = map_scenario(Path(scenario.map_path), mine=True)
    return replace(full, title=scenario.title)


def map_scenario(path: Path, mine: bool = False) -> UiScenario:
    """A quick battle on a map file; if the map cannot be played, an entry saying why.  Kept
    while the map's files stay as they were: opening New battle again reads no map again
    (twenty 1000 × 1000 maps of your own took 17 s at every opening)."""
    from game.board.tiled import LOADED

    return LOADED.remember(path, f"New battle entry (yours: {mine})", lambda: _map_entry(path, mine))


def _map_entry(path: Path, mine: bool) -> UiScenario:
    from game.content import scenarios as content

    try:
        scenario = content.quick_scenario(path)
    except Exception as err:  # noqa: BLE001 - any broken map is shown with its one line, not raised
        reason = str(err).splitlines()[0] if str(err).strip() else type(err).__name__
        title = f"{'Your map' if mine else 'Quick battle'}: {path.stem}"
        ident = f"{'mine' if mine else 'quick'}-{path.stem}"
        return UiScenario(ident, title, "", (), RuleOptions.battlefield(), str(path), error=reason)
    if mine:
        name = scenario.title.removeprefix("Quick battle: ")
        scenario = replace(scenario, id=f"mine-{path.stem}", title=f"Your map: {name}")
    return _from_content(scenario)


def build(
    scenario: UiScenario, seed: int, controllers: dict[str, str], options: RuleOptions
) -> tuple[Battle, Any]:
    """(battle, battle map or None) with the chosen controllers and rules modules."""
    if scenario.error:
        raise ValueError(scenario.error)
    if scenario.checking:
        raise ValueError("the map is still being checked")
    scenario = resolved(scenario)
    if scenario.error:
        raise ValueError(scenario.error)
    if scenario.source is not None:
        from game.content.battle_setup import build_battle

        battle, battle_map = build_battle(scenario.source, seed, controllers, options)
    else:
        assert scenario.builder is not None
        battle, battle_map = scenario.builder(seed, controllers, options)
    battle.meta.setdefault("title", scenario.title)
    return battle, battle_map


def start(
    app: Any, scenario: UiScenario, seed: int, controllers: dict[str, str], options: RuleOptions
) -> None:
    """Build the battle and open it, its briefing over it (errors are the caller's to show)."""
    battle, battle_map = build(scenario, seed, controllers, options)
    app.replace_screen("battle", battle, battle_map, scenario.title)
    app.push_screen("briefing", scenario.title, scenario.briefing, scenario.tutorial, scenario.rules)


def next_tutorial(scenario_id: object) -> UiScenario | None:
    """The tutorial after the one with this id, in teaching order (None after the last)."""
    if not isinstance(scenario_id, str):
        return None
    try:
        from game.content import scenarios as content
    except ImportError:  # pragma: no cover - the content package always ships with the game
        return None
    found = content.next_tutorial(scenario_id)
    return _from_content(found) if found is not None else None


def default_setup(scenario: UiScenario) -> tuple[dict[str, str], RuleOptions]:
    """The controllers and rules modules a scenario starts with."""
    return {s.name: s.controller for s in scenario.sides}, scenario.options


def map_for(battle: Battle) -> Any:
    """The `BattleMap` a battle is played on (for its art), or None for in-memory boards."""
    source = battle.board_source.get("map") if isinstance(battle.board_source, dict) else None
    text = source.get("path") if isinstance(source, dict) else source
    if not text:
        return None
    try:
        from game.board.tiled import load_map
        from game.paths import from_root

        return load_map(from_root(str(text)))
    except Exception:  # noqa: BLE001 - the board came from the save; art is optional
        return None


def _demo_scenario() -> UiScenario:
    """The demo room of `game.content.demo`, on an in-memory grid (no art)."""
    sides = (
        UiSide("bounty hunters", "#0072B2", "circle", "human"),
        UiSide("assassin", "#D55E00", "triangle", "ai:normal"),
    )

    def builder(seed: int, controllers: dict[str, str], options: RuleOptions) -> tuple[Battle, Any]:
        from game.content.demo import demo_world

        world, board = demo_world()
        looks = {"Omar": "bounty_hunter", "Serena": "soldier", "Niles": "assassin"}
        for eid, name in world.query(Name):
            world.set(eid, Appearance(looks.get(name.value, "person")))
        meta = {
            "scenario": "demo",
            "sides": {
                s.name: {
                    "colour": s.colour,
                    "shape": s.shape,
                    "controller": controllers.get(s.name, s.controller),
                }
                for s in sides
            },
        }
        return Battle(world, board, seed, options, max_rounds=DEMO_MAX_ROUNDS, meta=meta), None

    return UiScenario(
        "demo",
        "The Assassin (demo room)",
        "Omar and Serena corner Niles the assassin in a small room. Close in together and strike "
        "from his back arc.",
        sides,
        RuleOptions.battlefield(),
        builder=builder,
    )
