"""Where a declared movement most likely ends, and the AI reading it so.

A Retreat or Sprint is rolled: when the roll fails the mover walks its Movement (a Sprint) or
stays where it is (a Retreat, CO.17-18).  In the ring a knight in full plate Retreats on 3 or
less, so eleven times in twelve he stays in melee; hard used to read the end of his declared
path as where he would be, walked toward it and struck him from the off-hand side at -2.
`forecast.likeliest_end` asks the rules' own movement outcomes, and `Knowledge.planned`
(every term of the AI that asks where a foe will be) reads it.
"""

from __future__ import annotations

from game.ai.knowledge import Knowledge
from game.core.geometry import bearing_direction, chebyshev
from game.rules.forecast import arrival_chance, likeliest_end
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from tests.ai_helpers import judging, knowledge_of, view_of
from tests.builders import Cast


def east(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    """A straight path east of `start`."""
    return tuple((start[0] + i, start[1]) for i in range(1, steps + 1))


def engaged(movement: int) -> Cast:
    """Niles (Strike 9) beside Serena, who may try to Retreat east."""
    cast = Cast(width=20, height=10)
    cast.add("Niles", (5, 5), "assassin", strike=9, facing=2)
    cast.add("Serena", (6, 5), "hunters", movement=movement, facing=6)
    return cast


def test_a_retreat_that_fails_more_often_than_not_ends_where_it_starts() -> None:
    """Movement 4: the Retreat needs 4 or less (4 in 12); failing, she stays in melee."""
    cast = engaged(movement=4)
    order = cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 5))
    assert arrival_chance(cast.world, cast.board, cast["Serena"], order) < 0.5
    assert likeliest_end(cast.world, cast.board, cast["Serena"], order) == (6, 5)


def test_a_retreat_that_succeeds_more_often_than_not_ends_at_its_path_end() -> None:
    """Movement 9: the Retreat needs 9 or less, and any success covers the 5 m path."""
    cast = engaged(movement=9)
    order = cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 5))
    assert likeliest_end(cast.world, cast.board, cast["Serena"], order) == (11, 5)


def test_a_sprint_that_fails_more_often_than_not_stops_after_its_walk() -> None:
    """Movement 4, alone: a failed Sprint (8 in 12) walks 4 m of the 8 m path."""
    cast = Cast(width=20, height=10)
    cast.add("Serena", (2, 5), "hunters", movement=4)
    order = cast.order("Serena", cast.act(K.SPRINT), path=east((2, 5), 8))
    assert likeliest_end(cast.world, cast.board, cast["Serena"], order) == (6, 5)
    walk = cast.order("Serena", path=east((2, 5), 3))
    assert likeliest_end(cast.world, cast.board, cast["Serena"], walk) == (5, 5)


def _knowledge_after(cast: Cast, retreat: Order) -> Knowledge:
    view = view_of(cast, "Niles", earlier={"Serena": retreat})
    return knowledge_of(view)


def test_the_ai_expects_a_foe_whose_retreat_will_likely_fail_where_he_stands() -> None:
    cast = engaged(movement=4)
    retreat = cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 5))
    know = _knowledge_after(cast, retreat)
    assert know.planned(cast["Serena"]) == (6, 5)
    likely = engaged(movement=9)
    know = _knowledge_after(likely, likely.order("Serena", likely.act(K.RETREAT), path=east((6, 5), 5)))
    assert know.planned(likely["Serena"]) == (11, 5)


def test_hard_strikes_a_foe_whose_retreat_will_likely_fail_facing_where_he_stands() -> None:
    """Serena, engaged with Omar, declares a Retreat she makes four times in twelve; Niles,
    three tiles off, declares after her.  Hard walks up, Strikes and faces her tile: it used to
    face the end of her path (east), so from below her she stood in his side arc."""
    cast = Cast(width=20, height=12)
    cast.add("Omar", (5, 5), "assassin", facing=2)
    cast.add("Niles", (6, 8), "assassin", strike=9, facing=2, movement=4)
    cast.add("Serena", (6, 5), "hunters", movement=4, facing=6)
    retreat = cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 5))
    view = view_of(cast, "Niles", earlier={"Serena": retreat}, later=("Omar",))
    order = judging("ai:hard").choose_order(view)
    assert any(a.kind == K.STRIKE and a.target == cast["Serena"] for a in order.actions), order
    end = order.path[-1] if order.path else (6, 8)
    assert chebyshev(end, (6, 5)) == 1, order
    assert order.facing == bearing_direction(end, (6, 5)), order
