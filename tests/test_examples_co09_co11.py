"""The combat chapter's worked EXAMPLE blocks, CO.09 Feint, CO.10 Disarm, CO.11 Brawling.

Real rounds with scripted dice keyed "Name:Action"; every scripted die must be
used.  Hypothetical examples ("Had Omar's Feint failed …") are played by
scripting the dice that make them happen.  `timing=` is best first; the
chapter's printed "Timing Order" lists are worst first (CO.10 Ex. 5: "Since
Niles' Timing Score was lowest, he has to reveal his Strategy first").
"""

from __future__ import annotations

import pytest

from game.core.geometry import chebyshev
from game.rules.called_shots import called_shot
from game.rules.dice import ScriptedDice
from game.rules.events import (
    ActionIgnored,
    ActionNullified,
    Event,
    Hit,
    OrderDeclared,
    TimingOrderSet,
    WeaponDropped,
    WeaponRetrieved,
)
from game.rules.orders import Action, ActionKind
from game.rules.round import OrderRejected
from game.rules.validate import validate_order
from game.world import Equipment, Item, Position
from tests.builders import (
    FORCE_BLADE,
    HUNTING_RIFLE,
    STUN_BATON,
    ChapterCast,
    bounty_hunt,
    log_text,
    of_type,
    rolls,
    the_roll,
)

STRIKE = ActionKind.STRIKE
FEINT = ActionKind.FEINT
DISARM = ActionKind.DISARM


def weapons_of(cast: ChapterCast, name: str) -> list[str]:
    """Names of the weapons a combatant holds."""
    return [w.name for w in cast.world.get(cast[name], Equipment).weapons]


def items_on_ground(cast: ChapterCast) -> dict[str, tuple[int, int]]:
    """Dropped weapons by name, with their tiles."""
    return {item.weapon.name: pos.tile for _, item, pos in cast.world.query(Item, Position)}


# -------------------------------------------------------------------------- CO.09 Feint


def _omar_feints_niles(
    feint_die: int, strike_die: int, extra: dict[str, list[int]] | None = None
) -> tuple[ScriptedDice, list[Event]]:
    """Omar (Strike 6, Feint 4) declares a Feint and a Strike on Niles, who does nothing."""
    cast = bounty_hunt("Omar", "Niles")
    dice = ScriptedDice(keyed={"Omar:Feint": [feint_die], "Omar:Strike": [strike_die], **(extra or {})})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(FEINT, "Niles"), cast.act(STRIKE, "Niles")),
        timing=["Niles", "Omar"],
    )
    return dice, events


def test_co09_ex1_omar_feints_then_strikes_at_9_and_rolls_10() -> None:
    """Feint 4 − 1 = 3 (rolls 3: success); Strike 6 − 1 + 4 [Feint stat] = 9; rolls 10."""
    dice, events = _omar_feints_niles(3, 10)
    feint = the_roll(events, "Omar", "Feint")
    assert feint.breakdown.text() == "4 [Feint] − 1 [Action Penalty] = 3"
    assert (feint.die, feint.outcome) == (3, "success")
    strike = the_roll(events, "Omar", "Strike")
    # The Feint Bonus is the Feint *stat* (4), not the Feint roll (3).
    assert strike.breakdown.text() == "6 [Strike] − 1 [Action Penalty] + 4 [Feint Bonus] = 9"
    assert (strike.die, strike.outcome) == (10, "miss")
    assert dice.unused() == {}


@pytest.mark.parametrize(("strike_die", "outcome"), [(5, "hit"), (6, "miss")])
def test_co09_ex2_had_the_feint_failed_omar_needs_5(strike_die: int, outcome: str) -> None:
    """The text: "Had Omar's Feint roll failed, he would have needed to roll 5 or less": 6 − 1 = 5."""
    extra = {"Niles:Withstand Injury": [1]} if outcome == "hit" else {}
    dice, events = _omar_feints_niles(4, strike_die, extra)  # 4 > 3: the Feint fails
    assert the_roll(events, "Omar", "Feint").outcome == "failure"
    strike = the_roll(events, "Omar", "Strike")
    assert strike.breakdown.text() == "6 [Strike] − 1 [Action Penalty] = 5"
    assert (strike.die, strike.outcome) == (strike_die, outcome)
    assert dice.unused() == {}


