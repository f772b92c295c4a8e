"""House-rule files: reading and validating the `.toml` files a game master writes
(docs/house-rules.md), and the same description read back from a save.

A file is untrusted: it is refused before it is read if it is over `MAX_FILE_BYTES`, must be
UTF-8 TOML, may hold at most `MAX_ENTRIES` modifiers and defence costs, and every field is
checked with the JSON path of the field in the message
(``modifier[2].value: expected a whole number from -10 to 10, got 99``).  What a condition
may say comes from the rules (`game.rules.house.conditions.CONDITIONS`); this file only reads.
A folder holds at most `MAX_FILES` files; requirements are checked across them (unknown
modules, a rule that requires itself, cycles).  The fields are declared once, as the shape
tables `HOUSE_RULE`, `MODIFIER` … (`game.content.shapes`): the loader reads every field
through them, and `house_rule_schema` makes the published JSON Schema from them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.content.shapes import (
    SCHEMA_KEY,
    Either,
    Flag,
    Line,
    ListOf,
    Obj,
    OneOrList,
    Shape,
    Table,
    Text,
    Whole,
    document,
    escaped,
    schema_key,
    shipped,
)
from game.files import FileRefused, read_limited
from game.rules.house.actions import EFFECTS, MAX_PUSH, NEEDS, PUSH, ActionDescription, HouseAction
from game.rules.house.conditions import CONDITIONS, FLAG, NAMES, SKILL_NAMES, SKILLS, WORDS, Condition
from game.rules.house.defences import MAX_COUNTERS, DefenceDescription, HouseDefence
from game.rules.house.module import (
    CANNOT,
    CLASSES,
    PREFIX,
    DefenceCost,
    HouseRuleDescription,
    Term,
    When,
    install,
    installed,
    module_key,
)
from game.rules.options import module_names
from game.rules.registry import DEFENCES, OFFENSIVE, action_specs, rules_modules, spec_of

MAX_FILE_BYTES = 64 * 2**10  # bytes of one house-rule file, checked before it is read
MAX_FILES = 50  # house-rule files read from one folder
MAX_ENTRIES = 200  # modifiers and defence costs in one file
MAX_DEPTH = 6  # nesting of tables and arrays (the format needs 4: file, entry list, entry, when, skills)
MAX_VALUE = 10  # a modifier's value is within ±MAX_VALUE; a defence cost within 0..MAX_VALUE
MAX_SKILL = 100  # a skill threshold
MAX_REQUIRES = 20
MAX_CHOICES = 20  # names in one terrain or weapon condition
MAX_LABEL = 40  # characters of a label or a word
MAX_HELP = 200  # characters of a help line
NAME_PATTERN = "[a-z][a-z0-9_]*"
"""A house rule's name, and its actions' and defences' (Python and ECMAScript read it alike)."""
NAME = re.compile(NAME_PATTERN + r"\Z")
MAX_NAME = 32
HOUSE_KEY = f"^{escaped(PREFIX)}{NAME_PATTERN}$"
"""The schema's pattern of a house rule's module key (`house_backstab`) and of its actions'
and defences' kinds (`house_brawl_shove`): what the game takes once the rule is registered."""


def shipped_modules() -> tuple[str, ...]:
    """The rules modules that ship with the game (the schemas list these)."""
    return tuple(m.name for m in shipped(rules_modules()))


def _attack_kinds(only_shipped: bool = False) -> tuple[str, ...]:
    """What `applies_to` may name: the attack classes, then every offensive action kind."""
    kinds = [spec.kind for spec in (shipped(action_specs()) if only_shipped else action_specs())]
    return (*CLASSES, *sorted(kind.value for kind in kinds if kind in OFFENSIVE))


def _defence_kinds(only_shipped: bool = False) -> tuple[str, ...]:
    """The defences a defence cost may name."""
    kinds = [spec.kind for spec in (shipped(action_specs()) if only_shipped else action_specs())]
    return tuple(sorted(kind.value for kind in kinds if kind in DEFENCES))


