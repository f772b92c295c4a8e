"""Checks on a save's battle before it is replayed: every part that loading uses.

A save is *initial state + seed + orders*, and its hashes only prove that it
was not damaged by accident: anyone can edit a save and recompute them.  So
the battle part is checked here with the validators that loading a scenario
uses (names, sides, sheets, equipment, rules modules, victory, board), the
ids are checked against each other, and the sizes that make a replay slow
are bounded, all before a single order is replayed.  A save that passes can
be replayed and opened; one that does not fails with a `FieldError` naming
the JSON path of the first bad value.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.factory import CONTROLLER_NAMES
from game.content import fields
from game.content.armory import armour_spec, shield_spec, weapon_spec
from game.content.fields import FieldError, index_path, key_path
from game.content.house_rules import from_saved
from game.content.scenario_fields import CONTROLLERS, MAX_ROUNDS, MAX_UNITS, SHAPES, colour
from game.content.scenarios import MAX_BATTLE_WORK, parse_victory
from game.content.sheets import parse_sheet
from game.core.sheet import ATTRIBUTES
from game.files import shorten
from game.rules.board import Board
from game.rules.house.module import install
from game.rules.injury import DEFEAT_AT
from game.rules.options import RuleOptions
from game.rules.victory import Victory
from game.world import Equipment, World

BATTLE_REQUIRED = ("seed", "board", "initial", "rounds")
HOUSE_RULES_KEY = "house_rules"
"""The battle part's field holding the house rules in play (absent when there are none)."""
BATTLE_OPTIONAL = ("options", "max_rounds", "meta", "victory", "resolved_rounds", HOUSE_RULES_KEY)
COMBATANT_REQUIRED = ("name", "position", "facing", "side", "sheet", "equipment", "condition")
COMBATANT_OPTIONAL = ("controller", "appearance")
ITEM_REQUIRED = ("name", "position", "item")
META_TEXTS = ("scenario", "title", "map")
META_IDS = ("battle_id", "branch_of")  # the autosaves' battle identities: 12 hex digits
META_KEYS = (*META_TEXTS, "sides", *META_IDS)
"""Every key a battle's meta may hold: nothing else is carried from a save into the next."""
MAX_ITEMS = 100  # weapons lying on the ground at the start
MAX_SEED = 2**63  # seeds are whole numbers in ±2**63
MAX_TEXT = 200  # characters of the free text in a save's meta (titles, ids)
MAX_TOKEN = 60  # characters of a token name
DEFAULT_MAX_ROUNDS = 100  # what Battle assumes when a save does not say
SEATS = tuple(dict.fromkeys((*CONTROLLERS, *CONTROLLER_NAMES)))
"""Who may declare for a side: a scenario's controllers, and every AI the game can make."""


@dataclass(frozen=True)
class CheckedBattle:
    """A save's battle part, checked and decoded, ready to replay."""

    seed: int
    board: Board
    board_source: dict[str, Any]
    world: World
    options: RuleOptions
    max_rounds: int
    meta: dict[str, Any]
    victory: Victory
    rounds: list[list[Any]]
    resolved: int


def check_battle(doc: Any, rebuild_board: Callable[[dict[str, Any]], Board]) -> CheckedBattle:
    """Check a save's "battle" object; FieldError (JSON path from "battle") on the first bad value.

    `rebuild_board` turns the board source into a board (it may read a map, and raise).
    The cheap checks run first, so an oversized save fails before its board is built.
    """
    top = fields.obj(doc, "battle", required=BATTLE_REQUIRED, optional=BATTLE_OPTIONAL)
    at = functools.partial(key_path, "battle")
    seed = fields.whole(top["seed"], at("seed"), -MAX_SEED, MAX_SEED)
    if HOUSE_RULES_KEY in top:
        # The save brings its own house rules: it loads and replays without their files.
        for description in from_saved(top[HOUSE_RULES_KEY], at(HOUSE_RULES_KEY)):
            install(description)
    options = _options(top.get("options", {}), at("options"))
    max_rounds = fields.whole(top.get("max_rounds", DEFAULT_MAX_ROUNDS), at("max_rounds"), 1, MAX_ROUNDS)
    rounds = fields.array(top["rounds"], at("rounds"), max_items=max_rounds)
    resolved = fields.whole(top.get("resolved_rounds", len(rounds)), at("resolved_rounds"), 0, len(rounds))
    if len(rounds) - resolved > 1:
        raise FieldError(at("resolved_rounds"), f"{resolved} of {len(rounds)} rounds: only the last is open")
    entities = _entities(top["initial"], at("initial"))
    combatants = sum(1 for components in entities.values() if "item" not in components)
    for number, orders in enumerate(rounds):
        where = index_path(at("rounds"), number)
        for i, order in enumerate(fields.array(orders, where, max_items=combatants)):
            fields.mapping(order, index_path(where, i))
    if len(rounds) * combatants**2 > MAX_BATTLE_WORK:
        raise FieldError(
            at("rounds"),
            f"{len(rounds)} rounds of {combatants} combatants are too long to replay "
            f"(rounds × combatants² at most {MAX_BATTLE_WORK:,})",
        )
    board_source = fields.mapping(top["board"], at("board"))
    board = rebuild_board(dict(board_source))
    world = _world(top["initial"], entities, at("initial"), board)
    sides = {components["side"] for components in entities.values() if "side" in components}
    victory = _victory(top.get("victory", {}), at("victory"), sides)
    meta = _meta(top.get("meta", {}), at("meta"))
    return CheckedBattle(
        seed, board, dict(board_source), world, options, max_rounds, meta, victory, rounds, resolved
    )


