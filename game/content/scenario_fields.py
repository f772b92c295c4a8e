"""A scenario file's fields, declared once: the shape tables `SCENARIO`, `SIDE`, `UNIT` and
`VICTORY` (`game.content.shapes`), which `game.content.scenarios` reads a file with and
`scenario_schema` turns into the published JSON Schema, and the limits and choices they
name (docs/content.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.content import fields
from game.content.fields import FieldError
from game.content.house_rules import HOUSE_KEY, MODULE_NAME, shipped_modules
from game.content.roster import default_roster
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
    any_case,
    document,
    one_of_pattern,
    schema_key,
)
from game.rules.injury import DEFEAT_AT
from game.rules.options import module_names
from game.rules.victory import KINDS as VICTORY_KINDS

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
CONTROLLERS = ("human", "ai:easy", "ai:normal", "ai:hard", "ai:random")
TUTORIALS = ("basics", "evade", "sprint", "retreat", "feint", "disarm", "facing", "cover", "flee")
"""The chapter's tutorial topics; every rules module's name is one too (`tutorial_topics`)."""
MAX_GOAL_LENGTH = 100  # characters of a scenario's one-line goal
MAX_LESSON = 999  # the highest place a tutorial may take in the teaching order
DEFAULT_MAX_ROUNDS = 30
MAX_ROUNDS = 1000
MAX_UNITS = 100  # combatants over every side
COLOUR = "#[0-9a-fA-F]{6}"
"""A side colour, "#rrggbb" (Python and ECMAScript read the pattern alike)."""


def colour(value: Any, path: str) -> str:
    """A side colour: "#rrggbb"."""
    text = fields.text(value, path)
    if not re.fullmatch(COLOUR, text):
        raise FieldError(path, fields.expected('a colour like "#3b82f6"', value))
    return text.lower()


@dataclass(frozen=True, kw_only=True)
class Colour(Shape):
    """A side colour, "#rrggbb" (`colour`), read in lower case."""

    def check(self, value: Any, path: str) -> str:
        """The colour; FieldError otherwise."""
        return colour(value, path)

    def body(self, defs: JSON) -> JSON:
        """A string of the pattern."""
        return {"type": "string", "pattern": f"^{COLOUR}$"}


def tutorial_topics() -> tuple[str, ...]:
    """What a scenario's `tutorial` may name: the chapter's topics, then every rules module
    (its hint is the tutorial's reminder)."""
    return tuple(dict.fromkeys((*TUTORIALS, *module_names())))


def _roster_ids() -> tuple[str, ...]:
    """The ids of the built-in roster's characters."""
    return tuple(c.id for c in default_roster().characters.values())


UNIT = Obj(
    required={
        "character": Text(
            choices=_roster_ids,
            check_choices=False,  # the roster looks it up, ignoring case
            also=lambda: one_of_pattern(_roster_ids(), any_case),
            help="the id of a roster character (game/content/data/roster.json), in any case",
        )
    },
    optional={
        "name": Line(help="its name in the battle (default: the character's short name)"),
        "at": TileShape(help="[x, y]: an open tile of the map (default: a free tile of its deploy zone)"),
        "facing": Direction(help="the facing at the start (default: towards the map's middle)"),
        "injuries": Whole(low=0, high=DEFEAT_AT - 1, default=0, help="Injuries already taken"),
    },
    name="unit",
    title="A unit of a side",
)
SIDE = Obj(
    required={
        "name": Line(help="the side's name (unique, ignoring case)"),
        "units": ListOf(
            item=UNIT,
            max_items=MAX_UNITS,
            help="its units, after the combatants the map places for it (then it may be [])",
        ),
    },
    optional={
        "colour": Colour(help='its colour, "#rrggbb" (default: the palette\'s)'),
        "shape": Text(choices=SHAPES, help="its tokens' shape (default: the palette's)"),
        "controller": Text(choices=CONTROLLERS, default="human", help="who plays it"),
        "zone": Text(help="the map side it deploys as (a deploy zone's side; default: its name)"),
    },
    name="side",
    title="A side",
)
VICTORY = Obj(
    required={
        "kind": Text(
            choices=VICTORY_KINDS,
            check_choices=False,  # Victory checks it
            help="eliminate: defeat every enemy; survive: the side stands after rounds; "
            "escape: one of the side flees off the map",
        )
    },
    optional={
        "side": Line(nullable=True, help="the side that survives or escapes (any case)"),
        "rounds": Whole(
            low=0, high=MAX_ROUNDS, default=0, help="rounds to survive, or the escape's clock (0: none)"
        ),
    },
    name="victory",
    title="A victory condition",
    help='how the battle is won (default: {"kind": "eliminate"})',
)
SCENARIO = Obj(
    required={
        "title": Line(max_length=fields.MAX_TITLE_LENGTH, help="the scenario's title (one line)"),
        "briefing": Text(help="one paragraph shown before the battle"),
        "map": Text(help="a .tmx map: beside the scenario file, else a bundled one (maps/…)"),
        "sides": ListOf(item=SIDE, min_items=2, help="the sides, at least two"),
    },
    optional={
        "id": Text(help="the file's name without .json, if given"),
        "tutorial": Text(
            choices=tutorial_topics,
            published=lambda: (*TUTORIALS, *shipped_modules()),
            also=HOUSE_KEY,
            nullable=True,
            help="the tutorial topic (a chapter's topic or a rules module), or null: no tutorial",
        ),
        "lesson": Whole(low=1, high=MAX_LESSON, help="a tutorial's place in the teaching order (1 first)"),
        "goal": Line(max_length=MAX_GOAL_LENGTH, help="one line: what to do (the New battle list shows it)"),
        "rules": Text(help="the rules the scenario shows off (the briefing's fold-out)"),
        "modules": Table(
            key=MODULE_NAME,
            value=Flag(),
            help="rules modules switched on (true) or off (false); others as in any battle on a map",
        ),
        "max_rounds": Whole(
            low=1, high=MAX_ROUNDS, default=DEFAULT_MAX_ROUNDS, help="a draw after this many rounds"
        ),
        "victory": VICTORY,
        "map_units": Flag(default=True, help="whether the combatants the map places join the sides"),
        SCHEMA_KEY: schema_key("a scenario file"),
    },
    name="scenario",
    title="A scenario",
)
"""A scenario file's fields (docs/content.md)."""


def scenario_schema() -> JSON:
    """The JSON Schema of a scenario file (docs/schemas/scenario.schema.json), from the
    tables above."""
    return document(
        SCENARIO,
        "urn:dominion-tactics:schema:scenario",
        "Dominion Tactics scenario",
        "A scenario: a map, sides with their units and controllers, rules modules and a victory "
        "condition (docs/content.md). Generated by `python -m game schemas` from the game's own validator.",
    )
