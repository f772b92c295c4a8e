"""Movement in melee and the order of the Modifier Stage (CO.15, CO.17, CO.18; docs/rulings.md).

Issue 12, points 1–4: a Retreat must leave reach and protects only when it did;
engagement is judged at the moment of moving for Evade, Sprint and walking; a
walk may not leave any melee; every defensive roll comes before any movement,
and every movement before any Feint, each in Timing order.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Event, Moved, Rolled, StageStarted
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.positions import tile_of
from game.rules.round import play_round
from game.rules.validate import validate_order
from tests.builders import BLASTER, Cast, of_type, rolls, the_roll

SPEAR = Weapon("spear", injury=2, reach=2)


def east(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    """A straight path east of `start`."""
    return tuple((start[0] + i, start[1]) for i in range(1, steps + 1))


def west(start: tuple[int, int], steps: int) -> tuple[tuple[int, int], ...]:
    """A straight path west of `start`."""
    return tuple((start[0] - i, start[1]) for i in range(1, steps + 1))


def play(cast: Cast, dice: ScriptedDice, *orders: Order, timing: Sequence[str]) -> list[Event]:
    """One round with a fixed Timing order (best first); the others declare nothing."""
    by_actor = {o.actor: o for o in orders}
    return play_round(cast.world, cast.board, dice, by_actor, timing_order=[cast[n] for n in timing])


def melee() -> Cast:
    """Niles and Serena in melee, side by side (CO.18's pair)."""
    cast = Cast(width=20, height=10)
    cast.add("Niles", (5, 5), "assassin", strike=9)
    cast.add("Serena", (6, 5), "hunters", movement=4)
    return cast


# ------------------------------------------------------------------- point 1: Retreat


def test_a_retreat_path_that_ends_within_reach_is_refused() -> None:
    """CO.18: a successful Retreat "moves out of melee"; a path that ends next to the enemy
    cannot, so it is refused at declaration, judged on where the enemy stands now."""
    cast = melee()
    beside = cast.order("Serena", cast.act(K.RETREAT), path=((6, 4),))
    assert validate_order(cast.world, cast.board, beside) == [
        "a Retreat must end out of melee; (6, 4) is still within reach of Niles"
    ]
    away = cast.order("Serena", cast.act(K.RETREAT), path=((7, 4),))
    assert validate_order(cast.world, cast.board, away) == []


def test_a_retreat_must_leave_a_long_reach_too() -> None:
    """Out of melee means out of every engaged enemy's reach: a spear reaches 2 tiles."""
    cast = Cast(width=20, height=10)
    cast.add("Pikeman", (5, 5), "red", weapons=(SPEAR,))
    cast.add("Serena", (6, 5), "blue", movement=4)
    short = cast.order("Serena", cast.act(K.RETREAT), path=((7, 5),))
    assert validate_order(cast.world, cast.board, short) == [
        "a Retreat must end out of melee; (7, 5) is still within reach of Pikeman"
    ]
    far = cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 2))
    assert validate_order(cast.world, cast.board, far) == []


def test_a_retreat_stopped_within_reach_does_not_protect() -> None:
    """Serena's Retreat succeeds but her ally Omar stands on her path: she cannot pass and
    stays next to Niles, so his Strike goes ahead (CO.18 nullifies it "because she's no
    longer there"; she still is)."""
    cast = melee()
    cast.add("Omar", (7, 4), "hunters")
    dice = ScriptedDice(keyed={"Serena:Retreat": [3], "Niles:Strike": [4], "Serena:Withstand Injury": [1]})
    events = play(
        cast,
        dice,
        cast.order("Niles", cast.act(K.STRIKE, "Serena")),
        cast.order("Serena", cast.act(K.RETREAT), path=((7, 4), (8, 4), (9, 4))),
        timing=["Serena", "Niles", "Omar"],
    )
    assert the_roll(events, "Serena", "Retreat").outcome == "success"
    (moved,) = of_type(events, Moved)
    assert moved.path == ((6, 5),) and "stopped: (7, 4) is occupied" in moved.note
    assert of_type(events, ActionNullified) == []
    strike = the_roll(events, "Niles", "Strike")
    assert (strike.breakdown.text(), strike.outcome) == ("9 [Strike] = 9", "hit")
    assert dice.unused() == {}


