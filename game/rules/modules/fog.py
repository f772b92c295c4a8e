"""The fog of war module (issue 55; a design rule, from no seed): each side sees only what
its combatants see.

Fog changes nothing in the round: no hook of the round, the attack or the forecast is
filled in, so a battle resolves byte for byte as without it.  What a side sees and knows
is asked of `game.rules.fog` (`view_for`, `watch`, `SideView.declarations`), which the
window, the hand-over, the AI, replays and the sandbox ask when `fog` is on.

Its option, `fog_arcs` (with facing): a combatant sees only its front and side arcs.
"""

from __future__ import annotations

from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.fog import FOG, FOG_ARCS
from game.rules.registry import register_module


@register_module
class Fog(RulesModule):
    """Fog of war: a side sees what its active combatants see, and remembers the rest."""

    name = FOG
    listing = 150
    label = N_("Fog of war")
    source = "design rule (issue 55); RULES.md §1 line of sight"
    overlays = ("sight",)
    help = N_(
        "each side sees only what its combatants see (line of sight, darkness); "
        "an unseen enemy's order is hidden, its last seen tile remembered"
    )
    hint = N_(
        "Fog of war: you see only what your combatants see. An enemy out of sight is shown where "
        "you last saw it, and its order is hidden; a shot from the dark reveals the shooter."
    )


@register_module
class FogArcs(RulesModule):
    """The fog module's option: sight only in the front and side arcs (with facing)."""

    name = FOG_ARCS
    listing = 151
    label = N_("Fog: front and side arcs only")
    source = "design rule (issue 55), an option of fog"
    requires = (FOG, "facing")
    help = N_("with fog of war, a combatant sees nothing in its back arc")
    hint = N_("With fog of war, your combatants see nothing behind them: turn to look.")
