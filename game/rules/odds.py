"""The chances of one attack from given positions: the core of the forecast.

`AttackOdds` gathers what does not depend on where the two combatants end up
(the target's declared defences, the attacker's own random terms such as a
Feint Bonus or the target's Grip, the chance a hit Injures) and then answers,
for any pair of positions and facings, the attack's modified stat (or why it
is nullified), its success chance, the called part's chance and the expected
Injuries.  The forecast (`game.rules.forecast`) adds the movements' chances on
top; the AI asks it directly about attacks nobody has declared yet.

Exact fractions by default (`one=ONE`); floats with `one=1.0` for the AI's
many quick looks.  Either way the numbers come from the same rules:
`attack_breakdown`, the defences' specs, the modules' defence costs.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.hashing import keep_hash, without_hash
from game.core.modifiers import Breakdown
from game.rules.api.attack import CALLED_SHOT, AttackContext, AttackSpec, Situation, attack_spec, weapon_for
from game.rules.api.state import DefenceResult, Trail, metres_limited, reduced
from game.rules.attack import modified_stat
from game.rules.board import Board
from game.rules.chances import ONE, Dist, chance, convolve, merge, roll_value_dist, scaled
from game.rules.defence import defence_spec
from game.rules.hits import expected_injuries, first_blow, hit_modules, landing_reads, naturals
from game.rules.injury import withstand_breakdown
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.registry import DEFENCES, exposes, modules_with
from game.rules.still import remembered
from game.world import Condition, Equipment, World

IMPOSSIBLE = "impossible"
"""The reason given for an attack that cannot be made at all (no weapon for it, no target,
or a dead one): no rule's own words say more."""


@dataclass(frozen=True)
class Odds:
    """One attack from one pair of positions: `breakdown` (None when nullified, with
    `reason`), P(success) (a Called Shot's general hit included), P(called part hit),
    expected Injuries, and P(nullified) (1 when `breakdown` is None; between 0 and 1
    when only some of the ways the round's module rolls turn out nullify it)."""

    breakdown: Breakdown | None
    success: Fraction
    part_hit: Fraction
    expected_injuries: Fraction
    reason: str = ""
    nullified: Fraction | float = 0


def _odds(
    breakdown: Breakdown | None,
    success: Fraction | float,
    part_hit: Fraction | float,
    expected_injuries: Fraction | float,
    reason: str = "",
    nullified: Fraction | float = 0,
) -> Odds:
    """`Odds(...)`, without the frozen dataclass's checks field by field: the odds make one for
    every situation they weigh."""
    new = object.__new__(Odds)
    object.__setattr__(
        new,
        "__dict__",
        {
            "breakdown": breakdown,
            "success": success,
            "part_hit": part_hit,
            "expected_injuries": expected_injuries,
            "reason": reason,
            "nullified": nullified,
        },
    )
    return new


@dataclass(frozen=True)
class Guard:
    """What an attack reads of its target's order: the defences declared (each roll's stat,
    in order; None where the defence has no roll), whether the order shows its maker out of
    high cover, and, module by module, how the modules' part of its round can turn out
    (`RulesModule.round_outcomes`; None where a module records nothing).  Orders that differ
    in nothing else (where they walk, whom they attack) guard alike, so one `AttackOdds`
    serves them all."""

    declared: frozenset[ActionKind] = frozenset()
    exposed: bool = False
    rolls: tuple[tuple[ActionKind, int | None], ...] = ()
    ways: tuple[tuple[tuple[Fraction, frozenset[str]], ...] | None, ...] = ()

    def __hash__(self) -> int:
        # Part of the key of every imagined attack's odds, and its ways hash fractions: kept.
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(self, (self.declared, self.exposed, self.rolls, self.ways))

    def __getstate__(self) -> dict[str, object]:
        return without_hash(self)


