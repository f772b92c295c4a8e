"""Playing a loaded scenario round by round through the engine's own `Round`.

Each round: Timing (fixed by the file or rolled), every combatant declares in
worst-Timing-first order through `Round.declare` (an order the engine rejects
stops the scenario), then the Modifier and Resolution Stages.  Dice come from
the round's script, falling back to the scenario's seeded dice when it has a
seed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from game.content.fields import FieldError, key_path, shown
from game.rules.api.attack import weapon_for
from game.rules.dice import Dice, DiceExhausted, ScriptedDice, SeededDice
from game.rules.events import Event
from game.rules.fog import FogMemory, fog_on, view_for, watch
from game.rules.orders import Action, Order
from game.rules.positions import combatants, is_active, name_of, out_of_the_fight
from game.rules.registry import MELEE_ATTACKS
from game.rules.round import Round
from game.sandbox.loader import Scenario
from game.sandbox.rounds import ActionEntry, DiceSpec, OrderSpec, RoundSpec
from game.world import Equipment, Item, Position, Side, World


class OrderRefused(Exception):
    """The engine refused a declared order: `round 2: Omar: more Feints (2) than Strikes (1)`."""


@dataclass
class RoundReport:
    """What one round produced."""

    number: int
    events: list[Event]
    unused_dice: dict[str, list[int]] = field(default_factory=dict)
    fog: list[str] = field(default_factory=list)
    """With the fog module: what each side saw of the round, in words (`fog_lines`)."""

    def to_dict(self) -> dict[str, object]:
        """JSON form: the round number, every event's `to_dict()`, scripted dice left over
        (and, with fog of war, what each side saw)."""
        found: dict[str, object] = {
            "round": self.number,
            "events": [event.to_dict() for event in self.events],
            "unused_dice": self.unused_dice,
        }
        if self.fog:
            found["fog"] = self.fog
        return found


class RoundDice:
    """The round's scripted dice; a roll they cannot answer is an error in the file, at `path`."""

    def __init__(self, spec: DiceSpec, fallback: Dice | None, path: str) -> None:
        self.path = path
        self.scripted = ScriptedDice(spec.sequence, spec.keyed, fallback)
        self._spelling = {key.casefold(): key for key in spec.keyed}

    def roll(self, sides: int, key: str) -> int:
        """One die for `key` ("Omar:Strike"), from the script (or the seed)."""
        try:
            return self.scripted.roll(sides, key)
        except DiceExhausted as err:
            raise FieldError(self.path, f"{err}: script it in this round's dice, or give a seed") from None
        except ValueError as err:  # a scripted value too big for this die
            raise FieldError(self.path, str(err)) from None

    def unused(self) -> dict[str, list[int]]:
        """Scripted results no roll asked for, under the keys as the file spelt them."""
        return {self._spelling.get(key, key): values for key, values in self.scripted.unused().items()}


def play(scenario: Scenario) -> Iterator[RoundReport]:
    """Play every round in turn, yielding each one's report as soon as it is resolved.

    Raises FieldError (a bad value found in play, e.g. dice run out) or
    OrderRefused (the engine rejected an order).
    """
    seeded = SeededDice(scenario.seed) if scenario.seed is not None else None
    memories: dict[str, FogMemory] = {}
    for spec in scenario.rounds:
        before = scenario.world.copy() if fog_on(scenario.options) else None
        report = play_round(scenario, spec, seeded)
        if before is not None:
            report.fog = fog_lines(scenario, before, report, memories)
        yield report


def fog_lines(
    scenario: Scenario, before: World, report: RoundReport, memories: dict[str, FogMemory]
) -> list[str]:
    """What each side saw of a round played with fog of war (`game.rules.fog`): what it saw
    and remembered at the Strategy Stage, whose orders it saw, how many of the round's events,
    and what it sees and remembers at the end.  `memories` (side → memory) is carried on."""
    board, options, number = scenario.board, scenario.options, report.number
    lines = []
    sides = list(dict.fromkeys(before.get(eid, Side).name for eid in combatants(before)))
    acting = [eid for eid in combatants(before) if is_active(before, eid)]
    for side in sides:
        memory = memories.get(side, FogMemory(side))
        start = view_for(before, board, side, memory, number, options)
        shown = start.declarations({eid: Order(eid) for eid in acting})
        hidden = [name_of(before, eid) for eid in acting if eid not in shown]
        watched = watch(before, board, side, memory, report.events, number, options)
        memories[side] = watched.memory
        orders = ", ".join(name_of(before, eid) for eid in shown) or "nobody"
        orders += f"; hidden: {', '.join(hidden)}" if hidden else ""
        lines += [
            f"Fog \u2014 {side}, Strategy Stage: {start.describe(before)}",
            f"Fog \u2014 {side}, orders seen: {orders}",
            f"Fog \u2014 {side}, events seen: {len(watched.events)} of {len(report.events)}",
            f"Fog \u2014 {side}, end of round: {watched.view.describe(scenario.world)}",
        ]
    return lines


