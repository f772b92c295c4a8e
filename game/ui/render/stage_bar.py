"""The stage bar over the map: the round, the stage and a chip per combatant in Timing order.

Everyone gets a chip.  When the full chips (token, name, · Timing score) do not fit, they
get compact (a short name), then icons only; if even icons do not fit, the bar shows a
window of the order around the combatant declaring, with how many are hidden on either
side.  The declarer's chip is always shown, with its whole name.  A chip's tooltip (the
battle screen's) names the combatant, its order and its Timing rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import blit_text, draw_panel
from game.ui.theme import SideStyle, Theme

SHORT_NAME = 5  # characters of a compact chip's name
NOTE_ROOM = 200  # pixels (before UI scale) kept for the note at the right end at most


@dataclass(frozen=True)
class Chip:
    """One combatant in the stage bar's Timing order."""

    eid: int
    name: str
    style: SideStyle
    score: str | None
    declared: bool
    declaring: bool
    active: bool


def _label(chip: Chip, mode: str) -> tuple[str, str]:
    """A chip's name and Timing score: ("Omar", "· 9"), ("Oma…", "· 9") (compact) or ("", "")
    (icons).  The score is set apart (and drawn dimmer): "Soldier 6" read as another
    combatant's name in a quick battle of numbered soldiers."""
    if mode == "icons" and not chip.declaring:
        return "", ""
    name = chip.name
    if mode != "full" and not chip.declaring and len(name) > SHORT_NAME:
        name = name[: SHORT_NAME - 1] + "…"
    return name, (f"· {chip.score}" if chip.score is not None else "")


def _mark(chip: Chip) -> str:
    return "✓" if chip.declared else ("…" if chip.declaring else "")


def chip_width(theme: Theme, chip: Chip, mode: str, height: int) -> int:
    """The width of a chip drawn in `mode` ("full", "compact", "icons")."""
    icon = height - theme.px(6)
    name, score = _label(chip, mode)
    width = icon + theme.px(8)
    if name:
        width += theme.font(13, chip.declaring).size(name)[0] + theme.px(6)
    if score:
        width += theme.font(12).size(score)[0] + theme.px(4)
    mark = _mark(chip)
    if mark:
        width += theme.font(13, True).size(mark)[0] + theme.px(6)
    return width


_LAYOUTS: dict[tuple[object, ...], tuple[str, int, int]] = {}
"""Layouts worked out so far: a frame draws the same chips as the last (kept till 64)."""


def lay_out_chips(theme: Theme, chips: list[Chip], room: int, height: int) -> tuple[str, int, int]:
    """(mode, first, last + 1): the most readable mode in which chips fit `room` pixels, and
    which of them are shown (all, or a window around the declarer).  Measured once per
    change of the chips, the room or the theme's scale (the widths depend on nothing else)."""
    try:
        key: tuple[object, ...] = (theme.scale, tuple(chips), room, height)
        found = _LAYOUTS.get(key)
    except TypeError:  # a chip that cannot be hashed is measured each time
        return _lay_out(theme, chips, room, height)
    if found is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _lay_out(theme, chips, room, height)
    return found


def _lay_out(theme: Theme, chips: list[Chip], room: int, height: int) -> tuple[str, int, int]:
    gap = theme.px(4)
    for mode in ("full", "compact", "icons"):
        total = sum(chip_width(theme, c, mode, height) + gap for c in chips)
        if total <= room:
            return mode, 0, len(chips)
    # A window of the order that keeps the declarer in view, with room for the "‹ n" marks.
    arrows = theme.font(12).size("‹ 99")[0] * 2 + 2 * gap
    widths = [chip_width(theme, c, "icons", height) + gap for c in chips]
    centre = next((i for i, c in enumerate(chips) if c.declaring), 0)
    first = last = centre
    used = widths[centre]
    while True:
        grew = False
        if last + 1 < len(chips) and used + widths[last + 1] <= room - arrows:
            last += 1
            used += widths[last]
            grew = True
        if first > 0 and used + widths[first - 1] <= room - arrows:
            first -= 1
            used += widths[first]
            grew = True
        if not grew:
            return "icons", first, last + 1