def test_a_retreat_nullifies_only_the_attacks_it_got_out_of_reach_of() -> None:
    """Serena Retreats 2 m: out of Niles' dagger reach, but into the reach of a spearman who
    saw her path (he declared after her).  Niles' Strike is nullified, the spear's is not."""
    cast = melee()
    cast.add("Pikeman", (10, 5), "assassin", weapons=(SPEAR,), strike=8)
    path = east((6, 5), 2)
    dice = ScriptedDice(keyed={"Serena:Retreat": [1], "Pikeman:Strike": [3], "Serena:Withstand Injury": [1]})
    events = play(
        cast,
        dice,
        cast.order("Serena", cast.act(K.RETREAT), path=path),
        cast.order("Niles", cast.act(K.STRIKE, "Serena")),
        cast.order("Pikeman", cast.act(K.STRIKE, "Serena")),
        timing=["Pikeman", "Niles", "Serena"],
    )
    assert tile_of(cast.world, cast["Serena"]) == (8, 5)
    (nullified,) = of_type(events, ActionNullified)
    assert (nullified.actor, nullified.reason) == ("Niles", "Serena Retreated out of melee")
    assert the_roll(events, "Pikeman", "Strike").outcome == "hit"
    assert dice.unused() == {}


def test_a_failed_retreat_of_one_nobody_closed_in_on_says_it_stays_where_it_is() -> None:
    """A Retreat may be declared before anyone is engaged (docs/rulings.md): a slower fighter
    betting that an enemy will close in first.  When nobody did and the roll fails, it stays
    put, but not "in melee": the log says where it is, not a melee that is not there."""
    cast = Cast(width=20, height=10)
    cast.add("Niles", (5, 5), "assassin")
    cast.add("Serena", (12, 5), "hunters", movement=4)
    dice = ScriptedDice(keyed={"Serena:Retreat": [9]})
    events = play(
        cast,
        dice,
        cast.order("Serena", cast.act(K.RETREAT), path=east((12, 5), 3)),
        timing=["Niles", "Serena"],
    )
    assert the_roll(events, "Serena", "Retreat").outcome == "failure"
    (moved,) = of_type(events, Moved)
    assert (moved.metres, moved.note) == (0.0, "Retreat failed: stays where it is")
    assert tile_of(cast.world, cast["Serena"]) == (12, 5)
    assert dice.unused() == {}


# ------------------------------------------- point 2: engagement at the moment of moving


def shooting_gallery() -> Cast:
    """Alex in the open, a Sentry far west shooting at her, a Brute coming in from the east."""
    cast = Cast(width=30, height=6)
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=10)
    cast.add("Alex", (10, 2), "resistance", weapons=(), evade=6, movement=4)
    cast.add("Brute", (13, 2), "aliens", movement=4)
    return cast


def test_an_evade_is_lost_when_an_enemy_closes_in_before_the_evader_moves() -> None:
    """CO.15: "You cannot Evade if you are engaged in Melee".  Alex was free when she declared;
    the Brute, with better Timing, steps next to her before she moves: her Evade creates no
    penalty, and she may not walk out of his reach either, so she stays."""
    cast = shooting_gallery()
    dice = ScriptedDice(keyed={"Alex:Evade": [4], "Sentry:Missile Strike": [11]})
    events = play(
        cast,
        dice,
        cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Alex")),
        cast.order("Alex", cast.act(K.EVADE), path=west((10, 2), 3)),
        cast.order("Brute", path=((12, 2), (11, 2))),
        timing=["Brute", "Alex", "Sentry"],
    )
    assert the_roll(events, "Alex", "Evade").outcome == "success"
    lost = [e for e in of_type(events, ActionNullified) if e.action == "Evade"]
    assert [(e.actor, e.reason) for e in lost] == [("Alex", "engaged in melee with Brute")]
    assert tile_of(cast.world, cast["Alex"]) == (10, 2)
    # The Sentry is not in melee itself, so it shoots, with no Evade to meet.
    shot = the_roll(events, "Sentry", "Missile Strike")
    assert shot.breakdown.text() == "10 [Missile Strike (Beam)] = 10"
    assert dice.unused() == {}


