"""Actions checked clause by clause (issue 12, points 5–7 and 9; docs/rulings.md).

Called Shot table (CO.08), Disarm needs a melee weapon or a free hand (CO.10),
anyone may Parry a Brawl (CO.12), and rules that worked without a test: Block
and Evade against missiles, Dodge and Parry not (CO.07, CO.13–CO.15), no
Missile Strike in melee (CO.07), weapon Parry bonuses (CO.12), a retreater can
still be shot (CO.18), Retrieve Weapon adjacency (CO.10), no Brawling with a
melee weapon in hand (CO.06, CO.11).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.called_shots import CALLED_SHOT_TABLE, called_shot
from game.rules.dice import ScriptedDice
from game.rules.events import ActionIgnored, ActionNullified, Event, WeaponRetrieved
from game.rules.forecast import forecast_order, movement_outcomes
from game.rules.orders import Action, Order
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Equipment, Position
from tests.builders import (
    BLASTER,
    DAGGER,
    HUNTING_RIFLE,
    SHIELD,
    STUN_BATON,
    SWORD,
    Cast,
    ChapterCast,
    of_type,
    rolls,
    the_roll,
)

PISTOL = Weapon(
    "pistol", WeaponClass.MISSILE, injury=2, missile_kind=MissileKind.SLUG, ranges=(10.0, 25.0, 50.0)
)
RAPIER = Weapon("rapier", injury=2, parry_modifier=2)
CLUB = Weapon("club", injury=2, parry_modifier=-1)


def play(cast: Cast, dice: ScriptedDice, *orders: Order, timing: Sequence[str]) -> list[Event]:
    """One round with a fixed Timing order (best first); the others declare nothing."""
    by_actor = {o.actor: o for o in orders}
    return play_round(cast.world, cast.board, dice, by_actor, timing_order=[cast[n] for n in timing])


# ------------------------------------------------------------- point 5: Called Shot table


def test_only_head_eyes_and_neck_are_at_minus_3_or_worse() -> None:
    """CO.08: "parts of the body with modifiers of −3 or greater (head, eyes and neck)"."""
    severe = {part for part, (modifier, _) in CALLED_SHOT_TABLE.items() if modifier <= -3}
    assert severe == {"head", "eyes", "neck"}
    for part, (modifier, vulnerable) in CALLED_SHOT_TABLE.items():
        assert vulnerable == (part in severe), part
        if part not in severe:
            assert modifier in (-1, -2), part
    assert called_shot("left hand").modifier == -2
    assert called_shot("right foot").modifier == -2
    assert called_shot("left arm").modifier == -1


def test_a_called_shot_at_a_hand_is_at_minus_2_and_not_vulnerable() -> None:
    cast = Cast()
    cast.add("Serena", (1, 1), "hunters", strike=5)
    cast.add("Guard", (2, 1), "guards", stamina=3)
    dice = ScriptedDice(keyed={"Serena:Strike": [2], "Guard:Withstand Injury": [12]})
    events = play(
        cast,
        dice,
        cast.order("Serena", cast.act(K.STRIKE, "Guard", called_shot("right hand"))),
        timing=["Serena", "Guard"],
    )
    shot = the_roll(events, "Serena", "Strike, Called Shot (right hand)")
    assert shot.breakdown.text() == "5 [Strike] − 1 [Action Penalty] − 2 [Called Shot] = 2"
    assert shot.outcome == "hit"
    withstand = the_roll(events, "Guard", "Withstand Injury")
    assert "Vulnerable Area" not in withstand.breakdown.text()  # no −3: a hand is not vulnerable
    assert dice.unused() == {}


# ------------------------------------------------------------------------ point 6: Disarm


def disarm_setup(weapons: tuple[Weapon, ...], shield: bool = False) -> Cast:
    cast = Cast()
    cast.add("Alex", (3, 3), "resistance", weapons=weapons, shield=SHIELD if shield else None, disarm=7)
    cast.add("Niles", (4, 3), "assassin", weapons=(SWORD,), grip=3)
    return cast


def test_a_disarm_with_only_a_two_handed_rifle_in_hand_is_refused() -> None:
    """CO.10: "A Disarm attack is only possible using a melee weapon"; bare hands at −3 (Ex. 8).
    Hands full with a rifle have neither."""
    cast = disarm_setup((HUNTING_RIFLE,))
    order = cast.order("Alex", cast.act(K.DISARM, "Niles"))
    assert validate_order(cast.world, cast.board, order) == [
        "Disarm needs a melee weapon or a free hand; your hands hold hunting rifle"
    ]


def test_a_disarm_with_a_pistol_and_a_shield_is_refused() -> None:
    cast = disarm_setup((PISTOL,), shield=True)
    order = cast.order("Alex", cast.act(K.DISARM, "Niles"))
    assert validate_order(cast.world, cast.board, order) == [
        "Disarm needs a melee weapon or a free hand; your hands hold pistol"
    ]


def test_a_pistol_leaves_a_hand_free_for_a_bare_handed_disarm_at_minus_3() -> None:
    cast = disarm_setup((PISTOL,))
    dice = ScriptedDice(keyed={"Niles:Grip": [12], "Alex:Disarm": [5]})
    events = play(cast, dice, cast.order("Alex", cast.act(K.DISARM, "Niles")), timing=["Alex", "Niles"])
    disarm = the_roll(events, "Alex", "Disarm")
    assert (disarm.breakdown.text(), disarm.outcome) == ("7 [Disarm] − 3 [Weaponless Penalty] = 4", "failure")
    assert dice.unused() == {}


# ---------------------------------------------------------------- point 7: Parry a Brawl


def brawl_setup(weapons: tuple[Weapon, ...]) -> Cast:
    cast = Cast()
    cast.add("Bully", (3, 3), "bullies", weapons=(), brawling=8)
    cast.add("Gunner", (4, 3), "guns", weapons=weapons, parry=6)
    cast.add("Swordsman", (5, 3), "bullies", strike=8)
    return cast


def test_a_pistol_holder_may_parry_a_brawl() -> None:
    """CO.12: "A Brawl can be Parried with a weapon or without one"."""
    cast = brawl_setup((PISTOL,))
    parry = cast.order("Gunner", cast.act(K.PARRY))
    assert validate_order(cast.world, cast.board, parry) == []
    dice = ScriptedDice(keyed={"Gunner:Parry": [4], "Bully:Brawling": [12]})
    events = play(
        cast,
        dice,
        parry,
        cast.order("Bully", cast.act(K.BRAWLING, "Gunner")),
        timing=["Gunner", "Bully", "Swordsman"],
    )
    brawl = the_roll(events, "Bully", "Brawling")
    assert brawl.breakdown.text() == "8 [Brawling] − 4 [Parry] = 4"
    assert dice.unused() == {}


def test_a_parry_without_a_parrying_weapon_counts_only_against_brawling() -> None:
    """The same Parry does nothing against a Strike (CO.12: "Parrying Strikes requires a
    weapon"); against a Strike alone it is unnecessary and ignored."""
    cast = brawl_setup((PISTOL,))
    dice = ScriptedDice(keyed={"Gunner:Parry": [4], "Bully:Brawling": [12], "Swordsman:Strike": [12]})
    events = play(
        cast,
        dice,
        cast.order("Gunner", cast.act(K.PARRY)),
        cast.order("Bully", cast.act(K.BRAWLING, "Gunner")),
        cast.order("Swordsman", cast.act(K.STRIKE, "Gunner")),
        timing=["Gunner", "Bully", "Swordsman"],
    )
    assert the_roll(events, "Swordsman", "Strike").breakdown.text() == "8 [Strike] = 8"
    assert the_roll(events, "Bully", "Brawling").breakdown.text() == "8 [Brawling] − 4 [Parry] = 4"
    alone = brawl_setup((PISTOL,))
    events = play(
        alone,
        ScriptedDice(keyed={"Swordsman:Strike": [12]}),
        alone.order("Gunner", alone.act(K.PARRY)),
        alone.order("Swordsman", alone.act(K.STRIKE, "Gunner")),
        timing=["Gunner", "Swordsman", "Bully"],
    )
    assert [e.action for e in of_type(events, ActionIgnored)] == ["Parry"]


# ------------------------------------------------------- point 9: rules that had no test


def shooting_range(**target: object) -> Cast:
    cast = Cast(width=30, height=5)
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=10)
    cast.add("Swordsman", (12, 1), "aliens", strike=8)
    cast.add("Target", (12, 2), "humans", **target)  # type: ignore[arg-type]
    return cast


