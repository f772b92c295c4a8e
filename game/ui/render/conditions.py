"""What the rules modules say about a combatant, on its token and its sheet: wounded body
locations as a small figure beside the token, and the sheet's lines.  Their other marks (shock,
prone, aiming, a stuck weapon …) are words the token itself shows (`look_of`).

The modules give the data (`RulesModule.token_marks`, `sheet_lines`); this draws it and
names no module.  A module with nothing to say (switched off, or nobody hurt) draws nothing,
so the chapter's tokens look as they always did.
"""

from __future__ import annotations

import pygame

from game.rules.api.modules import TokenMark
from game.rules.registry import rules_modules, token_marks_of
from game.ui.theme import Theme
from game.world import World

FIGURE_MIN_TILE = 26  # pixels per tile below which the figure is hidden
UNHURT = (225, 225, 225)
HURT = (235, 120, 40)  # one Injury on a place
BADLY_HURT = (200, 30, 30)  # two or more: shock
OUTLINE = (20, 20, 24)

# The figure's parts on a 6 × 10 grid: (x, y, width, height), head a circle in its box.
PARTS: dict[str, tuple[int, int, int, int]] = {
    "head": (2, 0, 2, 2),
    "torso": (2, 2, 2, 4),
    "right arm": (0, 2, 2, 4),  # drawn on the viewer's left: the figure faces the viewer
    "left arm": (4, 2, 2, 4),
    "right leg": (2, 6, 1, 4),
    "left leg": (3, 6, 1, 4),
}


def marks_of(world: World, eid: int) -> list[TokenMark]:
    """Every module's marks for a combatant (nothing from a module that has nothing to say)."""
    return token_marks_of(world, eid)


def sheet_lines(world: World, eid: int) -> list[str]:
    """Every module's lines for a combatant's sheet."""
    return [line for module in rules_modules() for line in module.sheet_lines(world, eid)]


def part_colour(count: int) -> tuple[int, int, int]:
    """A body part's colour by its Injuries (also told apart by the outline's weight)."""
    return UNHURT if count <= 0 else HURT if count == 1 else BADLY_HURT


def draw_conditions(
    surface: pygame.Surface, theme: Theme, world: World, eid: int, centre: tuple[float, float], tile_px: int
) -> None:
    """The wounded-locations figure at the token's lower right (from the rules modules' marks)."""
    if tile_px < FIGURE_MIN_TILE:
        return
    marks = marks_of(world, eid)
    if not marks:
        return
    wounds = {m.location: m.value for m in marks if m.location is not None}
    cx, cy = centre
    if wounds:
        unit = max(2, tile_px // 22)
        left = round(cx + tile_px * 0.22)
        top = round(cy + tile_px * 0.46 - 10 * unit)
        back = pygame.Rect(left - 1, top - 1, 6 * unit + 2, 10 * unit + 2)
        pygame.draw.rect(surface, OUTLINE, back, border_radius=unit)
        for part, (x, y, w, h) in PARTS.items():
            count = wounds.get(part, 0)
            box = pygame.Rect(left + x * unit, top + y * unit, w * unit, h * unit)
            if part == "head":
                pygame.draw.circle(surface, part_colour(count), box.center, unit)
            else:
                pygame.draw.rect(surface, part_colour(count), box.inflate(-1, -1))
            if count >= 2:  # shock: a cross, so it reads without colour too
                pygame.draw.line(surface, OUTLINE, box.topleft, box.bottomright, 1)