def _frederic_and_dirk() -> ChapterCast:
    cast = ChapterCast(12, 12)
    cast.add_chapter("Frederic", (4, 5))
    cast.add_chapter("Dirk", (5, 5))
    return cast


@pytest.mark.parametrize(("first_die", "first"), [(11, "hit"), (12, "miss")])
def test_co09_ex3_one_feint_modifies_only_the_first_of_two_strikes(first_die: int, first: str) -> None:
    """Feint 6 − 2 = 4 (rolls 4); first Strike 8 + 6 − 2 = 12, second Strike 8 − 2 = 6.

    "He needs to roll 12 or less" — but a 12 still always fails (CO.06), so the
    first Strike hits on 1–11 only.
    """
    cast = _frederic_and_dirk()
    keyed = {"Frederic:Feint": [4], "Frederic:Strike": [first_die, 7]}
    if first == "hit":
        keyed["Dirk:Withstand Injury"] = [1]
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(
        dice,
        cast.order("Frederic", cast.act(FEINT, "Dirk"), cast.act(STRIKE, "Dirk"), cast.act(STRIKE, "Dirk")),
        timing=["Dirk", "Frederic"],
    )
    feint = the_roll(events, "Frederic", "Feint")
    assert feint.breakdown.text() == "6 [Feint] − 2 [Action Penalty] = 4"
    assert (feint.die, feint.outcome) == (4, "success")
    first_strike, second_strike = rolls(events, "Frederic", "Strike")
    # The book writes 8 [Strike] + 6 [Feint Bonus] − 2 [Action Penalty] = 12: same terms.
    assert first_strike.breakdown.text() == "8 [Strike] − 2 [Action Penalty] + 6 [Feint Bonus] = 12"
    assert (first_strike.die, first_strike.outcome) == (first_die, first)
    assert second_strike.breakdown.text() == "8 [Strike] − 2 [Action Penalty] = 6"
    assert (second_strike.die, second_strike.outcome) == (7, "miss")
    assert dice.unused() == {}


def test_co09_ex3_two_feints_serve_two_strikes_respectively() -> None:
    """The text: "To enjoy Feint Bonuses on both his Strikes, Frederic needed to declare two Feints";
    the second Feint fails here, so only the first Strike gets the bonus."""
    cast = _frederic_and_dirk()
    dice = ScriptedDice(
        keyed={"Frederic:Feint": [2, 9], "Frederic:Strike": [11, 6], "Dirk:Withstand Injury": [1]}
    )
    events = cast.play(
        dice,
        cast.order(
            "Frederic",
            cast.act(FEINT, "Dirk"),
            cast.act(FEINT, "Dirk"),
            cast.act(STRIKE, "Dirk"),
            cast.act(STRIKE, "Dirk"),
        ),
        timing=["Dirk", "Frederic"],
    )
    assert [f.outcome for f in rolls(events, "Frederic", "Feint")] == ["success", "failure"]
    strikes = rolls(events, "Frederic", "Strike")
    assert [s.breakdown.text() for s in strikes] == [
        "8 [Strike] − 3 [Action Penalty] + 6 [Feint Bonus] = 11",
        "8 [Strike] − 3 [Action Penalty] = 5",
    ]
    assert [s.outcome for s in strikes] == ["hit", "miss"]
    assert dice.unused() == {}