def _attack_classes(only_shipped: bool = False) -> tuple[str, ...]:
    """What a composed defence may counter: the classes of the offensive actions."""
    specs = shipped(action_specs()) if only_shipped else action_specs()
    return tuple(sorted({s.attack_class for s in specs if "offensive" in s.roles}))


MODULE_NAME = Text(
    choices=module_names,
    published=shipped_modules,
    also=HOUSE_KEY,
    help="a rules module: one that ships with the game, or a house rule's key (house_<name>)",
)
"""A rules module's name, as scenarios, sandbox files and house rules name one."""
LABEL = Line(max_length=MAX_LABEL)
HELP = Line(max_length=MAX_HELP, help=f"one line of help (at most {MAX_HELP} characters)")
SKILL = Text(choices=SKILL_NAMES, help="the sheet's skill rolled")
ENTRY_NAME = Text(
    pattern=NAME_PATTERN,
    max_length=MAX_NAME,
    wanted="a name of lowercase letters, digits and _",
    help="its key within the rule: the action kind is house_<rule>_<name>",
)
APPLIES_TO = OneOrList(
    item=Text(choices=_attack_kinds, published=lambda: _attack_kinds(True), also=HOUSE_KEY),
    help='which attacks: "any", "melee", "missile" or an attack kind; a list means any of them',
    default=CLASSES[0],
)


def condition_shape(condition: Condition) -> Shape:
    """The value a condition of a `when` table takes, by its kind."""
    if condition.kind == WORDS:
        return OneOrList(item=Text(choices=condition.choices), help=condition.help)
    if condition.kind == NAMES:
        return OneOrList(item=Line(), max_items=MAX_CHOICES, help=condition.help)
    if condition.kind == FLAG:
        return Flag(help=condition.help)
    assert condition.kind == SKILLS
    skill = Whole(low=0, high=MAX_SKILL)
    return Table(key=Text(choices=SKILL_NAMES), value=skill, min_items=1, help=condition.help)


