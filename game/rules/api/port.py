"""The round as a plug-in sees it: what a hook may read of the round and ask it to do.

`game.rules.round.Round` is the one implementation; the hooks of `ActionSpec` and
`RulesModule` are annotated with this port, not with it, so a plug-in depends on
these few names alone (and the engine's own helpers, `game.rules.hits` and
`game.rules.movement_stage`, drive the round through them too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.equipment import Weapon
    from game.core.geometry import Tile
    from game.core.modifiers import Breakdown
    from game.rules.api.state import RoundState
    from game.rules.board import Board
    from game.rules.dice import Dice
    from game.rules.events import Event, Rolled
    from game.rules.options import RuleOptions
    from game.rules.orders import Action, Order
    from game.world import World


class RoundPort(Protocol):
    """The round being resolved, as the hooks use it."""

    world: World
    board: Board
    dice: Dice
    number: int
    """The round's number (1 for the first)."""
    options: RuleOptions
    """The rules modules in play."""
    orders: dict[int, Order]
    """The orders declared this round, by combatant."""
    timing: list[int]
    """The Timing order, best first."""
    events: list[Event]
    """What happened so far this round (`emit` adds to it)."""
    state: RoundState | None
    """What the Modifier Stage leaves for the Resolution Stage (while resolving)."""
    free_attacks: int
    """How many free attacks (a rules module's, outside any order) are being made now."""
    shot_at: dict[int, Tile]
    """Where a combatant is being attacked while that is not where it stands yet."""

    def emit(self, event: Event) -> None:
        """Record an event and make it happen."""

    def roll(
        self,
        eid: int,
        action: str,
        target: int | None,
        breakdown: Breakdown,
        win: str = "success",
        lose: str = "failure",
        note: str = "",
    ) -> Rolled:
        """Roll d12 against a breakdown (below 1 is impossible and rolls no die)."""
        ...

    def nullify(self, eid: int, action: Action, reason: str) -> None:
        """Say that a declared action cannot happen, and why."""

    def attack(
        self,
        eid: int,
        index: int,
        action: Action,
        slot: int | None,
        state: RoundState,
        before_contact: bool = False,
        target_at: Tile | None = None,
        order: Order | None = None,
    ) -> Rolled | None:
        """Roll one attack and what its success does (`AttackSpec.on_success`)."""
        ...

    def hit(self, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """A hit, landed as the rules modules land it; the target withstands it."""
