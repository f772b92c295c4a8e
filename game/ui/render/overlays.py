"""Overlays that make the positional rules visible, each readable without colour.

    reach   walk (blue, plain) and Sprint (orange, hatched) tiles, outlined
    range   range bands of the missile weapon: short (plain), medium (dots), long (hatch)
    arcs    facing arcs: F front (lines), L/R sides (bars), B back (grid) around a combatant
    sight   line of sight and cover from a tile, over the whole map: unseen tiles dark
            and crossed; cover marked with a shield holding L (low) or H (high)
    threat  tiles enemies could attack in melee (red, slashes, with how many when two or
            more) or with missiles (purple, dots) next round, and a B where the threat
            would come from the back arc
    chance  the hit chance on the hovered target, with its full breakdown (a tooltip)
    terrain what each tile does: blocks movement and/or sight, cover, move cost
            (`game.ui.render.terrain_overlay`)

`OverlayData` holds whole-board numpy arrays (`overlay_arrays` works them
out), computed once when the selection (or the hovered tile) changes;
`OverlayLayer` draws them in chunks cached per zoom and data version, with
the tile pieces of `stamps`, so a frame only blits.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pygame

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Modifier, signed
from game.i18n import N_, _
from game.rules.api.modules import TileMarks
from game.rules.arcs import ARCS
from game.rules.positions import RANGE_BANDS
from game.rules.registry import InPlay, action_specs
from game.ui.render.camera import Camera
from game.ui.render.chunk_cache import ChunkCache
from game.ui.render.module_marks import draw_marks, marks_masks
from game.ui.render.module_marks import legend_rows as marks_legend
from game.ui.render.stamps import LABEL_MIN_TILE, Stamps
from game.ui.render.swatches import Swatch, look
from game.ui.render.terrain_overlay import TerrainData, draw_terrain
from game.ui.render.terrain_overlay import legend_rows as terrain_legend
from game.ui.theme import Colour, Palette, Theme

OVERLAYS = ("reach", "range", "arcs", "sight", "threat", "chance", "terrain")
BAND_WORDS = {"short": N_("Short"), "medium": N_("Medium"), "long": N_("Long")}
"""A range band's word on the map, beside its penalty ("Medium −3")."""
OVERLAY_LABELS = {
    "reach": N_("Movement reach"),
    "range": N_("Range bands"),
    "arcs": N_("Facing arcs"),
    "sight": N_("Line of sight & cover"),
    "threat": N_("Enemy threat"),
    "chance": N_("Hit chance"),
    "terrain": N_("Terrain"),
}
CHUNK = 16  # tiles a side of a cached overlay chunk
MAX_CHUNKS = 64  # overlay chunks kept
FILL_ALPHA = 70  # 0..255: tint of a tile
ARC_NAMES = tuple(arc[0].upper() for arc in ARCS)  # F R L B: index of `arcs` values
ARC_KINDS = tuple("side" if arc in ("right", "left") else arc for arc in ARCS)  # their swatches
BAND_KINDS = ("short", "medium", "long")  # the range bands' swatches, by band index


@dataclass
class OverlayData:
    """Whole-board arrays ([y, x]) for every overlay, and what they were computed for."""

    width: int
    height: int
    walk: np.ndarray | None = None  # bool
    sprint: np.ndarray | None = None  # bool
    bands: np.ndarray | None = None  # int8: 0 short, 1 medium, 2 long, 3 out; None: no missile weapon
    band_origin: Tile | None = None
    weapon: Weapon | None = None
    unseen: np.ndarray | None = None  # bool: no line of sight from the origin
    cover: np.ndarray | None = None  # int8: 0 none, 1 low, 2 high, -1 not shown
    sight_beyond: np.ndarray | None = None  # bool: too far for the overlay (huge maps only)
    sight_origin: Tile | None = None
    cover_shown: bool = True  # False: no rules module in play makes cover count
    cover_terms: Mapping[str, Modifier] = field(default_factory=dict)  # level → its term in play
    threat_kinds: tuple[str, str] | None = None  # the threat legend's attack names in play (threat_words)
    threat_melee: np.ndarray | None = None  # int: enemies that could Strike the tile
    threat_missile: np.ndarray | None = None  # int: enemies that could shoot it
    threat_back: np.ndarray | None = None  # bool: some threat comes from the back arc
    arcs: np.ndarray | None = None  # int8: index of ARC_NAMES, -1 none
    arc_centre: Tile | None = None
    terrain: TerrainData | None = None
    marks: dict[str, TileMarks] = field(default_factory=dict)  # rules modules' overlays, by name
    notes: dict[str, str] = field(default_factory=dict)