def test_co09_ex4_never_more_feints_than_strikes() -> None:
    """One Feint and two Strikes is legal; two Feints and one Strike is not."""
    cast = _frederic_and_dirk()
    legal = cast.order(
        "Frederic", cast.act(FEINT, "Dirk"), cast.act(STRIKE, "Dirk"), cast.act(STRIKE, "Dirk")
    )
    assert validate_order(cast.world, cast.board, legal) == []
    illegal = cast.order(
        "Frederic", cast.act(FEINT, "Dirk"), cast.act(FEINT, "Dirk"), cast.act(STRIKE, "Dirk")
    )
    assert validate_order(cast.world, cast.board, illegal) == ["more Feints (2) than Strikes (1)"]
    dice = ScriptedDice()
    with pytest.raises(OrderRejected, match=r"more Feints \(2\) than Strikes \(1\)"):
        cast.play(dice, illegal, timing=["Dirk", "Frederic"])


@pytest.mark.parametrize(("strike_die", "outcome"), [(7, "hit"), (8, "miss")])
def test_co09_ex5_feint_bonus_still_meets_the_dodge(strike_die: int, outcome: str) -> None:
    """8 [Strike] − 1 [Action Penalty] + 6 [Feint Bonus] − 6 [Dirk's Dodge] = 7."""
    cast = _frederic_and_dirk()
    keyed = {"Dirk:Dodge": [6], "Frederic:Feint": [3], "Frederic:Strike": [strike_die]}
    if outcome == "hit":
        keyed["Dirk:Withstand Injury"] = [1]
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(
        dice,
        cast.order("Frederic", cast.act(STRIKE, "Dirk"), cast.act(FEINT, "Dirk")),
        cast.order("Dirk", cast.act(ActionKind.DODGE)),
        timing=["Dirk", "Frederic"],  # "Dirk gets the best Timing Score"
    )
    dodge = the_roll(events, "Dirk", "Dodge")
    assert (dodge.breakdown.text(), dodge.die, dodge.outcome) == ("9 [Dodge] = 9", 6, "success")
    feint = the_roll(events, "Frederic", "Feint")
    assert (feint.breakdown.total, feint.die, feint.outcome) == (5, 3, "success")
    strike = the_roll(events, "Frederic", "Strike")
    assert (strike.die, strike.outcome) == (strike_die, outcome)
    assert (
        f"Frederic — Strike on Dirk: 8 [Strike] − 1 [Action Penalty] + 6 [Feint Bonus] − 6 [Dodge] = 7; "
        f"rolled {strike_die}: {outcome}"
    ) in log_text(events)
    assert dice.unused() == {}


def test_co09_ex6_a_weaponless_feint_can_be_impossible() -> None:
    """4 [Feint] − 1 [Action Penalty] − 5 [Weaponless Penalty] = −2: impossible, no die rolled.

    Without a weapon Omar cannot Strike; he attacks with Brawling (CO.06), and the
    Feint goes with that unarmed attack.
    """
    cast = bounty_hunt("Omar", "Niles", changes={"Omar": {"weapons": ()}})
    dice = ScriptedDice(keyed={"Omar:Brawling": [2]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(ActionKind.BRAWLING, "Niles"), cast.act(FEINT, "Niles")),
        timing=["Niles", "Omar"],
    )
    feint = the_roll(events, "Omar", "Feint")
    assert feint.breakdown.text() == "4 [Feint] − 1 [Action Penalty] − 5 [Weaponless Penalty] = −2"
    assert (feint.die, feint.outcome) == (None, "impossible")
    brawl = the_roll(events, "Omar", "Brawling")
    assert brawl.breakdown.text() == "2 [Brawling] − 1 [Action Penalty] = 1"  # no Feint Bonus
    assert (brawl.die, brawl.outcome) == (2, "miss")
    assert [key for key, _sides, _die in dice.log] == ["Omar:Brawling"]
    assert dice.unused() == {}


