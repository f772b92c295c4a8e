"""The disengage module: Disengage from Melee (seed 001), two rounds to leave a fight without a
roll.  Rulings and their reasons: docs/modules.md, "Disengage from Melee".

Seed 001: "Disengage from Melee*: This Combat Action is used by a character to withdraw from a
melee combat without being open to a melee attack. It takes 2 rounds to perform. During the
first round, the character cannot attack and must Parry with 50% of his OB (treat as a Full
Parry for resolution). If he does not take damage from his foe during this round, the
character will automatically get initiative on the next round and be able to make a Full Move
away from foe (cannot use this to move past foe) without the foe being able to attack. The
character may not purposely attack foe when performing this Combat Action."

Converted:

- round one, **Disengage** (self menu): only while engaged in melee; no offensive action, no
  path, and at least one Parry (or a shield's Block) declared [design: the chapter's Parry with
  its own stat plays the seed's half-OB Full Parry: the Parry is a skill of its own here, not a
  share of Strike];
  the Disengage itself is no action for the Action Penalty [design: it is what the Parry is for];
- if the disengager took no Injury that round, it is **disengaged**: at the next round's Timing
  Stage it goes first (the seed's initiative), and that round it may **Withdraw** (a movement
  action): a walk of its Movement rate that leaves melee without a roll, every melee action on
  it nullified once it is out of reach (as a successful Retreat, CO.18), with no offensive
  action; every step of the path takes it farther from each foe it is engaged with (it cannot
  step round or past a foe) [design: "away" read step by step];
- an Injury in round one breaks it; unused, the disengagement lapses after the second round.

The chapter's Retreat (CO.18) plays the same need in one round on a Movement roll that may fail
(and then the retreater stays); the Disengage is certain but costs a round of parrying first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.geometry import DIRECTION_VECTORS, Tile, direction_name
from game.core.modifiers import Breakdown
from game.i18n import N_
from game.rules.api.action import ActionSpec, MovementRule, MovementSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import engaged_with, is_active, name_of, occupant, tile_of
from game.rules.registry import OFFENSIVE, register_action, register_module
from game.rules.stats import movement_rate
from game.world import Condition, World
from game.world.registry import component

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "disengage"
DISENGAGE = ActionKind.define("disengage")
WITHDRAW = ActionKind.define("withdraw")


@component("disengaged")
@dataclass(frozen=True)
class Disengaged:
    """Parried a round through unhurt (the disengage module): first in the next round's Timing,
    and free to Withdraw in it."""


@dataclass(frozen=True)
class DisengageHeld(Event):
    """Round one ends with the disengager unhurt: it is disengaged."""

    kind: ClassVar[str] = "disengage_held"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} parried the round through unhurt: next round it goes first and may Withdraw"


@dataclass(frozen=True)
class DisengageBroken(Event):
    """Round one ends with the disengager hurt (or down): no disengagement."""

    kind: ClassVar[str] = "disengage_broken"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} was wounded while disengaging: no free withdrawal"


@dataclass(frozen=True)
class DisengageEnded(Event):
    """The second round is over: the disengagement is spent or lapses."""

    kind: ClassVar[str] = "disengage_ended"
    actor: str
    used: bool = False
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return (
            f"{self.actor} has withdrawn"
            if self.used
            else f"{self.actor} did not withdraw: the chance lapses"
        )


@dataclass(frozen=True)
class DisengagedFirst(Event):
    """The Timing Stage puts the disengaged first (not applied to the world: the order says it)."""

    kind: ClassVar[str] = "disengaged_first"
    names: tuple[str, ...]

    def text(self) -> str:
        return f"Disengaged, first in the Timing order: {', '.join(self.names)}"


@applies(DisengageHeld)
def _held(world: World, event: DisengageHeld) -> None:
    world.set(entity(event.actor_id, event), Disengaged())


@applies(DisengageEnded)
def _ended(world: World, event: DisengageEnded) -> None:
    world.remove(entity(event.actor_id, event), Disengaged)


def away_reasons(
    world: World, board: Board, actor: int, path: Sequence[Tile], foes: Sequence[int]
) -> list[str]:
    """Why a Withdraw's path does not lead away: a step that takes it no farther from a foe it
    is engaged with (so it may not step round, or past, a foe)."""
    here = tile_of(world, actor)
    for foe in foes:
        if not is_active(world, foe):
            continue
        there = tile_of(world, foe)
        before = board.distance(here, there)
        for tile in path:
            now = board.distance(tile, there)
            if now <= before + 1e-9:
                return [f"a Withdraw leads away: {tuple(tile)} is no farther from {name_of(world, foe)}"]
            before = now
    return []


@register_module
class DisengageModule(RulesModule):
    """Disengage from Melee (seed 001): a round of parrying, then a free withdrawal."""

    name = NAME
    listing = 175
    label = N_("Disengage from Melee")
    source = "seed 001 (Disengage from Melee)"
    help = N_(
        "Disengage (in melee, with a Parry or Block, no attack): unhurt that round, you go first next round "
        "and may Withdraw your Movement away from the foe without a roll, every melee attack on you nullified"
    )
    hint = N_(
        "Disengage: one round parrying, no attack. Unhurt, next round you go first and Withdraw your "
        "Movement away from the foe, no roll, no melee attack on you."
    )

    def regroup_timing(self, rnd: RoundPort, timing: Sequence[int]) -> tuple[list[int], list[Event]] | None:
        """The disengaged go first (in their own Timing order)."""
        first = [e for e in timing if rnd.world.has(e, Disengaged)]
        if not first:
            return None
        rest = [e for e in timing if e not in first]
        return first + rest, [DisengagedFirst(tuple(name_of(rnd.world, e) for e in first))]

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """Modifier Stage: remember each disengager's Injuries; a Withdraw is a retreat that
        nothing in melee may strike on its way."""
        if stage != "Modifier":
            return
        before = state.slot(NAME, dict)
        for eid, order in rnd.orders.items():
            if order.has(DISENGAGE):
                before[eid] = rnd.world.get(eid, Condition).injuries
            if order.has(WITHDRAW) and rnd.world.has(eid, Disengaged):
                state.retreated.add(eid)

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """Round one: unhurt, disengaged; round two: the disengagement is over."""
        world = rnd.world
        for eid, _ in list(world.query(Disengaged)):
            order = rnd.orders.get(eid)
            used = order is not None and order.has(WITHDRAW)
            rnd.emit(DisengageEnded(name_of(world, eid), used, actor_id=eid))
        before = state.slot(NAME, dict)
        for eid, injuries in before.items():
            name = name_of(world, eid)
            if is_active(world, eid) and world.get(eid, Condition).injuries == injuries:
                rnd.emit(DisengageHeld(name, actor_id=eid))
            else:
                rnd.emit(DisengageBroken(name, actor_id=eid))

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Disengaged: free to withdraw this round."""
        return [TokenMark("DISENGAGED")] if world.has(eid, Disengaged) else []


