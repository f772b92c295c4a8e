"""The end-of-round summary: who moved where, who hit whom, Injuries, Defeats and deaths,
shown after a round is played back and before the next round's Timing.

`summarise` reads the round's events (pure); `RoundSummaryCard` draws them in the side
panel (never over the map, where the round's outcome is to be seen) with a button to go
on (Enter, Space or a click).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext
from game.rules.events import (
    ActionNullified,
    Defeated,
    Event,
    Fled,
    Hit,
    Injured,
    Killed,
    Moved,
    Rolled,
    RoundEnded,
    WeaponDropped,
    WeaponRetrieved,
    action_name,
)
from game.ui.battle.pacing import failed_attack
from game.ui.render.widgets import Button, blit_text
from game.ui.theme import Colour, Theme

CONTINUE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


MOVED = {
    "walk": N_("walked"),
    "sprint": N_("sprinted"),
    "evade": N_("evaded"),
    "retreat": N_("retreated"),
    "crawl": N_("crawled"),
    "charge": N_("charged"),
}
"""A movement's mode → the summary's verb."""


@dataclass(frozen=True)
class SummaryLine:
    """What happened to one combatant this round."""

    name: str
    text: str
    harmed: bool  # took an Injury, was Defeated or killed


def summarise(events: Sequence[Event]) -> tuple[int | None, list[SummaryLine]]:
    """The round's number and one line per combatant that did or suffered anything, in the
    order they first appear."""
    parts: dict[str, list[str]] = {}
    harmed: set[str] = set()
    number = None

    def add(name: str, text: str) -> None:
        parts.setdefault(name, []).append(text)

    for event in events:
        if isinstance(event, RoundEnded):
            number = event.round
        elif isinstance(event, Moved) and len(event.path) > 1:
            verb = event.mode + ("d" if event.mode.endswith("e") else "ed")
            add(
                event.actor,
                # Translators: {moved} is "walked", "sprinted", "evaded", "retreated" …
                _("{moved} {metres:.1f} m to {tile}").format(
                    moved=_(MOVED.get(event.mode, verb)), metres=event.metres, tile=tuple(event.path[-1])
                ),
            )
        elif isinstance(event, Rolled):
            if failed_attack(event):
                action = _(event.action.split(",")[0])
                if event.die is None:
                    add(
                        event.actor,
                        _("{action} on {target} impossible").format(action=action, target=event.target),
                    )
                else:
                    add(
                        event.actor,
                        _("{action} on {target} missed").format(action=action, target=event.target),
                    )
        elif isinstance(event, Hit):
            add(event.actor, _("hit {target} ({part})").format(target=event.target, part=_(event.part)))
        elif isinstance(event, Injured):
            took = ngettext(
                "took {n} Injury (now {injuries})", "took {n} Injuries (now {injuries})", event.added
            )
            add(event.target, took.format(n=event.added, injuries=event.injuries))
            harmed.add(event.target)
        elif isinstance(event, Defeated):
            add(event.target, _("is Defeated"))
            harmed.add(event.target)
        elif isinstance(event, Killed):
            add(event.target, _("is killed"))
            harmed.add(event.target)
        elif isinstance(event, Fled):
            add(event.actor, _("fled off the map"))
        elif isinstance(event, WeaponDropped):
            add(event.target, _("dropped the {weapon}").format(weapon=event.weapon))
        elif isinstance(event, WeaponRetrieved):
            add(event.actor, _("picked up the {weapon}").format(weapon=event.weapon))
        elif isinstance(event, ActionNullified):
            add(event.actor, _("{action} nullified").format(action=action_name(event.action)))
    lines = [SummaryLine(name, _("; ").join(texts), name in harmed) for name, texts in parts.items()]
    return number, lines


class RoundSummaryCard:
    """The summary over the map, until the player goes on."""

    def __init__(self, events: Sequence[Event], on_continue: Callable[[], None]) -> None:
        self.number, self.lines = summarise(events)
        self.button = Button(_("Next round"), on_continue, hint=_("Enter"), selected=True)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter, Space or the button goes on; True if the event was the card's."""
        if event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS:
            self.button.on_click()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.button.hovered = self.button.rect.collidepoint(event.pos)
        return self.button.handle(event)

    def rows(
        self, theme: Theme, text_w: int, colour_of: Callable[[str], Colour]
    ) -> list[tuple[str, Colour, bool]]:
        """The summary's lines wrapped to `text_w` pixels in the font each is drawn in (a
        harmed combatant's line is bold, and wider: measured plain it ran off the card):
        (text, colour, bold)."""
        rows: list[tuple[str, Colour, bool]] = []
        for line in self.lines:
            for part in theme.wrap(
                _("{name}: {text}").format(name=line.name, text=line.text), text_w, 13, bold=line.harmed
            ):
                rows.append((part, colour_of(line.name), line.harmed))  # wrapped lines keep the colour
        if not rows:
            rows.append((_("Nobody moved, hit or was hurt."), theme.palette.text_dim, False))
        return rows

    def draw(
        self, surface: pygame.Surface, theme: Theme, area: pygame.Rect, colour_of: Callable[[str], Colour]
    ) -> None:
        """The summary at the top of `area` (the side panel under the sheet, so that it never
        hides the map); `colour_of` gives a name's side colour."""
        pal = theme.palette
        pad = theme.px(10)
        rows = self.rows(theme, area.w - 2 * pad, colour_of)
        line_h = theme.line_height(13)
        button_h = theme.px(40)
        room = area.h - theme.px(40) - button_h - 2 * pad
        shown = rows[: max(1, room // line_h - (1 if len(rows) * line_h > room else 0))]
        self.rect = pygame.Rect(area.x, area.y, area.w, area.h)
        x, y = area.x + pad, area.y
        title = (
            _("End of round {number}").format(number=self.number) if self.number else _("End of the round")
        )
        blit_text(surface, theme, title, (x, y), 16, pal.accent, True)
        y += theme.line_height(16) + theme.px(6)
        for text, colour, harmed in shown:
            blit_text(surface, theme, text, (x, y), 13, colour, harmed)
            y += line_h
        if len(shown) < len(rows):
            more = _("… and {count} more lines in the log").format(count=len(rows) - len(shown))
            blit_text(surface, theme, more, (x, y), 12, pal.text_dim)
            y += line_h
        self.button.rect = pygame.Rect(0, 0, theme.px(180), button_h)
        self.button.rect.topright = (area.right - pad, y + theme.px(10))
        self.button.hovered = self.button.rect.collidepoint(pygame.mouse.get_pos())
        self.button.draw(surface, theme)
