"""Reading the opponent (`game.ai.opponents`): a side that seldom attacks when it could is
feared less, by the declarations the AI saw, and the explanation says so."""

from __future__ import annotations

from dataclasses import replace

from ai_helpers import judging, view_of
from builders import Cast

from game.ai.facts import RoundFacts, read_unit
from game.ai.knowledge import Knowledge
from game.ai.opponents import FLOOR, PRIOR, SENSIBLE, Boldness, OpponentRead
from game.ai.scoring import THREAT
from game.rules.orders import ActionKind, Order
from game.rules.positions import combatants


def _cast() -> Cast:
    cast = Cast(16, 12)
    cast.add("Me", (5, 5), "a")
    cast.add("Near", (6, 5), "b", facing=6)  # in reach of Me
    cast.add("Far", (15, 11), "b")  # a sword and 10 tiles away: no chance this round
    return cast


def _know(view) -> Knowledge:  # noqa: ANN001
    units = {eid: read_unit(view.world, eid) for eid in combatants(view.world)}
    return Knowledge(
        view.world, view.board, view.options, view.actor, view.earlier, view.timing, RoundFacts((), units)
    )


def test_a_side_never_seen_is_feared_in_full() -> None:
    assert Boldness().wariness == 1.0
    assert Boldness(chances=10, attacks=10).wariness == 1.0
    assert Boldness(chances=100, attacks=0).wariness == FLOOR
    # The prior counts as PRIOR chances taken at the sensible rate.
    seen = Boldness(chances=2, attacks=0)
    assert seen.rate == PRIOR * SENSIBLE / (PRIOR + 2)
    assert FLOOR < seen.wariness < 1.0


def _read_round(read: OpponentRead, cast: Cast, number: int, previous: list[Order]) -> None:
    read.observe(_know(view_of(cast, "Me", {}, later=("Near", "Far"))), number, previous)


def test_only_orders_declared_after_ours_with_a_chance_to_attack_count() -> None:
    """Last round's orders are read in declaration order: an enemy that declared before any
    of ours did not see them (it may hold back only then), and one that could reach none
    of ours where they ended had no chance."""
    cast = _cast()
    read = OpponentRead()
    _read_round(read, cast, 1, [])
    assert read.sides == {}
    me = cast.order("Me")
    dodge = cast.order("Near", cast.act(ActionKind.DODGE))
    # Round 1's orders: Near dodged after seeing ours, Far (out of reach) stood.
    _read_round(read, cast, 2, [me, dodge, cast.order("Far")])
    assert (read.sides["b"].chances, read.sides["b"].attacks) == (1, 0)
    # Reading round 2 twice (another of ours declaring in round 3) counts it once.
    strike = cast.order("Near", cast.act(ActionKind.STRIKE, "Me"))
    _read_round(read, cast, 3, [me, strike])
    _read_round(read, cast, 3, [me, strike])
    assert (read.sides["b"].chances, read.sides["b"].attacks) == (2, 1)
    # Round 3: Near dodged before we declared: not a reply to us, not counted.
    _read_round(read, cast, 4, [dodge, me])
    assert read.sides["b"].chances == 2


def test_moving_out_of_reach_leaves_the_enemy_no_chance() -> None:
    cast = _cast()
    read = OpponentRead()
    _read_round(read, cast, 1, [])
    away = cast.order("Me", path=((4, 5), (3, 5), (2, 5)))
    _read_round(read, cast, 2, [away, cast.order("Near", cast.act(ActionKind.DODGE))])
    assert read.sides == {}


def test_a_timid_side_is_feared_less_and_the_explanation_says_so() -> None:
    """Against an enemy that declares after it, hard weighs the threat of its best reply;
    after rounds of that enemy's side standing off, the same threat counts less."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a")
    cast.add("Late", (6, 5), "b", facing=6, strike=7)
    view = view_of(cast, "Me", later=("Late",))
    fresh = judging("ai:hard", seed=1)
    fresh.choose_order(view)
    timid = judging("ai:hard", seed=1)
    timid.read.sides["b"] = Boldness(chances=12, attacks=1)
    timid.choose_order(view)

    def threat(controller) -> float:  # noqa: ANN001
        decision = controller.last_decision
        return min(s.terms.get(THREAT, 0.0) for s in decision.ranked)

    assert threat(timid) > threat(fresh)  # less feared (threats are negative)
    assert timid.last_words[1] == "Reading the enemy: b attacked in 1 of 12 chances: its threat counted ×0.35"
    assert not any("Reading the enemy" in line for line in fresh.last_words)


def test_a_new_battle_starts_the_reading_afresh() -> None:
    cast = _cast()
    controller = judging("ai:hard")
    controller.choose_order(replace(view_of(cast, "Me"), round_number=9))
    controller.read.sides["b"] = Boldness(chances=12, attacks=0)
    controller.choose_order(replace(view_of(cast, "Me"), round_number=1))
    assert controller.read.sides == {}  # nothing seen yet in this battle


def test_easy_does_not_read() -> None:
    cast = _cast()
    easy = judging("ai:easy")
    easy.choose_order(view_of(cast, "Me"))
    later = replace(view_of(cast, "Me"), round_number=2, previous=(cast.order("Me"), cast.order("Near")))
    easy.choose_order(later)
    assert easy.read.sides == {}
