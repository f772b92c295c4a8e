"""The prone module: lying down against missiles (RULES.md §8; seed 001 Minimize Exposure and
Combat Crawl).  Rulings and their reasons: docs/modules.md, "Prone".

- Go Prone takes the whole round (no other action, no path) and not in melee; the combatant
  drops in the last pass of the Modifier Stage, so the round's Missile Strikes find it prone.
  One with no Movement on its sheet (a turret) is fixed in place and cannot lie down.
- Against a prone combatant: −2 to Missile Strikes (Minimize Exposure's +20 DB); +2 to melee
  attacks.  A prone combatant's own melee attacks: −2.
- It crawls at half its Movement rate, rounded up (Combat Crawl), keeping its cover; it may
  not Sprint, Retreat or take any other movement action until it stands.
- Stand Up costs the round's movement (no path) and is no action for the Action Penalty; the
  combatant stands in the last pass of the Modifier Stage.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.geometry import bearing_direction
from game.core.modifiers import Breakdown, Modifier, signed
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.action import ActionSpec, whole_round_reasons
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.odds import attack_odds
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    is_active,
    melee_reach,
    name_of,
    shooters_of,
    tile_of,
)
from game.rules.registry import action_specs, register_action, register_module, spec_of
from game.rules.stats import movement_rate
from game.rules.still import remembered
from game.world import Equipment, Facing, World
from game.world.registry import component

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

MISSILE_AT_PRONE = -2  # Minimize Exposure: +20 DB, 10 d100 points ≈ 1 on the d12
MELEE_AT_PRONE = 2  # one Mythras grade easier: a foe on the ground is easy to strike
MELEE_WHILE_PRONE = -2  # one grade harder: striking up from the ground
AI_PRONE_ROUNDS = 2.0  # later rounds an AI counts lying down for (things change: not more)
FACT = "prone"
"""The round fact of a combatant lying prone when attacks resolve."""

GO_PRONE = ActionKind.define("go_prone")
STAND_UP = ActionKind.define("stand_up")


@component("prone")
@dataclass(frozen=True)
class Prone:
    """Lying on the ground (the prone module): until it stands up."""


@dataclass(frozen=True)
class WentProne(Event):
    """A combatant goes prone (by choice, or knocked down)."""

    kind: ClassVar[str] = "went_prone"
    actor: str
    how: str = "goes prone"
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return (
            f"{self.actor} {self.how}: {signed(MISSILE_AT_PRONE)} to Missile Strikes against, "
            f"{signed(MELEE_AT_PRONE)} to melee attacks against, crawls at half Movement"
        )


@dataclass(frozen=True)
class StoodUp(Event):
    """A prone combatant gets up (its movement for the round)."""

    kind: ClassVar[str] = "stood_up"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} stands up (that is the round's movement)"


@applies(WentProne)
def _went_prone(world: World, event: WentProne) -> None:
    world.set(entity(event.actor_id, event), Prone())


@applies(StoodUp)
def _stood_up(world: World, event: StoodUp) -> None:
    world.remove(entity(event.actor_id, event), Prone)


def is_prone(world: World, eid: int) -> bool:
    """Whether `eid` lies prone now."""
    return world.has(eid, Prone)


def fixed_in_place(world: World, eid: int) -> bool:
    """Whether `eid` has no Movement at all on its sheet (a turret): it never moves, and it
    cannot lie down either ([design]; docs/modules.md)."""
    return world.get(eid, Sheet).skill("movement") <= 0


def knock_down(rnd: RoundPort, eid: int, how: str) -> None:
    """Put `eid` on the ground in the middle of a round (a failed footing roll after a knock-back):
    prone from now on, for the attacks still to come this round too."""
    if is_prone(rnd.world, eid):
        return
    rnd.emit(WentProne(name_of(rnd.world, eid), how, actor_id=eid))
    if rnd.state is not None:
        rnd.state.fact(eid, FACT)


def prone_at_resolution(world: World, eid: int, order: Order | None) -> bool:
    """Whether `eid` will lie prone when this round's attacks resolve, as its order says (it
    goes prone, or stands up, in the Modifier Stage)."""
    if order is not None and order.has(GO_PRONE):
        return True
    if order is not None and order.has(STAND_UP):
        return False
    return is_prone(world, eid)


@register_module
class ProneModule(RulesModule):
    """Prone (RULES.md §8, seed 001): lying down against missiles, crawling, standing up."""

    name = "prone"
    listing = 30
    label = N_("Prone")
    source = "RULES.md §8; seed 001 (Minimize Exposure, Combat Crawl)"
    help = (
        f"Go Prone (the whole round): {signed(MISSILE_AT_PRONE)} to Missile Strikes against you, "
        f"{signed(MELEE_AT_PRONE)} to melee attacks against you; crawl at half Movement; Stand Up "
        "costs the round's movement"
    )
    hint = (
        f"Lying prone is {signed(MISSILE_AT_PRONE)} to every Missile Strike at you, but "
        f"{signed(MELEE_AT_PRONE)} to melee attacks; you crawl at half Movement, and standing up "
        "costs a round's movement."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """Missile Strikes at a prone target −2; melee attacks at it +2; melee attacks by a
        prone attacker −2."""
        situation = ctx.situation
        found = []
        target_prone = FACT in situation.target_facts
        if target_prone and ctx.spec.attack_class == "missile_strike":
            found.append(Modifier(N_("Prone Target"), MISSILE_AT_PRONE))
        melee = "melee" in ctx.spec.roles
        if target_prone and melee:
            found.append(Modifier(N_("Prone Target in Melee"), MELEE_AT_PRONE))
        if melee and FACT in situation.attacker_facts:
            found.append(Modifier(N_("Fighting Prone"), MELEE_WHILE_PRONE))
        return found

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Lying prone, no movement action (Sprint, Retreat …) until standing up."""
        order = check.order
        if not is_prone(check.world, check.actor) or order.has(STAND_UP):
            return []
        return [
            f"prone: Stand Up first to {spec_of(a.kind).label} (you crawl at half Movement)"
            for a in order.actions
            if spec_of(a.kind).movement is not None
        ]

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """As the Modifier Stage begins: who lies prone (a round fact for the attacks)."""
        if stage != "Modifier":
            return
        for eid in combatants(rnd.world):
            if is_prone(rnd.world, eid):
                state.fact(eid, FACT)

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """Prone at resolution (certain: going prone and standing up roll no die)."""
        return [(Fraction(1), frozenset({FACT}))] if prone_at_resolution(world, eid, order) else None

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """A prone token lies down."""
        return [TokenMark("PRONE", lying=True)] if is_prone(world, eid) else []

    def rate_modifiers(self, world: World, eid: int, rate: Breakdown) -> list[Modifier]:
        """Crawling: half the Movement rate, rounded up (Combat Crawl)."""
        if not is_prone(world, eid) or rate.total <= 0:
            return []
        return [Modifier(N_("Crawling (half)"), -(rate.total // 2))]


@register_action
class GoProne(ActionSpec):
    """Minimize Exposure: the whole round, to lie down."""

    kind = GO_PRONE
    listing = 130
    label = N_("Go Prone")
    module = "prone"
    menu = "self"
    help = (
        f"Lie down (the whole round, no other action, not in melee): {signed(MISSILE_AT_PRONE)} to "
        f"Missile Strikes against you from this round's Resolution Stage on, but {signed(MELEE_AT_PRONE)} "
        "to melee attacks against you. You crawl at half Movement until you Stand Up."
    )
    hint = ProneModule.hint

    @property
    def roll_purpose(self) -> str | None:
        """No die."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round; not in melee (seed 001: "should not be used in melee"); not twice."""
        reasons = whole_round_reasons(check, self.label)
        if check.engaged:
            reasons.append(f"cannot Go Prone while engaged in melee with {check.engaged_names}")
        if is_prone(check.world, check.actor):
            reasons.append("already prone")
        if fixed_in_place(check.world, check.actor):
            who = name_of(check.world, check.actor)
            reasons.append(f"{who} is fixed in place (Movement 0): it cannot lie down")
        return reasons

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """Down in the last pass of the Modifier Stage, before any attack resolves."""
        if not is_prone(rnd.world, eid):
            rnd.emit(WentProne(name_of(rnd.world, eid), actor_id=eid))
        state.fact(eid, FACT)

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Going prone where it stands, when a shooter can see it: the forecast of the enemies'
        shots tells whether the −2 is worth the round."""
        if ask.engaged or is_prone(ask.world, ask.actor) or fixed_in_place(ask.world, ask.actor):
            return []
        if not shooters_of(ask.world, ask.board, ask.actor, ask.here):
            return []
        return [(Order(ask.actor, (Action(self.kind),)), "go prone")]

    def ai_value(self, ask: AiAsk, order: Order) -> float:
        """What lying down is worth beyond this round (`lying_worth`): the forecast counts only
        this round's shots, but the −2 holds for every later one while we shoot from the ground."""
        return lying_worth(ask)


@register_action
class StandUp(ActionSpec):
    """Getting up: the round's movement, no action for the Action Penalty."""

    kind = STAND_UP
    listing = 140
    label = N_("Stand Up")
    module = "prone"
    menu = "self"
    counts_for_penalty = False
    help = N_(
        "Get up from prone: it costs this round's movement (no path) but is no action, so it adds "
        "no Action Penalty. You stand in the Modifier Stage, before the round's attacks."
    )
    hint = ProneModule.hint

    @property
    def roll_purpose(self) -> str | None:
        """No die."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Only when prone; no path (it is the round's movement)."""
        reasons = []
        if not is_prone(check.world, check.actor):
            reasons.append("Stand Up: you are not prone")
        if check.order.path:
            reasons.append("standing up takes this round's movement: no path")
        return reasons

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """Up in the last pass of the Modifier Stage."""
        if is_prone(rnd.world, eid):
            rnd.emit(StoodUp(name_of(rnd.world, eid), actor_id=eid))
        state.fact(eid, FACT, False)

    def ai_value(self, ask: AiAsk, order: Order) -> float:
        """Getting up gives up what lying down is worth in the rounds after (`lying_worth`)."""
        return -lying_worth(ask)

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Standing up, alone or with each attack the actor could make from where it lies."""
        if not is_prone(ask.world, ask.actor):
            return []
        up = Action(self.kind)
        found = [(Order(ask.actor, (up,)), "stand up")]
        for enemy in combatants(ask.world):
            if not are_enemies(ask.world, ask.actor, enemy) or not is_active(ask.world, enemy):
                continue
            on = replace(ask, target=enemy)
            for spec in action_specs(ask.options):
                if not isinstance(spec, AttackSpec):
                    continue
                for actions, tag in spec.ai_options(on)[:1]:
                    found.append((Order(ask.actor, (up, *actions)), f"stand up, {tag}"))
        return found


def lying_worth(ask: AiAsk) -> float:
    """The Injuries lying on the ground spares an AI in the rounds after this one: each enemy
    shooter that can see it shoots at −2 (the rules' odds, standing against prone), counted
    for `AI_PRONE_ROUNDS` rounds; shooting from the ground costs nothing.  Nothing where a foe
    could walk up and strike next round, its weapon's reach included (+2 to its melee attacks
    against one lying down), or in melee.  Remembered while the world stands still: an AI
    asks it of every order that stands up or lies down (`game.rules.still`)."""
    if ask.engaged:
        return 0.0
    key = ("prone: lying worth", ask.actor, ask.here, ask.options)
    return remembered(key, lambda: _lying_worth(ask), ask.world)


def _lying_worth(ask: AiAsk) -> float:
    world, board, me, here = ask.world, ask.board, ask.actor, ask.here
    for enemy in combatants(world):
        if not are_enemies(world, me, enemy) or not is_active(world, enemy):
            continue
        walk = max(0, movement_rate(world, enemy).total)
        # A walk, then its weapon's reach (a diagonal tile is about 1.4 tiles off: 1.5 a tile).
        reach = 1.5 * melee_reach(world.get(enemy, Equipment)) * board.metres_per_tile
        if walk and board.distance(tile_of(world, enemy), here) <= walk + reach:
            return 0.0
    lying = world.copy()
    lying.set(me, Prone())
    spared = 0.0
    for enemy in shooters_of(world, board, me, here):
        spared += _shot_at(world, ask, enemy) - _shot_at(lying, ask, enemy)
    return AI_PRONE_ROUNDS * spared


def _shot_at(world: World, ask: AiAsk, shooter: int) -> float:
    """The expected Injuries of one Missile Strike by `shooter`, from where it stands, at the
    asking AI on its tile, by the rules' odds in `world` (standing, or a copy lying down)."""
    there, here = tile_of(world, shooter), ask.here
    odds = attack_odds(
        world,
        ask.board,
        shooter,
        Action(ActionKind.MISSILE_STRIKE, ask.actor),
        at=there,
        facing=bearing_direction(there, here),
        target_at=here,
        target_facing=world.get(ask.actor, Facing).direction,
        options=ask.options,
    )
    return float(odds.expected_injuries)