def test_an_evade_still_counts_when_the_enemy_comes_too_late() -> None:
    """The same round with Alex faster than the Brute: she moves first, free, and keeps her Evade."""
    cast = shooting_gallery()
    dice = ScriptedDice(keyed={"Alex:Evade": [3], "Sentry:Missile Strike": [11]})
    events = play(
        cast,
        dice,
        cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Alex")),
        cast.order("Brute", path=((12, 2), (11, 2))),
        cast.order("Alex", cast.act(K.EVADE), path=west((10, 2), 3)),
        timing=["Alex", "Brute", "Sentry"],
    )
    assert tile_of(cast.world, cast["Alex"]) == (7, 2)
    assert "− 3 [Evade]" in the_roll(events, "Sentry", "Missile Strike").breakdown.text()
    assert dice.unused() == {}


def test_a_sprint_is_refused_when_an_enemy_closes_in_first() -> None:
    """CO.17: "Characters cannot Sprint out of melee".  IX/N(a) declared a Sprint while free;
    a faster Brute steps into contact first: the Sprint is nullified (no roll), and IX/N(a)
    moves as a walk that may not leave the Brute's reach."""
    cast = Cast(width=30, height=6)
    cast.add("IX", (10, 2), "law", movement=5)
    cast.add("Brute", (13, 2), "aliens", movement=4)
    dice = ScriptedDice()  # nothing is rolled
    events = play(
        cast,
        dice,
        cast.order("IX", cast.act(K.SPRINT), path=west((10, 2), 8)),
        cast.order("Brute", path=((12, 2), (11, 2))),
        timing=["Brute", "IX"],
    )
    assert rolls(events, "IX") == []
    (refused,) = of_type(events, ActionNullified)
    assert (refused.actor, refused.action) == ("IX", "Sprint")
    assert refused.reason == "engaged in melee with Brute: cannot Sprint out of it"
    moved = [m for m in of_type(events, Moved) if m.actor == "IX"][0]
    assert moved.mode == "walk" and moved.path == ((10, 2),)
    assert "only a Retreat leaves it" in moved.note
    assert tile_of(cast.world, cast["IX"]) == (10, 2)


def test_a_walk_pinned_by_a_faster_enemy_stops_where_it_stays_engaged() -> None:
    """A walker free at declaration, caught by a faster enemy, goes as far along its path as
    keeps that enemy engaged: here one step, sideways along the Brute's front."""
    cast = Cast(width=30, height=6)
    cast.add("Walker", (10, 2), "law", movement=4)
    cast.add("Brute", (12, 2), "aliens", movement=4)
    events = play(
        cast,
        ScriptedDice(),
        cast.order("Walker", path=((10, 3), (9, 4), (8, 4))),
        cast.order("Brute", path=((11, 2),)),
        timing=["Brute", "Walker"],
    )
    walker = [m for m in of_type(events, Moved) if m.actor == "Walker"][0]
    assert walker.path == ((10, 2), (10, 3))
    assert walker.note == "stopped: engaged in melee with Brute, only a Retreat leaves it"


# --------------------------------------------------------------- point 3: walking in melee


