"""The suppression module: a burst weapon sprays a cone, and everyone in it is shot at (RULES.md
§8; seed 001 Suppression Fire).  Rulings and their reasons: docs/modules.md, "Suppression".

- Suppression Fire needs a missile weapon with the "burst" trait and takes the whole round (no
  other action, no path); not in melee.  It names an enemy in range and sight: the cone is
  centred on the line to it.
- The cone: 45° wide within short range, 30° within medium, 15° within long (±22.5°, ±15°,
  ±7.5° around that line), in the shooter's sight.
- Everyone in it when the burst resolves — friend or foe, the named enemy first, then by
  distance — suffers one Missile Strike: its own roll (Missile Strike, the round's penalties),
  its own range band and its own cover, prone, dive and defence terms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from game.core.equipment import Weapon
from game.core.geometry import Tile, bearing_degrees
from game.i18n import N_
from game.rules.actions.missile_strike import MissileStrike
from game.rules.api.action import whole_round_reasons
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, planned_tile, range_band, tile_of
from game.rules.registry import register_action, register_module
from game.rules.sight import candidate_tiles, sight_within
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

SUPPRESS = ActionKind.define("suppress")
HALF_ANGLE = {"short": 22.5, "medium": 15.0, "long": 7.5}
"""Half the cone's width in degrees, by the range band of the tile (seed 001: 45°, 30°, 15°)."""
AI_MIN_ENEMIES = 2  # a burst at one enemy is a Missile Strike that costs the whole round


def burst_weapon_for(equipment: Equipment, action: Action) -> Weapon | None:
    """The burst weapon an order's burst fires: the one it names (None if that is no burst
    weapon in hand), else the first burst weapon in hand."""
    if action.weapon is not None:
        weapon = equipment.find(action.weapon)
        return weapon if weapon is not None and weapon.is_missile and weapon.has("burst") else None
    return burst_weapon(equipment)


def burst_weapon(equipment: Equipment) -> Weapon | None:
    """The first burst-capable missile weapon in hand."""
    return next((w for w in equipment.weapons if w.is_missile and w.has("burst")), None)


def in_cone(
    board: Board,
    here: Tile,
    there: Tile,
    weapon: Weapon,
    tile: Tile,
    sees: Callable[[Tile], bool] | None = None,
) -> bool:
    """Whether `tile` is in the cone a burst from `here` at `there` sprays: within the weapon's
    range, within the half-angle of its range band around the line to `there`, in sight
    (`sees`: the board's sight from `here` to a tile, when already at hand)."""
    if tile == here:
        return False
    band = range_band(board.distance(here, tile), weapon)
    if band is None:
        return False
    off = abs((bearing_degrees(here, tile) - bearing_degrees(here, there) + 180.0) % 360.0 - 180.0)
    if off > HALF_ANGLE[band[0]] + 1e-9:
        return False
    return sees(tile) if sees is not None else board.line_of_sight(here, tile)


def cone_tiles(board: Board, here: Tile, there: Tile, weapon: Weapon) -> list[Tile]:
    """Every tile of the cone one can stand on (the overlay), row by row: the tiles the shooter
    sees within its long range (one sight map, `sight_within`), asked `in_cone`."""
    assert weapon.ranges is not None
    sight = sight_within(board, here, weapon.ranges[-1])
    return [
        tile
        for tile in candidate_tiles(board, here, weapon.ranges[-1], sight)
        if not board.blocks_move(tile) and in_cone(board, here, there, weapon, tile, sight.sees)
    ]


def in_burst(world: World, board: Board, shooter: int, weapon: Weapon, here: Tile, there: Tile) -> list[int]:
    """The living combatants (the shooter aside) standing in the cone, nearest first."""
    found = [
        (board.distance(here, tile_of(world, eid)), eid)
        for eid in combatants(world)
        if eid != shooter
        and world.get(eid, Condition).present
        and in_cone(board, here, there, weapon, tile_of(world, eid))
    ]
    return [eid for _, eid in sorted(found)]


class SprayCone(ModuleOverlay):
    """The cone a burst from the focus would spray (at the enemy its order names, else the
    nearest it could), and who stands in it: foes, and friends who would be hit too."""

    name = "suppression"
    label = N_("Suppression cone")
    help = N_("the cone a burst sprays, and who is in it")
    STYLES = (
        MarkStyle("the cone: 45° within short range, 30° medium, 15° long", "info", "hatch"),
        MarkStyle("enemy in the cone: shot at", "bad", "cross"),
        MarkStyle("friend in the cone: shot at too", "warn", "slash"),
    )

    def marks(self, ask: OverlayAsk) -> TileMarks:
        """The cone's tiles, the combatants in it marked by side."""
        world, board = ask.world, ask.board
        weapon = burst_weapon(world.get(ask.focus, Equipment))
        if weapon is None:
            return TileMarks(self.STYLES)
        target = None
        if ask.order is not None:
            target = next((a.target for a in ask.order.actions if a.kind is SUPPRESS), None)
        if target is None:
            aims = [
                (board.distance(ask.origin, tile_of(world, e)), e)
                for e in combatants(world)
                if are_enemies(world, ask.focus, e)
                and world.get(e, Condition).present
                and in_cone(board, ask.origin, tile_of(world, e), weapon, tile_of(world, e))
            ]
            target = min(aims)[1] if aims else None
        if target is None:
            return TileMarks(self.STYLES)
        there = planned_tile(world, target, ask.orders)
        tiles: dict[Tile, tuple[int, str]] = {
            t: (0, "") for t in cone_tiles(board, ask.origin, there, weapon)
        }
        for eid in in_burst(world, board, ask.focus, weapon, ask.origin, there):
            tiles[tile_of(world, eid)] = (1, "") if are_enemies(world, ask.focus, eid) else (2, "")
        return TileMarks(self.STYLES, tiles)


