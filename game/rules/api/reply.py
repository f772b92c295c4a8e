"""A reply roll: what a target rolls against an attack in the Modifier Stage, whose
successful die becomes a term of that attack (a Grip against a Disarm: the die is a penalty,
CO.10).

One description serves both halves of the rule, so they cannot drift apart: the round
rolls it (`AttackSpec.react`) and keeps the die in the attack's own slot, the attack reads
it back as its term (`AttackSpec.reply_terms`), and the forecast spreads the same
breakdown over every die (`AttackSpec.own_terms`).  `tests/test_forecast_frequency.py`
holds the two to each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.modifiers import Breakdown
from game.world import World


@dataclass(frozen=True)
class ReplyRoll:
    """The target's roll against one attack of a kind.

    `purpose` names it in the dice key ("Niles:Grip"); `term` is the attack's term it becomes
    ("Grip Penalty"), `sign` how the die counts (−1: against the attack); `stat` is the
    target's breakdown (no Action Penalty: it is no action of the round); `note` is the
    log's word on it, with `{attacker}` and `{label}` filled in.
    """

    purpose: str
    term: str
    sign: int
    stat: Callable[[World, int], Breakdown]
    note: str = "against {attacker}'s {label}"