WHEN = Obj(
    optional={key: condition_shape(c) for key, c in CONDITIONS.items()},
    name="house_when",
    title="Conditions",
    help="when the entry holds: every condition given must hold",
    default={},
)
MODIFIER = Obj(
    required={
        "label": LABEL.about("the ledger's name for the term (not a defence's name)"),
        "value": Whole(low=-MAX_VALUE, high=MAX_VALUE, help="added to the attack's stat"),
    },
    optional={"applies_to": APPLIES_TO, "when": WHEN},
    name="house_modifier",
    title="[[modifier]]: a term added to attack rolls",
)
DEFENCE_COST = Obj(
    required={
        "word": LABEL.about("the ledger's word for the cost"),
        "costs": Table(
            key=Text(choices=_defence_kinds, published=lambda: _defence_kinds(True), also=HOUSE_KEY),
            value=Either(options=(Whole(low=0, high=MAX_VALUE), Text(choices=(CANNOT,)))),
            min_items=1,
            help=f'defence → what it loses (0 to {MAX_VALUE}), or "{CANNOT}": it cannot be used',
        ),
    },
    optional={"applies_to": APPLIES_TO, "when": WHEN},
    name="house_defence_cost",
    title="[[defence_cost]]: what the target's defences lose",
)
ACTION = Obj(
    required={
        "name": ENTRY_NAME,
        "label": LABEL.about("the menu's and the log's name, and its dice key (not another action's)"),
        "skill": SKILL,
        "effect": Text(choices=EFFECTS, help="what a success does"),
    },
    optional={
        "tiles": Whole(low=1, high=MAX_PUSH, default=1, help=f"tiles a {PUSH!r} moves the target"),
        "help": HELP,
    },
    name="house_action",
    title="[[action]]: a composed action",
)
DEFENCE = Obj(
    required={
        "name": ENTRY_NAME,
        "label": LABEL.about("the menu's, the log's and the ledger's name (not another action's)"),
        "skill": SKILL,
        "counters": ListOf(
            item=Text(choices=_attack_classes, published=lambda: _attack_classes(True)),
            min_items=1,
            max_items=MAX_COUNTERS,
            help="the attack classes its penalty counts against",
        ),
    },
    optional={"help": HELP},
    name="house_defence",
    title="[[defence]]: a composed defence",
)
ENTRY_LISTS = {"modifier": MODIFIER, "defence_cost": DEFENCE_COST, "action": ACTION, "defence": DEFENCE}
"""The lists of entries a house rule has; it needs at least one entry, at most `MAX_ENTRIES`."""
HOUSE_RULE = Obj(
    required={
        "name": Text(
            pattern=NAME_PATTERN,
            max_length=MAX_NAME,
            wanted=f"a name of lowercase letters, digits and _ (at most {MAX_NAME}, a letter first)",
            help="the rule's name (not a built-in module's): its module is house_<name>",
        ),
        "label": LABEL.about(f"the switch's and the help's name (one line, at most {MAX_LABEL} characters)"),
    },
    optional={
        SCHEMA_KEY: schema_key("a house-rule file"),
        "help": HELP,
        "default_on": Flag(default=False, help="on in new battles unless the scenario says otherwise"),
        "requires": ListOf(
            item=Text(),
            max_items=MAX_REQUIRES,
            default=[],
            help="rules modules switched on with it (never itself, never a cycle)",
        ),
        **{
            key: ListOf(item=entry, default=[], help=entry.title.partition(": ")[2])
            for key, entry in ENTRY_LISTS.items()
        },
    },
    name="house_rule",
    title="A house rule",
    rules=({"anyOf": [{"required": [key], "properties": {key: {"minItems": 1}}} for key in ENTRY_LISTS]},),
)
"""A house-rule file's tables, and an inline house rule of a sandbox file."""


class HouseRuleError(ValueError):
    """A house-rule file that cannot be used: one line, naming the file and the field."""


@dataclass(frozen=True)
class Found:
    """One house-rule file as a folder gives it: its description, or why it cannot be used."""

    path: Path
    description: HouseRuleDescription | None
    problem: str = ""

    @property
    def label(self) -> str:
        """What the setup screen calls it: its label, else its file name."""
        return self.description.label if self.description is not None else self.path.name