def guard_of(world: World, board: Board, target: int, order: Order | None, options: RuleOptions) -> Guard:
    """The `Guard` of `target`'s order (None: not declared yet), remembered while the world
    stands still (`game.rules.still`)."""
    return remembered(
        ("guard", target, order, options),
        lambda: _one_of(_guard(world, board, target, order, options), world),
        world,
    )


def _one_of(guard: Guard, world: World) -> Guard:
    """The first guard equal to this one remembered about `world`: orders that guard alike get
    one value, so the odds kept under it are found by identity (its fractions compared once)."""
    return remembered(("guard value", guard), lambda: guard, world)


def order_reading(
    world: World, board: Board, target: int, order: Order | None, options: RuleOptions
) -> tuple[Guard, str | None]:
    """All that the odds of an attack on `target` read of its order: its `Guard`, and how it
    moves when it moves at all (None: it stays).  Two orders alike in these give every attack
    on it the same `attack_odds` at the same tiles, facings and metres, so a caller may keep
    an answer under this instead of the order."""
    guard = guard_of(world, board, target, order, options)
    return guard, (order.movement_mode if order is not None and order.path else None)


def _guard(world: World, board: Board, target: int, order: Order | None, options: RuleOptions) -> Guard:
    ways = tuple(
        None if (found := module.round_outcomes(world, board, target, order)) is None else tuple(found)
        for module in modules_with(options, "round_outcomes")
    )
    if order is None:
        return Guard(ways=ways)
    rolls = []
    for defence in order.actions:
        if defence.kind in DEFENCES:
            stat = defence_spec(defence.kind).roll_breakdown(world, target, order)
            rolls.append((defence.kind, None if stat is None else stat.total))
    declared = frozenset(kind for kind, _ in rolls)
    return Guard(declared, exposes(order), tuple(rolls), ways)


