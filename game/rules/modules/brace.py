"""The brace module: the Brace action against knockback (seed 003), with the knockback module.

Seed 003, "Knockback": "... They are also thrust backwards one meter per each five points of
damage in excess of their SIZ. Proactively using the Brace combat action can reduce or even
negate the effects of knockback."

Converted (RULES.md §8; the knockback module pushes a tile per 3 points of a heavy hit's margin):

- **Brace** is an action declared for the round ("proactively"), on oneself; it counts for the
  Action Penalty as any action.  [design] Bracing is setting one's feet: no movement that
  round, and one Brace a round is enough;
- the first time a heavy blow would push the braced combatant this round, it rolls **Brace**:
  Vigor + Agility [design: 003's Athletics is STR + DEX], with its Action Penalty and Injury
  Penalty ("Name:Brace").  The result stands for the round:
  - a success **negates** the knockback: no push, and so no Keep Footing roll;
  - a failure **reduces** it: each push is one tile shorter (a push of one tile is none);
    a push that still moves it is followed by Keep Footing as ever;
- nothing else changes: Brace is no defence (it adds no Defense Penalty).

The knockback module asks `braced_push` for every push (registered with its
`push_lowered_by`: knockback never names this module); the action is accepted only while this
module is on, so without it nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.action import ActionSpec
from game.rules.api.modules import RulesModule
from game.rules.chances import chance
from game.rules.events import Event, entity_id
from game.rules.modules.knockback import MARGIN_PER_TILE, footing_roll, push_lowered_by
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, is_active, name_of, tile_of
from game.rules.registry import OFFENSIVE, register_action, register_module
from game.rules.stats import injury_modifier, movement_rate
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.core.geometry import Tile
    from game.rules.api.attack import AttackContext
    from game.rules.api.contexts import AiAsk, OrderCheck
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "brace"
BRACE = ActionKind.define("brace")
LABEL = "Brace"
BRACED = "braced:"
"""The round fact of one who declared a Brace, + its Brace roll's stat ("braced:7"): what the
forecast of an attack on it reads (an attack sees only its own order)."""
PUSH_SAVED = 1
"""Tiles a failed Brace still takes off each push."""
HEAVY = "heavy"
AI_PRONE_WORTH = 0.5
"""[design] What staying on its feet is worth to an AI, in Injuries: a foe's +2 to melee attacks
on it, and next round's movement spent getting up."""
AI_UNDECLARED = 0.5
"""[design] How much an AI counts a heavy weapon that could reach it but was not declared on it
(it declares before those foes, or they may strike elsewhere)."""


def brace_roll(world: World, eid: int, order: Order | None) -> Breakdown:
    """The Brace roll: Vigor + Agility with the order's Action Penalty and the Injury Penalty."""
    sheet = world.get(eid, Sheet)
    breakdown = Breakdown(N_("Vigor + Agility"), sheet.vigor + sheet.agility)
    if order is not None and order.action_penalty:
        breakdown = breakdown.plus(Modifier(N_("Action Penalty"), order.action_penalty))
    return breakdown.plus(injury_modifier(world, eid))


def braced_fact(world: World, eid: int, order: Order) -> str:
    """The round fact of a braced combatant: its Brace roll's stat."""
    return f"{BRACED}{brace_roll(world, eid, order).total}"


@dataclass(frozen=True)
class Braced(Event):
    """A braced combatant meets a push: `Pik braces: the push of Bo's heavy blow is cancelled`."""

    kind: ClassVar[str] = "braced"
    target: str
    by: str
    tiles: int
    left: int
    held: bool = True
    """Whether its Brace roll succeeded (the push cancelled), or failed (a tile shorter)."""
    target_id: int | None = entity_id()

    def text(self) -> str:
        if self.held:
            return f"{self.target} braces: the push of {self.by}'s heavy blow ({self.tiles}) is cancelled"
        shorter = f"one tile shorter ({self.tiles} → {self.left})"
        return f"{self.target} braces: the push of {self.by}'s heavy blow is {shorter}"


@push_lowered_by
def braced_push(rnd: RoundPort, target: int, attacker: int, tiles: int) -> int:
    """The tiles a push of `tiles` moves `target` after its Brace (the knockback module asks):
    its roll at the first push of the round, then 0 on a success, one tile less on a failure."""
    order = rnd.orders.get(target)
    if tiles <= 0 or order is None or not order.has(BRACE) or rnd.state is None:
        return tiles
    held: dict[int, bool] = rnd.state.slot(NAME, dict)
    if target not in held:
        by = name_of(rnd.world, attacker)
        rolled = rnd.roll(
            target, LABEL, None, brace_roll(rnd.world, target, order), note=f"against {by}'s push"
        )
        held[target] = rolled.succeeded
    left = 0 if held[target] else max(0, tiles - PUSH_SAVED)
    names = name_of(rnd.world, target), name_of(rnd.world, attacker)
    rnd.emit(Braced(*names, tiles, left, held[target], target_id=target))
    return left


