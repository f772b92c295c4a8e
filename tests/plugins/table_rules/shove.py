"""Shove: a module that brings one action, written the way a contributor would, in one file.

An adjacent enemy is shoved with the shover's Brawling skill (the target's defences
count as against any melee attack); a success pushes it one tile straight away from
the shover, unless a wall, the map's edge or another body is there.  Off by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown
from game.rules.api.attack import AttackSpec
from game.rules.api.modules import RulesModule
from game.rules.apply import applies, entity
from game.rules.events import Event, entity_id
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of, occupant, tile_of
from game.rules.registry import register_action, register_module
from game.rules.stats import skill_roll
from game.world import Equipment, Position, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.events import Rolled

SHOVE = ActionKind.define("shove")
SHOVE_WORTH = 0.3
"""What a shove is worth to an AI beyond Injuries (none): a foe a tile further off."""


@dataclass(frozen=True)
class Shoved(Event):
    """A shoved combatant moves one tile away from the shover (or stays, and why)."""

    kind: ClassVar[str] = "shoved"
    target: str
    by: str
    to: tuple[int, int]
    stop: str = ""
    target_id: int | None = entity_id()

    def text(self) -> str:
        if self.stop:
            return f"{self.target} is shoved by {self.by} but {self.stop}"
        return f"{self.target} is shoved by {self.by} to {tuple(self.to)}"


@applies(Shoved)
def _shoved(world: World, event: Shoved) -> None:
    world.set(entity(event.target_id, event), Position(*event.to))


def shove_step(world: World, rnd: RoundPort, shover: int, target: int) -> tuple[Tile, str]:
    """Where the shove puts the target: the next tile straight away from the shover."""
    here, there = tile_of(world, shover), tile_of(world, target)
    step = (
        there[0] + (there[0] > here[0]) - (there[0] < here[0]),
        there[1] + (there[1] > here[1]) - (there[1] < here[1]),
    )
    if not rnd.board.in_bounds(step) or rnd.board.blocks_move(step):
        return there, f"a wall stops it at {tuple(there)}"
    if occupant(world, step) is not None:
        return there, f"{name_of(world, occupant(world, step))} stands behind it"
    return step, ""


@register_module
class ShoveModule(RulesModule):
    """The module that brings Shove."""

    name = "shove"
    label = "Shove"
    builtin = False
    help = "Shove an adjacent enemy one tile back with your Brawling skill"


@register_action
class Shove(AttackSpec):
    """A melee attack with Brawling whose success pushes the target a tile back."""

    kind = SHOVE
    label = "Shove"
    module: ClassVar[str | None] = "shove"
    roles = frozenset({"offensive", "targeted", "melee"})
    deals_injury = False
    win = "success"
    lose = "failure"
    help = "Push an adjacent enemy one tile back (Brawling)."

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """Bare hands, whatever is held."""
        return BARE_HANDS

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """The shover's Brawling with the round's penalties."""
        return skill_roll(ctx.world, ctx.attacker, "brawling", ctx.order)

    def ai_stat(self, world: World, actor: int) -> int:
        """Brawling, before the round's penalties."""
        return skill_roll(world, actor, "brawling", None).total

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """A foe a tile further off."""
        return SHOVE_WORTH

    def on_success(self, rnd: RoundPort, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """The target moves a tile back, if it can."""
        assert action.target is not None
        to, stop = shove_step(rnd.world, rnd, eid, action.target)
        world = rnd.world
        rnd.emit(
            Shoved(name_of(world, action.target), name_of(world, eid), to, stop, target_id=action.target)
        )
