"""The workbench's See tab: the selected combatant's sheet and overlays, the ledger of a pair
(every attack both ways, the rules' numbers and exact chances), and the attack matrix drawn
over the map.  The numbers are `game.workbench.ledger`'s, which asks the forecast."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.rules.positions import are_enemies, name_of, tile_of
from game.rules.registry import module_overlays
from game.ui.battle.input import next_module_overlay
from game.ui.render.battlefield import SHEET_HEIGHT
from game.ui.render.overlays import OVERLAY_LABELS
from game.ui.render.panels import draw_sheet
from game.ui.render.widgets import blit_text
from game.ui.theme import shorten
from game.ui.workbench import fog_views
from game.ui.workbench.widgets import Column
from game.workbench.ledger import AttackLine, attack_matrix, cell_text, line_text, pair_ledger

if TYPE_CHECKING:
    from game.ui.workbench.host import SeeHost

MATRIX_NAME = 96  # pixels (before UI scale): the matrix's first column
MATRIX_CELL = 132  # pixels: one enemy's column
MATRIX_ROW = 20


def draw(scene: SeeHost, surface: pygame.Surface, rect: pygame.Rect, scroll: int) -> Column:
    """The See panel; returns its laid-out column."""
    col = Column(surface, scene.theme, rect, scroll)
    pal = scene.theme.palette
    eid = scene.focus()
    if eid is not None:
        height = scene.theme.px(SHEET_HEIGHT)
        if col.visible(col.y, height):
            sheet = pygame.Rect(rect.x, col.y - scene.theme.px(10), rect.w, height)
            draw_sheet(
                surface,
                scene.theme,
                sheet,
                scene.world,
                eid,
                scene.style_of(scene.world, eid),
                scene.view.tokens,
            )
        col.y += height - scene.theme.px(10)
    col.heading(_("Overlays (keys 1–8)"))
    active = scene.view.overlays.active
    col.row(
        *[
            (
                _(label),
                lambda n=name: toggle(scene, n),
                {"selected": name in active, "name": f"overlay:{name}"},
            )
            for name, label in OVERLAY_LABELS.items()
        ],
        (
            _("Rules modules ▸"),
            lambda: scene.toast(
                next_module_overlay(scene.view.overlays, module_overlays(scene.setup.options))
            ),
        ),
    )
    col.row(
        (
            _("Attack matrix: on  Ctrl+M") if scene.matrix else _("Attack matrix: off  Ctrl+M"),
            lambda: toggle_matrix(scene),
            {"selected": scene.matrix},
        )
    )
    if fog_views.available(scene):
        col.row(
            (
                _("Fog: each side's view") if scene.fog_views else _("Fog: the whole map"),
                lambda: toggle_fog_views(scene),
                {
                    "selected": scene.fog_views,
                    "name": "fog_views",
                    "tip": [_("Fog of war: split the map into what each side sees now")],
                },
            )
        )
    partner = scene.partner
    if eid is None:
        col.heading(_("A pair"))
        col.text(
            _("Click a combatant for its overlays and sheet, then another for every attack between the two."),
            12,
            pal.text_dim,
        )
        return col
    if partner is None or partner not in scene.setup.combatants:
        col.heading(_("A pair"))
        col.text(
            _("Click another combatant: every attack between {name} and it, both ways.").format(
                name=name_of(scene.world, eid)
            ),
            12,
            pal.text_dim,
        )
        return col
    ledger = scene.cached(("ledger", eid, partner), lambda: pair_ledger(scene.setup, eid, partner))
    setup = scene.setup
    a, b = name_of(setup.world, eid), name_of(setup.world, partner)
    col.heading(_("{first} and {second}").format(first=a, second=b))
    col.row((_("Swap"), lambda: swap(scene)), (_("Drop the pair"), lambda: setattr(scene, "partner", None)))
    for fact in ledger.facts:
        col.text(fact, 12, pal.text_dim)
    forward = _("{attacker} attacks {target}").format(attacker=a, target=b)
    backward = _("{attacker} attacks {target}").format(attacker=b, target=a)
    for title, lines in ((forward, ledger.forward), (backward, ledger.backward)):
        if not lines:
            continue
        col.heading(title)
        for line in lines:
            _line(col, scene, line)
    if not ledger.forward:
        col.text(_("Friends: no attacks between them."), 12, pal.text_dim)
    return col


def _line(col: Column, scene: SeeHost, line: AttackLine) -> None:
    pal = scene.theme.palette
    texts = line_text(scene.setup, line)
    colour = pal.text if line.possible else pal.text_dim
    col.text(texts[0], 12, pal.accent if line.declared else colour, bold=line.declared)
    for text in texts[1:]:
        bad = text.startswith("refused") or "cannot happen" in text
        col.text(text, 12, pal.text_bad if bad else colour, indent=scene.theme.px(10))
    col.gap(3)


def toggle(scene: SeeHost, name: str) -> None:
    """Switch one of the battle screen's overlays."""
    on = scene.view.overlays.toggle(name)
    label = _(OVERLAY_LABELS[name])
    scene.toast((_("{overlay} on") if on else _("{overlay} off")).format(overlay=label), log=False)


