"""A rules module: an optional rule a scenario switches on, as one object of hooks.

One subclass per module, in its own file, registered with `register_module`.
The rules ask every module that is on; a hook left alone changes nothing.

- attacks (`game.rules.attack`): `attack_modifiers` (terms for the roll, or a
  reason the attack is nullified), `defence_costs` (how much each of the
  target's defences loses against this attacker);
- validation (`game.rules.validate`): `order_reasons`;
- its own actions: specs registered with `module = <name>` are offered and
  accepted only while the module is on;
- the window and `render`: `overlays` it wants drawn (by overlay name);
- the setup screen, the help and the tutorials: `label`, `help`, `hint`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from game.core.modifiers import Modifier
from game.rules.orders import ActionKind

if TYPE_CHECKING:
    from game.rules.actions.base import OrderCheck
    from game.rules.attack import AttackContext


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
