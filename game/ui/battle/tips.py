"""The battle screen's tooltips: the hit chance on a hovered enemy, and what the panel
under the mouse explains (a button, an action's forecast, a Timing chip's order)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.rules.orders import Order
from game.rules.positions import are_enemies, name_of
from game.rules.summary import summarize_order
from game.ui.planner import Draft, Planner, forecast_lines
from game.ui.render.widgets import Button
from game.world import World

Viewpoint = tuple[int, Planner, Draft]
"""Whose attack a hit chance is (its planner and order), as `BattleScene.viewpoint` says."""


def chance_lines(world: World, view: Viewpoint | None, target: int) -> list[str]:
    """The hit chance on `target` of the viewpoint's attack, from its planned tile, with its
    breakdown (nothing when the viewpoint is no enemy of the target)."""
    if view is None or not are_enemies(world, view[0], target):
        return []
    me, planner, draft = view
    choice = planner.quick_attack(draft, target)
    lines = [f"{name_of(world, me)}: {choice.label}"]
    if choice.enabled and choice.forecast is not None:
        lines += forecast_lines(world, choice.forecast)
    else:
        lines.append("not possible: " + ("; ".join(choice.reasons) or "no roll"))
    return lines


def panel_lines(
    pos: tuple[int, int],
    buttons: list[Button],
    row_tips: list[tuple[pygame.Rect, list[str]]],
    chip_rects: list[tuple[pygame.Rect, int]],
    world: World,
    orders: Mapping[int, Order] | None,
) -> list[str]:
    """The tooltip of whatever panel piece is under `pos` (nothing when none explains itself):
    a button, an action row, or a Timing chip (during the Strategy Stage, with `orders`)."""
    for button in buttons:
        if button.rect.collidepoint(pos) and button.tooltip():
            return button.tooltip()
    for rect, lines in row_tips:
        if rect.collidepoint(pos):
            return lines
    for rect, eid in chip_rects:
        if rect.collidepoint(pos) and orders is not None:
            order = orders.get(eid)
            text = summarize_order(world, order) if order else "has not declared yet"
            return [f"{name_of(world, eid)}: {text}"]
    return []