def test_co09_a_successful_unarmed_feint_serves_the_brawl() -> None:
    """The same Feint by a better feinter without a weapon: 9 − 1 − 5 = 3, and the Brawl
    gets the Feint Bonus."""
    cast = bounty_hunt("Omar", "Niles", changes={"Omar": {"weapons": (), "feint": 9, "brawling": 3}})
    dice = ScriptedDice(keyed={"Omar:Feint": [3], "Omar:Brawling": [12]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(ActionKind.BRAWLING, "Niles"), cast.act(FEINT, "Niles")),
        timing=["Niles", "Omar"],
    )
    feint = the_roll(events, "Omar", "Feint")
    assert (feint.breakdown.total, feint.outcome) == (3, "success")
    brawl = the_roll(events, "Omar", "Brawling")
    assert brawl.breakdown.text() == "3 [Brawling] − 1 [Action Penalty] + 9 [Feint Bonus] = 11"
    assert dice.unused() == {}


# ------------------------------------------------------------------------- CO.10 Disarm


def test_co10_ex1_niles_disarms_serena_through_her_grip() -> None:
    """Serena's Grip 7 rolls 3; Niles needs 7 [Disarm] − 3 [Grip Penalty] = 4; rolls 2."""
    cast = bounty_hunt("Niles", "Serena")
    dice = ScriptedDice(
        keyed={"Serena:Grip": [3], "Niles:Disarm": [2], "Disarm:distance": [2], "Disarm:tile": [5]}
    )
    events = cast.play(dice, cast.order("Niles", cast.act(DISARM, "Serena")), timing=["Serena", "Niles"])
    grip = the_roll(events, "Serena", "Grip")
    assert (grip.breakdown.text(), grip.die, grip.outcome) == ("7 [Grip] = 7", 3, "success")
    disarm = the_roll(events, "Niles", "Disarm")
    assert disarm.breakdown.text() == "7 [Disarm] − 3 [Grip Penalty] = 4"
    assert (disarm.die, disarm.outcome) == (2, "success")
    line = "Niles — Disarm on Serena: 7 [Disarm] − 3 [Grip Penalty] = 4; rolled 2: success"
    assert line in log_text(events)
    # "Serena loses her stun baton": it lands 2 tiles away ([design]: 1–3, d3).
    (dropped,) = of_type(events, WeaponDropped)
    assert (dropped.target, dropped.weapon) == ("Serena", "stun baton")
    assert weapons_of(cast, "Serena") == []
    assert items_on_ground(cast) == {"stun baton": dropped.tile}
    assert chebyshev(dropped.tile, (6, 5)) == 2
    assert dice.unused() == {}


def test_co10_ex2_a_grip_of_7_makes_the_disarm_impossible() -> None:
    """7 [Niles' Disarm] − 7 [Grip Penalty] = 0: no die is rolled, Serena keeps her baton."""
    cast = bounty_hunt("Niles", "Serena")
    dice = ScriptedDice(keyed={"Serena:Grip": [7]})
    events = cast.play(dice, cast.order("Niles", cast.act(DISARM, "Serena")), timing=["Serena", "Niles"])
    disarm = the_roll(events, "Niles", "Disarm")
    assert disarm.breakdown.text() == "7 [Disarm] − 7 [Grip Penalty] = 0"
    assert (disarm.die, disarm.outcome) == (None, "impossible")
    assert weapons_of(cast, "Serena") == ["stun baton"]
    assert dice.unused() == {}


@pytest.mark.parametrize(("die", "outcome"), [(2, "success"), (3, "failure")])
def test_co10_ex3_grip_and_dodge_penalties_add_up(die: int, outcome: str) -> None:
    """7 [Disarm] − 3 [Grip Penalty] − 2 [Defense Penalty] = 2."""
    cast = bounty_hunt("Niles", "Serena")
    keyed = {"Serena:Grip": [3], "Serena:Dodge": [2], "Niles:Disarm": [die]}
    if outcome == "success":
        keyed |= {"Disarm:distance": [1], "Disarm:tile": [1]}
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(
        dice,
        cast.order("Niles", cast.act(DISARM, "Serena")),
        cast.order("Serena", cast.act(ActionKind.DODGE)),
        timing=["Serena", "Niles"],
    )
    assert the_roll(events, "Serena", "Dodge").outcome == "success"
    disarm = the_roll(events, "Niles", "Disarm")
    assert disarm.breakdown.text() == "7 [Disarm] − 3 [Grip Penalty] − 2 [Dodge] = 2"
    assert (disarm.die, disarm.outcome) == (die, outcome)
    assert len(of_type(events, WeaponDropped)) == (outcome == "success")
    assert dice.unused() == {}


