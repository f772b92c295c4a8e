"""Scenarios: a map, sides with their units and controllers, rules modules and a
victory condition, with a briefing shown before the battle.

Files live in `data/scenarios/*.json` (format in docs/content.md).  Loading
validates everything with errors that name the file and the field;
`game.content.battle_setup.build_battle` turns a scenario into a ready `Battle`, with the combatants
the map itself places (unless the scenario says `"map_units": false`).
A scenario's `"map"` is found beside the scenario file first, then among
the bundled maps (`maps/skirmish.tmx`).  The fields are declared once, as the shape tables
of `game.content.scenario_fields`, which the parser reads.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.content.roster import Roster, default_roster
from game.content.scenario_fields import (
    DEFAULT_MAX_ROUNDS,
    MAX_LESSON,
    MAX_UNITS,
    SCENARIO,
    SIDE,
    UNIT,
    VICTORY,
)
from game.content.shapes import (
    SCHEMA_KEY,
    ListOf,
)
from game.content.side_looks import PALETTE, default_looks
from game.core.geometry import Tile
from game.paths import MAPS, from_root
from game.rules.options import RuleOptions
from game.rules.victory import Victory

MAX_BATTLE_WORK = 500_000
"""Rounds × combatants² a battle may reach: the rules look at every pair of combatants each
round, and a save replays every round, so this bounds the seconds a save takes to load
(about 3 s at the limit: 1000 rounds of 22 combatants, or 50 rounds of 100)."""
MAP_SUFFIXES = (".tmx", ".tmj")
"""Files taken for maps where a map or a scenario may be named (a Tiled JSON map is refused in one line)."""


class ScenarioError(ValueError):
    """A bad scenario: one line naming the file and the field."""


@dataclass(frozen=True)
class UnitSpec:
    """One combatant of a side: a roster character, maybe renamed and placed."""

    character: str
    name: str | None = None
    at: Tile | None = None
    facing: int | None = None
    injuries: int = 0


@dataclass(frozen=True)
class SideSpec:
    """A side: its look, who controls it, where it deploys and its units."""

    name: str
    colour: str
    shape: str
    controller: str
    zone: str
    units: tuple[UnitSpec, ...]


@dataclass(frozen=True)
class Scenario:
    """A battle ready to be set up."""

    id: str
    title: str
    briefing: str
    map_path: Path
    sides: tuple[SideSpec, ...]
    options: RuleOptions
    victory: Victory
    max_rounds: int = DEFAULT_MAX_ROUNDS
    tutorial: str | None = None
    map_units: bool = True  # the combatants the map places join the sides that deploy as their map side
    rules: str = ""  # the rules the scenario shows off, with their codes (the briefing's fold-out)
    lesson: int | None = None  # a tutorial's place in the teaching order (1 first)
    goal: str = ""  # one line: what the player is to do (the New battle list shows it)


# ------------------------------------------------------------------ parsing
def _unit(value: Any, path: str, roster: Roster) -> UnitSpec:
    data = UNIT.check(value, path)
    at = functools.partial(key_path, path)
    character = roster.get(UNIT.get(data, path, "character"), at("character")).id
    return UnitSpec(
        character=character,
        name=UNIT.get(data, path, "name", None),
        at=UNIT.get(data, path, "at", None),
        facing=UNIT.get(data, path, "facing", None),
        injuries=UNIT.get(data, path, "injuries"),
    )


def _side(value: Any, path: str, index: int, roster: Roster) -> SideSpec:
    data = SIDE.check(value, path)
    at = functools.partial(key_path, path)
    default_colour, default_shape = PALETTE[index % len(PALETTE)]
    name = SIDE.get(data, path, "name")
    units_shape = SIDE.shape_of("units")
    assert isinstance(units_shape, ListOf)
    units = tuple(
        _unit(u, index_path(at("units"), i), roster)
        for i, u in enumerate(units_shape.items(data["units"], at("units")))
    )
    return SideSpec(
        name=name,
        colour=SIDE.get(data, path, "colour", default_colour),
        shape=SIDE.get(data, path, "shape", default_shape),
        controller=SIDE.get(data, path, "controller"),
        zone=SIDE.get(data, path, "zone", name),
        units=units,
    )


def parse_scenario(data: Any, ident: str, roster: Roster | None = None, base: Path | None = None) -> Scenario:
    """A Scenario from parsed JSON; a relative `map` is looked for in `base` (the scenario's folder) first."""
    roster = roster or default_roster()
    top = SCENARIO.check(data, "")
    SCENARIO.get(top, "", SCHEMA_KEY, None)  # checked, then left to editors
    if "id" in top and SCENARIO.get(top, "", "id") != ident:
        raise FieldError("id", f"must match the file name {ident!r}")
    sides_shape = SCENARIO.shape_of("sides")
    assert isinstance(sides_shape, ListOf)
    raw_sides = sides_shape.items(top["sides"], "sides")
    sides = tuple(_side(s, index_path("sides", i), i, roster) for i, s in enumerate(raw_sides))
    names = [s.name.casefold() for s in sides]
    if len(set(names)) != len(names):
        raise FieldError("sides", "two sides have the same name")
    units = sum(len(s.units) for s in sides)
    if units > MAX_UNITS:
        raise FieldError("sides", f"{units} units in all; at most {MAX_UNITS}")
    max_rounds = SCENARIO.get(top, "", "max_rounds")
    if max_rounds * units**2 > MAX_BATTLE_WORK:
        raise FieldError(
            "max_rounds", f"with {units} units a battle may last at most {MAX_BATTLE_WORK // units**2} rounds"
        )
    options = RuleOptions.battlefield()
    if "modules" in top:
        try:
            options = RuleOptions.from_dict(dict(SCENARIO.get(top, "", "modules")), options)
        except ValueError as err:
            raise FieldError("modules", str(err)) from None
    victory = Victory()
    if "victory" in top:
        victory = parse_victory(top["victory"], "victory", [s.name for s in sides])
        if victory.kind in ("survive", "escape") and victory.rounds > max_rounds:
            raise FieldError(
                "victory.rounds",
                f"{victory.rounds} rounds to {victory.kind}, but the battle is a draw after max_rounds "
                f"{max_rounds}",
            )
    return Scenario(
        id=ident,
        title=SCENARIO.get(top, "", "title"),
        briefing=SCENARIO.get(top, "", "briefing"),
        map_path=resolve_map(SCENARIO.get(top, "", "map"), base),
        sides=sides,
        options=options,
        victory=victory,
        max_rounds=max_rounds,
        tutorial=SCENARIO.get(top, "", "tutorial", None),
        map_units=SCENARIO.get(top, "", "map_units"),
        rules=SCENARIO.get(top, "", "rules", ""),
        lesson=SCENARIO.get(top, "", "lesson", None),
        goal=SCENARIO.get(top, "", "goal", ""),
    )


def parse_victory(value: Any, path: str, sides: Sequence[str], kind_required: bool = True) -> Victory:
    """A victory condition, every field checked: the one validator of a scenario's and of a
    save's, so a scenario the game accepts always makes saves it accepts too.

    `side` must name one of `sides` (in any case; the side's own spelling is kept, as the
    battle compares names exactly); `rounds` is bounded by `MAX_ROUNDS` like `max_rounds`.
    A save may leave out `kind` (`kind_required` False): it then means "eliminate".
    """
    at = functools.partial(key_path, path)
    if kind_required:
        data = VICTORY.check(value, path)
    else:
        data = fields.obj(value, path, (), VICTORY.keys)
    kind = VICTORY.get(data, path, "kind", "eliminate")
    side = None
    given = VICTORY.get(data, path, "side", None)
    if given is not None:
        side = {name.casefold(): name for name in sides}.get(given.casefold())
        if side is None:
            raise FieldError(at("side"), fields.unknown("side", given, sides))
    rounds = VICTORY.get(data, path, "rounds")
    try:
        return Victory(kind, side, rounds)
    except ValueError as err:  # an unknown kind, "survive" without a side or rounds, "escape" without a side
        raise FieldError(path, str(err)) from None


def resolve_map(text: str, base: Path | None) -> Path:
    """Where a scenario's map is: beside the scenario file if it is there (or nowhere else),
    else the bundled map of that name (`maps/skirmish.tmx`)."""
    path = Path(text)
    if path.is_absolute():
        return path
    if path.suffix.lower() in (".tmj", ".json"):
        raise FieldError("map", "JSON maps are not supported; save the map as .tmx in Tiled")
    bundled = from_root(text)
    if base is not None and ((base / path).exists() or not bundled.exists()):
        return base / path
    return bundled


def load_scenario(path: Path, roster: Roster | None = None) -> Scenario:
    """Load one scenario file; ScenarioError with one line naming the file and field."""
    try:
        data = fields.read_json(path)
        if isinstance(data, dict) and data.get("type") == "map" and "layers" in data:
            raise ScenarioError(
                f"{path.name}: a Tiled JSON map, not a scenario: JSON maps are not supported; "
                "save the map as .tmx in Tiled"
            )
        return parse_scenario(data, path.stem, roster, path.parent)
    except FieldError as err:
        where = f"{path.name}: " if err.path else ""
        raise ScenarioError(f"{where}{err}") from None


SEED_ORDER = (
    "tutorial_basics", "tutorial_facing", "tutorial_feint", "tutorial_disarm", "tutorial_retreat",
    "tutorial_sprint", "tutorial_cover", "tutorial_evade", "tutorial_flee", "tutorial_careful_aim",
    "tutorial_charge", "tutorial_knockback", "tutorial_location_effects", "tutorial_criticals",
    "tutorial_overwatch", "tutorial_prone", "tutorial_sudden_dive", "tutorial_suppression",
    "tutorial_body_cover", "tutorial_hit_locations", "tutorial_side_initiative", "pub_brawl", "ring_duel",
    "street_by_street", "hedgerow_skirmish", "the_keep", "the_assassin", "captured_cruiser", "the_getaway",
    "sentry_laser", "tutorial_hold_at_bay", "tutorial_dodging_fire", "tutorial_perception",
    "tutorial_spread_burst", "tutorial_held_strike", "tutorial_disengage", "tutorial_closing_in",
)  # fmt: skip
"""The order `simulate bundled` (and `battles`, `mirror`) hands its seeded battles to the
bundled scenarios: fixed, because every figure measured on them (docs/ai.md) depends on it.
It was the menu's order until the tutorials got their teaching order; a new scenario comes
after these, by id."""


@functools.cache
def list_scenarios() -> list[Scenario]:
    """Every bundled scenario, in `SEED_ORDER` (the menu lists them in `teaching_list`'s order).

    Read with importlib.resources, so the scenarios are found wherever the package lands
    (a zip file too)."""
    folder = resources.files("game.content").joinpath("data", "scenarios")
    items = sorted((p for p in folder.iterdir() if p.name.endswith(".json")), key=lambda p: p.name)
    scenarios = [_bundled_scenario(item) for item in items]
    rank = {ident: i for i, ident in enumerate(SEED_ORDER)}
    return sorted(scenarios, key=lambda s: (rank.get(s.id, len(rank)), s.id))


def teaching_list() -> list[Scenario]:
    """Every bundled scenario as the New battle list shows it: tutorials first, in teaching
    order (`lesson`, then title), then the rest by title."""
    return sorted(list_scenarios(), key=teaching_order)


def teaching_order(scenario: Scenario) -> tuple[bool, int, str]:
    """Where a scenario comes in the list: tutorials first, by lesson (one without a lesson
    after those with one), then the rest by title."""
    lesson = scenario.lesson if scenario.lesson is not None else MAX_LESSON + 1
    return scenario.tutorial is None, lesson, scenario.title


def next_tutorial(scenario_id: str) -> Scenario | None:
    """The tutorial that comes after this one in teaching order (None after the last, or
    for a scenario that is no tutorial)."""
    tutorials = [s for s in teaching_list() if s.tutorial is not None]
    ids = [s.id for s in tutorials]
    if scenario_id not in ids:
        return None
    index = ids.index(scenario_id) + 1
    return tutorials[index] if index < len(tutorials) else None


def _bundled_scenario(item: Traversable) -> Scenario:
    if isinstance(item, Path):
        return load_scenario(item)
    ident = item.name.removesuffix(".json")
    try:
        return parse_scenario(fields.parse_json(item.read_text(encoding="utf-8"), item.name), ident)
    except FieldError as err:
        raise ScenarioError(f"{item.name}: {err}" if err.path else str(err)) from None


def find_scenario(ident: str) -> Scenario:
    """A bundled scenario by id, a scenario file by path, or a quick battle on a map file."""
    path = Path(ident)
    if path.suffix.lower() in MAP_SUFFIXES:
        return quick_scenario(path)  # MapError for a JSON map: one line saying to save it as .tmx
    if path.suffix == ".json" and path.exists():
        return load_scenario(path)
    for scenario in list_scenarios():
        if scenario.id == ident:
            return scenario
    known = ", ".join(s.id for s in list_scenarios())
    raise ScenarioError(f"no scenario {ident!r}; bundled: {known}")


def bundled_maps() -> list[Path]:
    """The maps that ship with the game."""
    return sorted(MAPS.glob("*.tmx"))


# ------------------------------------------------------------------ set-up
def unique_name(name: str, used: set[str]) -> str:
    """`name`, or `name 2`, `name 3` … (shortened to stay a valid name) if it is taken."""
    if name.casefold() not in used:
        return name
    n = 2
    while (numbered := numbered_name(name, n)).casefold() in used:
        n += 1
    return numbered


def numbered_name(name: str, n: int) -> str:
    """`name` with the number `n` after it, shortened to stay a valid name."""
    suffix = f" {n}"
    return name[: fields.MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix


def side_name(map_side: str) -> str:
    """A map's side as a quick battle calls it: "red" → "Red", "Red Army" as it is, and a
    one-letter side (the "A" and "B" of a map without zones) → "Side A"."""
    if len(map_side) == 1:
        return f"Side {map_side}"
    return map_side[:1].upper() + map_side[1:] if map_side.islower() else map_side


def quick_scenario(
    map_path: Path, troops: tuple[str, str] = ("soldier", "soldier"), per_side: int = 3
) -> Scenario:
    """A plain skirmish on any map, with the map's own sides, colours and combatants.

    Every side the map places combatants for fights with them; if that makes fewer than
    two sides, the map's other sides join with `per_side` troops each in their deploy
    zones.  A side is named as the map names it (`side_name`); its colour is the one its
    deploy zone gives, else the palette's.
    MapError or MapUnitError (one line) if the map cannot be played."""
    from game.content.mapunits import load_playable_map

    battle_map = load_playable_map(map_path)
    placed = [side for side in battle_map.sides if battle_map.placed(side)]
    chosen = [side for side in battle_map.sides if side in placed]
    for side in battle_map.sides:
        if len(chosen) < 2 and side not in chosen:
            chosen.append(side)
    chosen.sort(key=battle_map.sides.index)
    used: set[str] = set()
    sides = []
    given = frozenset(c.casefold() for zone in chosen if (c := battle_map.side_colour(zone)))
    looks = default_looks([side_name(zone) for zone in chosen], given)
    for index, zone in enumerate(chosen):
        side_colour, side_shape = looks[index]
        name = unique_name(side_name(zone), used)
        used.add(name.casefold())
        units = () if zone in placed else tuple(UnitSpec(troops[min(index, 1)]) for _ in range(per_side))
        controller = "human" if index == 0 else "ai:normal"
        colour = battle_map.side_colour(zone) or side_colour
        sides.append(SideSpec(name, colour, side_shape, controller, zone, units))
    return Scenario(
        id=f"quick-{map_path.stem}",
        title=f"Quick battle: {battle_map.name}",
        briefing=f"A straight fight on {battle_map.name}: defeat every enemy.",
        map_path=map_path,
        sides=tuple(sides),
        options=RuleOptions.battlefield(),
        victory=Victory(),
    )
