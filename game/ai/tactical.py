"""The tactical AI: propose candidate orders, score them, declare the best legal one.

    controller = TacticalController(LEVELS["hard"], seed=7)
    order = controller.choose_order(DeclarationView.of(battle, eid))
    controller.last_explanation   # [(summary, score, {term: value}), ...]
    controller.last_words         # the same, in plain words (`game.ai.explain`)

It sees what a player in its seat sees (`DeclarationView`): the declarations
made before its own, never later ones, never the dice.  Its only randomness
(the mistakes of `easy`, the jitter of scores, ties) comes from its own
`random.Random`, seeded from the controller's seed, the round and the actor,
so a battle with the same seeds plays the same way in any process.

How far it looks depends on the level: every candidate gets a first look
(the forecast of what it deals and takes, an estimate of the enemies still to
declare); the best few a second (targets still to declare defending as they
would); `hard` a third, against each later enemy's best reply
(`game.ai.anticipate`), among its best candidates and the best one ending on
each tile, so a safe tile is weighed even when the first look ranked it low.
`normal` and `hard` also read the opponent (`game.ai.opponents`): a side that
seldom attacks when it could is feared less.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.ai.anticipate import predict_later
from game.ai.candidates import aims_at_ghost, candidates
from game.ai.controller import DeclarationView
from game.ai.decision import Decision
from game.ai.expect import forecast
from game.ai.explain import Explanation, explain, plain_words
from game.ai.facts import RoundFacts, read_unit, round_key
from game.ai.knowledge import Knowledge
from game.ai.levels import Level, for_stakes
from game.ai.menace import menace_factors
from game.ai.mistakes import defences_can_matter, make_mistake
from game.ai.module_words import module_words
from game.ai.opponents import OpponentRead
from game.ai.scoring import Scored, Scorer
from game.ai.scouting import SightMemory
from game.core.geometry import Tile
from game.rules.api.action import ActionSpec
from game.rules.orders import Action, Order
from game.rules.positions import combatants
from game.rules.registry import DEFENCES, OFFENSIVE, spec_of
from game.rules.still import world_standing_still
from game.rules.validate import validate_order

EXPLAIN_TOP = 5  # candidates kept in `last_explanation`
GUARDED_TOP = 6  # best candidates re-scored against the defences their targets would add
TILES_AGAIN = 6  # hard: the best candidate ending on each of this many more tiles is re-judged too
DROP_TOLERANCE = 0.01  # an action dropped from the chosen order may cost this much score (rounding)
TIE = 1e-6  # scores this close are a tie: the most attacks, the fewest other actions, then at random


class TacticalController:
    """An AI of one level (easy, normal, hard) for every combatant of a side."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.level = level
        self.seed = seed
        self.name = f"ai:{level.name}"
        self.last_explanation: Explanation = []
        self.last_words: list[str] = []
        self.last_decision: Decision | None = None
        self._facts: RoundFacts | None = None
        self.read = OpponentRead()
        self._stood: dict[int, dict[int, Tile]] = {}
        """Where each of its side's combatants stood as each round began (`Knowledge.left`)."""
        """What it has seen of the enemy sides this battle (`game.ai.opponents`)."""
        self._sight = SightMemory()
        """The round its side last saw each tile, with fog of war (`game.ai.scouting`)."""
        self._rejudged = 0
        """How many of the last `rank`'s candidates were judged a second time (ahead of the rest)."""

    def choose_order(self, view: DeclarationView) -> Order:
        """The order for `view.actor`: the best-scoring candidate that passes validation."""
        rng = random.Random(f"{self.seed}:{view.round_number}:{view.actor}")
        know = self._watch(view)
        level = for_stakes(self.level, view.victory, know.me.side, view.round_number, view.max_rounds)
        with world_standing_still(know.facts.still, view.world):  # nothing moves while we think
            return self._declare(view, know, rng, level)

    def witness(self, view: DeclarationView) -> None:
        """See a round begin without declaring in it: a battle joined under way (continued
        from a save) is shown the rounds it missed (`game.session.flow.Session`), so the
        reading of the opponent is what it would have been."""
        self._watch(view)

    def _watch(self, view: DeclarationView) -> Knowledge:
        """The declaration's knowledge, with the opponent read (for a level that reads it)
        from how this round began and the round before's orders."""
        know = Knowledge(
            view.world, view.board, view.options, view.actor, view.earlier, view.timing, self._facts_for(view)
        )
        if view.fog is not None:
            self._sight.record(view.fog)
        know.know_fog(view.fog, view.round_number, self._sight.seen_at)
        if self.level.reads:
            self.read.observe(know, view.round_number, view.previous)
            know.read = self.read.sides
        if view.round_number not in self._stood:
            mine = know.me.side
            self._stood[view.round_number] = {
                u.eid: u.tile for u in know.facts.units.values() if u.side == mine
            }
            self._stood.pop(view.round_number - 2, None)  # only the round before is asked
        before = self._stood.get(view.round_number - 1, {}).get(view.actor)
        # Gone from there last round without attacking from where it went (a shot from a
        # step out of cover, a strike and a withdrawal, had their reason).
        last = next((o for o in view.previous if o.actor == view.actor), None)
        struck = last is not None and any(a.kind in OFFENSIVE for a in last.actions)
        know.left = before if before is not None and before != know.me.tile and not struck else None
        return know

    def _declare(self, view: DeclarationView, know: Knowledge, rng: random.Random, level: Level) -> Order:
        ranked = self.rank(know, rng, level)
        valid: list[Scored] = []
        for scored in ranked:
            if not validate_order(view.world, view.board, scored.candidate.order, view.earlier, view.options):
                valid.append(scored)
                if len(valid) >= max(EXPLAIN_TOP, self.level.mistake_pool, 8):
                    break
        decision = self._pick(valid, ranked, know, rng, level)
        chosen = decision.chosen
        if chosen is not None:
            lighter = self._without_dead_attacks(view, know, chosen, level)
            if _besides_dealing(lighter) < _besides_dealing(chosen) - DROP_TOLERANCE:
                # A dead attack that served as a defence stays: a Dodging Fire with no chance
                # to land still costs every shot at its shooter -2, and without it the order
                # takes more.  (What the scorer thought it would deal is not asked: its quick
                # odds may miss a module's nullifying roll, the forecast does not.)
                lighter = chosen
            lighter = self._without_idle_defences(view, know, lighter, level)
            if lighter is not chosen:
                valid[:] = [lighter if s is chosen else s for s in valid]
                decision.dropped = len(chosen.candidate.order.actions) - len(lighter.candidate.order.actions)
                decision.chosen = lighter
        decision.weighed = len(ranked)
        decision.menace = menace_factors(know, level)
        self.last_decision = decision
        self.last_explanation = explain(know, decision.chosen, valid[:EXPLAIN_TOP], decision.slip)
        self.last_words = plain_words(know, decision, valid[:EXPLAIN_TOP])
        # Why each rules module's action weighed was not chosen (words only: the choice is made).
        self.last_words += module_words(know, decision, ranked, self._rejudged)
        return decision.chosen.candidate.order if decision.chosen else Order(view.actor)

    def _without_idle_defences(
        self, view: DeclarationView, know: Knowledge, scored: Scored, level: Level
    ) -> Scored:
        """The chosen order without its defences against what cannot come this round
        (`defences_can_matter`: no foe in reach for a Parry, nobody to shoot for an Evade),
        judged again; a player reads "Parry, Parry" with nobody near as a bug.  Unchanged
        when each defence can matter, or when the lighter order is not legal."""
        order = scored.candidate.order
        idle = [
            i
            for i, a in enumerate(order.actions)
            if a.kind in DEFENCES and not defences_can_matter(know, replace(order, actions=(a,)))
        ]
        if not idle:
            return scored
        lighter = replace(order, actions=tuple(a for i, a in enumerate(order.actions) if i not in idle))
        return self._judged_again(view, know, scored, lighter, level)

    def _without_dead_attacks(
        self, view: DeclarationView, know: Knowledge, scored: Scored, level: Level
    ) -> Scored:
        """The chosen order without its attacks that cannot land (`_dead`), and the Feints
        that served only them, judged again as it was judged: what they deal is nothing, and
        a player reads "Missile Strike on Cole: impossible" against a foe already committed
        out of range as a slip.  Unchanged when nothing is dead, or when the lighter order is
        not legal (an attack that moves, a Charge, stays)."""
        dead = _dead(know, scored)
        order = scored.candidate.order
        dead = {i for i in dead if spec_of(order.actions[i].kind).movement is None}
        if not dead:
            return scored
        kept = [a for i, a in enumerate(order.actions) if i not in dead]
        attacked = {a.target for a in kept if a.kind in OFFENSIVE}
        kept = [a for a in kept if not _augments(a) or a.target in attacked]
        lighter = replace(order, actions=tuple(kept))
        return self._judged_again(view, know, scored, lighter, level)

    def _judged_again(
        self, view: DeclarationView, know: Knowledge, scored: Scored, lighter: Order, level: Level
    ) -> Scored:
        """`lighter` (the chosen order with some actions dropped) scored as `scored` was: with
        the replies anticipated or the targets' defences guessed where it was, its noise kept;
        `scored` itself when the rules refuse the lighter order."""
        if validate_order(view.world, view.board, lighter, view.earlier, view.options):
            return scored
        scorer = Scorer(know, level)
        # Its words no longer name what was left out.
        candidate = replace(scored.candidate, order=lighter, tag=f"{scored.candidate.tag}, as declared")
        if scored.replies:
            again = _anticipated(scorer, know, level, scorer.score(candidate))
        else:
            again = scorer.score(candidate)
            if level.guess_defences:
                again = scorer.guarded(again)
        if "noise" in scored.terms:
            again.terms["noise"] = scored.terms["noise"]
            again.total()
        return again

    def rank(self, know: Knowledge, rng: random.Random, level: Level | None = None) -> list[Scored]:
        """Every candidate scored, best first (those judged again ahead of the rest)."""
        level = level or self.level
        scorer = Scorer(know, level)
        scored = [scorer.score(c) for c in candidates(know, level) if not aims_at_ghost(know, c.order)]
        scored.sort(key=lambda s: -s.score)
        ahead = 0
        if level.guess_defences:
            # The best few, with the targets still to declare defending as they likely would:
            # the forecast then says whether a Feint pays against that defence.
            scored, ahead = rescore(scored, GUARDED_TOP, scorer.guarded)
        if level.anticipate and any(know.unit(e).side != know.me.side for e in know.later):
            # The best few again, and the best on other tiles, against each later enemy's best reply.
            def judge(s: Scored) -> Scored:
                return _anticipated(scorer, know, level, s)

            scored, ahead = rescore(scored, level.anticipate, judge, tiles=TILES_AGAIN)
        self._rejudged = ahead
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
        self,
        valid: list[Scored],
        ranked: list[Scored],
        know: Knowledge,
        rng: random.Random,
        level: Level | None = None,
    ) -> Decision:
        """The best valid candidate (ties broken at random), or, for a level that makes
        mistakes, sometimes a worse one on purpose, marked as such; `level` as the stakes
        leave it (`for_stakes`; default: this AI's own)."""
        if not valid:
            return Decision([], None)
        level = level or self.level
        if level.mistakes:
            slip = make_mistake(know, level, valid, ranked, rng)
            if slip is not None:
                return Decision(valid, slip.chosen, slip=slip)
        tied = [s for s in valid if abs(valid[0].score - s.score) <= TIE]
        # Of orders worth the same, the one with the most attacks and the fewest other
        # actions.  An attack the forecast gives nothing may still land on a target still to
        # declare (it may step into reach or sight after all), not on one that has; a Sprint
        # to a tile a walk reaches, or a Parry with nobody near, changes nothing and a player
        # reads it as a slip.
        busy = {id(s): _busyness(know, s) for s in tied}
        best = min(busy.values())
        simplest = [s for s in tied if busy[id(s)] == best]
        chosen = rng.choice(simplest) if len(simplest) > 1 else simplest[0]
        return Decision(valid, chosen, tied=len(tied) - 1, busier=len(tied) - len(simplest))

    def _facts_for(self, view: DeclarationView) -> RoundFacts:
        """The round's shared facts: rebuilt when the round or the positions change."""
        key = round_key(view.world, view.round_number)
        if self._facts is None or self._facts.key != key:
            units = {
                eid: read_unit(view.world, eid, view.board, view.options) for eid in combatants(view.world)
            }
            self._facts = RoundFacts(key, units)
        return self._facts


