"""The combat chapter's worked EXAMPLE blocks, CO.12–CO.18: Parry, Block, Dodge, Evade,
Movement, Sprint and Retreat.

Real rounds with scripted dice keyed "Name:Action"; every scripted die must be
used.  `timing=` is best first.  The chapter prints its "Timing Order" lists
worst first, in the order the combatants declare: in CO.13 ("Niles, Serena,
and Omar") Serena declares her Block after Niles' Strike and Omar resolves
before Niles; in CO.14 ("Omar, Serena, and Niles") Niles declares his Dodge
"in response".  The tests convert those lists.
"""

from __future__ import annotations

import pytest

from game.rules.dice import ScriptedDice
from game.rules.events import (
    ActionIgnored,
    ActionNullified,
    DefenseTotal,
    EvadeLimited,
    Event,
    Hit,
    Moved,
    OrderDeclared,
    TimingOrderSet,
)
from game.rules.orders import ActionKind
from game.rules.positions import range_band, tile_of
from game.rules.stats import max_movement_metres, movement_rate
from game.rules.validate import validate_order
from tests.builders import (
    BLASTER,
    FORCE_BLADE,
    SENTRY_LASER,
    ChapterCast,
    bounty_hunt,
    log_text,
    of_type,
    rolls,
    the_roll,
)

STRIKE = ActionKind.STRIKE


def east(start: tuple[int, int], tiles: int) -> tuple[tuple[int, int], ...]:
    """A straight path of `tiles` steps east (1 m each on these boards)."""
    return tuple((start[0] + i, start[1]) for i in range(1, tiles + 1))


# -------------------------------------------------------------------------- CO.12 Parry


def test_co12_ex1_niles_parries_both_bounty_hunters() -> None:
    """Niles (Parry 5) rolls 5: −5 to both.  Omar needs 6 − 5 = 1 and rolls 3;
    Serena's 5 − 5 = 0 fails automatically."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Parry": [5], "Omar:Strike": [3]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.PARRY)),
        timing=["Niles", "Omar", "Serena"],  # printed worst first: "Serena, Omar, Niles"
    )
    parry = the_roll(events, "Niles", "Parry")
    assert (parry.breakdown.text(), parry.die, parry.outcome) == ("5 [Parry] = 5", 5, "success")
    omar = the_roll(events, "Omar", "Strike")
    assert (omar.breakdown.text(), omar.die, omar.outcome) == ("6 [Strike] − 5 [Parry] = 1", 3, "miss")
    serena = the_roll(events, "Serena", "Strike")
    assert (serena.breakdown.text(), serena.die, serena.outcome) == (
        "5 [Strike] − 5 [Parry] = 0",
        None,
        "impossible",
    )
    assert "Serena — Strike on Niles: 5 [Strike] − 5 [Parry] = 0; impossible" in log_text(events)
    # Resolution in Timing order: Omar's roll comes before Serena's, as the text tells it.
    assert events.index(omar) < events.index(serena)
    assert dice.unused() == {}


def test_co12_ex2_an_unnecessary_parry_is_ignored_but_costs_its_action_penalty() -> None:
    """Serena declares a Strike and a Parry; nobody attacks her.  Her Parry is ignored (no
    roll, no penalty for anyone) and her Strike still takes −1."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Parry": [9], "Omar:Strike": [8], "Serena:Strike": [5]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles"), cast.act(ActionKind.PARRY)),
        cast.order("Niles", cast.act(ActionKind.PARRY)),
        timing=["Niles", "Omar", "Serena"],
    )
    assert [(i.actor, i.action) for i in of_type(events, ActionIgnored)] == [("Serena", "Parry")]
    assert rolls(events, "Serena", "Parry") == []
    assert the_roll(events, "Niles", "Parry").outcome == "failure"
    assert of_type(events, DefenseTotal) == []
    serena = the_roll(events, "Serena", "Strike")
    assert (serena.breakdown.text(), serena.outcome) == ("5 [Strike] − 1 [Action Penalty] = 4", "miss")
    assert the_roll(events, "Omar", "Strike").breakdown.text() == "6 [Strike] = 6"
    assert dice.unused() == {}


