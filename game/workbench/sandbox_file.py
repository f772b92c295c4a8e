"""The position as a sandbox file (docs/sandbox.md), and a sandbox file as a position.

A sandbox file keeps everything the workbench holds: the board (any board, written tile by
tile as the sandbox's grid), every combatant's whole sheet, equipment and Injuries, weapons on
the ground, the rules modules, the orders of the round, a fixed Timing order, scripted dice and
the seed.  `python -m game resolve FILE` then plays exactly the round the workbench resolves
with that seed.  What is written is read back with the sandbox's own loader before it is
saved, and loading goes through that loader too: a hostile file is refused in one line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.content.armory import Armory, default_armory
from game.content.fields import FieldError
from game.core.equipment import Armour, Shield, Weapon
from game.core.geometry import direction_name
from game.core.sheet import ATTRIBUTES, Sheet
from game.persist.atomic import write_atomic
from game.rules.options import module_names
from game.rules.orders import Action, Order
from game.rules.positions import name_of, tile_of
from game.rules.registry import spec_of
from game.rules.rolls import reserved_names
from game.sandbox.loader import Scenario, load_scenario, parse_scenario
from game.sandbox.runner import round_orders
from game.workbench.boards import board_grid, is_blank
from game.workbench.characters import roster_origin
from game.workbench.plans import declaration_order
from game.workbench.setup import BoardSource, Refused, Setup
from game.world import Condition, Equipment, Facing, Item, Name, Position, Side

MADE_BY = "Made in the position workbench: one round, as set up there."


class SandboxRefused(ValueError):
    """The position cannot be written as a sandbox file (one line saying why)."""


# ------------------------------------------------------------------ writing
def sandbox_document(setup: Setup, armory: Armory | None = None) -> tuple[dict[str, Any], list[str]]:
    """The sandbox file of the position, and notes on what it could not keep."""
    armory = armory or default_armory()
    world = setup.world
    notes: list[str] = []
    people = []
    for eid in setup.combatants:
        condition = world.get(eid, Condition)
        if condition.dead:
            notes.append(f"{name_of(world, eid)} is dead: a sandbox file has no dead combatants, left out")
            continue
        people.append(_combatant(setup, eid, armory))
    if not people:
        raise SandboxRefused("a sandbox file needs at least one living combatant")
    items = [
        {"weapon": _ref(item.weapon, armory.weapons), "position": list(pos.tile)}
        for _eid, item, pos in world.query(Item, Position)
    ]
    document: dict[str, Any] = {"title": setup.title, "description": MADE_BY, "seed": setup.seed}
    on = [name for name in module_names() if setup.options.has(name)]
    document["modules"] = on
    document["board"] = board_grid(setup.board)
    document["combatants"] = people
    if items:
        document["items"] = items
    document["rounds"] = [_round(setup, notes)]
    return document, notes


def _combatant(setup: Setup, eid: int, armory: Armory) -> dict[str, Any]:
    world = setup.world
    sheet = world.get(eid, Sheet)
    eq = world.get(eid, Equipment)
    data: dict[str, Any] = {
        "name": world.get(eid, Name).value,
        "side": world.get(eid, Side).name,
        "position": list(tile_of(world, eid)),
        "facing": direction_name(world.get(eid, Facing).direction),
        "attributes": {name: getattr(sheet, name) for name in ATTRIBUTES},
    }
    if sheet.favorable_rounding is not None:
        data["favorable_rounding"] = sheet.favorable_rounding
    if sheet.skills:
        data["skills"] = dict(sheet.skills)
    if eq.weapons:
        data["weapons"] = [_ref(w, armory.weapons) for w in eq.weapons]
    if eq.shield is not None:
        data["shield"] = _ref(eq.shield, armory.shields)
    if eq.armour is not None:
        data["armour"] = _ref(eq.armour, armory.armour)
    injuries = world.get(eid, Condition).injuries
    if injuries:
        data["injuries"] = injuries
    return data


def _ref(thing: Weapon | Shield | Armour, known: Any) -> str | dict[str, object]:
    """An armory name when the armory's entry of that name is this very thing, else the whole
    thing written out (an inline object starts from nothing, as docs/sandbox.md says)."""
    if known.get(thing.name.casefold()) == thing:
        return thing.name
    return thing.to_dict()


def _round(setup: Setup, notes: list[str]) -> dict[str, Any]:
    world = setup.world
    spec: dict[str, Any] = {}
    if setup.timing is not None:
        spec["timing"] = [name_of(world, e) for e in setup.timing if e in setup.standing]
    orders = {}
    for eid in declaration_order(setup):
        order = setup.orders.get(eid)
        if order is not None:
            orders[name_of(world, eid)] = _order(setup, order)
    for eid in setup.orders:
        if eid not in setup.standing:
            notes.append(f"{name_of(world, eid)} cannot act: its order is left out")
    if orders:
        spec["orders"] = orders
    names = {name_of(world, e).casefold() for e in setup.combatants}
    names |= {word.casefold() for word in reserved_names()}  # shared keys: Disarm:tile, Sides:Initiative
    dice = {}
    for key, values in setup.dice.items():
        who = key.partition(":")[0]
        if who.casefold() in names:
            dice[key] = list(values)
        else:
            notes.append(f"scripted dice {key} name nobody in the position: left out")
    if dice:
        spec["dice"] = dice
    return spec


def _order(setup: Setup, order: Order) -> dict[str, Any]:
    data: dict[str, Any] = {"actions": [_action(setup, a) for a in order.actions]}
    if order.path:
        data["path"] = [list(t) for t in order.path]
    if order.facing is not None:
        data["facing"] = direction_name(order.facing)
    if order.flee:
        data["flee"] = True
    return data


def _action(setup: Setup, action: Action) -> dict[str, Any]:
    world = setup.world
    data: dict[str, Any] = {"action": action.kind.value}
    if action.target is not None:
        data["target"] = name_of(world, action.target)
    if action.weapon is not None:
        data["weapon"] = action.weapon
    if action.called_shot is not None:
        data["called_shot"] = action.called_shot.to_dict()
    if action.item is not None and spec_of(action.kind).picks_item:
        item = world.try_get(action.item, Item)
        if item is not None:
            data["weapon"] = item.weapon.name
            data["at"] = list(tile_of(world, action.item))
    return data


def save_sandbox(setup: Setup, path: Path, armory: Armory | None = None) -> list[str]:
    """Write the position as a sandbox file, atomically; returns notes on what it left out.

    The document is read back by the sandbox's loader first: SandboxRefused (one line) if
    the loader would refuse it, and nothing is written."""
    document, notes = sandbox_document(setup, armory)
    try:
        parse_scenario(json.loads(json.dumps(document)), armory)
    except FieldError as err:
        raise SandboxRefused(f"the sandbox would refuse this position: {err}") from None
    write_atomic(Path(path), (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return notes


# ------------------------------------------------------------------ reading
def load_sandbox(path: Path, armory: Armory | None = None) -> tuple[Setup, list[str]]:
    """A sandbox file as a position: its first round's orders, Timing and dice; FieldError (one
    line naming the field) for anything the sandbox itself would refuse."""
    scenario = load_scenario(Path(path), armory)
    return setup_of(scenario, Path(path).name), _later_rounds(scenario)


def setup_of(scenario: Scenario, label: str) -> Setup:
    """A loaded sandbox scenario as a position (its first round)."""
    world = scenario.world
    first = scenario.rounds[0]
    orders = round_orders(scenario, first)
    standing = [e for e in first.timing or () if world.get(e, Condition).can_act]
    board = scenario.board
    blank = is_blank(board)
    kind = "blank" if blank else "grid"
    shown = f"Open ground {board.width} × {board.height}" if blank else f"Board of {label}"
    source = BoardSource(kind, shown)
    origins = {e: o for e in sorted(scenario.names.values()) if (o := roster_origin(world, e)) is not None}
    setup = Setup(
        board,
        source,
        world,
        scenario.options,
        orders,
        tuple(standing) if first.timing is not None else None,
        origins,
        dict(first.dice.keyed),
        scenario.seed if scenario.seed is not None else 1,
        scenario.title or Path(label).stem,
    )
    return setup


def _later_rounds(scenario: Scenario) -> list[str]:
    notes = []
    if len(scenario.rounds) > 1:
        notes.append(f"the file has {len(scenario.rounds)} rounds: the workbench takes the first")
    if scenario.rounds[0].dice.sequence:
        notes.append('a plain list of dice is not kept: only dice keyed "Name:Purpose"')
    return notes


def refused(err: Exception) -> Refused:
    """A loading or saving error as the workbench shows it."""
    return Refused(str(err).splitlines()[0] if str(err) else type(err).__name__)
