"""The prone module (RULES.md §8; seed 001 Minimize Exposure, Combat Crawl; docs/modules.md):
each ruling worked by hand, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Moved, Rolled
from game.rules.forecast import forecast_order
from game.rules.modules.prone import GO_PRONE, STAND_UP, Prone, StoodUp, WentProne
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.round import play_round
from game.rules.stats import movement_rate
from game.rules.validate import validate_order
from tests.builders import BLASTER, SWORD, Cast, log_text, of_type, the_roll

PRONE = RuleOptions({"prone"})


def range_duel(**bea: object) -> Cast:
    """Bea (Movement 5) and a shooter, Sam (Missile Strike 8), 10 m apart on open ground."""
    cast = Cast(20, 8)
    cast.add("Bea", (2, 3), "a", **{"weapons": (BLASTER,), "missile_beam": 7, "movement": 5, **bea})
    cast.add("Sam", (12, 3), "b", weapons=(BLASTER,), missile_beam=8)
    return cast


def play(cast: Cast, *orders: Order, dice: dict[str, list[int]], number: int = 1) -> list:
    by_actor = {o.actor: o for o in orders}
    timing = [cast["Bea"], *[e for n, e in cast.ids.items() if n != "Bea"]]
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, number, timing_order=timing, options=PRONE
    )


def test_going_prone_takes_the_round_and_the_rounds_shots_already_find_it_down() -> None:
    """Bea drops in the Modifier Stage; Sam's shot in the Resolution Stage: 8 − 2 = 6, a 6 hits."""
    cast = range_duel()
    events = play(
        cast,
        cast.order("Bea", cast.act(GO_PRONE)),
        cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
        dice={"Sam:Missile Strike": [6], "Bea:Withstand Injury": [1]},
    )
    text = log_text(events)
    assert text.index("Bea goes prone") < text.index("Resolution Stage")
    shot = the_roll(events, "Sam", "Missile Strike")
    assert shot.text() == (
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 2 [Prone Target] = 6; rolled 6: hit"
    )
    assert cast.world.has(cast["Bea"], Prone)


def test_lying_prone_the_next_rounds_shots_are_still_minus_2() -> None:
    cast = range_duel()
    cast.world.set(cast["Bea"], Prone())
    events = play(
        cast,
        cast.order("Bea"),
        cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
        dice={"Sam:Missile Strike": [7]},
    )
    assert the_roll(events, "Sam", "Missile Strike").text().endswith("= 6; rolled 7: miss")


def test_in_melee_a_prone_target_is_plus_2_and_a_prone_fighter_minus_2() -> None:
    """Rulings (docs/modules.md): +2 to melee attacks at a prone combatant, −2 to its own."""
    cast = Cast(10, 10)
    cast.add("Lia", (4, 4), "a", strike=6)
    cast.add("Kit", (5, 4), "b", facing=6, strike=6)
    cast.world.set(cast["Lia"], Prone())
    events = play_round(
        cast.world,
        cast.board,
        ScriptedDice(keyed={"Kit:Strike": [12], "Lia:Strike": [12]}),
        {
            cast["Lia"]: cast.order("Lia", cast.act(K.STRIKE, "Kit")),
            cast["Kit"]: cast.order("Kit", cast.act(K.STRIKE, "Lia")),
        },
        timing_order=[cast["Kit"], cast["Lia"]],
        options=PRONE,
    )
    assert the_roll(events, "Kit", "Strike").breakdown.text() == "6 [Strike] + 2 [Prone Target in Melee] = 8"
    assert the_roll(events, "Lia", "Strike").breakdown.text() == "6 [Strike] − 2 [Fighting Prone] = 4"


@pytest.mark.parametrize(("movement", "crawl"), [(5, 3), (4, 2), (1, 1)])
def test_a_prone_combatant_crawls_at_half_its_movement_rounded_up(movement: int, crawl: int) -> None:
    cast = range_duel(movement=movement)
    cast.world.set(cast["Bea"], Prone())
    assert movement_rate(cast.world, cast["Bea"]).total == crawl
    too_far = tuple((2 + i, 3) for i in range(1, crawl + 2))
    assert validate_order(cast.world, cast.board, cast.order("Bea", path=too_far), {}, PRONE) == [
        f"path is {crawl + 1:.1f} m but you may move at most {crawl:.1f} m"
    ]
    straight = tuple((2, 3 + i) for i in range(1, crawl + 1))
    events = play(cast, cast.order("Bea", path=straight), cast.order("Sam"), dice={})
    (moved,) = of_type(events, Moved)
    assert moved.metres == crawl and cast.world.has(cast["Bea"], Prone)