# -------------------------------------------------------------------------- CO.13 Block


def test_co13_serena_blocks_niles() -> None:
    """Serena (Block 4) rolls 1: −1.  Omar rolls 7 and misses.  Niles' Strike 9 is lowered
    to 8; he rolls 11."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Serena:Block": [1], "Omar:Strike": [7], "Niles:Strike": [11]})
    events = cast.play(
        dice,
        cast.order("Niles", cast.act(STRIKE, "Serena")),
        cast.order("Serena", cast.act(ActionKind.BLOCK)),
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        timing=["Omar", "Serena", "Niles"],  # printed worst first: "Niles, Serena, and Omar"
    )
    assert [d.actor for d in of_type(events, OrderDeclared)] == ["Niles", "Serena", "Omar"]
    block = the_roll(events, "Serena", "Block")
    assert (block.breakdown.text(), block.die, block.outcome) == ("4 [Block] = 4", 1, "success")
    assert [(t.actor, t.parts) for t in of_type(events, DefenseTotal)] == [("Serena", (("Block", 1),))]
    omar = the_roll(events, "Omar", "Strike")
    assert (omar.breakdown.text(), omar.die, omar.outcome) == ("6 [Strike] = 6", 7, "miss")
    niles = the_roll(events, "Niles", "Strike")
    assert (niles.breakdown.text(), niles.die, niles.outcome) == ("9 [Strike] − 1 [Block] = 8", 11, "miss")
    assert events.index(omar) < events.index(niles)
    assert "Niles — Strike on Serena: 9 [Strike] − 1 [Block] = 8; rolled 11: miss" in log_text(events)
    assert of_type(events, Hit) == []
    assert dice.unused() == {}


@pytest.mark.parametrize("defence", [ActionKind.BLOCK, ActionKind.DODGE])
def test_co13_co14_an_unnecessary_block_or_dodge_is_ignored_but_penalised(defence: ActionKind) -> None:
    """The text: "If a combatant declares a Block [Dodge] which becomes unnecessary because there is no
    attack to Block [Dodge], the Block [Dodge] is ignored.  Action Penalties apply normally."
    """
    cast = bounty_hunt("Niles", "Serena")
    dice = ScriptedDice(keyed={"Serena:Strike": [9]})
    events = cast.play(
        dice,
        cast.order("Serena", cast.act(STRIKE, "Niles"), cast.act(defence)),
        timing=["Serena", "Niles"],
    )
    assert [(i.actor, i.action) for i in of_type(events, ActionIgnored)] == [("Serena", defence.label)]
    assert the_roll(events, "Serena", "Strike").breakdown.text() == "5 [Strike] − 1 [Action Penalty] = 4"
    assert dice.unused() == {}


# -------------------------------------------------------------------------- CO.14 Dodge


def test_co14_niles_dodges_both_bounty_hunters() -> None:
    """Niles (Dodge 8) rolls 5: Serena (Strike 5) cannot hit at all; Omar needs 1, rolls 6."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Dodge": [5], "Omar:Strike": [6]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE)),
        timing=["Niles", "Serena", "Omar"],  # printed worst first: "Omar, Serena, and Niles"
    )
    assert [d.actor for d in of_type(events, OrderDeclared)] == ["Omar", "Serena", "Niles"]
    dodge = the_roll(events, "Niles", "Dodge")
    assert (dodge.breakdown.text(), dodge.die, dodge.outcome) == ("8 [Dodge] = 8", 5, "success")
    serena = the_roll(events, "Serena", "Strike")
    assert (serena.breakdown.text(), serena.outcome) == ("5 [Strike] − 5 [Dodge] = 0", "impossible")
    omar = the_roll(events, "Omar", "Strike")
    assert (omar.breakdown.text(), omar.die, omar.outcome) == ("6 [Strike] − 5 [Dodge] = 1", 6, "miss")
    assert "Omar — Strike on Niles: 6 [Strike] − 5 [Dodge] = 1; rolled 6: miss" in log_text(events)
    assert dice.unused() == {}


