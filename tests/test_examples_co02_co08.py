"""The combat chapter's worked EXAMPLE blocks, CO.02–CO.08, played with scripted dice.

Each test sets up what the example describes, runs real rounds (or the sheet
functions, where the example is arithmetic on a sheet) and checks the numbers
the text prints.  Dice are keyed "Name:Action" and every scripted die must be
used, so a test fails if the engine stops (or starts) rolling something.

Timing orders given to `timing=` are best first.  Where the chapter lists a
"Timing Order" it lists it worst first (the order of declaration: CO.10 Ex. 5
says so), and the tests convert.
"""

from __future__ import annotations

import pytest

from game.core.equipment import MissileKind
from game.core.sheet import COMBAT_SKILLS, Sheet
from game.rules.called_shots import called_shot
from game.rules.dice import ScriptedDice
from game.rules.events import DefenseTotal, Event, Hit, Injured, OrderDeclared
from game.rules.orders import ActionKind
from game.rules.stats import missile_roll
from game.rules.validate import validate_order
from tests.builders import (
    DISINTEGRATOR,
    FORCE_BLADE,
    ChapterCast,
    bounty_hunt,
    log_text,
    of_type,
    rolls,
    the_roll,
)

STRIKE = ActionKind.STRIKE
MISSILE = ActionKind.MISSILE_STRIKE


# ---------------------------------------------------------------- CO.02 Combat Composite


def test_co02_omar_combat_composite_rounds_down_without_favorable_rounding() -> None:
    """Vigor 2 + Agility 3 = 5, / 2 = 2.5; Luck 2 gives no Favorable Rounding, so 2."""
    omar = Sheet(vigor=2, agility=3, luck=2)
    assert not omar.has_favorable_rounding
    assert omar.combat_composite == 2
    # CO.03: the Combat Composite is the starting stat of every Combat Skill.
    assert {omar.skill(name) for name in COMBAT_SKILLS} == {2}
    # The same 2.5 rounds up for a character who has Favorable Rounding.
    assert Sheet(vigor=2, agility=3, luck=2, favorable_rounding=True).combat_composite == 3
    assert Sheet(vigor=2, agility=3, luck=4).combat_composite == 3  # [design] Luck ≥ 4


def test_co02_chapter_cast_omar_has_composite_2() -> None:
    cast = bounty_hunt("Omar")
    sheet = cast.world.get(cast["Omar"], Sheet)
    assert sheet.combat_composite == 2
    assert sheet.skill("brawling") == 2  # not raised on his sheet: still the Composite


# --------------------------------------------------- CO.05 Offensive and Defensive Skills


def test_co05_ex1_offensive_skills_have_a_target_and_may_be_repeated() -> None:
    """Omar and Serena declare one Strike each on Niles; Niles declares a Dodge."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Dodge": [4], "Serena:Strike": [9], "Omar:Strike": [11]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE)),
        timing=["Niles", "Serena", "Omar"],  # CO.05 Ex. 2: Niles had the best Timing Score
    )
    strikes = rolls(events, action="Strike")
    assert [(r.actor, r.target) for r in strikes] == [("Serena", "Niles"), ("Omar", "Niles")]
    # One action each: nobody pays an Action Penalty.
    assert {d.actor: d.action_penalty for d in of_type(events, OrderDeclared)} == {
        "Omar": 0,
        "Serena": 0,
        "Niles": 0,
    }
    # The Dodge has no target.
    assert the_roll(events, "Niles", "Dodge").target is None
    assert dice.unused() == {}

    # "They could have declared two, three, or more Strikes this round."
    three = cast.order("Omar", *(cast.act(STRIKE, "Niles") for _ in range(3)))
    assert validate_order(cast.world, cast.board, three) == []
    assert three.action_penalty == -2


def test_co05_ex2_one_dodge_penalises_every_attacker() -> None:
    """Niles' Dodge creates a −4 Defense Penalty that applies to both Omar and Serena."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Dodge": [4], "Serena:Strike": [9], "Omar:Strike": [11]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE)),
        timing=["Niles", "Serena", "Omar"],
    )
    dodge = the_roll(events, "Niles", "Dodge")
    assert dodge.breakdown.text() == "8 [Dodge] = 8"
    assert (dodge.die, dodge.outcome) == (4, "success")
    assert [(t.actor, t.parts) for t in of_type(events, DefenseTotal)] == [("Niles", (("Dodge", 4),))]
    assert the_roll(events, "Omar", "Strike").breakdown.text() == "6 [Strike] − 4 [Dodge] = 2"
    assert the_roll(events, "Serena", "Strike").breakdown.text() == "5 [Strike] − 4 [Dodge] = 1"
    assert dice.unused() == {}


