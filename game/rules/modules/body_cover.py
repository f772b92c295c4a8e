"""The cover by body part module (RULES.md §8; seeds 003 "Cover", 004 visible body parts):
with hit locations and cover both on, cover stops the hits that land on what it hides.

- Low cover hides the legs; high cover everything but the head and the weapon
  arm (RULES.md §8; 001 Dodging Fire: "his head and his weapon hand"): the arm
  whose hand holds the weapon it shoots with (its missile weapon, else its first
  weapon: `Equipment.held`); both arms for a two-handed weapon, which both hands
  hold [design], and for one with no weapon in hand.
- A Missile Strike hit whose location is hidden strikes the cover instead
  (003: "When an attack would land on a body location covered by an obstacle it
  strikes that obstacle first"): no Withstand Injury roll; the log says so.
  Melee is not stopped: cover is what lies between a shooter and its target, as
  for the cover module.
- A Called Shot at a hidden part is refused at declaration, with the reason,
  when the part is hidden wherever the target may stand (its tile now, or the
  end of the path it declared); if the target moves behind cover anyway, the
  hit strikes the cover.
- The cover module's own penalties (−2 low, −8 high) still count: they are the
  harder aim, this is what the aim strikes.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.geometry import Tile
from game.i18n import N_
from game.rules.api.attack import AttackSpec, Blow
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks
from game.rules.modules.hit_locations import LOCATION_NAMES, location_of_part, location_ranges
from game.rules.positions import combatants, name_of, target_tiles
from game.rules.registry import register_module, spec_of
from game.rules.sight import sight_within, tiles_near_cover
from game.world import Equipment

if TYPE_CHECKING:
    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext
    from game.rules.api.contexts import OrderCheck
    from game.rules.board import Board

NAME = "body_cover"
MISSILE = "missile_strike"
HIDDEN: dict[str, tuple[str, ...]] = {
    "none": (),
    "low": ("right leg", "left leg"),
    "high": ("torso", "right leg", "left leg"),
}
"""The locations each level of cover hides."""


OTHER_ARM = {"right": "left arm", "left": "right arm"}
"""The arm high cover hides of one who shoots one-handed with the weapon in that hand."""


def hidden_by(level: str, hand: str = "both") -> tuple[str, ...]:
    """The locations a level of cover hides of one whose weapon is in `hand` ("right",
    "left", or "both": two-handed or no weapon); high cover hides the arm without it."""
    hidden = HIDDEN.get(level, ())
    if level == "high" and hand in OTHER_ARM:
        return (*hidden, OTHER_ARM[hand])
    return hidden


def weapon_hand(equipment: Equipment | None) -> str:
    """The hand holding the weapon a combatant shoots from cover with: its missile weapon's,
    else its first weapon's ("both" for a two-handed one, or with no weapon in hand)."""
    if equipment is None:
        return "both"
    weapon = equipment.missile_weapon() or next(iter(equipment.weapons), None)
    return equipment.hand_of(weapon) if weapon is not None else "both"


def exposed_by(level: str, hand: str = "both") -> tuple[str, ...]:
    """The locations a level of cover leaves exposed, in the table's order."""
    return tuple(name for name in LOCATION_NAMES if name not in hidden_by(level, hand))


def cover_from(board: Board, shooter: Tile, target: Tile) -> str:
    """The cover between a shooter and a target (the cover module's rule)."""
    return board.cover_between(shooter, target)


def hidden_share(level: str, hand: str = "both") -> Fraction:
    """The chance a rolled location is hidden by that level of cover."""
    hidden = hidden_by(level, hand)
    shares = [Fraction(high - low + 1, 100) for name, low, high in location_ranges() if name in hidden]
    return sum(shares, Fraction(0))


ABBREVIATIONS = {
    "head": "H",
    "torso": "T",
    "right arm": "A",
    "left arm": "A",
    "right leg": "L",
    "left leg": "L",
}
"""One letter per body part, for a tile's mark: "HTA" is head, torso and arms."""


def exposed_letters(level: str) -> str:
    """ "HTA" (low cover), "HA" (high cover)."""
    return "".join(dict.fromkeys(ABBREVIATIONS[name] for name in exposed_by(level)))


