"""Human-like mistakes, made on purpose by the `easy` level (often) and the `normal` level
(now and then), and marked as such.

A beginner does not pick orders at random: it forgets to defend, goes for
the nearest foe, rushes in, hangs back, or does not watch its back.  Each
mistake here is one of those habits: a rule that picks a worse candidate
than the best (among the candidates the AI scored, so the order is always a
sensible, legal one), with a few plain words that the explanation shows.
A lapse (a random one of the best few) and a blunder (one of the worse half
of the candidates, at random: a blunder drawn from all of them was a good
order half the time, and easy then played little worse than normal) remain.
A blunder still has a reason a player can see: it attacks, or it holds its
ground (no move) or closes in.  Drawn from the whole worse half, a third of easy's
blunders walked away from the fight without attacking (a thug sprinting to
the map's edge in the first round), which reads as no plan at all.
No mistake is made when the habit would pick the best candidate anyway.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.scoring import APPROACH, DEALT, POSITION, TAKEN, THREAT, Scored
from game.rules.defence import attack_class, attacks_on, defence_spec
from game.rules.orders import Action, Order
from game.rules.registry import DEFENCES, OFFENSIVE
from game.rules.validate import validate_order
from game.world import Equipment


@dataclass(frozen=True)
class Slip:
    """A mistake made on purpose: the candidate it picked, and what it was, in plain words."""

    chosen: Scored
    kind: str
    words: str


def _attacks(order: Order) -> bool:
    return any(a.kind in OFFENSIVE for a in order.actions)


def _defends(order: Order) -> bool:
    return any(a.kind in DEFENCES for a in order.actions)


def _targets(order: Order) -> set[int]:
    return {a.target for a in order.actions if a.kind in OFFENSIVE and a.target is not None}


Habit = Callable[[Knowledge, list[Scored]], list[Scored]]
"""A habit: from the candidates best first, the ones it would pick among, best first."""


def _forgets_to_defend(know: Knowledge, ranked: list[Scored]) -> list[Scored]:
    best = ranked[0].candidate.order
    if not _defends(best):
        return []
    return [s for s in ranked if _attacks(s.candidate.order) and not _defends(s.candidate.order)]


def _nearest_foe(know: Knowledge, ranked: list[Scored]) -> list[Scored]:
    if not know.enemies:
        return []
    near = min(know.enemies, key=lambda u: (know.distance(know.me.tile, know.planned(u.eid)), u.eid))
    return [s for s in ranked if _targets(s.candidate.order) == {near.eid}]


def _rushes_in(know: Knowledge, ranked: list[Scored]) -> list[Scored]:
    # What it deals and how close it gets; what may come back at it, forgotten.
    def eager(s: Scored) -> float:
        return s.terms.get(DEALT, 0.0) + s.terms.get(APPROACH, 0.0)

    return sorted(ranked, key=lambda s: -eager(s))


def _hangs_back(know: Knowledge, ranked: list[Scored]) -> list[Scored]:
    return [s for s in ranked if not _attacks(s.candidate.order)]


def _forgets_its_back(know: Knowledge, ranked: list[Scored]) -> list[Scored]:
    # Judged as if nothing threatened it: where it stands next round and who may come, unseen.
    def careless(s: Scored) -> float:
        return s.score - s.terms.get(THREAT, 0.0) - s.terms.get(POSITION, 0.0) - s.terms.get(TAKEN, 0.0)

    return sorted(ranked, key=lambda s: -careless(s))


HABITS: tuple[tuple[str, str, Habit], ...] = (
    (
        "forgot to defend",
        "a mistake on purpose ({level}): it attacks and forgets to defend",
        _forgets_to_defend,
    ),
    ("nearest foe", "a mistake on purpose ({level}): it goes for the nearest foe", _nearest_foe),
    (
        "rushed in",
        "a mistake on purpose ({level}): it rushes in without a thought for what comes back",
        _rushes_in,
    ),
    ("hung back", "a mistake on purpose ({level}): it loses its nerve and does not attack", _hangs_back),
    ("careless", "a mistake on purpose ({level}): it does not watch its back", _forgets_its_back),
)
"""(kind, plain words, habit) of each mistake a beginner makes ({level}: the level's name)."""


def make_mistake(
    know: Knowledge, level: Level, valid: list[Scored], ranked: list[Scored], rng: random.Random
) -> Slip | None:
    """A mistake, with the level's chances: a habit (`mistake_rate`, half of it a lapse among
    the best `mistake_pool`) or a blunder (`blunder_rate`: one of the worse half of `ranked`);
    None to play the best."""
    roll = rng.random()
    if roll < level.blunder_rate:
        worse = ranked[len(ranked) // 2 :] or ranked
        # A beginner's bad order still has a reason: it does not walk away from the fight
        # without attacking (a side that wins by holding out or getting away may).
        meant = worse if level.keeps_away else [s for s in worse if _has_a_reason(know, s.candidate.order)]
        worse = meant or worse
        # Nor does it defend against what cannot come ("Evade, Evade" when nobody shoots).
        worse = [s for s in worse if defences_can_matter(know, s.candidate.order)] or worse
        for scored in rng.sample(worse, len(worse)):
            if _legal(know, scored.candidate.order):
                if scored is valid[0] or scored.candidate.order == valid[0].candidate.order:
                    return None  # chance picked the best: no blunder after all
                return Slip(
                    scored,
                    "blunder",
                    f"a blunder on purpose ({level.name}): one of its worse orders, picked at random",
                )
        return None
    if roll >= level.blunder_rate + level.mistake_rate:
        return None
    if rng.random() < 0.5:
        pool = valid[: level.mistake_pool]
        chosen = rng.choice(pool)
        if chosen is valid[0] or not defences_can_matter(know, chosen.candidate.order):
            return None
        return Slip(chosen, "lapse", f"a lapse on purpose ({level.name}): not quite its best order")
    for kind, words, habit in rng.sample(HABITS, len(HABITS)):
        for scored in habit(know, ranked)[:8]:
            if scored is valid[0] or scored.candidate.order == valid[0].candidate.order:
                break  # the habit would pick the best anyway: no mistake there
            if _legal(know, scored.candidate.order) and defences_can_matter(know, scored.candidate.order):
                return Slip(scored, kind, words.format(level=level.name))
    return None


def _has_a_reason(know: Knowledge, order: Order) -> bool:
    """Whether an order has a reason a player would see: it attacks, it holds its ground (no
    path), or it ends nearer the nearest enemy (where it is headed, if declared) than where it
    stands.  A walk along the enemy's front without attacking (a thug 4 m up the far wall,
    8.1 m off Omar and then 8.5 m) reads as no plan too."""
    if _attacks(order) or not order.path or not know.enemies:
        return True
    here, end = know.me.tile, order.path[-1]
    return min(know.distance(end, know.planned(u.eid)) for u in know.enemies) < min(
        know.distance(here, know.planned(u.eid)) for u in know.enemies
    )


def defences_can_matter(know: Knowledge, order: Order) -> bool:
    """Whether every defence in the order counters an attack that can come this round: one
    declared on us already, or one an enemy still to declare could make where the order
    ends (a strike from its melee zone, a shot it has a band for).  A mistake on purpose is
    a human one; a Parry with no foe in reach, an Evade when nobody shoots, reads as a bug."""
    kinds = {a.kind for a in order.actions if a.kind in DEFENCES}
    if not kinds:
        return True
    end = order.path[-1] if order.path else know.me.tile
    classes: set[str] = set()
    for action in attacks_on(know.earlier, know.me.eid):
        classes.add(attack_class(action))
    for eid in know.later:
        enemy = know.unit(eid)
        if enemy.side == know.me.side or not enemy.active:
            continue
        if know.melee_zone(eid, enemy.tile)[end[1], end[0]]:
            classes.add(attack_class(Action(enemy.attack_kind, know.me.eid)))
        shoots = enemy.shot_kind is not None and enemy.missile is not None
        if shoots and know.shot_band(enemy.missile, enemy.tile, end) is not None:  # type: ignore[arg-type]
            classes.add(attack_class(Action(enemy.shot_kind, know.me.eid)))  # type: ignore[arg-type]
    equipment = know.world.get(know.me.eid, Equipment)
    return all(defence_spec(kind).counters_for(equipment) & classes for kind in kinds)


def _legal(know: Knowledge, order: Order) -> bool:
    return not validate_order(know.world, know.board, order, know.earlier, know.options)