# ------------------------------------------------------------------ one description
def parse_description(data: Any, path: str = "") -> HouseRuleDescription:
    """A validated description from a file's parsed TOML (or a save's JSON); FieldError on the
    first bad field."""
    _check_depth(data)
    top = HOUSE_RULE.check(data, path)
    HOUSE_RULE.get(top, path, SCHEMA_KEY, None)  # checked, then left to editors
    name = HOUSE_RULE.get(top, path, "name")
    for key in (name, module_key(name)):
        if any(m.builtin and m.name == key for m in rules_modules()):
            raise FieldError(key_path(path, "name"), f"{fields.shown(name)} is a built-in rules module")
    requires = tuple(HOUSE_RULE.get(top, path, "requires"))
    if module_key(name) in requires or name in requires:
        raise FieldError(key_path(path, "requires"), f"the house rule {name!r} requires itself")
    lists = {key: _entries(top, path, key) for key in ENTRY_LISTS}
    entries = sum(len(items) for items in lists.values())
    if entries > MAX_ENTRIES:
        raise FieldError(
            path,
            f"at most {MAX_ENTRIES} entries (modifiers, defence costs, actions, defences) in one file, "
            f"got {entries}",
        )
    if not entries:
        raise FieldError(
            path, "a house rule needs at least one [[modifier]], [[defence_cost]], [[action]] or [[defence]]"
        )
    at_actions, at_defences = key_path(path, "action"), key_path(path, "defence")
    actions = tuple(_action(a, index_path(at_actions, i)) for i, a in enumerate(lists["action"]))
    defences = tuple(_defence(d, index_path(at_defences, i)) for i, d in enumerate(lists["defence"]))
    # Actions and defences share one namespace: each is the action kind `house_<rule>_<name>`.
    named = [(a.name, index_path(at_actions, i)) for i, a in enumerate(actions)]
    named += [(d.name, index_path(at_defences, i)) for i, d in enumerate(defences)]
    names = [n for n, _ in named]
    for i, (name_i, where) in enumerate(named):
        if names.index(name_i) != i:
            raise FieldError(key_path(where, "name"), "given to two actions or defences")
    # An effect's state means nothing without its module (a fall: prone): it comes with the rule.
    needed = [NEEDS[a.effect] for a in actions if a.effect in NEEDS]
    requires += tuple(n for n in dict.fromkeys(needed) if n not in requires)
    at_modifiers, at_costs = key_path(path, "modifier"), key_path(path, "defence_cost")
    return HouseRuleDescription(
        name=name,
        label=HOUSE_RULE.get(top, path, "label"),
        help=HOUSE_RULE.get(top, path, "help", ""),
        default_on=HOUSE_RULE.get(top, path, "default_on"),
        requires=requires,
        modifiers=tuple(_term(m, index_path(at_modifiers, i)) for i, m in enumerate(lists["modifier"])),
        defence_costs=tuple(_cost(c, index_path(at_costs, i)) for i, c in enumerate(lists["defence_cost"])),
        actions=actions,
        defences=defences,
    )


def _entries(top: Mapping[str, Any], path: str, key: str) -> list[Any]:
    """One of the rule's lists of entries, each entry as it is (read in turn by its reader)."""
    shape = HOUSE_RULE.shape_of(key)
    assert isinstance(shape, ListOf)
    return shape.items(top.get(key, []), key_path(path, key))


def _defence(value: Any, path: str) -> DefenceDescription:
    entry = DEFENCE.check(value, path)
    name = DEFENCE.get(entry, path, "name")
    label = DEFENCE.get(entry, path, "label")
    # The label names its dice and its Defense Penalty in the ledger: never another action's.
    if label in {spec.label for spec in action_specs() if not isinstance(spec, HouseDefence)}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of another action")
    skill = DEFENCE.get(entry, path, "skill")
    counters = tuple(dict.fromkeys(DEFENCE.get(entry, path, "counters")))
    help_text = DEFENCE.get(entry, path, "help", "")
    return DefenceDescription(name, label, skill, counters, help_text)


def _action(value: Any, path: str) -> ActionDescription:
    entry = ACTION.check(value, path)
    name = ACTION.get(entry, path, "name")
    label = ACTION.get(entry, path, "label")
    # The label names its dice ("Hilda:Shove") and its log lines: never another action's.
    if label in {spec.label for spec in action_specs() if not isinstance(spec, HouseAction)}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of another action")
    skill = ACTION.get(entry, path, "skill")
    effect = ACTION.get(entry, path, "effect")
    tiles = 0
    if effect == PUSH:
        tiles = ACTION.get(entry, path, "tiles")
    elif "tiles" in entry:
        raise FieldError(key_path(path, "tiles"), f"only a {PUSH!r} effect has tiles")
    help_text = ACTION.get(entry, path, "help", "")
    return ActionDescription(name, label, skill, effect, tiles, help_text)


def _term(value: Any, path: str) -> Term:
    entry = MODIFIER.check(value, path)
    label = MODIFIER.get(entry, path, "label")
    # The ledger tells a Defense Penalty by its defence's name (`without_defence_penalties`).
    if label.split(" (")[0] in {spec_of(kind).label for kind in DEFENCES}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of a defence")
    return Term(
        label,
        MODIFIER.get(entry, path, "value"),
        MODIFIER.get(entry, path, "applies_to"),
        _when(entry.get("when", {}), key_path(path, "when")),
    )


