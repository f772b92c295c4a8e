"""Sandbox scenarios: a JSON file parsed and validated into a World, a GridBoard and rounds.

Everything that can be checked before play is checked here, and a bad value
fails with a `FieldError` naming its JSON path
(``combatants[1].skills.strike: expected a whole number, got "six"``).
Rules questions (is the target in reach? more Feints than Strikes?) are left
to the engine's own validation when each order is declared.  The file format
is described in docs/sandbox.md.  Its fields are declared once, as the shape tables
`SANDBOX`, `COMBATANT` and `ITEM` here and `ROUND`, `ORDER`, `ACTION` in `rounds`
(`game.content.shapes`), which the parser reads and `sandbox_schema` turns into the
published JSON Schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.armory import ARMOUR_REF, SHIELD_REF, WEAPON_REF, Armory, default_armory
from game.content.fields import FieldError, index_path, key_path
from game.content.grid import BOARD, on_board, parse_board
from game.content.house_rules import (
    HOUSE_RULE,
    MAX_FILES,
    MODULE_NAME,
    from_saved,
)
from game.content.shapes import (
    JSON,
    SCHEMA_KEY,
    Direction,
    Flag,
    Line,
    ListOf,
    Obj,
    Shape,
    Table,
    Text,
    TileShape,
    Whole,
    comment_schema,
    document,
    schema_key,
)
from game.content.sheets import ATTRIBUTES_SHAPE, ROUNDING, SKILLS_SHAPE, parse_equipment, parse_sheet
from game.core.geometry import DIRECTION_NAMES, Tile
from game.rules.board import GridBoard
from game.rules.house.module import install
from game.rules.injury import DEFEAT_AT
from game.rules.options import RuleOptions, module_names
from game.sandbox.rounds import ROUND, RoundSpec, parse_round, reserved_name_problem
from game.world import Condition, Facing, Item, Name, Position, Side, World

MAX_COMBATANTS = 100  # the rules look at every pair of combatants each round: 100 take ~30 ms a round
MAX_ROUNDS = 100
MAX_ITEMS = 100  # weapons lying on the ground at the start
MAX_SEED = 2**53  # the largest whole number every JSON reader keeps exactly


@dataclass(frozen=True, kw_only=True)
class Switches(Shape):
    """Rules modules as flags, {"facing": true, "cover": false}: every module registered now
    may be named (the schema: those that ship with the game, and house rules' keys)."""

    def check(self, value: Any, path: str) -> Mapping[str, Any]:
        """The object, its keys checked; its flags are read by `parse_options`."""
        return fields.obj(value, path, optional=module_names())

    def body(self, defs: JSON) -> JSON:
        """An object of flags (and a comment)."""
        found = Table(key=MODULE_NAME, value=Flag()).body(defs)
        found["properties"][fields.COMMENT_KEY] = comment_schema()
        return found


COMBATANT = Obj(
    required={
        "name": Line(help="unique, ignoring case; no ':' (dice keys are \"Name:Purpose\")"),
        "side": Text(help="combatants of different sides are enemies"),
        "position": TileShape(help="[x, y]: on the board, not on a wall or move blocker, not shared"),
        "attributes": ATTRIBUTES_SHAPE,
    },
    optional={
        "facing": Direction(help=f"the facing at the start (default {DIRECTION_NAMES[Facing().direction]})"),
        "favorable_rounding": ROUNDING,
        "skills": SKILLS_SHAPE,
        "weapons": ListOf(
            item=WEAPON_REF, default=[], help="weapons in hand, first preferred (two hands' worth)"
        ),
        "shield": SHIELD_REF.about("a shield (needed to Block)"),
        "armour": ARMOUR_REF.about("armour"),
        "injuries": Whole(
            low=0, high=DEFEAT_AT, default=0, help=f"Injuries already taken ({DEFEAT_AT}: Defeated)"
        ),
    },
    name="combatant",
    title="A combatant",
)
ITEM = Obj(
    required={"weapon": WEAPON_REF, "position": TileShape(help="[x, y]: where it lies")},
    name="item",
    title="A weapon lying on the ground",
)
SANDBOX = Obj(
    required={
        "board": BOARD,
        "combatants": ListOf(item=COMBATANT, min_items=1, max_items=MAX_COMBATANTS, help="the combatants"),
        "rounds": ListOf(item=ROUND, min_items=1, max_items=MAX_ROUNDS, help="the rounds, played in order"),
    },
    optional={
        "title": Text(help="the scenario's title"),
        "description": Text(help="for readers"),
        "seed": Whole(low=0, high=MAX_SEED, help="seeds the dice a round's script does not answer"),
        "options": Switches(help='rules modules as flags, {"facing": true} (not together with modules)'),
        "modules": ListOf(
            item=MODULE_NAME, help="the rules modules in play (default: none, the chapter alone)"
        ),
        "items": ListOf(item=ITEM, max_items=MAX_ITEMS, help="weapons lying on the ground at the start"),
        "house_rules": ListOf(
            item=HOUSE_RULE, max_items=MAX_FILES, help="house rules written inline, each registered and on"
        ),
        SCHEMA_KEY: schema_key("a sandbox file"),
    },
    name="sandbox",
    title="A sandbox scenario",
)
"""A sandbox file's fields (docs/sandbox.md)."""


def sandbox_schema() -> JSON:
    """The JSON Schema of a sandbox file (docs/schemas/sandbox.schema.json), from the tables above."""
    return document(
        SANDBOX,
        "urn:dominion-tactics:schema:sandbox",
        "Dominion Tactics sandbox scenario",
        "A rules sandbox scenario for `python -m game resolve`: a board, combatants and scripted "
        "rounds (docs/sandbox.md). Generated by `python -m game schemas` from the game's own validator.",
    )


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
    top = SANDBOX.check(data, "")
    SANDBOX.get(top, "", SCHEMA_KEY, None)  # checked, then left to editors
    # House rules written inline (docs/house-rules.md): registered first, so "modules" and
    # "options" may name them, and switched on.
    house = from_saved(top["house_rules"], "house_rules") if "house_rules" in top else []
    for description in house:
        install(description)
    title = SANDBOX.get(top, "", "title", "")
    SANDBOX.get(top, "", "description", "")
    seed = SANDBOX.get(top, "", "seed", None)
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
    raw_rounds = _list(SANDBOX, "rounds").items(top["rounds"], "rounds")
    rounds = tuple(
        parse_round(raw, index_path("rounds", i), i + 1, names, world, options)
        for i, raw in enumerate(raw_rounds)
    )
    return Scenario(title, world, board, seed, rounds, names, options)


def parse_options(value: Any, path: str) -> RuleOptions:
    """Which rules modules (RULES.md §8) are on: {"facing": true, "cover": false}."""
    known = module_names()
    data = SANDBOX.shape_of("options").read(value, path)
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


def _list(table: Obj, key: str) -> ListOf:
    """The shape of a list field of a table (whose items the caller reads itself)."""
    shape = table.shape_of(key)
    assert isinstance(shape, ListOf)
    return shape


def _combatants(value: Any, path: str, world: World, board: GridBoard, armory: Armory) -> dict[str, int]:
    names: dict[str, int] = {}
    taken: dict[Tile, str] = {}
    for i, raw in enumerate(_list(SANDBOX, "combatants").items(value, path)):
        where = index_path(path, i)
        data = COMBATANT.check(raw, where)
        name = _name(data["name"], key_path(where, "name"), names)
        side = COMBATANT.get(data, where, "side")
        tile = _standing_tile(data["position"], key_path(where, "position"), board)
        if tile in taken:
            raise FieldError(key_path(where, "position"), f"{list(tile)} is already taken by {taken[tile]}")
        taken[tile] = name
        facing = COMBATANT.get(data, where, "facing", Facing().direction)
        sheet = parse_sheet(data, where)
        equipment = parse_equipment(data, where, armory)
        injuries = COMBATANT.get(data, where, "injuries")
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
    name = COMBATANT.shape_of("name").read(value, path)
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
    for i, raw in enumerate(_list(SANDBOX, "items").items(value, path)):
        where = index_path(path, i)
        data = ITEM.check(raw, where)
        weapon = armory.weapon_ref(data["weapon"], key_path(where, "weapon"))
        tile = _standing_tile(data["position"], key_path(where, "position"), board)
        world.create(Name(weapon.name), Position(*tile), Item(weapon))
