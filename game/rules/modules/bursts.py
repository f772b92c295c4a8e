"""The bursts module: Aimed Burst and Spread Burst (seed 001), a burst weapon's two aimed modes
beside `suppression`'s spray.  Rulings and their reasons: docs/modules.md, "Aimed Burst and
Spread Burst".

Seed 001: "Aimed Burst*: This action requires a projectile or energy weapon capable of burst
fire. When fired in burst mode, the weapon attack size is increased by 1 step and the shooter
receives an OB bonus equal to the weapon's Burst Bonus minus the weapon's Recoil Penalty (if
any). If the weapon is supported on a tripod or otherwise braced against recoil, the Recoil
Penalty is ignored. Only one attack roll is made. This Combat Action requires a full round."

"Spread Burst: [...] the wielder may shoot at multiple targets within a 15 degree arc. Targets
must be adjacent (with no one else between them). There must be no more than one target per
three shots/bolts in the burst. A -30 OB penalty is incurred for each additional target (after
the first). However, the shooter receives an OB bonus equal to the weapon's Burst Bonus minus
the weapon's Recoil Penalty (if any). [...] The weapon attack size is not increased in Spread
Burst fire. Only one attack roll is made. This Combat Action requires a full round."

Converted (RULES.md §8: 10 d100 points ≈ 1 on the d12):

- both need a missile weapon with the "burst" trait, take the whole round (no other action, no
  path) and are not made in melee; each shot is a Missile Strike for range, sight, cover and the
  target's defences;
- the Burst Bonus is +3 and the Recoil Penalty −1 for every burst weapon [design: the armory
  prints neither; +30 and −10 in the seed's points]; a shooter lying prone is braced and
  ignores the recoil [design: the grid has no tripods; the prone module's state says it];
- an **Aimed Burst** hit is one weapon size heavier: −1 to the target's Withstand Injury (as a
  Power Strike's, docs/modules.md);
- a **Spread Burst** is declared once per target (up to 3 [design: a burst of ten shots, one
  target per three]); each extra target is −3 on every target's roll (the seed's −30); the
  declarations count once for the Action Penalty [design: the −3 is the seed's own price];
  the targets must stand on neighbouring tiles in a chain (nobody can stand between) and
  within a 15° arc from the shooter, as they stand when it fires;
- [design] each target gets its own roll (keyed "Name:Spread Burst", in declared order), as
  Suppression Fire's do: the round rolls one attack per target, and each has the chance the
  seed's one roll read against its own defences would have.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.geometry import Tile, bearing_degrees, chebyshev
from game.core.modifiers import Breakdown, Modifier, signed
from game.i18n import N_
from game.rules.actions.missile_strike import MissileStrike
from game.rules.api.action import whole_round_reasons
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import RulesModule
from game.rules.modules.prone import is_prone
from game.rules.modules.suppression import burst_weapon, burst_weapon_for
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, name_of, planned_tile, range_band, tile_of
from game.rules.registry import register_action, register_module
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext, Blow

NAME = "bursts"
AIMED_BURST = ActionKind.define("aimed_burst")
SPREAD_BURST = ActionKind.define("spread_burst")
BURST_BONUS = 3  # [design] the seed's Burst Bonus, +30
RECOIL = -1  # [design] the seed's Recoil Penalty, −10; ignored when braced (prone)
HEAVIER = -1  # Aimed Burst: one more weapon size, one more point against Withstand Injury
PER_TARGET = -3  # Spread Burst: −30 for each target after the first
MAX_TARGETS = 3  # [design] one target per three shots of a ten-shot burst
ARC = 15.0  # Spread Burst: the targets' bearings lie within 15°


def burst_terms(world: World, shooter: int) -> list[Modifier]:
    """The Burst Bonus and, unless the shooter is braced (prone), the Recoil Penalty."""
    terms = [Modifier(N_("Burst Bonus"), BURST_BONUS)]
    if not is_prone(world, shooter):
        terms.append(Modifier(N_("Recoil"), RECOIL))
    return terms


def burst_net(world: World, shooter: int) -> int:
    """What the burst adds to the roll in all (the AI's quick stat)."""
    return sum(m.value for m in burst_terms(world, shooter))


def _offset(here: Tile, anchor: Tile, tile: Tile) -> float:
    """The bearing of `tile` from `here`, in degrees from the bearing of `anchor` (−180..180)."""
    return (bearing_degrees(here, tile) - bearing_degrees(here, anchor) + 180.0) % 360.0 - 180.0


def spread_group(here: Tile, tiles: Sequence[Tile]) -> list[int]:
    """The indices of `tiles` a Spread Burst from `here` takes: the first target's, then every
    other that stands next to one already taken while all taken lie within the 15° arc (tried
    in declared order, again until none joins)."""
    if not tiles:
        return []
    taken = [0]
    offsets = {0: 0.0}
    grew = True
    while grew:
        grew = False
        for i, tile in enumerate(tiles):
            if i in offsets or not any(chebyshev(tile, tiles[j]) == 1 for j in taken):
                continue
            off = _offset(here, tiles[0], tile)
            low, high = min(min(offsets.values()), off), max(max(offsets.values()), off)
            if high - low <= ARC + 1e-9:
                taken.append(i)
                offsets[i] = off
                grew = True
    return sorted(taken)


def spread_targets(order: Order) -> list[int]:
    """The targets an order's Spread Bursts name, in declared order."""
    return [a.target for a in order.actions if a.kind is SPREAD_BURST and a.target is not None]


@register_module
class BurstsModule(RulesModule):
    """Aimed Burst and Spread Burst (seed 001): a burst weapon's aimed modes."""

    name = NAME
    listing = 155
    label = N_("Aimed Burst and Spread Burst")
    source = "seed 001 (Aimed Burst, Spread Burst)"
    help = (
        f"Aimed Burst (a burst weapon, the whole round): Burst Bonus {signed(BURST_BONUS)}, Recoil "
        f"{signed(RECOIL)} (not when prone), and a hit one weapon size heavier ({signed(HEAVIER)} to "
        f"Withstand Injury). Spread Burst: the same bonus at up to {MAX_TARGETS} neighbouring targets "
        f"within {ARC:.0f}°, {signed(PER_TARGET)} for each target after the first"
    )
    hint = (
        f"A burst weapon adds its Burst Bonus {signed(BURST_BONUS)} and Recoil {signed(RECOIL)} "
        "(prone: braced, no recoil). Aimed Burst: one target, a hit one size heavier. Spread Burst: "
        f"neighbouring targets within {ARC:.0f}°, {signed(PER_TARGET)} per extra target. "
        "Each takes the round."
    )

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the attack's kind."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """An Aimed Burst's hit is one weapon size heavier."""
        if ctx.action.kind is AIMED_BURST and not blow.struck:
            return replace(blow, withstand=(*blow.withstand, Modifier(N_("Aimed Burst"), HEAVIER))), ""
        return blow, ""

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What the hit gets, or how the spread is priced."""
        if ctx.action.kind is AIMED_BURST:
            return [f"Aimed Burst: a hit is one weapon size heavier ({signed(HEAVIER)} to Withstand)"]
        if ctx.action.kind is SPREAD_BURST:
            count = len(spread_targets(ctx.order))
            return [f"Spread Burst at {count} target{'s' if count > 1 else ''}: one roll each"]
        return []


class _Burst(MissileStrike):
    """What both bursts share: a burst weapon, the whole round, the Burst Bonus and Recoil."""

    module = NAME
    quick = False
    called_shot = False
    names_weapon = True

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Missile Strike."""
        return ActionKind.MISSILE_STRIKE.value

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """The burst weapon named in the order, else the first burst weapon in hand."""
        return burst_weapon_for(equipment, action)

    def default_weapon(self, equipment: Equipment) -> Weapon | None:
        """The first burst weapon in hand."""
        return burst_weapon(equipment)

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A burst-capable weapon, then a Missile Strike's needs (range, sight, no melee)."""
        if weapon is None:
            return [f"{self.label} needs a burst-capable weapon in hand (a submachine gun, a machine gun …)"]
        return super().attack_reasons(check, action, weapon)

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Missile Strike with the range band, the Burst Bonus and the Recoil."""
        return super().base_breakdown(ctx).plus(*burst_terms(ctx.world, ctx.attacker))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Missile Strike stat with the burst's terms."""
        return super().ai_stat(world, actor) + burst_net(world, actor)


@register_action
class AimedBurst(_Burst):
    """A burst at one target: the Burst Bonus less Recoil, a hit one weapon size heavier."""

    kind = AIMED_BURST
    listing = 181
    label = N_("Aimed Burst")
    help = (
        f"Fire a full burst at this enemy (a burst weapon, the whole round, no move): Missile Strike "
        f"{signed(BURST_BONUS)} [Burst Bonus] {signed(RECOIL)} [Recoil, not when prone], and a hit is one "
        f"weapon size heavier ({signed(HEAVIER)} to the target's Withstand Injury)."
    )
    hint = BurstsModule.hint

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round."""
        return whole_round_reasons(check, self.label)

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One Aimed Burst where it stands, when the target is in range and sight."""
        assert ask.target is not None
        weapon = self.weapon(ask.equipment, Action(self.kind, ask.target))
        if weapon is None or ask.engaged or ask.moving or not self.ai_reaches(ask, weapon):
            return []
        return [((Action(self.kind, ask.target),), "aimed burst")]


@register_action
class SpreadBurst(_Burst):
    """A burst spread over neighbouring targets within 15°: −3 for each after the first."""

    kind = SPREAD_BURST
    listing = 182
    label = N_("Spread Burst")
    counts_for_penalty = False  # the −3 per extra target is the spread's own price
    help = (
        f"Spread a burst over enemies side by side (a burst weapon, the whole round, no move): declare it "
        f"once per target, up to {MAX_TARGETS}, standing on neighbouring tiles within {ARC:.0f}° of each "
        f"other. Missile Strike {signed(BURST_BONUS)} [Burst Bonus] {signed(RECOIL)} [Recoil, not when "
        f"prone], {signed(PER_TARGET)} on every roll for each target after the first."
    )
    hint = BurstsModule.hint

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round; distinct targets, at most three, side by side within 15°."""
        reasons = whole_round_reasons(check, self.label, frozenset({SPREAD_BURST}))
        targets = spread_targets(check.order)
        if len(set(targets)) < len(targets):
            reasons.append("Spread Burst: each target once")
        if len(targets) > MAX_TARGETS:
            reasons.append(f"Spread Burst: at most {MAX_TARGETS} targets (one per three shots)")
        if not reasons and len(targets) > 1:
            tiles = [planned_tile(check.world, t, check.earlier) for t in targets]
            taken = spread_group(check.end_tile, tiles)
            left = [name_of(check.world, t) for i, t in enumerate(targets) if i not in taken]
            if left:
                reasons.append(
                    f"Spread Burst: {', '.join(left)} not beside the other targets within {ARC:.0f}°"
                )
        return reasons

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """The burst's roll, −3 for each declared target after the first."""
        found = super().base_breakdown(ctx)
        extra = len(spread_targets(ctx.order)) - 1
        if extra > 0:
            found = found.plus(Modifier(f"Spread Burst, {extra + 1} targets", PER_TARGET * extra))
        return found

    def late_nullify(self, ctx: AttackContext) -> str:
        """A Missile Strike's checks, then the spread as everyone stands now: a target that is no
        longer beside the others within 15° is not in it."""
        found = super().late_nullify(ctx)
        targets = spread_targets(ctx.order)
        if found or len(targets) < 2 or ctx.target not in targets:
            return found
        world = ctx.world
        tiles = [ctx.situation.target_tile if t == ctx.target else tile_of(world, t) for t in targets]
        if targets.index(ctx.target) in spread_group(ctx.situation.attacker_tile, tiles):
            return ""
        return f"{ctx.target_name} is no longer beside the other targets within {ARC:.0f}°"

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """Where it stands: the target and the enemies side by side with it in range and sight
        (two, then three), nearest to the target first."""
        assert ask.target is not None
        weapon = self.weapon(ask.equipment, Action(self.kind, ask.target))
        if weapon is None or ask.engaged or ask.moving or not self.ai_reaches(ask, weapon):
            return []
        world, board, here = ask.world, ask.board, ask.here
        anchor = planned_tile(world, ask.target, ask.earlier)
        near = sorted(
            (chebyshev(anchor, planned_tile(world, e, ask.earlier)), e)
            for e in combatants(world)
            if e != ask.target and are_enemies(world, ask.actor, e) and world.get(e, Condition).present
        )
        group = [ask.target]
        for _, e in near:
            tile = planned_tile(world, e, ask.earlier)
            if len(group) >= MAX_TARGETS or chebyshev(anchor, tile) > MAX_TARGETS - 1:
                break
            if range_band(board.distance(here, tile), weapon) is None or not board.line_of_sight(here, tile):
                continue
            tiles = [planned_tile(world, t, ask.earlier) for t in (*group, e)]
            if len(spread_group(here, tiles)) == len(tiles):
                group.append(e)
        return [
            (tuple(Action(self.kind, t) for t in group[:n]), f"spread burst at {n}")
            for n in range(2, len(group) + 1)
        ]
