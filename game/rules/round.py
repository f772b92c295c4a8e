"""One combat round in four stages (CO.01; RULES.md §4–7).

    rnd = Round(world, board, dice, number=1)        # Timing Stage
    for eid in rnd.declaration_order:                 # Strategy Stage, worst first
        problems = rnd.declare(order_for(eid, rnd.orders))
    events = rnd.resolve()                            # Modifier + Resolution Stages

`Round` changes the world it is given, only through `game.rules.apply`, and
returns events; copy the world first if the old state is still needed.  The
stages are the chapter's; what each action does in them is its spec's
(`game.rules.actions`), asked through `game.rules.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, roll_possible, roll_succeeds
from game.i18n import source_text
from game.rules.api.action import ActionSpec
from game.rules.api.attack import CALLED_SHOT, AttackContext, AttackSpec, Situation, weapon_for
from game.rules.api.state import DefenceResult, RoundState, Trail
from game.rules.apply import apply
from game.rules.attack import attack_breakdown
from game.rules.board import Board
from game.rules.defence import countered, defence_spec, ignored_reason, without_defence_penalties
from game.rules.dice import Dice
from game.rules.events import (
    ActionIgnored,
    ActionNullified,
    Event,
    Hit,
    Injured,
    OrderDeclared,
    Rolled,
    RoundEnded,
    RoundStarted,
    StageStarted,
    TimingOrderSet,
)
from game.rules.hits import HitStopped, first_blow, hit_context, land, natural_roll, naturals
from game.rules.injury import withstand
from game.rules.movement_stage import move_in_round
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.positions import combatants, engaged_with, is_active, name_of, out_of_the_fight, tile_of
from game.rules.registry import (
    DEFENCES,
    FEINTABLE,
    OFFENSIVE,
    action_specs,
    active_modules,
    derived,
    exposes,
    modules_with,
    spec_of,
)
from game.rules.summary import summarize_order
from game.rules.timing import declaration_order, roll_timing
from game.rules.validate import validate_order
from game.world import Condition, Equipment, Facing, World


class RoundError(RuntimeError):
    """The round was driven out of order (a programming error, not a bad order)."""


def situation_marks(state: RoundState, attacker: int, index: int, slot: int | None) -> dict[str, Any]:
    """What the specs' own round state says about one attack, by kind (`ActionSpec.situation_mark`:
    a Feint's success, a Grip against a Disarm), asked of the specs that fill that hook in."""
    marking = derived(
        ("marking",),
        lambda: [s for s in action_specs() if type(s).situation_mark is not ActionSpec.situation_mark],
    )
    found: dict[str, Any] = {}
    for spec in marking:
        mark = spec.situation_mark(state, attacker, index, slot)
        if mark is not None:
            found[spec.kind.value] = mark
    return found