def test_a_walk_from_one_enemys_reach_into_anothers_is_refused() -> None:
    """A normal move may not end out of reach of *any* enemy the mover is engaged with:
    stepping from A's side to B's side leaves A's melee without a Retreat."""
    cast = Cast(width=12, height=8)
    cast.add("Hero", (5, 5), "good", movement=4)
    cast.add("A", (4, 5), "evil")
    cast.add("B", (7, 5), "evil")
    across = cast.order("Hero", path=((6, 5),))
    assert validate_order(cast.world, cast.board, across) == [
        "engaged in melee with A: a normal move may not leave its reach (Retreat instead)"
    ]
    around = cast.order("Hero", path=((5, 4),))  # still next to A
    assert validate_order(cast.world, cast.board, around) == []


# ----------------------------------------------------------- point 4: Modifier Stage order


def test_co18_ex1_order_niles_parry_is_rolled_before_serenas_retreat() -> None:
    """CO.18 Ex. 1 tells Niles' Parry before Serena's Retreat although Serena has the better
    Timing: every defensive roll comes before any movement."""
    cast = Cast(width=20, height=10)
    cast.add("Omar", (4, 5), "hunters", strike=6)
    cast.add("Niles", (5, 5), "assassin", strike=9, parry=5)
    cast.add("Serena", (6, 5), "hunters", movement=4)
    dice = ScriptedDice(keyed={"Niles:Parry": [8], "Serena:Retreat": [3], "Omar:Strike": [9]})
    events = play(
        cast,
        dice,
        cast.order("Omar", cast.act(K.STRIKE, "Niles")),
        cast.order("Niles", cast.act(K.PARRY), cast.act(K.STRIKE, "Serena")),
        cast.order("Serena", cast.act(K.RETREAT), path=east((6, 5), 8)),
        timing=["Serena", "Niles", "Omar"],
    )
    assert [(r.actor, r.action) for r in of_type(events, Rolled)] == [
        ("Niles", "Parry"),
        ("Serena", "Retreat"),
        ("Omar", "Strike"),
    ]
    assert dice.unused() == {}


def test_the_modifier_stage_runs_rolls_then_movement_then_feints_each_in_timing_order() -> None:
    """Three passes, each best Timing first: Grip and defences; movement; Feints."""
    cast = Cast(width=20, height=10)
    cast.add("A", (2, 2), "red", strike=7, feint=6, dodge=6, movement=4)
    cast.add("B", (3, 2), "blue", strike=7, feint=6, dodge=6, grip=6, movement=4)
    keyed = {
        "A:Dodge": [2], "B:Grip": [2], "B:Dodge": [2],
        "A:Feint": [12], "B:Feint": [12],
        "A:Strike": [12], "B:Strike": [12],
    }  # fmt: skip
    dice = ScriptedDice(keyed=keyed)
    # Both step along each other's front, staying engaged; A (faster) moves first.
    events = play(
        cast,
        dice,
        cast.order("B", cast.act(K.DODGE), cast.act(K.FEINT), cast.act(K.STRIKE, "A"), path=((3, 1),)),
        cast.order(
            "A",
            cast.act(K.DODGE),
            cast.act(K.FEINT),
            cast.act(K.STRIKE, "B"),
            cast.act(K.DISARM, "B"),
            path=((2, 1),),
        ),
        timing=["A", "B"],
    )
    stages = [e.stage for e in of_type(events, StageStarted)]
    assert stages[-2:] == ["Modifier", "Resolution"]
    modifier = events[events.index(StageStarted("Modifier")) : events.index(StageStarted("Resolution"))]
    sequence = [
        (e.actor, e.action if isinstance(e, Rolled) else "moves")
        for e in modifier
        if isinstance(e, (Rolled, Moved))
    ]
    assert sequence == [
        ("A", "Dodge"),
        ("B", "Grip"),
        ("B", "Dodge"),
        ("A", "moves"),
        ("B", "moves"),
        ("A", "Feint"),
        ("B", "Feint"),
    ]
    # A's Disarm is impossible (3 − 3 [Action Penalty] − 2 [Grip Penalty]): no die.
    assert the_roll(events, "A", "Disarm").outcome == "impossible"
    assert dice.unused() == {}
