"""The back-arc exploit (issue 17): the AI expects a later enemy to strike from where it
serves that enemy best, and the flanking script does not beat hard in the equal duel."""

from __future__ import annotations

from ai_helpers import knowledge_of, view_of
from builders import Cast

from game.ai.anticipate import predict_later
from game.ai.knowledge import Knowledge
from game.ai.simulate import duels, play_battle
from game.rules.arcs import BACK, FRONT, arc_of
from game.rules.orders import ActionKind

DUEL_BATTLES = 20  # a fixed size: about a second a battle
FLANKER_MAX_WINS = 9  # of DUEL_BATTLES: under half


def _know(cast: Cast, actor: str, later: tuple[str, ...]) -> Knowledge:
    view = view_of(cast, actor, later=later)
    return knowledge_of(view)


def test_a_later_enemy_is_expected_to_strike_from_the_back_arc() -> None:
    """Me strikes east at Foe, who declares after me and can walk round: its best reply is
    from my back, where my Strikes go into my own back arc (−6)."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6, parry=4)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6, movement=5)
    know = _know(cast, "Me", later=("Foe",))
    strike = cast.act(ActionKind.STRIKE, "Foe")
    mine = cast.order("Me", strike, strike, facing=2)
    reply = predict_later(know, mine)[cast["Foe"]]
    end = reply.path[-1] if reply.path else (6, 5)
    assert arc_of((5, 5), 2, end) == BACK
    assert {a.target for a in reply.actions if a.kind is ActionKind.STRIKE} == {cast["Me"]}


def test_a_later_enemy_that_cannot_get_round_strikes_from_where_it_can() -> None:
    """In a corridor there is no way behind: the reply comes from the front."""
    cast = Cast(12, 12, walls=[(x, y) for x in range(12) for y in (4, 6)])
    cast.add("Me", (5, 5), "a", facing=2, strike=6)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6, movement=5)
    know = _know(cast, "Me", later=("Foe",))
    strike = cast.act(ActionKind.STRIKE, "Foe")
    reply = predict_later(know, cast.order("Me", strike, strike, facing=2))[cast["Foe"]]
    end = reply.path[-1] if reply.path else (6, 5)
    assert arc_of((5, 5), 2, end) == FRONT


def test_the_flanking_script_does_not_beat_hard_in_the_equal_duel() -> None:
    """Frederic against his double in the ring: the two-rule script (step behind a foe that
    declared first and Strike twice, back out of reach otherwise) against hard, both seatings."""
    duel = next(d for d in duels() if d.id == "duel_frederic")
    wins = 0
    for index in range(DUEL_BATTLES):
        result = play_battle(duel, 1 + index // 2, ["ai:flanker", "ai:hard"], bool(index % 2), index)
        assert result.rejected == 0
        wins += result.winner == 0
    assert wins <= FLANKER_MAX_WINS


def test_what_a_strike_deals_trusts_the_guessed_flank_as_far_as_the_side_attacks() -> None:
    """Against the guessed flank Me's Strikes go into its own back arc and deal nothing; a side
    read as seldom attacking (wariness 0.35) seldom makes that reply, so only that share of
    what the Strikes deal comes from the guess, the rest from Foe not replying."""
    from game.ai.candidates import Candidate
    from game.ai.explain import reasons
    from game.ai.levels import HARD
    from game.ai.opponents import FLOOR, Boldness
    from game.ai.scoring import DEALT, Scorer

    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6, parry=4)
    cast.add("Foe", (6, 5), "b", facing=6, strike=6, movement=5)
    know = _know(cast, "Me", later=("Foe",))
    strike = cast.act(ActionKind.STRIKE, "Foe")
    candidate = Candidate(cast.order("Me", strike, strike, facing=2), "strike twice")
    scorer = Scorer(know, HARD)
    first = scorer.score(candidate)
    guessed = scorer.score(candidate, predict_later(know, candidate.order), flank=True)
    plain = scorer.guarded(first)
    assert guessed.terms.get(DEALT, 0.0) < 0.05 < plain.terms[DEALT]  # the flank leaves nothing
    # A side read as sensible is trusted to reply as guessed.
    assert scorer.trusted(guessed, first) is guessed
    know.read = {"b": Boldness(chances=12, attacks=0)}
    assert know.wary(cast["Foe"]) == FLOOR
    trusted = scorer.trusted(guessed, first)
    expected = FLOOR * guessed.terms.get(DEALT, 0.0) + (1 - FLOOR) * plain.terms[DEALT]
    assert abs(trusted.terms[DEALT] - expected) < 1e-9
    assert trusted.score > guessed.score and trusted.trust == FLOOR
    assert "counted ×0.35 against the replies guessed" in reasons(know, trusted)
