"""One combat round in four stages (CO.01; RULES.md §4–7).

    rnd = Round(world, board, dice, number=1)        # Timing Stage
    for eid in rnd.declaration_order:                 # Strategy Stage, worst first
        problems = rnd.declare(order_for(eid, rnd.orders))
    events = rnd.resolve()                            # Modifier + Resolution Stages

`Round` mutates the world it is given and returns events; copy the world
first if the old state is still needed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_NAMES, chebyshev
from game.core.modifiers import Breakdown, Modifier, roll_succeeds
from game.rules.actions import (
    DEFENCES,
    FEINTABLE,
    OFFENSIVE,
    Action,
    ActionKind,
    Order,
)
from game.rules.attack import CALLED_SHOT, Situation, attack_breakdown, reach_problem
from game.rules.board import Board
from game.rules.defence import DEFENCE_SKILL, DefenceResult, counters, ledger, parry_modifiers, parry_weapon
from game.rules.dice import Dice
from game.rules.events import (
    ActionIgnored,
    ActionNullified,
    DefenseTotal,
    EvadeLimited,
    Event,
    Hit,
    Moved,
    OrderDeclared,
    Rolled,
    RoundEnded,
    RoundStarted,
    StageStarted,
    TimingOrderSet,
    TimingRolled,
    Turned,
    WeaponDropped,
    WeaponRetrieved,
)
from game.rules.injury import apply_hit
from game.rules.moving import move, start_moving
from game.rules.options import RuleOptions
from game.rules.positions import (
    combatants,
    engaged_with,
    is_active,
    name_of,
    occupant,
    tile_of,
)
from game.rules.stats import WEAPONLESS_FEINT, movement_roll, skill_roll
from game.rules.summary import summarize_order
from game.rules.validate import validate_order, weapon_for
from game.world import Condition, Equipment, Facing, Item, Name, Position, World


class RoundError(RuntimeError):
    """The round was driven out of order (a programming error, not a bad order)."""


@dataclass
class RoundState:
    """What the Modifier Stage leaves for the Resolution Stage."""

    defences: dict[int, DefenceResult] = field(default_factory=dict)
    grips: dict[tuple[int, int], int] = field(default_factory=dict)
    feints: dict[tuple[int, int], bool] = field(default_factory=dict)
    retreated: set[int] = field(default_factory=set)
    taken_items: set[int] = field(default_factory=set)


def roll_timing(world: World, dice: Dice, actors: Sequence[int]) -> tuple[list[int], list[Event]]:
    """Timing Stage: d12 + Timing each; ties re-rolled among the tied only.  Best first."""
    events: list[Event] = []

    def timing_of(eid: int) -> int:
        return skill_roll(world, eid, "timing", None).total

    def rank(group: Sequence[int], reroll: int) -> list[int]:
        scores = {}
        for eid in group:
            name = name_of(world, eid)
            die = dice.roll(12, f"{name}:Timing")
            scores[eid] = die + timing_of(eid)
            events.append(TimingRolled(name, die, timing_of(eid), scores[eid], reroll))
        ordered: list[int] = []
        for score in sorted(set(scores.values()), reverse=True):
            tied = [eid for eid in group if scores[eid] == score]
            ordered += tied if len(tied) == 1 else rank(tied, reroll + 1)
        return ordered

    return rank(list(actors), 0), events


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
        names = tuple(name_of(world, e) for e in self.timing)
        self.events.append(TimingOrderSet(names, fixed=timing_order is not None))
        self.events.append(StageStarted("Strategy"))
        self.orders: dict[int, Order] = {}
        self.resolved = False

    # --------------------------------------------------------- Strategy Stage
    @property
    def declaration_order(self) -> list[int]:
        """Worst Timing first: each declarer sees every earlier declaration."""
        return list(reversed(self.timing))

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
        return validate_order(self.world, self.board, order, self.orders)

    def declare(self, order: Order) -> list[str]:
        """Record the order if legal; otherwise return the reasons and record nothing."""
        problems = self.check(order)
        if problems:
            return problems
        self.orders[order.actor] = order
        self.events.append(
            OrderDeclared(
                name_of(self.world, order.actor),
                summarize_order(self.world, order),
                order.action_penalty,
            )
        )
        return []

    # ---------------------------------------------- Modifier + Resolution Stages
    def resolve(self) -> list[Event]:
        """Run the Modifier and Resolution Stages; returns every event of the round."""
        if self.resolved:
            raise RoundError("this round is already resolved")
        if self.next_declarer is not None:
            raise RoundError(f"{name_of(self.world, self.next_declarer)} has not declared")
        self.resolved = True
        state = RoundState()
        # Modifier Stage (docs/rulings.md): every Grip and defensive roll, then every
        # movement, then every Feint, each pass in Timing order (best first).
        self.events.append(StageStarted("Modifier"))
        for eid in self.timing:
            self._defensive_rolls(eid, state)
        for eid in self.timing:
            self._move(eid, state)
        for eid in self.timing:
            self._feints(eid, state)
        self.events.append(StageStarted("Resolution"))
        for eid in self.timing:
            self._resolution_turn(eid, state)
        self.events.append(RoundEnded(self.number))
        return self.events

    # ------------------------------------------------------------- helpers
    def _roll(
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
        if breakdown.total < 1:
            event = Rolled(name, action, target_name, breakdown, None, "impossible", note)
        else:
            die = self.dice.roll(12, f"{name}:{action}")
            outcome = win if roll_succeeds(die, breakdown.total) else lose
            event = Rolled(name, action, target_name, breakdown, die, outcome, note)
        self.events.append(event)
        return event

    def _attacks_on(self, eid: int) -> list[tuple[int, int, Action]]:
        """(attacker, index in its order, action) for each attack declared on `eid`."""
        return [
            (attacker, index, action)
            for attacker, order in self.orders.items()
            for index, action in enumerate(order.actions)
            if action.target == eid and action.kind is not ActionKind.FEINT
        ]

    def _strikes(self, order: Order) -> list[Action]:
        """The attacks the order's Feints serve, in order (Brawls for the unarmed: CO.09 Ex. 6)."""
        return [a for a in order.actions if a.kind in FEINTABLE]

    # ------------------------------------------------------- Modifier Stage
    def _defensive_rolls(self, eid: int, state: RoundState) -> None:
        """Grip against each Disarm declared on `eid`, then its defensive rolls."""
        order = self.orders[eid]
        world = self.world
        equipment = world.get(eid, Equipment)

        # Grip against each Disarm declared on this combatant (no Action Penalty: CO.10).
        for attacker, index, action in self._attacks_on(eid):
            if action.kind is not ActionKind.DISARM:
                continue
            breakdown = skill_roll(world, eid, "grip", None)
            rolled = self._roll(
                eid, "Grip", attacker, breakdown, note=f"against {name_of(world, attacker)}'s Disarm"
            )
            if rolled.succeeded and rolled.die is not None:
                state.grips[(attacker, index)] = rolled.die

        result = DefenceResult(parry_armed=parry_weapon(equipment) is not None)
        result.parrying = order.has(ActionKind.PARRY)
        attacks = {action.kind for _, _, action in self._attacks_on(eid)}
        for action in order.actions:
            if action.kind not in DEFENCES:
                continue
            if not attacks & counters(action.kind, result.parry_armed):
                self.events.append(
                    ActionIgnored(
                        name_of(world, eid),
                        action.kind.label,
                        f"no attack this round that a {action.kind.label} counters",
                    )
                )
                continue
            breakdown = skill_roll(world, eid, DEFENCE_SKILL[action.kind], order)
            if action.kind is ActionKind.PARRY:
                breakdown = breakdown.plus(*parry_modifiers(equipment))
            rolled = self._roll(eid, action.kind.label, None, breakdown)
            if rolled.succeeded and rolled.die is not None:
                result.add(action.kind, rolled.die)
        state.defences[eid] = result

    def _feints(self, eid: int, state: RoundState) -> None:
        """The i-th Feint serves the i-th Strike (CO.09 "respectively"); it is rolled after
        all movement, and nullified when its Strike's target is out of reach (CO.18)."""
        order = self.orders[eid]
        world = self.world
        equipment = world.get(eid, Equipment)
        strikes = self._strikes(order)
        for i in range(order.count(ActionKind.FEINT)):
            strike = strikes[i]
            target = strike.target
            assert target is not None
            weapon = weapon_for(equipment, strike)
            target_name = name_of(world, target)
            here, there = tile_of(world, eid), tile_of(world, target)
            problem = weapon and reach_problem(
                self.board, here, there, weapon, target_name, target in state.retreated
            )
            if problem:
                self.events.append(ActionNullified(name_of(world, eid), "Feint", target_name, problem))
                continue
            breakdown = skill_roll(world, eid, "feint", order)
            if equipment.melee_weapon() is None:
                breakdown = breakdown.plus(Modifier("Weaponless Penalty", WEAPONLESS_FEINT))
            rolled = self._roll(eid, "Feint", target, breakdown)
            state.feints[(eid, i)] = rolled.succeeded

    def _move(self, eid: int, state: RoundState) -> None:
        """Move `eid` as engagement at this moment allows; then its Evade is final (CO.15)."""
        world = self.world
        order = self.orders[eid]
        name = name_of(world, eid)
        result = state.defences[eid]
        start = start_moving(world, self.board, eid, order)
        engaged = ", ".join(name_of(world, e) for e in start.engaged)
        if start.sprint_refused:
            reason = f"engaged in melee with {engaged}: cannot Sprint out of it"
            self.events.append(ActionNullified(name, "Sprint", None, reason))
        if start.evade_lost and result.rolls.pop(ActionKind.EVADE, None):
            self.events.append(ActionNullified(name, "Evade", None, f"engaged in melee with {engaged}"))
        rate = start.rate
        note = ""
        die = None
        retreated = False
        if start.rolls:
            label = "Sprint" if start.mode == "sprint" else "Retreat"
            rolled = self._roll(eid, label, None, movement_roll(world, eid, order))
            if rolled.succeeded and rolled.die is not None:
                die = rolled.die
                retreated = start.mode == "retreat"
                note = f"{rate} [Movement] + {die} [{label} roll] = {start.allowed(die):g} m"
            elif start.mode == "retreat":
                note = "Retreat failed: stays in melee"
            else:
                note = f"Sprint failed: {rate} [Movement] m"
        if retreated:
            state.retreated.add(eid)
        allowed = start.allowed(die)
        facing = world.get(eid, Facing).direction
        walked = move(world, self.board, eid, order, allowed, start.held(retreated))
        if walked.stop and walked.tiles[-1] != order.path[-1]:
            note = f"{note}; stopped: {walked.stop}" if note else f"stopped: {walked.stop}"
        mode = start.mode if start.mode != "none" else "walk"
        if len(walked.tiles) > 1 or order.path:
            self.events.append(
                Moved(name, mode, walked.tiles, walked.metres, allowed, DIRECTION_NAMES[walked.facing], note)
            )
        elif walked.facing != facing:
            self.events.append(Turned(name, DIRECTION_NAMES[walked.facing]))
        world.set(eid, Position(*walked.tiles[-1]))
        world.set(eid, Facing(walked.facing))

        # Evade: limited by the whole metres of ground actually covered (CO.15).
        result.evade_metres = int(walked.ground + 1e-9)
        evade = sum(result.rolls.get(ActionKind.EVADE, ()))
        if evade > result.evade_metres:
            self.events.append(EvadeLimited(name, evade, result.evade_metres, walked.ground))
        parts = ledger(result)
        if parts:
            self.events.append(DefenseTotal(name, parts))

    # ----------------------------------------------------- Resolution Stage
    def _resolution_turn(self, eid: int, state: RoundState) -> None:
        world = self.world
        order = self.orders[eid]
        name = name_of(world, eid)
        strike_index = 0
        for index, action in enumerate(order.actions):
            if action.kind in DEFENCES or action.kind in (
                ActionKind.FEINT,
                ActionKind.SPRINT,
                ActionKind.RETREAT,
            ):
                continue
            if not is_active(world, eid):
                self.events.append(
                    ActionNullified(
                        name,
                        action.kind.label,
                        name_of(world, action.target) if action.target else None,
                        f"{name} is {'dead' if world.get(eid, Condition).dead else 'Defeated'}",
                    )
                )
                continue
            if action.kind is ActionKind.RETRIEVE:
                self._retrieve(eid, action, state)
                continue
            feint_index = None
            if action.kind in FEINTABLE:
                feint_index = strike_index
                strike_index += 1
            self._attack(eid, order, index, action, feint_index, state)

    def _nullify(self, eid: int, action: Action, reason: str) -> None:
        target = name_of(self.world, action.target) if action.target is not None else None
        self.events.append(ActionNullified(name_of(self.world, eid), action.kind.label, target, reason))

    def _attack(
        self,
        eid: int,
        order: Order,
        index: int,
        action: Action,
        feint_index: int | None,
        state: RoundState,
    ) -> None:
        world, board = self.world, self.board
        target = action.target
        assert target is not None
        target_name = name_of(world, target)
        kind = action.kind
        weapon = weapon_for(world.get(eid, Equipment), action)
        if weapon is None:
            self._nullify(eid, action, "no weapon in hand for it any more")
            return
        if world.get(target, Condition).dead:
            self._nullify(eid, action, f"{target_name} is dead")
            return
        target_order = self.orders.get(target)
        situation = Situation(
            attacker_tile=tile_of(world, eid),
            target_tile=tile_of(world, target),
            defence=state.defences.get(target, DefenceResult()),
            feint_succeeded=feint_index is not None and state.feints.get((eid, feint_index), False),
            grip=state.grips.get((eid, index), 0),
            target_retreated=target in state.retreated,
            target_defeated=world.get(target, Condition).defeated,
            attacker_engaged=kind is ActionKind.MISSILE_STRIKE and bool(engaged_with(world, board, eid)),
            attacker_facing=world.get(eid, Facing).direction,
            target_facing=world.get(target, Facing).direction,
            target_exposed=target_order is not None
            and any(a.kind in OFFENSIVE for a in target_order.actions),
            options=self.options,
        )
        breakdown = attack_breakdown(world, board, eid, order, action, weapon, situation)
        if isinstance(breakdown, str):
            self._nullify(eid, action, breakdown)
            return
        called = action.called_shot

        if kind is ActionKind.DISARM:
            rolled = self._roll(eid, kind.label, target, breakdown)
            if rolled.succeeded:
                self._drop_weapon(target)
            return

        label = kind.label if called is None else f"{kind.label}, Called Shot ({called.part})"
        general = breakdown.without(CALLED_SHOT)
        if called is None:
            rolled = self._roll(eid, label, target, breakdown, win="hit", lose="miss")
            part = "torso"
        else:
            note = (
                f"{called.part} on ≤ {breakdown.total}, torso on ≤ {general.total}"
                if breakdown.total != general.total
                else ""
            )
            rolled = self._called_roll(eid, kind, label, target, breakdown, general, note)
            part = called.part if rolled.outcome == "hit" else "torso"
        if not rolled.succeeded:
            return
        vulnerable = bool(called and called.vulnerable and rolled.outcome == "hit")
        self.events.append(Hit(name_of(world, eid), target_name, part, weapon.name))
        self.events += apply_hit(world, self.dice, target, weapon, vulnerable)

    def _called_roll(
        self,
        eid: int,
        kind: ActionKind,
        label: str,
        target: int,
        full: Breakdown,
        general: Breakdown,
        note: str,
    ) -> Rolled:
        """A Called Shot: ≤ modified stat hits the part, ≤ the stat without the
        Called Shot Modifier hits the torso (CO.08, Example 1)."""
        name = name_of(self.world, eid)
        target_name = name_of(self.world, target)
        if general.total < 1:
            event = Rolled(name, label, target_name, full, None, "impossible", note)
        else:
            die = self.dice.roll(12, f"{name}:{kind.label}")
            if roll_succeeds(die, full.total):
                outcome = "hit"
            elif roll_succeeds(die, general.total):
                outcome = "general hit"
            else:
                outcome = "miss"
            event = Rolled(name, label, target_name, full, die, outcome, note)
        self.events.append(event)
        return event

    def _drop_weapon(self, target: int) -> None:
        world = self.world
        equipment = world.get(target, Equipment)
        if not equipment.weapons:  # an earlier Disarm this round took the last one
            return
        weapon: Weapon = equipment.melee_weapon() or equipment.weapons[0]
        world.set(target, equipment.without(weapon))
        tile = self._landing_tile(tile_of(world, target))
        world.create(Name(weapon.name), Position(*tile), Item(weapon, owner=target))
        self.events.append(WeaponDropped(name_of(world, target), weapon.name, tile))

    def _landing_tile(self, origin: tuple[int, int]) -> tuple[int, int]:
        """[design] 1–3 tiles away (d3), on a random free tile at that distance."""
        distance = self.dice.roll(3, "Disarm:distance")
        for ring in (distance, *[d for d in (1, 2, 3) if d != distance]):
            tiles = [
                (origin[0] + dx, origin[1] + dy)
                for dy in range(-ring, ring + 1)
                for dx in range(-ring, ring + 1)
                if max(abs(dx), abs(dy)) == ring
            ]
            free = [
                t
                for t in tiles
                if self.board.in_bounds(t)
                and not self.board.blocks_move(t)
                and occupant(self.world, t) is None
                and not self._item_at(t)
            ]
            if free:
                return free[self.dice.roll(len(free), "Disarm:tile") - 1]
        return origin

    def _item_at(self, tile: tuple[int, int]) -> bool:
        return any(pos.tile == tile for _, pos, _item in self.world.query(Position, Item))

    def _retrieve(self, eid: int, action: Action, state: RoundState) -> None:
        world = self.world
        item_id = action.item
        if item_id is None or item_id in state.taken_items or not world.has(item_id, Item):
            self._nullify(eid, action, "someone with better Timing got to it first")
            return
        item = world.get(item_id, Item)
        where = world.get(item_id, Position).tile
        if chebyshev(where, tile_of(world, eid)) > 1:
            self._nullify(eid, action, f"the {item.weapon.name} is not on or next to you")
            return
        equipment = world.get(eid, Equipment)
        if equipment.free_hands() < item.weapon.hands:
            self._nullify(eid, action, f"no free hand for the {item.weapon.name}")
            return
        world.set(eid, replace(equipment, weapons=(*equipment.weapons, item.weapon)))
        world.destroy(item_id)
        state.taken_items.add(item_id)
        self.events.append(WeaponRetrieved(name_of(world, eid), item.weapon.name, where))


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
