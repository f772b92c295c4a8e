"""Missile Strike (CO.07): a shot at a target in range and in sight, never in melee."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier
from game.i18n import N_
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of, range_band, target_tiles
from game.rules.registry import register_action
from game.rules.stats import missile_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext


@register_action
class MissileStrike(AttackSpec):
    """A shot with a missile weapon: range bands 0 / −3 / −6 (CO.07)."""

    kind = ActionKind.MISSILE_STRIKE
    listing = 20
    label = N_("Missile Strike")
    quick = True
    called_shot = True
    names_weapon = True
    help = N_(
        "Shoot an enemy in range and in sight with the Missile Strike skill of your weapon's kind "
        "(untrained: \u22123). Medium range \u22123, long range \u22126. Not while engaged in melee."
    )

    def default_weapon(self, equipment: Equipment) -> Weapon | None:
        """The first missile weapon in hand."""
        return equipment.missile_weapon()

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A missile weapon, no melee, the target in range and in sight where it may be."""
        if weapon is None:
            return ["Missile Strike needs a missile weapon in hand"]
        if check.stays_in_melee:
            return [f"no Missile Strike in melee (engaged with {check.engaged_names})"]
        assert action.target is not None
        tiles = target_tiles(check.world, action.target, check.earlier)
        board, end = check.board, check.end_tile
        if not any(range_band(board.distance(end, t), weapon) for t in tiles):
            return [f"{name_of(check.world, action.target)} is out of range of your {weapon.name}"]
        if not any(board.line_of_sight(end, t) for t in tiles):
            return [f"no line of sight to {name_of(check.world, action.target)}"]
        return []

    def ai_stat(self, world: World, actor: int) -> int:
        """Missile Strike with the weapon in hand, before the round's penalties."""
        weapon = self.default_weapon(world.get(actor, Equipment))
        assert weapon is not None and weapon.missile_kind is not None
        return missile_roll(world, actor, weapon.missile_kind, None).total

    def ai_usable(self, ask: AiAsk) -> bool:
        """No shooting out of melee."""
        return not ask.engaged

    def ai_reaches(self, ask: AiAsk, weapon: Weapon) -> bool:
        """In range and in sight from where the shooter will stand."""
        board, here = ask.board, ask.here
        return any(
            range_band(board.distance(here, t), weapon) is not None and board.line_of_sight(here, t)
            for t in ask.target_tiles()
        )

    def late_nullify(self, ctx: AttackContext) -> str:
        """Engaged in melee, out of sight or out of range now: no shot."""
        situation = ctx.situation
        here, there = situation.attacker_tile, situation.target_tile
        if situation.attacker_engaged:
            return "engaged in melee: no Missile Strike"
        if not ctx.board.line_of_sight(here, there):
            return f"no line of sight to {ctx.target_name}"
        distance = ctx.board.distance(here, there)
        if range_band(distance, ctx.weapon) is None:
            return f"{ctx.target_name} is out of range ({distance:.1f} m)"
        return ""

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Missile Strike of the weapon's kind with the round's penalties and the range band."""
        situation = ctx.situation
        band = range_band(ctx.board.distance(situation.attacker_tile, situation.target_tile), ctx.weapon)
        assert band is not None and ctx.weapon.missile_kind is not None
        stat = missile_roll(ctx.world, ctx.attacker, ctx.weapon.missile_kind, ctx.order)
        return stat.plus(Modifier(band[2], band[1]))