def _anticipated(scorer: Scorer, know: Knowledge, level: Level, first: Scored) -> Scored:
    """A candidate judged against each later enemy's guessed reply (hard's third look), what
    its attacks deal trusting the guess as far as the targets' sides have shown they reply
    (`Scorer.trusted`); when none replies, with the targets still to declare defending as
    they likely would."""
    candidate = first.candidate
    again = scorer.score(candidate, predict_later(know, candidate.order), flank=True)
    if not again.replies:
        return scorer.guarded(again) if level.guess_defences else again
    return scorer.trusted(again, first)


def rescore(
    scored: list[Scored], top: int, judge: Callable[[Scored], Scored], tiles: int = 0
) -> tuple[list[Scored], int]:
    """The best `top` candidates judged again by `judge`, with their Feint twins (the same
    order with Feints added or taken away: a first look undervalues Feints, whose worth is
    against defences), and the best candidate ending on each of `tiles` more end tiles.
    The re-judged ones stay ahead of the rest, best first; returns the list and how many
    were re-judged."""
    chosen = scored[:top]
    shapes = {_without_feints(s.candidate.order) for s in chosen}
    chosen += [s for s in scored[top:] if _without_feints(s.candidate.order) in shapes]
    if tiles:
        seen = {_end(s.candidate.order) for s in chosen}
        for s in scored[top:]:
            end = _end(s.candidate.order)
            if end not in seen:
                seen.add(end)
                chosen.append(s)
                tiles -= 1
                if not tiles:
                    break
    picked = {id(s) for s in chosen}
    again = sorted((judge(s) for s in chosen), key=lambda s: -s.score)
    return again + [s for s in scored if id(s) not in picked], len(again)