def test_co05_ex2_dodge_and_parry_doubles_up_at_an_action_penalty() -> None:
    """The text: "Niles could have chosen to … Dodge once and Parry once": a bigger Defense Penalty,
    but both rolls take a −1 Action Penalty."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Dodge": [4], "Niles:Parry": [3]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE), cast.act(ActionKind.PARRY)),
        timing=["Niles", "Serena", "Omar"],
    )
    assert the_roll(events, "Niles", "Dodge").breakdown.text() == "8 [Dodge] − 1 [Action Penalty] = 7"
    assert the_roll(events, "Niles", "Parry").breakdown.text() == "5 [Parry] − 1 [Action Penalty] = 4"
    omar = the_roll(events, "Omar", "Strike")
    assert omar.breakdown.text() == "6 [Strike] − 4 [Dodge] − 3 [Parry] = −1"
    assert (omar.die, omar.outcome) == (None, "impossible")
    assert the_roll(events, "Serena", "Strike").outcome == "impossible"
    assert dice.unused() == {}


def test_co05_ex2b_two_successful_dodges_add_up() -> None:
    """Two Dodges rolled 4 and 2: −4 + −2 = −6 Defense Penalty."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={"Niles:Dodge": [4, 2]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE), cast.act(ActionKind.DODGE)),
        timing=["Niles", "Serena", "Omar"],
    )
    dodges = rolls(events, "Niles", "Dodge")
    assert [(d.die, d.outcome) for d in dodges] == [(4, "success"), (2, "success")]
    assert all(d.breakdown.text() == "8 [Dodge] − 1 [Action Penalty] = 7" for d in dodges)
    (total,) = of_type(events, DefenseTotal)
    assert total.parts == (("Dodge", 6),)
    assert "Niles Defense Penalties: 6 [Dodge] = 6" in log_text(events)
    # 6 − 6 = 0 and 5 − 6 = −1: neither bounty hunter can hit, and no die is rolled for them.
    assert the_roll(events, "Omar", "Strike").breakdown.total == 0
    assert the_roll(events, "Serena", "Strike").breakdown.total == -1
    assert {r.outcome for r in rolls(events, action="Strike")} == {"impossible"}
    assert dice.unused() == {}


# ------------------------------------------------------------------------- CO.06 Strike


def test_co06_omar_strikes_through_a_dodge_and_misses() -> None:
    """6 [Strike] − 4 [Defense Penalty] = 2; Omar rolls 11 and misses."""
    cast = bounty_hunt("Omar", "Niles")
    dice = ScriptedDice(keyed={"Niles:Dodge": [4], "Omar:Strike": [11]})
    events = cast.play(
        dice,
        cast.order("Omar", cast.act(STRIKE, "Niles")),
        cast.order("Niles", cast.act(ActionKind.DODGE)),
        timing=["Niles", "Omar"],
    )
    strike = the_roll(events, "Omar", "Strike")
    assert strike.breakdown.total == 2
    assert (strike.die, strike.outcome) == (11, "miss")
    assert "Omar — Strike on Niles: 6 [Strike] − 4 [Dodge] = 2; rolled 11: miss" in log_text(events)
    assert of_type(events, Hit) == []
    assert dice.unused() == {}


# ------------------------------------------------------------------ CO.07 Missile Strike


def _alex_and_aliens(
    *aliens: tuple[str, tuple[int, int]], alex_at: tuple[int, int] = (2, 10), **alex: object
) -> ChapterCast:
    """Alex and some aliens (Stamina 6, force blades) on an open 40 × 20 m field."""
    cast = ChapterCast(40, 20)
    cast.add_chapter("Alex", alex_at, **alex)
    for name, at in aliens:
        cast.add(name, at, side="aliens", weapons=(FORCE_BLADE,), stamina=6)
    return cast


