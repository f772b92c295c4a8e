"""House rules: rules modules a game master writes as data (docs/house-rules.md).

A house rule is a `HouseRuleDescription` (what a `.toml` file says, validated by
`game.content.house_rules`, or read back from a save) turned into a `RulesModule` by
`install`, and registered like any module under the key `house_<name>`.  From then on the
ledger, the forecast, the odds, the AI and the setup screen ask it as they ask facing or
cover: none of them knows it came from a file.

Its terms (`Term`) add a number to an attack's roll, and its defence costs (`DefenceCost`)
weaken the target's defences, each when its `when` conditions all hold
(`conditions.CONDITIONS`); its composed actions (`actions`) are action specs
registered with it.  This file is pure: nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.modifiers import Modifier, signed
from game.rules.api.modules import RulesModule
from game.rules.house.actions import PUSH, ActionDescription, action_kind
from game.rules.house.actions import describe as describe_action
from game.rules.house.actions import register as register_action_of
from game.rules.house.conditions import CONDITIONS, FLAG, SKILLS, holds
from game.rules.house.defences import DefenceDescription, defence_kind
from game.rules.house.defences import register as register_defence_of
from game.rules.orders import ActionKind
from game.rules.registry import active_modules, module_of, register_module, rules_modules, unregister

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.options import RuleOptions

PREFIX = "house_"
"""Every house rule is registered as `house_<name>`: no house rule can take a built-in's key,
today's or a later version's, and a save or `--modules` says which modules are house rules."""
ANY, MELEE, MISSILE = "any", "melee", "missile"
CLASSES = (ANY, MELEE, MISSILE)
"""The words `applies_to` accepts besides the attack kinds (strike, missile_strike, charge …)."""
CANNOT = "cannot"
"""A defence cost meaning the defence cannot be used against that attack."""

When = tuple[tuple[str, Any], ...]
"""A `when` table: (condition key, value) pairs in key order.  A value is a tuple of words
(any of them), a bool, or a tuple of (skill, number) pairs."""


@dataclass(frozen=True)
class Term:
    """A `[[modifier]]` entry: `value` added to the attacks it applies to, shown as `label`."""

    label: str
    value: int
    applies_to: tuple[str, ...] = (ANY,)
    when: When = ()


@dataclass(frozen=True)
class DefenceCost:
    """A `[[defence_cost]]` entry: how much each named defence of the target loses (None: it
    cannot be used) against the attacks it applies to; `word` goes in the ledger."""

    word: str
    costs: tuple[tuple[str, int | None], ...]
    applies_to: tuple[str, ...] = (ANY,)
    when: When = ()


@dataclass(frozen=True)
class HouseRuleDescription:
    """One house rule as data: what a file says, after validation."""

    name: str
    label: str
    help: str = ""
    default_on: bool = False
    requires: tuple[str, ...] = ()
    modifiers: tuple[Term, ...] = ()
    defence_costs: tuple[DefenceCost, ...] = ()
    actions: tuple[ActionDescription, ...] = ()
    defences: tuple[DefenceDescription, ...] = ()

    @property
    def key(self) -> str:
        """Its key among the rules modules: `house_<name>`."""
        return module_key(self.name)

    def to_dict(self) -> dict[str, Any]:
        """The description in a file's own shape (what a save stores; the loader reads it back)."""
        doc: dict[str, Any] = {"name": self.name, "label": self.label, "default_on": self.default_on}
        if self.help:
            doc["help"] = self.help
        if self.requires:
            doc["requires"] = list(self.requires)
        if self.modifiers:
            doc["modifier"] = [
                {
                    "label": t.label,
                    "value": t.value,
                    "applies_to": list(t.applies_to),
                    "when": _when_dict(t.when),
                }
                for t in self.modifiers
            ]
        if self.defence_costs:
            doc["defence_cost"] = [
                {
                    "word": c.word,
                    "costs": {k: CANNOT if v is None else v for k, v in c.costs},
                    "applies_to": list(c.applies_to),
                    "when": _when_dict(c.when),
                }
                for c in self.defence_costs
            ]
        if self.actions:  # only then: a rule without actions is stored as before they existed
            doc["action"] = [
                {
                    "name": a.name,
                    "label": a.label,
                    "skill": a.skill,
                    "effect": a.effect,
                    **({"tiles": a.tiles} if a.effect == PUSH else {}),
                    **({"help": a.help} if a.help else {}),
                }
                for a in self.actions
            ]
        if self.defences:  # likewise: a rule without defences is stored as before they existed
            doc["defence"] = [
                {
                    "name": d.name,
                    "label": d.label,
                    "skill": d.skill,
                    "counters": list(d.counters),
                    **({"help": d.help} if d.help else {}),
                }
                for d in self.defences
            ]
        return doc