def test_block_counts_against_missile_strikes() -> None:
    """CO.13: Block is effective "against Missile Strikes"."""
    cast = shooting_range(block=6, shield=SHIELD)
    dice = ScriptedDice(keyed={"Target:Block": [3], "Sentry:Missile Strike": [12]})
    events = play(
        cast,
        dice,
        cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Target")),
        cast.order("Target", cast.act(K.BLOCK)),
        timing=["Target", "Sentry", "Swordsman"],
    )
    assert the_roll(events, "Sentry", "Missile Strike").breakdown.text() == (
        "10 [Missile Strike (Beam)] − 3 [Block] = 7"
    )
    assert dice.unused() == {}


def test_dodge_and_parry_do_not_count_against_missile_strikes() -> None:
    """CO.07: "Defense Penalties generated by Dodge and Parry Skills do not apply to Missile
    Strikes".  Both succeed against the Swordsman's Strike; the shot meets neither."""
    cast = shooting_range(dodge=8, parry=8)
    dice = ScriptedDice(
        keyed={
            "Target:Dodge": [3],
            "Target:Parry": [2],
            "Sentry:Missile Strike": [12],
            "Swordsman:Strike": [12],
        }
    )
    events = play(
        cast,
        dice,
        cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Target")),
        cast.order("Swordsman", cast.act(K.STRIKE, "Target")),
        cast.order("Target", cast.act(K.DODGE), cast.act(K.PARRY)),
        timing=["Target", "Sentry", "Swordsman"],
    )
    assert the_roll(events, "Sentry", "Missile Strike").breakdown.text() == "10 [Missile Strike (Beam)] = 10"
    assert the_roll(events, "Swordsman", "Strike").breakdown.text() == (
        "8 [Strike] − 3 [Dodge] − 2 [Parry] = 3"
    )
    # Against a Missile Strike alone, a Dodge is unnecessary.
    alone = shooting_range(dodge=8)
    events = play(
        alone,
        ScriptedDice(keyed={"Sentry:Missile Strike": [12]}),
        alone.order("Sentry", alone.act(K.MISSILE_STRIKE, "Target")),
        alone.order("Target", alone.act(K.DODGE)),
        timing=["Target", "Sentry", "Swordsman"],
    )
    assert [(e.actor, e.action) for e in of_type(events, ActionIgnored)] == [("Target", "Dodge")]