class AttackOdds:
    """The chances of one declared (or imagined) attack, for any positions of the two."""

    def __init__(
        self,
        world: World,
        board: Board,
        actor: int,
        order: Order,
        action: Action,
        target_order: Order | None,
        slot: int | None,
        options: RuleOptions,
        one: Fraction | float = ONE,
        guard: Guard | None = None,
    ) -> None:
        """`guard`: `target_order`'s `Guard`, when the caller has worked it out already."""
        self.world, self.board, self.actor, self.order, self.action = world, board, actor, order, action
        self.options, self.one = options, one
        self.spec: AttackSpec = attack_spec(action.kind)
        self.weapon: Weapon | None = weapon_for(world.get(actor, Equipment), action)
        target = action.target
        self.possible = (
            self.weapon is not None and target is not None and world.get(target, Condition).present
        )
        self.uncertain: list[tuple[str, tuple[int, ...]]] = []
        self.defences: dict[ActionKind, list[Dist]] = {}  # one distribution per declared defence roll
        self.declared: frozenset[ActionKind] = frozenset()
        self.exposed = False
        self._deltas: dict[tuple[object, ...], Dist] = {}
        # Expected Injuries of a hit, by (called part hit, natural, what its landing reads):
        # the attack, weapon and target are this object's, so that is all a landing can vary by.
        self._landed: dict[tuple[bool, str, Hashable], Fraction | float] = {}
        self.branches: list[tuple[Fraction | float, frozenset[str], frozenset[str]]] = []
        # Answers of `at` by situation: the AI asks the same one of a kept AttackOdds often.
        self._answers: dict[tuple[object, ...], Odds] = {}
        if not self.possible:
            return
        assert target is not None and self.weapon is not None
        guard = guard or guard_of(world, board, target, target_order, options)
        self._defence_terms(target, guard)
        self.branches = self._branches(target, guard)
        self.own: Dist = {0: one}  # type: ignore[dict-item]
        for name, dist, shown in self.spec.own_terms(world, actor, order, action, slot):
            self.own = convolve(self.own, _as(dist, one))
            self.uncertain.append((name, shown))
        self.defeated = world.get(target, Condition).defeated
        vulnerable = bool(action.called_shot and action.called_shot.vulnerable and not self.defeated)
        self.fail_torso = one - chance(withstand_breakdown(world, target, self.weapon, False).total, one)
        self.fail_part = one - chance(withstand_breakdown(world, target, self.weapon, vulnerable).total, one)
        self.part_injuries = 2 if vulnerable else 1

    def _defence_terms(self, target: int, guard: Guard) -> None:
        """The target's declared defences that count against this attack, roll by roll."""
        world, one = self.world, self.one
        self.declared, self.exposed = guard.declared, guard.exposed
        equipment = world.get(target, Equipment)
        for kind, stat in guard.rolls:
            if self.spec.attack_class not in defence_spec(kind).counters_for(equipment):
                continue
            assert stat is not None
            self.defences.setdefault(kind, []).append(roll_value_dist(stat, one))
        for kind, dists in self.defences.items():
            total: Dist = {0: one}  # type: ignore[dict-item]
            for dist in dists:
                total = convolve(total, dist)
            self.uncertain.append((kind.label, tuple(-v for v in sorted(total))))

    def _branches(
        self, target: int, guard: Guard
    ) -> list[tuple[Fraction | float, frozenset[str], frozenset[str]]]:
        """The ways the modules' rolls of this round can turn out for the attacker and the
        target (`RulesModule.round_outcomes`): (chance, attacker's facts, target's facts)."""
        one = self.one
        mine: list[tuple[Fraction | float, frozenset[str]]] = [(one, frozenset())]
        theirs: list[tuple[Fraction | float, frozenset[str]]] = [(one, frozenset())]
        modules = modules_with(self.options, "round_outcomes")
        for module, target_ways in zip(modules, guard.ways, strict=True):
            for side, ways in (
                (mine, module.round_outcomes(self.world, self.board, self.actor, self.order)),
                (theirs, target_ways),
            ):
                if ways is None:
                    continue
                side[:] = [(p * _as_one(q, one), f | g) for p, f in side for q, g in ways]
        return [(p * q, f, g) for p, f in mine for q, g in theirs]

    def situation(
        self,
        here: Tile,
        facing: int,
        there: Tile,
        target_facing: int,
        retreated: bool = False,
        engaged: bool = False,
        trails: tuple[Trail, Trail] = (Trail(), Trail()),
        exposed: bool | None = None,
    ) -> Situation:
        """The attack's situation with the two at these tiles and facings (and, in the
        forecast, having moved as `trails` say: the attacker's, the target's); `exposed`:
        whether the target shows itself behind high cover, if not as its order says."""
        # Built as `Situation.with_facts` builds one (a frozen dataclass's checks, field by
        # field, cost more than the odds that follow when the answer is kept): every field set.
        fields = dict(_PLAIN_SITUATION)
        fields["attacker_tile"] = here
        fields["target_tile"] = there
        fields["defence"] = DefenceResult(declared=self.declared)
        fields["marks"] = {}
        fields["target_retreated"] = retreated
        fields["target_defeated"] = self.defeated
        fields["attacker_engaged"] = engaged
        fields["attacker_facing"] = facing
        fields["target_facing"] = target_facing
        fields["target_exposed"] = self.exposed if exposed is None else exposed
        fields["options"] = self.options
        fields["attacker_trail"], fields["target_trail"] = trails
        new = object.__new__(Situation)
        object.__setattr__(new, "__dict__", fields)
        return new

    def at(self, situation: Situation, metres: float = 0.0, lost: tuple[ActionKind, ...] = ()) -> Odds:
        """The odds in one situation; `metres` the target moved (an Evade's limit), `lost`
        its defences cancelled by melee; every way the modules' rolls can turn out counted."""
        zero = 0 * self.one
        if not self.possible:
            return Odds(None, zero, zero, zero, IMPOSSIBLE, self.one)  # type: ignore[arg-type]
        key = self._answer_key(situation, metres, lost)
        if key is not None:
            found = self._answers.get(key)
            if found is None:
                found = self._answers[key] = self._branched(situation, metres, lost)
            return found
        return self._branched(situation, metres, lost)

    def at_place(
        self,
        here: Tile,
        facing: int,
        there: Tile,
        target_facing: int,
        retreated: bool = False,
        engaged: bool = False,
        trails: tuple[Trail, Trail] = (Trail(), Trail()),
        exposed: bool | None = None,
        metres: float = 0.0,
        lost: tuple[ActionKind, ...] = (),
    ) -> Odds:
        """`at(situation(here, facing, there, target_facing, retreated, engaged, trails, exposed),
        metres, lost)`, the situation made only when the answer is not kept yet (the forecast
        and the AI ask the same odds again and again)."""
        if not self.possible:
            zero = 0 * self.one
            return Odds(None, zero, zero, zero, IMPOSSIBLE, self.one)  # type: ignore[arg-type]
        target_exposed = self.exposed if exposed is None else exposed
        # `_answer_key` of that situation, read off the arguments.
        key = (
            here,
            there,
            retreated,
            self.defeated,
            engaged,
            facing,
            target_facing,
            target_exposed,
            trails[0],
            trails[1],
            _NO_FACTS,
            _NO_FACTS,
            metres,
            lost,
        )
        found = self._answers.get(key)
        if found is None:
            situation = self.situation(
                here, facing, there, target_facing, retreated, engaged, trails, exposed
            )
            found = self._answers[key] = self._branched(situation, metres, lost)
        return found

    def _answer_key(
        self, situation: Situation, metres: float, lost: tuple[ActionKind, ...]
    ) -> tuple[object, ...] | None:
        """What `at` reads of a situation built by `situation` (the defences as declared, no
        plug-in marks): the rest is this object's own.  None for any other (the round's, with
        rolls and marks): worked out each time."""
        s = situation
        defence = s.defence
        if s.marks or defence.rolls or defence.counters or defence.metres is not None:
            return None
        if defence.declared != self.declared or (s.options is not self.options and s.options != self.options):
            return None
        return (
            s.attacker_tile,
            s.target_tile,
            s.target_retreated,
            s.target_defeated,
            s.attacker_engaged,
            s.attacker_facing,
            s.target_facing,
            s.target_exposed,
            s.attacker_trail,
            s.target_trail,
            s.attacker_facts,
            s.target_facts,
            metres,
            lost,
        )

    def _branched(self, situation: Situation, metres: float, lost: tuple[ActionKind, ...]) -> Odds:
        """`at`, worked out: every way the modules' rolls can turn out counted."""
        zero = 0 * self.one
        if len(self.branches) == 1 and not self.branches[0][1] and not self.branches[0][2]:
            return self._at(situation, metres, lost)
        success = part_hit = expected = nullified = zero
        first: Odds | None = None
        reason = ""
        for p, mine, theirs in self.branches:
            found = self._at(situation.with_facts(mine, theirs), metres, lost)
            if found.breakdown is None:
                nullified += p
                reason = reason or found.reason
                continue
            first = first or found
            success += p * found.success
            part_hit += p * found.part_hit
            expected += p * found.expected_injuries
        if first is None:
            return Odds(None, zero, zero, zero, reason, self.one)  # type: ignore[arg-type]
        return _odds(first.breakdown, success, part_hit, expected, reason, nullified)

    def _at(self, situation: Situation, metres: float, lost: tuple[ActionKind, ...]) -> Odds:
        """The odds in one situation with the round's facts settled."""
        zero = 0 * self.one
        assert self.weapon is not None
        world, board = self.world, self.board
        ctx = AttackContext.known(
            world, board, self.actor, self.order, self.action, self.weapon, situation, self.spec
        )
        base, found = modified_stat(ctx)
        if isinstance(base, str) or found is None:
            return _odds(None, zero, zero, zero, str(base), self.one)
        costs, arc = found
        # Evade counts only the whole metres actually moved, and nothing in melee (CO.15).  The
        # costs are in the key: modules beside facing may change them in the same arc (a
        # defender unaware of its back, the perception module).
        key = (arc, int(metres + 1e-9), lost, tuple(costs.items()))
        delta = self._deltas.get(key)
        if delta is None:
            delta = self._deltas[key] = _defence_delta(self.defences, costs, key[1], lost, self.own)
        general = base.without(CALLED_SHOT).total
        if hit_modules(ctx):
            return self._shaped(ctx, base, key, costs, delta)
        success = part_hit = expected = zero
        one = self.one
        for d, q in delta.items():
            hit_part = chance(base.total + d, one)
            hit_any = chance(general + d, one)
            success += q * hit_any
            part_hit += q * hit_part
            if self.spec.deals_injury:
                torso = hit_any - hit_part
                expected += q * (hit_part * self.fail_part * self.part_injuries + torso * self.fail_torso)
        return _odds(base, success, part_hit, expected)

    def notes(self, situation: Situation, breakdown: Breakdown) -> tuple[str, ...]:
        """The rules modules' forecast lines for the attack in this situation."""
        if not self.possible:
            return ()
        assert self.weapon is not None
        world, board = self.world, self.board
        if self.branches and (self.branches[0][1] or self.branches[0][2]):
            # The round facts sure to hold, whichever way the modules' rolls turn out (a Brace).
            mine = frozenset.intersection(*(f for _, f, _ in self.branches))
            theirs = frozenset.intersection(*(g for _, _, g in self.branches))
            situation = situation.with_facts(situation.attacker_facts | mine, situation.target_facts | theirs)
        ctx = AttackContext(world, board, self.actor, self.order, self.action, self.weapon, situation)
        modules = modules_with(self.options, "forecast_notes")
        return tuple(note for m in modules for note in m.forecast_notes(ctx, breakdown))

    def _shaped(
        self,
        ctx: AttackContext,
        base: Breakdown,
        key: tuple[object, ...],
        costs: Mapping[ActionKind, int | None],
        combined: Dist,
    ) -> Odds:
        """The odds when rules modules shape the roll or the hit (`game.rules.hits`): die by
        die, since a natural roll may ignore the Defense Penalties (a critical), and each
        success lands as the modules land it.  `combined`: what own terms and defences add to
        the stat together (the delta of `_at`)."""
        one = self.one
        zero = 0 * one
        defences = self._deltas.get(("bare", *key))
        if defences is None:
            defences = _defence_delta(self.defences, costs, key[1], key[2], {0: one})  # type: ignore[arg-type,dict-item]
            self._deltas[("bare", *key)] = defences
        special = naturals(ctx)
        ignoring = {d for d, n in special.items() if n.ignores_defences}
        reads = landing_reads(ctx)
        landed = self._landed if reads is not None else {}

        def injuries(called_hit: bool, die: int) -> Fraction:
            natural = special.get(die)
            word = natural.name if natural is not None else ""
            key = (called_hit, word, reads)
            found = landed.get(key)
            if found is None:
                blow = first_blow(ctx, called_hit, word)
                found = landed[key] = expected_injuries(ctx, blow, one) if self.spec.deals_injury else zero
            return found  # type: ignore[return-value]

        part_total, general = base.total, base.without(CALLED_SHOT).total
        # What is added to the stat: own terms and defences together, or own terms alone on
        # a die that ignores the Defense Penalties; summed die by die (a 12 always fails).
        alone = combined
        if ignoring:
            mass = sum(defences.values(), zero)
            alone = {own: p_own * mass for own, p_own in self.own.items()}
        success = part_hit = expected = zero
        twelfth = one / 12
        for die in range(1, 12):
            p_part = p_general = zero
            for added, p in (alone if die in ignoring else combined).items():
                if die <= part_total + added:
                    p_part += p
                elif die <= general + added:
                    p_general += p
            success += (p_part + p_general) * twelfth
            part_hit += p_part * twelfth
            if p_part:
                expected += p_part * twelfth * injuries(True, die)
            if p_general:
                expected += p_general * twelfth * injuries(False, die)
        return _odds(base, success, part_hit, expected)