def test_co07_ex1_two_missile_strikes_at_mid_range() -> None:
    """10 [Missile Strike] − 3 [Mid Range] − 1 [Action Penalty]: Alex needs 6 or under."""
    cast = _alex_and_aliens(("Alien A", (22, 10)), ("Alien B", (22, 12)))  # 20 m and 20.1 m away
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [6, 7], "Alien A:Withstand Injury": [5]})
    events = cast.play(
        dice,
        cast.order("Alex", cast.act(MISSILE, "Alien A"), cast.act(MISSILE, "Alien B")),
        timing=["Alex", "Alien A", "Alien B"],
    )
    shots = rolls(events, "Alex", "Missile Strike")
    text = "10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] − 3 [Medium Range] = 6"
    assert [s.breakdown.text() for s in shots] == [text, text]
    assert [(s.target, s.die, s.outcome) for s in shots] == [("Alien A", 6, "hit"), ("Alien B", 7, "miss")]
    assert (
        "Alex — Missile Strike on Alien A: 10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] "
        "− 3 [Medium Range] = 6; rolled 6: hit"
    ) in log_text(events)
    assert [(h.target, h.weapon) for h in of_type(events, Hit)] == [("Alien A", "shotgun")]
    # 6 [Withstand Injury] − 3 [shotgun Injury Rating] = 3: a 5 fails, one Injury.
    assert [(i.target, i.injuries) for i in of_type(events, Injured)] == [("Alien A", 1)]
    assert dice.unused() == {}


def test_co07_ex2_untrained_beam_weapon_costs_3() -> None:
    """Alex (Slug Thrower 10) fires a captured Beam pistol: 10 − 3 = 7."""
    cast = _alex_and_aliens(("Alien", (10, 10)), weapons=(DISINTEGRATOR,))  # 8 m: short range
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [7], "Alien:Withstand Injury": [2]})
    events = cast.play(dice, cast.order("Alex", cast.act(MISSILE, "Alien")), timing=["Alex", "Alien"])
    shot = the_roll(events, "Alex", "Missile Strike")
    assert shot.breakdown.text() == "10 [Missile Strike (Slug Thrower)] − 3 [Untrained: Beam] = 7"
    assert (shot.die, shot.outcome) == (7, "hit")
    assert dice.unused() == {}


def test_co07_untrained_penalty_never_goes_below_the_unhoned_level() -> None:
    """The text: "This penalty cannot reduce the character's effective skill level below her Unhoned
    Missile Strike Skill stat" (the Combat Composite)."""
    sheet = Sheet(vigor=3, agility=3, skills={"missile_slug": 4})  # Composite 3
    assert sheet.missile_strike(MissileKind.BEAM) == ("Missile Strike (Slug Thrower)", 4, 1)
    untrained = Sheet(vigor=3, agility=3)  # trained in nothing: every kind at the Unhoned level
    assert untrained.missile_strike(MissileKind.BEAM) == ("Missile Strike (Beam)", 3, 0)


@pytest.mark.parametrize(
    ("sheet", "text", "outcome"),
    [
        # "her initial Missile Strike, Beam stat is 7": a roll of 8 misses …
        ({}, "10 [Missile Strike (Slug Thrower)] − 3 [Untrained: Beam] = 7", "miss"),
        # … "to raise a Skill stat from 7 to 8": now Beam is a trained kind of its own at 8.
        ({"missile_beam": 8}, "8 [Missile Strike (Beam)] = 8", "hit"),
    ],
)
def test_co07_ex3_alex_beam_stat_starts_at_7_and_is_raised_to_8(
    sheet: dict[str, int], text: str, outcome: str
) -> None:
    """The text: "Alex's Missile Strike, Slug Thrower stat is 10, so her initial Missile Strike,
    Beam stat is 7.  (It costs 7 AP to raise a Skill stat from 7 to 8.)"  The AP cost belongs to
    the Advancement rules, which this game does not play: a raised skill is written on the
    sheet.  Both sheets fire the disintegrator in a real round and roll an 8; the Beam stat
    the engine rolls against must be 7 before training and 8 after, and her shotgun must
    stay at Slug Thrower 10 either way."""
    cast = _alex_and_aliens(("Alien", (10, 10)), weapons=(DISINTEGRATOR,), **sheet)
    keyed = {"Alex:Missile Strike": [8]}
    if outcome == "hit":
        keyed["Alien:Withstand Injury"] = [1]
    dice = ScriptedDice(keyed=keyed)
    events = cast.play(dice, cast.order("Alex", cast.act(MISSILE, "Alien")), timing=["Alex", "Alien"])
    shot = the_roll(events, "Alex", "Missile Strike")
    assert (shot.breakdown.text(), shot.die, shot.outcome) == (text, 8, outcome)
    assert dice.unused() == {}
    slug = missile_roll(cast.world, cast["Alex"], MissileKind.SLUG, None)
    assert slug.text() == "10 [Missile Strike (Slug Thrower)] = 10"