def test_co10_ex4_disarming_a_parrying_opponent_gets_plus_1() -> None:
    """Bruto (lowest Timing, declares first) Parries; Charles Disarms at 5 + 1 = 6."""
    cast = ChapterCast(12, 12)
    cast.add_chapter("Charles", (4, 5))
    cast.add_chapter("Bruto", (5, 5))
    dice = ScriptedDice(
        keyed={"Bruto:Grip": [9], "Charles:Disarm": [6], "Disarm:distance": [1], "Disarm:tile": [1]}
    )
    events = cast.play(
        dice,
        cast.order("Bruto", cast.act(ActionKind.PARRY)),
        cast.order("Charles", cast.act(DISARM, "Bruto")),
        timing=["Charles", "Bruto"],
    )
    assert [d.actor for d in of_type(events, OrderDeclared)] == ["Bruto", "Charles"]
    # The Parry does nothing against a Disarm (it is not rolled) but exposes the weapon.
    assert [(i.actor, i.action) for i in of_type(events, ActionIgnored)] == [("Bruto", "Parry")]
    assert rolls(events, "Bruto", "Parry") == []
    assert the_roll(events, "Bruto", "Grip").outcome == "failure"
    disarm = the_roll(events, "Charles", "Disarm")
    assert disarm.breakdown.text() == "5 [Disarm] + 1 [Parrying Target] = 6"
    assert (disarm.die, disarm.outcome) == (6, "success")
    assert weapons_of(cast, "Bruto") == []
    assert dice.unused() == {}


def test_co10_ex5_serena_retrieves_her_baton_first() -> None:
    """Timing Order (worst first) Niles, Omar, Serena.  Niles Strikes Serena, Omar Strikes
    Niles, Serena Dodges (at −1) and retrieves her weapon.  The Dodge fails; Serena gets her
    baton back first, Omar misses, Niles rolls 12."""
    cast = bounty_hunt(changes={"Serena": {"weapons": ()}})
    baton = cast.drop(STUN_BATON, (7, 5), owner="Serena")  # where Niles' Disarm left it
    dice = ScriptedDice(
        keyed={
            # "The assassin and the bounty hunters make their Timing rolls" (all Timing 3).
            "Serena:Timing": [10],
            "Omar:Timing": [6],
            "Niles:Timing": [2],
            "Serena:Dodge": [7],
            "Omar:Strike": [8],
            "Niles:Strike": [12],
        }
    )
    events = cast.play(
        dice,
        cast.order("Niles", cast.act(STRIKE, "Serena")),
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(ActionKind.DODGE), Action(ActionKind.RETRIEVE, item=baton)),
    )
    (timing,) = of_type(events, TimingOrderSet)
    assert timing.order == ("Serena", "Omar", "Niles")
    assert [d.actor for d in of_type(events, OrderDeclared)] == ["Niles", "Omar", "Serena"]
    dodge = the_roll(events, "Serena", "Dodge")
    assert (dodge.breakdown.text(), dodge.outcome) == ("3 [Dodge] − 1 [Action Penalty] = 2", "failure")
    # Resolution Stage, best Timing first: the retrieval, Omar's miss, Niles' 12.
    retrieved = next(i for i, e in enumerate(events) if isinstance(e, WeaponRetrieved))
    omar = events.index(the_roll(events, "Omar", "Strike"))
    niles = events.index(the_roll(events, "Niles", "Strike"))
    assert retrieved < omar < niles
    assert events[retrieved] == WeaponRetrieved("Serena", "stun baton", (7, 5))
    assert weapons_of(cast, "Serena") == ["stun baton"]
    assert items_on_ground(cast) == {}
    assert the_roll(events, "Omar", "Strike").outcome == "miss"
    niles_strike = the_roll(events, "Niles", "Strike")
    assert (niles_strike.breakdown.text(), niles_strike.die, niles_strike.outcome) == (
        "9 [Strike] = 9",
        12,
        "miss",
    )
    assert dice.unused() == {}


