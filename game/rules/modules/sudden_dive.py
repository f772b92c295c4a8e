"""The sudden dive module: a dash into cover that claims it against every shot for the round
(RULES.md §8; seed 001 Sudden Dive).  Rulings and their reasons: docs/modules.md, "Sudden Dive".

- Sudden Dive takes the round (no other action) and moves up to twice the Movement rate, no
  roll for the metres, to a cover tile: one on or next to low or high cover.  Not while engaged.
- In the last pass of the Modifier Stage (after all movement) the diver rolls 2 × Agility + 2
  (the seed's +20 for not having acted yet: a dive always comes before the Resolution Stage).
  Success claims the cover of the tile it reached against every Missile Strike this round,
  from any side: low cover −2, high cover hides it.  Failure reaches the tile too late.
- After a successful dive the diver spends the next round reorienting: no action, no move.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.geometry import DIRECTION_VECTORS, Tile
from game.core.modifiers import Breakdown, Modifier, signed
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.action import ActionSpec, MovementRule
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.board import COVER_LEVELS
from game.rules.chances import chance
from game.rules.events import Event, entity_id
from game.rules.modules.cover import COVER_LABELS, COVER_PENALTY
from game.rules.movement import path_to, walkable
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import is_active, name_of, occupied_tiles, shooters_of, tile_of
from game.rules.registry import register_action, register_module
from game.rules.stats import injury_modifier, movement_rate
from game.world import World
from game.world.registry import component

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

DIVE = ActionKind.define("sudden_dive")
FACT = "dove"
"""The round fact of a diver whose roll succeeded."""
AGILITY_TIMES = 2  # the seed's "2x his Agility bonus"
NOT_YET_ACTED = 2  # the seed's +20 "if he has not yet acted in this round"
AI_DIVE_SPOTS = 3  # cover tiles an AI tries diving to


def cover_near(board: Board, tile: Tile) -> str:
    """The cover a combatant on `tile` can hunker behind: the best of its own tile and its eight
    neighbours ("none" in the open)."""
    levels = [board.cover_at(tile)]
    for dx, dy in DIRECTION_VECTORS:
        near = (tile[0] + dx, tile[1] + dy)
        if board.in_bounds(near):
            levels.append(board.cover_at(near))
    return max(levels, key=COVER_LEVELS.index)


def dive_roll(world: World, eid: int, order: Order | None) -> Breakdown:
    """2 × Agility + 2 [Not Yet Acted], with the round's Action and Injury Penalties."""
    agility = world.get(eid, Sheet).agility
    mods = [Modifier(N_("Not Yet Acted"), NOT_YET_ACTED), injury_modifier(world, eid)]
    if order is not None:
        mods.insert(0, Modifier(N_("Action Penalty"), order.action_penalty))
    return Breakdown(f"Agility ×{AGILITY_TIMES}", AGILITY_TIMES * agility).plus(*mods)


@component("reorienting")
@dataclass(frozen=True)
class Reorienting:
    """After a successful Sudden Dive in round `since`: the next round is spent reorienting."""

    since: int


@dataclass(frozen=True)
class DiveLanded(Event):
    """A successful dive: the cover is claimed this round, the next round spent reorienting."""

    kind: ClassVar[str] = "dive_landed"
    actor: str
    cover: str
    round: int
    actor_id: int | None = entity_id()

    def text(self) -> str:
        claim = (
            "hidden from every Missile Strike this round unless it attacks"
            if self.cover == "high"
            else f"{signed(COVER_PENALTY[self.cover])} to every Missile Strike at it this round"
        )
        return f"{self.actor} dives into {COVER_LABELS[self.cover].lower()}: {claim}; next round it reorients"


@dataclass(frozen=True)
class Reoriented(Event):
    """A diver's round of reorienting is over."""

    kind: ClassVar[str] = "reoriented"
    actor: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} has reoriented after the dive"


@applies(DiveLanded)
def _dive_landed(world: World, event: DiveLanded) -> None:
    world.set(entity(event.actor_id, event), Reorienting(event.round))


@applies(Reoriented)
def _reoriented(world: World, event: Reoriented) -> None:
    world.remove(entity(event.actor_id, event), Reorienting)