def draw_stage_bar(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    title: str,
    stage: str,
    chips: list[Chip],
    note: str,
    art: TokenArt,
) -> list[tuple[pygame.Rect, int]]:
    """Round, stage and the Timing order (best first) with whose declaration it is.

    Returns the rect of each chip shown (for hover and clicks)."""
    pal = theme.palette
    draw_panel(surface, theme, rect, pal.panel_dark, edge=False)
    pygame.draw.line(surface, pal.panel_edge, rect.bottomleft, rect.bottomright)
    pad = theme.px(10)
    x = rect.x + pad
    r = blit_text(surface, theme, title, (x, rect.centery), 15, pal.accent, True, anchor="midleft")
    x = r.right + theme.px(12)
    r = blit_text(surface, theme, stage, (x, rect.centery), 14, pal.text, True, anchor="midleft")
    x = r.right + theme.px(16)
    note_w = min(theme.font(12).size(note)[0], theme.px(NOTE_ROOM)) if note else 0
    if chips:
        r = blit_text(surface, theme, _("Timing:"), (x, rect.centery), 12, pal.text_dim, anchor="midleft")
        x = r.right + theme.px(6)
    h = rect.h - theme.px(10)
    room = rect.right - pad - note_w - theme.px(12) - x
    mode, first, last = lay_out_chips(theme, chips, room, h)
    out = []
    if first > 0:
        r = blit_text(surface, theme, f"‹ {first}", (x, rect.centery), 12, pal.text_dim, anchor="midleft")
        x = r.right + theme.px(4)
    for chip in chips[first:last]:
        box = pygame.Rect(x, rect.y + theme.px(5), chip_width(theme, chip, mode, h), h)
        _draw_chip(surface, theme, box, chip, mode, art)
        out.append((box, chip.eid))
        x = box.right + theme.px(4)
    if last < len(chips):
        hidden = f"{len(chips) - last} ›"
        blit_text(surface, theme, hidden, (x, rect.centery), 12, pal.text_dim, anchor="midleft")
    if note and note_w:
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(rect.right - pad - note_w, rect.y, note_w, rect.h))
        blit_text(surface, theme, note, (rect.right - pad, rect.centery), 12, pal.text_dim, anchor="midright")
        surface.set_clip(clip)
    return out


def _draw_chip(
    surface: pygame.Surface, theme: Theme, box: pygame.Rect, chip: Chip, mode: str, art: TokenArt
) -> None:
    pal = theme.palette
    h = box.h
    icon = h - theme.px(6)
    pygame.draw.rect(surface, pal.button_hover if chip.declaring else pal.button, box, border_radius=h // 2)
    edge = pal.accent if chip.declaring else chip.style.colour
    pygame.draw.rect(surface, edge, box, 2 if chip.declaring else 1, border_radius=h // 2)
    token = art.token(TokenLook("person", chip.style, 0, not chip.active, False), icon)
    surface.blit(token, (box.x + theme.px(3), box.y + theme.px(3)))
    x = box.x + icon + theme.px(8)
    name, score = _label(chip, mode)
    if name:
        colour = pal.text if chip.active else pal.text_dim
        text = theme.text(name, 13, colour, chip.declaring)
        surface.blit(text, (x, box.centery - text.get_height() // 2))
        x += text.get_width() + theme.px(4)
    if score:
        text = theme.text(score, 12, pal.text_dim)
        surface.blit(text, (x, box.centery - text.get_height() // 2))
    mark = _mark(chip)
    if mark:
        image = theme.text(mark, 13, pal.text_good if chip.declared else pal.accent, True)
        spot = (box.right - image.get_width() - theme.px(7), box.centery - image.get_height() // 2)
        surface.blit(image, spot)