def _busyness(know: Knowledge, scored: Scored) -> tuple[int, int]:
    """How a tie is broken, least first: more attacks that may land, then fewer other actions.
    An attack that cannot land (`_dead`) counts as another action, not an attack."""
    order = scored.candidate.order
    attacks = sum(1 for a in order.actions if a.kind in OFFENSIVE) - len(_dead(know, scored))
    return -attacks, len(order.actions) - attacks


def _dead(know: Knowledge, scored: Scored) -> set[int]:
    """The places in the order of its attacks that cannot land: on a target that has declared,
    which the rules' forecast (against the replies it was judged by) gives no chance at all
    (out of reach, out of sight, every roll failing).  An attack on a target still to declare
    may land all the same: it may step into reach or sight."""
    order = scored.candidate.order
    named = {a.target for a in order.actions if a.kind in OFFENSIVE and a.target is not None}
    if not any(know.declared(target) for target in named):
        return set()
    orders = {**know.earlier, **scored.replies, know.actor: order}
    return {
        fc.index
        for fc in forecast(know, orders, know.actor)
        if fc.action.kind in OFFENSIVE
        and fc.action.target is not None
        and know.declared(fc.action.target)
        and fc.success <= 0
    }


def _besides_dealing(scored: Scored) -> float:
    """A candidate's score without what its attacks deal (`Scorer.offence_terms`): what it
    takes, its position and the rest."""
    offence = Scorer.offence_terms(scored.candidate.order)
    return sum(v for k, v in scored.terms.items() if k not in offence)


def _end(order: Order) -> tuple[object, ...]:
    """Where an order ends and whether it attacks: a tile to hold, or to strike from."""
    return (order.path[-1] if order.path else None, any(a.kind in OFFENSIVE for a in order.actions))


def _without_feints(order: Order) -> Order:
    """The order without the actions that augment an attack (Feints), so the same order with
    and without them can be compared."""
    kept = tuple(a for a in order.actions if not _augments(a))
    return order if len(kept) == len(order.actions) else replace(order, actions=kept)


def _augments(action: Action) -> bool:
    """Whether the action augments an attack (a Feint: its spec has an `ai_augment` hook)."""
    return type(spec_of(action.kind)).ai_augment is not ActionSpec.ai_augment