# -------------------------------------------------------------------------- CO.15 Evade


def _alex_evades_the_sentry(steps: int, **alex: object) -> tuple[ChapterCast, ScriptedDice, list[Event]]:
    """Alex Evades (rolling 3) and walks `steps` m north; the sentry laser, 13 m east, fires."""
    cast = ChapterCast(30, 12)
    cast.add_chapter("Alex", (2, 8), **alex)
    cast.add("Sentry Laser", (15, 8), side="aliens", weapons=(SENTRY_LASER,), missile_beam=8)  # 13 m
    path = tuple((2, 8 - i) for i in range(1, steps + 1))  # north, 1 m a step
    dice = ScriptedDice(keyed={"Alex:Evade": [3], "Sentry Laser:Missile Strike": [11]})
    events = cast.play(
        dice,
        cast.order("Alex", cast.act(ActionKind.EVADE), path=path),
        cast.order("Sentry Laser", cast.act(ActionKind.MISSILE_STRIKE, "Alex")),
        timing=["Alex", "Sentry Laser"],
    )
    return cast, dice, events


@pytest.mark.parametrize(("metres", "penalty"), [(3, 3), (2, 2), (1, 1)])
def test_co15_alex_evades_the_sentry_laser(metres: int, penalty: int) -> None:
    """Evade 5, rolls 3: −3 if Alex moves 3 m; moving only 1 or 2 m imposes only −1 or −2."""
    cast, dice, events = _alex_evades_the_sentry(metres)
    evade = the_roll(events, "Alex", "Evade")
    assert (evade.breakdown.text(), evade.die, evade.outcome) == ("5 [Evade] = 5", 3, "success")
    (moved,) = of_type(events, Moved)
    assert moved.metres == pytest.approx(metres)
    assert [(t.actor, t.parts) for t in of_type(events, DefenseTotal)] == [("Alex", (("Evade", penalty),))]
    assert f"Alex Defense Penalties: {penalty} [Evade] = {penalty}" in log_text(events)
    shot = the_roll(events, "Sentry Laser", "Missile Strike")
    assert shot.breakdown.text() == f"8 [Missile Strike (Beam)] − {penalty} [Evade] = {8 - penalty}"
    limited = of_type(events, EvadeLimited)
    if penalty < 3:
        assert [i.text() for i in limited] == [
            f"Alex — Evade 3 limited to {penalty}: only {metres}.0 m moved"
        ]
    else:
        assert limited == []
    assert dice.unused() == {}


def test_co15_moving_further_than_the_roll_does_not_raise_the_penalty() -> None:
    """The Defense Penalty is the Evade roll; extra metres do not add to it."""
    cast, dice, events = _alex_evades_the_sentry(4, movement=4)
    assert [(t.actor, t.parts) for t in of_type(events, DefenseTotal)] == [("Alex", (("Evade", 3),))]
    assert dice.unused() == {}


def test_co15_an_unnecessary_evade_is_ignored_but_penalised() -> None:
    """The text: "If a combatant declares an Evade which becomes unnecessary because there is no attack
    to Evade, the Evade is ignored.  Action Penalties apply normally."
    """
    cast = ChapterCast(40, 12)
    cast.add_chapter("Alex", (2, 8))
    cast.add("Alien", (20, 8), side="aliens", weapons=(FORCE_BLADE,), stamina=6)  # 18 m: medium
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [12]})
    events = cast.play(
        dice,
        cast.order(
            "Alex", cast.act(ActionKind.MISSILE_STRIKE, "Alien"), cast.act(ActionKind.EVADE), path=((2, 7),)
        ),
        timing=["Alex", "Alien"],
    )
    assert [(i.actor, i.action) for i in of_type(events, ActionIgnored)] == [("Alex", "Evade")]
    assert rolls(events, "Alex", "Evade") == []
    shot = the_roll(events, "Alex", "Missile Strike")
    assert shot.breakdown.text() == (
        "10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] − 3 [Medium Range] = 6"
    )
    assert dice.unused() == {}