class ExposedParts(ModuleOverlay):
    """For the selected shooter, what each tile next to cover leaves exposed of whoever stands
    there: its letters (H head, T torso, A arms, L legs), and in the legend what is hidden."""

    name = "exposed"
    label = N_("Exposed body parts")
    help = N_("what the cover by each tile leaves exposed to the selected shooter (H head, T torso, A arms)")
    LEVELS = ("low", "high")

    def marks(self, ask: OverlayAsk) -> TileMarks:
        """Tiles in range and in sight of the shooter whose cover hides some parts."""
        styles = tuple(
            MarkStyle(
                f"{exposed_letters(level)}: {level} cover hides the {', '.join(hidden_by(level))}",
                "warn" if level == "low" else "good",
                "dots" if level == "low" else "hatch",
            )
            for level in self.LEVELS
        )
        held = ask.world.try_get(ask.focus, Equipment)
        weapon = held.missile_weapon() if held is not None else None
        if weapon is None or weapon.ranges is None:
            return TileMarks(styles)
        board, origin = ask.board, ask.origin
        # One sight map from the shooter answers sight and cover (as `line_of_sight` and
        # `cover_from` would, tile by tile) for every tile next to cover.
        sight = sight_within(board, origin, weapon.ranges[-1])
        tiles: dict[Tile, tuple[int, str]] = {}
        for tile in tiles_near_cover(board):
            if tile == origin or board.blocks_move(tile):
                continue
            if board.distance(origin, tile) > weapon.ranges[-1] or not sight.sees(tile):
                continue
            level = sight.cover_of(tile)
            if level in self.LEVELS:
                tiles[tile] = (self.LEVELS.index(level), exposed_letters(level))
        return TileMarks(styles, tiles)


def _is_missile(kind: object) -> bool:
    spec = spec_of(kind)  # type: ignore[arg-type]
    return isinstance(spec, AttackSpec) and spec.attack_class == MISSILE


@register_module
class BodyCover(RulesModule):
    """Cover by body part (seeds 003, 004): cover stops the hits that land on what it hides."""

    name = NAME
    listing = 120
    label = N_("Cover by body part")
    source = "RULES.md §8; seeds 003 (cover) and 004 (visible body parts)"
    requires = ("hit_locations", "cover")
    overlays = ("sight",)
    mark_overlays = (ExposedParts(),)
    help = N_(
        "with hit locations and cover: low cover hides the legs, high cover all but head and weapon arm; "
        "a shot landing on a hidden part strikes the cover"
    )
    hint = N_(
        "Low cover hides the legs and high cover all but head and weapon arm: a shot that lands on a hidden "
        "part strikes the cover instead, and a Called Shot at a hidden part is refused."
    )

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """Nothing but the cover between the two, and the target's weapon hand, for a missile."""
        if ctx.spec.attack_class != MISSILE:
            return ""
        level = cover_from(ctx.board, ctx.situation.attacker_tile, ctx.situation.target_tile)
        return (level, weapon_hand(ctx.target_equipment)) if level == "high" else level

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A Missile Strike hit on a hidden location strikes the cover."""
        if ctx.spec.attack_class != MISSILE or blow.location is None or blow.struck:
            return blow, ""
        situation = ctx.situation
        level = cover_from(ctx.board, situation.attacker_tile, situation.target_tile)
        if blow.location in hidden_by(level, weapon_hand(ctx.target_equipment)):
            return replace(blow, struck=f"the {level} cover"), ""
        return blow, ""

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """A Called Shot at a part hidden wherever the target may stand is refused."""
        reasons = []
        for action in check.order.actions:
            called = action.called_shot
            if called is None or action.target not in combatants(check.world) or not _is_missile(action.kind):
                continue  # an unknown target has its own reason already
            where = location_of_part(called.part)
            tiles = target_tiles(check.world, action.target, check.earlier)
            levels = {cover_from(check.board, check.end_tile, t) for t in tiles}
            hand = weapon_hand(check.world.try_get(action.target, Equipment))
            if all(where in hidden_by(level, hand) for level in levels):
                level = " or ".join(sorted(levels))
                target = name_of(check.world, action.target)
                reasons.append(
                    f"{target}'s {called.part} is behind {level} cover from {tuple(check.end_tile)}: "
                    "a Called Shot there would strike the cover"
                )
        return reasons

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """How much of the target the cover hides."""
        if ctx.spec.attack_class != MISSILE:
            return []
        situation = ctx.situation
        level = cover_from(ctx.board, situation.attacker_tile, situation.target_tile)
        hand = weapon_hand(ctx.target_equipment)
        hidden = hidden_by(level, hand)
        if not hidden:
            return []
        share = f"{float(hidden_share(level, hand)):.0%}"
        return [f"{level} cover hides the {', '.join(hidden)}: a hit there ({share}) strikes the cover"]
