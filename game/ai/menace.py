"""A fighter's menace: how much more an Injury counts on it than on its side's average one.

A strong player puts down first the enemy whose blows land most and keeps its own best
fighter out of harm. Hard (`Level.menace`) weighs the Injuries it deals and takes by the
rules' chance of each fighter's best attack against its side's mean; the scoring, the choice
of targets and the explanation all ask `menace_factors`.
"""

from __future__ import annotations

from game.ai.facts import Unit
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.rules.chances import chance
from game.rules.registry import spec_of

MENACE_CAP = 2.0  # the most (and 1 / the least) an Injury's worth moves for a fighter's menace


def menace_factors(know: Knowledge, level: Level) -> dict[int, float]:
    """How much more an Injury is worth on each active fighter than on its side's average one,
    by how often its best attack lands (`best_attack_chance`), within [1 / MENACE_CAP, MENACE_CAP]:
    the foe that hits most is the one to put down first, and our best fighter the one to keep
    on its feet.  Empty for a level without `Level.menace` (every Injury alike)."""
    if not level.menace:
        return {}
    factors: dict[int, float] = {}
    for mine in (True, False):
        side = [u for u in know.facts.units.values() if (u.side == know.me.side) == mine and u.active]
        odds = {u.eid: best_attack_chance(know, u) for u in side}
        mean = sum(odds.values()) / len(odds) if odds else 0.0
        if mean > 0:
            factors.update({eid: min(MENACE_CAP, max(1 / MENACE_CAP, p / mean)) for eid, p in odds.items()})
    return factors


def best_attack_chance(know: Knowledge, unit: Unit) -> float:
    """The chance `unit`'s best attack lands before any modifier of the moment or its Injuries,
    by the rules' chance of its stat: how good a fighter it is.  The Injury Penalty is left out
    on purpose: the worth of an Injury already grows as a fighter nears defeat, and a wounded
    foe one blow from it is still the one to finish.  Kept for the round: the scoring, the
    choice of targets and the explanation each ask it at every declaration."""
    key = ("best attack chance", unit.eid)
    found = know.facts.odds.get(key)
    if found is None:
        kinds = [unit.attack_kind] + ([unit.shot_kind] if unit.shot_kind is not None else [])
        best = max(know.stat(unit.eid, spec_of(kind)) for kind in kinds)
        found = know.facts.odds[key] = float(chance(best))
    return found