# ------------------------------------------------------------------- CO.08 Called Shots


@pytest.mark.parametrize(
    ("die", "outcome", "part"),
    [
        (1, "hit", "optical sensor"),
        (2, "hit", "optical sensor"),  # "If she rolls 2 or less, she hits the optical sensor."
        (3, "general hit", "torso"),  # "between 3 and 9, she hits the drone"
        (9, "general hit", "torso"),
        (10, "miss", None),  # "If Alex rolls over 9, she misses the target altogether"
        (12, "miss", None),
    ],
)
def test_co08_ex1_alex_called_shot_at_the_drone_sensor(die: int, outcome: str, part: str | None) -> None:
    """10 [Missile Strike] − 1 [Action Penalty] = 9 hits the drone; − 7 more hits the sensor."""
    cast = ChapterCast(30, 20)
    cast.add_chapter("Alex", (2, 10))
    cast.add("Battle Drone", (12, 10), side="aliens", weapons=(), stamina=6)  # 10 m: short range
    keyed = {"Alex:Missile Strike": [die]}
    if part is not None:
        keyed["Battle Drone:Withstand Injury"] = [1]
    dice = ScriptedDice(keyed=keyed)
    sensor = called_shot("optical sensor", -7)  # the GM's Called Shot Modifier
    events = cast.play(
        dice,
        cast.order("Alex", cast.act(MISSILE, "Battle Drone", sensor)),
        timing=["Alex", "Battle Drone"],
    )
    shot = the_roll(events, "Alex", "Missile Strike, Called Shot (optical sensor)")
    assert shot.breakdown.text() == (
        "10 [Missile Strike (Slug Thrower)] − 1 [Action Penalty] − 7 [Called Shot] = 2"
    )
    assert shot.breakdown.without("Called Shot").total == 9
    assert shot.note == "optical sensor on ≤ 2, torso on ≤ 9"
    assert (shot.die, shot.outcome) == (die, outcome)
    assert (
        "Alex — Missile Strike, Called Shot (optical sensor) on Battle Drone: 10 [Missile Strike "
        "(Slug Thrower)] − 1 [Action Penalty] − 7 [Called Shot] = 2; "
        f"rolled {die}: {outcome} (optical sensor on ≤ 2, torso on ≤ 9)"
    ) in log_text(events)
    assert [h.part for h in of_type(events, Hit)] == ([part] if part else [])
    assert dice.unused() == {}


CO08_EX2_DICE = {
    "Omar:Feint": [3],  # "Omar makes a successful Feint roll" (CO.09 Ex. 1: he rolls a 3)
    "Serena:Grip": [3],  # "Serena makes a successful Grip roll" (CO.10 Ex. 1: she rolls a 3)
    "Omar:Strike": [10],  # CO.09 Ex. 1: "Omar rolls a 10. Bad luck for Omar!"
    "Niles:Disarm": [2],  # CO.10 Ex. 1: "Niles rolls 2: the Disarm attack succeeds"
    "Disarm:distance": [1],
    "Disarm:tile": [1],
}
"""The round of CO.08 Ex. 2, which CO.09 Ex. 1 and CO.10 Ex. 1 describe from the other sides."""


def _co08_ex2_round(
    serena_die: int, extra: dict[str, list[int]] | None = None
) -> tuple[ChapterCast, ScriptedDice, list[Event]]:
    """CO.08 Ex. 2's round with Serena's Called Shot rolling `serena_die`."""
    cast = bounty_hunt()
    dice = ScriptedDice(keyed={**CO08_EX2_DICE, "Serena:Strike": [serena_die], **(extra or {})})
    events = cast.play(
        dice,
        cast.order("Niles", cast.act(ActionKind.DISARM, "Serena")),
        cast.order("Omar", cast.act(STRIKE, "Niles"), cast.act(ActionKind.FEINT, "Niles")),
        cast.order("Serena", cast.act(STRIKE, "Niles", called_shot("head"))),
        timing=["Serena", "Omar", "Niles"],  # "Niles gets the lowest Timing Score, Serena the highest"
        number=2,
    )
    return cast, dice, events


