"""House-rule files: reading and validating the `.toml` files a game master writes
(docs/house-rules.md), and the same description read back from a save.

A file is untrusted: it is refused before it is read if it is over `MAX_FILE_BYTES`, must be
UTF-8 TOML, may hold at most `MAX_ENTRIES` modifiers and defence costs, and every field is
checked with the JSON path of the field in the message
(``modifier[2].value: expected a whole number from -10 to 10, got 99``).  What a condition
may say comes from the rules (`game.rules.house.conditions.CONDITIONS`); this file only reads.
A folder holds at most `MAX_FILES` files; requirements are checked across them (unknown
modules, a rule that requires itself, cycles).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content import fields
from game.content.fields import FieldError, index_path, key_path
from game.files import FileRefused, read_limited
from game.rules.house.actions import EFFECTS, MAX_PUSH, NEEDS, PUSH, ActionDescription, HouseAction
from game.rules.house.conditions import CONDITIONS, FLAG, NAMES, SKILL_NAMES, SKILLS, WORDS
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
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
MAX_NAME = 32
TOP_REQUIRED = ("name", "label")
TOP_OPTIONAL = ("help", "default_on", "requires", "modifier", "defence_cost", "action", "defence")
ENTRY_OPTIONAL = ("applies_to", "when")


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
    top = fields.obj(data, path, TOP_REQUIRED, TOP_OPTIONAL)
    name = fields.text(top["name"], key_path(path, "name"))
    if len(name) > MAX_NAME or not NAME.match(name):
        raise FieldError(
            key_path(path, "name"),
            f"expected a name of lowercase letters, digits and _ (at most {MAX_NAME}, a letter first), "
            f"got {fields.shown(name)}",
        )
    for key in (name, module_key(name)):
        if any(m.builtin and m.name == key for m in rules_modules()):
            raise FieldError(key_path(path, "name"), f"{fields.shown(name)} is a built-in rules module")
    requires = tuple(
        fields.text(r, index_path(key_path(path, "requires"), i))
        for i, r in enumerate(
            fields.array(top.get("requires", []), key_path(path, "requires"), 0, MAX_REQUIRES)
        )
    )
    if module_key(name) in requires or name in requires:
        raise FieldError(key_path(path, "requires"), f"the house rule {name!r} requires itself")
    modifiers = fields.array(top.get("modifier", []), key_path(path, "modifier"))
    costs = fields.array(top.get("defence_cost", []), key_path(path, "defence_cost"))
    raw_actions = fields.array(top.get("action", []), key_path(path, "action"))
    raw_defences = fields.array(top.get("defence", []), key_path(path, "defence"))
    entries = len(modifiers) + len(costs) + len(raw_actions) + len(raw_defences)
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
    actions = tuple(_action(a, index_path(at_actions, i)) for i, a in enumerate(raw_actions))
    defences = tuple(_defence(d, index_path(at_defences, i)) for i, d in enumerate(raw_defences))
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
    return HouseRuleDescription(
        name=name,
        label=fields.name(top["label"], key_path(path, "label"), MAX_LABEL),
        help=fields.name(top["help"], key_path(path, "help"), MAX_HELP) if "help" in top else "",
        default_on=fields.flag(top.get("default_on", False), key_path(path, "default_on")),
        requires=requires,
        modifiers=tuple(_term(m, index_path(key_path(path, "modifier"), i)) for i, m in enumerate(modifiers)),
        defence_costs=tuple(
            _cost(c, index_path(key_path(path, "defence_cost"), i)) for i, c in enumerate(costs)
        ),
        actions=actions,
        defences=defences,
    )


def _defence(value: Any, path: str) -> DefenceDescription:
    entry = fields.obj(value, path, ("name", "label", "skill", "counters"), ("help",))
    name = _entry_name(entry["name"], key_path(path, "name"))
    label = fields.name(entry["label"], key_path(path, "label"), MAX_LABEL)
    # The label names its dice and its Defense Penalty in the ledger: never another action's.
    if label in {spec.label for spec in action_specs() if not isinstance(spec, HouseDefence)}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of another action")
    skill = fields.text(entry["skill"], key_path(path, "skill"), SKILL_NAMES)
    classes = sorted({s.attack_class for s in action_specs() if "offensive" in s.roles})
    where = key_path(path, "counters")
    raw = fields.array(entry["counters"], where, 1, MAX_COUNTERS)
    counters = tuple(dict.fromkeys(fields.text(c, index_path(where, i), classes) for i, c in enumerate(raw)))
    help_text = fields.name(entry["help"], key_path(path, "help"), MAX_HELP) if "help" in entry else ""
    return DefenceDescription(name, label, skill, counters, help_text)


def _entry_name(value: Any, path: str) -> str:
    """An action's or a defence's key within its rule."""
    name = fields.text(value, path)
    if len(name) > MAX_NAME or not NAME.match(name):
        wanted = "a name of lowercase letters, digits and _"
        raise FieldError(path, f"expected {wanted}, got {fields.shown(name)}")
    return name


def _action(value: Any, path: str) -> ActionDescription:
    entry = fields.obj(value, path, ("name", "label", "skill", "effect"), ("tiles", "help"))
    name = _entry_name(entry["name"], key_path(path, "name"))
    label = fields.name(entry["label"], key_path(path, "label"), MAX_LABEL)
    # The label names its dice ("Hilda:Shove") and its log lines: never another action's.
    if label in {spec.label for spec in action_specs() if not isinstance(spec, HouseAction)}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of another action")
    skill = fields.text(entry["skill"], key_path(path, "skill"), SKILL_NAMES)
    effect = fields.text(entry["effect"], key_path(path, "effect"), EFFECTS)
    tiles = 0
    if effect == PUSH:
        tiles = fields.whole(entry.get("tiles", 1), key_path(path, "tiles"), 1, MAX_PUSH)
    elif "tiles" in entry:
        raise FieldError(key_path(path, "tiles"), f"only a {PUSH!r} effect has tiles")
    help_text = fields.name(entry["help"], key_path(path, "help"), MAX_HELP) if "help" in entry else ""
    return ActionDescription(name, label, skill, effect, tiles, help_text)


def _term(value: Any, path: str) -> Term:
    entry = fields.obj(value, path, ("label", "value"), ENTRY_OPTIONAL)
    label = fields.name(entry["label"], key_path(path, "label"), MAX_LABEL)
    # The ledger tells a Defense Penalty by its defence's name (`without_defence_penalties`).
    if label.split(" (")[0] in {spec_of(kind).label for kind in DEFENCES}:
        raise FieldError(key_path(path, "label"), f"{fields.shown(label)} is the name of a defence")
    return Term(
        label,
        fields.whole(entry["value"], key_path(path, "value"), -MAX_VALUE, MAX_VALUE),
        _applies_to(entry.get("applies_to", "any"), key_path(path, "applies_to")),
        _when(entry.get("when", {}), key_path(path, "when")),
    )


def _cost(value: Any, path: str) -> DefenceCost:
    entry = fields.obj(value, path, ("word", "costs"), ENTRY_OPTIONAL)
    where = key_path(path, "costs")
    table = fields.mapping(entry["costs"], where)
    defences = sorted(kind.value for kind in DEFENCES)
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
        fields.name(entry["word"], key_path(path, "word"), MAX_LABEL),
        tuple(sorted(costs)),
        _applies_to(entry.get("applies_to", "any"), key_path(path, "applies_to")),
        _when(entry.get("when", {}), key_path(path, "when")),
    )


def _words(value: Any, path: str, choices: Collection[str] | None, limit: int) -> tuple[str, ...]:
    """One word, or a list of them (any of them)."""
    items = [value] if isinstance(value, str) else fields.array(value, path, 1, limit)
    found = []
    for i, item in enumerate(items):
        at = path if isinstance(value, str) else index_path(path, i)
        if choices is None:
            found.append(fields.name(item, at))
        else:
            found.append(fields.text(item, at, choices))
    return tuple(dict.fromkeys(found))


def _applies_to(value: Any, path: str) -> tuple[str, ...]:
    kinds = sorted(kind.value for kind in OFFENSIVE)
    return _words(value, path, (*CLASSES, *kinds), len(CLASSES) + len(kinds))


def _when(value: Any, path: str) -> When:
    table = fields.obj(value, path, (), tuple(CONDITIONS))
    found: list[tuple[str, Any]] = []
    for key in sorted(k for k in table if k != fields.COMMENT_KEY):
        condition, at, raw = CONDITIONS[key], key_path(path, key), table[key]
        if condition.kind == WORDS:
            found.append((key, _words(raw, at, condition.choices, len(condition.choices))))
        elif condition.kind == NAMES:
            found.append((key, _words(raw, at, None, MAX_CHOICES)))
        elif condition.kind == FLAG:
            found.append((key, fields.flag(raw, at)))
        else:
            assert condition.kind == SKILLS
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
