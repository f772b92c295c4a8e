"""A house rule's composed defences (docs/house-rules.md, `[[defence]]`): a defensive roll of
one of the defender's skills whose successful die is a Defense Penalty against every attack
of the classes it counters, as the chapter's Dodge or Parry is (CO.05).

It is a `DefenceSpec` like theirs, so the round rolls it in the Modifier Stage (and ignores it
when nothing it counters comes), the attacks count it, the forecast spreads it, the menus
offer it and the AI weighs it, all while its rule is on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.rules.api.defence import DefenceSpec
from game.rules.orders import ActionKind
from game.rules.registry import register_action

MAX_COUNTERS = 8
"""Attack classes one defence may counter."""


@dataclass(frozen=True)
class DefenceDescription:
    """A `[[defence]]` entry: its key (`name`), words, the skill rolled, the attack classes
    its Defense Penalty counts against."""

    name: str
    label: str
    skill: str
    counters: tuple[str, ...]
    help: str = ""


class HouseDefence(DefenceSpec):
    """A composed defence of a house rule (`register` makes one subclass per defence)."""

    description: ClassVar[DefenceDescription]


def defence_kind(rule_key: str, name: str) -> str:
    """The action kind of a house rule's defence: `<rule key>_<name>` (`house_duck_duck`)."""
    return f"{rule_key}_{name}"


def register(rule_key: str, description: DefenceDescription) -> str:
    """Register one composed defence of the house rule `rule_key` (offered while it is on);
    its kind."""
    value = defence_kind(rule_key, description.name)
    countered = ", ".join(c.replace("_", " ") for c in description.counters)
    attributes = {
        "kind": ActionKind.define(value),
        "label": description.label,
        "help": description.help or f"a {description.skill} roll; its die counts against {countered}",
        "module": rule_key,
        "skill": description.skill,
        "counters": frozenset(description.counters),
        "description": description,
        "__doc__": f"The house defence {value!r}.",
    }
    register_action(type(f"HouseDefence_{value}", (HouseDefence,), attributes))
    return value
