"""The tactical AI: propose candidate orders, score them, declare the best legal one.

    controller = TacticalController(LEVELS["hard"], seed=7)
    order = controller.choose_order(DeclarationView.of(battle, eid))
    controller.last_explanation   # [(summary, score, {term: value}), ...]

It sees what a player in its seat sees (`DeclarationView`): the declarations
made before its own, never later ones, never the dice.  Its only randomness
(the mistakes of `easy`, the jitter of scores) comes from its own
`random.Random`, seeded from the controller's seed, the round and the actor,
so a battle with the same seeds plays the same way in any process.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.ai.anticipate import predict_later
from game.ai.candidates import candidates
from game.ai.controller import DeclarationView
from game.ai.knowledge import Knowledge, RoundFacts, read_unit, round_key
from game.ai.levels import Level, for_stakes
from game.ai.scoring import Scored, Scorer
from game.rules.orders import ActionKind, Order
from game.rules.positions import combatants
from game.rules.summary import summarize_order
from game.rules.validate import validate_order

EXPLAIN_TOP = 5  # candidates kept in `last_explanation`
GUARDED_TOP = 6  # best candidates re-scored against the defences their targets would add

Explanation = list[tuple[str, float, dict[str, float]]]


class TacticalController:
    """An AI of one level (easy, normal, hard) for every combatant of a side."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.level = level
        self.seed = seed
        self.name = f"ai:{level.name}"
        self.last_explanation: Explanation = []
        self._facts: RoundFacts | None = None

    def choose_order(self, view: DeclarationView) -> Order:
        """The order for `view.actor`: the best-scoring candidate that passes validation."""
        rng = random.Random(f"{self.seed}:{view.round_number}:{view.actor}")
        know = Knowledge(
            view.world, view.board, view.options, view.actor, view.earlier, view.timing, self._facts_for(view)
        )
        level = for_stakes(self.level, view.victory, know.me.side, view.round_number, view.max_rounds)
        ranked = self.rank(know, rng, level)
        valid: list[Scored] = []
        for scored in ranked:
            if not validate_order(view.world, view.board, scored.candidate.order, view.earlier, view.options):
                valid.append(scored)
                if len(valid) >= max(EXPLAIN_TOP, self.level.mistake_pool):
                    break
        chosen = self._pick(valid, ranked, know, rng)
        self.last_explanation = [
            (
                f"{s.candidate.tag} — {summarize_order(view.world, s.candidate.order)}",
                round(s.score, 3),
                {k: round(v, 3) for k, v in s.terms.items()},
            )
            for s in ([chosen] if chosen else []) + [s for s in valid[:EXPLAIN_TOP] if s is not chosen]
        ]
        return chosen.candidate.order if chosen else Order(view.actor)

    def rank(self, know: Knowledge, rng: random.Random, level: Level | None = None) -> list[Scored]:
        """Every candidate scored, best first (those judged a second time ahead of the rest)."""
        level = level or self.level
        scorer = Scorer(know, level)
        scored = [scorer.score(c) for c in candidates(know, level)]
        scored.sort(key=lambda s: -s.score)
        ahead = 0
        if level.guess_defences:
            # The best few, with the targets still to declare defending as they likely would:
            # the exact forecast then says whether a Feint pays against that defence.
            scored, ahead = rescore(scored, GUARDED_TOP, scorer.guarded)
        if level.anticipate and know.later:
            # The best few again, against the guessed replies of the later declarers.
            scored, ahead = rescore(
                scored,
                level.anticipate,
                lambda s: scorer.score(s.candidate, predict_later(know, s.candidate.order)),
            )
        if level.noise:
            for s in scored:
                s.terms["noise"] = rng.uniform(-level.noise, level.noise)
                s.total()
            # Jitter reorders within the re-judged few and within the rest, never across.
            scored = sorted(scored[:ahead], key=lambda s: -s.score) + sorted(
                scored[ahead:], key=lambda s: -s.score
            )
        return scored

    def _pick(
        self, valid: list[Scored], ranked: list[Scored], know: Knowledge, rng: random.Random
    ) -> Scored | None:
        """The best valid candidate, or (for easy) sometimes a worse one on purpose."""
        if not valid:
            return None
        level = self.level
        roll = rng.random()
        if roll < level.blunder_rate:
            for scored in rng.sample(ranked, len(ranked)):
                if not validate_order(
                    know.world, know.board, scored.candidate.order, know.earlier, know.options
                ):
                    return scored
        elif roll < level.blunder_rate + level.mistake_rate:
            return rng.choice(valid[: level.mistake_pool])
        return valid[0]

    def _facts_for(self, view: DeclarationView) -> RoundFacts:
        """The round's shared facts: rebuilt when the round or the positions change."""
        key = round_key(view.world, view.round_number)
        if self._facts is None or self._facts.key != key:
            units = {eid: read_unit(view.world, eid) for eid in combatants(view.world)}
            self._facts = RoundFacts(key, units)
        return self._facts


def rescore(scored: list[Scored], top: int, judge: Callable[[Scored], Scored]) -> tuple[list[Scored], int]:
    """The best `top` candidates judged again by `judge`, with their Feint twins (the same
    order with Feints added or taken away: a first look undervalues Feints, whose worth is
    against defences).  The re-judged ones stay ahead of the rest, best first; returns the
    list and how many were re-judged."""
    chosen = scored[:top]
    shapes = {_without_feints(s.candidate.order) for s in chosen}
    chosen += [s for s in scored[top:] if _without_feints(s.candidate.order) in shapes]
    picked = {id(s) for s in chosen}
    again = sorted((judge(s) for s in chosen), key=lambda s: -s.score)
    return again + [s for s in scored if id(s) not in picked], len(again)


def _without_feints(order: Order) -> Order:
    return replace(order, actions=tuple(a for a in order.actions if a.kind is not ActionKind.FEINT))