def test_co15_no_evade_in_melee() -> None:
    """The text: "You cannot Evade if you are engaged in Melee combat." (CO.15)"""
    cast = ChapterCast(12, 12)
    cast.add_chapter("Alex", (4, 5))
    cast.add("Alien", (5, 5), side="aliens")
    order = cast.order("Alex", cast.act(ActionKind.EVADE), path=((4, 4),))
    assert "cannot Evade while engaged in melee with Alien" in validate_order(cast.world, cast.board, order)


# ----------------------------------------------------------------------- CO.16 Movement


def test_co16_ixna_moves_5_m_despite_its_injury_and_without_action_penalty() -> None:
    """IX/N(a) (Movement 5, −1 Injury Penalty) can move up to 5 m; moving is not an action."""
    cast = ChapterCast(30, 6)
    cast.add_chapter("IX/N(a)", (1, 2), weapons=(BLASTER,))
    cast.add("Perp", (16, 2), side="perps")
    ixna = cast["IX/N(a)"]
    assert movement_rate(cast.world, ixna).text() == "5 [Movement] = 5"  # no Injury Penalty
    walk = cast.order("IX/N(a)", cast.act(ActionKind.MISSILE_STRIKE, "Perp"), path=east((1, 2), 5))
    assert max_movement_metres(cast.world, ixna, walk) == 5.0
    assert walk.action_penalty == 0
    assert validate_order(cast.world, cast.board, walk) == []
    too_far = cast.order("IX/N(a)", path=east((1, 2), 6))
    assert validate_order(cast.world, cast.board, too_far) == ["path is 6.0 m but you may move at most 5.0 m"]

    dice = ScriptedDice(keyed={"IX/N(a):Missile Strike": [12]})
    events = cast.play(dice, walk, timing=["IX/N(a)", "Perp"])
    (moved,) = of_type(events, Moved)
    assert (moved.mode, moved.metres, tile_of(cast.world, ixna)) == ("walk", pytest.approx(5.0), (6, 2))
    # The shot it takes while moving has the Injury Penalty but no Action Penalty.
    shot = the_roll(events, "IX/N(a)", "Missile Strike")
    assert shot.breakdown.text() == "3 [Missile Strike (Beam)] − 1 [Injury Penalty] = 2"
    assert dice.unused() == {}


# ------------------------------------------------------------------- CO.17 Sprint Movement


@pytest.mark.parametrize(("die", "metres"), [(2, 7), (5, 5)])
def test_co17_ex1_ixna_sprints_7_m(die: int, metres: int) -> None:
    """5 [Movement] − 1 [Injury Penalty] = 4; rolls 2: 5 + 2 = 7 m.  "If it fails, she will
    only move 5 m" (a 5 fails)."""
    cast = ChapterCast(20, 6)
    ixna = cast.add_chapter("IX/N(a)", (1, 2))
    sprint = cast.order("IX/N(a)", cast.act(ActionKind.SPRINT), path=east((1, 2), 9))
    assert sprint.action_penalty == 0  # "It declares no other action"
    assert max_movement_metres(cast.world, ixna, sprint) == 9.0  # the path may be as long as 5 + 4
    dice = ScriptedDice(keyed={"IX/N(a):Sprint": [die]})
    events = cast.play(dice, sprint, timing=["IX/N(a)"])
    roll = the_roll(events, "IX/N(a)", "Sprint")
    assert roll.breakdown.text() == "5 [Movement] − 1 [Injury Penalty] = 4"
    assert (roll.die, roll.outcome) == (die, "success" if metres == 7 else "failure")
    (moved,) = of_type(events, Moved)
    assert (moved.mode, moved.metres, moved.allowed) == ("sprint", pytest.approx(metres), metres)
    assert tile_of(cast.world, ixna) == (1 + metres, 2)
    if metres == 7:
        assert moved.note == "5 [Movement] + 2 [Sprint roll] = 7 m; stopped: out of metres"
        log = log_text(events)
        assert "IX/N(a) — Sprint: 5 [Movement] − 1 [Injury Penalty] = 4; rolled 2: success" in log
        assert "IX/N(a) sprints 7.0 m of 7.0 m (1, 2) → (8, 2)" in log
    assert dice.unused() == {}