def test_a_missile_strike_is_refused_in_melee() -> None:
    """CO.07: "Missile Strike (and missile weapons) cannot be used in Melee"."""
    cast = Cast()
    cast.add("Alex", (3, 3), "resistance", weapons=(BLASTER,), missile_beam=10)
    cast.add("Brute", (4, 3), "aliens")
    order = cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Brute"))
    assert validate_order(cast.world, cast.board, order) == [
        "no Missile Strike in melee (engaged with Brute)"
    ]


def test_a_missile_strike_is_nullified_when_an_enemy_closes_in_before_resolution() -> None:
    """Declared from afar, the shot is nullified if an enemy is in melee with the shooter at
    resolution: the Brute walks up to Alex in the Modifier Stage."""
    cast = Cast(width=20, height=5)
    cast.add("Alex", (3, 2), "resistance", weapons=(BLASTER,), missile_beam=10)
    cast.add("Brute", (7, 2), "aliens", movement=4)
    dice = ScriptedDice()
    events = play(
        cast,
        dice,
        cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Brute")),
        cast.order("Brute", path=((6, 2), (5, 2), (4, 2))),
        timing=["Alex", "Brute"],
    )
    (nullified,) = of_type(events, ActionNullified)
    assert (nullified.actor, nullified.reason) == ("Alex", "engaged in melee: no Missile Strike")
    assert rolls(events, "Alex") == []


