"""The end-of-round summary wraps a harmed combatant's bold line to the card (issue 52,
item 5: "took 1 Injury (now 1…" and "is Defe…" ran off the right edge)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules.events import Defeated, Hit, Injured  # noqa: E402
from game.ui.battle.round_summary import RoundSummaryCard  # noqa: E402
from game.ui.theme import Theme  # noqa: E402


def test_every_row_fits_the_card_in_the_font_it_is_drawn_in() -> None:
    pygame.init()
    theme = Theme()
    name = "Law Enforcement Android Model IX"
    events = [
        Hit("Frederic the Bold", name, "torso", "sword"),
        Injured(name, 1, 1),
        Injured(name, 2, 3),
        Defeated(name),
    ]
    card = RoundSummaryCard(events, lambda: None)
    width = theme.px(230)
    rows = card.rows(theme, width, lambda _name: (255, 255, 255))
    assert any(bold for _, _, bold in rows)
    for text, _, bold in rows:
        assert theme.font(13, bold).size(text)[0] <= width, text
    words = " ".join(text for text, _, _ in rows)
    assert "is Defeated" in words and "took 2 Injuries (now 3)" in words  # nothing cut off