def test_prone_no_sprint_until_it_stands() -> None:
    cast = range_duel()
    cast.world.set(cast["Bea"], Prone())
    order = cast.order("Bea", cast.act(K.SPRINT), path=((1, 3),))
    assert "prone: Stand Up first to Sprint (you crawl at half Movement)" in validate_order(
        cast.world, cast.board, order, {}, PRONE
    )


def test_standing_up_costs_the_movement_not_an_action() -> None:
    """Stand Up and shoot: no Action Penalty; standing in the Modifier Stage, Bea is no longer
    prone when Sam shoots (8, no −2)."""
    cast = range_duel()
    cast.world.set(cast["Bea"], Prone())
    bea = cast.order("Bea", cast.act(STAND_UP), cast.act(K.MISSILE_STRIKE, "Sam"))
    assert bea.action_penalty == 0
    assert validate_order(cast.world, cast.board, replace(bea, path=((2, 4),)), {}, PRONE) == [
        "standing up takes this round's movement: no path"
    ]
    events = play(
        cast, bea, cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
        dice={"Bea:Missile Strike": [12], "Sam:Missile Strike": [12]},
    )  # fmt: skip
    assert of_type(events, StoodUp)
    assert the_roll(events, "Bea", "Missile Strike").breakdown.text() == "7 [Missile Strike (Beam)] = 7"
    assert the_roll(events, "Sam", "Missile Strike").breakdown.text() == "8 [Missile Strike (Beam)] = 8"
    assert not cast.world.has(cast["Bea"], Prone)


def test_go_prone_and_stand_up_are_greyed_out_with_reasons() -> None:
    cast = range_duel()
    cast.add("Kit", (3, 3), "b")
    world, board = cast.world, cast.board
    assert validate_order(world, board, cast.order("Bea", cast.act(GO_PRONE)), {}, PRONE) == [
        "cannot Go Prone while engaged in melee with Kit"
    ]
    world.destroy(cast["Kit"])
    busy = cast.order("Bea", cast.act(GO_PRONE), cast.act(K.MISSILE_STRIKE, "Sam"), path=((2, 4),))
    assert validate_order(world, board, busy, {}, PRONE) == [
        "Go Prone takes the whole round: no other action",
        "Go Prone takes the whole round: no movement",
    ]
    assert validate_order(world, board, cast.order("Bea", cast.act(STAND_UP)), {}, PRONE) == [
        "Stand Up: you are not prone"
    ]
    world.set(cast["Bea"], Prone())
    assert validate_order(world, board, cast.order("Bea", cast.act(GO_PRONE)), {}, PRONE) == ["already prone"]
    assert validate_order(world, board, cast.order("Bea", cast.act(GO_PRONE)), {}, RuleOptions()) == [
        "Go Prone is part of the prone rules module, which is not in play"
    ]


def test_a_turret_is_fixed_in_place_and_cannot_lie_down() -> None:
    """[design] A combatant with no Movement on its sheet (the sentry laser) never moves, and
    does not lie down either: Go Prone is refused with the reason, and no AI proposes it (hard's
    turrets went prone when the module was on)."""
    from game.rules.api.contexts import AiAsk
    from game.rules.modules.prone import GoProne

    cast = range_duel(movement=0)
    order = cast.order("Bea", cast.act(GO_PRONE))
    assert validate_order(cast.world, cast.board, order, {}, PRONE) == [
        "Bea is fixed in place (Movement 0): it cannot lie down"
    ]
    ask = AiAsk(cast.world, cast.board, PRONE, cast["Bea"], (2, 3), None, {}, False, False, True)
    assert GoProne().ai_orders(ask) == []
    free = range_duel()
    assert validate_order(free.world, free.board, free.order("Bea", free.act(GO_PRONE)), {}, PRONE) == []
    ask = AiAsk(free.world, free.board, PRONE, free["Bea"], (2, 3), None, {}, False, False, True)
    assert [label for _, label in GoProne().ai_orders(ask)] == ["go prone"]


