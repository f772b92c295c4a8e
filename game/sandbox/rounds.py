"""Parsing a scenario's rounds: fixed Timing, orders and their actions, scripted dice.

Names are resolved to entity ids here; what can only be known in play (which
dropped weapon a Retrieve means, whether a named weapon is still in hand) is
left to the runner.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.core.geometry import Tile
from game.rules.called_shots import called_shot
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, CalledShot
from game.rules.registry import action_specs, spec_of
from game.rules.rolls import (
    DIE_SIDES,
    RollName,
    personal_rolls,
    reserved_names,
    roll_purposes,
    shared_keys_of,
    shared_rolls,
)
from game.world import Name, World

ACTION_ALIASES = {"retrieve_weapon": ActionKind.RETRIEVE}


def reserved_name_problem(name: str) -> str:
    """Why a combatant may not be called `name` because a shared dice key starts with it
    ("Disarm", "Sides"); "" when it may."""
    keys = shared_keys_of(name)
    if not keys:
        return ""
    return f"{fields.shown(name)} is reserved for the dice keys {' and '.join(keys)}"


@dataclass(frozen=True)
class RetrieveSpec:
    """A Retrieve Weapon action: the weapon is found on the ground when its round starts."""

    weapon: str
    at: Tile | None
    path: str


@dataclass(frozen=True)
class ActionEntry:
    """One declared action; `action` is complete except for Retrieve (see `retrieve`)."""

    action: Action
    path: str
    retrieve: RetrieveSpec | None = None


@dataclass(frozen=True)
class OrderSpec:
    """One combatant's order for a round, as written in the file."""

    actor: int
    actions: tuple[ActionEntry, ...]
    path: tuple[Tile, ...]
    facing: int | None
    flee: bool = False


