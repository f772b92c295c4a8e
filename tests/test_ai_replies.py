"""What hard expects a later enemy to do (`anticipate.reply`), and orders the AI can declare.

A guessed reply is worth what it deals less what our declared attacks cost the enemy
there: struck at hard enough, it stands and defends, as normal does.  A walker a faster
enemy can reach where it stands is struck there (the enemy moves first and holds it).
A Sprint or Retreat with another action is rolled at that action's Penalty: the AI plans
the shorter run, not one the rules refuse."""

from __future__ import annotations

from ai_helpers import knowledge_of, view_of
from builders import Cast

from game.ai.anticipate import predict_later
from game.ai.candidates import candidates
from game.ai.levels import LEVELS
from game.core.geometry import chebyshev
from game.rules.orders import ActionKind
from game.rules.registry import DEFENCES
from game.rules.validate import validate_order


def test_an_enemy_struck_at_hard_is_expected_to_defend() -> None:
    """Me (Strike 8) strikes twice at a Dodge-9 Foe one Injury from Defeat: its best reply
    is to Dodge, not to trade blows (it used to be guessed to Strike twice)."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=8, parry=4)
    cast.add("Foe", (6, 5), "b", facing=6, strike=5, dodge=9, movement=5, injuries=2)
    know = knowledge_of(view_of(cast, "Me", later=("Foe",)))
    strike = cast.act(ActionKind.STRIKE, "Foe")
    reply = predict_later(know, cast.order("Me", strike, strike, facing=2))[cast["Foe"]]
    assert any(a.kind in DEFENCES for a in reply.actions), reply


def test_a_walker_a_faster_enemy_reaches_is_expected_to_be_struck_where_it_stands() -> None:
    """Me walks 5 m east, out of Foe's reach at the end of it; Foe declares later (so it
    moves first) and can come within reach of Me's tile before Me moves."""
    cast = Cast(16, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=5, movement=5)
    cast.add("Foe", (2, 5), "b", facing=2, strike=6, movement=4)
    know = knowledge_of(view_of(cast, "Me", later=("Foe",)))
    walk = cast.order("Me", path=tuple((x, 5) for x in range(6, 11)), facing=2)
    reply = predict_later(know, walk)[cast["Foe"]]
    assert [a.target for a in reply.actions if a.kind is ActionKind.STRIKE] != [], reply
    end = reply.path[-1] if reply.path else (2, 5)
    assert chebyshev(end, (5, 5)) == 1


def test_every_run_with_an_action_is_one_the_rules_accept() -> None:
    """A Sprint or Retreat with a defence beside it may go no farther than the roll at that
    Action Penalty allows: every candidate of every level validates."""
    cast = Cast(20, 12)
    cast.add("Me", (3, 5), "a", facing=2, strike=5, dodge=5, parry=5, movement=4, injuries=2)
    cast.add("Foe", (4, 5), "b", facing=6, strike=6, movement=4)
    cast.add("Far", (17, 5), "b", facing=6, strike=6, movement=4)
    view = view_of(cast, "Me", later=("Foe", "Far"))
    know = knowledge_of(view)
    runs = 0
    for name in ("easy", "normal", "hard"):
        for cand in candidates(know, LEVELS[name]):
            errors = validate_order(view.world, view.board, cand.order, view.earlier, view.options)
            assert not errors, (cand.why, cand.order, errors)
            runs += cand.order.movement_mode is not None and len(cand.order.actions) > 1
    assert runs > 0  # some runs with an action were planned at all