def test_the_forecast_shows_the_minus_2_of_a_target_that_will_be_prone() -> None:
    cast = range_duel()
    orders = {
        cast["Bea"]: cast.order("Bea", cast.act(GO_PRONE)),
        cast["Sam"]: cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    }
    (shot,) = forecast_order(cast.world, cast.board, orders, cast["Sam"], PRONE)
    assert shot.breakdown is not None
    assert shot.breakdown.text() == "8 [Missile Strike (Beam)] − 2 [Prone Target] = 6"
    assert shot.success == pytest.approx(6 / 12)


def test_the_log_says_what_going_prone_does() -> None:
    cast = range_duel()
    events = play(cast, cast.order("Bea", cast.act(GO_PRONE)), cast.order("Sam"), dice={})
    (down,) = of_type(events, WentProne)
    assert down.text() == (
        "Bea goes prone: −2 to Missile Strikes against, +2 to melee attacks against, crawls at half Movement"
    )
    assert not [e for e in events if isinstance(e, Rolled)]


def test_an_ai_counts_lying_down_for_the_rounds_after_unless_a_foe_can_walk_up() -> None:
    """The forecast counts this round's shots only; lying down keeps the −2 on every later shot
    while Bea shoots from the ground (the helper's script that went prone and stayed down won
    77 of 100 sentry battles where hard, weighing one round, won 47).  Worth nothing where a
    foe could walk up next round (+2 to melee against one lying down)."""
    from game.rules.api.contexts import AiAsk
    from game.rules.modules.prone import AI_PRONE_ROUNDS, GoProne, StandUp, lying_worth

    def ask(cast: Cast) -> AiAsk:
        return AiAsk(cast.world, cast.board, PRONE, cast["Bea"], (2, 3), None, {}, False, False, True)

    far = range_duel()
    worth = lying_worth(ask(far))
    assert 0.05 * AI_PRONE_ROUNDS < worth < AI_PRONE_ROUNDS  # a share of an Injury a round
    assert GoProne().ai_value(ask(far), Order(far["Bea"])) == worth
    assert StandUp().ai_value(ask(far), Order(far["Bea"])) == -worth

    near = range_duel()
    near.add("Kit", (6, 3), "b", movement=4)  # 4 m off: a walk and a step reach Bea
    assert lying_worth(ask(near)) == 0.0

    # 6 m off, Movement 4: a sword (reach 1) cannot strike her next round; a spear (reach 2) can.
    sword, spear = range_duel(), range_duel()
    sword.add("Kit", (8, 3), "b", movement=4, weapons=(SWORD,))
    spear.add("Kit", (8, 3), "b", movement=4, weapons=(Weapon("spear", injury=2, reach=2),))
    assert lying_worth(ask(sword)) == worth
    assert lying_worth(ask(spear)) == 0.0


@pytest.mark.parametrize("engaged", [False, True])
def test_lying_prone_an_ai_proposes_no_sprint_or_retreat(engaged: bool) -> None:
    """The rules refuse a Sprint or a Retreat until the fighter stands (`movement_refusals`,
    the same reasons `validate_order` gives); the AI asks them before it plans runs, so none
    of its candidates is one the rules would refuse for that (it proposed them, and the
    declaration fell through to the next candidate).  Standing, it does propose them."""
    from ai_helpers import knowledge_of, view_of

    from game.ai.candidates import candidates
    from game.ai.levels import HARD
    from game.rules.validate import movement_refusals

    def runs(cast: Cast) -> list[Order]:
        view = replace(view_of(cast, "Bea"), options=PRONE)
        return [
            c.order
            for c in candidates(knowledge_of(view), HARD)
            if c.order.has(K.SPRINT) or c.order.has(K.RETREAT)
        ]

    cast = range_duel()
    if engaged:
        cast.add("Kit", (3, 3), "b", weapons=(SWORD,), strike=6)
    kind = K.RETREAT if engaged else K.SPRINT
    assert movement_refusals(cast.world, cast.board, cast["Bea"], kind, {}, PRONE) == []
    assert runs(cast)  # standing: runs are among its candidates
    cast.world.set(cast["Bea"], Prone())
    refusals = movement_refusals(cast.world, cast.board, cast["Bea"], kind, {}, PRONE)
    assert refusals == [f"prone: Stand Up first to {kind.label.title()} (you crawl at half Movement)"]
    assert runs(cast) == []
