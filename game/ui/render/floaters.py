"""Draws the results of a round over the tokens as it plays back (`game.ui.hit_feedback`):
the words rise and fade over their token, a hit token flashes a ring."""

from __future__ import annotations

import pygame

from game.rules.positions import find_by_name
from game.ui.playback import Playback
from game.ui.render.camera import Camera
from game.ui.theme import Theme
from game.world import Position, World

FLASH_UNTIL = 0.35  # of a floater's life, the ring of a hit
FADE_FROM = 0.6  # of a floater's life, the words begin to fade
RISE_TILES = 0.8  # how far the words rise over their life, in tiles


def draw_floaters(
    surface: pygame.Surface, theme: Theme, camera: Camera, world: World, playback: Playback
) -> None:
    """Every live floater over its token (where the token is drawn now, walking or not)."""
    pal = theme.palette
    colours = {"harm": pal.text_bad, "down": pal.text_bad, "foiled": pal.text_good, "miss": pal.text_dim}
    px = camera.tile_px
    stacked: dict[str, int] = {}  # floaters over one token this frame: each a line higher
    for floater, age in playback.live_floaters():
        eid = find_by_name(world, floater.who)
        if eid is None or not world.has(eid, Position):
            continue
        where = playback.position_of(eid) or world.get(eid, Position).tile
        cx, cy = camera.tile_centre(where)
        colour = colours.get(floater.tone, pal.text)
        if floater.flash and age < FLASH_UNTIL:
            pygame.draw.circle(surface, colour, (cx, cy), max(6, int(px * 0.55)), max(2, px // 12))
        if not floater.text:
            continue
        line = stacked.get(floater.who, 0)
        stacked[floater.who] = line + 1
        alpha = 255 if age < FADE_FROM else max(0, int(255 * (1 - age) / (1 - FADE_FROM)))
        y = cy - px * 0.6 - age * px * RISE_TILES - line * theme.line_height(14)
        image = theme.text(floater.text, 14, colour, True)
        box = image.get_rect(midbottom=(cx, int(y)))
        # On a dark pill edged in its colour, like the name labels: readable over any ground,
        # overlay or token it rises across.
        pill = box.inflate(theme.px(10), theme.px(4))
        card = pygame.Surface(pill.size, pygame.SRCALPHA)
        shape = card.get_rect()
        pygame.draw.rect(card, (16, 18, 22, 225), shape, border_radius=shape.h // 2)
        pygame.draw.rect(card, colour, shape, 1, border_radius=shape.h // 2)
        card.blit(image, image.get_rect(center=shape.center))
        card.set_alpha(alpha)
        surface.blit(card, pill)
