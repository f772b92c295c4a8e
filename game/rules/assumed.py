"""What a shown attack chance assumed of its target's defences, in words.

Every place that shows a player an attack's chance (the menu, the badge over an enemy,
the hover card, the order panel, the workbench's ledger and matrix) shows the forecast's
number and, beside it, these words, made from the forecast's own `defences`
(`game.rules.defence.defences_counted`): the same question gets one number and one
stated assumption everywhere.
"""

from __future__ import annotations

from game.rules.api.contexts import ActionForecast
from game.rules.positions import name_of
from game.rules.registry import OFFENSIVE
from game.world import World


def _listed(labels: tuple[str, ...]) -> str:
    """ "Dodge", "Dodge and Parry", "Dodge ×2": the defences a chance counted."""
    counts = {label: labels.count(label) for label in labels}
    named = [label if n == 1 else f"{label} ×{n}" for label, n in counts.items()]
    return " and ".join(named)


def assumed_short(fc: ActionForecast) -> str:
    """What an attack's chance assumed of the target's defences, in two words for a menu or a
    badge ("vs Dodge", "if undefended"); "" for no attack, or a target that declared none."""
    if fc.action.kind not in OFFENSIVE or fc.breakdown is None:
        return ""
    if fc.defences is None:
        return "if undefended"
    return f"vs {_listed(fc.defences)}" if fc.defences else ""


def assumed_words(world: World, fc: ActionForecast) -> str:
    """The same in a sentence, naming the target ("if Dirk does not defend: he has not
    declared yet"); "" for no attack."""
    target = fc.action.target
    if fc.action.kind not in OFFENSIVE or target is None or fc.breakdown is None:
        return ""
    name = name_of(world, target)
    if fc.defences is None:
        return f"assumes {name} does not defend ({name} has not declared yet)"
    if not fc.defences:
        return f"{name} declared no defence against it"
    return f"counts {name}'s declared {_listed(fc.defences)}"