def test_co10_ex6_the_better_timing_gets_the_weapon() -> None:
    """Had Serena the lowest Timing Score, Niles would declare the retrieval too and get there
    first."""
    cast = bounty_hunt(changes={"Serena": {"weapons": ()}})
    baton = cast.drop(STUN_BATON, (6, 4), owner="Serena")  # next to both Serena and Niles
    dice = ScriptedDice()
    events = cast.play(
        dice,
        cast.order("Serena", Action(ActionKind.RETRIEVE, item=baton)),
        cast.order("Niles", Action(ActionKind.RETRIEVE, item=baton)),
        timing=["Niles", "Omar", "Serena"],
    )
    assert [d.actor for d in of_type(events, OrderDeclared)] == ["Serena", "Omar", "Niles"]
    assert of_type(events, WeaponRetrieved) == [WeaponRetrieved("Niles", "stun baton", (6, 4))]
    (nullified,) = of_type(events, ActionNullified)
    assert (nullified.actor, nullified.action) == ("Serena", "Retrieve Weapon")
    assert "better Timing" in nullified.reason
    assert weapons_of(cast, "Niles") == ["dagger", "stun baton"]
    assert dice.unused() == {}


def test_co10_ex7_no_disarm_from_50_metres_but_a_rifle_can_be_disarmed_in_melee() -> None:
    """An alien with a force blade cannot Disarm Alex 50 m away; in melee it can, even though
    she holds a missile weapon."""
    cast = ChapterCast(60, 5)
    cast.add("Alien", (2, 2), side="aliens", weapons=(FORCE_BLADE,))
    cast.add_chapter("Alex", (52, 2), weapons=(HUNTING_RIFLE,))
    far = cast.order("Alien", cast.act(DISARM, "Alex"))
    assert validate_order(cast.world, cast.board, far) == ["Alex will not be within reach (1 tile) of (2, 2)"]

    cast.world.set(cast["Alex"], Position(3, 2))  # "were Alex … in melee"
    assert validate_order(cast.world, cast.board, far) == []
    dice = ScriptedDice(
        keyed={"Alex:Grip": [5], "Alien:Disarm": [3], "Disarm:distance": [1], "Disarm:tile": [1]}
    )
    events = cast.play(dice, far, timing=["Alien", "Alex"])
    assert the_roll(events, "Alex", "Grip").outcome == "failure"  # 5 > 3 [Grip]
    assert the_roll(events, "Alien", "Disarm").breakdown.text() == "3 [Disarm] = 3"
    assert of_type(events, WeaponDropped)[0].weapon == "hunting rifle"
    assert weapons_of(cast, "Alex") == []
    assert dice.unused() == {}


@pytest.mark.parametrize(("die", "outcome"), [(1, "success"), (2, "failure")])
def test_co10_ex8_bare_handed_disarm(die: int, outcome: str) -> None:
    """7 [Niles' Disarm] − 3 [Grip Penalty] − 3 [Weaponless Penalty] = 1.

    (The engine prints the Weaponless Penalty before the Grip Penalty: same terms, same total.)
    """
    cast = bounty_hunt("Niles", "Serena", changes={"Niles": {"weapons": ()}})
    keyed = {"Serena:Grip": [3], "Niles:Disarm": [die]}
    if outcome == "success":
        keyed |= {"Disarm:distance": [1], "Disarm:tile": [1]}
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(dice, cast.order("Niles", cast.act(DISARM, "Serena")), timing=["Serena", "Niles"])
    disarm = the_roll(events, "Niles", "Disarm")
    assert disarm.breakdown.text() == "7 [Disarm] − 3 [Weaponless Penalty] − 3 [Grip Penalty] = 1"
    assert (disarm.die, disarm.outcome) == (die, outcome)
    assert weapons_of(cast, "Serena") == ([] if outcome == "success" else ["stun baton"])
    assert dice.unused() == {}


