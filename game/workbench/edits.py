"""Edits of the position: each takes a `Setup` and gives a new one, or `Refused` with the reason.

Placing, moving, turning and removing combatants; their names, sides, sheets, equipment and
Injuries; the rules modules; the board.  Where an edit would leave an order pointing at
something that no longer holds (a path from a tile the combatant left, an attack on someone
removed), the order is trimmed here, so every setup's orders name only what exists.  Whether
an order is *legal* is the rules' question (`game.workbench.plans`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.content import fields
from game.content.fields import FieldError
from game.content.roster import Character
from game.content.sheets import MAX_SKILL
from game.core.equipment import Armour, Shield, Weapon
from game.core.geometry import Tile, bearing_direction, chebyshev
from game.core.sheet import ALL_SKILLS, ATTRIBUTES, Sheet
from game.rules.board import Board
from game.rules.injury import DEFEAT_AT
from game.rules.orders import Order
from game.rules.positions import name_of, occupant, tile_of
from game.sandbox.rounds import reserved_name_problem
from game.workbench.setup import BoardSource, Refused, Setup
from game.world import Appearance, Condition, Equipment, Facing, Name, Position, Side

Result = Setup | Refused


# ------------------------------------------------------------------ checks
def standing_problem(setup: Setup, tile: Tile, ignore: int | None = None) -> str:
    """Why a combatant cannot stand on `tile` ("" when it can): off the board, a wall, taken."""
    board = setup.board
    if not setup.in_bounds(tile):
        return f"{list(tile)} is off the {board.width} × {board.height} board"
    if board.blocks_move(tile):
        return f"{list(tile)} is a wall or blocks movement"
    other = occupant(setup.world, tile, ignore=ignore)
    if other is not None:
        return f"{list(tile)} is already taken by {name_of(setup.world, other)}"
    return ""


def name_problem(setup: Setup, name: str, ignore: int | None = None) -> str:
    """Why `name` cannot name a combatant ("" when it can): the sandbox's rules for names."""
    try:
        fields.name(name, "name")
    except FieldError as err:
        return err.message
    if ":" in name:
        return f"{name!r} contains ':' (dice keys are \"Name:Purpose\")"
    reserved = reserved_name_problem(name)
    if reserved:
        return reserved
    for eid, other in setup.world.query(Name):
        if eid != ignore and other.value.casefold() == name.casefold():
            return f"{name!r} is already used (names must be unique, ignoring case)"
    return ""


