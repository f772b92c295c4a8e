"""The AI's reasons on the battle screen: its last declaration's best candidates in plain words.

A debug key (F9, `ai_reasons` in the bindings) shows or hides a panel over the
map with what the last AI declaration weighed: the order it declared and why
(the best, a tie broken on purpose, or a mistake made on purpose by `easy`),
then its best candidates, each with its chances and what it feared
(`game.ai.explain` writes the words; `simulate --explain` prints the same).
The panel only reads what the AI left behind; it changes nothing.  With fog of war the
side at the window is told no more than it sees: the reasons of an AI combatant it does not
see are hidden, and so is every line that names a combatant it does not see.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import pygame

from game.i18n import _, ngettext
from game.ui.render.widgets import draw_panel
from game.ui.theme import Theme

TEXT_SIZE = 13  # points (before UI scale)
PANEL_WIDTH = 620  # pixels (before UI scale), at most the map's width
MARGIN = 12  # pixels from the map's edge
INDENT = 18  # pixels: a candidate's second and later lines


class AiReasons:
    """The last AI declaration's reasons, and whether they are shown."""

    def __init__(self) -> None:
        self.visible = False
        self.lines: list[str] = []
        self.actor: int | None = None  # the combatant the AI declared for
        self.hidden: frozenset[str] = frozenset()  # fog of war: names the side does not see
        self.actor_hidden = False  # fog of war: the side does not see the AI's combatant
        self.round_number: int | None = None
        """The round of the declaration shown: a player declaring now sees whether the AI's
        words are of this round or of the one before (it may not have declared yet)."""
        # The panel as last laid out, and for what (the lines, the room, the theme): wrapping
        # the words is the panel's dear part, and they change once a declaration.
        self._layout: tuple[object, list[tuple[pygame.Surface, int]], int] | None = None

    def record(self, controller: object, round_number: int | None = None, actor: int | None = None) -> None:
        """Keep what the controller said about the order it just declared in `round_number`
        for `actor` (nothing, for a controller that explains nothing)."""
        self.lines = list(getattr(controller, "last_words", None) or [])
        self.round_number = round_number
        self.actor = actor

    def fog(self, hidden: Collection[str], actor_hidden: bool) -> None:
        """Fog of war: the names of the combatants the side at the window does not see, and
        whether the AI's combatant is one of them (nothing hidden: everything shown)."""
        self.hidden, self.actor_hidden = frozenset(hidden), actor_hidden

    def toggle(self) -> bool:
        """Show or hide the panel; returns whether it is shown now."""
        self.visible = not self.visible
        return self.visible

    def text(self) -> list[str]:
        """The panel's lines (a note when no AI has declared yet); with fog of war, only what
        the side at the window may know."""
        if self.round_number is not None and self.lines:
            title = _("Last AI declaration, round {number} (F9 hides)").format(number=self.round_number)
        else:
            title = _("Last AI declaration (F9 hides)")
        if not self.lines:
            return [title, _("No AI has declared yet.")]
        if self.actor_hidden:
            return [title, _("Fog of war: the AI declared for a combatant your side does not see.")]
        if not self.hidden:
            return [title, *self.lines]
        names = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(self.hidden)) + r")\b")
        kept = [line for line in self.lines if not names.search(line)]
        dropped = len(self.lines) - len(kept)
        if dropped:
            kept.append(
                ngettext(
                    "Fog of war: {count} line names a combatant your side does not see.",
                    "Fog of war: {count} lines name combatants your side does not see.",
                    dropped,
                ).format(count=dropped)
            )
        return [title, *kept]

    def draw(self, surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
        """The panel in the top left corner of the map, over everything else there.  Lines
        that do not fit whole are left out, and a last line says how many."""
        if not self.visible:
            return
        pad = theme.px(8)
        width = min(theme.px(PANEL_WIDTH), area.w - 2 * theme.px(MARGIN))
        key = (tuple(self.text()), width, area.h, id(theme), theme.scale, id(theme.palette))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, *self._lay_out(theme, width, area))
        _, shown, used = self._layout
        rect = pygame.Rect(area.x + theme.px(MARGIN), area.y + theme.px(MARGIN), width, used + 2 * pad)
        draw_panel(surface, theme, rect, theme.palette.panel_dark, alpha=235)
        y = rect.y + pad
        for image, x in shown:
            surface.blit(image, (rect.x + pad + x, y))
            y += image.get_height()

    def _lay_out(
        self, theme: Theme, width: int, area: pygame.Rect
    ) -> tuple[list[tuple[pygame.Surface, int]], int]:
        """The lines as drawn (each wrapped part with its indent) and their height."""
        pad = theme.px(8)
        indent = theme.px(INDENT)
        blocks: list[list[tuple[pygame.Surface, int]]] = []  # each line's wrapped parts
        for i, line in enumerate(self.text()):
            # The title and the headline stand out; a candidate's wrapped lines are indented.
            colour = theme.palette.accent if i < 2 or line.startswith("→") else theme.palette.text
            parts = theme.wrap(line, width - 2 * pad - indent, TEXT_SIZE)
            blocks.append(
                [
                    (theme.text(part, TEXT_SIZE, colour, i == 0), indent if j and i >= 2 else 0)
                    for j, part in enumerate(parts)
                ]
            )
        room = area.h - 2 * theme.px(MARGIN) - 2 * pad
        line_h = theme.line_height(TEXT_SIZE)
        shown: list[tuple[pygame.Surface, int]] = []
        used = 0
        for k, block in enumerate(blocks):
            need = sum(image.get_height() for image, _indent in block)
            last = k == len(blocks) - 1
            if used + need + (0 if last else line_h) > room and shown:
                more = len(blocks) - k
                note = ngettext(
                    "… {count} more (a taller window shows all)",
                    "… {count} more (a taller window shows all)",
                    more,
                ).format(count=more)
                shown.append((theme.text(note, TEXT_SIZE, theme.palette.text_dim), 0))
                used += line_h
                break
            shown += block
            used += need
        return shown, used
