"""Held before it moves: an enemy with the better Timing (one still to declare) moves first,
and if it can come within reach of where we stand it may hold us there in melee before our
walk starts; then only a Retreat leaves (seen in *The assassin in the pub*: Omar walked off,
Niles and the bouncer closed in first, and he took two Injuries where he stood).  Hard weighs
it, and may declare a Retreat before anyone has closed in, which the rules allow."""

from __future__ import annotations

from ai_helpers import knowledge_of, view_of
from builders import Cast

from game.ai.candidates import Candidate, candidates
from game.ai.knowledge import Knowledge
from game.ai.levels import HARD, NORMAL
from game.ai.scoring import THREAT, Scorer
from game.rules.dice import ScriptedDice
from game.rules.events import Moved
from game.rules.orders import ActionKind, Order
from game.rules.positions import tile_of
from game.rules.round import play_round

WEST = tuple((x, 5) for x in range(4, 0, -1))  # a walk of 4 m west from (5, 5)


def _cast(foe_at: tuple[int, int] = (9, 5)) -> Cast:
    """Me (Movement 4) and a faster foe (Movement 5) east of it, 4 m off at first."""
    cast = Cast(20, 10)
    cast.add("Me", (5, 5), "a", facing=2, strike=5, parry=5, movement=4)
    cast.add("Foe", foe_at, "b", facing=6, strike=6, movement=5)
    return cast


def _know(cast: Cast, earlier: dict[str, Order] | None = None) -> Knowledge:
    later = () if earlier else ("Foe",)
    view = view_of(cast, "Me", earlier, later=later)
    return knowledge_of(view)


def _play(cast: Cast, dice: ScriptedDice, *orders: Order) -> list:
    """One round, the foe first in Timing."""
    by_actor = {order.actor: order for order in orders}
    return play_round(cast.world, cast.board, dice, by_actor, timing_order=[cast["Foe"], cast["Me"]])


def test_the_rules_hold_a_walker_that_a_faster_foe_reaches_first() -> None:
    """The premise, from the rules: the foe moves first (better Timing) to Me's side; Me's
    walk away is stopped where it stands, and a Retreat declared before it closed in gets away."""
    cast = _cast()
    walk = cast.order("Me", path=WEST)
    close = cast.order("Foe", path=((8, 5), (7, 5), (6, 5)))
    events = _play(cast, ScriptedDice([]), walk, close)
    assert tile_of(cast.world, cast["Me"]) == (5, 5)
    assert any(isinstance(e, Moved) and "only a Retreat" in e.note for e in events)

    cast = _cast()
    retreat = cast.order("Me", cast.act(ActionKind.RETREAT), path=WEST)
    _play(cast, ScriptedDice([2]), retreat, close)  # Retreat: 2 ≤ Movement 4
    assert tile_of(cast.world, cast["Me"]) == (1, 5)


def test_an_enemy_still_to_declare_that_can_reach_us_may_pin_us() -> None:
    cast = _cast()
    assert _know(cast).pinners() == [cast["Foe"]]
    # Out of its reach this round, or already declared (it moves after us): no one.
    assert _know(_cast(foe_at=(17, 5))).pinners() == []
    assert _know(cast, {"Foe": cast.order("Foe")}).pinners() == []


def test_hard_counts_being_held_before_its_walk_away_and_normal_does_not() -> None:
    """The walk west ends out of the foe's reach: only being held where it stands lets the foe
    strike, which hard counts (half the outcomes) and normal, which does not look at the
    enemies' Timing that way, does not."""
    cast = _cast()
    know = _know(cast)
    walk = Candidate(cast.order("Me", path=WEST), "test")
    assert Scorer(know, HARD).score(walk).terms.get(THREAT, 0.0) < -0.05
    assert Scorer(_know(cast), NORMAL).score(walk).terms.get(THREAT, 0.0) == 0.0


def test_hard_offers_a_retreat_before_the_foe_closes_in() -> None:
    def retreats(cast: Cast, level) -> bool:  # noqa: ANN001
        offered = candidates(_know(cast), level)
        return any(a.kind is ActionKind.RETREAT for c in offered for a in c.order.actions)

    assert retreats(_cast(), HARD)
    assert not retreats(_cast(), NORMAL)
    assert not retreats(_cast(foe_at=(17, 5)), HARD)  # nobody can close in: a Sprint will do