def toggle_fog_views(scene: SeeHost) -> None:
    """Fog of war: the map split into what each side sees, or the whole map again."""
    scene.fog_views = not scene.fog_views


def toggle_matrix(scene: SeeHost) -> None:
    """The attack matrix over the map, on or off."""
    scene.matrix = not scene.matrix


def swap(scene: SeeHost) -> None:
    """The pair the other way round."""
    if scene.partner is not None and scene.selected is not None:
        scene.selected, scene.partner = scene.partner, scene.selected


def draw_pair(scene: SeeHost, surface: pygame.Surface) -> None:
    """A line between the pair, with the distance in metres."""
    a, b = scene.focus(), scene.partner
    world = scene.world
    if a is None or b is None or b not in scene.setup.combatants:
        return
    camera = scene.view.camera
    here, there = tile_of(world, a), tile_of(world, b)
    start, end = camera.tile_centre(here), camera.tile_centre(there)
    pal = scene.theme.palette
    pygame.draw.line(surface, (10, 10, 14), start, end, 5)
    pygame.draw.line(surface, pal.select, start, end, 2)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    text = f"{scene.setup.board.distance(here, there):.1f} m"
    image = scene.theme.text(text, 11, pal.select, True)
    box = image.get_rect(center=mid)
    pygame.draw.rect(surface, (12, 14, 18), box.inflate(8, 4), border_radius=4)
    surface.blit(image, box)


def draw_matrix(scene: SeeHost, surface: pygame.Surface) -> None:
    """Every combatant that can act against every enemy: its best attack, target number, chance."""
    theme, pal = scene.theme, scene.theme.palette
    setup = scene.setup
    world = setup.world
    attackers = setup.standing
    targets = [t for t in setup.living if any(are_enemies(world, a, t) for a in attackers)]
    area = scene.rects["map"]
    name_w, cell_w, row_h = theme.px(MATRIX_NAME), theme.px(MATRIX_CELL), theme.px(MATRIX_ROW)
    fit_cols = max(1, (area.w - name_w - theme.px(20)) // cell_w)
    fit_rows = max(1, (area.h - theme.px(60)) // row_h - 1)
    shown_t, shown_a = targets[:fit_cols], attackers[:fit_rows]
    # Only the cells that fit are worked out: a big position is not a minute's forecasting.
    cells = scene.cached(
        ("matrix", tuple(shown_a), tuple(shown_t)), lambda: attack_matrix(setup, shown_a, shown_t)
    )
    scene.matrix_shown = cells
    box = pygame.Rect(
        area.x + theme.px(8),
        area.y + theme.px(8),
        name_w + cell_w * len(shown_t) + theme.px(12),
        row_h * (len(shown_a) + 2) + theme.px(10),
    )
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    layer.fill((16, 18, 22, 225))
    surface.blit(layer, box)
    pygame.draw.rect(surface, pal.panel_edge, box, 1)
    x0, y = box.x + theme.px(6), box.y + theme.px(4)
    more = (
        ""
        if (len(shown_t), len(shown_a)) == (len(targets), len(attackers))
        else _(" (more than fit: zoom the window)")
    )
    blit_text(
        surface,
        theme,
        _("Attack matrix: attacker ↓ on enemy →, best attack · target number · chance") + more,
        (x0, y),
        11,
        pal.accent,
        True,
    )
    y += row_h
    for k, target in enumerate(shown_t):
        name = shorten(name_of(world, target), 16)
        blit_text(surface, theme, name, (x0 + name_w + k * cell_w, y), 11, pal.text, True)
    scene.matrix_cells = []
    for attacker in shown_a:
        y += row_h
        blit_text(surface, theme, shorten(name_of(world, attacker), 14), (x0, y), 11, pal.text, True)
        for k, target in enumerate(shown_t):
            if (attacker, target) not in cells:
                continue
            line = cells[(attacker, target)]
            text = cell_text(line)
            colour = (
                pal.text_dim
                if line is None
                else pal.text_good
                if line.best and line.best.success >= 0.5
                else pal.text
            )
            spot = pygame.Rect(x0 + name_w + k * cell_w, y, cell_w - theme.px(4), row_h)
            blit_text(surface, theme, text, spot.topleft, 11, colour)
            scene.matrix_cells.append((spot, attacker, target))


def matrix_tip(scene: SeeHost, pos: tuple[int, int]) -> list[str]:
    """The ledger line of the matrix cell under the mouse."""
    cells = scene.matrix_shown
    for rect, attacker, target in scene.matrix_cells:
        if rect.collidepoint(pos):
            line = cells.get((attacker, target))
            who = _("{attacker} on {target}").format(
                attacker=name_of(scene.setup.world, attacker), target=name_of(scene.setup.world, target)
            )
            if line is None:
                return [_("{who}: no attack can succeed").format(who=who)]
            return line_text(scene.setup, line)
    return []