@pytest.mark.parametrize(("die", "escapes"), [(2, True), (5, False)])
def test_co17_ex2_ixna_sprints_out_of_blaster_range(die: int, escapes: bool) -> None:
    """At long range of a blaster (100 m), a 7 m Sprint takes IX/N(a) out of range before the
    Resolution Stage: the declared shot cannot hit.  (A failed Sprint, 5 m, does not.)"""
    cast = ChapterCast(110, 5)
    cast.add("Gunman", (0, 2), side="perps", weapons=(BLASTER,), missile_beam=9)
    ixna = cast.add_chapter("IX/N(a)", (94, 2))
    assert range_band(cast.board.distance((0, 2), (94, 2)), BLASTER) == ("long", -6, "Long Range")
    keyed = {"IX/N(a):Sprint": [die]}
    if not escapes:
        keyed["Gunman:Missile Strike"] = [4]
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(
        dice,
        cast.order("IX/N(a)", cast.act(ActionKind.SPRINT), path=east((94, 2), 9)),
        cast.order("Gunman", cast.act(ActionKind.MISSILE_STRIKE, "IX/N(a)")),
        timing=["Gunman", "IX/N(a)"],  # even with the better Timing, the shot comes after the Sprint
    )
    if escapes:
        assert tile_of(cast.world, ixna) == (101, 2)
        (nullified,) = of_type(events, ActionNullified)
        assert (nullified.actor, nullified.action, nullified.target) == (
            "Gunman",
            "Missile Strike",
            "IX/N(a)",
        )
        assert nullified.reason == "IX/N(a) is out of range (101.0 m)"
        assert rolls(events, "Gunman") == []
    else:
        assert tile_of(cast.world, ixna) == (99, 2)
        shot = the_roll(events, "Gunman", "Missile Strike")
        assert shot.breakdown.text() == "9 [Missile Strike (Beam)] − 6 [Long Range] = 3"
        assert (shot.die, shot.outcome) == (4, "miss")
    assert dice.unused() == {}


def test_co17_no_sprint_out_of_melee() -> None:
    """The text: "Characters cannot Sprint out of melee": they Retreat."""
    cast = bounty_hunt("Niles", "Serena")
    sprint = cast.order("Serena", cast.act(ActionKind.SPRINT), path=east((6, 5), 3))
    assert "cannot Sprint while engaged in melee with Niles (Retreat instead)" in validate_order(
        cast.world, cast.board, sprint
    )


# ------------------------------------------------------------------------ CO.18 Retreat


def _serena_retreats(
    retreat_die: int, extra: dict[str, list[int]]
) -> tuple[ChapterCast, ScriptedDice, list[Event]]:
    """CO.18 Ex. 1's round with Serena's Retreat rolling `retreat_die`."""
    cast = bounty_hunt()
    dice = ScriptedDice(
        keyed={
            # "The combatants make their Timing rolls" (Timing 3 each): Serena best, then Niles, Omar.
            "Serena:Timing": [9],
            "Niles:Timing": [5],
            "Omar:Timing": [1],
            "Niles:Parry": [8],
            "Serena:Retreat": [retreat_die],
            "Omar:Strike": [9],
            **extra,
        }
    )
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.PARRY), cast.act(STRIKE, "Serena")),
        cast.order("Serena", cast.act(ActionKind.RETREAT), path=east((6, 5), 8)),
    )
    return cast, dice, events