def _cost(value: Any, path: str) -> DefenceCost:
    entry = DEFENCE_COST.check(value, path)
    where = key_path(path, "costs")
    table = DEFENCE_COST.get(entry, path, "costs")
    defences = list(_defence_kinds())
    if not table:
        raise FieldError(where, f"expected at least one of {', '.join(defences)}")
    costs = []
    for kind, cost in table.items():
        at = key_path(where, kind)
        if kind not in defences:
            raise FieldError(at, fields.unknown("defence", kind, defences))
        if cost == CANNOT:
            costs.append((kind, None))
        elif isinstance(cost, str):
            raise FieldError(
                at, f"expected a whole number from 0 to {MAX_VALUE} or {CANNOT!r}, got {fields.shown(cost)}"
            )
        else:
            costs.append((kind, fields.whole(cost, at, 0, MAX_VALUE)))
    return DefenceCost(
        DEFENCE_COST.get(entry, path, "word"),
        tuple(sorted(costs)),
        DEFENCE_COST.get(entry, path, "applies_to"),
        _when(entry.get("when", {}), key_path(path, "when")),
    )


def _when(value: Any, path: str) -> When:
    table = WHEN.check(value, path)
    found: list[tuple[str, Any]] = []
    for key in sorted(k for k in table if k != fields.COMMENT_KEY):
        condition, at, raw = CONDITIONS[key], key_path(path, key), table[key]
        if condition.kind != SKILLS:
            found.append((key, WHEN.get(table, path, key)))
            continue
        skills = fields.mapping(raw, at)
        if not skills:
            raise FieldError(at, "expected at least one skill")
        pairs = []
        for skill, number in skills.items():
            if skill not in SKILL_NAMES:
                raise FieldError(key_path(at, skill), fields.unknown("skill", skill, SKILL_NAMES))
            pairs.append((skill, fields.whole(number, key_path(at, skill), 0, MAX_SKILL)))
        found.append((key, tuple(sorted(pairs))))
    return tuple(found)


def house_rule_schema() -> dict[str, Any]:
    """The JSON Schema of a house-rule file (docs/schemas/house-rule.schema.json), from the
    tables above."""
    return document(
        HOUSE_RULE,
        "urn:dominion-tactics:schema:house-rule",
        "Dominion Tactics house rule",
        "A house-rule file (.toml): a rules module written as data (docs/house-rules.md). "
        "Generated by `python -m game schemas` from the game's own validator.",
    )