class Round:
    """One round: Timing on creation, then declarations, then resolution."""

    def __init__(
        self,
        world: World,
        board: Board,
        dice: Dice,
        number: int = 1,
        timing_order: Sequence[int] | None = None,
        options: RuleOptions | None = None,
    ) -> None:
        self.world, self.board, self.dice, self.number = world, board, dice, number
        self.options = options or RuleOptions()
        self.events: list[Event] = [RoundStarted(number), StageStarted("Timing")]
        actors = [eid for eid in combatants(world) if is_active(world, eid)]
        if timing_order is not None:
            if sorted(timing_order) != sorted(actors):
                names = ", ".join(name_of(world, e) for e in actors)
                raise RoundError(f"a fixed Timing order must list every active combatant: {names}")
            self.timing = list(timing_order)
        else:
            self.timing, rolls = roll_timing(world, dice, actors)
            self.events += rolls
            # A module may regroup the rolled order (side initiative); a fixed one is final.
            for module in active_modules(self.options):
                regrouped = module.regroup_timing(self, self.timing)
                if regrouped is not None:
                    self.timing, more = regrouped
                    self.events += more
        names = tuple(name_of(world, e) for e in self.timing)
        self.events.append(TimingOrderSet(names, fixed=timing_order is not None))
        self.events.append(StageStarted("Strategy"))
        self.orders: dict[int, Order] = {}
        self.state: RoundState | None = None
        """What the Modifier Stage leaves for the Resolution Stage (while resolving)."""
        self.free_attacks = 0
        """How many free attacks (a rules module's, outside any order) are being made now."""
        self.shot_at: dict[int, Tile] = {}
        """Where a combatant is being attacked, while that is not where it stands yet (a mover
        shot partway along its path): its hit lands there."""
        self.resolved = False
        self.state: RoundState | None = None
        """What the Modifier Stage leaves for the Resolution Stage (while resolving)."""

    # --------------------------------------------------------- Strategy Stage
    @property
    def declaration_order(self) -> list[int]:
        """Worst Timing first: each declarer sees every earlier declaration."""
        return declaration_order(self.timing)

    @property
    def next_declarer(self) -> int | None:
        """Who declares next, or None when everyone has."""
        return next((e for e in self.declaration_order if e not in self.orders), None)

    def check(self, order: Order) -> list[str]:
        """Why the order cannot be declared now (empty when it can)."""
        if self.resolved:
            return ["the round is over"]
        if order.actor != self.next_declarer:
            who = self.next_declarer
            return [f"it is {name_of(self.world, who)}'s turn to declare" if who else "all declared"]
        return validate_order(self.world, self.board, order, self.orders, self.options)

    def declare(self, order: Order) -> list[str]:
        """Record the order if legal; otherwise return the reasons and record nothing."""
        problems = self.check(order)
        if problems:
            return problems
        self.orders[order.actor] = order
        with source_text():  # the event is hashed into saves: in no language but the source
            summary = summarize_order(self.world, order)
        self.events.append(OrderDeclared(name_of(self.world, order.actor), summary, order.action_penalty))
        return []

    # ---------------------------------------------- Modifier + Resolution Stages
    def resolve(self) -> list[Event]:
        """Run the Modifier and Resolution Stages; returns every event of the round."""
        # The events are hashed into saves and checked by `replay --verify`: what they carry is
        # the source text, whatever language the window shows (`game.i18n.source_text`).
        with source_text():
            return self._resolve()

    def _resolve(self) -> list[Event]:
        if self.resolved:
            raise RoundError("this round is already resolved")
        if self.next_declarer is not None:
            raise RoundError(f"{name_of(self.world, self.next_declarer)} has not declared")
        self.resolved = True
        state = self.state = RoundState()
        modules = active_modules(self.options)
        # Modifier Stage (docs/rulings.md): every Grip and defensive roll, then every
        # movement, then the late rolls (Feints), each pass in Timing order (best first).
        self.emit(StageStarted("Modifier"))
        for module in modules:
            module.begin_stage(self, "Modifier", state)
        for eid in self.timing:
            self._defensive_rolls(eid, state)
        for eid in self.timing:
            move_in_round(self, eid, state)
        for eid in self.timing:
            order = self.orders[eid]
            for spec in action_specs():
                if order.has(spec.kind):
                    spec.late(self, eid, state)
        self.emit(StageStarted("Resolution"))
        for module in modules:
            module.begin_stage(self, "Resolution", state)
        for eid in self.timing:
            self._resolution_turn(eid, state)
        for module in modules:
            module.end_round(self, state)
        self.emit(RoundEnded(self.number))
        return self.events

    # ------------------------------------------------------------- helpers for the specs
    def emit(self, event: Event) -> None:
        """Record an event and make it happen (`game.rules.apply`)."""
        self.events.append(event)
        apply(self.world, event)

    def roll(
        self,
        eid: int,
        action: str,
        target: int | None,
        breakdown: Breakdown,
        win: str = "success",
        lose: str = "failure",
        note: str = "",
    ) -> Rolled:
        """Roll d12 against a breakdown; below 1 is impossible and rolls no die."""
        name = name_of(self.world, eid)
        target_name = name_of(self.world, target) if target is not None else None
        if not roll_possible(breakdown.total):
            event = Rolled(name, action, target_name, breakdown, None, "impossible", note)
        else:
            die = self.dice.roll(12, f"{name}:{action}")
            outcome = win if roll_succeeds(die, breakdown.total) else lose
            event = Rolled(name, action, target_name, breakdown, die, outcome, note)
        self.emit(event)
        return event

    def nullify(self, eid: int, action: Action, reason: str) -> None:
        """Say that a declared action cannot happen (and why)."""
        target = name_of(self.world, action.target) if action.target is not None else None
        self.emit(ActionNullified(name_of(self.world, eid), action.kind.label, target, reason))

    def attacks_on(self, eid: int) -> list[tuple[int, int, Action]]:
        """(attacker, index in its order, action) for each attack declared on `eid`."""
        return [
            (attacker, index, action)
            for attacker, order in self.orders.items()
            for index, action in enumerate(order.actions)
            if action.target == eid and action.kind in OFFENSIVE
        ]

    def threats_to(self, eid: int) -> set[str]:
        """The attack classes of declared actions that may attack `eid` besides their own target
        (`ActionSpec.threatens`: a burst's cone, an Overwatch's arc), as everyone stands now."""
        found = set()
        for attacker, order in self.orders.items():
            for action in order.actions:
                threat = spec_of(action.kind).threatens(
                    self.world, self.board, self.orders, attacker, action, eid
                )
                if threat is not None:
                    found.add(threat)
        return found

    # ------------------------------------------------------- Modifier Stage
    def _defensive_rolls(self, eid: int, state: RoundState) -> None:
        """What `eid` rolls against the attacks on it (Grips), then its defensive rolls."""
        order = self.orders[eid]
        world = self.world
        equipment = world.get(eid, Equipment)
        attacks = self.attacks_on(eid)
        for attacker, index, action in attacks:
            spec_of(action.kind).react(self, eid, attacker, index, action, state)

        declared = [a.kind for a in order.actions if a.kind in DEFENCES]
        result = DefenceResult(
            counters={kind: defence_spec(kind).counters_for(equipment) for kind in declared},
            declared=frozenset(declared),
        )
        threats = self.threats_to(eid)  # area attacks and held shots that may reach it
        for action in order.actions:
            if action.kind not in DEFENCES:
                continue
            spec = defence_spec(action.kind)
            if not countered(action.kind, equipment, (a for _, _, a in attacks)) and not (
                threats & result.counters[action.kind]
            ):
                reason = ignored_reason(action.kind)
                self.emit(ActionIgnored(name_of(world, eid), spec.label, reason))
                continue
            breakdown = spec.roll_breakdown(world, eid, order)
            assert breakdown is not None
            rolled = self.roll(eid, spec.label, None, breakdown)
            if rolled.succeeded and rolled.die is not None:
                result.add(action.kind, rolled.die)
            state.defences[eid] = result  # what the hooks below see (a free attack on the defender)
            for module in modules_with(self.options, "after_defence"):
                module.after_defence(self, eid, action.kind, rolled, state)
        state.defences[eid] = result

    # ----------------------------------------------------- Resolution Stage
    def _resolution_turn(self, eid: int, state: RoundState) -> None:
        world = self.world
        order = self.orders[eid]
        name = name_of(world, eid)
        slot = 0
        for index, action in enumerate(order.actions):
            spec = spec_of(action.kind)
            if not spec.resolves:
                continue
            if not is_active(world, eid):
                self.nullify(eid, action, f"{name} {out_of_the_fight(world, eid)}")
                continue
            served = None
            if action.kind in FEINTABLE:
                served, slot = slot, slot + 1
            for module in active_modules(self.options):
                module.before_action(self, eid, index, action, state)
            if not is_active(world, eid):
                self.nullify(eid, action, f"{name} {out_of_the_fight(world, eid)}")
                continue
            spec.resolve(self, eid, index, action, state, served)

    @contextmanager
    def _shot_taken(self, action: Action, target_at: Tile | None) -> Iterator[None]:
        """While an attack at a target standing elsewhere than its tile (a mover shot on its
        way) is made: `shot_at` says where, so its hit lands there."""
        if target_at is None or action.target is None:
            yield
            return
        self.shot_at[action.target] = target_at
        try:
            yield
        finally:
            del self.shot_at[action.target]

    def attack(
        self,
        eid: int,
        index: int,
        action: Action,
        slot: int | None,
        state: RoundState,
        before_contact: bool = False,
        target_at: Tile | None = None,
        order: Order | None = None,
    ) -> Rolled | None:
        """Roll one attack: its numbers now (`attack_breakdown`), a Called Shot's two
        ranges, and what a success does (the spec's `on_success`); then what the roll sets
        off in the modules (`after_attack`).  `before_contact`: the attack is made as its
        target comes into contact (a held shot at a mover, a charged foe striking first), so
        only being engaged with others counts; `target_at` is where the target stands (a
        mover shot halfway along its path), `order` the attacker's declaration (a free attack
        outside it brings its own); returns the roll (None: nullified)."""
        with self._shot_taken(action, target_at):
            world, board = self.world, self.board
            spec = spec_of(action.kind)
            assert isinstance(spec, AttackSpec)
            target = action.target
            assert target is not None
            order = order or self.orders[eid]
            weapon = weapon_for(world.get(eid, Equipment), action)
            if weapon is None:
                self.nullify(eid, action, "no weapon in hand for it any more")
                return None
            if not world.get(target, Condition).present:
                self.nullify(eid, action, f"{name_of(world, target)} {out_of_the_fight(world, target)}")
                return None
            target_order = self.orders.get(target)
            situation = Situation(
                attacker_tile=tile_of(world, eid),
                target_tile=target_at if target_at is not None else tile_of(world, target),
                defence=state.defences.get(target, DefenceResult()),
                marks=situation_marks(state, eid, index, slot),
                target_retreated=target in state.retreated,
                target_defeated=world.get(target, Condition).defeated,
                attacker_engaged="melee" not in spec.roles
                and any(not (before_contact and e == target) for e in engaged_with(world, board, eid)),
                attacker_facing=world.get(eid, Facing).direction,
                target_facing=world.get(target, Facing).direction,
                target_exposed=target_order is not None and exposes(target_order),
                options=self.options,
                attacker_trail=state.trails.get(eid, Trail()),
                target_trail=state.trails.get(target, Trail()),
                attacker_facts=frozenset(state.facts.get(eid, ())),
                target_facts=frozenset(state.facts.get(target, ())),
            )
            breakdown = attack_breakdown(world, board, eid, order, action, weapon, situation)
            if isinstance(breakdown, str):
                self.nullify(eid, action, breakdown)
                return None
            ctx = AttackContext(world, board, eid, order, action, weapon, situation)
            called = action.called_shot
            special = naturals(ctx)
            if special:
                bare = without_defence_penalties(breakdown)
                rolled = natural_roll(self, eid, action, breakdown, bare, special)
            elif called is None:
                rolled = self.roll(eid, spec.label, target, breakdown, win=spec.win, lose=spec.lose)
            else:
                rolled = self._called_roll(eid, spec.label, called.part, target, breakdown)
            if rolled.succeeded:
                spec.on_success(self, eid, action, weapon, rolled)
            for module in active_modules(self.options):
                module.after_attack(self, ctx, rolled)
            return rolled

    def _called_roll(self, eid: int, label: str, part: str, target: int, full: Breakdown) -> Rolled:
        """A Called Shot: ≤ modified stat hits the part, ≤ the stat without the
        Called Shot Modifier hits the torso (CO.08, Example 1)."""
        general = full.without(CALLED_SHOT)
        name = name_of(self.world, eid)
        shown = f"{label}, Called Shot ({part})"
        note = f"{part} on ≤ {full.total}, torso on ≤ {general.total}" if full.total != general.total else ""
        if not roll_possible(full.total):  # the part is impossible, as any stat below 1; the torso is not
            note = f"{part} impossible (≤ {full.total}), torso on ≤ {general.total}"
        if not roll_possible(general.total):
            event = Rolled(name, shown, name_of(self.world, target), full, None, "impossible", note)
        else:
            die = self.dice.roll(12, f"{name}:{label}")
            if roll_succeeds(die, full.total):
                outcome = "hit"
            elif roll_succeeds(die, general.total):
                outcome = "general hit"
            else:
                outcome = "miss"
            event = Rolled(name, shown, name_of(self.world, target), full, die, outcome, note)
        self.emit(event)
        return event

    def hit(self, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """A hit: on the called part (a full Called Shot hit) or the torso, as the rules
        modules land it (`game.rules.hits`); the target rolls Withstand Injury (RULES.md §7)."""
        assert action.target is not None
        target = action.target
        world = self.world
        ctx = hit_context(self, eid, action, weapon)
        natural = naturals(ctx).get(rolled.die) if rolled.die is not None else None
        blow = land(self, ctx, first_blow(ctx, rolled.outcome == "hit", natural.name if natural else ""))
        names = name_of(world, eid), name_of(world, target)
        added = 0
        if blow.struck:
            self.emit(HitStopped(*names, blow.part, weapon.name, blow.struck, actor_id=eid, target_id=target))
        else:
            self.emit(Hit(*names, blow.part, weapon.name, actor_id=eid, target_id=target))
            for event in withstand(
                world, self.dice, target, weapon, blow.vulnerable, blow.withstand, blow.sure, blow.injuries
            ):
                self.emit(event)
                if isinstance(event, Injured):
                    added = event.added
        for module in active_modules(self.options):
            module.blow_landed(self, ctx, blow, added)
        if not blow.struck:  # a blow that struck the cover pushes nobody
            for module in active_modules(self.options):
                module.after_hit(self, eid, action, weapon, rolled)


def play_round(
    world: World,
    board: Board,
    dice: Dice,
    orders: Mapping[int, Order] | Callable[[int, Round], Order],
    number: int = 1,
    timing_order: Sequence[int] | None = None,
    options: RuleOptions | None = None,
) -> list[Event]:
    """Play a whole round with fixed orders (or a function asked in declaration order).

    Raises `OrderRejected` if an order is illegal.
    """
    rnd = Round(world, board, dice, number, timing_order, options)
    for eid in rnd.declaration_order:
        if callable(orders):
            order = orders(eid, rnd)
        else:
            order = orders.get(eid, Order(eid))
        problems = rnd.declare(order)
        if problems:
            raise OrderRejected(name_of(world, eid), problems)
    return rnd.resolve()


class OrderRejected(ValueError):
    """An order failed validation; `reasons` are for the player."""

    def __init__(self, actor: str, reasons: list[str]) -> None:
        super().__init__(f"{actor}: " + "; ".join(reasons))
        self.actor = actor
        self.reasons = reasons
