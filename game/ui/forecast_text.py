"""A forecast in words: the short line the menus, the order panel and the hover card show,
and the rulebook explanation under it.

Every number here is the forecast's (`game.rules.forecast`); whether a roll can be made
at all is the rules' `roll_possible`.  Pure: no pygame.
"""

from __future__ import annotations

from game.core.modifiers import Breakdown, roll_possible, signed_span
from game.i18n import _
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
        return _("impossible (needs {high} or less)").format(high=high)
    if low == high:
        return _("needs {high} or less").format(high=high)
    if not roll_possible(low):
        return _("needs {high} or less at best (may be impossible)").format(high=high)
    return _("needs {low} to {high} or less").format(low=low, high=high)


def percent(value: float) -> str:
    """A probability as a whole percentage, never rounded to a false 0% or 100%."""
    shown = value * 100
    if 0 < shown < 1:
        return _("under 1%")
    if 99 < shown < 100:
        return _("over 99%")
    return f"{shown:.0f}%"


def forecast_detail(fc: ActionForecast | None) -> str:
    """What an action needs and its chance, in a few words ("needs 5 or less · 42% success")."""
    if fc is None:
        return ""
    if fc.breakdown is None:
        if fc.success == 1:
            return _("no roll needed")
        if not fc.success and fc.waits_on:
            return _("waits on {names}: not declared yet").format(names=_(" and ").join(fc.waits_on))
        if not fc.success:
            return _("impossible")
        # No roll of its own, but it may not happen (a pick-up after a rolled run).
        success, nullified = percent(float(fc.success)), percent(float(fc.nullified))
        return _("no roll needed · {success} success · {nullified} nullified").format(
            success=success, nullified=nullified
        )
    span = need_range(fc)
    assert span is not None
    called = fc.action.called_shot
    if called is not None:
        part = f"{_(called.part)} {percent(float(fc.part_hit))}"
        if not roll_possible(span[1]):
            part = _("{part} impossible").format(part=_(called.part))
        parts = [part, _("{percent} any hit").format(percent=percent(float(fc.success)))]
    elif not roll_possible(span[1]):
        parts = [need_words(*span)]
    else:
        parts = [need_words(*span), _("{percent} success").format(percent=percent(float(fc.success)))]
    if fc.nullified:
        parts.append(_("{percent} nullified").format(percent=percent(float(fc.nullified))))
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
        lines.append(
            "  " + _("depends on their rolls: {span} [{name}]").format(span=signed_span(values), name=_(name))
        )
    lines += [f"  {_(note)}" for note in fc.notes]  # the rules modules' words (a knock-back, a location)
    if fc.breakdown is None:
        lines.append(_("success {percent:.1f}% (no roll)").format(percent=fc.percent))
    else:
        lines.append(
            _("success {percent:.1f}% (d12 ≤ the target number; a 12 always fails)").format(
                percent=fc.percent
            )
        )
    if assumed := assumed_words(world, fc):
        lines.append(f"  {assumed}")
    if fc.action.called_shot is not None:
        lines.append(
            "  "
            + _("of which the {part}: {percent:.1f}%").format(
                part=_(fc.action.called_shot.part), percent=float(fc.part_hit) * 100
            )
        )
    if fc.nullified:
        share = float(fc.nullified) * 100
        if fc.reason:
            line = _("nullified {percent:.0f}% of the time: {reason}").format(
                percent=share, reason=_(fc.reason)
            )
        else:
            line = _("nullified {percent:.0f}% of the time").format(percent=share)
        lines.append(line)
    if fc.waits_on:
        lines.append(
            "  " + _("may change: {names} still to declare").format(names=_(" and ").join(fc.waits_on))
        )
    if fc.expected_injuries:
        lines.append(_("expected Injuries {injuries:.2f}").format(injuries=float(fc.expected_injuries)))
    return lines