def _check_depth(data: Any) -> None:
    """Refuse values nested deeper than the format ever needs (before walking them field by field)."""
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise FieldError("", f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            todo += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            todo += [(v, depth + 1) for v in value]


# ------------------------------------------------------------------ files
def read_house_rule(path: Path) -> HouseRuleDescription:
    """The house rule of one file; HouseRuleError (one line naming the file and field) otherwise."""
    try:
        raw = read_limited(path, MAX_FILE_BYTES)
    except FileRefused as err:
        raise HouseRuleError(f"{path}: {err}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise HouseRuleError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HouseRuleError(f"{path}: bad TOML: {str(err).splitlines()[0]}") from None
    except RecursionError:
        raise HouseRuleError(f"{path}: bad TOML: nested too deeply") from None
    except ValueError as err:  # an integer of thousands of digits
        reason = "a number has too many digits" if "digits" in str(err) else str(err)
        raise HouseRuleError(f"{path}: bad TOML: {reason}") from None
    try:
        return parse_description(data)
    except FieldError as err:
        where = f"field {err.path}: {err.message}" if err.path else err.message
        raise HouseRuleError(f"{path}: {where}") from None


def read_folder(folder: Path) -> list[Found]:
    """Every `*.toml` file of a folder (at most `MAX_FILES`, by name), each read or refused; a
    missing folder has none."""
    try:
        paths = sorted(p for p in folder.glob("*.toml"))
    except OSError:
        return []
    found = [_read(p) for p in paths[:MAX_FILES]]
    found += [
        Found(p, None, f"{p}: more than {MAX_FILES} house-rule files in {folder}") for p in paths[MAX_FILES:]
    ]
    return found


def read_files(paths: Iterable[Path]) -> list[Found]:
    """Named house-rule files, each read or refused."""
    return [_read(Path(p)) for p in paths]


def _read(path: Path) -> Found:
    try:
        return Found(path, read_house_rule(path))
    except HouseRuleError as err:
        return Found(path, None, str(err))


def check_together(found: Sequence[Found]) -> list[Found]:
    """The files refused again where they cannot go together: a second rule of one name, a
    requirement that is no module, or that is refused itself, and cycles of requirements."""
    known = {m.name for m in rules_modules() if m.builtin} | {d.key for d in installed()}
    result = list(found)
    keys: dict[str, int] = {}
    for i, item in enumerate(result):
        if item.description is None:
            continue
        key = item.description.key
        if key in keys:
            first = result[keys[key]].path
            result[i] = Found(
                item.path,
                None,
                f"{item.path}: field name: {item.description.name!r} is also the name in {first}",
            )
        else:
            keys[key] = i
    changed = True
    while changed:  # a rule refused refuses those that require it
        changed = False
        good = {r.description.key: r for r in result if r.description is not None}
        for i, item in enumerate(result):
            if item.description is None:
                continue
            for need in item.description.requires:
                problem = ""
                if need in good:
                    cycle = _cycle(need, item.description.key, good)
                    if cycle:
                        problem = f"a cycle ({' → '.join([item.description.key, *cycle])})"
                elif need in keys:
                    problem = f"{need!r} is a house rule that cannot be used"
                elif need not in known:
                    problem = f"{need!r} is no rules module"
                if problem:
                    result[i] = Found(item.path, None, f"{item.path}: field requires: {problem}")
                    changed = True
                    break
    return result


def _cycle(start: str, back_to: str, good: Mapping[str, Found]) -> list[str]:
    """A chain of requirements from `start` back to `back_to` among the good rules; [] if none."""
    todo: list[list[str]] = [[start]]
    seen: set[str] = set()
    while todo:
        chain = todo.pop()
        here = chain[-1]
        if here == back_to:
            return chain
        if here in seen or here not in good:
            continue
        seen.add(here)
        description = good[here].description
        assert description is not None
        todo += [[*chain, need] for need in description.requires]
    return []


def install_found(found: Iterable[Found]) -> list[HouseRuleDescription]:
    """Register every good house rule (in an order that puts what a rule requires first)."""
    pending = [f.description for f in found if f.description is not None]
    done: list[HouseRuleDescription] = []
    while pending:
        ready = [d for d in pending if all(r not in {p.key for p in pending} for r in d.requires)]
        for description in ready or pending:
            install(description)
            done.append(description)
        pending = [d for d in pending if d not in done]
    return done


def house_rule_keys(names: Iterable[str]) -> list[str]:
    """Module keys for names given as a house rule's own name or its key."""
    return [n if n.startswith(PREFIX) else module_key(n) for n in names]


def from_saved(value: Any, path: str) -> list[HouseRuleDescription]:
    """The house rules a save or a sandbox file carries (a list of descriptions), validated as
    files are, and checked together; FieldError on the first bad one."""
    items = fields.array(value, path, 0, MAX_FILES)
    found = []
    for i, item in enumerate(items):
        description = parse_description(item, index_path(path, i))
        found.append(Found(Path(index_path(path, i)), description))
    for item in check_together(found):
        if item.description is None:
            raise FieldError("", item.problem)
    return [f.description for f in found if f.description is not None]
