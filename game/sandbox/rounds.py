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
from game.content.house_rules import NAME_PATTERN
from game.content.shapes import (
    JSON,
    Direction,
    Either,
    Flag,
    ListOf,
    Obj,
    Shape,
    Table,
    Text,
    TileShape,
    Whole,
    any_case,
    shipped,
)
from game.core.geometry import Tile
from game.rules.called_shots import CALLED_SHOT_TABLE, called_shot
from game.rules.house.module import PREFIX
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
MAX_CALLED_SHOT = -1  # the mildest Called Shot Modifier a GM may give
MIN_CALLED_SHOT = -12  # and the harshest


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


def loose(word: str) -> str:
    """A pattern of `word` as an action is read: in any case, a space or a hyphen for an
    underscore (`_action_kind`)."""
    return "".join("[_ -]" if c == "_" else any_case(c) for c in word)


@dataclass(frozen=True, kw_only=True)
class ActionWord(Shape):
    """An action's kind: "strike", "missile strike", "Retrieve-Weapon" … (`_action_kind`)."""

    def check(self, value: Any, path: str) -> ActionKind:
        """The kind; FieldError naming the known ones otherwise."""
        return _action_kind(value, path)

    def body(self, defs: JSON) -> JSON:
        """The kinds that ship with the game and the aliases, spelled any way the sandbox reads
        them, and a house rule's kinds (house_<rule>_<name>)."""
        words = [spec.kind.value for spec in shipped(action_specs())] + list(ACTION_ALIASES)
        house = loose(PREFIX) + NAME_PATTERN.replace("a-z", "a-zA-Z").replace("_", "_ -")
        spelled = "|".join([*(loose(w) for w in words), house])
        return {"type": "string", "anyOf": [{"enum": words}, {"pattern": f"^\\s*(?:{spelled})\\s*$"}]}


COMBATANT_NAME = Text(help="a combatant's name (any case)")
CALLED_SHOT = Obj(
    required={
        "part": Text(
            help="the part aimed at: one of the Called Shot table's "
            f"({', '.join(CALLED_SHOT_TABLE)}), or any spot with a modifier"
        )
    },
    optional={
        "modifier": Whole(
            low=MIN_CALLED_SHOT,
            high=MAX_CALLED_SHOT,
            help="the GM's Called Shot Modifier (default: the table's)",
        ),
        "vulnerable": Flag(help="whether a hit there is a vulnerable-area hit (default: the table's)"),
    },
    name="called_shot",
    title="A Called Shot",
)
ACTION = Obj(
    required={"action": ActionWord(help="the action's kind (spaces or hyphens for underscores are fine)")},
    optional={
        "target": COMBATANT_NAME.about(
            "the combatant it is aimed at (an attack's; a Feint's may be left out)"
        ),
        "weapon": Text(help="the weapon in hand it uses; for a retrieve, the dropped weapon to pick up"),
        "called_shot": CALLED_SHOT.about("a Called Shot (a strike or a missile_strike)"),
        "at": TileShape(
            help="a retrieve's [x, y]: which weapon, when several of that name lie on the ground"
        ),
    },
    name="action",
    title="An action",
)
ORDER = Obj(
    optional={
        "actions": ListOf(item=ACTION, default=[], help="the actions declared"),
        "path": ListOf(item=TileShape(), help="at most one movement: [x, y] steps to neighbouring tiles"),
        "facing": Direction(help="the facing at the end of the round (default: the last step's direction)"),
        "flee": Flag(default=False, help="after the path, step off the map from the edge tile it ends on"),
    },
    name="order",
    title="An order",
)
DICE_KEY = Text(pattern="[^:]+:[^:]+", help='"Name:Purpose", such as "Omar:Strike" or "Sides:Initiative"')
ROUND = Obj(
    optional={
        "timing": ListOf(
            item=COMBATANT_NAME,
            min_items=1,
            help="a fixed Timing order, best first (without it, Timing is rolled)",
        ),
        "orders": Table(
            key=COMBATANT_NAME, value=ORDER, comment=True, help="each combatant's order, by name"
        ),
        "dice": Either(
            options=(
                ListOf(item=Whole(low=1, high=DIE_SIDES), help=f"d{DIE_SIDES} results, handed out in order"),
                Table(
                    key=DICE_KEY,
                    value=ListOf(item=Whole(low=1)),
                    comment=True,
                    help='results by key "Name:Purpose", each list in order (each within its die)',
                ),
            ),
            help="the round's scripted dice",
        ),
    },
    name="round",
    title="A round",
)


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
    data = ROUND.check(value, path)
    timing = None
    if "timing" in data:
        where = key_path(path, "timing")
        timing = tuple(
            _combatant_ref(v, index_path(where, i), names, world)
            for i, v in enumerate(_list(ROUND, "timing").items(data["timing"], where))
        )
        for i, eid in enumerate(timing):
            if eid in timing[:i]:
                raise FieldError(index_path(where, i), f"{world.get(eid, Name).value} is listed twice")
    orders: dict[int, OrderSpec] = {}
    if "orders" in data:
        where = key_path(path, "orders")
        for key, raw in ROUND.get(data, path, "orders").items():
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
    data = ORDER.check(value, path)
    actions_path = key_path(path, "actions")
    actions = tuple(
        _action(raw, index_path(actions_path, i), names, world)
        for i, raw in enumerate(_list(ORDER, "actions").items(data.get("actions", []), actions_path))
    )
    steps = tuple(ORDER.get(data, path, "path", ()))
    facing = ORDER.get(data, path, "facing", None)
    flee = ORDER.get(data, path, "flee")
    return OrderSpec(actor, actions, steps, facing, flee)


def _list(table: Obj, key: str) -> ListOf:
    """The shape of a list field of a table (whose items the caller reads itself)."""
    shape = table.shape_of(key)
    assert isinstance(shape, ListOf)
    return shape


def _action_kind(value: Any, path: str) -> ActionKind:
    word = fields.text(value, path).strip().casefold().replace(" ", "_").replace("-", "_")
    if word in ACTION_ALIASES:
        return ACTION_ALIASES[word]
    try:
        return ActionKind(word)
    except ValueError:
        raise FieldError(path, fields.unknown("action", value, [k.value for k in ActionKind])) from None


def _action(value: Any, path: str, names: Mapping[str, int], world: World) -> ActionEntry:
    data = ACTION.check(value, path)
    kind = ACTION.get(data, path, "action")
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
        weapon = ACTION.get(data, path, "weapon")
    called = None
    if "called_shot" in data:
        called = _called_shot(data["called_shot"], at("called_shot"))
    if spec.picks_item:
        if called is not None:
            allowed = [s.kind.value for s in action_specs() if s.called_shot]
            raise FieldError(at("called_shot"), f"only a {' or '.join(allowed)} can be a Called Shot")
        if weapon is None:
            raise FieldError(at("weapon"), "required field is missing (which dropped weapon to retrieve)")
        spot = ACTION.get(data, path, "at", None)
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
    data = CALLED_SHOT.check(value, path)
    part = CALLED_SHOT.get(data, path, "part")
    modifier = CALLED_SHOT.get(data, path, "modifier", None)
    vulnerable = CALLED_SHOT.get(data, path, "vulnerable", None)
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