def unique_name(setup: Setup, name: str) -> str:
    """`name`, or `name 2`, `name 3` … if it is taken (shortened to stay a valid name)."""
    candidate, n = name, 2
    while name_problem(setup, candidate):
        suffix = f" {n}"
        candidate = name[: fields.MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        n += 1
    return candidate


def _known(setup: Setup, eid: int) -> Refused | None:
    if eid not in setup.combatants:
        return Refused(f"no combatant #{eid} in the position")
    return None


# ------------------------------------------------------------------ placing and moving
def place(
    setup: Setup,
    character: Character,
    tile: Tile,
    side: str,
    facing: int | None = None,
    name: str | None = None,
) -> Result:
    """A roster character (or troop) onto a free tile, for `side`; named after the character
    (numbered if taken) unless `name` is given; facing the middle of the board by default."""
    problem = standing_problem(setup, tile)
    if problem:
        return Refused(f"cannot place {character.short} there: {problem}")
    try:
        side = fields.name(side, "side")
    except FieldError as err:
        return Refused(f"side: {err.message}")
    if name is None:
        name = unique_name(setup, character.short)
    elif problem := name_problem(setup, name):
        return Refused(problem)
    if facing is None:
        middle = (setup.board.width // 2, setup.board.height // 2)
        facing = bearing_direction(tile, middle) if chebyshev(tile, middle) else 2
    world = setup.world.copy()
    eid = world.create(
        Name(name),
        Position(*tile),
        Facing(facing % 8),
        Side(side),
        character.sheet,
        character.equipment,
        Condition(),
        Appearance(character.token),
    )
    timing = (*setup.timing, eid) if setup.timing is not None else None  # the newcomer acts last
    return replace(setup, world=world, origins={**setup.origins, eid: character.id}, timing=timing)


def move(setup: Setup, eid: int, tile: Tile) -> Result:
    """A combatant onto another free tile; its planned path (which started where it stood) is dropped."""
    if refused := _known(setup, eid):
        return refused
    if tile == tile_of(setup.world, eid):
        return setup
    problem = standing_problem(setup, tile, ignore=eid)
    if problem:
        return Refused(f"cannot move {name_of(setup.world, eid)} there: {problem}")
    world = setup.world.copy()
    world.set(eid, Position(*tile))
    orders = dict(setup.orders)
    if eid in orders and orders[eid].path:
        orders[eid] = replace(orders[eid], path=())
    return replace(setup, world=world, orders=orders)


def turn(setup: Setup, eid: int, facing: int) -> Result:
    """A combatant's facing now (0 = N, clockwise)."""
    if refused := _known(setup, eid):
        return refused
    world = setup.world.copy()
    world.set(eid, Facing(facing % 8))
    return replace(setup, world=world)


def remove(setup: Setup, eid: int) -> Result:
    """Take a combatant off the board, with its order, and every action aimed at it."""
    if refused := _known(setup, eid):
        return refused
    world = setup.world.copy()
    world.destroy(eid)
    orders = {
        actor: replace(order, actions=tuple(a for a in order.actions if a.target != eid))
        for actor, order in setup.orders.items()
        if actor != eid
    }
    timing = tuple(e for e in setup.timing if e != eid) if setup.timing is not None else None
    origins = {k: v for k, v in setup.origins.items() if k != eid}
    return replace(setup, world=world, orders=orders, timing=timing, origins=origins)


# ------------------------------------------------------------------ who they are
def rename(setup: Setup, eid: int, name: str) -> Result:
    """A new name (unique ignoring case; the sandbox's rules for names)."""
    if refused := _known(setup, eid):
        return refused
    if problem := name_problem(setup, name, ignore=eid):
        return Refused(problem)
    return _with(setup, eid, Name(name))


def set_side(setup: Setup, eid: int, side: str) -> Result:
    """Move a combatant to another side (a new one if no one is on it yet).  Attacks that would
    now aim at a friend stay in the orders: the rules say why they cannot be declared."""
    if refused := _known(setup, eid):
        return refused
    try:
        side = fields.name(side, "side")
    except FieldError as err:
        return Refused(f"side: {err.message}")
    return _with(setup, eid, Side(side))


def rename_side(setup: Setup, old: str, new: str) -> Result:
    """Rename a side: every combatant on it follows."""
    try:
        new = fields.name(new, "side")
    except FieldError as err:
        return Refused(f"side: {err.message}")
    if new != old and new.casefold() in {s.casefold() for s in setup.sides}:
        return Refused(f"a side is already called {new!r}")
    world = setup.world.copy()
    for eid, side in setup.world.query(Side):
        if side.name == old:
            world.set(eid, Side(new))
    return replace(setup, world=world)


# ------------------------------------------------------------------ the sheet
def set_attribute(setup: Setup, eid: int, attribute: str, value: int) -> Result:
    """One attribute (Vigor, Agility …), 0–99."""
    if attribute not in ATTRIBUTES:
        return Refused(f"unknown attribute {attribute!r}")
    if not 0 <= value <= MAX_SKILL:
        return Refused(f"{attribute.title()} must be from 0 to {MAX_SKILL}")
    return _sheet(setup, eid, **{attribute: value})


def set_skill(setup: Setup, eid: int, skill: str, value: int | None) -> Result:
    """A skill written on the sheet (0–99), or None for its starting value (the Combat
    Composite, or the attribute it starts at)."""
    if skill not in ALL_SKILLS:
        return Refused(f"unknown skill {skill!r}")
    if refused := _known(setup, eid):
        return refused
    skills = dict(setup.world.get(eid, Sheet).skills)
    if value is None:
        skills.pop(skill, None)
    elif not 0 <= value <= MAX_SKILL:
        return Refused(f"skills must be from 0 to {MAX_SKILL}")
    else:
        skills[skill] = value
    return _sheet(setup, eid, skills=skills)


def set_rounding(setup: Setup, eid: int, favorable: bool | None) -> Result:
    """Favorable Rounding as the sheet says (None: by Luck, RULES.md §2)."""
    return _sheet(setup, eid, favorable_rounding=favorable)


def set_injuries(setup: Setup, eid: int, injuries: int) -> Result:
    """Injuries already taken, 0–3 (3 is Defeated); a dead combatant stays dead."""
    if refused := _known(setup, eid):
        return refused
    if not 0 <= injuries <= DEFEAT_AT:
        return Refused(f"Injuries must be from 0 to {DEFEAT_AT} (Defeated)")
    dead = setup.world.get(eid, Condition).dead
    return _with(setup, eid, Condition(injuries, injuries >= DEFEAT_AT, dead))


def revive(setup: Setup, eid: int) -> Result:
    """A dead combatant back on its feet, Defeated (3 Injuries): a GM's undo of a bad night."""
    if refused := _known(setup, eid):
        return refused
    tile = tile_of(setup.world, eid)
    if problem := standing_problem(setup, tile, ignore=eid):
        return Refused(f"cannot stand {name_of(setup.world, eid)} up: {problem}")
    return _with(setup, eid, Condition(DEFEAT_AT, True, False))


# ------------------------------------------------------------------ equipment
def add_weapon(setup: Setup, eid: int, weapon: Weapon) -> Result:
    """A weapon into a free hand (refused with the reason when the hands are full)."""
    if refused := _known(setup, eid):
        return refused
    eq = setup.world.get(eid, Equipment)
    return _equipment(setup, eid, weapons=(*eq.weapons, weapon))


def remove_weapon(setup: Setup, eid: int, index: int) -> Result:
    """The weapon at `index` out of the hands."""
    if refused := _known(setup, eid):
        return refused
    weapons = list(setup.world.get(eid, Equipment).weapons)
    if not 0 <= index < len(weapons):
        return Refused(f"no weapon number {index + 1}")
    del weapons[index]
    return _equipment(setup, eid, weapons=tuple(weapons))


def set_shield(setup: Setup, eid: int, shield: Shield | None) -> Result:
    """A shield (it takes a hand), or none."""
    return _equipment(setup, eid, shield=shield)


def set_armour(setup: Setup, eid: int, armour: Armour | None) -> Result:
    """Armour, or none."""
    return _equipment(setup, eid, armour=armour)


# ------------------------------------------------------------------ rules and board
def set_module(setup: Setup, name: str, on: bool) -> Result:
    """Switch a rules module on or off."""
    try:
        return replace(setup, options=setup.options.with_module(name, on))
    except ValueError as err:
        return Refused(str(err))


def set_board(setup: Setup, board: Board, source: BoardSource) -> tuple[Setup, list[str]]:
    """The position on another board: everyone who still has a free tile to stand on keeps it;
    returns the names of those left off (off the board, on a wall), with their orders."""
    moved = replace(setup, board=board, source=source, orders={})
    dropped: list[str] = []
    for eid, pos in setup.world.query(Position):
        if not setup.world.has(eid, Sheet):
            if not (moved.in_bounds(pos.tile) and not board.blocks_move(pos.tile)):
                world = moved.world.copy()
                world.destroy(eid)  # a dropped weapon that would lie in a wall
                moved = replace(moved, world=world)
            continue
        if not moved.in_bounds(pos.tile) or board.blocks_move(pos.tile):
            dropped.append(name_of(setup.world, eid))
            result = remove(moved, eid)
            assert isinstance(result, Setup)
            moved = result
    # Paths were laid on the old board: keep the actions, drop the paths.
    orders = {eid: replace(order, path=()) for eid, order in setup.orders.items() if eid in moved.combatants}
    return replace(moved, orders=orders), dropped


# ------------------------------------------------------------------ orders and the round
def set_order(setup: Setup, eid: int, order: Order | None) -> Result:
    """A combatant's order for the round (None or an empty order: it declares nothing)."""
    if refused := _known(setup, eid):
        return refused
    orders = dict(setup.orders)
    if order is None or (not order.actions and not order.path and order.facing is None):
        orders.pop(eid, None)
    else:
        if order.actor != eid:
            return Refused("an order belongs to the combatant who declares it")
        orders[eid] = order
    return replace(setup, orders=orders)


def set_timing(setup: Setup, timing: tuple[int, ...] | None) -> Result:
    """A fixed Timing order (best first, every combatant that can act), or None to roll it."""
    if timing is None:
        return replace(setup, timing=None)
    missing = [name_of(setup.world, e) for e in setup.standing if e not in timing]
    unknown = [e for e in timing if e not in setup.combatants]
    if unknown or len(set(timing)) != len(timing):
        return Refused("a fixed Timing order names each combatant once")
    if missing:
        return Refused(
            f"a fixed Timing order must list every combatant still standing; missing {', '.join(missing)}"
        )
    return replace(setup, timing=tuple(timing))


def default_timing(setup: Setup) -> tuple[int, ...]:
    """A fixed Timing order to start from: the best Timing skill first (ties by id)."""
    world = setup.world
    return tuple(sorted(setup.standing, key=lambda e: (-world.get(e, Sheet).skill("timing"), e)))


def set_seed(setup: Setup, seed: int) -> Result:
    """The seed of the first resolution (run k of N uses seed + k)."""
    if not 0 <= seed < 2**53:
        return Refused("the seed is a whole number from 0 to 2⁵³")
    return replace(setup, seed=seed)


def set_title(setup: Setup, title: str) -> Result:
    """The position's title (file names and files start from it)."""
    try:
        return replace(setup, title=fields.name(title, "title", fields.MAX_TITLE_LENGTH))
    except FieldError as err:
        return Refused(f"title: {err.message}")


# ------------------------------------------------------------------ helpers
def _with(setup: Setup, eid: int, component: Any) -> Setup:
    world = setup.world.copy()
    world.set(eid, component)
    return replace(setup, world=world)


def _sheet(setup: Setup, eid: int, **changes: Any) -> Result:
    if refused := _known(setup, eid):
        return refused
    try:
        sheet = replace(setup.world.get(eid, Sheet), **changes)
    except ValueError as err:
        return Refused(str(err))
    return _with(setup, eid, sheet)


def _equipment(setup: Setup, eid: int, **changes: Any) -> Result:
    if refused := _known(setup, eid):
        return refused
    try:
        equipment = replace(setup.world.get(eid, Equipment), **changes)
    except ValueError as err:  # more than two hands' worth
        return Refused(f"{name_of(setup.world, eid)} {err}")
    return _with(setup, eid, equipment)
