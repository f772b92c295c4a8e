"""A forecast in words: the short line the menus, the order panel and the hover card show,
and the rulebook explanation under it.

Every number here is the forecast's (`game.rules.forecast`); whether a roll can be made
at all is the rules' `roll_possible`.  Pure: no pygame.
"""

from __future__ import annotations

from game.core.modifiers import Breakdown, roll_possible, signed_span
from game.rules.api.contexts import ActionForecast
from game.rules.assumed import assumed_short, assumed_words
from game.world import World


def need_range(fc: ActionForecast) -> tuple[int, int] | None:
    """The lowest and highest target number the roll may need (the forecast's uncertain
    terms, such as the defender's Dodge or a Feint, span it); None without a roll."""
    if fc.breakdown is None:
        return None
    low = high = fc.breakdown.total
    for _name, values in fc.uncertain:
        low += min(values)
        high += max(values)
    return low, high


def need_words(low: int, high: int) -> str:
    """ "needs 5 or less", "needs 2 to 8 or less", "needs 2 or less at best (may be impossible)"
    or "impossible" (a stat below 1 rolls no die)."""
    if not roll_possible(high):
        return f"impossible (needs {high} or less)"
    if low == high:
        return f"needs {high} or less"
    if not roll_possible(low):
        return f"needs {high} or less at best (may be impossible)"
    return f"needs {low} to {high} or less"


def percent(value: float) -> str:
    """A probability as a whole percentage, never rounded to a false 0% or 100%."""
    shown = value * 100
    if 0 < shown < 1:
        return "under 1%"
    if 99 < shown < 100:
        return "over 99%"
    return f"{shown:.0f}%"


def forecast_detail(fc: ActionForecast | None) -> str:
    """What an action needs and its chance, in a few words ("needs 5 or less · 42% success")."""
    if fc is None:
        return ""
    if fc.breakdown is None:
        if fc.success == 1:
            return "no roll needed"
        if not fc.success and fc.waits_on:
            return f"waits on {' and '.join(fc.waits_on)}: not declared yet"
        if not fc.success:
            return "impossible"
        # No roll of its own, but it may not happen (a pick-up after a rolled run).
        success, nullified = percent(float(fc.success)), percent(float(fc.nullified))
        return f"no roll needed · {success} success · {nullified} nullified"
    span = need_range(fc)
    assert span is not None
    called = fc.action.called_shot
    if called is not None:
        part = f"{called.part} {percent(float(fc.part_hit))}"
        if not roll_possible(span[1]):
            part = f"{called.part} impossible"
        parts = [part, f"{percent(float(fc.success))} any hit"]
    elif not roll_possible(span[1]):
        parts = [need_words(*span)]
    else:
        parts = [need_words(*span), f"{percent(float(fc.success))} success"]
    if fc.nullified:
        parts.append(f"{percent(float(fc.nullified))} nullified")
    if assumed := assumed_short(fc):
        parts.append(assumed)
    return " · ".join(parts)


def breakdown_line(breakdown: Breakdown) -> str:
    """The rulebook sum with real minus signs: `6 [Strike] − 1 [Action Penalty] = 5`."""
    return breakdown.text().replace("-", "\u2212")


def forecast_lines(world: World, fc: ActionForecast) -> list[str]:
    """The rulebook explanation of a forecast: breakdown, uncertain terms, chance."""
    lines = []
    if fc.breakdown is not None:
        lines.append(breakdown_line(fc.breakdown))
    for name, values in fc.uncertain:
        lines.append(f"  depends on their rolls: {signed_span(values)} [{name}]")
    lines += [f"  {note}" for note in fc.notes]  # the rules modules' words (a knock-back, a location)
    how = "no roll" if fc.breakdown is None else "d12 ≤ the target number; a 12 always fails"
    lines.append(f"success {fc.percent:.1f}% ({how})")
    if assumed := assumed_words(world, fc):
        lines.append(f"  {assumed}")
    if fc.action.called_shot is not None:
        lines.append(f"  of which the {fc.action.called_shot.part}: {float(fc.part_hit) * 100:.1f}%")
    if fc.nullified:
        why = f": {fc.reason}" if fc.reason else ""
        lines.append(f"nullified {float(fc.nullified) * 100:.0f}% of the time{why}")
    if fc.waits_on:
        lines.append(f"  may change: {' and '.join(fc.waits_on)} still to declare")
    if fc.expected_injuries:
        lines.append(f"expected Injuries {float(fc.expected_injuries):.2f}")
    return lines
