"""The closing-in module: an Agility roll to move into range and still act (seed 002).  Rulings
and their reasons: docs/modules.md, "Closing in: the Agility roll".

Seed 002: "If a participant wants to move a short distance to get into the desired range, for
example melee range, to do an action, they have to succeed in an Agility DR12 roll before
that. If the Agility roll fails, they still succeed in the movement but cannot do their
desired action."

Converted:

- a combatant that walks a path and holds an attack whose target, where it stands as the
  mover arrives, was out of its reach (a melee attack) or out of its range or sight (a missile
  attack) from the tile it set out from, and is within it from the tile it reached, rolls
  **Close In** right after its move: 2 × Agility with the round's Action and Injury Penalties
  [design: seed 002's DR12 is its ordinary difficulty, as an attack's; 2 × Agility on the d12
  is how this game rolls an Agility test (Keep Footing, Sudden Dive)];
- on a failure the move stands and every attack of its order that the move was needed for (its
  target out of reach or range from where it set out) is nullified; the others stand;
- [design] any path counts ("a short distance": the chapter's Movement is short already), a
  Charge and a Sprint too; one roll covers every attack of the order.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.attack import weapon_for
from game.rules.api.modules import RulesModule
from game.rules.chances import chance
from game.rules.orders import Order
from game.rules.positions import name_of, range_band, tile_of
from game.rules.registry import OFFENSIVE, register_module
from game.rules.stats import injury_modifier
from game.rules.still import remembered
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "closing_in"
PURPOSE = "Close In"
AGILITY_TIMES = 2
FAILED = "close in failed"
"""The round fact of a mover whose Close In roll failed."""


def close_in_roll(world: World, eid: int, order: Order | None) -> Breakdown:
    """Close In: 2 × Agility with the round's Action and Injury Penalties."""
    agility = world.get(eid, Sheet).agility
    mods = [injury_modifier(world, eid)]
    if order is not None:
        mods.insert(0, Modifier(N_("Action Penalty"), order.action_penalty))
    return Breakdown(f"Agility ×{AGILITY_TIMES}", AGILITY_TIMES * agility).plus(*mods)


def within(board: Board, weapon: Weapon, here: Tile, there: Tile) -> bool:
    """Whether an attack with `weapon` from `here` reaches `there`: reach for a melee weapon,
    range and sight for a missile weapon."""
    if weapon.is_melee:
        return board.in_reach(here, there, weapon.reach)
    return range_band(board.distance(here, there), weapon) is not None and board.line_of_sight(here, there)


def closes_in(world: World, board: Board, eid: int, order: Order, start: Tile, end: Tile) -> bool:
    """Whether a move from `start` to `end` brings a target of the order's attacks, where it
    stands now, from out of reach (or range) into it: the move the roll is for."""
    if start == end:
        return False
    equipment = world.get(eid, Equipment)
    for action in order.actions:
        if action.kind not in OFFENSIVE or action.target is None:
            continue
        weapon = weapon_for(equipment, action)
        there = tile_of(world, action.target)
        if (
            weapon is not None
            and not within(board, weapon, start, there)
            and within(board, weapon, end, there)
        ):
            return True
    return False


def _ways(world: World, board: Board, eid: int, order: Order) -> list[tuple[Fraction, frozenset[str]]] | None:
    """The roll's two ways for an order with a path (None: it does not close in)."""
    assert order.path
    if not closes_in(world, board, eid, order, tile_of(world, eid), order.path[-1]):
        return None
    p = chance(close_in_roll(world, eid, order).total)
    return [(p, frozenset()), (1 - p, frozenset({FAILED}))]


@register_module
class ClosingInModule(RulesModule):
    """The Agility roll to move into range and still act (seed 002)."""

    name = NAME
    listing = 185
    label = N_("Closing in (Agility roll)")
    source = "seed 002 (Agility roll to move into range)"
    dice = {PURPOSE: 12}
    help = N_(
        "Move into reach or range and attack in the same round: after the move, roll 2 × Agility; on a "
        "failure the move stands but the attacks it was for are lost"
    )
    hint = N_(
        "Walking into reach (or range) to attack the same round takes a Close In roll, 2 × Agility, after "
        "the move: on a failure you are there, but the attack is lost."
    )

    def after_move(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """The roll, right after a move that closes in on a target of the order's attacks."""
        trail = state.trails.get(eid)
        order = rnd.orders.get(eid)
        if trail is None or order is None or len(trail.tiles) < 2:
            return
        if not closes_in(rnd.world, rnd.board, eid, order, trail.tiles[0], trail.tiles[-1]):
            return
        rolled = rnd.roll(eid, PURPOSE, None, close_in_roll(rnd.world, eid, order))
        if not rolled.succeeded:
            state.fact(eid, FAILED)

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """A failed roll: an attack whose target was out of reach (or range) from where the
        mover set out is lost."""
        situation = ctx.situation
        trail = situation.attacker_trail
        if FAILED not in situation.attacker_facts or not trail.tiles:
            return []
        if within(ctx.board, ctx.weapon, trail.tiles[0], situation.target_tile):
            return []  # it could have struck from where it stood: the move was not for this one
        return f"{name_of(ctx.world, ctx.attacker)}'s Close In roll failed"

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """The roll's two ways, for an order whose path closes in on a target of its attacks."""
        if order is None or not order.path:
            return None
        # Asked for every situation the odds try: remembered while the world stands still.
        return remembered(("close in", id(board), eid, order), lambda: _ways(world, board, eid, order), world)

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """Under an attack the move is for: the roll that must come first."""
        trail = ctx.situation.attacker_trail
        if len(trail.tiles) < 2 or within(ctx.board, ctx.weapon, trail.tiles[0], ctx.situation.target_tile):
            return []
        roll = close_in_roll(ctx.world, ctx.attacker, ctx.order)
        return [f"Close In first: {roll.text()}; on a failure this attack is lost"]
