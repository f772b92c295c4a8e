"""The hold at bay module: Hold at Bay (seed 001), a longer weapon held out to stop a foe coming
on.  Rulings and their reasons: docs/modules.md, "Hold at Bay".

Seed 001: "Hold at Bay: There may be times when a character simply wishes to impede the
progress of a foe rather than damage him. A character cannot be locked in melee combat with the
foe and must have a melee weapon of greater length than the one wielded by the foe. Spears and
pole arms receive an automatic +20 modifier to this Maneuver. The character must make a Maneuver
Roll, adding his skill bonus with the weapon as a modifier to the roll, and consulting the RR
column to determine the value the foe must resist.  The foe then has three options to select
from: Beat aside the weapon and attack [...] A successful roll allows the foe to attack the
character normally, using any remainder of his original OB.  Bypass the character – The foe uses
either the sum of his Quickness and Agility bonuses, or his Acrobatics/Tumbling skill bonus
[...] A successful roll results in the foe bypassing the character and continuing on his way.
Tumbling Attack – [...] half [...] A successful roll allows the foe to attack the character with
half of his OB."  Converted (RULES.md §8: 10 d100 points ≈ 1 on the d12):

- **Hold at Bay** is an action on one foe, declared by a combatant whose melee weapon reaches
  further than every melee weapon the foe holds (reach in tiles: a spear's 2 against a sword's
  1), and not locked in melee with it (the foe's own reach does not cover it where it will
  stand) [design]; one a round;
- it is rolled as the Modifier Stage begins, before anyone moves, on **Strike** with the round's
  penalties, **+2** with a pole weapon (a spear, a pole arm: the +20); a success's **die is the
  Bay**, the value the foe must beat, as a defence's die is its Defense Penalty [design: the RR
  column's value grows with the roll];
- **Bypass**: a held foe whose move steps nearer the holder within the holder's reach rolls
  Bypass, **2 × Agility** with its Injury Penalty **− the Bay** [design: the seed's Quickness +
  Agility]; a failure stops it on the tile before that step, a success lets it go on;
- **Beat aside the weapon and attack**: the held foe's melee attacks on the holder this round
  are at **− the Bay** [design: the OB it spends beating the weapon aside is gone from its
  attack];
- the Tumbling Attack is left out: on the d12 it is a worse Bypass and attack at once, which the
  two above already play; the foe declares its order as ever, and what it declared meets the
  hold (the chapter's round has no moment to choose a reply after the hold is rolled).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile, chebyshev
from game.core.modifiers import BEST_ROLL, Breakdown, Modifier
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule
from game.rules.chances import chance
from game.rules.events import Event, entity_id
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import is_active, melee_reach, name_of, tile_of
from game.rules.registry import register_action, register_module
from game.rules.stats import injury_modifier, movement_rate, skill_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "hold_at_bay"
HOLD_AT_BAY = ActionKind.define("hold_at_bay")
LABEL = N_("Hold at Bay")
BYPASS = "Bypass"
"""The held foe's roll in the log and the dice keys ("Niles:Bypass")."""
POLE = "pole"
POLE_BONUS = 2  # the seed's +20 for spears and pole arms
BYPASS_AGILITY_TIMES = 2  # the seed's Quickness + Agility: both are Agility here
FACT = "held at bay"
"""Round facts of a holder: "held at bay:<foe>:<Bay>"."""
SLOT = NAME
"""The round state's slot: (holder, foe) → the Bay of a successful hold."""
AI_STOP_WORTH = 0.3
"""An AI's estimate, in Injuries spared, of a foe stopped short of it for a round (its attacks
lost with its move); counted × the chance the hold succeeds and the foe fails its Bypass."""


def bay_fact(foe: int, bay: int) -> str:
    """The round fact of a holder whose hold on `foe` succeeded with `bay`."""
    return f"{FACT}:{foe}:{bay}"


def bay_against(facts: frozenset[str], foe: int) -> int:
    """The Bay `foe` must beat, from the holder's round facts (0: not held)."""
    prefix = f"{FACT}:{foe}:"
    return max((int(f[len(prefix) :]) for f in facts if f.startswith(prefix)), default=0)