@pytest.mark.parametrize(
    ("weapon", "text"),
    [
        (RAPIER, "5 [Parry] + 2 [rapier Parry Bonus] = 7"),
        (CLUB, "5 [Parry] − 1 [club Parry Penalty] = 4"),
        (SWORD, "5 [Parry] = 5"),
    ],
)
def test_weapon_parry_bonuses_and_penalties(weapon: Weapon, text: str) -> None:
    """CO.12: "some weapons grant their wielders bonuses to Parry, while others impose penalties"."""
    cast = Cast()
    cast.add("Duelist", (3, 3), "a", weapons=(weapon,), parry=5)
    cast.add("Brute", (4, 3), "b", strike=8)
    dice = ScriptedDice(keyed={"Duelist:Parry": [12], "Brute:Strike": [12]})
    events = play(
        cast,
        dice,
        cast.order("Duelist", cast.act(K.PARRY)),
        cast.order("Brute", cast.act(K.STRIKE, "Duelist")),
        timing=["Duelist", "Brute"],
    )
    assert the_roll(events, "Duelist", "Parry").breakdown.text() == text
    assert dice.unused() == {}


def test_a_retreating_combatant_can_still_be_shot() -> None:
    """CO.18: "Missile Strikes remain possible so long as the Retreating character is within range"."""
    cast = Cast(width=30, height=6)
    cast.add("Niles", (5, 2), "assassin", strike=9)
    cast.add("Serena", (6, 2), "hunters", movement=4)
    cast.add("Sniper", (20, 2), "assassin", weapons=(BLASTER,), missile_beam=9)
    dice = ScriptedDice(keyed={"Serena:Retreat": [2], "Sniper:Missile Strike": [12]})
    events = play(
        cast,
        dice,
        cast.order("Serena", cast.act(K.RETREAT), path=((7, 2), (8, 2), (9, 2))),
        cast.order("Niles", cast.act(K.STRIKE, "Serena")),
        cast.order("Sniper", cast.act(K.MISSILE_STRIKE, "Serena")),
        timing=["Serena", "Niles", "Sniper"],
    )
    assert [(e.actor, e.action) for e in of_type(events, ActionNullified)] == [("Niles", "Strike")]
    assert the_roll(events, "Sniper", "Missile Strike").breakdown.text() == "9 [Missile Strike (Beam)] = 9"
    assert dice.unused() == {}


def test_retrieve_weapon_needs_the_weapon_on_or_next_to_the_retriever() -> None:
    """CO.10: to retrieve a lost weapon, get to it: on or next to its tile after moving
    (docs/rulings.md), checked at declaration and again at resolution."""
    cast = ChapterCast(12, 6)
    cast.add("Serena", (2, 2), "hunters", weapons=(), movement=4)
    cast.add("Blocker", (4, 2), "hunters")
    cast.add("Niles", (9, 4), "assassin")
    grab = Action(K.RETRIEVE, item=cast.drop(STUN_BATON, (6, 2), owner="Serena"))
    far = cast.order("Serena", grab)
    assert validate_order(cast.world, cast.board, far) == [
        "Retrieve Weapon: the stun baton at (6, 2) is not on or next to (2, 2)"
    ]
    near = cast.order("Serena", grab, path=((3, 2), (4, 3), (5, 2)))
    assert validate_order(cast.world, cast.board, near) == []
    # At resolution: the Blocker (faster) steps onto her path, she stops short and cannot reach it.
    dice = ScriptedDice()
    events = play(
        cast,
        dice,
        near,
        cast.order("Blocker", path=((4, 3),)),
        timing=["Blocker", "Serena", "Niles"],
    )
    (nullified,) = of_type(events, ActionNullified)
    assert (nullified.actor, nullified.reason) == ("Serena", "the stun baton is not on or next to you")
    assert of_type(events, WeaponRetrieved) == []
    assert cast.world.get(cast["Serena"], Equipment).weapons == ()