_NO_FACTS: frozenset[str] = frozenset()
_STOOD = Trail()
"""The trail of one that has not moved (one value for all: it keys the odds' answers)."""

_PLAIN_SITUATION: dict[str, object] = dict(Situation((0, 0), (0, 0)).__dict__)
"""Every field of a `Situation` at its default (`AttackOdds.situation` sets the rest)."""


def attack_odds(
    world: World,
    board: Board,
    actor: int,
    action: Action,
    *,
    at: Tile,
    facing: int,
    target_at: Tile,
    target_facing: int,
    order: Order | None = None,
    target_order: Order | None = None,
    target_metres: float = 0.0,
    engaged: bool = False,
    exposed: bool | None = None,
    options: RuleOptions | None = None,
    one: Fraction | float = 1.0,
) -> Odds:
    """The odds of one attack, declared or imagined, with both combatants placed: what the AI
    asks about attacks nobody has declared yet.  `order` is the attacker's whole order (for
    its Action Penalty; default: this action alone), `target_order` the target's (its
    defences, and whether it attacks: `exposed` behind high cover, unless given);
    floats unless `one=ONE`."""
    order = order or Order(actor, (action,))
    options = options or RuleOptions()
    # The same attack is imagined from many tiles: one AttackOdds serves them while nothing moves.
    # Orders that guard alike share it (`Guard`): many candidates of the target's, one look.
    guard, mode = (
        order_reading(world, board, action.target, target_order, options)
        if action.target is not None
        else (None, None)
    )
    key = ("attack odds", id(board), actor, order, action, guard, options, type(one))
    odds = remembered(
        key,
        lambda: AttackOdds(world, board, actor, order, action, target_order, None, options, one, guard),
        world,
    )
    # The target moved as its order says, to `target_at` (the modules read how: a dive, a run).
    moved = _STOOD if mode is None else Trail(mode, (target_at,), target_metres)
    return odds.at_place(
        at,
        facing,
        target_at,
        target_facing,
        engaged=engaged,
        trails=(_STOOD, moved),
        exposed=exposed,
        metres=target_metres,
    )