@register_action
class Disengage(ActionSpec):
    """Round one of Disengage from Melee: parry, attack nobody."""

    kind = DISENGAGE
    listing = 175
    label = N_("Disengage")
    module = NAME
    menu = "self"
    counts_for_penalty = False
    help = N_(
        "Start to disengage from melee: declare a Parry (or Block) with it and no attack, no move. Unhurt "
        "this round, next round you go first and may Withdraw your Movement away from the foe without a "
        "roll; no melee attack can reach you on the way."
    )
    hint = DisengageModule.hint

    @property
    def roll_purpose(self) -> str | None:
        """No roll of its own: the Parry rolls."""
        return None

    @property
    def exposes(self) -> bool:
        """Parrying, not attacking: cover keeps it."""
        return False

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """In melee, with a Parry (or Block), no attack, no path."""
        reasons = []
        if not check.engaged:
            reasons.append("Disengage: you are not engaged in melee")
        if not (check.order.has(ActionKind.PARRY) or check.order.has(ActionKind.BLOCK)):
            reasons.append("Disengage: you must Parry (or Block) while you disengage")
        if any(a.kind in OFFENSIVE for a in check.order.actions):
            reasons.append("Disengage: no attack while you disengage")
        if check.order.path:
            reasons.append("Disengage: you stand and parry this round (no movement)")
        return reasons

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Engaged and already wounded: a round of parrying to leave the next one for sure."""
        if not ask.engaged or ask.world.get(ask.actor, Condition).injuries < 1:
            return []
        guard = ActionKind.BLOCK if ask.equipment.shield is not None else ActionKind.PARRY
        order = Order(ask.actor, (Action(self.kind), Action(guard)))
        return [(order, "disengage")]


@register_action
class Withdraw(MovementSpec):
    """Round two of Disengage from Melee: the Movement rate away, out of melee, no roll."""

    kind = WITHDRAW
    listing = 176
    label = N_("Withdraw")
    module = NAME
    movement = MovementRule("withdraw", leaves_melee=True, rolls=False)
    help = N_(
        "Disengaged last round: walk your Movement away from the foe, out of melee, without a roll; every "
        "melee attack on you is nullified once you are out of reach. No attack; you may not pass the foe."
    )
    hint = DisengageModule.hint

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """No roll: it is certain."""
        return None

    @property
    def roll_purpose(self) -> str | None:
        """No roll."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Disengaged last round; no attack; every step away from the foes."""
        world = check.world
        if not world.has(check.actor, Disengaged):
            return ["Withdraw: only after a round of Disengage unhurt"]
        reasons = []
        if any(a.kind in OFFENSIVE for a in check.order.actions):
            reasons.append("Withdraw: no attack while you withdraw")
        return reasons + away_reasons(world, check.board, check.actor, check.order.path, check.engaged)

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Disengaged: straight away from the foes, in each of the 8 directions that lead away, as
        far as the Movement rate goes (the first free tiles)."""
        world, board = ask.world, ask.board
        if not world.has(ask.actor, Disengaged):
            return []
        foes = tuple(engaged_with(world, board, ask.actor))
        rate = movement_rate(world, ask.actor).total
        found = []
        for way, (dx, dy) in enumerate(DIRECTION_VECTORS):
            path: list[Tile] = []
            here = tile_of(world, ask.actor)
            spent = 0.0
            while True:
                step = (here[0] + dx, here[1] + dy)
                cost = board.step_metres(here, step) if board.in_bounds(step) else None
                if cost is None or spent + cost > rate + 1e-9 or occupant(world, step, ask.actor) is not None:
                    break
                path.append(step)
                spent += cost
                here = step
            if path and not away_reasons(world, board, ask.actor, path, foes):
                order = Order(ask.actor, (Action(self.kind),), tuple(path))
                found.append((order, f"withdraw {direction_name(way)}"))
        return found