def test_retrieve_weapon_after_a_rolled_move_is_forecast_at_the_chance_the_move_gets_there() -> None:
    """A Retreat's metres are rolled: where the roll falls short of the weapon the pick-up is
    nullified, so the forecast gives it the chance the move ends beside the weapon, not
    certainty (the AI weighs a weapon back in hand by that chance)."""
    cast = ChapterCast(16, 6)
    cast.add("Serena", (6, 2), "hunters", weapons=(), movement=4)
    cast.add("Niles", (7, 2), "assassin")
    baton = cast.drop(STUN_BATON, (1, 2), owner="Serena")
    grab = Action(K.RETRIEVE, item=baton)
    run = cast.order("Serena", cast.act(K.RETREAT), grab, path=((5, 2), (4, 2), (3, 2), (2, 2)))
    assert validate_order(cast.world, cast.board, run) == []
    orders = {cast["Serena"]: run}
    ways = movement_outcomes(cast.world, cast.board, cast["Serena"], run)
    beside = sum((w.probability for w in ways if abs(w.tile[0] - 1) <= 1), Fraction(0))
    assert 0 < beside < 1
    (_, fc) = forecast_order(cast.world, cast.board, orders, cast["Serena"])
    assert (fc.success, fc.nullified) == (beside, 1 - beside)
    assert fc.reason == "the move may end short of the stun baton"
    # A plain walk beside it is certain.
    cast.world.set(cast["Niles"], Position(12, 4))
    walk = cast.order("Serena", grab, path=((5, 2), (4, 2), (3, 2), (2, 2)))
    (fc,) = forecast_order(cast.world, cast.board, {cast["Serena"]: walk}, cast["Serena"])
    assert (fc.success, fc.nullified) == (1, 0)


def test_a_pick_up_is_forecast_against_those_with_better_timing_who_reach_for_it_too() -> None:
    """CO.10 Ex. 6: with several hands reaching for a weapon, the best Timing gets it.  The
    forecast counts it: nullified for sure when a better-timed rival stands beside it, at the
    chance a rival's rolled run falls short when it Sprints to it, and not at all for a
    rival with worse Timing or with no hand free for it."""
    cast = ChapterCast(16, 6)
    cast.add("Serena", (2, 3), "hunters", weapons=())
    cast.add("Niles", (7, 2), "assassin", weapons=(), movement=4)
    cast.add("Omar", (12, 4), "hunters")
    baton = cast.drop(STUN_BATON, (1, 2), owner="Serena")
    grab = Action(K.RETRIEVE, item=baton)
    mine = cast.order("Serena", grab)
    serena, niles = cast["Serena"], cast["Niles"]

    def serenas(theirs: Order, timing: list[int]):  # noqa: ANN202
        orders = {niles: theirs, serena: mine}
        return forecast_order(cast.world, cast.board, orders, serena, timing=timing)[0]

    beside = cast.order("Niles", grab, path=((6, 2), (5, 2), (4, 2), (3, 2), (2, 2)))
    cast.world.set(niles, Position(2, 1))
    first = serenas(cast.order("Niles", grab), [niles, serena])
    assert (first.success, first.nullified) == (0, 1)
    assert first.reason == "Niles, with better Timing, will get to it first"
    assert serenas(cast.order("Niles", grab), [serena, niles]).nullified == 0  # she resolves first

    cast.world.set(niles, Position(7, 2))
    run = cast.order("Niles", cast.act(K.SPRINT), grab, path=beside.path)
    ways = movement_outcomes(cast.world, cast.board, niles, run)
    there = sum(
        (w.probability for w in ways if abs(w.tile[0] - 1) <= 1 and abs(w.tile[1] - 2) <= 1), Fraction(0)
    )
    assert 0 < there < 1
    raced = serenas(run, [niles, serena])
    assert (raced.success, raced.nullified) == (1 - there, there)
    assert raced.reason == "Niles, with better Timing, may get to it first"

    cast.world.set(niles, Position(2, 1))
    cast.world.set(niles, Equipment((DAGGER, SWORD)))  # both hands full: he cannot take it
    assert serenas(cast.order("Niles", grab), [niles, serena]).nullified == 0


def test_brawling_is_refused_while_holding_a_melee_weapon() -> None:
    """CO.11: Brawling is fighting without weapons; with a sword in hand, Strike."""
    cast = Cast()
    cast.add("Omar", (3, 3), "a")
    cast.add("Niles", (4, 3), "b")
    order = cast.order("Omar", cast.act(K.BRAWLING, "Niles"))
    assert validate_order(cast.world, cast.board, order) == [
        "Brawling is fighting without weapons; you hold a sword (Strike instead)"
    ]
    cast.world.set(cast["Omar"], Equipment((BLASTER,)))  # a missile weapon is no melee weapon
    assert validate_order(cast.world, cast.board, order) == []
