"""A rules module: an optional rule a scenario switches on, as one object of hooks.

One subclass per module, in its own file, registered with `register_module`.
The rules ask every module that is on; a hook left alone changes nothing.

- attacks (`game.rules.attack`): `attack_modifiers` (terms for the roll, or a
  reason the attack is nullified), `defence_costs` (how much each of the
  target's defences loses against this attacker);
- validation (`game.rules.validate`): `order_reasons`;
- its own actions: specs registered with `module = <name>` are offered and
  accepted only while the module is on;
- the window and `render`: `overlays` of the window's that show it (by name), and
  `mark_overlays` of its own, as data: tiles marked with a style and a short text
  (`ModuleOverlay.marks`), which the window and `render --overlay NAME` draw;
- the setup screen, the help and the tutorials: `label`, `help`, `hint`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.core.geometry import Tile
from game.core.modifiers import Modifier
from game.rules.board import Board
from game.rules.orders import ActionKind, Order
from game.world import World

if TYPE_CHECKING:
    from game.rules.actions.base import OrderCheck
    from game.rules.attack import AttackContext
    from game.rules.options import RuleOptions


class RulesModule:
    """One optional rule (RULES.md §8)."""

    name: ClassVar[str]
    """Its key in scenario files, saves, the sandbox and `simulate --modules`."""
    label: ClassVar[str]
    help: ClassVar[str] = ""
    hint: ClassVar[str] = ""
    """A tutorial's one-line reminder of what the module changes."""
    source: ClassVar[str] = ""
    """Where the rule comes from (RULES.md §8, a seed)."""
    default_on: ClassVar[bool] = False
    """On in battles on a map unless the scenario says otherwise."""
    builtin: ClassVar[bool] = True
    """Shipped with the game (listed in every saved battle's options, on or off)."""
    overlays: ClassVar[tuple[str, ...]] = ()
    """The window's own overlays that show this module (facing: "arcs")."""
    mark_overlays: ClassVar[tuple[ModuleOverlay, ...]] = ()
    """Overlays of its own, as data (`ModuleOverlay`): a charge lane, a cone of fire …"""

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """Terms this module adds to an attack's roll, or why the attack is nullified."""
        return []

    def defence_costs(self, ctx: AttackContext) -> tuple[Mapping[ActionKind, int | None], str] | None:
        """How much each of the target's defences loses against this attacker (None: the
        defence cannot face that way), and a word for the ledger ("back" arc); None: no change."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Reasons this module refuses an order (after the chapter's own checks)."""
        return []


# ------------------------------------------------------------------ overlays as data
@dataclass(frozen=True)
class MarkStyle:
    """How one kind of tile mark looks, readable without colour: a tone the window maps
    to its palette ("good", "bad", "warn", "info") and a pattern ("", "dots", "hatch",
    "cross", "slash"); `label` is its line in the legend."""

    label: str
    tone: str = "info"
    pattern: str = ""


@dataclass(frozen=True)
class TileMarks:
    """What an overlay marks: tile → (index into `styles`, a short text such as "+3")."""

    styles: tuple[MarkStyle, ...]
    tiles: Mapping[Tile, tuple[int, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class OverlayAsk:
    """What a module's overlay is about: `focus` (the combatant selected or declaring),
    where it will stand and face (`origin`, `facing`), its order as drafted or declared
    (`order`), and the orders declared so far this round (`orders`)."""

    world: World
    board: Board
    options: RuleOptions
    focus: int
    origin: Tile
    facing: int
    order: Order | None
    orders: Mapping[int, Order]


class ModuleOverlay:
    """An overlay a rules module wants drawn, as data: the window (a key cycles through the
    overlays of the modules in play) and `render --overlay NAME` draw its marks."""

    name: ClassVar[str]
    label: ClassVar[str]
    help: ClassVar[str] = ""

    def marks(self, ask: OverlayAsk) -> TileMarks:  # pragma: no cover - every overlay overrides
        """The tiles to mark for this focus."""
        raise NotImplementedError
