"""The battle screen's tooltips: the hit chance on a hovered enemy, and what the panel
under the mouse explains (a button, an action's forecast, a Timing chip's order)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules.api.contexts import ActionForecast
from game.rules.positions import are_enemies, name_of
from game.ui.planner import Draft, Planner, forecast_detail, forecast_lines
from game.ui.render.widgets import Button
from game.world import World

Viewpoint = tuple[int, Planner, Draft]
"""Whose attack a hit chance is (its planner and order), as `BattleFocus.viewpoint` says."""


def chosen_attack(
    planner: Planner, draft: Draft, target: int, clickable: bool = True
) -> tuple[str, ActionForecast | None, str]:
    """The attack on `target` the player has chosen: the draft's own attack on it (its
    forecast in the whole order), else the one a click would add (said so only when a click
    can add it: `clickable`, the draft being declared now).  (label, forecast, why not)."""
    own = planner.own_attack(draft, target)
    if own is not None:
        action, fc = own
        label = _("{action} on {target} (in your order)").format(
            action=_(action.kind.label), target=name_of(planner.world, target)
        )
        return label, fc, ""
    choice = planner.quick_attack(draft, target)
    if choice.enabled and choice.forecast is not None:
        label = _("{action} (click to choose)").format(action=choice.label) if clickable else choice.label
        return label, choice.forecast, ""
    return choice.label, None, "; ".join(choice.reasons) or _("no roll")


def chance_lines(world: World, view: Viewpoint | None, target: int, clickable: bool = True) -> list[str]:
    """The chosen attack on `target`, from the viewpoint's planned tile: first its target
    number and chance in words, then the rulebook breakdown (nothing when the viewpoint is
    no enemy of the target); `clickable`: the viewpoint's draft is the order being declared."""
    if view is None or not are_enemies(world, view[0], target):
        return []
    me, planner, draft = view
    label, fc, why = chosen_attack(planner, draft, target, clickable)
    lines = [_("{name}: {action}").format(name=name_of(world, me), action=label)]
    if fc is not None:
        lines.append(forecast_detail(fc))
        lines += forecast_lines(world, fc)
    else:
        lines.append(_("not possible: {why}").format(why=why))
    return lines


def panel_lines(
    pos: tuple[int, int],
    buttons: list[Button],
    row_tips: list[tuple[pygame.Rect, list[str]]],
    chip_rects: list[tuple[pygame.Rect, int]],
    chip_tip: Callable[[int], list[str]],
) -> list[str]:
    """The tooltip of whatever panel piece is under `pos` (nothing when none explains itself):
    a button, an action row, or a Timing chip (`chip_tip` says what)."""
    for button in buttons:
        if button.rect.collidepoint(pos) and button.tooltip():
            return button.tooltip()
    for rect, lines in row_tips:
        if rect.collidepoint(pos):
            return lines
    for rect, eid in chip_rects:
        if rect.collidepoint(pos):
            return chip_tip(eid)
    return []