def test_co18_ex1_serena_retreats_7_m_and_niles_strike_is_nullified() -> None:
    """Niles fails his Parry (at −1); Serena (Movement 4) rolls 3 and moves 4 + 3 = 7 m.
    Niles' Strike on her is nullified; Omar's Strike on Niles misses."""
    cast, dice, events = _serena_retreats(3, {})
    (timing,) = of_type(events, TimingOrderSet)
    assert timing.order == ("Serena", "Niles", "Omar")
    assert [(d.actor, d.action_penalty) for d in of_type(events, OrderDeclared)] == [
        ("Omar", 0),
        ("Niles", -1),
        ("Serena", 0),
    ]
    parry = the_roll(events, "Niles", "Parry")
    assert (parry.breakdown.text(), parry.outcome) == ("5 [Parry] − 1 [Action Penalty] = 4", "failure")
    retreat = the_roll(events, "Serena", "Retreat")
    assert (retreat.breakdown.text(), retreat.die, retreat.outcome) == ("4 [Movement] = 4", 3, "success")
    (moved,) = of_type(events, Moved)
    assert (moved.mode, moved.metres, moved.allowed) == ("retreat", pytest.approx(7.0), 7.0)
    assert moved.note.startswith("4 [Movement] + 3 [Retreat roll] = 7 m")
    assert tile_of(cast.world, cast["Serena"]) == (13, 5)
    assert "Serena retreats 7.0 m of 7.0 m (6, 5) → (13, 5)" in log_text(events)
    (nullified,) = of_type(events, ActionNullified)
    assert (nullified.actor, nullified.action, nullified.target) == ("Niles", "Strike", "Serena")
    assert nullified.reason == "Serena Retreated out of melee"
    assert rolls(events, "Niles", "Strike") == []
    omar = the_roll(events, "Omar", "Strike")
    assert (omar.breakdown.text(), omar.outcome) == ("6 [Strike] = 6", "miss")
    assert dice.unused() == {}


def test_co18_a_failed_retreat_stays_in_melee() -> None:
    """The text: "If you fail your Movement roll, your character remains in melee": Serena rolls 5 > 4,
    does not move ([design] no movement at all) and Niles' Strike goes ahead."""
    cast, dice, events = _serena_retreats(5, {"Niles:Strike": [10]})
    assert the_roll(events, "Serena", "Retreat").outcome == "failure"
    assert tile_of(cast.world, cast["Serena"]) == (6, 5)
    (moved,) = of_type(events, Moved)
    assert (moved.metres, moved.note) == (0.0, "Retreat failed: stays in melee")
    assert of_type(events, ActionNullified) == []
    niles = the_roll(events, "Niles", "Strike")
    assert (niles.breakdown.text(), niles.outcome) == ("9 [Strike] − 1 [Action Penalty] = 8", "miss")
    assert dice.unused() == {}


def test_co18_a_retreat_nullifies_feints_and_disarms_too() -> None:
    """The text: "Retreating … nullifies all melee actions (melee Strikes, Feints, Brawls, and Disarm
    attacks) declared against you that round."  Serena has the better Timing and is gone
    before Niles would roll his Feint."""
    cast = bounty_hunt("Niles", "Serena")
    # Serena's own Modifier-Stage turn rolls her Grip against the declared Disarm before she
    # moves (docs/rulings.md: Feints, Grip, defences, then movement); the roll is moot.
    dice = ScriptedDice(keyed={"Serena:Retreat": [2], "Serena:Grip": [9]})
    events = cast.play(
        dice,
        cast.order(
            "Niles",
            cast.act(STRIKE, "Serena"),
            cast.act(ActionKind.FEINT, "Serena"),
            cast.act(ActionKind.DISARM, "Serena"),
        ),
        cast.order("Serena", cast.act(ActionKind.RETREAT), path=east((6, 5), 8)),
        timing=["Serena", "Niles"],
    )
    assert [(n.action, n.target) for n in of_type(events, ActionNullified)] == [
        ("Feint", "Serena"),
        ("Strike", "Serena"),
        ("Disarm", "Serena"),
    ]
    assert rolls(events, "Niles") == []
    assert dice.unused() == {}