@register_module
class SuddenDiveModule(RulesModule):
    """Sudden Dive (RULES.md §8, seed 001): dive into cover, claim it against every shot."""

    name = "sudden_dive"
    listing = 70
    label = N_("Sudden Dive")
    source = "RULES.md §8; seed 001 (Sudden Dive)"
    help = (
        f"Sudden Dive: up to twice Movement into cover; a roll of 2 × Agility {signed(NOT_YET_ACTED)} claims "
        "that cover against every Missile Strike this round; the next round is spent reorienting"
    )
    hint = N_(
        "A Sudden Dive runs up to twice your Movement to a tile by cover; if its 2 × Agility roll succeeds, "
        "that cover counts against every shot this round, from any side. The next round you reorient."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """A Missile Strike at a diver whose roll succeeded, still where it dived: the cover it
        claimed, from every side (only what it adds to the cover the cover module already
        counts from that side)."""
        situation = ctx.situation
        if ctx.spec.attack_class != "missile_strike" or FACT not in situation.target_facts:
            return []
        trail = situation.target_trail
        if trail.mode != "dive" or not trail.tiles or situation.target_tile != trail.tiles[-1]:
            return []  # (knocked away from where it dived, it lies in the open)
        claimed = cover_near(ctx.board, trail.tiles[-1])
        if claimed == "high" and not situation.target_exposed:
            return f"{ctx.target_name} dived into high cover"
        side = "none"
        if situation.options.has("cover"):
            side = ctx.board.cover_between(situation.attacker_tile, situation.target_tile)
        extra = COVER_PENALTY[claimed] - COVER_PENALTY[side]
        return [Modifier(f"{COVER_LABELS[claimed]} (dive)", extra)] if extra < 0 else []

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """A reorienting diver takes no action and does not move (it may turn)."""
        if not check.world.has(check.actor, Reorienting):
            return []
        if check.order.actions or check.order.path:
            return ["reorienting after a Sudden Dive: no action or movement this round (turning is free)"]
        return []

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """A dive's roll: success claims the cover (if the dive is not refused: its trail says)."""
        if order is None or not order.has(DIVE):
            return None
        p = chance(dive_roll(world, eid, order).total)
        return [(p, frozenset({FACT})), (1 - p, frozenset())]

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """A diver reorienting after its dive."""
        return [TokenMark("REORIENT")] if world.has(eid, Reorienting) else []

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """A diver that spent this round reorienting is ready again."""
        for eid, reorienting in list(rnd.world.query(Reorienting)):
            if reorienting.since < rnd.number:
                rnd.emit(Reoriented(name_of(rnd.world, eid), actor_id=eid))


@register_action
class SuddenDive(ActionSpec):
    """A dash into cover, rolled after all movement."""

    kind = DIVE
    listing = 170
    label = N_("Sudden Dive")
    module = "sudden_dive"
    roles = frozenset({"movement"})
    menu = "self"
    movement = MovementRule("dive", refused_when_engaged=True, rolls=False, multiplier=2)
    help = (
        "Dive for cover (the round's action): move up to twice your Movement to a tile on or next to "
        f"cover, then roll 2 × Agility {signed(NOT_YET_ACTED)}. Success: that cover counts against every "
        "Missile Strike at you this round, from any side (high cover hides you). Next round you reorient: "
        "no action, no move."
    )
    hint = SuddenDiveModule.hint

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The dive's roll, for the forecast."""
        return dive_roll(world, actor, order)

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The round's one action; not in melee; a path that ends by cover."""
        order = check.order
        reasons = []
        if len(order.actions) > 1:
            reasons.append("Sudden Dive takes the round: no other action")
        if check.engaged:
            reasons.append(f"cannot Dive while engaged in melee with {check.engaged_names}")
        if order.path and cover_near(check.board, order.path[-1]) == "none":
            reasons.append(f"Sudden Dive: {tuple(order.path[-1])} is not on or next to cover")
        return reasons

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """The dive's roll, once the diver reached its tile (a refused dive rolls nothing)."""
        trail = state.trails.get(eid)
        if trail is None or trail.mode != "dive" or not is_active(rnd.world, eid):
            return
        world = rnd.world
        level = cover_near(rnd.board, tile_of(world, eid))
        if level == "none":
            rnd.nullify(eid, Action(self.kind), f"no cover at {tuple(tile_of(world, eid))}")
            return
        rolled = rnd.roll(
            eid, self.label, None, dive_roll(world, eid, rnd.orders[eid]), note=f"{level} cover within reach"
        )
        if rolled.succeeded:
            state.fact(eid, FACT)
            rnd.emit(DiveLanded(name_of(world, eid), level, rnd.number, actor_id=eid))

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Dives to the nearest tiles by the best cover, when an enemy shooter sees it."""
        world, board = ask.world, ask.board
        if ask.engaged or not shooters_of(world, board, ask.actor, ask.here):
            return []
        budget = 2.0 * max(0, movement_rate(world, ask.actor).total)
        came = walkable(board, ask.here, budget, occupied_tiles(world, ask.actor).__contains__)
        spots = [
            (-COVER_LEVELS.index(cover_near(board, t)), len(path_to(came, t)), t)
            for t in came
            if t != ask.here
        ]
        found = []
        for rank, _, tile in sorted(spots)[:AI_DIVE_SPOTS]:
            if rank < 0:
                found.append((Order(ask.actor, (Action(self.kind),), path_to(came, tile)), f"dive to {tile}"))
        return found
