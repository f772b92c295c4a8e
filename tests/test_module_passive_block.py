"""Passive block (seed 003): with hit locations, a hit on the left arm of one carrying a shield
strikes the shield (the weapon no larger), is halved (one size larger) or goes through; a
firearm is reduced by the shield's armour."""

from __future__ import annotations

from fractions import Fraction

import pytest
from builders import BLASTER, SHIELD, SWORD, Cast

from game.core.equipment import Shield, Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Injured, Rolled
from game.rules.forecast import forecast_order
from game.rules.hits import HitStopped
from game.rules.modules.passive_block import reduction
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import CalledShot
from game.rules.round import play_round

ON = RuleOptions({"passive_block"})
BROADSWORD = Weapon("broadsword", injury=3)
FORCE_BLADE = Weapon("force blade", injury=4)
TOWER = Shield("tower shield", 2)


def duel(weapon: Weapon = SWORD, shield: Shield | None = SHIELD) -> Cast:
    cast = Cast()
    at = (0, 5) if weapon.is_missile else (3, 5)
    cast.add("Omar", at, "a", strike=6, missile_beam=8, weapons=(weapon,))
    cast.add("Niles", (4, 5), "b", facing=6, shield=shield, stamina=5)
    return cast


def strike(cast: Cast, dice: dict[str, list[int]], kind=K.STRIKE, called: CalledShot | None = None) -> list:
    orders = {cast["Omar"]: cast.order("Omar", cast.act(kind, "Niles", called))}
    timing = [cast["Omar"], cast["Niles"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, timing, ON)


@pytest.mark.parametrize(
    ("shield", "weapon", "found"),
    [
        (SHIELD, Weapon("dagger", injury=1), "All"),  # medium shield, small weapon
        (SHIELD, SWORD, "All"),  # medium against medium
        (SHIELD, BROADSWORD, "Half"),  # medium against large
        (SHIELD, FORCE_BLADE, "None"),  # medium against huge
        (TOWER, FORCE_BLADE, "Half"),  # large against huge
        (TOWER, Weapon("disintegrator", injury=5), "None"),
        (SHIELD, BLASTER, "Armor Points"),  # a firearm
    ],
)
def test_the_parry_damage_reduction_table(shield: Shield, weapon: Weapon, found: str) -> None:
    assert reduction(shield, weapon) == found


def test_the_module_brings_hit_locations() -> None:
    assert ON.on == {"passive_block", "hit_locations"}


def test_a_sword_hit_on_the_shield_arm_strikes_the_shield() -> None:
    cast = duel()
    events = strike(cast, {"Omar:Strike": [4], "Omar:Hit Location": [75]})
    assert [e.text() for e in events if isinstance(e, HitStopped)] == [
        "Omar's sword hit on Niles (left arm) strikes the round shield instead"
    ]
    assert not [e for e in events if isinstance(e, Injured)]


def test_a_hit_elsewhere_is_not_blocked_nor_without_a_shield() -> None:
    cast = duel()
    events = strike(cast, {"Omar:Strike": [4], "Omar:Hit Location": [65], "Niles:Withstand Injury": [12]})
    assert not [e for e in events if isinstance(e, HitStopped)]
    cast = duel(shield=None)
    events = strike(cast, {"Omar:Strike": [4], "Omar:Hit Location": [75], "Niles:Withstand Injury": [12]})
    assert [e.added for e in events if isinstance(e, Injured)] == [1]


def test_a_called_shot_at_the_shield_hand_strikes_the_shield() -> None:
    cast = duel()
    events = strike(cast, {"Omar:Strike": [1]}, called=CalledShot("left hand", -2))
    assert [e.struck for e in events if isinstance(e, HitStopped)] == ["the round shield"]


def test_a_larger_weapon_is_halved_on_the_withstand_roll() -> None:
    cast = duel(BROADSWORD)
    events = strike(cast, {"Omar:Strike": [4], "Omar:Hit Location": [71], "Niles:Withstand Injury": [4]})
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    # 5 + 1 [shield] − 3 [broadsword] + 2 [half of 3, rounded up] = 5: rolled 4, withstood.
    assert withstand.text() == (
        "Niles — Withstand Injury: 5 [Withstand Injury] + 1 [round shield] − 3 [broadsword Injury Rating]"
        " + 2 [Passive Block (round shield, half)] = 5; rolled 4: success"
    )


def test_a_firearm_is_reduced_by_the_shields_armour() -> None:
    cast = duel(BLASTER)
    dice = {"Omar:Missile Strike": [4], "Omar:Hit Location": [80], "Niles:Withstand Injury": [12]}
    events = strike(cast, dice, kind=K.MISSILE_STRIKE)
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    assert "+ 1 [Passive Block (round shield)]" in withstand.breakdown.text()


def test_the_forecast_counts_the_shield_arm_and_says_so() -> None:
    def expected(options: RuleOptions) -> Fraction:
        cast = duel()
        orders = {cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"))}
        found = forecast_order(cast.world, cast.board, orders, cast["Omar"], options)
        return found[0].expected_injuries, found[0].notes

    blocked, notes = expected(ON)
    plain, _ = expected(RuleOptions({"hit_locations"}))
    # A tenth of the hits (d100 71–80) strike the shield instead.
    assert blocked == plain * Fraction(9, 10)
    assert "Niles's left arm (d100 71–80) is behind the round shield: strikes the round shield" in notes
