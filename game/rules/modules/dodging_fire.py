"""The dodging fire module: Dodging Fire (seed 001), a snap shot from hard cover that trades
offence for defence against missiles.  It builds on the cover module (the hard cover ducked
behind is its high cover).  Rulings and their reasons: docs/modules.md, "Dodging Fire".

Seed 001: "Dodging Fire: This Combat Action requires the character to have a full-sized shield
(riot or blast shield), hard cover, or reinforced cover to duck behind. It simulates a character
quickly moving (part of) his head and his weapon hand out of cover, snapping off a shot (not an
aimed or spread burst), and then ducking behind the cover fast. The character may increase
their Defensive Bonus against ranged attacks (including Projectile and Energy attacks) by
allocating any amount of their OB to their DB. For every two points of OB transferred, the
character gains 1 point of DB."  Converted (RULES.md §8: 10 d100 points ≈ 1 on the d12):

- **Dodging Fire** is a Missile Strike of its own, rolled at **−4**; the round it is made,
  every Missile Strike at the shooter is at **−2** [design: the seed's "any amount" in one step,
  40 OB for 20 DB, two for one as the seed trades; a d12 step of 1 is too small to choose];
- it needs hard cover to duck behind where the shooter stands when the shots resolve: a tile
  of **high cover** next to it (or its own), or a **full-sized shield** (a shield whose
  Withstand bonus is 2 or more: the tower shield) [design: the map's high cover is the seed's
  hard or reinforced cover];
- no other attack beside it (one who ducks after every shot does not stand up to aim or to
  strike as well); the −2 counts once however many Dodging Fire shots it declares, and from the Modifier
  Stage's last pass (the shooter has moved and ducked), against every Missile Strike at it
  [design: the seed's DB is not bound to one side]; it is a snap shot, never aimed: no Called
  Shot, and Careful Aim does not serve it (Careful Aim serves Missile Strikes).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier, signed
from game.i18n import N_
from game.rules.actions.missile_strike import MissileStrike
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of, tile_of
from game.rules.registry import register_action, register_module, spec_of
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "dodging_fire"
DODGING_FIRE = ActionKind.define("dodging_fire")
SHOT_PENALTY = -4  # the OB given up: 40 d100 points
DUCKED = -2  # the DB gained against missiles: 20 d100 points, half the OB
FULL_SIZED = 2
"""A shield at least this good on Withstand Injury is full-sized (the tower shield)."""
FACT = "dodging fire"
"""The round fact of a shooter ducking behind hard cover after its Dodging Fire."""


def hard_cover(world: World, board: Board, eid: int, tile: Tile) -> str:
    """What `eid` ducks behind at `tile` ("" if nothing): high cover on or next to the tile, or
    a full-sized shield."""
    shield = world.get(eid, Equipment).shield
    if shield is not None and shield.withstand_bonus >= FULL_SIZED:
        return f"the {shield.name}"
    x, y = tile
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            near = (x + dx, y + dy)
            if board.in_bounds(near) and board.cover_at(near) == "high":
                return "high cover"
    return ""


def end_tile(world: World, eid: int, order: Order) -> Tile:
    """Where `eid` will stand as its order says (the end of its path)."""
    return tuple(order.path[-1]) if order.path else tile_of(world, eid)  # type: ignore[return-value]


@register_module
class DodgingFireModule(RulesModule):
    """Dodging Fire (seed 001): a snap shot at −4 from hard cover; missiles at the shooter −2."""

    name = NAME
    listing = 158
    label = N_("Dodging Fire")
    source = "seed 001 (Dodging Fire)"
    requires = ("cover",)
    help = (
        f"Dodging Fire: a Missile Strike at {signed(SHOT_PENALTY)} from beside high cover (or behind a "
        f"tower shield); that round every Missile Strike at the shooter is at {signed(DUCKED)}"
    )
    hint = (
        f"Dodging Fire snaps off a shot at {signed(SHOT_PENALTY)} and ducks back: beside high cover or "
        f"behind a tower shield, every Missile Strike at you that round is at {signed(DUCKED)}."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """Missile Strikes at a shooter ducking after its Dodging Fire: −2."""
        if FACT in ctx.situation.target_facts and ctx.spec.attack_class == "missile_strike":
            return [Modifier(N_("Dodging Fire (target)"), DUCKED)]
        return []

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """Ducking when the shots resolve (certain: no die), as its order and cover say."""
        if order is None or not order.has(DODGING_FIRE):
            return None
        if not hard_cover(world, board, eid, end_tile(world, eid, order)):
            return None
        return [(Fraction(1), frozenset({FACT}))]

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What the shooter gains."""
        if ctx.action.kind != DODGING_FIRE:
            return []
        return [f"Dodging Fire: every Missile Strike at you this round {signed(DUCKED)}"]


@register_action
class DodgingFire(MissileStrike):
    """A snap shot at −4 from hard cover: Missile Strikes at the shooter −2 that round."""

    kind = DODGING_FIRE
    listing = 171
    label = N_("Dodging Fire")
    module = NAME
    quick = False
    called_shot = False
    help = (
        f"Snap off a shot and duck back behind high cover or a tower shield: Missile Strike "
        f"{signed(SHOT_PENALTY)}, and every Missile Strike at you this round {signed(DUCKED)}."
    )
    hint = DodgingFireModule.hint

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Missile Strike."""
        return ActionKind.MISSILE_STRIKE.value

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: object) -> list[str]:
        """A Missile Strike's needs, and hard cover where it will stand."""
        found = super().attack_reasons(check, action, weapon)  # type: ignore[arg-type]
        if not found and not hard_cover(check.world, check.board, check.actor, check.end_tile):
            found.append(f"Dodging Fire needs high cover next to {tuple(check.end_tile)} (or a tower shield)")
        return found

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """After every move: ducking behind its cover, if it still has one."""
        if hard_cover(rnd.world, rnd.board, eid, tile_of(rnd.world, eid)):
            state.fact(eid, FACT)

    def late_nullify(self, ctx: AttackContext) -> str:
        """A Missile Strike's, and no shot without the cover to duck behind."""
        found = super().late_nullify(ctx)
        if found:
            return found
        if not hard_cover(ctx.world, ctx.board, ctx.attacker, ctx.situation.attacker_tile):
            return f"{name_of(ctx.world, ctx.attacker)} has no hard cover to duck behind"
        return ""

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Missile Strike with the range band, −4."""
        return super().base_breakdown(ctx).plus(Modifier(self.label, SHOT_PENALTY))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Missile Strike stat, −4."""
        return super().ai_stat(world, actor) + SHOT_PENALTY

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """No other offensive action beside it: one who ducks after each shot does not stand up
        to aim or to strike as well."""
        others = sorted(
            {
                spec_of(a.kind).label
                for a in check.order.actions
                if a.kind != DODGING_FIRE and "offensive" in spec_of(a.kind).roles
            }
        )
        return [f"Dodging Fire ducks after every shot: no {label} beside it" for label in others]

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One shot or two, where hard cover is at hand."""
        if not hard_cover(ask.world, ask.board, ask.actor, ask.here):
            return []
        return super().ai_options(ask)
