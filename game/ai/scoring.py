"""Scoring a candidate order: named terms, in Injuries, that add up to its score.

    dealt      Injuries the order's attacks are expected to deal (the rules'
               forecast), each worth more on an injured target; a target
               that has not declared yet will likely defend: normal and hard
               forecast against the defence it would add, easy counts a
               little less
    <action>   what a success is worth beyond Injuries, by the action's own
               `ai_worth` (a Disarm, a weapon picked up, …), × its chance
    taken      Injuries expected from attacks already declared on us (the
               forecast, with this order's defences and movement)
    threat     Injuries expected from enemies still to declare: who can reach
               or see our end tile (a shooter after a step out of cover, too:
               `Knowledge.vantage`), against our defences; a flank-aware
               level (hard) has each strike come from the tile that serves
               the enemy best (our back arc, if it can get there), and mixes
               in the forecast of the replies it guessed for them (`game.ai.threat`)
    position   next round: the best attack we will have from the end tile,
               less what the enemy will be able to do to us there
    approach   rounds of walking before we can attack well (into reach, or short range)
    support    beside an ally engaged with two or more enemies, striking one of them: the
               Injuries it would have dealt the ally that it must split with us (hard)
               (these three: `game.ai.next_round`)
    setup      what the order sets up for later rounds, as its actions' specs value it
               (a round of Careful Aim: the better shot next round)

Every Injury taken counts `Level.self_weight` times the worth of an Injury
on us.  The terms are kept so the AI can explain its choice.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from game.ai.anticipate import likely_defence
from game.ai.candidates import Candidate
from game.ai.expect import attacks_in_forecast, first_look, forecast
from game.ai.facts import Unit, injury_value
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.menace import menace_factors
from game.ai.moves import move_outcomes
from game.ai.next_round import Danger, NextRound
from game.ai.threat import ThreatEstimate
from game.ai.threat import standing as threatened_standing
from game.core.geometry import Tile
from game.rules.api.action import ActionSpec
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import ActionForecast, AiAsk
from game.rules.chances import chance
from game.rules.injury import DEFEAT_AT
from game.rules.orders import Action, Order
from game.rules.registry import OFFENSIVE, spec_of
from game.rules.stats import injury_penalty

GUESS_SHARE = 0.5  # weight of the guessed replies (hard) in the threat of later declarers
UNDECLARED_DEFENCE = 0.8  # an enemy still to declare will often defend against what it sees

DEALT, TAKEN, THREAT, POSITION, APPROACH = "dealt", "taken", "threat", "position", "approach"
OUTPACED = "outpaced"
BACK = "back"  # ending on the tile left a round ago (`Knowledge.left`)
SUPPORT = "support"  # joining an ally who fights two or more (`NextRound.support`)
ESCAPE = "escape"  # off the map, for a side that wins by it
EDGE = "edge"  # … and how near the map's edge it ends
ESCAPE_DISCOUNT = 0.6  # what an escape one more round of walking away is worth, as a share
"""The names of the terms (an action's own worth is named after the action)."""


@dataclass
class Scored:
    """A candidate with its score and the terms that make it up."""

    candidate: Candidate
    terms: dict[str, float] = field(default_factory=dict)
    score: float = 0.0
    replies: dict[int, Order] = field(default_factory=dict)
    """The replies it was judged against (hard), by enemy."""
    outpaced: float = 0.0
    """The chance an Injury lands on us before our attacks do (enemies with better Timing)."""
    dangers: tuple[Danger, ...] = ()
    """Who makes up the position term's danger, from the likeliest end tile (`NextRound.dangers`)."""
    dangers_at: tuple[Tile, int] | None = None
    """That tile and our facing there (the movement's outcome), where the dangers were reckoned."""
    trust: float = 1.0
    """The share of what its attacks deal taken from the guessed replies (`Scorer.trusted`)."""

    def total(self) -> float:
        """Add the terms up (and remember the sum)."""
        self.score = sum(self.terms.values())
        return self.score


class Scorer:
    """Scores candidates for one declaration, caching what they share."""

    def __init__(self, know: Knowledge, level: Level) -> None:
        self.know = know
        self.level = level
        self.me = know.me
        self._menace = menace_factors(know, level)
        mine = self._menace.get(self.me.eid, 1.0)
        self.my_worth = injury_value(self.me.injuries) * level.self_weight * mine
        self.next_round = NextRound(know, level, self.my_worth)
        self._threat = ThreatEstimate(know, level)
        self._allied = self._allied_hurt() if level.focus else {}

    # ------------------------------------------------------------ public
    def score(
        self, cand: Candidate, predicted: dict[int, Order] | None = None, flank: bool = False
    ) -> Scored:
        """All the terms of one candidate; `predicted` adds guessed orders of later declarers,
        `flank` has later enemies strike from the tiles that serve them best (else the near side)."""
        know, level, order = self.know, self.level, cand.order
        orders = {**know.earlier, **(predicted or {}), self.me.eid: order}
        terms: dict[str, float] = {}
        outpaced = 0.0
        hurt, first, plain = self._offence(order, orders, terms, predicted is not None)
        outcomes = move_outcomes(know, level, order)
        exposed = any(a.kind in OFFENSIVE for a in order.actions)
        # What others do to us does not depend on whom we attack: one look serves every target.
        targeted = orders[self.me.eid] = as_target(order)
        before = {e: hurt.get(e, 0.0) + first.get(e, 0.0) for e in {*hurt, *first}}
        terms[TAKEN] = -self.my_worth * self._taken(orders, know.earlier, before)
        if level.threat_weight:
            estimate = self._threat.of(targeted, outcomes, exposed, flank, first)
            if predicted is not None:
                # One guess of the replies is sharp but brittle: half of it, half the estimate.
                guessed = self._taken(orders, predicted, first, wary=True)
                estimate = (1 - GUESS_SHARE) * estimate + GUESS_SHARE * guessed
            terms[THREAT] = -self.my_worth * level.threat_weight * estimate
            # Enemies still to declare have the better Timing: they resolve before our attacks
            # (not before a held shot).  An Injury first Defeats one of us on the verge, and
            # otherwise costs our rolls its Injury Penalty.
            outpaced = min(1.0, estimate)
            terms[OUTPACED] = self._outpaced(plain, outpaced)
        dangers: tuple[Danger, ...] = ()
        dangers_at: tuple[Tile, int] | None = None
        if level.position_weight:
            stays = [o for o in outcomes if not o.fled]  # gone off the map: no next round
            terms[POSITION] = level.position_weight * sum(
                float(o.probability) * self.next_round.position(o.tile, o.facing, exposed) for o in stays
            )
            if stays:
                likeliest = max(stays, key=lambda o: o.probability)
                dangers_at = (likeliest.tile, likeliest.facing)
                dangers = self.next_round.dangers(*dangers_at, exposed)
        if level.approach_weight and self.me.rate > 0 and (not level.escape or self.next_round.shut_in):
            # (One that cannot walk, a turret with Movement 0, ends every order where it stands:
            # "walking still to do" would be a constant that explains nothing.  One that wins by
            # escaping walks to the edge instead, below, unless the enemies hold every way off.)
            terms[APPROACH] = -level.approach_weight * sum(
                float(o.probability) * self.next_round.rounds_away(o.tile) for o in outcomes
            )
        if level.escape:
            # Off the map wins the battle; nearer the edge is worth that, less a share for each
            # round of walking still to do (each a round the hunters may catch us in).
            terms[ESCAPE] = level.escape * sum(float(o.probability) for o in outcomes if o.fled)
            terms[EDGE] = level.escape * sum(
                float(o.probability) * ESCAPE_DISCOUNT ** self.next_round.rounds_to_edge(o.tile)
                for o in outcomes
                if not o.fled
            )
        if level.position_weight:
            terms["setup"] = self._setup(order)
        if level.support_weight:
            terms[SUPPORT] = level.support_weight * sum(
                float(o.probability) * self.next_round.support(o.tile) for o in outcomes if not o.fled
            )
        if level.back_weight and know.left is not None:
            back = sum(float(o.probability) for o in outcomes if o.tile == know.left and not o.fled)
            terms[BACK] = -level.back_weight * back
        scored = Scored(cand, {k: v for k, v in terms.items() if v}, replies=dict(predicted or {}))
        scored.outpaced = outpaced
        scored.dangers, scored.dangers_at = dangers, dangers_at
        scored.total()
        return scored

    def guarded(self, scored: Scored) -> Scored:
        """The candidate judged again with each target still to declare defending as it likely
        would (see `_guarded`): only what it deals changes (what it takes comes from orders
        already declared, its position and threat from where it ends)."""
        know, order = self.know, scored.candidate.order
        if not any(
            a.kind in OFFENSIVE and a.target is not None and not know.declared(a.target)
            for a in order.actions
        ):
            return replace(scored, terms=dict(scored.terms), replies=dict(scored.replies))
        terms = {k: v for k, v in scored.terms.items() if k not in self.offence_terms(order)}
        _, _, plain = self._offence(
            order, {**know.earlier, self.me.eid: order}, terms, exact=False, guarded=True
        )
        terms[OUTPACED] = self._outpaced(plain, scored.outpaced)
        again = replace(scored, terms={k: v for k, v in terms.items() if v}, replies=dict(scored.replies))
        again.total()
        return again

    def trusted(self, guessed: Scored, first: Scored) -> Scored:
        """`guessed` (judged against the later enemies' guessed replies) with what its attacks
        deal taken only in part from the guess, the rest from the same order judged as if
        its targets did not reply (`first`, judged again against the defences they would
        add, for a level that guesses them).  The guess is each target's best reply; a side
        that seldom attacks when it could (`Knowledge.wary`) seldom makes it, so the guess
        weighs that share (the least of the targets')."""
        order = guessed.candidate.order
        repliers = {a.target for a in order.actions if a.kind in OFFENSIVE and a.target in guessed.replies}
        share = min((self.know.wary(t) for t in repliers), default=1.0)
        if share >= 1.0:
            return guessed
        plain = self.guarded(first) if self.level.guess_defences else first
        offence = self.offence_terms(order)
        terms = {k: v for k, v in guessed.terms.items() if k not in offence}
        for key in offence:
            terms[key] = share * guessed.terms.get(key, 0.0) + (1 - share) * plain.terms.get(key, 0.0)
        again = replace(guessed, terms={k: v for k, v in terms.items() if v}, trust=share)
        again.total()
        return again

    # ------------------------------------------------------------ terms
    def _outpaced(self, plain: tuple[float, float], chance: float) -> float:
        """What our attacks resolved in Timing order lose when an Injury lands on us first
        (with `chance`): all of them on the verge of defeat, else what its Injury Penalty
        takes (`plain`: what they deal as we are, and with one Injury more)."""
        dealt, slowed = plain
        if self.me.injuries >= DEFEAT_AT - 1:
            return -dealt * chance
        return -(dealt - slowed) * chance

    @staticmethod
    def offence_terms(order: Order) -> set[str]:
        """The names of the terms that say what an order's attacks deal."""
        return {DEALT, OUTPACED} | {spec_of(a.kind).label.lower() for a in order.actions}

    def _offence(
        self,
        order: Order,
        orders: dict[int, Order],
        terms: dict[str, float],
        exact: bool,
        guarded: bool = False,
    ) -> tuple[dict[int, float], dict[int, float], tuple[float, float]]:
        """dealt, and each action's own worth; returns the expected Injuries dealt to each
        target, apart those dealt before the target acts, whatever the Timing (an attack
        that `interrupts`: a held Overwatch shot), and the dealt term without those (the
        attacks that resolve in Timing order), as we are and with one Injury more (its Injury
        Penalty on each roll, by the rules' chances)."""
        know = self.know
        hurt: dict[int, float] = defaultdict(float)
        first: dict[int, float] = defaultdict(float)
        if not order.actions:
            return hurt, first, (0.0, 0.0)
        # A target still to declare is judged against the defence it would add (so a Feint
        # shows its worth), or, in the quick first look at every candidate, counted a little less.
        guarded = guarded and not exact
        if guarded:
            forecasts = self._guarded(order, orders)
        elif exact:
            forecasts = forecast(know, orders, self.me.eid)
        else:
            forecasts = first_look(know, orders, self.me.eid)
        dealt = dealt_first = slowed = 0.0
        penalty = injury_penalty(self.me.injuries + 1) - injury_penalty(self.me.injuries)
        for fc in forecasts:
            action = fc.action
            spec = spec_of(action.kind)
            target = know.unit(action.target) if action.target is not None else None
            if target is not None and not target.active:
                continue
            worth = 1.0
            if target is not None:
                if target.side == self.me.side:
                    continue
                guess = 1.0 if exact or guarded or know.declared(target.eid) else UNDECLARED_DEFENCE
                worth = self._foe_worth(target) * guess
            if target is not None and spec.interrupts:
                # A held shot: its forecast names the enemy likeliest to set it off.
                dealt_first += float(fc.expected_injuries) * worth
                first[target.eid] += float(fc.expected_injuries)
            elif action.kind in OFFENSIVE and target is not None and getattr(spec, "deals_injury", False):
                dealt += float(fc.expected_injuries) * worth
                hurt[target.eid] += float(fc.expected_injuries)
                slowed += float(fc.expected_injuries) * worth * _kept(fc, penalty)
            extra = spec.ai_worth(know.world, self.me.eid, action)
            if extra:
                label = spec.label.lower()
                terms[label] = (
                    terms.get(label, 0.0) + float(fc.success) * extra * worth * self.level.dealt_weight
                )
        terms[DEALT] = (dealt + dealt_first) * self.level.dealt_weight
        weight = self.level.dealt_weight
        return hurt, first, (dealt * weight, slowed * weight)

    def _guarded(self, order: Order, orders: dict[int, Order]) -> list[ActionForecast]:
        """The order's forecasts with each target still to declare defending as it likely
        would when attacked (`likely_defence`); targets that declared keep their orders.
        The forecast then tells whether a Feint's bonus outweighs its Action Penalty
        against that Defense Penalty."""
        know = self.know
        guessed = dict(orders)
        for action in order.actions:
            target = action.target
            if action.kind not in OFFENSIVE or target is None or target in guessed:
                continue
            defence = likely_defence(know, know.unit(target), orders, moving=False)
            guessed[target] = Order(target, (Action(defence),) if defence is not None else ())
        return forecast(know, guessed, self.me.eid)

    def _taken(
        self,
        orders: dict[int, Order],
        attackers: dict[int, Order],
        hurt: dict[int, float] | None = None,
        wary: bool = False,
    ) -> float:
        """Expected Injuries on us from these orders (the forecast); `wary`: guessed orders,
        each attacker's counted at the share of the usual threat its side shows
        (`Knowledge.wary`).

        `hurt`: what we deal attackers before they strike.  Those that declared
        before us we outpace (we have the better Timing, so we resolve first); those
        after us, only with an attack that interrupts them (a held shot).  One more
        Injury on an attacker with two Defeats it before it strikes (the forecast
        assumes it still stands).
        """
        know, me = self.know, self.me.eid
        total = 0.0
        for eid, theirs in attackers.items():
            # A held shot names no target: its forecast says whom it will likely fire at.
            if eid == me or not any(
                (a.target == me and a.kind in OFFENSIVE) or spec_of(a.kind).interrupts for a in theirs.actions
            ):
                continue
            unit = know.unit(eid)
            if not unit.active or unit.side == self.me.side:
                continue
            standing = threatened_standing(unit, hurt.get(eid, 0.0)) if hurt else 1.0
            if wary:
                standing *= know.wary(eid)
            for fc in forecast(know, orders, eid):
                if fc.action.target == me and attacks_in_forecast(fc.action.kind):
                    total += float(fc.expected_injuries) * standing
        return total

    # ------------------------------------------------------------ helpers
    def _setup(self, order: Order) -> float:
        """What the order's actions set up beyond this round, as their specs value it
        (`ActionSpec.ai_value`: the better shot a round of Careful Aim buys)."""
        know = self.know
        kinds = dict.fromkeys(a.kind for a in order.actions)  # in order: the same sum every run
        if not any(type(spec_of(kind)).ai_value is not ActionSpec.ai_value for kind in kinds):
            return 0.0  # every spec's value is its default, 0.0: nothing set up
        ask = AiAsk(
            know.world,
            know.board,
            know.options,
            know.actor,
            order.path[-1] if order.path else self.me.tile,
            None,
            know.earlier,
            bool(order.path),
            know.engaged,
            self.level.tactics,
        )
        total = 0.0
        for kind in kinds:
            value = spec_of(kind).ai_value(ask, order)
            target = next((a.target for a in order.actions if a.kind is kind), None)
            foe = know.unit(target) if target is not None else None
            if value and foe is not None and foe.side != self.me.side:
                # The later shot lands on that enemy: counted in the dealt term's currency,
                # an Injury worth more on a foe nearer defeat, or aiming never beats a poor shot now.
                value *= self._foe_worth(foe) * self.level.dealt_weight
            total += value
        return total

    def _foe_worth(self, foe: Unit) -> float:
        """What one more Injury is worth on an enemy: more the nearer it is to defeat, counting
        the Injuries our side's earlier declarations are expected to deal it (focus fire)."""
        return injury_value(foe.injuries + self._allied.get(foe.eid, 0.0)) * self._menace.get(foe.eid, 1.0)

    def _allied_hurt(self) -> dict[int, float]:
        """Injuries our side's earlier declarations are expected to deal to each enemy
        this round: one more Injury is worth more on a foe they are already wearing
        down, so the side concentrates its attacks (focus fire)."""
        know = self.know
        hurt: dict[int, float] = defaultdict(float)
        for eid, order in know.earlier.items():
            if eid == self.me.eid or know.unit(eid).side != self.me.side:
                continue
            if not any(a.kind in OFFENSIVE for a in order.actions):
                continue
            for fc in forecast(know, know.earlier, eid):
                spec, target = spec_of(fc.action.kind), fc.action.target
                if isinstance(spec, AttackSpec) and spec.deals_injury and target is not None:
                    hurt[target] += float(fc.expected_injuries)
        return dict(hurt)


def _kept(fc: ActionForecast, penalty: int) -> float:
    """The share of an attack's chance left with `penalty` more on its roll (the rules' d12
    chance at the forecast's modified stat)."""
    if fc.breakdown is None:
        return 1.0
    base = chance(fc.breakdown.total, 1.0)
    return min(1.0, float(chance(fc.breakdown.total + penalty, 1.0) / base)) if base > 0 else 1.0


def as_target(order: Order) -> Order:
    """The order as an attacker on us sees it: every action kept (its defences, its Action
    Penalty, whether it attacks and shows itself), but not whom it names, which changes
    nothing of what comes at us; many candidates then share one look."""
    if not any(a.target is not None for a in order.actions):
        return order
    # `replace` spelled out (it asks the dataclass for its fields each time): the same values.
    actions = tuple([Action(a.kind, None, a.called_shot, a.weapon, a.item) for a in order.actions])
    return Order(order.actor, actions, order.path, order.facing, order.flee)