@register_module
class Suppression(RulesModule):
    """Suppression Fire (RULES.md §8, seed 001): a burst at everyone in a cone."""

    name = "suppression"
    listing = 80
    label = N_("Suppression")
    source = "RULES.md §8; seed 001 (Suppression Fire)"
    mark_overlays = (SprayCone(),)
    help = N_(
        "Suppression Fire (the whole round, a burst weapon): a cone 45° wide at short range, 30° at "
        "medium, 15° at long; everyone in it, friend or foe, suffers a Missile Strike"
    )
    hint = N_(
        "Suppression Fire sprays a cone from a burst weapon: 45° wide at short range, 30° at medium, "
        "15° at long. Everyone in it suffers a Missile Strike, friends too; it takes the whole round."
    )


@register_action
class SuppressionFire(MissileStrike):
    """A burst at an area: one Missile Strike at everyone in the cone."""

    kind = SUPPRESS
    listing = 180
    label = N_("Suppression Fire")
    module = "suppression"
    roles = frozenset({"offensive", "targeted"})
    quick = False
    called_shot = False
    help = N_(
        "Spray a burst at this enemy's area (a burst-capable weapon, the whole round, no move): a cone "
        "45° wide within short range, 30° within medium, 15° within long. Everyone in it when it fires, "
        "friend or foe, suffers a Missile Strike with its own range, cover and defences."
    )
    hint = Suppression.hint

    @property
    def attack_class(self) -> str:
        """Each shot of the burst counts as a Missile Strike (Evade, Block, cover apply)."""
        return ActionKind.MISSILE_STRIKE.value

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """The burst weapon named in the order, else the first burst weapon in hand."""
        return burst_weapon_for(equipment, action)

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """The whole round."""
        return whole_round_reasons(check, self.label)

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A burst-capable weapon, then a Missile Strike's needs (range, sight, no melee)."""
        if weapon is None:
            return [
                "Suppression Fire needs a burst-capable weapon in hand (a submachine gun, a machine gun …)"
            ]
        return super().attack_reasons(check, action, weapon)

    def victims(
        self, world: World, board: Board, actor: int, action: Action, here: Tile, there: Tile
    ) -> tuple[int, ...]:
        """The named enemy first, then everyone else in the cone, nearest first."""
        assert action.target is not None
        weapon = self.weapon(world.get(actor, Equipment), action)
        if weapon is None:
            return (action.target,)
        others = [e for e in in_burst(world, board, actor, weapon, here, there) if e != action.target]
        return (action.target, *others)

    def threatens(
        self, world: World, board: Board, orders: Mapping[int, Order], actor: int, action: Action, eid: int
    ) -> str | None:
        """Anyone who stands in the cone, or is declared to walk into it, may be shot at: its
        defences against missiles are rolled (an Evade declared by one walking into the cone
        was ignored as unneeded, and the burst then hit it undefended).  The cone points at
        the named enemy where it stands or where it means to end."""
        if action.target is None or eid == action.target or not world.get(eid, Condition).present:
            return None
        weapon = self.weapon(world.get(actor, Equipment), action)
        if weapon is None:
            return None
        here = tile_of(world, actor)
        theirs = orders.get(eid)
        tiles = (tile_of(world, eid), *(theirs.path if theirs is not None else ()))
        aims = {tile_of(world, action.target), planned_tile(world, action.target, orders)}
        if any(in_cone(board, here, there, weapon, tile) for there in aims for tile in tiles):
            return self.attack_class
        return None

    def resolve(
        self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState, slot: int | None
    ) -> None:
        """One Missile Strike at each combatant in the cone as it stands now."""
        from dataclasses import replace

        assert action.target is not None
        world = rnd.world
        victims = self.victims(
            world, rnd.board, eid, action, tile_of(world, eid), tile_of(world, action.target)
        )
        for victim in victims:
            rnd.attack(eid, index, replace(action, target=victim), None, state)

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """A burst where it stands when the cone holds two enemies or more and no friend."""
        assert ask.target is not None
        weapon = burst_weapon(ask.equipment)
        if weapon is None or ask.engaged or ask.moving:
            return []
        world = ask.world
        there = tile_of(world, ask.target)
        band = range_band(ask.board.distance(ask.here, there), weapon)
        if band is None or not ask.board.line_of_sight(ask.here, there):
            return []
        hit = in_burst(world, ask.board, ask.actor, weapon, ask.here, there)
        enemies = [e for e in hit if are_enemies(world, ask.actor, e)]
        if len(enemies) < AI_MIN_ENEMIES or len(enemies) < len(hit):
            return []
        return [((Action(self.kind, ask.target),), f"suppression fire on {len(enemies)}")]
