"""The AI and attacks that do not wait for the Timing order (issue 17: the Overwatch blind spot).

A held Overwatch shot comes before the enemy that sets it off moves or strikes; plain attacks
resolve in Timing order, after every enemy with the better Timing (those that declare after
us).  The AI counts both ways round: what a held shot spares us, what a declared one costs a
mover, and what an Injury landing first costs our own plain attacks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ai_helpers import judging, knowledge_of, view_of

from game.ai.anticipate import predict_later
from game.ai.candidates import Candidate
from game.ai.expect import forecast
from game.ai.knowledge import Knowledge
from game.ai.levels import LEVELS
from game.ai.scoring import OUTPACED, TAKEN, Scorer
from game.rules.modules.overwatch import OVERWATCH
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from tests.builders import BLASTER, Cast

WATCHING = RuleOptions({"overwatch"})
RUSH = tuple((9 - i, 5) for i in range(1, 7))  # Rex runs west from (9, 5) to (3, 5), next to Vas
AWAY = ((10, 5), (11, 5))  # Rex walks east, out of reach and away from Vas


def knowing(view) -> Knowledge:  # noqa: ANN001
    return knowledge_of(view)


def watch_post() -> Cast:
    """Vas (a turret with a blaster, Missile Strike 8) at (2, 5) facing east; Rex (Strike 6,
    Movement 6) at (9, 5), in Vas's front arc."""
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (9, 5), "b", strike=6, movement=6, facing=6)
    return cast


def test_the_forecast_of_a_held_shot_follows_whoever_moves() -> None:
    """The AI's cache of forecasts: a held shot names no target, so what it does depends on
    the mover's order.  Rex rushing through the arc is shot at; Rex walking away is not."""
    cast = watch_post()
    watch = cast.order("Vas", cast.act(OVERWATCH), facing=2)
    view = replace(view_of(cast, "Rex", {"Vas": watch}), options=WATCHING)
    know = knowing(view)
    rush = {cast["Vas"]: watch, cast["Rex"]: cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH)}
    away = {cast["Vas"]: watch, cast["Rex"]: cast.order("Rex", path=((10, 5),), facing=2)}
    (shot_at_rush,) = forecast(know, rush, cast["Vas"])
    (shot_at_walk,) = forecast(know, away, cast["Vas"])
    assert shot_at_rush.expected_injuries > 0
    assert shot_at_walk.expected_injuries > 0  # he starts to move inside the arc: still shot
    (shot_if_still,) = forecast(know, {cast["Vas"]: watch, cast["Rex"]: cast.order("Rex")}, cast["Vas"])
    assert shot_if_still.expected_injuries == 0  # neither moves nor attacks: the shot is held


def test_a_declared_overwatch_counts_in_what_the_mover_takes() -> None:
    """Rex declares after Vas's Overwatch: rushing Vas walks into the held shot (taken), standing
    still and defending does not."""
    cast = watch_post()
    watch = cast.order("Vas", cast.act(OVERWATCH), facing=2)
    view = replace(view_of(cast, "Rex", {"Vas": watch}), options=WATCHING)
    know = knowing(view)
    scorer = Scorer(know, LEVELS["hard"])
    rush = scorer.score(Candidate(cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=RUSH), "rush"))
    still = scorer.score(Candidate(cast.order("Rex", facing=6), "stand"))
    assert rush.terms.get(TAKEN, 0.0) < 0
    assert still.terms.get(TAKEN, 0.0) == 0


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_on_the_verge_a_turret_holds_its_shot_against_a_faster_gunman(level: str) -> None:
    """Vas (two Injuries: one more Defeats him) declares first; Ula, a gunman with the better
    Timing, will declare after him and shoot before his plain shots resolve.  Two plain shots
    deal more than one held shot if Vas is still up when they come; the held shot comes first,
    so it is the one that counts."""
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0, injuries=2)
    cast.add("Ula", (12, 5), "b", weapons=(BLASTER,), missile_beam=8, movement=0, facing=6)
    view = replace(view_of(cast, "Vas", later=("Ula",)), options=WATCHING)
    controller = judging(level, seed=1)
    order = controller.choose_order(view)
    assert order.actions == (cast.act(OVERWATCH),), controller.last_words
    plain = next(s for s in controller.last_decision.ranked if s.candidate.order.has(K.MISSILE_STRIKE))
    assert plain.terms[OUTPACED] < 0
    words = "\n".join(controller.last_words)
    assert "Overwatch on Ula: 50% to hit, 0.50 Injuries expected" in words
    assert "faster enemies may have me Defeated before my attacks land" in words


def test_a_foe_with_nothing_to_strike_is_guessed_to_close_in_out_of_our_shots() -> None:
    """Hard's guess of a later enemy that can reach nobody this round: it walks closer, onto
    the tile our archer cannot see (behind the wall), not standing in the open to be shot."""
    wall = [(8, y) for y in range(2, 9)]
    cast = Cast(30, 12, walls=wall)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (14, 5), "b", strike=6, movement=5, facing=6)
    view = replace(view_of(cast, "Vas", later=("Rex",)), options=WATCHING)
    know = knowing(view)
    guess = predict_later(know, cast.order("Vas", cast.act(K.MISSILE_STRIKE, "Rex")))[cast["Rex"]]
    assert guess.path, guess
    end = guess.path[-1]
    assert know.distance(end, (2, 5)) < know.distance((14, 5), (2, 5))
    assert not cast.board.line_of_sight((2, 5), end)


def test_an_injury_first_costs_plain_attacks_their_injury_penalty() -> None:
    """Unhurt, Vas would not be Defeated by Ula's faster shots, only slowed: his plain shots
    lose what one more Injury Penalty takes off their rolls (T−1 of T chances on the d12),
    at the chance an Injury lands first; the held shot loses nothing."""
    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Ula", (12, 5), "b", weapons=(BLASTER,), missile_beam=8, movement=0, facing=6)
    view = replace(view_of(cast, "Vas", later=("Ula",)), options=WATCHING)
    scorer = Scorer(knowing(view), LEVELS["normal"])
    shot = scorer.score(Candidate(cast.order("Vas", cast.act(K.MISSILE_STRIKE, "Ula"), facing=2), "shoot"))
    held = scorer.score(Candidate(cast.order("Vas", cast.act(OVERWATCH), facing=2), "watch"))
    (fc,) = forecast(scorer.know, {cast["Vas"]: shot.candidate.order}, cast["Vas"])
    assert fc.breakdown is not None
    total = fc.breakdown.total
    lost = shot.terms["dealt"] * (1 - (total - 1) / total) * shot.outpaced
    assert 0 < shot.outpaced <= 1
    assert shot.terms[OUTPACED] == pytest.approx(-lost)
    assert OUTPACED not in held.terms
