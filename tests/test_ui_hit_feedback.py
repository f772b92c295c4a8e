"""Results on the board (issue 52): as a round plays back, "−1 Injury", "Defeated", "Parried"
or "Missed" float over the token where it happened and a hit token flashes, paced by the
resolution speed; the words come from the events and the rules' `stopped_by`."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.modifiers import Breakdown, Modifier  # noqa: E402
from game.rules.defence import stopped_by  # noqa: E402
from game.rules.events import Defeated, Hit, Injured, Rolled  # noqa: E402
from game.rules.injury import WITHSTAND_ROLL  # noqa: E402
from game.ui.hit_feedback import FLOAT_SECONDS, Floater, floaters_of, past_tense  # noqa: E402
from game.ui.playback import Playback  # noqa: E402
from game.ui.render.camera import Camera  # noqa: E402
from game.ui.render.floaters import draw_floaters  # noqa: E402
from game.ui.theme import Theme  # noqa: E402
from tests.builders import Cast  # noqa: E402

PARRIED = Breakdown("Strike", 8, (Modifier("Parry", -4),))  # 8 − 4 = 4


def _strike(die: int | None, breakdown: Breakdown = PARRIED) -> Rolled:
    outcome = "hit" if die is not None and die <= breakdown.total and die != 12 else "miss"
    return Rolled("Thug", "Strike", "Serena", breakdown, die, outcome)


def test_the_rules_say_which_defence_foiled_an_attack() -> None:
    assert stopped_by(PARRIED, 6, False) == ("Parry",)  # 6 would hit an 8: the Parry stopped it
    assert stopped_by(PARRIED, 10, False) == ()  # 10 misses an 8 anyway
    assert stopped_by(PARRIED, 12, False) == ()  # a 12 always fails
    assert stopped_by(PARRIED, 3, True) == ()  # it hit


def test_each_result_gets_its_words() -> None:
    assert floaters_of(_strike(6)) == [Floater("Serena", "Parried", "foiled")]
    assert floaters_of(_strike(10)) == [Floater("Serena", "Missed", "miss")]
    assert floaters_of(_strike(3)) == []  # the Hit that follows flashes her token
    assert floaters_of(Hit("Thug", "Serena", "torso", "sword")) == [Floater("Serena", "", "harm", True)]
    assert floaters_of(Injured("Serena", 2, 2)) == [Floater("Serena", "\u22122 Injuries", "harm")]
    assert floaters_of(Defeated("Serena")) == [Floater("Serena", "Defeated", "down")]
    withstood = Rolled("Serena", WITHSTAND_ROLL, None, Breakdown("Withstand", 6), 2, "success")
    assert floaters_of(withstood) == [Floater("Serena", "No Injury", "foiled")]
    assert [past_tense(w) for w in ("Parry", "Dodge", "Block", "Evade")] == [
        "Parried",
        "Dodged",
        "Blocked",
        "Evaded",
    ]


def _playback(speed: float = 1.0) -> tuple[Cast, Playback]:
    cast = Cast(10, 6)
    cast.add("Thug", (3, 2), "b")
    cast.add("Serena", (4, 2), "a")
    events = [_strike(6), Injured("Serena", 1, 1, target_id=cast["Serena"])]
    return cast, Playback(cast.world, events, speed)


def test_a_floater_lives_its_paced_time_and_goes() -> None:
    _cast, playback = _playback()
    playback.update(0.01)
    (live,) = playback.live_floaters()
    assert live[0].text == "Parried" and 0 <= live[1] < 0.1
    playback.update(FLOAT_SECONDS * 0.5)
    assert all(age >= 0.5 for f, age in playback.live_floaters() if f.text == "Parried")
    playback.update(FLOAT_SECONDS)
    assert all(f.text != "Parried" for f, _ in playback.live_floaters())
    _cast, fast = _playback(speed=4.0)  # the resolution speed paces them too
    fast.update(0.01)
    fast.update(FLOAT_SECONDS / 3)
    assert all(f.text != "Parried" for f, _ in fast.live_floaters())


def test_the_words_are_drawn_over_the_token() -> None:
    pygame.init()
    cast, playback = _playback()
    playback.update(0.01)
    surface = pygame.Surface((400, 300))
    camera = Camera((10, 6), pygame.Rect(0, 0, 400, 300))
    camera.centre_on((4, 2), snap=True)
    draw_floaters(surface, Theme(), camera, cast.world, playback)
    cx, cy = camera.tile_centre((4, 2))
    above = pygame.Rect(cx - camera.tile_px, cy - 2 * camera.tile_px, 2 * camera.tile_px, 2 * camera.tile_px)
    lit = sum(
        1
        for x in range(above.left, above.right)
        for y in range(max(0, above.top), above.bottom)
        if surface.get_at((x, y))[:3] != (0, 0, 0)
    )
    assert lit > 20  # "Parried" over Serena