def play_round(scenario: Scenario, spec: RoundSpec, seeded: Dice | None) -> RoundReport:
    """Play one round of the scenario on its world."""
    world = scenario.world
    for eid in spec.orders:
        if not is_active(world, eid):
            state = out_of_the_fight(world, eid)
            if state == "is Defeated":
                state += " and takes no more actions"
            name = name_of(world, eid)
            raise OrderRefused(f"round {spec.number}: {name}: {name} {state}")
    dice = RoundDice(spec.dice, seeded, key_path(spec.path, "dice"))
    rnd = Round(world, scenario.board, dice, spec.number, _timing(scenario, spec), scenario.options)
    for eid in rnd.declaration_order:
        written = spec.orders.get(eid)
        order = _order(scenario, written) if written is not None else Order(eid)
        problems = rnd.declare(order)
        if problems:
            raise OrderRefused(f"round {spec.number}: {name_of(world, eid)}: {'; '.join(problems)}")
    events = rnd.resolve()
    return RoundReport(spec.number, events, dice.unused())


def _timing(scenario: Scenario, spec: RoundSpec) -> list[int] | None:
    """The fixed Timing order without those no longer standing; it must name everyone else."""
    if spec.timing is None:
        return None
    world = scenario.world
    order = [eid for eid in spec.timing if is_active(world, eid)]
    missing = [eid for eid in combatants(world) if is_active(world, eid) and eid not in order]
    if missing:
        names = ", ".join(name_of(world, eid) for eid in missing)
        raise FieldError(
            key_path(spec.path, "timing"),
            f"a fixed Timing order must list every combatant still standing; missing {names}",
        )
    return order


def round_orders(scenario: Scenario, spec: RoundSpec) -> dict[int, Order]:
    """The engine's orders a round of the file declares, on the scenario's world as it stands
    (a Retrieve finds its weapon on the ground now); FieldError as in play."""
    return {eid: _order(scenario, written) for eid, written in spec.orders.items()}


def _order(scenario: Scenario, spec: OrderSpec) -> Order:
    actions = tuple(_action(scenario, spec.actor, a) for a in spec.actions)
    return Order(spec.actor, actions, spec.path, spec.facing, spec.flee)


def _action(scenario: Scenario, actor: int, spec: ActionEntry) -> Action:
    """The engine's Action, with what can only be known now: held weapons, dropped weapons."""
    world = scenario.world
    action = spec.action
    if spec.retrieve is not None:
        return Action(action.kind, item=_dropped_weapon(scenario, spec))
    if action.weapon is not None and weapon_for(world.get(actor, Equipment), action) is None:
        # Checked here because the engine's validation assumes a named Disarm weapon is held.
        held = ", ".join(w.name for w in world.get(actor, Equipment).weapons) or "nothing"
        wanted = "melee" if action.kind in MELEE_ATTACKS else "missile"
        raise FieldError(
            key_path(spec.path, "weapon"),
            f"{name_of(world, actor)} holds no {wanted} weapon named {shown(action.weapon)} (holds {held})",
        )
    return action


def _dropped_weapon(scenario: Scenario, spec: ActionEntry) -> int:
    """The entity of the weapon on the ground a Retrieve names."""
    assert spec.retrieve is not None
    wanted = spec.retrieve
    world = scenario.world
    lying: Mapping[int, tuple[Item, Position]] = {
        eid: (item, pos) for eid, pos, item in world.query(Position, Item)
    }
    matches = [
        eid
        for eid, (item, pos) in lying.items()
        if item.weapon.name.casefold() == wanted.weapon.casefold()
        and (wanted.at is None or pos.tile == wanted.at)
    ]
    if len(matches) == 1:
        return matches[0]
    where = f" at {list(wanted.at)}" if wanted.at is not None else ""
    if not matches:
        ground = (
            ", ".join(f"{item.weapon.name} at {list(pos.tile)}" for item, pos in lying.values()) or "nothing"
        )
        raise FieldError(
            key_path(spec.path, "weapon"), f"no {wanted.weapon} lies on the ground{where} (there is {ground})"
        )
    tiles = ", ".join(str(list(lying[eid][1].tile)) for eid in matches)
    raise FieldError(
        key_path(spec.path, "at"), f"several {wanted.weapon}s lie on the ground ({tiles}): say which"
    )