def _options(value: Any, path: str) -> RuleOptions:
    try:
        return RuleOptions.from_dict(dict(fields.mapping(value, path)))
    except ValueError as err:
        raise FieldError(path, str(err)) from None


def _victory(value: Any, path: str, sides: set[str]) -> Victory:
    # The scenario loader's own validator: a save is held to what a scenario may say.
    return parse_victory(value, path, sorted(sides), kind_required=False)


def _meta(value: Any, path: str) -> dict[str, Any]:
    """What the battle screen shows: titles (free text it can draw) and the sides' looks, and
    the battle's identity for its autosaves.

    Any other key is refused: a meta is carried into every later save of the battle, so
    junk here (megabytes of it) would make the game write a save it then refuses."""
    data = check_meta(value, path)
    return dict(data)


def check_meta(value: Any, path: str = "battle.meta") -> Mapping[str, Any]:
    """A battle's meta, every key known and every value checked; FieldError otherwise."""
    data = fields.mapping(value, path)
    for key in data:
        if key not in META_KEYS:
            raise FieldError(key_path(path, key), f"unknown field; expected one of {', '.join(META_KEYS)}")
    for key in META_IDS:
        if key in data and not (isinstance(data[key], str) and re.fullmatch(r"[0-9a-f]{12}", data[key])):
            raise FieldError(key_path(path, key), f"expected 12 hex digits, got {fields.shown(data[key])}")
    for key in META_TEXTS:
        if key in data:
            _drawable(data[key], key_path(path, key))
    if "sides" in data:
        where = key_path(path, "sides")
        for side, look in fields.mapping(data["sides"], where).items():
            at = functools.partial(key_path, key_path(where, side))
            fields.name(side, key_path(where, side))
            spec = fields.obj(look, key_path(where, side), optional=("colour", "shape", "controller"))
            if "colour" in spec:
                colour(spec["colour"], at("colour"))
            if "shape" in spec:
                fields.text(spec["shape"], at("shape"), SHAPES)
            if "controller" in spec:
                fields.text(spec["controller"], at("controller"), SEATS)
    return data


