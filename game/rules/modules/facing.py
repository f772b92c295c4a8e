"""The facing module: arcs, and what attacking into them or defending from them costs
(RULES.md §1, §8; Mythras `003`).

Arcs of a combatant facing F: front = F−45°, F, F+45°; right and left = F±90°;
back = the three directions away from F.  A far tile is in the arc whose 45°
sector (±22.5°) holds the bearing to it.  Combatants hold their first weapon in the
right hand, a second one or a shield in the left [design] (`Equipment.held`); a
weapon strikes, and a parrying weapon parries, free on its own hand's side.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.modifiers import Modifier, signed
from game.i18n import N_
from game.rules.api.defence import parry_weapon
from game.rules.api.modules import RulesModule
from game.rules.arcs import BACK, FRONT, LEFT, RIGHT, arc_of
from game.rules.orders import ActionKind
from game.rules.registry import DEFENCES, derived, register_module
from game.world import Equipment

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext

GRADE = 2  # one Mythras difficulty grade on the d12 (RULES.md conversion)
OFF_HAND_ATTACK = -GRADE  # attacking into the side opposite the weapon hand
TWO_HANDED_SIDE_ATTACK = -GRADE  # two-handed weapons on either side
BACK_ATTACK = -6  # Herculean: attacking into one's own back squares
BACK_PARRY_COST = 4  # Formidable: parrying an attack from the back
BACK_DODGE_COST = 4  # Dodge and Evade against attacks from the back


def attack_facing_modifier(arc: str, weapon: Weapon, hand: str = "right") -> Modifier:
    """The attacker's own penalty for striking into one of its arcs with a weapon in `hand`
    (`Equipment.hand_of`): free on the side wielding the weapon (003), a grade into the other."""
    if arc == BACK:
        return Modifier(N_("Attacking into Back Arc"), BACK_ATTACK)
    if arc in (LEFT, RIGHT) and weapon.hands == 2:
        return Modifier(N_("Two-handed Weapon to the Side"), TWO_HANDED_SIDE_ATTACK)
    if arc == (RIGHT if hand == "left" else LEFT):
        return Modifier(N_("Attacking into Off-hand Side"), OFF_HAND_ATTACK)
    return Modifier("", 0)


def defence_cost(kind: ActionKind, arc: str, parry_hand: str = "right") -> int | None:
    """How much a defence loses against an attacker in `arc` of the defender;
    None where it cannot work at all (a shield facing away).  `parry_hand`: the hand
    holding the parrying weapon (`Equipment.hand_of`): a Parry is free on that side, a
    grade across the body to the other, a grade to either side with a two-handed weapon
    ("both")."""
    if kind is ActionKind.PARRY:
        if arc == BACK:
            return BACK_PARRY_COST
        if arc in (LEFT, RIGHT) and arc != parry_hand:
            return GRADE
        return 0
    if kind is ActionKind.BLOCK:
        return 0 if arc in (FRONT, LEFT) else None
    if kind in (ActionKind.DODGE, ActionKind.EVADE):
        return BACK_DODGE_COST if arc == BACK else 0
    return 0


@register_module
class Facing(RulesModule):
    """Facing (RULES.md §8, Mythras `003`): arcs cost attackers and defenders."""

    name = "facing"
    listing = 10
    label = N_("Facing")
    source = "RULES.md §8; seed 003 (Mythras facing squares)"
    default_on = True
    overlays = ("arcs",)
    help = (
        f"arcs matter: {signed(OFF_HAND_ATTACK)} / {signed(BACK_ATTACK)} to attack into your own side / "
        "back arc; defences weaken from behind"
    )
    hint = (
        "Strike from an enemy's back arc and its defences weaken; striking into your own back arc "
        f"costs {signed(BACK_ATTACK)}."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """The attacker's own penalty for striking into one of its arcs (melee attacks)."""
        if "melee" not in ctx.spec.roles:
            return []
        situation = ctx.situation
        arc = arc_of(situation.attacker_tile, situation.attacker_facing, situation.target_tile)
        hand = ctx.world.get(ctx.attacker, Equipment).hand_of(ctx.weapon)
        return [attack_facing_modifier(arc, ctx.weapon, hand)]

    def defence_costs(self, ctx: AttackContext) -> tuple[Mapping[ActionKind, int | None], str]:
        """How much each of the target's defences loses against this attacker, by the arc
        of the target it comes from."""
        situation = ctx.situation
        arc = arc_of(situation.target_tile, situation.target_facing, situation.attacker_tile)
        weapon = parry_weapon(ctx.target_equipment)
        hand = ctx.target_equipment.hand_of(weapon) if weapon is not None else "right"
        # Kept per arc and parrying hand until something registers (a module's defence).
        costs = derived(
            ("facing costs", arc, hand),
            lambda: {kind: defence_cost(kind, arc, hand) for kind in DEFENCES},
        )
        return costs, arc
