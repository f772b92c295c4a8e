"""Why a rules module's action was not chosen: one line per module switched on (a house rule
or a plug-in too) whose action was weighed and left out, for `--explain` and the F9 panel
(issue 53: a module used only where it pays says why it did not pay elsewhere).  The words
are not scored: the decision is the same without them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.knowledge import Knowledge
from game.ai.scoring import (
    APPROACH,
    BACK,
    DEALT,
    EDGE,
    ESCAPE,
    OUTPACED,
    POSITION,
    SUPPORT,
    TAKEN,
    THREAT,
    Scored,
)
from game.i18n import _
from game.rules.registry import (
    OFFENSIVE,
    rules_modules,
    spec_of,
)
from game.rules.summary import summarize_order
from game.rules.validate import validate_order

if TYPE_CHECKING:
    from game.ai.decision import Decision

SHOWN_TERMS = 2  # terms named, at most, for why a module's action was not chosen
MOSTLY = 0.6  # … named until they make up this share of the gap
EVEN = 0.005  # Injuries: two terms this close are the same


def module_words(
    know: Knowledge, decision: Decision, ranked: list[Scored], judged_again: int = 0
) -> list[str]:
    """For each rules module switched on (a house rule, a plug-in too) whose action was among
    the candidates weighed but is not in the order declared, one line: its best candidate's
    score, how far below the chosen one, and the terms that made the difference ("Sudden
    Dive weighed: best −0.40 (Sudden Dive, path to (3, 4)), 1.15 below the chosen: it deals
    nothing, and the attacks on it are no less").  A module none of whose actions any
    candidate offered says nothing.  `ranked` is every candidate in the order they were
    judged (`TacticalController.rank`), its first `judged_again` judged a second time.
    Only words: nothing here changes the choice."""
    chosen = decision.chosen
    if chosen is None:
        return []
    declared = {a.kind for a in chosen.candidate.order.actions}
    best: dict[str, tuple[int, Scored]] = {}  # module -> (place in `ranked`, its best candidate)
    refused: dict[str, tuple[Scored, str]] = {}  # module -> its best candidate, which the rules refuse
    for place, scored in enumerate(ranked):
        if scored is chosen or scored.candidate.order == chosen.candidate.order:
            continue
        modules = {
            module
            for a in scored.candidate.order.actions
            if a.kind not in declared
            and (module := spec_of(a.kind).module) is not None
            and know.options.has(module)
            and module not in best
        }
        if not modules:
            continue
        reasons = validate_order(know.world, know.board, scored.candidate.order, know.earlier, know.options)
        for module in modules:
            if reasons:
                refused.setdefault(module, (scored, reasons[0]))
            else:
                best[module] = (place, scored)
    lines = []
    for module in sorted({*best, *refused}, key=_module_place):
        if module in best:
            place, scored = best[module]
            lines.append(_module_line(know, module, chosen, scored, decision, place >= judged_again))
        else:
            scored, reason = refused[module]
            lines.append(
                _("{action} weighed: best {score} ({order}), refused by the rules: {reason}").format(
                    action=_module_actions(module, scored, declared),
                    score=f"{scored.score:+.2f}",
                    order=summarize_order(know.world, scored.candidate.order),
                    reason=reason,
                )
            )
    return lines


def _module_place(module: str) -> tuple[int, str]:
    """Modules in the registry's order (the setup screen's), then by name."""
    names = [m.name for m in rules_modules()]
    return (names.index(module) if module in names else len(names), module)


def _module_actions(module: str, scored: Scored, declared: set[object]) -> str:
    """The labels of the module's actions in the candidate (not declared), translated."""
    labels = dict.fromkeys(
        _(spec_of(a.kind).label)
        for a in scored.candidate.order.actions
        if spec_of(a.kind).module == module and a.kind not in declared
    )
    return ", ".join(labels)


def _module_line(
    know: Knowledge, module: str, chosen: Scored, scored: Scored, decision: Decision, first_look: bool
) -> str:
    """One module's line: its best valid candidate against the chosen one."""
    declared = {a.kind for a in chosen.candidate.order.actions}
    action = _module_actions(module, scored, declared)
    order = summarize_order(know.world, scored.candidate.order)
    gap = chosen.score - scored.score
    if gap > EVEN:
        why = _difference_words(chosen, scored, gap)
        return _("{action} weighed: best {score} ({order}), {gap} below the chosen: {why}").format(
            action=action, score=f"{scored.score:+.2f}", order=order, gap=f"{gap:.2f}", why=why
        )
    if decision.slip is not None:
        why = _("the chosen order is a mistake on purpose")
    elif first_look:
        why = _("weighed only at a first look, behind the orders judged again")
    else:
        why = _("as good as the chosen, which won the tie")
    return _("{action} weighed: best {score} ({order}), not chosen: {why}").format(
        action=action, score=f"{scored.score:+.2f}", order=order, why=why
    )


def _difference_words(chosen: Scored, scored: Scored, gap: float) -> str:
    """The terms that put the chosen order ahead, biggest first, until they make up most of
    the gap: "it deals nothing; it stands 0.30 worse for next round"; with a module action
    that does not attack and buys nothing against the attacks on it, it says so."""
    diff = {
        term: chosen.terms.get(term, 0.0) - scored.terms.get(term, 0.0)
        for term in {*chosen.terms, *scored.terms}
        if term != "noise"
    }
    ahead = sorted((t for t in diff if diff[t] > EVEN), key=lambda t: (-diff[t], t))
    named: list[str] = []
    covered = 0.0
    for term in ahead[:SHOWN_TERMS]:
        named.append(term)
        covered += diff[term]
        if covered >= MOSTLY * gap:
            break
    text = "; ".join(_term_words(t, diff[t], scored) for t in named) or _("the small terms together")
    attacks = any(a.kind in OFFENSIVE for a in scored.candidate.order.actions)
    guarded = sum(scored.terms.get(t, 0.0) for t in (TAKEN, THREAT))
    said = TAKEN in named or THREAT in named
    if not attacks and not said and guarded <= sum(chosen.terms.get(t, 0.0) for t in (TAKEN, THREAT)) + EVEN:
        text = _("{words}, and the attacks on it are no less").format(words=text)
    return text


def _term_words(term: str, difference: float, scored: Scored) -> str:
    """How much worse one term leaves the module's candidate than the chosen one, in words."""
    value = f"{difference:.2f}"
    if term == DEALT:
        if abs(scored.terms.get(DEALT, 0.0)) <= EVEN:
            return _("it deals nothing")
        return _("it deals {value} less").format(value=value)
    words = {
        TAKEN: _("it takes {value} more from the attacks already declared"),
        THREAT: _("the enemies still to declare threaten it {value} more"),
        OUTPACED: _("faster enemies cost its attacks {value} more"),
        POSITION: _("it stands {value} worse for next round"),
        APPROACH: _("it leaves {value} more walking to do"),
        BACK: _("it walks back where it stood a round ago ({value})"),
        SUPPORT: _("it helps an ally who fights two or more {value} less"),
        ESCAPE: _("it is {value} further from getting off the map"),
        EDGE: _("it is {value} further from getting off the map"),
        "setup": _("it sets up {value} less for later rounds"),
    }
    found = words.get(term)
    if found is not None:
        return found.format(value=value)
    return _("its {term} is worth {value} less").format(term=term, value=value)
