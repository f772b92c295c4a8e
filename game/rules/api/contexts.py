"""What a hook is asked about: an order being checked (`OrderCheck`), an AI looking for
actions worth trying (`AiAsk`), a forecast a spec makes of itself (`ForecastAsk`) and what
it answers (`ActionForecast`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.core.geometry import Tile
from game.core.modifiers import Breakdown
from game.rules.board import Board
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.positions import name_of, target_tiles
from game.rules.registry import movement_rule
from game.world import Equipment, World


@dataclass(frozen=True)
class OrderCheck:
    """What validation knows of one order: the declarer's equipment and engagement now,
    the tile it will end on, the orders declared before it and the modules in play."""

    world: World
    board: Board
    order: Order
    earlier: Mapping[int, Order]
    options: RuleOptions
    equipment: Equipment
    engaged: tuple[int, ...]
    end_tile: Tile

    @property
    def actor(self) -> int:
        """The declarer."""
        return self.order.actor

    @property
    def engaged_names(self) -> str:
        """The enemies engaged with the declarer now, by name."""
        return ", ".join(name_of(self.world, e) for e in self.engaged)

    @property
    def stays_in_melee(self) -> bool:
        """Engaged now and not leaving melee by a movement that leaves it (a Retreat)."""
        rule = movement_rule(self.order.movement_mode)
        return bool(self.engaged) and not (rule is not None and rule.leaves_melee)


@dataclass(frozen=True)
class AiAsk:
    """What an AI asks a spec for: the actions of this kind worth trying, for `actor` ending
    its movement on `here`, against `target` (None for actions on oneself).  The AI scores
    what it gets with the forecast; validation has the last word."""

    world: World
    board: Board
    options: RuleOptions
    actor: int
    here: Tile
    target: int | None
    earlier: Mapping[int, Order]
    moving: bool
    engaged: bool
    tactics: bool
    """Whether to try the finer tools (Called Shots, Disarms): the better AIs do."""

    @property
    def equipment(self) -> Equipment:
        """What the actor holds."""
        return self.world.get(self.actor, Equipment)

    def target_tiles(self) -> set[Tile]:
        """Where the target may stand at resolution, as far as the actor can know."""
        assert self.target is not None
        return target_tiles(self.world, self.target, self.earlier)


@dataclass(frozen=True)
class ForecastAsk:
    """What a spec that forecasts itself (`ActionSpec.forecast`) is asked about: one action of
    `orders[actor]`, with the battle's modules and (if known) the Timing order."""

    world: World
    board: Board
    orders: Mapping[int, Order]
    actor: int
    index: int
    action: Action
    options: RuleOptions
    timing: Sequence[int] | None


@dataclass(frozen=True)
class ActionForecast:
    """What one declared action can expect.

    `success` is P(the roll succeeds); for an attack it counts a Called Shot's
    general hit too, and `part_hit` is P(the called part is hit).  `nullified`
    is P(the action cannot happen at resolution).  `breakdown` is the modified
    stat with every certain modifier (before defences, Feint, Grip); the
    uncertain ones are in `uncertain`, as (name, possible values).  `notes` are the
    rules modules' lines about it (where a hit lands, criticals), in the rulebook's words.
    """

    actor: int
    index: int
    action: Action
    success: Fraction
    part_hit: Fraction
    nullified: Fraction
    expected_injuries: Fraction
    breakdown: Breakdown | None
    uncertain: tuple[tuple[str, tuple[int, ...]], ...] = ()
    reason: str = ""
    notes: tuple[str, ...] = ()
    """Lines the rules modules add, in the rulebook's notation (a knock-back's margins)."""
    defences: tuple[str, ...] | None = ()
    waits_on: tuple[str, ...] = ()
    """Who has still to declare an order the chance depends on (an Overwatch waits on the
    enemies it may shoot): a chance shown before they declare says it may change."""
    """For an attack: the target's declared defences the chance counts (`defences_counted`:
    labels, as declared), or None when the target had not declared and none were counted."""

    @property
    def percent(self) -> float:
        """Success chance in percent, for display."""
        return float(self.success) * 100
