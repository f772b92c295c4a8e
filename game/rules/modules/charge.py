"""The charge module: a straight dash into melee that strikes harder (RULES.md §8; seed 001
Charging).  Rulings and their reasons: docs/modules.md, "Charge".

- A Charge is a Strike with its own movement: one action, a path of at most twice the Movement
  rate, no roll; the path's last straight stretch (after its last turn) must be at least 3 m
  and head at the target, and it must end adjacent to it ("A Charge always ends with the
  character adjacent to the opponent charged": a spear charges home too).  Not while engaged.
  A Feint may serve it as it serves a Strike (CO.09): its bonus joins the Charge's roll.
- The Strike gets +1 per 2 m of that straight stretch as actually run (at most +5); every attack
  on the charger this round gets the same bonus (its −5 DB per metre).
- A target holding a missile weapon or a pole weapon (the "pole" trait: a spear, a pole arm;
  not a quarterstaff, however long) that sees the charge coming (the stretch starts in its
  sight, not in its back arc) strikes first: one attack on the charger as it arrives, before
  the Charge resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_VECTORS, Tile, bearing_direction, step_direction
from game.core.modifiers import Breakdown, Modifier
from game.i18n import N_
from game.rules.api.action import MovementRule
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.modules import MarkStyle, ModuleOverlay, OverlayAsk, RulesModule, TileMarks
from game.rules.arcs import BACK, arc_of
from game.rules.events import Event
from game.rules.movement import path_metres, path_to, walkable
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    is_active,
    name_of,
    occupied_tiles,
    target_tiles,
    tile_of,
)
from game.rules.registry import register_action, register_module
from game.rules.stats import movement_rate, skill_roll
from game.world import Equipment, Facing, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState, Trail
    from game.rules.board import Board

CHARGE = ActionKind.define("charge")
MIN_RUN = 3.0  # metres of straight run a Charge needs (seed 001)
METRES_PER_POINT = 2.0  # +5 OB per metre, 10 d100 points ≈ 1: +1 per 2 m
MAX_BONUS = 5  # the seed's cap of +50 OB
POLE = "pole"  # the weapon trait of a spear or a pole arm: it meets a charge (seed 001)
ADJACENT = 1  # a Charge ends next to its target, whatever its weapon's reach (seed 001)
EPSILON = 1e-9


def straight_run(board: Board, tiles: tuple[Tile, ...]) -> tuple[float, Tile]:
    """The metres of ground of the last straight stretch of a walk (start first), after its last
    turn, and the tile where that stretch begins."""
    if len(tiles) < 2:
        return 0.0, tiles[-1] if tiles else (0, 0)
    last = step_direction(tiles[-2], tiles[-1])
    i = len(tiles) - 1
    while i > 0 and step_direction(tiles[i - 1], tiles[i]) == last:
        i -= 1
    return sum(board.distance(a, b) for a, b in zip(tiles[i:], tiles[i + 1 :], strict=False)), tiles[i]


def _metres(metres: float) -> str:
    """ "6 m", "5.7 m": whole metres without a decimal."""
    return f"{metres:.1f}".rstrip("0").rstrip(".") + " m"


def charge_bonus(metres: float) -> int:
    """+1 per 2 m of straight run, at most +5; 0 under the 3 m a Charge needs."""
    if metres < MIN_RUN - EPSILON:
        return 0
    return min(MAX_BONUS, int(metres / METRES_PER_POINT + EPSILON))


def trail_bonus(board: Board, trail: Trail) -> tuple[int, float]:
    """(bonus, metres of straight run) of a movement that was a Charge; (0, 0) otherwise."""
    if trail.mode != "charge":
        return 0, 0.0
    metres, _ = straight_run(board, trail.tiles)
    return charge_bonus(metres), metres


def lane(board: Board, start: Tile, path: tuple[Tile, ...]) -> list[tuple[Tile, int]]:
    """The charge lane of a planned path: each tile of its last straight stretch with the bonus a
    charge that ended there would get (the overlay's numbers)."""
    tiles = (start, *path)
    _, begin = straight_run(board, tiles)
    first = tiles.index(begin)
    marks = []
    for i in range(first + 1, len(tiles)):
        metres = sum(
            board.distance(a, b) for a, b in zip(tiles[first:i], tiles[first + 1 : i + 1], strict=False)
        )
        marks.append((tiles[i], charge_bonus(metres)))
    return marks


def meets_charges(equipment: Equipment) -> Weapon | None:
    """The weapon a combatant meets a charge with: a spear or pole arm (the "pole" trait; seed
    001: "a projectile weapon, an energy weapon, pole arm or spear"), else a missile weapon."""
    pole = next((w for w in equipment.weapons if w.is_melee and w.has(POLE)), None)
    return pole or equipment.missile_weapon()


def sees_it_coming(world: World, board: Board, target: int, begin: Tile) -> bool:
    """Whether `target` sees a charge whose straight run begins at `begin`: in its sight and not
    in its back arc (arcs as the facing module draws them)."""
    here = tile_of(world, target)
    facing = world.get(target, Facing).direction
    return board.line_of_sight(here, begin) and arc_of(here, facing, begin) != BACK


def _heads_at(path_end: Tile, last_step: int | None, target_tiles: set[Tile]) -> bool:
    """Whether the run's last step points at the target (within 45°)."""
    if last_step is None:
        return False
    return any(
        t != path_end and (bearing_direction(path_end, t) - last_step) % 8 in (0, 1, 7) for t in target_tiles
    )


@dataclass(frozen=True)
class StrikesFirst(Event):
    """A charged foe with a long or missile weapon meets the charge before it lands."""

    kind: ClassVar[str] = "strikes_first"
    actor: str
    charger: str
    weapon: str

    def text(self) -> str:
        return f"{self.actor} sees {self.charger}'s Charge coming and strikes first with the {self.weapon}"


class ChargeLane(ModuleOverlay):
    """The charge lane: the last straight stretch of the focus's planned path, each tile with
    the bonus a Charge ending there would get; without a path, the best lane at each enemy."""

    name = "charge"
    label = N_("Charge lanes")
    help = N_("the straight stretch of a charge and its bonus on each tile")
    STYLES = (
        MarkStyle("charge lane: the bonus of a Charge ending here", "good", "dots"),
        MarkStyle("under 3 m of straight run: no Charge yet", "warn", "slash"),
    )

    def marks(self, ask: OverlayAsk) -> TileMarks:
        """The lane of the planned path, else the best lanes at the enemies."""
        world, board = ask.world, ask.board
        here = tile_of(world, ask.focus)
        paths = []
        if ask.order is not None and ask.order.path:
            paths.append(ask.order.path)
        else:
            weapon = world.get(ask.focus, Equipment).melee_weapon()
            budget = 2.0 * max(0, movement_rate(world, ask.focus).total)
            came = walkable(board, here, budget, occupied_tiles(world, ask.focus).__contains__)
            for enemy in combatants(world):
                if weapon is not None and are_enemies(world, ask.focus, enemy) and is_active(world, enemy):
                    found = _charge_path(board, here, came, tile_of(world, enemy), budget)
                    if found is not None:
                        paths.append(found)
        tiles: dict[Tile, tuple[int, str]] = {}
        for path in paths:
            for tile, bonus in lane(board, here, path):
                tiles[tile] = (0, f"+{bonus}") if bonus else (1, "")
        return TileMarks(self.STYLES, tiles, "" if tiles else self._why_none(ask))

    def _why_none(self, ask: OverlayAsk) -> str:
        """Why no lane shows: the words for the legend."""
        if ask.order is not None and ask.order.path:
            return "the planned path has no straight run to charge along"
        if ask.world.get(ask.focus, Equipment).melee_weapon() is None:
            return "no melee weapon to charge with"
        budget = 2.0 * max(0, movement_rate(ask.world, ask.focus).total)
        return (
            f"no enemy a Charge can reach: a straight run of {MIN_RUN:g} m at least, "
            f"{budget:g} m at most (twice the Movement)"
        )


@register_module
class ChargeModule(RulesModule):
    """Charge (RULES.md §8, seed 001): +1 per 2 m of straight run, for the charger and against it."""

    name = "charge"
    listing = 50
    label = N_("Charge")
    source = "RULES.md §8; seed 001 (Charging)"
    mark_overlays = (ChargeLane(),)
    help = (
        f"Charge: a straight dash of at least {MIN_RUN:g} m into melee (up to twice Movement), "
        f"+1 to the Strike per {METRES_PER_POINT:g} m (at most +{MAX_BONUS}); attacks on the charger "
        "get the same"
    )
    hint = (
        f"A Charge runs up to twice your Movement: +1 to its Strike per {METRES_PER_POINT:g} m of "
        f"straight run (at least {MIN_RUN:g} m, at most +{MAX_BONUS}), but everyone attacking you this "
        "round gets it too, and a foe with a spear or a gun who sees you coming strikes first."
    )

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """The charger's bonus on its Charge; the same bonus to every attack on a charger."""
        situation = ctx.situation
        found = []
        if ctx.action.kind is CHARGE:
            bonus, metres = trail_bonus(ctx.board, situation.attacker_trail)
            found.append(Modifier(f"Charge {_metres(metres)}", bonus))
        bonus, metres = trail_bonus(ctx.board, situation.target_trail)
        found.append(Modifier(f"Charging Target {_metres(metres)}", bonus))
        return found

    def after_move(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """A charged foe with a long or missile weapon that sees it coming strikes first."""
        trail = state.trails.get(eid)
        if trail is None or trail.mode != "charge":
            return
        world = rnd.world
        action = next(a for a in rnd.orders[eid].actions if a.kind is CHARGE)
        target = action.target
        assert target is not None
        if not is_active(world, target) or not is_active(world, eid):
            return
        weapon = meets_charges(world.get(target, Equipment))
        _, begin = straight_run(rnd.board, trail.tiles)
        if weapon is None or not sees_it_coming(world, rnd.board, target, begin):
            return
        here, there = tile_of(world, target), tile_of(world, eid)
        if weapon.is_melee and not rnd.board.in_reach(here, there, weapon.reach):
            return
        kind = ActionKind.STRIKE if weapon.is_melee else ActionKind.MISSILE_STRIKE
        rnd.emit(StrikesFirst(name_of(world, target), name_of(world, eid), weapon.name))
        rnd.attack(target, -1, Action(kind, eid, weapon=weapon.name), None, state, before_contact=True)

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """A Charge at a foe that will strike first: who, with what."""
        if ctx.action.kind is not CHARGE or ctx.situation.attacker_trail.mode != "charge":
            return []
        weapon = meets_charges(ctx.target_equipment)
        _, begin = straight_run(ctx.board, ctx.situation.attacker_trail.tiles)
        if weapon is None or not sees_it_coming(ctx.world, ctx.board, ctx.target, begin):
            return []
        return [f"{ctx.target_name} sees the Charge coming: strikes first with the {weapon.name}"]


@register_action
class Charge(AttackSpec):
    """A Strike at the end of a straight dash: its movement and its attack in one action."""

    kind = CHARGE
    listing = 160
    label = N_("Charge")
    module = "charge"
    roles = frozenset({"offensive", "targeted", "melee", "movement", "feintable"})
    names_weapon = True
    movement = MovementRule("charge", refused_when_engaged=True, rolls=False, multiplier=2)
    help = (
        f"Dash in a straight line into melee and Strike, one action: up to twice your Movement, the last "
        f"straight stretch at least {MIN_RUN:g} m and heading at the enemy, ending next to it. +1 to the "
        f"Strike per {METRES_PER_POINT:g} m of that stretch (at most +{MAX_BONUS}); attacks on you this "
        "round get the same bonus. A foe with a spear or a gun who sees you coming strikes first. "
        "It ends next to the enemy; a Feint may serve it as it serves a Strike."
    )
    hint = ChargeModule.hint

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Strike (a Parry, a Dodge, a Block)."""
        return ActionKind.STRIKE.value

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Not out of melee (one Charge a round is the chapter's one movement action a round:
        `validate` says it once for every movement action)."""
        reasons = []
        if check.engaged:
            reasons.append(f"cannot Charge while engaged in melee with {check.engaged_names}")
        return reasons

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """A melee weapon; a path whose last straight stretch is at least 3 m and heads at the target."""
        if weapon is None:
            return ["Charge needs a melee weapon in hand"]
        order = check.order
        if not order.path:
            return []  # the common check says a Charge needs a path
        tiles = (tile_of(check.world, check.actor), *order.path)
        metres, _ = straight_run(check.board, tiles)
        if metres < MIN_RUN - EPSILON:
            return [f"Charge: the straight run after the last turn is {metres:.1f} m; it needs {MIN_RUN:g} m"]
        assert action.target is not None
        aim = target_tiles(check.world, action.target, check.earlier)
        name = name_of(check.world, action.target)
        if not _heads_at(tiles[-1], step_direction(tiles[-2], tiles[-1]), aim):
            return [f"Charge: the run must head at {name}"]
        if not any(check.board.in_reach(tiles[-1], t, ADJACENT) for t in aim):
            return [f"Charge: the run must end next to {name} (a Charge always ends adjacent)"]
        return []

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """Strike with the round's penalties and the Feint Bonus if a Feint served it and
        succeeded (CO.09: a Feint enhances a Strike, and a Charge is one); the Charge bonus is
        the module's term."""
        return skill_roll(ctx.world, ctx.attacker, "strike", ctx.order).plus(*self.feint_bonus(ctx))

    def ai_stat(self, world: World, actor: int) -> int:
        """The Strike stat."""
        return skill_roll(world, actor, "strike", None).total

    def own_path(self, world: World, board: Board, actor: int, target: int) -> tuple[Tile, ...] | None:
        """The best Charge lane at `target` from where `actor` stands (`_charge_path`)."""
        if world.get(actor, Equipment).melee_weapon() is None:
            return None
        budget, came = _charge_reach(world, board, actor, tile_of(world, actor))
        return _charge_path(board, tile_of(world, actor), came, tile_of(world, target), budget)

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """The best charge at each enemy in range of one (`_charge_path`), leaving alone foes that
        would strike first."""
        if ask.engaged:
            return []
        world, board = ask.world, ask.board
        weapon = ask.equipment.melee_weapon()
        if weapon is None:
            return []
        budget, came = _charge_reach(world, board, ask.actor, ask.here)
        found = []
        for enemy in combatants(world):
            if not are_enemies(world, ask.actor, enemy) or not is_active(world, enemy):
                continue
            path = _charge_path(board, ask.here, came, tile_of(world, enemy), budget)
            if path is None:
                continue
            begin = straight_run(board, (ask.here, *path))[1]
            if meets_charges(world.get(enemy, Equipment)) and sees_it_coming(world, board, enemy, begin):
                continue
            facing = bearing_direction(path[-1], tile_of(world, enemy))
            found.append(
                (
                    Order(ask.actor, (Action(self.kind, enemy),), path, facing),
                    f"charge {name_of(world, enemy)}",
                )
            )
        return found


def _charge_reach(
    world: World, board: Board, actor: int, here: Tile
) -> tuple[float, dict[Tile, Tile | None]]:
    """A Charge's budget (twice the Movement rate) and the cheapest walks within it from `here`."""
    budget = 2.0 * max(0, movement_rate(world, actor).total)
    return budget, walkable(board, here, budget, occupied_tiles(world, actor).__contains__)


def _charge_path(
    board: Board, here: Tile, came: dict[Tile, Tile | None], there: Tile, budget: float
) -> tuple[Tile, ...] | None:
    """The best Charge path from `here` at a foe on `there`: over every tile adjacent to it
    and every direction heading at it, a straight run back from that tile, reached by the
    cheapest walk (`came`, from `walkable`) within `budget`; the biggest bonus first, then the
    fewest metres."""
    approach: dict[Tile, float] = {}

    def metres_to(tile: Tile) -> float:
        if tile not in approach:
            approach[tile] = path_metres(board, here, path_to(came, tile))
        return approach[tile]

    best: tuple[int, float, Tile, Tile] | None = None
    for end in came:
        if end == here or not board.in_reach(end, there, ADJACENT):
            continue
        for direction, (dx, dy) in enumerate(DIRECTION_VECTORS):
            if not _heads_at(end, direction, {there}):
                continue
            begin, run = end, 0.0
            while True:
                back = (begin[0] - dx, begin[1] - dy)
                step = board.step_metres(back, begin) if back in came else None
                if step is None:
                    break
                begin, run = back, run + step
                bonus = charge_bonus(straight_run(board, (begin, *_line(begin, end, dx, dy)))[0])
                total = metres_to(begin) + run
                if bonus and total <= budget + EPSILON:
                    key = (-bonus, total, begin, end)
                    if best is None or key < best:
                        best = key
    if best is None:
        return None
    _, _, begin, end = best
    dx, dy = end[0] - begin[0], end[1] - begin[1]
    length = max(abs(dx), abs(dy))
    unit = (dx // length, dy // length)
    path = (*path_to(came, begin), *_line(begin, end, *unit))
    return path if len(set(path)) == len(path) and here not in path else None


def _line(begin: Tile, end: Tile, dx: int, dy: int) -> tuple[Tile, ...]:
    """The tiles after `begin` up to `end` along (dx, dy)."""
    tiles = []
    tile = begin
    while tile != end:
        tile = (tile[0] + dx, tile[1] + dy)
        tiles.append(tile)
    return tuple(tiles)
