"""The knockback module: a heavy blow throws its target back, maybe off its feet (RULES.md §8;
seed 003 Knockback).  It builds on the prone module (a knocked-down combatant lies prone).
Rulings and their reasons: docs/modules.md, "Knockback".

- A hit with a weapon that has the "heavy" trait pushes the target one tile straight away from
  the attacker per full 3 points by which the roll beat the modified stat (the margin): 0–2
  none, 3–5 one tile, 6–8 two, 9 or more three.
- Tile by tile: a wall, the map's edge, a corner it cannot cut or a token stops it there.
- A target pushed (or slammed against what stopped it) rolls Keep Footing: 2 × Agility with its
  Injury Penalty; a failure leaves it prone.  A Defeated target is pushed but does not roll;
  the dead are not pushed.
- A module that builds on this one may lower each push (`push_lowered_by`: the brace module's
  Brace); this one never names it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import DIRECTION_VECTORS, Tile, bearing_direction
from game.core.modifiers import Breakdown
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.hits import judged_stat
from game.rules.modules.prone import is_prone, knock_down
from game.rules.positions import is_active, name_of, occupant, tile_of
from game.rules.registry import register_module
from game.rules.stats import injury_modifier
from game.world import Condition, Position, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.board import Board
    from game.rules.events import Rolled
    from game.rules.orders import Action

MARGIN_PER_TILE = 3  # margin points per tile pushed [design: the seed's 1 m per 5 points over SIZ]
MAX_TILES = 3  # a d12 margin reaches 11 at most: three tiles
FOOTING = "Keep Footing"
"""The roll's name in the log and in the dice keys ("Pik:Keep Footing")."""
FOOTING_AGILITY_TIMES = 2  # "an easy Acrobatics roll": 2 × Agility on the d12


def tiles_pushed(margin: int) -> int:
    """Tiles a heavy hit with this margin pushes (0 under 3)."""
    return max(0, min(MAX_TILES, margin // MARGIN_PER_TILE))


def push_path(world: World, board: Board, target: int, away_from: Tile, tiles: int) -> tuple[list[Tile], str]:
    """The tiles `target` is pushed through (its own first), straight away from `away_from`, and
    what stopped it early ("" if nothing did)."""
    here = tile_of(world, target)
    dx, dy = DIRECTION_VECTORS[bearing_direction(away_from, here)]
    path = [here]
    for _ in range(tiles):
        step = (path[-1][0] + dx, path[-1][1] + dy)
        if board.step_metres(path[-1], step) is None:
            return path, f"stopped by {'the map edge' if not board.in_bounds(step) else 'a wall'} at {step}"
        blocker = occupant(world, step, ignore=target)
        if blocker is not None:
            return path, f"stopped by {name_of(world, blocker)} at {step}"
        path.append(step)
    return path, ""


PushLowering = Callable[["RoundPort", int, int, int], int]
"""(round, target, attacker, tiles) → the tiles the push moves the target after it."""
PUSH_LOWERED_BY: list[PushLowering] = []
"""What lowers a push, from the modules that build on this one (`push_lowered_by`)."""


def push_lowered_by(lower: PushLowering) -> PushLowering:
    """Register what lowers every push (a module building on knockback: a Brace); it is asked
    for each push with the tiles so far and answers the tiles left (it changes nothing for a
    target its own rule does not reach, so it needs no switch of its own)."""
    PUSH_LOWERED_BY.append(lower)
    return lower


def footing_roll(world: World, eid: int) -> Breakdown:
    """Keep Footing: 2 × Agility with the Injury Penalty (not an action: no Action Penalty)."""
    agility = world.get(eid, Sheet).agility
    return Breakdown(f"Agility ×{FOOTING_AGILITY_TIMES}", FOOTING_AGILITY_TIMES * agility).plus(
        injury_modifier(world, eid)
    )


@dataclass(frozen=True)
class KnockedBack(Event):
    """A heavy hit throws its target back along `path` (its tile first)."""

    kind: ClassVar[str] = "knocked_back"
    target: str
    by: str
    margin: int
    path: tuple[Tile, ...]
    stop: str = ""
    target_id: int | None = entity_id()

    def text(self) -> str:
        moved = len(self.path) - 1
        where = (
            f"{tuple(self.path[0])} → {tuple(self.path[-1])}" if moved else f"stays at {tuple(self.path[0])}"
        )
        stop = f"; {self.stop}" if self.stop else ""
        return (
            f"{self.target} is knocked back {moved} tile{'s' if moved != 1 else ''} by {self.by}'s "
            f"heavy blow (margin {self.margin}): {where}{stop}"
        )


@applies(KnockedBack)
def _knocked_back(world: World, event: KnockedBack) -> None:
    world.set(entity(event.target_id, event), Position(*event.path[-1]))


@register_module
class Knockback(RulesModule):
    """Knockback (RULES.md §8, seed 003): heavy hits push, and may floor, their targets."""

    name = "knockback"
    listing = 60
    label = N_("Knockback")
    source = "RULES.md §8; seed 003 (Knockback)"
    requires = ("prone",)
    dice = {FOOTING: 12}
    help = (
        f"a heavy weapon's hit pushes its target a tile per {MARGIN_PER_TILE} points of margin; "
        f"a failed {FOOTING} roll (2 × Agility) leaves it prone (brings the prone rules)"
    )
    hint = (
        f"A hit with a heavy weapon knocks its target back a tile for every {MARGIN_PER_TILE} points the "
        f"roll beat the stat by, into walls and bodies; then it rolls {FOOTING} (2 × Agility) or falls prone."
    )

    def after_hit(
        self, rnd: RoundPort, attacker: int, action: Action, weapon: Weapon, rolled: Rolled
    ) -> None:
        """Push the target of a heavy hit, then its Keep Footing roll."""
        target = action.target
        world = rnd.world
        if (
            target is None
            or not weapon.has("heavy")
            or rolled.die is None
            or not world.get(target, Condition).present
        ):
            return
        margin = judged_stat(rnd, attacker, action, weapon, rolled) - rolled.die
        tiles = tiles_pushed(margin)
        for lower in PUSH_LOWERED_BY:  # a Brace (the brace module, which builds on this one)
            tiles = lower(rnd, target, attacker, tiles)
        if tiles == 0:
            return
        path, stop = push_path(world, rnd.board, target, tile_of(world, attacker), tiles)
        rnd.emit(
            KnockedBack(
                name_of(world, target), name_of(world, attacker), margin, tuple(path), stop, target_id=target
            )
        )
        if not is_active(world, target) or is_prone(world, target):
            return
        kept = rnd.roll(target, FOOTING, None, footing_roll(world, target))
        if not kept.succeeded:
            knock_down(rnd, target, "is knocked prone")

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What a heavy hit's margin does: the rolls that push one, two, three tiles."""
        if not ctx.weapon.has("heavy") or not ctx.spec.deals_injury:
            return []
        stat = breakdown.total
        steps = [
            f"{n} tile{'s' if n > 1 else ''} on ≤ {stat - n * MARGIN_PER_TILE}"
            for n in range(1, MAX_TILES + 1)
            if stat - n * MARGIN_PER_TILE >= 1
        ]
        if not steps:
            return [f"Knockback ({ctx.weapon.name}): no roll beats {stat} by {MARGIN_PER_TILE}"]
        return [f"Knockback ({ctx.weapon.name}): " + ", ".join(steps) + f", then {FOOTING} or prone"]
