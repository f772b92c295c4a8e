"""The careful aim module: rounds spent aiming lower the range penalty of the shot that follows
(RULES.md §8; seed 001 Careful Aim).  Rulings and their reasons: docs/modules.md, "Careful Aim".

- Careful Aim names one enemy in range and sight and takes the whole round (no other action,
  no path; turning is free); not while engaged in melee.
- At the end of each such round the aim holds one round more, unless the target moved more
  than 5 m this round, went out of sight on any tile of its walk (even if it came back: seed
  001 "at all times"), is out of sight or out of range, or is down; the aimer knocked off its
  tile loses it too.
- A Missile Strike at the aimed target from the tile it aimed from has its range penalty
  lowered by 1 per full round of aiming (−5 d100 ≈ 0.5, rounded in the shooter's favour),
  never below 0; a target that moves more than 5 m, or out of sight, in the round of the shot
  spoils it.
- Any round not spent aiming at that target ends the aim (after its shot, if it shoots).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile, bearing_direction
from game.core.modifiers import Modifier
from game.i18n import N_
from game.rules.api.action import ActionSpec, whole_round_reasons
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.odds import attack_odds
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, is_active, name_of, range_band, tile_of
from game.rules.registry import register_action, register_module
from game.rules.still import remembered
from game.world import Equipment, Facing, World
from game.world.registry import component

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

PER_ROUND = 1  # range penalty lowered per full round of aiming (seed: 5 d100 points, rounded up)
BREAK_METRES = 5.0  # a target moving more than this in a round breaks the aim (seed 001)
AIM = ActionKind.define("aim")
AI_AIM_WORTH = 0.8  # share of next round's better shot an AI counts (the target may still move)


@component("aiming")
@dataclass(frozen=True)
class Aiming:
    """Aiming at `target` for `rounds` full consecutive rounds (the careful aim module)."""

    target: int
    rounds: int


@dataclass(frozen=True)
class AimHeld(Event):
    """A round of aiming counted: the aim holds `rounds` full rounds now."""

    kind: ClassVar[str] = "aim_held"
    actor: str
    target: str
    rounds: int
    actor_id: int | None = entity_id()
    target_id: int | None = entity_id()

    def text(self) -> str:
        plural = "s" if self.rounds != 1 else ""
        return (
            f"{self.actor} aims at {self.target}: {self.rounds} full round{plural} "
            f"(+{self.rounds * PER_ROUND} against the range penalty of the next shot at {self.target})"
        )


@dataclass(frozen=True)
class AimLost(Event):
    """An aim that ends: fired, broken, or given up."""

    kind: ClassVar[str] = "aim_lost"
    actor: str
    target: str
    reason: str
    actor_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.actor} no longer aims at {self.target}: {self.reason}"


@applies(AimHeld)
def _aim_held(world: World, event: AimHeld) -> None:
    world.set(entity(event.actor_id, event), Aiming(entity(event.target_id, event), event.rounds))


@applies(AimLost)
def _aim_lost(world: World, event: AimLost) -> None:
    world.remove(entity(event.actor_id, event), Aiming)


def aim_bonus(ctx: AttackContext) -> tuple[int, int]:
    """(reduction of the range penalty, rounds aimed) for this attack; (0, rounds) when the aim
    does not serve it."""
    aiming = ctx.world.try_get(ctx.attacker, Aiming)
    if aiming is None or aiming.target != ctx.target or ctx.action.kind is not ActionKind.MISSILE_STRIKE:
        return 0, 0
    situation = ctx.situation
    if len(situation.attacker_trail.tiles) > 1 or situation.target_trail.ground > BREAK_METRES + 1e-9:
        return 0, aiming.rounds
    if left_sight(ctx.board, situation.attacker_tile, situation.target_trail.tiles):
        return 0, aiming.rounds
    penalty = _range_penalty(ctx.board, situation.attacker_tile, situation.target_tile, ctx.weapon)
    return min(aiming.rounds * PER_ROUND, penalty), aiming.rounds


def left_sight(board: Board, here: Tile, walked: tuple[Tile, ...]) -> Tile | None:
    """The first tile of a target's walk this round out of sight of an aimer at `here` (seed
    001: the shooter keeps line of sight "at all times"), or None."""
    return next((t for t in walked if not board.line_of_sight(here, t)), None)


def _range_penalty(board: Board, here: Tile, there: Tile, weapon: Weapon | None) -> int:
    """The range penalty aim can lower (a positive number; 0 out of range or without a weapon)."""
    band = range_band(board.distance(here, there), weapon) if weapon is not None else None
    return -band[1] if band is not None else 0


def _aim_problem(world: World, board: Board, eid: int, target: int, weapon: Weapon | None) -> str:
    """Why `eid` cannot aim at `target` from where it stands now ("" if it can)."""
    name = name_of(world, target)
    if weapon is None:
        return "Careful Aim needs a missile weapon in hand"
    if not is_active(world, target):
        return f"{name} is down"
    here, there = tile_of(world, eid), tile_of(world, target)
    if not board.line_of_sight(here, there):
        return f"{name} is out of sight"
    if range_band(board.distance(here, there), weapon) is None:
        return f"{name} is out of range of your {weapon.name}"
    return ""


@register_module
class CarefulAim(RulesModule):
    """Careful Aim (RULES.md §8, seed 001): a round of aiming, −1 range penalty on the next shot."""

    name = "careful_aim"
    listing = 40
    label = N_("Careful Aim")
    source = "RULES.md §8; seed 001 (Careful Aim)"
    help = (
        f"Careful Aim (the whole round) at one enemy: each full round lowers that target's range "
        f"penalty by {PER_ROUND}, never below 0; it moving over {BREAK_METRES:g} m or leaving sight breaks it"
    )
    hint = (
        f"Each full round of Careful Aim at one target lowers its range penalty by {PER_ROUND} on your next "
        f"shot, never below 0; the target moving over {BREAK_METRES:g} m or leaving your sight breaks it."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """The aimed shot: the range penalty lowered by the rounds aimed."""
        bonus, rounds = aim_bonus(ctx)
        if not bonus:
            return []
        return [Modifier(f"Careful Aim {rounds} round{'s' if rounds != 1 else ''}", bonus)]

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """An aiming token shows the rounds aimed."""
        aiming = world.try_get(eid, Aiming)
        return [TokenMark(f"AIM {aiming.rounds}")] if aiming is not None else []

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """Each aim holds one round more, breaks, or ends because its maker did something else."""
        world = rnd.world
        for eid in combatants(world):
            order = rnd.orders.get(eid)
            aiming = world.try_get(eid, Aiming)
            actions = order.actions if order is not None else ()
            aim = next((a for a in actions if a.kind is AIM), None)
            name = name_of(world, eid)
            if aim is None or aim.target is None:
                if aiming is not None:
                    shot = any(
                        a.kind is ActionKind.MISSILE_STRIKE and a.target == aiming.target for a in actions
                    )
                    reason = "the shot is taken" if shot else "the round was spent otherwise"
                    rnd.emit(AimLost(name, name_of(world, aiming.target), reason, actor_id=eid))
                continue
            target = aim.target
            problem = self._broken(rnd, eid, target, state)
            if problem:
                rnd.emit(AimLost(name, name_of(world, target), problem, actor_id=eid))
                continue
            rounds = aiming.rounds + 1 if aiming is not None and aiming.target == target else 1
            rnd.emit(AimHeld(name, name_of(world, target), rounds, actor_id=eid, target_id=target))

    @staticmethod
    def _broken(rnd: RoundPort, eid: int, target: int, state: RoundState) -> str:
        """Why this round of aiming does not count ("" if it does)."""
        world = rnd.world
        if not is_active(world, eid):
            return "down"
        mine = state.trails.get(eid)
        if mine is not None and mine.tiles and tile_of(world, eid) != mine.tiles[-1]:
            return "knocked off the spot"
        theirs = state.trails.get(target)
        if theirs is not None and theirs.ground > BREAK_METRES + 1e-9:
            return f"{name_of(world, target)} moved {theirs.ground:.1f} m (over {BREAK_METRES:g} m)"
        gone = left_sight(rnd.board, tile_of(world, eid), theirs.tiles) if theirs is not None else None
        if gone is not None:
            return f"{name_of(world, target)} went out of sight at {tuple(gone)}"
        return _aim_problem(world, rnd.board, eid, target, world.get(eid, Equipment).missile_weapon())


@register_action
class Aim(ActionSpec):
    """Careful Aim: a whole round spent aiming at one enemy."""

    kind = AIM
    listing = 150
    label = N_("Careful Aim")
    module = "careful_aim"
    roles = frozenset({"targeted"})
    menu = "attack"
    help = (
        f"Spend the whole round aiming your missile weapon at this enemy (no other action, no move): "
        f"each full round lowers its range penalty by {PER_ROUND} on your next Missile Strike at it, "
        f"never below 0. It moving over {BREAK_METRES:g} m in a round, or leaving your sight, breaks the aim."
    )
    hint = CarefulAim.hint

    @property
    def roll_purpose(self) -> str | None:
        """No die."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round; not in melee."""
        reasons = whole_round_reasons(check, self.label)
        if check.engaged:
            reasons.append(f"cannot aim while engaged in melee with {check.engaged_names}")
        return reasons

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """A missile weapon, the target in range and in sight now."""
        assert action.target is not None
        problem = _aim_problem(
            check.world, check.board, check.actor, action.target, check.equipment.missile_weapon()
        )
        return [problem] if problem else []

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Aiming at each enemy it can aim at, where it stands."""
        if ask.engaged:
            return []
        weapon = ask.equipment.missile_weapon()
        world = ask.world
        return [
            (Order(ask.actor, (Action(self.kind, enemy),)), f"aim at {name_of(world, enemy)}")
            for enemy in combatants(world)
            if are_enemies(world, ask.actor, enemy)
            and not _aim_problem(world, ask.board, ask.actor, enemy, weapon)
        ]

    def ai_value(self, ask: AiAsk, order: Order) -> float:
        """What aiming this round is worth, against shooting now: aiming is an investment,
        and a shot resets it.  With S(k) the shot after k rounds of aim (each further round
        counted at `AI_AIM_WORTH`: the target may still move), shooting every k + 1 rounds
        yields S(k) / (k + 1) a round at best, R.  Aiming now and shooting after m more
        rounds yields S(now + 1 + m), where shooting now yields S(now) plus R in each of
        those rounds; the worth is the best of those, less the R given up, never below 0.
        So it aims at a long shot for as many rounds as pay, then shoots, rather than
        shooting every other round."""
        aim = next((a for a in order.actions if a.kind is self.kind), None)
        if aim is None or aim.target is None:
            return 0.0
        # The same for every order that aims at that target from that tile (it reads nothing
        # else of the order): remembered while the world stands still (`game.rules.still`).
        key = ("aim worth", id(ask.board), ask.actor, aim.target, ask.here, ask.options)
        return remembered(key, lambda: self._aim_worth(ask, aim.target), ask.world)

    def _aim_worth(self, ask: AiAsk, target: int) -> float:
        world = ask.world
        here, there = ask.here, tile_of(world, target)
        penalty = _range_penalty(ask.board, here, there, ask.equipment.missile_weapon())
        full = -(-penalty // PER_ROUND)  # rounds of aim that lower all of it
        aiming = world.try_get(ask.actor, Aiming)
        now = aiming.rounds if aiming is not None and aiming.target == target else 0
        if now >= full:
            return 0.0  # nothing (more) for aim to lower
        later = world.copy()

        def shot(rounds: int) -> float:
            if rounds:
                later.set(ask.actor, Aiming(target, rounds))
            elif later.try_get(ask.actor, Aiming) is not None:
                later.remove(ask.actor, Aiming)
            odds = attack_odds(
                later,
                ask.board,
                ask.actor,
                Action(ActionKind.MISSILE_STRIKE, target),
                at=here,
                facing=bearing_direction(here, there),
                target_at=there,
                target_facing=world.get(target, Facing).direction,
                options=ask.options,
            )
            return float(odds.expected_injuries)

        shots = [shot(k) for k in range(full + 1)]  # no further gain once the penalty is spent
        rate = max(s * AI_AIM_WORTH**k / (k + 1) for k, s in enumerate(shots))
        gains = (shots[now + 1 + m] * AI_AIM_WORTH ** (m + 1) - (m + 1) * rate for m in range(full - now))
        return max(0.0, *gains)
