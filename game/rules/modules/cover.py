"""The cover module: terrain between shooter and target (RULES.md §8; seeds 003, 004).

Low cover hides the legs: −2 to Missile Strikes through it, whether or not the
target attacks.  High cover hides a combatant that declares no offensive
action completely (Missile Strikes at it are nullified); one that attacks from
it exposes head and weapon arm for that round: −8.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core.modifiers import Modifier, signed
from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.registry import register_module

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext

COVER_PENALTY = {"none": 0, "low": -2, "high": -8}
"""Missile Strike modifier by the cover between shooter and target."""
COVER_LABELS = {"none": "", "low": "Low Cover", "high": "High Cover"}
COVER_TERMS = {level: Modifier(COVER_LABELS[level], COVER_PENALTY[level]) for level in COVER_PENALTY}
"""The term a shot through each level of cover gets (made once: asked for every imagined shot)."""


@register_module
class Cover(RulesModule):
    """Cover (RULES.md §8): low cover −2, high cover −8 or hidden."""

    name = "cover"
    listing = 20
    label = N_("Cover")
    source = "RULES.md §8; seeds 003 and 004 (cover, visible body parts)"
    default_on = True
    overlays = ("sight",)
    help = (
        f"low cover {signed(COVER_PENALTY['low'])} and high cover {signed(COVER_PENALTY['high'])} to Missile "
        "Strikes; hidden behind high cover unless attacking"
    )
    hint = (
        f"Low cover is {signed(COVER_PENALTY['low'])} and high cover {signed(COVER_PENALTY['high'])} to "
        "Missile Strikes; in high cover you cannot be shot in a round you do not attack."
    )

    def cover_terms(self) -> Mapping[str, Modifier]:
        """Low Cover −2, High Cover −8 (no cover means nothing to say)."""
        return {level: term for level, term in COVER_TERMS.items() if level != "none"}

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """The cover penalty on a missile attack, or the reason it cannot be made."""
        if ctx.spec.attack_class != "missile_strike":
            return []
        situation = ctx.situation
        level = ctx.board.cover_between(situation.attacker_tile, situation.target_tile)
        if level == "high" and not situation.target_exposed:
            return f"{ctx.target_name} is hidden behind high cover"
        return [COVER_TERMS[level]]