def holding_weapon(equipment: Equipment) -> Weapon | None:
    """The melee weapon that holds a foe off: the longest in hand."""
    melee = [w for w in equipment.weapons if w.is_melee]
    return max(melee, key=lambda w: w.reach, default=None)


def hold_breakdown(world: World, eid: int, order: Order | None) -> Breakdown:
    """Hold at Bay: Strike with the round's penalties, +2 with a pole weapon."""
    weapon = holding_weapon(world.get(eid, Equipment))
    mods = [Modifier(N_("Pole Weapon"), POLE_BONUS)] if weapon is not None and weapon.has(POLE) else []
    return skill_roll(world, eid, "strike", order).plus(*mods)


def bypass_breakdown(world: World, foe: int, bay: int) -> Breakdown:
    """Bypass: 2 × Agility with the Injury Penalty, less the Bay (no action: no Action Penalty)."""
    agility = world.get(foe, Sheet).agility
    return Breakdown(f"Agility ×{BYPASS_AGILITY_TIMES}", BYPASS_AGILITY_TIMES * agility).plus(
        injury_modifier(world, foe), Modifier(N_("Held at Bay"), -bay)
    )


def hold_problems(
    world: World, board: Board, holder: int, foe: int, here: Tile, there: set[Tile]
) -> list[str]:
    """Why `holder` standing at `here` cannot hold `foe` (at any of `there`) at bay: no longer
    weapon, or locked in melee with it (its reach covers `here`).  The lock is judged where the
    foe stands as the hold is declared, not where it means to go: a foe coming on is what a hold
    is for."""
    weapon = holding_weapon(world.get(holder, Equipment))
    if weapon is None:
        return [f"{LABEL} needs a melee weapon in hand"]
    theirs = melee_reach(world.get(foe, Equipment))
    who = name_of(world, foe)
    if weapon.reach <= theirs:
        return [f"{LABEL} needs a longer weapon than {who}'s (reach {weapon.reach} against {theirs})"]
    if any(board.in_reach(t, here, theirs) for t in there):
        return [f"locked in melee with {who}: it reaches you; {LABEL} keeps a foe off, it does not fight one"]
    return []


def step_in(board: Board, holder_at: Tile, reach: int, tiles: tuple[Tile, ...]) -> int | None:
    """The index of the first step of `tiles` (start first) that comes nearer `holder_at` onto a
    tile within `reach` of it; None if none does."""
    for k in range(1, len(tiles)):
        nearer = chebyshev(tiles[k], holder_at) < chebyshev(tiles[k - 1], holder_at)
        if nearer and board.in_reach(holder_at, tiles[k], reach):
            return k
    return None


@dataclass(frozen=True)
class HeldAtBay(Event):
    """A held foe fails its Bypass: its move stops at `at`."""

    kind: ClassVar[str] = "held_at_bay"
    actor: str
    holder: str
    at: Tile
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} is held at bay by {self.holder}: stops at {tuple(self.at)}"