def _when_dict(when: When) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in when:
        kind = CONDITIONS[key].kind
        found[key] = value if kind == FLAG else dict(value) if kind == SKILLS else list(value)
    return found


def module_key(name: str) -> str:
    """The rules module key of a house rule named `name`."""
    return f"{PREFIX}{name}"


def applies(applies_to: tuple[str, ...], ctx: AttackContext) -> bool:
    """Whether an attack is of a kind or class an entry applies to: "any", "melee" (a melee
    attack), "missile" (a missile attack), or an attack kind (an attack of that kind, or that
    counts as one: a Charge is a Strike by its `attack_class`)."""
    for word in applies_to:
        if word == ANY:
            return True
        if word == MELEE and "melee" in ctx.spec.roles:
            return True
        if word == MISSILE and not ctx.weapon.is_melee:
            return True
        if word in (ctx.action.kind.value, ctx.spec.attack_class):
            return True
    return False


class HouseRule(RulesModule):
    """A rules module made from a `HouseRuleDescription` (`install` makes one subclass per rule)."""

    description: ClassVar[HouseRuleDescription]
    builtin = False
    source = "a house rule (docs/house-rules.md)"

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """Each `[[modifier]]` whose kinds and conditions fit this attack, as its labelled term."""
        return [
            Modifier(t.label, t.value)
            for t in self.description.modifiers
            if applies(t.applies_to, ctx) and holds(ctx, t.when)
        ]

    def defence_costs(self, ctx: AttackContext) -> tuple[Mapping[ActionKind, int | None], str] | None:
        """The costs of each `[[defence_cost]]` that fits, added up (one that cannot be used stays
        so); the word of the first that fits.  None when none fits."""
        costs: dict[ActionKind, int | None] = {}
        word = ""
        for entry in self.description.defence_costs:
            if not (applies(entry.applies_to, ctx) and holds(ctx, entry.when)):
                continue
            word = word or entry.word
            for name, cost in entry.costs:
                kind = ActionKind(name)
                before = costs.get(kind, 0)
                costs[kind] = None if cost is None or before is None else before + cost
        return (costs, word) if word else None


def describe(description: HouseRuleDescription) -> str:
    """A one-line help for the setup screen when the file gives none: its terms."""
    parts = [f"{signed(t.value)} [{t.label}]" for t in description.modifiers]
    parts += [f"defences weaker ({c.word})" for c in description.defence_costs]
    parts += [f"{a.label}: {describe_action(a)}" for a in description.actions]
    parts += [f"{d.label} (a {d.skill} defence)" for d in description.defences]
    return "house rule: " + ("; ".join(parts) or "no effect")


def install(description: HouseRuleDescription) -> RulesModule:
    """Register a house rule as a rules module (replacing a house rule of the same key: a save
    brings its own); ValueError if the key is a module that is not a house rule."""
    key = description.key
    try:
        found: RulesModule | None = module_of(key)
    except KeyError:
        found = None
    if found is not None:
        if not isinstance(found, HouseRule):
            raise ValueError(f"house rule {description.name!r}: {key!r} is a built-in rules module")
        if found.description == description:
            return found
        uninstall(key)
    attributes = {
        "name": key,
        "label": description.label,
        "help": description.help or describe(description),
        "default_on": description.default_on,
        "requires": description.requires,
        "description": description,
        "__doc__": f"The house rule {description.name!r}.",
    }
    cls = type(f"HouseRule_{description.name}", (HouseRule,), attributes)
    register_module(cls)
    for action in description.actions:
        register_action_of(key, action)
    for defence in description.defences:
        register_defence_of(key, defence)
    return module_of(key)


def uninstall(name_or_key: str) -> None:
    """Remove a house rule from the registry (tests clean up with this); not a built-in."""
    key = name_or_key if name_or_key.startswith(PREFIX) else module_key(name_or_key)
    try:
        found = module_of(key)
    except KeyError:
        return
    if isinstance(found, HouseRule):
        for action in found.description.actions:
            unregister(action_kind(key, action.name))
        for defence in found.description.defences:
            unregister(defence_kind(key, defence.name))
        unregister(key)


def installed() -> list[HouseRuleDescription]:
    """The house rules registered now."""
    return [m.description for m in rules_modules() if isinstance(m, HouseRule)]


def descriptions_in_play(options: RuleOptions) -> list[HouseRuleDescription]:
    """The descriptions of the house rules switched on (what a save carries), by key."""
    found = [m.description for m in active_modules(options) if isinstance(m, HouseRule)]
    return sorted(found, key=lambda d: d.key)