# ----------------------------------------------------------------------- CO.11 Brawling


def test_co11_bully_brawls_yobbo() -> None:
    """Bully (Brawling 4) attacks Yobbo bare-handed; no defence, so 4 or under; rolls 3."""
    cast = ChapterCast(12, 12)
    cast.add_chapter("Bully", (4, 5))
    cast.add_chapter("Yobbo", (5, 5))
    dice = ScriptedDice(keyed={"Bully:Brawling": [3], "Yobbo:Withstand Injury": [2]})
    events = cast.play(
        dice, cast.order("Bully", cast.act(ActionKind.BRAWLING, "Yobbo")), timing=["Bully", "Yobbo"]
    )
    brawl = the_roll(events, "Bully", "Brawling")
    assert (brawl.breakdown.text(), brawl.die, brawl.outcome) == ("4 [Brawling] = 4", 3, "hit")
    assert "Bully — Brawling on Yobbo: 4 [Brawling] = 4; rolled 3: hit" in log_text(events)
    assert of_type(events, Hit) == [Hit("Bully", "Yobbo", "torso", "bare hands")]
    assert dice.unused() == {}


# ----------------------------------------------------------- the story across the sections


def test_story_round_2_called_shot_feint_and_disarm_then_round_3_retrieval() -> None:
    """CO.08 Ex. 2, CO.09 Ex. 1 and CO.10 Ex. 1 describe one round from three sides; CO.10
    Ex. 5 is the next round.  Played in sequence on one world."""
    cast = bounty_hunt()
    dice = ScriptedDice(
        keyed={
            "Omar:Feint": [3],
            "Serena:Grip": [3],
            "Serena:Strike": [11],
            "Omar:Strike": [10, 8],
            "Niles:Disarm": [2],
            "Disarm:distance": [1],
            "Disarm:tile": [4],
            "Serena:Dodge": [7],
            "Niles:Strike": [12],
        }
    )
    round2 = cast.play(
        dice,
        cast.order("Niles", cast.act(DISARM, "Serena")),
        cast.order("Omar", cast.act(STRIKE, "Niles"), cast.act(FEINT, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles", called_shot("head"))),
        timing=["Serena", "Omar", "Niles"],
        number=2,
    )
    assert [(r.actor, r.action, r.breakdown.total, r.die, r.outcome) for r in rolls(round2)] == [
        ("Serena", "Grip", 7, 3, "success"),
        ("Omar", "Feint", 3, 3, "success"),
        ("Serena", "Strike, Called Shot (head)", 1, 11, "miss"),
        ("Omar", "Strike", 9, 10, "miss"),
        ("Niles", "Disarm", 4, 2, "success"),
    ]
    (dropped,) = of_type(round2, WeaponDropped)
    assert chebyshev(dropped.tile, (6, 5)) == 1
    (baton,) = (eid for eid, _item in cast.world.query(Item))

    round3 = cast.play(
        dice,
        cast.order("Niles", cast.act(STRIKE, "Serena")),
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(ActionKind.DODGE), Action(ActionKind.RETRIEVE, item=baton)),
        timing=["Serena", "Omar", "Niles"],
        number=3,
    )
    assert [type(e).__name__ for e in round3 if isinstance(e, WeaponRetrieved | Hit)] == ["WeaponRetrieved"]
    assert weapons_of(cast, "Serena") == ["stun baton"]
    assert [(r.actor, r.action, r.outcome) for r in rolls(round3)] == [
        ("Serena", "Dodge", "failure"),
        ("Omar", "Strike", "miss"),
        ("Niles", "Strike", "miss"),
    ]
    assert dice.unused() == {}