def heavy_threats(
    world: World, board: Board, eid: int, here: Tile, earlier: dict[int, Order]
) -> list[tuple[int, float]]:
    """(enemy, weight) for each enemy with a heavy melee weapon that may strike `eid` at `here`
    this round: 1 if it declared an attack on it, `AI_UNDECLARED` if it has not declared and could
    reach it (within its Movement and the weapon's reach)."""
    found = []
    for enemy in combatants(world):
        if not are_enemies(world, eid, enemy) or not is_active(world, enemy):
            continue
        heavy = [w for w in world.get(enemy, Equipment).weapons if w.is_melee and w.has(HEAVY)]
        if not heavy:
            continue
        order = earlier.get(enemy)
        if order is not None:
            if any(a.target == eid and a.kind in OFFENSIVE for a in order.actions):
                found.append((enemy, 1.0))
            continue
        reach = max(w.reach for w in heavy)
        if board.distance(tile_of(world, enemy), here) <= movement_rate(world, enemy).total + reach * 1.5:
            found.append((enemy, AI_UNDECLARED))
    return found


@register_module
class BraceModule(RulesModule):
    """Brace (seed 003): an action that negates a knock-back on a successful roll, else shortens it."""

    name = NAME
    listing = 65
    label = N_("Brace")
    source = "seed 003 (Knockback: the Brace combat action)"
    requires = ("knockback",)
    help = N_(
        "Brace (an action, no movement): the first push of a heavy blow this round rolls Vigor + Agility; "
        "a success cancels every push, a failure makes each one tile shorter"
    )
    hint = N_(
        "Brace sets your feet for the round: when a heavy blow would knock you back, roll Vigor + Agility. "
        "Success: no push at all. Failure: each push is a tile shorter."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """Modifier Stage: who braces (a round fact the attacks on it read)."""
        if stage == "Modifier":
            for eid, order in rnd.orders.items():
                if order.has(BRACE):
                    state.fact(eid, braced_fact(rnd.world, eid, order))

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """One who declared a Brace is braced (certain)."""
        if order is None or not order.has(BRACE):
            return None
        return [(Fraction(1), frozenset({braced_fact(world, eid, order)}))]

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """Under a heavy blow on one braced: what its Brace does."""
        facts = [f for f in ctx.situation.target_facts if f.startswith(BRACED)]
        if not facts or not ctx.weapon.has(HEAVY):
            return []
        roll = int(facts[0].removeprefix(BRACED))
        return [
            f"{ctx.target_name} braces: Brace ≤ {roll} ({float(chance(roll)):.0%}) cancels the push, "
            f"else one tile less"
        ]


@register_action
class Brace(ActionSpec):
    """Brace against knockback (seed 003): declared for the round, rolled at the first push."""

    kind = BRACE
    listing = 145
    label = LABEL
    module = NAME
    menu = "self"
    help = BraceModule.hint
    hint = BraceModule.hint

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """No movement; one Brace."""
        reasons = []
        if check.order.path:
            reasons.append("Brace sets your feet: no movement this round")
        if sum(1 for a in check.order.actions if a.kind == BRACE) > 1:
            reasons.append("one Brace a round is enough")
        return reasons

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The Brace roll, made if a heavy blow pushes."""
        return brace_roll(world, actor, order)

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """Bracing where a heavy weapon may strike."""
        if ask.moving or not heavy_threats(ask.world, ask.board, ask.actor, ask.here, dict(ask.earlier)):
            return []
        return [((Action(BRACE),), "brace")]

    def ai_value(self, ask: AiAsk, order: Order) -> float:
        """The falls a Brace spares: for each heavy weapon that may strike, the chance its hit
        pushes (margin 3 or more: the knockback module's) times the chance of failing Keep
        Footing, times what staying up is worth, times the chance the Brace stops that push
        (a success; a failure stops a one-tile push)."""
        world, actor = ask.world, ask.actor
        fall = 1 - float(chance(footing_roll(world, actor).total))
        holds = float(chance(brace_roll(world, actor, order).total))
        total = 0.0
        for enemy, weight in heavy_threats(world, ask.board, actor, ask.here, dict(ask.earlier)):
            skill = world.get(enemy, Sheet).skill("strike")
            pushes = float(chance(skill - MARGIN_PER_TILE))
            one_tile = float(chance(skill - MARGIN_PER_TILE) - chance(skill - 2 * MARGIN_PER_TILE))
            stopped = holds * pushes + (1 - holds) * one_tile
            total += weight * stopped * fall * AI_PRONE_WORTH
        return total
