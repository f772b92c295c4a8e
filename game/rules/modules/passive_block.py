"""The passive block module: a shield guards the arm that carries it (seed 003), with hit locations.

Seed 003, "Passive Blocking": "If a character is struck in a hit location passively blocked by
a shield or other weapon, reduce the incoming damage of the attack as if the equipement
passively blocking the attack had succeeded on a parry. This does not count as a success for
the purposes of gaining Special Effects. If a firearm hits a location being passively blocked,
reduce the incoming damage by the Armor Points of the weapon or shield rather than using the
parry damage reduction rules."  And its "Parrying Damage Reduction" table: a defending item
as large as the attacking weapon or larger stops All of the damage, one size smaller Half,
two or more None.

Converted (RULES.md §7–§8):

- the location passively blocked is **the shield's arm, the left arm** [design: the left
  hand holds the shield, `Equipment.held`; 003 lets a shield guard what its bearer holds it
  over, and the arm that carries it is always behind it].  Only a shield blocks passively
  here [design: a weapon in hand is the chapter's Parry];
- sizes [design]: a weapon's size is its injury rating (1 small, 2 medium, 3 large, 4 huge,
  5 or more enormous; as `power_strike` reads "weapon size"); a shield's is one above its
  Withstand bonus (a shield or buckler, +1: medium; a tower shield, +2: large);
- a hit that lands on the left arm of a combatant carrying a shield (a d100 of 71–80, or a
  Called Shot at the left arm or hand):
  - **All** (the weapon no larger than the shield): it strikes the shield instead: no
    Withstand Injury roll (as a hit striking cover, `body_cover`);
  - **Half** (one size larger): + half the weapon's injury rating, rounded up, to the
    Withstand Injury roll ("Passive Block (half)") [design: the rating is the weapon's damage
    on that roll];
  - **None** (two sizes larger or more): nothing;
- a **firearm** (a Slug Thrower or a Beam weapon) is reduced by the shield's "Armor Points"
  instead: + the shield's Withstand bonus to the roll [design: that bonus is the shield's
  armour here].  Bows and thrown weapons use the size table (003: shields parry normal
  ranged attacks).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.equipment import MissileKind, Shield, Weapon
from game.core.modifiers import Modifier, signed
from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.modules.hit_locations import NAME as HIT_LOCATIONS
from game.rules.modules.hit_locations import location_ranges
from game.rules.registry import register_module
from game.world import Equipment

if TYPE_CHECKING:
    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext, Blow

NAME = "passive_block"
SHIELD_ARM = "left arm"
SIZES = ("small", "medium", "large", "huge", "enormous")
ALL, HALF, NONE, ARMOUR = "All", "Half", "None", "Armor Points"
FIREARMS = (MissileKind.SLUG, MissileKind.BEAM)


def weapon_size(weapon: Weapon) -> int:
    """A weapon's size (index into `SIZES`): its injury rating, 1 small … 5 or more enormous."""
    return max(0, min(len(SIZES) - 1, weapon.injury - 1))


def shield_size(shield: Shield) -> int:
    """A shield's size: one above its Withstand bonus (+1 medium, +2 large)."""
    return max(0, min(len(SIZES) - 1, shield.withstand_bonus))


def reduction(shield: Shield, weapon: Weapon) -> str:
    """003's Parrying Damage Reduction for a shield against a weapon (a firearm: Armor Points)."""
    if weapon.is_missile and weapon.missile_kind in FIREARMS:
        return ARMOUR
    larger = weapon_size(weapon) - shield_size(shield)
    return ALL if larger <= 0 else HALF if larger == 1 else NONE


def half_rating(weapon: Weapon) -> int:
    """Half a weapon's injury rating, rounded up: what a Half reduction gives back."""
    return (weapon.injury + 1) // 2


def blocked(shield: Shield, weapon: Weapon, blow: Blow) -> Blow:
    """A hit on the shield's arm as the passive block leaves it."""
    found = reduction(shield, weapon)
    if found == ALL:
        return replace(blow, struck=f"the {shield.name}")
    if found == HALF:
        term = Modifier(f"Passive Block ({shield.name}, half)", half_rating(weapon))
    elif found == ARMOUR:
        term = Modifier(f"Passive Block ({shield.name})", shield.withstand_bonus)
    else:
        return blow
    return replace(blow, withstand=(*blow.withstand, term))


def block_words(shield: Shield, weapon: Weapon) -> str:
    """What the shield does to this weapon's hit on its arm, in words."""
    found = reduction(shield, weapon)
    if found == ALL:
        return f"strikes the {shield.name}"
    if found == HALF:
        return f"half: {signed(half_rating(weapon))} to Withstand Injury"
    if found == ARMOUR:
        return f"a firearm: {signed(shield.withstand_bonus)} to Withstand Injury (the shield's armour)"
    return f"the {weapon.name} is too large: nothing"


@register_module
class PassiveBlock(RulesModule):
    """Passive blocking (seed 003): a hit on the arm that carries a shield strikes the shield,
    or is lessened, by the sizes of the two."""

    name = NAME
    listing = 125
    label = N_("Passive block")
    source = "seed 003 (Passive Blocking, Parrying Damage Reduction)"
    requires = (HIT_LOCATIONS,)
    help = N_(
        "with hit locations: a hit on the left arm of one carrying a shield strikes the shield "
        "(weapon no larger), is halved (one size larger) or goes through; a firearm: + the shield's bonus"
    )
    hint = N_(
        "A shield guards the arm that carries it: a hit landing on the left arm strikes the shield, unless "
        "the weapon is larger than the shield (half, or nothing); against a firearm, the shield's bonus."
    )

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the target's shield (its equipment is read as the odds' target's)."""
        return ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit on the shield's arm: the shield's passive block."""
        if blow.struck or blow.location != SHIELD_ARM or not ctx.spec.deals_injury:
            return blow, ""
        shield = ctx.world.get(blow.target, Equipment).shield
        if shield is None:
            return blow, ""
        return blocked(shield, ctx.weapon, blow), ""

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What a hit on the target's shield arm does."""
        shield = ctx.world.get(ctx.target, Equipment).shield
        if shield is None or not ctx.spec.deals_injury:
            return []
        low, high = next((lo, hi) for name, lo, hi in location_ranges() if name == SHIELD_ARM)
        return [
            f"{ctx.target_name}'s {SHIELD_ARM} (d100 {low:02d}–{high:02d}) is behind the {shield.name}: "
            f"{block_words(shield, ctx.weapon)}"
        ]
