"""What the cover between two tiles means under the rules modules in play.

The map says where cover is and how high (`Board.cover_between`); a rules module says
what it does to a shot (`RulesModule.cover_terms`: the cover module's Low Cover −2 and
High Cover −8).  The window's ruler and the sight overlay's legend ask here, so they
never name a module and always say what the modules in play say.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.modifiers import Modifier
from game.rules.options import RuleOptions
from game.rules.registry import active_modules, derived


def cover_terms(options: RuleOptions | None) -> Mapping[str, Modifier]:
    """Each cover level's term for a shot through it ("low" → Low Cover −2), from the first
    module in play that gives cover a meaning; empty when none does."""
    if options is None:
        return {}

    def build() -> Mapping[str, Modifier]:
        for module in active_modules(options):
            terms = module.cover_terms()
            if terms:
                return dict(terms)
        return {}

    return derived(("cover terms", options.on), build)
