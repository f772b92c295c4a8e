"""An ally fighting two pulls a free fighter in (issue 53): hard's `support` term
(`NextRound.support`, `Level.support_weight`) counts, for an end tile beside one of the
enemies engaged with an ally who fights two or more, the share of that enemy's Injuries on
the ally it must now turn to us; with one foe on the ally there is nothing to share."""

from __future__ import annotations

from dataclasses import replace

from ai_helpers import view_of
from builders import Cast

from game.ai.levels import HARD, SUPPORT_WEIGHT
from game.ai.scoring import SUPPORT
from game.ai.tactical import TacticalController
from game.core.geometry import chebyshev
from game.rules.orders import ActionKind, Order
from game.rules.validate import validate_order
from game.world import Position


def _beside_ally(foes: int):  # noqa: ANN202
    """Ally on (6, 6) striking FoeA on its right; FoeB (if two) on its left; Me, free, on (6, 2),
    three tiles up: two tiles off the ally's foes' reach, one walk from their side.  The foes
    declare after Me (the better Timing)."""
    cast = Cast(14, 14)
    cast.add("Ally", (6, 6), "a", facing=2, strike=6, parry=5)
    cast.add("Me", (6, 2), "a", facing=4, strike=6, parry=4)
    cast.add("FoeA", (7, 6), "b", facing=6, strike=6)
    later = ("FoeA",)
    if foes == 2:
        cast.add("FoeB", (5, 6), "b", facing=2, strike=6)
        later = ("FoeA", "FoeB")
    earlier = {"Ally": cast.order("Ally", cast.act(ActionKind.STRIKE, "FoeA"))}
    return cast, view_of(cast, "Me", earlier, later)


def _hard(weight: float = SUPPORT_WEIGHT) -> TacticalController:
    return TacticalController(replace(HARD, mistakes=False, support_weight=weight), seed=1)


def _joins(cast: Cast, view, order: Order) -> bool:  # noqa: ANN001
    """Whether the order ends beside one of the ally's foes."""
    end = order.path[-1] if order.path else view.world.get(cast["Me"], Position).tile
    foes = [view.world.get(cast[n], Position).tile for n in ("FoeA", "FoeB") if n in cast.ids]
    return any(chebyshev(end, foe) == 1 for foe in foes)


def test_hard_walks_in_to_help_an_ally_fighting_two() -> None:
    cast, view = _beside_ally(foes=2)
    controller = _hard()
    order = controller.choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier, view.options) == []
    assert _joins(cast, view, order), controller.last_words
    chosen = controller.last_decision.chosen
    assert chosen is not None and chosen.terms.get(SUPPORT, 0.0) > 0
    assert any("fights two or more" in line for line in controller.last_words)
    # Without the term it stays off (the two foes' threat keeps it away): the term is the reason.
    cast, view = _beside_ally(foes=2)
    assert not _joins(cast, view, _hard(0.0).choose_order(view))


def test_no_pull_when_the_ally_faces_one_foe() -> None:
    cast, view = _beside_ally(foes=1)
    controller = _hard()
    order = controller.choose_order(view)
    ranked = controller.last_decision.ranked
    assert all(SUPPORT not in s.terms for s in ranked)
    cast, view = _beside_ally(foes=1)
    assert _hard(0.0).choose_order(view) == order


def test_not_for_a_fighter_engaged_itself() -> None:
    # Me already in melee with a foe of its own: it is not free to join.
    cast, _view = _beside_ally(foes=2)
    cast.add("Mine", (6, 1), "b", facing=4, strike=5)
    earlier = {"Ally": cast.order("Ally", cast.act(ActionKind.STRIKE, "FoeA"))}
    view = view_of(cast, "Me", earlier, ("FoeA", "FoeB", "Mine"))
    controller = _hard()
    controller.choose_order(view)
    assert all(SUPPORT not in s.terms for s in controller.last_decision.ranked)