@register_module
class HoldAtBayModule(RulesModule):
    """Hold at Bay (seed 001): a longer weapon stops a foe coming on, or makes it pay to strike."""

    name = NAME
    listing = 159
    label = LABEL
    source = "seed 001 (Hold at Bay)"
    dice = {BYPASS: 12}
    interrupt_word = "held"
    help = (
        f"{LABEL}: with a longer weapon than the foe's, roll Strike (+{POLE_BONUS} with a spear or "
        f"pole arm); its die is the Bay: the foe stepping nearer within your reach rolls {BYPASS} "
        "(2 × Agility − Bay) or stops, and its melee attacks on you are − Bay"
    )
    hint = (
        f"{LABEL} with a longer weapon: your Strike die is the Bay. A held foe stepping into your reach "
        f"rolls {BYPASS} at 2 × Agility − Bay or stops short, and strikes you at − Bay."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """As the Modifier Stage begins, before anyone moves: every hold, in Timing order."""
        if stage != "Modifier":
            return
        holds = state.slot(SLOT, dict)
        for eid in rnd.timing:
            order = rnd.orders.get(eid)
            if order is None or not is_active(rnd.world, eid):
                continue
            for action in order.actions:
                if action.kind != HOLD_AT_BAY or action.target is None:
                    continue
                rolled = rnd.roll(eid, LABEL, action.target, hold_breakdown(rnd.world, eid, order))
                if rolled.succeeded and rolled.die is not None:
                    holds[(eid, action.target)] = rolled.die
                    state.fact(eid, bay_fact(action.target, rolled.die))

    def interrupt_move(
        self, rnd: RoundPort, eid: int, tiles: tuple[Tile, ...], state: RoundState
    ) -> int | None:
        """A held foe stepping nearer its holder within reach rolls Bypass, or stops short."""
        world = rnd.world
        holds = state.slot(SLOT, dict)
        steps = []
        for (holder, foe), bay in holds.items():
            if foe != eid or not is_active(world, holder):
                continue
            weapon = holding_weapon(world.get(holder, Equipment))
            if weapon is None:
                continue
            k = step_in(rnd.board, tile_of(world, holder), weapon.reach, tiles)
            if k is not None:
                steps.append((k, holder, bay))
        for k, holder, bay in sorted(steps):
            note = f"against {name_of(world, holder)}'s {LABEL}"
            if not rnd.roll(eid, BYPASS, None, bypass_breakdown(world, eid, bay), note=note).succeeded:
                rnd.emit(HeldAtBay(name_of(world, eid), name_of(world, holder), tiles[k - 1], actor_id=eid))
                return k - 1
        return None

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """The held foe's melee attacks on its holder: − the Bay."""
        if "melee" not in ctx.spec.roles:
            return []
        bay = bay_against(ctx.situation.target_facts, ctx.attacker)
        return [Modifier(N_("Held at Bay"), -bay)] if bay else []

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """The hold's roll: each die that succeeds is a Bay, one twelfth each."""
        if order is None:
            return None
        held = [a.target for a in order.actions if a.kind == HOLD_AT_BAY and a.target is not None]
        if not held:
            return None
        stat = hold_breakdown(world, eid, order).total
        wins = [d for d in range(1, min(stat, BEST_ROLL) + 1)]
        found = [(Fraction(1, 12), frozenset({bay_fact(held[0], d)})) for d in wins]
        return [*found, (Fraction(12 - len(wins), 12), frozenset())]


@register_action
class HoldAtBay(ActionSpec):
    """Hold a foe off with a longer weapon: its move stops short, its melee attacks pay the Bay."""

    kind = HOLD_AT_BAY
    listing = 172
    label = LABEL
    module = NAME
    roles = frozenset({"targeted"})
    menu = "attack"
    help = HoldAtBayModule.help[0].upper() + HoldAtBayModule.help[1:] + "."
    hint = HoldAtBayModule.hint

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """One hold a round (one weapon held out)."""
        if sum(a.kind == HOLD_AT_BAY for a in check.order.actions) > 1:
            return [f"one {LABEL} a round: you hold one weapon out"]
        return []

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """A longer weapon than the foe's, and not locked in melee with it."""
        assert action.target is not None
        there = {tile_of(check.world, action.target)}  # the lock is now, where the foe stands
        return hold_problems(check.world, check.board, check.actor, action.target, check.end_tile, there)

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The forecast's roll: the same `hold_breakdown` the round rolls."""
        return hold_breakdown(world, actor, order)

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """A hold on a foe that could come within reach this round, when the weapon allows it."""
        if ask.target is None or not is_active(ask.world, ask.target):
            return []
        if hold_problems(
            ask.world, ask.board, ask.actor, ask.target, ask.here, {tile_of(ask.world, ask.target)}
        ):
            return []
        there = ask.target_tiles()
        weapon = holding_weapon(ask.equipment)
        assert weapon is not None
        walk = max(0.0, movement_rate(ask.world, ask.target).total)
        near = walk + weapon.reach * 1.5 * ask.board.metres_per_tile
        if not any(ask.board.distance(t, ask.here) <= near for t in there):
            return []
        return [((Action(self.kind, ask.target),), "hold at bay")]

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """A foe stopped short: the chance its Bypass fails, over the holds that succeed."""
        assert action.target is not None
        stat = hold_breakdown(world, actor, None).total
        wins = range(1, min(stat, BEST_ROLL) + 1)
        if not wins:
            return 0.0
        fails = sum(1 - chance(bypass_breakdown(world, action.target, d).total) for d in wins)
        return AI_STOP_WORTH * float(fails) / len(wins)