def test_co08_ex2_serena_called_shot_at_niles_head_misses() -> None:
    """5 [Strike] − 1 [Action Penalty for the Called Shot] − 3 [Called Shot Modifier] = 1;
    Serena rolls an 11 and misses the assassin completely."""
    cast, dice, events = _co08_ex2_round(11)
    # Declarations, worst Timing first: Niles, Omar, Serena.
    declared = of_type(events, OrderDeclared)
    assert [(d.actor, d.action_penalty) for d in declared] == [("Niles", 0), ("Omar", -1), ("Serena", -1)]
    assert "Serena declares Strike on Niles (Called Shot: head −3) (Action Penalty −1)" in log_text(events)
    # The Modifier Stage: Omar's Feint and Serena's Grip (which takes no Action Penalty) succeed.
    assert the_roll(events, "Omar", "Feint").outcome == "success"
    grip = the_roll(events, "Serena", "Grip")
    assert (grip.breakdown.text(), grip.outcome) == ("7 [Grip] = 7", "success")
    strike = the_roll(events, "Serena", "Strike, Called Shot (head)")
    assert strike.breakdown.text() == "5 [Strike] − 1 [Action Penalty] − 3 [Called Shot] = 1"
    assert (strike.die, strike.outcome) == (11, "miss")
    assert not any(h.actor == "Serena" for h in of_type(events, Hit))
    assert dice.unused() == {}


@pytest.mark.parametrize(
    ("die", "outcome", "part"),
    [
        (1, "hit", "head"),  # "Serena must roll a 1 to hit the assassin's head"
        (2, "general hit", "torso"),
        (4, "general hit", "torso"),
        # The text says 2–5 hits the torso, ignoring the Called Shot's own −1 Action Penalty.
        # RULES.md §5 [design] follows CO.08 Ex. 1 instead (the general hit keeps every
        # modifier except the Called Shot Modifier: 5 − 1 = 4), so a 5 misses.
        (5, "miss", None),
        (11, "miss", None),
    ],
)
def test_co08_ex2_called_shot_ranges(die: int, outcome: str, part: str | None) -> None:
    """Head on 1, torso on 2–4 (see the comment on 5), miss above."""
    extra: dict[str, list[int]] = {}
    if part == "torso":
        extra["Niles:Withstand Injury"] = [1]  # 3 [Stamina] − 1 [stun baton]: a 1 withstands
    cast, dice, events = _co08_ex2_round(die, extra)
    strike = the_roll(events, "Serena", "Strike, Called Shot (head)")
    assert strike.note == "head on ≤ 1, torso on ≤ 4"
    assert (strike.die, strike.outcome) == (die, outcome)
    assert [h.part for h in of_type(events, Hit) if h.actor == "Serena"] == ([part] if part else [])
    if part == "head":
        # A vulnerable area: Withstand Injury at −3 (3 − 1 − 3 = −1, impossible), two Injuries.
        withstand = the_roll(events, "Niles", "Withstand Injury")
        assert withstand.breakdown.text() == (
            "3 [Withstand Injury] − 1 [stun baton Injury Rating] − 3 [Vulnerable Area] = −1"
        )
        assert [(i.added, i.injuries) for i in of_type(events, Injured)] == [(2, 2)]
    assert dice.unused() == {}


def test_co08_called_shot_modifiers_are_suspended_against_defeated_characters() -> None:
    """The text: "Called Shot Modifiers are suspended against Defeated characters" (the Called Shot
    still counts as an action for the Action Penalty)."""
    cast = bounty_hunt("Niles", "Serena", changes={"Niles": {"injuries": 3}})
    dice = ScriptedDice(keyed={"Serena:Strike": [4]})
    events = cast.play(
        dice,
        cast.order("Serena", cast.act(STRIKE, "Niles", called_shot("head"))),
        timing=["Serena"],  # a Defeated Niles takes no actions and is not in the Timing order
    )
    strike = the_roll(events, "Serena", "Strike, Called Shot (head)")
    assert strike.breakdown.text() == "5 [Strike] − 1 [Action Penalty] = 4"
    assert (strike.die, strike.outcome) == (4, "hit")
    assert dice.unused() == {}
