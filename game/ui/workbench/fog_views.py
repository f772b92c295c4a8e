"""The workbench's fog of war views (the See tab's "Fog" button): with fog on in the
position, the map is split into one picture per side, each what that side sees now.

Each picture is the whole map (the minimap's picture, scaled to fit), the tiles the side
does not see darkened by the battle screen's own fog layer (`game.ui.render.fog_layer`),
and only the combatants it sees (the battle screen's `draw_tokens`).  What a side sees is
the rules' (`game.rules.fog.view_for`); a position has no memory, so no ghosts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.rules.fog import SideView, fog_on, sides_of, view_for
from game.rules.positions import combatants, name_of
from game.ui.render.battlefield import draw_tokens
from game.ui.render.camera import Camera
from game.ui.render.fog_layer import FogLayer
from game.ui.theme import fit_text
from game.world import Side

if TYPE_CHECKING:
    from game.ui.workbench.host import SeeHost

GAP = 8  # pixels (before UI scale) between two pictures
TITLE = 16  # points: a picture's title


def available(scene: SeeHost) -> bool:
    """Whether the position plays with fog of war (the button is offered)."""
    return fog_on(scene.setup.options)


def side_views(scene: SeeHost) -> list[SideView]:
    """Each side's view of the position, as the rules see it (worked out once per edit)."""
    setup = scene.setup

    def views() -> list[SideView]:
        world = setup.world
        return [view_for(world, setup.board, side, None, 0, setup.options) for side in sides_of(world)]

    return scene.cached(("fog views",), views)


def caption(scene: SeeHost, view: SideView) -> str:
    """A picture's title: whose view, and how many enemies it sees."""
    world = scene.world
    enemies = [e for e in combatants(world) if world.get(e, Side).name != view.side]
    seen = [name_of(world, e) for e in enemies if view.sees(e)]
    count = ngettext(
        "{side} sees {count} of {total} enemy", "{side} sees {count} of {total} enemies", len(enemies)
    ).format(side=view.side, count=len(seen), total=len(enemies))
    return f"{count}: {', '.join(seen)}" if seen else count


def draw(scene: SeeHost, surface: pygame.Surface, area: pygame.Rect, layers: list[FogLayer]) -> None:
    """The map split into one picture per side (`layers`: a fog layer kept per picture)."""
    views = side_views(scene)
    if not views:
        return
    theme = scene.theme
    pal = theme.palette
    board = scene.setup.board
    pygame.draw.rect(surface, pal.background, area)
    gap = theme.px(GAP)
    title_h = theme.line_height(12) + theme.px(4)
    width = (area.w - gap * (len(views) + 1)) // len(views)
    picture = scene.view.minimap.picture
    while len(layers) < len(views):
        layers.append(FogLayer())
    for k, view in enumerate(views):
        box = pygame.Rect(area.x + gap + k * (width + gap), area.y + gap, width, area.h - 2 * gap)
        inner = pygame.Rect(box.x, box.y + title_h, box.w, box.h - title_h)
        tile_px = max(2, min(inner.w // board.width, inner.h // board.height))
        camera = Camera((board.width, board.height), inner, tile_px)
        size = (board.width * tile_px, board.height * tile_px)
        origin = camera.tile_rect((0, 0)).topleft
        surface.blit(pygame.transform.smoothscale(picture, size), origin)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(origin, size))
        layers[k].draw(surface, camera, view)
        draw_tokens(surface, theme, scene.view.tokens, scene.world, camera, scene.style_of, shown=view.sees)
        surface.set_clip(clip)
        pygame.draw.rect(surface, pal.panel_edge, pygame.Rect(origin, size), 1)
        text = fit_text(theme.font(12, True), caption(scene, view), box.w)
        surface.blit(theme.text(text, 12, pal.accent, True), (box.x, box.y))
    note = _("Fog of war: each side's view (the See tab's Fog button goes back to the map)")
    image = theme.text(fit_text(theme.font(11), note, area.w - 2 * gap), 11, pal.text_dim)
    surface.blit(image, (area.x + gap, area.bottom - image.get_height() - theme.px(2)))
