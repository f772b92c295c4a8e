"""A shooter behind cover may step out to shoot (issue 17: "shots from cover").  A wall that
hides us from where a rifleman stands is no shelter if a step or two takes him to a tile that
sees us: the threat normal and hard fear, and the reply hard guesses for him, say so."""

from __future__ import annotations

from ai_helpers import knowledge_of, view_of
from builders import Cast

from game.ai.anticipate import predict_later
from game.ai.candidates import Candidate
from game.ai.knowledge import Knowledge
from game.ai.levels import LEVELS
from game.ai.scoring import THREAT, Scorer
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.orders import ActionKind, Order

RIFLE = Weapon(
    "rifle", WeaponClass.MISSILE, hands=2, injury=3, missile_kind=MissileKind.SLUG, ranges=(30, 60, 120)
)
WALL = [(20, y) for y in range(3, 8)]
ME, BEHIND = (10, 5), (21, 5)


def _know(rifleman_at: tuple[int, int]) -> tuple[Cast, Knowledge]:
    cast = Cast(30, 12, walls=WALL)
    cast.add("Me", ME, "a", facing=2, strike=6)
    cast.add("Rifleman", rifleman_at, "b", facing=6, weapons=(RIFLE,), missile_slug=8, movement=6)
    view = view_of(cast, "Me", later=("Rifleman",))
    know = knowledge_of(view)
    return cast, know


def test_the_set_up_hides_us_from_where_he_stands() -> None:
    cast, _ = _know(BEHIND)
    assert not cast.board.line_of_sight(BEHIND, ME)


def test_a_shooter_out_of_sight_steps_out_to_the_nearest_tile_that_sees_us() -> None:
    cast, know = _know(BEHIND)
    spot = know.vantage(cast["Rifleman"], ME)
    assert spot is not None and spot != BEHIND
    assert cast.board.line_of_sight(spot, ME)
    assert know.reach_map(cast["Rifleman"], 6.0).can_reach(spot)
    # One who sees us already shoots from where he stands.
    cast, know = _know((21, 10))
    assert cast.board.line_of_sight((21, 10), ME)
    assert know.vantage(cast["Rifleman"], ME) == (21, 10)


def test_hard_guesses_he_steps_out_and_shoots() -> None:
    cast, know = _know(BEHIND)
    guess = predict_later(know, Order(cast["Me"]))[cast["Rifleman"]]
    assert guess.path, guess
    assert [a.kind for a in guess.actions] == [ActionKind.MISSILE_STRIKE] * 2
    assert all(a.target == cast["Me"] for a in guess.actions)


def test_normal_and_hard_fear_the_shot_from_behind_the_wall() -> None:
    for name in ("normal", "hard"):
        cast, know = _know(BEHIND)
        scored = Scorer(know, LEVELS[name]).score(Candidate(Order(cast["Me"], facing=2), "stay"))
        assert scored.terms.get(THREAT, 0.0) < 0.0, (name, scored.terms)


def test_a_shooter_at_long_range_steps_closer_to_a_better_band() -> None:
    """From 61 m the rifle is at long range (−6); a step takes him within 60 m, medium (−3).
    He shoots from there: the shot from where he stands is worth far less than it."""
    cast = Cast(90, 12)
    cast.add("Me", ME, "a", facing=2, strike=6)
    far = (ME[0] + 61, ME[1])
    cast.add("Rifleman", far, "b", facing=6, weapons=(RIFLE,), missile_slug=8, movement=6)
    know = knowledge_of(view_of(cast, "Me", later=("Rifleman",)))
    rifleman = cast["Rifleman"]
    assert know.shot_band(RIFLE, far, ME)[0] == "long"
    spot = know.vantage(rifleman, ME)
    assert spot is not None and spot != far
    assert know.shot_band(RIFLE, spot, ME)[0] == "medium"
    assert know.reach_map(rifleman, 6.0).can_reach(spot)
    # The threat normal fears counts the better shot.
    scored = Scorer(know, LEVELS["normal"]).score(Candidate(Order(cast["Me"], facing=2), "stay"))
    stepped = -scored.terms[THREAT]
    assert stepped > 0.0