def _defence_delta(
    defences: Mapping[ActionKind, list[Dist]],
    costs: Mapping[ActionKind, int | None],
    metres: int,
    lost: tuple[ActionKind, ...],
    own: Dist,
) -> Dist:
    """Distribution of everything random added to the stat for one arc and metres moved:
    each defence roll reduced by its arc's cost on its own (RULES.md §8), summed per kind,
    a sum limited by metres capped by the metres moved (CO.15), defences lost to melee dropped."""
    delta = own
    for kind, dists in defences.items():
        cost = costs.get(kind, 0)
        if cost is None or kind in lost:
            continue  # this defence cannot face the attacker, or was lost in melee
        total: Dist | None = None
        for dist in dists:
            one = merge((reduced(v, cost), q) for v, q in dist.items())
            total = one if total is None else convolve(total, one)
        assert total is not None
        if defence_spec(kind).limited_by_metres:
            total = merge((metres_limited(v, metres), q) for v, q in total.items())
        delta = convolve(delta, scaled(total, -1))
    return delta


def _as_one(p: Fraction | float, one: Fraction | float) -> Fraction | float:
    """A module's chance in the arithmetic asked for (exact, or floats)."""
    return p if isinstance(one, Fraction) else float(p)


def _as(dist: Dist, one: Fraction | float) -> Dist:
    """A spec's distribution in the arithmetic asked for (exact, or floats)."""
    return dist if isinstance(one, Fraction) else {k: float(p) for k, p in dist.items()}  # type: ignore[misc]