def _edges(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Where a mask's tiles border tiles outside it: (north, south, west, east) [y, x] bools."""
    pad = np.pad(mask, 1, constant_values=False)
    inner = pad[1:-1, 1:-1]
    return (
        inner & ~pad[:-2, 1:-1],
        inner & ~pad[2:, 1:-1],
        inner & ~pad[1:-1, :-2],
        inner & ~pad[1:-1, 2:],
    )


class OverlayLayer:
    """Draws the active overlays from `OverlayData`, cached in chunks."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.active: set[str] = {"reach", "arcs", "chance"}
        self.data: OverlayData | None = None
        self.version = 0
        self._stamps: dict[int, Stamps] = {}
        self._chunks = ChunkCache(MAX_CHUNKS)
        self._last: dict[tuple[int, int, int], pygame.Surface] = {}  # the chunk drawn last, per place
        self._edges: dict[str, tuple[np.ndarray, ...]] = {}
        self._marks_cache: dict[tuple[int, str], list[np.ndarray]] = {}

    def set_theme(self, theme: Theme) -> None:
        """Use a new theme (palette or scale changed)."""
        self.theme = theme
        self._stamps.clear()
        self._last.clear()
        self.invalidate()

    def set_data(self, data: OverlayData) -> None:
        """New arrays: every cached chunk is stale."""
        self.data = data
        self._edges = {}
        if data.walk is not None:
            self._edges["walk"] = _edges(data.walk)
        if data.sprint is not None:
            self._edges["sprint"] = _edges(data.sprint)
        if data.bands is not None:
            self._edges["short"] = _edges(data.bands == 0)
            self._edges["medium"] = _edges(data.bands <= 1)
            self._edges["long"] = _edges(data.bands <= 2)
        self.invalidate()

    def toggle(self, name: str) -> bool:
        """Switch an overlay on or off; returns whether it is on."""
        if name in self.active:
            self.active.discard(name)
        else:
            self.active.add(name)
        self.invalidate()
        return name in self.active

    def invalidate(self) -> None:
        """Forget the drawn chunks."""
        self.version += 1
        self._chunks.clear()

    def _marks_masks(self, name: str, marks: TileMarks) -> list[np.ndarray]:
        """The masks of a module overlay's styles, worked out once per data version."""
        key = (self.version, name)
        if key not in self._marks_cache:
            data = self.data
            assert data is not None
            self._marks_cache.clear()
            self._marks_cache[key] = marks_masks(marks, data.width, data.height)
        return self._marks_cache[key]

    def stamps(self, tile_px: int) -> Stamps:
        """The stamps for a zoom level."""
        if tile_px not in self._stamps:
            self._stamps[tile_px] = Stamps(self.theme, tile_px)
        return self._stamps[tile_px]

    # ------------------------------------------------------------- drawing
    def _render_chunk(self, cx: int, cy: int, tile_px: int) -> pygame.Surface:
        data = self.data
        assert data is not None
        pal: Palette = self.theme.palette
        st = self.stamps(tile_px)
        x0, y0 = cx * CHUNK, cy * CHUNK
        w, h = min(CHUNK, data.width - x0), min(CHUNK, data.height - y0)
        surface = pygame.Surface((w * tile_px, h * tile_px), pygame.SRCALPHA)
        win = (slice(y0, y0 + h), slice(x0, x0 + w))
        labels = tile_px >= LABEL_MIN_TILE
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []

        def each(mask: np.ndarray, stamp: pygame.Surface) -> None:
            ys, xs = np.nonzero(mask[win])
            blits.extend((stamp, (int(i) * tile_px, int(j) * tile_px)) for j, i in zip(ys, xs, strict=True))

        active = self.active
        if "terrain" in active and data.terrain is not None:
            draw_terrain(each, st, pal, data.terrain, labels)
        for name, marks in data.marks.items():
            if name in active:
                draw_marks(each, st, pal, marks, self._marks_masks(name, marks), labels)
        if "sight" in active and data.unseen is not None and data.cover is not None:
            unseen, beyond = look(pal, "sight", "unseen"), look(pal, "sight", "beyond")
            each(data.unseen, st.fill(unseen.colour, 120, unseen.pattern, 70))
            if data.sight_beyond is not None:
                each(data.sight_beyond, st.fill(beyond.colour, 50, beyond.pattern, 110))
            each(data.cover == 1, st.shield(1, look(pal, "sight", "low").colour))
            each(data.cover == 2, st.shield(2, look(pal, "sight", "high").colour))
        if "range" in active and data.bands is not None:
            for band, pattern_alpha in enumerate((150, 170, 150)):
                swatch = look(pal, "range", BAND_KINDS[band])
                each(data.bands == band, st.fill(swatch.colour, 45, swatch.pattern, pattern_alpha))
        if "threat" in active and data.threat_melee is not None:
            melee, missile = look(pal, "threat", "melee"), look(pal, "threat", "missile")
            each(data.threat_melee > 0, st.fill(melee.colour, 40, melee.pattern, 130))
            if data.threat_missile is not None:
                each(data.threat_missile > 0, st.fill(missile.colour, 0, missile.pattern, 200))
            if labels:
                # Only melee threat is counted on the tiles: a rifle reaches most of a map, and a
                # number on every tile would say nothing.
                melee_here = data.threat_melee[win]
                for n in range(2, 10):
                    if (melee_here == n).any():
                        each(data.threat_melee == n, st.letter(str(n), melee.colour, "topleft"))
                if (melee_here >= 10).any():
                    each(data.threat_melee >= 10, st.letter("9+", melee.colour, "topleft"))
                if data.threat_back is not None and data.threat_back[win].any():
                    each(data.threat_back, st.letter("B", look(pal, "threat", "back").colour, "topright"))
        if "reach" in active and data.walk is not None and data.sprint is not None:
            walk, sprint = look(pal, "reach", "walk"), look(pal, "reach", "sprint")
            each(data.walk, st.fill(walk.colour, FILL_ALPHA, walk.pattern))
            each(data.sprint & ~data.walk, st.fill(sprint.colour, 40, sprint.pattern, 120))
        if "arcs" in active and data.arcs is not None:
            swatches = [look(pal, "arcs", kind) for kind in ARC_KINDS]
            colours = [sw.colour for sw in swatches]
            for k in range(4):
                each(data.arcs == k, st.fill(colours[k], 55, swatches[k].pattern, 150))
            if labels and data.arc_centre is not None:
                ring = np.zeros_like(data.arcs, dtype=bool)
                ax, ay = data.arc_centre
                ring[max(0, ay - 1) : ay + 2, max(0, ax - 1) : ax + 2] = True
                for k in range(4):
                    each(ring & (data.arcs == k), st.letter(ARC_NAMES[k], colours[k]))
        surface.blits(blits, doreturn=False)
        # Outlines: the edge of the walk and Sprint areas, and of each range band.
        line = max(2, tile_px // 16)
        for key, colour, show in (
            ("walk", look(pal, "reach", "walk").colour, "reach"),
            ("sprint", look(pal, "reach", "sprint").colour, "reach"),
            *((band, look(pal, "range", band).colour, "range") for band in BAND_KINDS),
        ):
            if show not in active or key not in self._edges:
                continue
            north, south, west, east = (e[win] for e in self._edges[key])
            for mask, side in ((north, "n"), (south, "s"), (west, "w"), (east, "e")):
                ys, xs = np.nonzero(mask)
                for j, i in zip(ys.tolist(), xs.tolist(), strict=True):
                    px, py = i * tile_px, j * tile_px
                    if side == "n":
                        pygame.draw.line(surface, colour, (px, py), (px + tile_px - 1, py), line)
                    elif side == "s":
                        pygame.draw.line(
                            surface,
                            colour,
                            (px, py + tile_px - line),
                            (px + tile_px - 1, py + tile_px - line),
                            line,
                        )
                    elif side == "w":
                        pygame.draw.line(surface, colour, (px, py), (px, py + tile_px - 1), line)
                    else:
                        pygame.draw.line(
                            surface,
                            colour,
                            (px + tile_px - line, py),
                            (px + tile_px - line, py + tile_px - 1),
                            line,
                        )
        return surface

    def draw(self, surface: pygame.Surface, camera: Camera, budget_s: float | None = None) -> None:
        """Blit the overlay chunks in view, rendering new ones for at most `budget_s` seconds;
        a chunk not rendered yet shows as it was drawn last (a frame or two stale)."""
        if self.data is None or not (self.active - {"chance"}):
            return
        tp = camera.tile_px
        x0, y0, x1, y1 = camera.visible_tiles()
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        self._chunks.begin_frame(budget_s)
        for cy in range(y0 // CHUNK, (y1 - 1) // CHUNK + 1):
            for cx in range(x0 // CHUNK, (x1 - 1) // CHUNK + 1):
                render = functools.partial(self._render_chunk, cx, cy, tp)
                chunk = self._chunks.get((cx, cy, tp, self.version), render)
                if chunk is None:
                    chunk = self._last.get((cx, cy, tp))
                else:
                    self._last[(cx, cy, tp)] = chunk
                if chunk is not None:
                    surface.blit(chunk, camera.tile_rect((cx * CHUNK, cy * CHUNK)).topleft)
        self._chunks.begin_frame(None)
        self._draw_band_labels(surface, camera)
        surface.set_clip(clip)

    def _draw_band_labels(self, surface: pygame.Surface, camera: Camera) -> None:
        """Name each range band where it starts, east and west of the shooter."""
        data = self.data
        if data is None or "range" not in self.active or data.bands is None or data.band_origin is None:
            return
        ox, oy = data.band_origin
        names = tuple(f"{_(BAND_WORDS[band])} {signed(penalty)}" for band, penalty, _label in RANGE_BANDS)
        pal = self.theme.palette
        colours = tuple(look(pal, "range", band).colour for band in BAND_KINDS)
        for direction in (1, -1):
            last = -1
            x = ox
            while 0 <= x < data.width:
                band = int(data.bands[oy, x])
                if band != last and band < 3 and band > 0:
                    centre = camera.tile_centre((x, oy - 0.55))
                    _label(surface, self.theme, names[band], centre, colours[band])
                last = band
                x += direction

    def legend(self) -> list[tuple[str, str, Colour, str]]:
        """(overlay, label, colour, pattern) rows for the legend box."""
        pal = self.theme.palette
        rows: list[tuple[str, str, Colour, str]] = []
        data = self.data
        if data is None:
            return rows
        if "reach" in self.active and data.walk is not None:
            rows += [_row("reach", _("walk"), look(pal, "reach", "walk"))]
            rows += [_row("reach", _("Sprint only"), look(pal, "reach", "sprint"))]
        if "range" in self.active and data.bands is not None:
            rows += [
                _row("range", f"{_(label).lower()} ({signed(penalty)})", look(pal, "range", kind))
                for (_band, penalty, label), kind in zip(RANGE_BANDS, BAND_KINDS, strict=True)
            ]
        if "arcs" in self.active and data.arcs is not None:
            rows += [
                _row("arcs", _("F front arc"), look(pal, "arcs", "front")),
                _row("arcs", _("L / R side arcs"), look(pal, "arcs", "side")),
                _row("arcs", _("B back arc"), look(pal, "arcs", "back")),
            ]
        if "sight" in self.active and data.unseen is not None:
            if data.sight_beyond is not None and data.sight_beyond.any():
                rows.append(_row("sight", _("too far for the sight overlay"), look(pal, "sight", "beyond")))
            rows.append(_row("sight", _("no line of sight"), look(pal, "sight", "unseen")))
            if data.cover_shown:
                # What cover does is the modules' word (the cover module's −2 and −8), asked, not restated.
                low, high = (data.cover_terms.get(level) for level in ("low", "high"))
                rows += [
                    _row("sight", _term(_("L low cover"), low), look(pal, "sight", "low")),
                    _row("sight", _term(_("H high cover"), high), look(pal, "sight", "high")),
                ]
        if "terrain" in self.active and data.terrain is not None:
            rows += terrain_legend(pal, data.terrain)
        for name, marks in data.marks.items():
            if name in self.active:
                rows += marks_legend(name, pal, marks)
        if "threat" in self.active and data.threat_melee is not None:
            melee, missile = data.threat_kinds or threat_words()
            rows += [
                _row(
                    "threat",
                    _("melee threat ({melee}); 2+: how many enemies").format(melee=melee),
                    look(pal, "threat", "melee"),
                ),
                _row(
                    "threat",
                    _("missile threat ({missile})").format(missile=missile),
                    look(pal, "threat", "missile"),
                ),
            ]
            if data.threat_back is not None and data.threat_back.any():
                rows.append(_row("threat", _("B: a threat from the back arc"), look(pal, "threat", "back")))
        return rows


def threat_words(options: InPlay | None = None) -> tuple[str, str]:
    """The attacks behind the threat overlay's two kinds, in their own names ("Strike,
    Brawling, Disarm" and "Missile Strike"), read from the attacks in play (every registered
    one without `options`: a legend naming every module's attacks outgrows the picture)."""
    offensive = [s for s in action_specs(options) if "offensive" in s.roles]
    melee = ", ".join(_(s.label) for s in offensive if "melee" in s.roles) or _("melee attacks")
    missile = ", ".join(_(s.label) for s in offensive if "melee" not in s.roles) or _("missile attacks")
    return melee, missile


def _label(surface: pygame.Surface, theme: Theme, text: str, centre: tuple[int, int], colour: Colour) -> None:
    image = theme.text(text, 11, colour, bold=True)
    rect = image.get_rect(center=centre)
    pygame.draw.rect(surface, (12, 14, 18), rect.inflate(6, 2), border_radius=4)
    surface.blit(image, rect)


def _row(overlay: str, label: str, swatch: Swatch) -> tuple[str, str, Colour, str]:
    """A legend row: (overlay, label, colour, pattern)."""
    return overlay, label, swatch.colour, swatch.pattern


def _term(label: str, modifier: Modifier | None) -> str:
    """A cover level's legend row with its term ("L low cover (−2)"); the label alone when
    no module gives one."""
    return f"{label} ({signed(modifier.value)})" if modifier is not None else label
