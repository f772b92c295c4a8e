"""Fog of war on the map (issue 55): the tiles a side does not see darkened, and the ghosts
of the enemies it saw before (where and when it last saw them).

What a side sees is the rules' (`game.rules.fog.SideView`); this only draws it.  The
darkening is one small surface of the board (a pixel per tile) scaled to the tiles in
view, cached until the view or the camera's tile range changes: a frame that pans within
a tile or does not move only blits it.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame

from game.i18n import _
from game.rules.fog import Ghost, SideView
from game.ui.render.camera import Camera
from game.ui.render.tokens import TokenArt, TokenLook, draw_ring, draw_token, name_pill, token_size
from game.ui.theme import SideStyle, Theme
from game.world import Appearance, World

UNSEEN = (8, 10, 16, 150)  # RGBA over a tile the side does not see
GHOST_ALPHA = 110  # of 255: a ghost token's opacity
GHOST_RING = (200, 200, 210)  # the dashed ring round a ghost
LABEL_MIN_TILE = 20  # pixels per tile below which a ghost's words are left out


class FogLayer:
    """The darkened tiles of one side's view, cached."""

    def __init__(self) -> None:
        self._tiles_key: object = None
        self._small: pygame.Surface | None = None
        self._scaled_key: object = None
        self._scaled: pygame.Surface | None = None

    def _board_surface(self, view: SideView) -> pygame.Surface:
        key = (view.tiles.shape, view.tiles.tobytes())
        if self._small is None or self._tiles_key != key:
            h, w = view.tiles.shape
            rgba = np.zeros((w, h, 4), np.uint8)  # pygame's arrays are [x, y]
            unseen = ~view.tiles.T
            rgba[unseen] = UNSEEN
            small = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.surfarray.pixels3d(small)[:] = rgba[:, :, :3]
            pygame.surfarray.pixels_alpha(small)[:] = rgba[:, :, 3]
            self._small, self._tiles_key, self._scaled_key = small, key, None
        return self._small

    def draw(self, surface: pygame.Surface, camera: Camera, view: SideView) -> None:
        """Darken the tiles in view that `view` does not see."""
        small = self._board_surface(view)
        x0, y0, x1, y1 = camera.visible_tiles()
        if x1 <= x0 or y1 <= y0:
            return
        tp = camera.tile_px
        key = (self._tiles_key, tp, x0, y0, x1, y1)
        if self._scaled is None or self._scaled_key != key:
            part = small.subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
            self._scaled = pygame.transform.scale(part, ((x1 - x0) * tp, (y1 - y0) * tp))
            self._scaled_key = key
        surface.blit(self._scaled, camera.tile_rect((x0, y0)).topleft)


def ghost_label(ghost: Ghost) -> str:
    """The words under a ghost: whom the side last saw there, and when."""
    return _("{name}, last seen round {number}").format(name=ghost.name, number=ghost.round)


def draw_ghosts(
    surface: pygame.Surface,
    theme: Theme,
    art: TokenArt,
    camera: Camera,
    world: World,
    view: SideView,
    style_of: Callable[[World, int], SideStyle],
) -> list[pygame.Rect]:
    """Each ghost of `view`: a faded token facing the way it was seen, a dashed ring, and
    "Name, last seen round N" under it; returns the boxes of those words."""
    tp = camera.tile_px
    x0, y0, x1, y1 = camera.visible_tiles()
    boxes: list[pygame.Rect] = []
    for ghost in sorted(view.ghosts.values(), key=lambda g: (g.tile[1], g.eid)):
        x, y = ghost.tile
        if not (x0 - 1 <= x <= x1 and y0 - 1 <= y <= y1):
            continue
        centre = camera.tile_centre(ghost.tile)
        style = style_of(world, ghost.eid)
        appearance = world.try_get(ghost.eid, Appearance)
        look = TokenLook(appearance.token if appearance else "person", style, 0, False, False)
        draw_token(surface, theme, art, look, centre, tp, ghost.facing, ghost=True, show_label=False)
        draw_ring(surface, centre, tp, GHOST_RING, 1, dashed=True)
        if tp >= LABEL_MIN_TILE:
            text = ghost_label(ghost)
            pill = name_pill(theme, text, (centre[0], centre[1] + token_size(tp) / 2 + 1))
            image = theme.text(text, 11, (200, 200, 210), bold=True)
            pygame.draw.rect(surface, (16, 18, 22), pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, GHOST_RING, pill, 1, border_radius=pill.h // 2)
            surface.blit(image, image.get_rect(center=pill.center))
            boxes.append(pill)
    return boxes
