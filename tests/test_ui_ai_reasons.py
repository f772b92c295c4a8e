"""The AI reasons panel (F9): it fits the map it is drawn over, whole lines only, and says
how many lines a small window leaves out."""

from __future__ import annotations

import pygame

from game.ui.battle import ai_reasons
from game.ui.battle.ai_reasons import AiReasons
from game.ui.theme import Theme


class Spoke:
    last_words = ["Brak declares Evade: the best of 9 orders weighed, -5.09"] + [
        f"· -5.{n} Sprint, path to (42, 13), face W — walking still to do before I can attack well, "
        "and what enemies can do to me there next round, at some length" * 2
        for n in range(8)
    ]


class Recording(pygame.Surface):
    """A surface that notes what is blitted on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blitted: list[pygame.Surface] = []

    def blit(self, source, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        self.blitted.append(source)
        return super().blit(source, *args, **kwargs)


def drawn(area: pygame.Rect, monkeypatch) -> tuple[list[str], pygame.Rect]:  # noqa: ANN001
    """The lines the panel shows over `area`, in order, and the panel's box."""
    words_of: dict[int, str] = {}
    panels: list[pygame.Rect] = []
    theme = Theme()
    original = theme.text

    def text(words: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        image = original(words, *args, **kwargs)
        words_of[id(image)] = words
        return image

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(ai_reasons, "draw_panel", lambda surface, theme, rect, *a, **k: panels.append(rect))
    panel = AiReasons()
    panel.record(Spoke())
    panel.toggle()
    surface = Recording((1600, 1000))
    panel.draw(surface, theme, area)
    return [words_of[id(image)] for image in surface.blitted], panels[0]


def test_a_tall_map_shows_every_line(monkeypatch) -> None:  # noqa: ANN001
    area = pygame.Rect(0, 0, 800, 900)
    texts, panel = drawn(area, monkeypatch)
    assert area.contains(panel)
    assert not any(t.startswith("…") for t in texts)


def test_a_short_map_shows_whole_lines_and_counts_the_rest(monkeypatch) -> None:  # noqa: ANN001
    area = pygame.Rect(0, 0, 800, 260)
    texts, panel = drawn(area, monkeypatch)
    assert area.contains(panel)
    (note,) = [t for t in texts if t.startswith("…")]
    shown = sum(1 for t in texts if t.startswith("· -5."))  # the first part of each candidate
    assert 0 < shown < 8 and note == f"… {8 - shown} more (a taller window shows all)"


def test_the_panel_is_laid_out_once_per_declaration_not_every_frame(monkeypatch) -> None:  # noqa: ANN001
    """Wrapping the reasons is the panel's dear part: a still panel draws what it laid out;
    new reasons (or another room) are laid out again."""
    import pygame

    from game.ui.battle.ai_reasons import AiReasons
    from game.ui.theme import Theme

    theme = Theme()
    wraps: list[str] = []
    original = theme.wrap

    def wrap(text, width, size):  # noqa: ANN001, ANN202
        wraps.append(text)
        return original(text, width, size)

    monkeypatch.setattr(theme, "wrap", wrap)
    panel = AiReasons()
    panel.visible = True
    panel.lines = ["→ Strike Omar from his back arc: 42% to hit", "· Parry: nothing to parry"]
    surface = pygame.Surface((900, 600))
    area = pygame.Rect(0, 0, 880, 560)
    panel.draw(surface, theme, area)
    first = len(wraps)
    assert first
    panel.draw(surface, theme, area)
    assert len(wraps) == first
    panel.lines = ["→ Missile Strike on Niles: 25% to hit"]
    panel.draw(surface, theme, area)
    assert len(wraps) > first
    again = len(wraps)
    panel.draw(surface, theme, pygame.Rect(0, 0, 500, 300))
    assert len(wraps) > again


def test_the_title_says_which_round_the_declaration_was_made_in() -> None:
    """Declaring in round 3 before the AI has, a player sees its words of round 2, and the
    title says so (they are not a peek at this round's order)."""
    panel = AiReasons()
    assert panel.text()[:2] == ["Last AI declaration (F9 hides)", "No AI has declared yet."]
    panel.record(Spoke(), 2)
    assert panel.text()[0] == "Last AI declaration, round 2 (F9 hides)"
    assert panel.text()[1] == Spoke.last_words[0]