def storable_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A battle's meta as its saves keep it: each free text at most `MAX_TEXT` characters
    (shortened from the left, so a map's file name stays), so the game never writes a save
    it would refuse (a map in a folder whose path ran past 200 characters did that)."""
    long = [k for k in META_TEXTS if isinstance(meta.get(k), str) and len(meta[k]) > MAX_TEXT]
    return {**meta, **{k: shorten(meta[k], MAX_TEXT) for k in long}} if long else meta


def _drawable(value: Any, path: str) -> str:
    """Free text the screen can draw: no NUL, not absurdly long (`fields.text` refuses a lone
    surrogate)."""
    text = fields.text(value, path)
    if len(text) > MAX_TEXT or "\x00" in text:
        raise FieldError(path, f"expected text of at most {MAX_TEXT} characters, got {fields.shown(text)}")
    return text


# ---------------------------------------------------------------- the initial world
def _entities(value: Any, path: str) -> Mapping[str, Any]:
    """The initial world's entities, their ids and counts checked (not yet their components)."""
    data = fields.obj(value, path, required=("next_id", "entities"))
    entities = fields.mapping(data["entities"], key_path(path, "entities"))
    if len(entities) > MAX_UNITS + MAX_ITEMS:
        raise FieldError(key_path(path, "entities"), f"more than {MAX_UNITS + MAX_ITEMS} entities")
    next_id = fields.whole(data["next_id"], key_path(path, "next_id"), 1, 10**9)
    for key, components in entities.items():
        where = key_path(key_path(path, "entities"), key)
        if not (key.isdigit() and key == str(int(key)) and 1 <= int(key) < next_id):
            # An id at or past next_id would be handed out again: two entities merged into one.
            raise FieldError(where, f"an entity id must be a whole number from 1 to {next_id - 1} (next_id)")
        fields.mapping(components, where)
    combatants = [c for c in entities.values() if "item" not in c]
    if len(combatants) > MAX_UNITS:
        raise FieldError(key_path(path, "entities"), f"more than {MAX_UNITS} combatants")
    if len(entities) - len(combatants) > MAX_ITEMS:
        raise FieldError(key_path(path, "entities"), f"more than {MAX_ITEMS} weapons on the ground")
    return entities


def _world(value: Any, entities: Mapping[str, Any], path: str, board: Board) -> World:
    """The initial world, every component checked as scenario loading checks it."""
    names: dict[str, str] = {}
    taken: dict[tuple[int, int], str] = {}
    ids = {int(key) for key in entities}
    for key, components in entities.items():
        where = key_path(key_path(path, "entities"), key)
        if "item" in components:
            _item(components, where, board, ids)
        else:
            name = _combatant(components, where, board, taken)
            if name.casefold() in names:
                also = f"{fields.shown(name)} is entity {names[name.casefold()]}'s name too"
                raise FieldError(key_path(where, "name"), also)
            names[name.casefold()] = key
    try:
        world = World.from_dict(value)
    except (KeyError, TypeError, ValueError) as err:
        raise FieldError(path, f"cannot be rebuilt ({err})") from None
    if world.to_dict() != value:
        # Every value is checked above; what is left is a form the game never writes.
        raise FieldError(path, "is not written the way the game writes a world")
    return world


def _combatant(
    components: Mapping[str, Any], where: str, board: Board, taken: dict[tuple[int, int], str]
) -> str:
    data = fields.obj(components, where, required=COMBATANT_REQUIRED, optional=COMBATANT_OPTIONAL)
    at = functools.partial(key_path, where)
    name = fields.name(data["name"], at("name"))
    tile = _tile(data["position"], at("position"), board)
    if board.blocks_move(tile):
        raise FieldError(at("position"), f"{list(tile)} blocks movement")
    if tile in taken:
        raise FieldError(at("position"), f"{list(tile)} is already taken by {taken[tile]}")
    taken[tile] = name
    fields.direction(data["facing"], at("facing"))
    fields.name(data["side"], at("side"))
    _sheet(data["sheet"], at("sheet"))
    _equipment(data["equipment"], at("equipment"))
    condition = fields.obj(
        data["condition"], at("condition"), required=("injuries", "defeated", "dead"), optional=("fled",)
    )
    injuries = fields.whole(condition["injuries"], key_path(at("condition"), "injuries"), 0, DEFEAT_AT)
    defeated = fields.flag(condition["defeated"], key_path(at("condition"), "defeated"))
    fields.flag(condition["dead"], key_path(at("condition"), "dead"))
    if "fled" in condition:
        fields.flag(condition["fled"], key_path(at("condition"), "fled"))
    if defeated != (injuries >= DEFEAT_AT):
        raise FieldError(at("condition"), f"defeated must be {str(injuries >= DEFEAT_AT).lower()}")
    if "controller" in data:
        controller = fields.obj(data["controller"], at("controller"), required=("kind", "level"))
        kind = fields.text(controller["kind"], key_path(at("controller"), "kind"))
        level = controller["level"]
        spec = kind if level == "" else f"{kind}:{level}"
        if not isinstance(level, str) or spec not in SEATS:
            raise FieldError(at("controller"), f"expected one of {', '.join(SEATS)}")
    if "appearance" in data:
        token = fields.text(data["appearance"], at("appearance"))
        if len(token) > MAX_TOKEN or not token.isprintable():
            raise FieldError(at("appearance"), f"expected a token name, got {fields.shown(token)}")
    return name


def _item(components: Mapping[str, Any], where: str, board: Board, ids: set[int]) -> None:
    data = fields.obj(components, where, required=ITEM_REQUIRED)
    at = functools.partial(key_path, where)
    fields.name(data["name"], at("name"))
    _tile(data["position"], at("position"), board)
    item = fields.obj(data["item"], at("item"), required=("weapon", "owner"))
    weapon_spec(item["weapon"], key_path(at("item"), "weapon"))
    owner = item["owner"]
    if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int) or owner not in ids):
        got = fields.shown(owner)
        raise FieldError(key_path(at("item"), "owner"), f"expected null or an entity id, got {got}")


def _tile(value: Any, path: str, board: Board) -> tuple[int, int]:
    tile = fields.tile(value, path)
    if not board.in_bounds(tile):
        raise FieldError(path, f"{list(tile)} is off the {board.width} × {board.height} board")
    return tile


def _sheet(value: Any, path: str) -> None:
    """A sheet as `Sheet.to_dict` writes it, checked by the roster's sheet validator."""
    data = fields.obj(value, path, required=ATTRIBUTES, optional=("skills", "favorable_rounding"))
    shaped = {"attributes": {name: data[name] for name in ATTRIBUTES}}
    shaped.update({key: data[key] for key in ("skills", "favorable_rounding") if key in data})
    parse_sheet(shaped, path)


def _equipment(value: Any, path: str) -> None:
    data = fields.obj(value, path, required=("weapons", "shield", "armour"))
    at = functools.partial(key_path, path)
    weapons = tuple(
        weapon_spec(w, index_path(at("weapons"), i))
        for i, w in enumerate(fields.array(data["weapons"], at("weapons"), max_items=2))
    )
    shield = shield_spec(data["shield"], at("shield")) if data["shield"] is not None else None
    armour = armour_spec(data["armour"], at("armour")) if data["armour"] is not None else None
    try:
        Equipment(weapons, shield, armour)
    except ValueError as err:
        raise FieldError(at("weapons"), str(err)) from None
