"""Sandbox scenarios: a JSON file parsed and validated into a World, a GridBoard and rounds.

Everything that can be checked before play is checked here, and a bad value
fails with a `FieldError` naming its JSON path
(``combatants[1].skills.strike: expected a whole number, got "six"``).
Rules questions (is the target in reach? more Feints than Strikes?) are left
to the engine's own validation when each order is declared.  The file format
is described in docs/sandbox.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.armory import Armory, default_armory
from game.content.fields import FieldError, index_path, key_path
from game.content.grid import on_board, parse_board
from game.content.house_rules import from_saved
from game.content.sheets import parse_equipment, parse_sheet
from game.core.geometry import Tile
from game.rules.board import GridBoard
from game.rules.house.module import install
from game.rules.injury import DEFEAT_AT
from game.rules.options import RuleOptions, module_names
from game.sandbox.rounds import RoundSpec, parse_round, reserved_name_problem
from game.world import Condition, Facing, Item, Name, Position, Side, World

MAX_COMBATANTS = 100  # the rules look at every pair of combatants each round: 100 take ~30 ms a round
MAX_ROUNDS = 100
MAX_ITEMS = 100  # weapons lying on the ground at the start
MAX_SEED = 2**53  # the largest whole number every JSON reader keeps exactly


@dataclass
class Scenario:
    """A loaded scenario: the starting world and board, the seed and the rounds to play."""

    title: str
    world: World
    board: GridBoard
    seed: int | None
    rounds: tuple[RoundSpec, ...]
    names: dict[str, int]
    """Combatant name, case-folded → entity id."""
    options: RuleOptions = field(default_factory=RuleOptions)
    """Rules modules in play; by default none, the combat chapter alone (as its examples assume)."""


def load_scenario(path: Path, armory: Armory | None = None) -> Scenario:
    """Read and validate a scenario file; FieldError (one line) if anything is wrong."""
    return parse_scenario(fields.read_json(path), armory)


def parse_scenario(data: Any, armory: Armory | None = None) -> Scenario:
    """Validate parsed JSON into a Scenario."""
    armory = armory or default_armory()
    top = fields.obj(
        data,
        "",
        required=("board", "combatants", "rounds"),
        optional=("title", "description", "seed", "options", "modules", "items", "house_rules"),
    )
    # House rules written inline (docs/house-rules.md): registered first, so "modules" and
    # "options" may name them, and switched on.
    house = from_saved(top["house_rules"], "house_rules") if "house_rules" in top else []
    for description in house:
        install(description)
    title = fields.text(top["title"], "title") if "title" in top else ""
    if "description" in top:
        fields.text(top["description"], "description")
    seed = fields.whole(top["seed"], "seed", 0, MAX_SEED) if "seed" in top else None
    options = parse_options(top["options"], "options") if "options" in top else RuleOptions()
    if "modules" in top:
        if "options" in top:
            raise FieldError(
                "modules", 'give the rules modules either as "modules" or as "options", not both'
            )
        options = parse_modules(top["modules"], "modules")
    for description in house:
        options = options.with_module(description.key, True)
    board = parse_board(top["board"], "board")
    world = World()
    names = _combatants(top["combatants"], "combatants", world, board, armory)
    if "items" in top:
        _items(top["items"], "items", world, board, armory)
    raw_rounds = fields.array(top["rounds"], "rounds", min_items=1, max_items=MAX_ROUNDS)
    rounds = tuple(
        parse_round(raw, index_path("rounds", i), i + 1, names, world, options)
        for i, raw in enumerate(raw_rounds)
    )
    return Scenario(title, world, board, seed, rounds, names, options)


def parse_options(value: Any, path: str) -> RuleOptions:
    """Which rules modules (RULES.md §8) are on: {"facing": true, "cover": false}."""
    known = module_names()
    data = fields.obj(value, path, optional=known)
    return RuleOptions(
        name for name in known if name in data and fields.flag(data[name], key_path(path, name))
    )


def parse_modules(value: Any, path: str) -> RuleOptions:
    """The rules modules that are on, as a list: ["facing", "cover"] (every other one is off)."""
    known = module_names()
    chosen = []
    for i, item in enumerate(fields.array(value, path, max_items=len(known))):
        name = fields.text(item, index_path(path, i))
        if name not in known:
            raise FieldError(index_path(path, i), fields.unknown("rules module", name, list(known)))
        chosen.append(name)
    return RuleOptions(chosen)


def _standing_tile(value: Any, path: str, board: GridBoard) -> Tile:
    tile = on_board(fields.tile(value, path), (board.width, board.height), path)
    if board.blocks_move(tile):
        raise FieldError(path, f"{list(tile)} is a wall or blocks movement")
    return tile


# ------------------------------------------------------------- combatants

COMBATANT_FIELDS = ("facing", "favorable_rounding", "skills", "weapons", "shield", "armour", "injuries")


def _combatants(value: Any, path: str, world: World, board: GridBoard, armory: Armory) -> dict[str, int]:
    names: dict[str, int] = {}
    taken: dict[Tile, str] = {}
    for i, raw in enumerate(fields.array(value, path, min_items=1, max_items=MAX_COMBATANTS)):
        where = index_path(path, i)
        data = fields.obj(
            raw, where, required=("name", "side", "position", "attributes"), optional=COMBATANT_FIELDS
        )
        name = _name(data["name"], key_path(where, "name"), names)
        side = fields.text(data["side"], key_path(where, "side"))
        tile = _standing_tile(data["position"], key_path(where, "position"), board)
        if tile in taken:
            raise FieldError(key_path(where, "position"), f"{list(tile)} is already taken by {taken[tile]}")
        taken[tile] = name
        facing = (
            fields.direction(data["facing"], key_path(where, "facing"))
            if "facing" in data
            else Facing().direction
        )
        sheet = parse_sheet(data, where)
        equipment = parse_equipment(data, where, armory)
        injuries = fields.whole(data.get("injuries", 0), key_path(where, "injuries"), 0, DEFEAT_AT)
        eid = world.create(
            Name(name),
            Position(*tile),
            Facing(facing),
            Side(side),
            sheet,
            equipment,
            Condition(injuries=injuries, defeated=injuries >= DEFEAT_AT),
        )
        names[name.casefold()] = eid
    return names


def _name(value: Any, path: str, names: Mapping[str, int]) -> str:
    name = fields.name(value, path)
    if ":" in name:
        # Dice keys are "Name:Purpose", so a colon in a name would make them ambiguous.
        raise FieldError(path, f"{fields.shown(name)} contains ':' (dice keys are \"Name:Purpose\")")
    reserved = reserved_name_problem(name)
    if reserved:
        raise FieldError(path, reserved)
    if name.casefold() in names:
        raise FieldError(path, f"{fields.shown(name)} is used twice (names must be unique, ignoring case)")
    return name


def _items(value: Any, path: str, world: World, board: GridBoard, armory: Armory) -> None:
    for i, raw in enumerate(fields.array(value, path, max_items=MAX_ITEMS)):
        where = index_path(path, i)
        data = fields.obj(raw, where, required=("weapon", "position"))
        weapon = armory.weapon_ref(data["weapon"], key_path(where, "weapon"))
        tile = _standing_tile(data["position"], key_path(where, "position"), board)
        world.create(Name(weapon.name), Position(*tile), Item(weapon))