@dataclass(frozen=True)
class DiceSpec:
    """A round's scripted dice: a plain sequence, or results keyed "Name:Purpose"."""

    sequence: tuple[int, ...] = ()
    keyed: Mapping[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class RoundSpec:
    """One round of the scenario."""

    number: int
    timing: tuple[int, ...] | None
    orders: Mapping[int, OrderSpec]
    dice: DiceSpec
    path: str


def _combatant_ref(value: Any, path: str, names: Mapping[str, int], world: World) -> int:
    name = fields.text(value, path)
    eid = names.get(name.casefold())
    if eid is None:
        raise FieldError(path, _unknown_combatant(name, names, world))
    return eid


def _unknown_combatant(name: str, names: Mapping[str, int], world: World) -> str:
    return fields.unknown("combatant", name, [world.get(e, Name).value for e in names.values()])


def parse_round(
    value: Any,
    path: str,
    number: int,
    names: Mapping[str, int],
    world: World,
    options: RuleOptions | None = None,
) -> RoundSpec:
    """One round: `timing` (names, best first), `orders` (name → order) and `dice`.

    `names` maps case-folded combatant names to entity ids; `world` supplies the
    names as written, for messages; a rules module's dice need it on in `options`.
    """
    data = fields.obj(value, path, optional=("timing", "orders", "dice"))
    timing = None
    if "timing" in data:
        where = key_path(path, "timing")
        timing = tuple(
            _combatant_ref(v, index_path(where, i), names, world)
            for i, v in enumerate(fields.array(data["timing"], where, min_items=1))
        )
        for i, eid in enumerate(timing):
            if eid in timing[:i]:
                raise FieldError(index_path(where, i), f"{world.get(eid, Name).value} is listed twice")
    orders: dict[int, OrderSpec] = {}
    if "orders" in data:
        where = key_path(path, "orders")
        for key, raw in fields.mapping(data["orders"], where).items():
            if key == fields.COMMENT_KEY:
                continue
            order_path = key_path(where, key)
            eid = names.get(key.casefold())
            if eid is None:
                raise FieldError(order_path, _unknown_combatant(key, names, world))
            if eid in orders:
                raise FieldError(order_path, "a second order for the same combatant (names ignore case)")
            orders[eid] = _order(raw, order_path, eid, names, world)
    dice = DiceSpec()
    if "dice" in data:
        dice = _dice(data["dice"], key_path(path, "dice"), names, world, options or RuleOptions())
    return RoundSpec(number, timing, orders, dice, path)


def _order(value: Any, path: str, actor: int, names: Mapping[str, int], world: World) -> OrderSpec:
    data = fields.obj(value, path, optional=("actions", "path", "facing", "flee"))
    actions_path = key_path(path, "actions")
    actions = tuple(
        _action(raw, index_path(actions_path, i), names, world)
        for i, raw in enumerate(fields.array(data.get("actions", []), actions_path))
    )
    steps = tuple(fields.tiles(data["path"], key_path(path, "path"))) if "path" in data else ()
    facing = fields.direction(data["facing"], key_path(path, "facing")) if "facing" in data else None
    flee = fields.flag(data["flee"], key_path(path, "flee")) if "flee" in data else False
    return OrderSpec(actor, actions, steps, facing, flee)


def _action_kind(value: Any, path: str) -> ActionKind:
    word = fields.text(value, path).strip().casefold().replace(" ", "_").replace("-", "_")
    if word in ACTION_ALIASES:
        return ACTION_ALIASES[word]
    try:
        return ActionKind(word)
    except ValueError:
        raise FieldError(path, fields.unknown("action", value, [k.value for k in ActionKind])) from None


def _action(value: Any, path: str, names: Mapping[str, int], world: World) -> ActionEntry:
    data = fields.obj(value, path, required=("action",), optional=("target", "weapon", "called_shot", "at"))
    kind = _action_kind(data["action"], key_path(path, "action"))
    spec = spec_of(kind)
    at = functools.partial(key_path, path)
    target = None
    if "target" in data:
        if not spec.targeted:
            raise FieldError(
                at("target"), f"a {kind.value} has no target (it defends against every attacker)"
            )
        target = _combatant_ref(data["target"], at("target"), names, world)
    elif spec.targeted and spec.target_required:
        raise FieldError(at("target"), f"required field is missing (a {kind.value} needs a target)")
    weapon = None
    if "weapon" in data:
        if not (spec.names_weapon or spec.picks_item):
            named = [s.kind.value for s in action_specs() if s.names_weapon or s.picks_item]
            raise FieldError(at("weapon"), f"only {_listing(named)} name a weapon")
        weapon = fields.text(data["weapon"], at("weapon"))
    called = None
    if "called_shot" in data:
        called = _called_shot(data["called_shot"], at("called_shot"))
    if spec.picks_item:
        if called is not None:
            allowed = [s.kind.value for s in action_specs() if s.called_shot]
            raise FieldError(at("called_shot"), f"only a {' or '.join(allowed)} can be a Called Shot")
        if weapon is None:
            raise FieldError(at("weapon"), "required field is missing (which dropped weapon to retrieve)")
        spot = fields.tile(data["at"], at("at")) if "at" in data else None
        retrieve = RetrieveSpec(weapon, spot, path)
        return ActionEntry(Action(kind), path, retrieve)
    if "at" in data:
        picking = [s.kind.value for s in action_specs() if s.picks_item]
        raise FieldError(at("at"), f"only a {' or '.join(picking)} names the tile of a weapon on the ground")
    return ActionEntry(Action(kind, target, called, weapon), path)


def _listing(words: list[str]) -> str:
    """ "strike, missile_strike, disarm and retrieve" """
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _called_shot(value: Any, path: str) -> CalledShot:
    data = fields.obj(value, path, required=("part",), optional=("modifier", "vulnerable"))
    part = fields.text(data["part"], key_path(path, "part"))
    modifier = (
        fields.whole(data["modifier"], key_path(path, "modifier"), -12, -1) if "modifier" in data else None
    )
    vulnerable = (
        fields.flag(data["vulnerable"], key_path(path, "vulnerable")) if "vulnerable" in data else None
    )
    try:
        return called_shot(part, modifier, vulnerable)
    except ValueError as err:
        raise FieldError(key_path(path, "part"), str(err)) from None


def _dice(value: Any, path: str, names: Mapping[str, int], world: World, options: RuleOptions) -> DiceSpec:
    if isinstance(value, list):
        return DiceSpec(sequence=_die_results(value, path, DIE_SIDES))
    keyed: dict[str, tuple[int, ...]] = {}
    for key, results in fields.mapping(value, path).items():
        if key == fields.COMMENT_KEY:
            continue
        where = key_path(path, key)
        sides = _dice_key_sides(key, where, names, world, options)
        keyed[key] = _die_results(fields.array(results, where), where, sides)
    folded = [k.casefold() for k in keyed]
    for key in keyed:
        if folded.count(key.casefold()) > 1:
            raise FieldError(key_path(path, key), "the same key is given twice (keys ignore case)")
    return DiceSpec(keyed=keyed)


def _dice_key_sides(
    key: str, path: str, names: Mapping[str, int], world: World, options: RuleOptions
) -> int | None:
    """Check a "Name:Purpose" key against the rolls the rules know (`game.rules.rolls`);
    returns the die size it rolls (None: varies)."""
    who, colon, purpose = key.partition(":")
    if not colon:
        raise FieldError(path, 'expected a key "Name:Purpose", such as "Omar:Strike"')
    if who.casefold() in {word.casefold() for word in reserved_names()}:
        keys = shared_keys_of(who)
        roll = next((r for r in shared_rolls() if r.name.casefold() == key.casefold()), None)
        if roll is None:
            raise FieldError(path, fields.unknown("roll", key, keys))
        return _in_play(roll, key, path, options)
    if who.casefold() not in names:
        raise FieldError(path, _unknown_combatant(who, names, world))
    roll = next((r for r in personal_rolls() if r.name.casefold() == purpose.casefold()), None)
    if roll is None:
        raise FieldError(path, fields.unknown("roll", purpose, roll_purposes()))
    return _in_play(roll, key, path, options)


def _in_play(roll: RollName, key: str, path: str, options: RuleOptions) -> int | None:
    """The roll's die, when the rules module that makes it is on."""
    if roll.module is not None and not options.has(roll.module):
        word = f"{fields.shown(key)} is a roll of the {roll.module} rules module"
        raise FieldError(path, f"{word}, which is not on")
    return roll.sides


def _die_results(values: list[Any], path: str, sides: int | None) -> tuple[int, ...]:
    return tuple(
        fields.whole(v, index_path(path, i), 1, sides) for i, v in enumerate(fields.array(values, path))
    )
