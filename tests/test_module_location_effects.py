"""The location effects module (seed 004 shock, RULES.md §7–§8): a head hit is vulnerable, a
wounded leg halves Movement, a wounded arm drops its weapon on a failed Grip, two Injuries on
one place are shock (prone, no offensive actions, skills halved)."""

from __future__ import annotations

from builders import SHOTGUN, SWORD, Cast

from game.core.sheet import Sheet
from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Injured, Rolled, WeaponFell
from game.rules.modules.location_effects import halved, hand_weapon
from game.rules.modules.prone import is_prone
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.stats import movement_rate, skill_roll
from game.rules.statuses import Status, Statuses, statuses_of
from game.rules.validate import validate_order
from game.world import Equipment, Item

ON = RuleOptions({"hit_locations", "prone", "location_effects"})


def duel(**niles: object) -> Cast:
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=9)
    cast.add("Niles", (4, 5), "b", facing=6, **{"stamina": 5, "movement": 5, "strike": 7, **niles})  # type: ignore[arg-type]
    return cast


def round_of(
    cast: Cast, dice: ScriptedDice, omar: tuple, niles: tuple = (), options: RuleOptions = ON
) -> list:
    orders = {cast["Omar"]: cast.order("Omar", *omar), cast["Niles"]: cast.order("Niles", *niles)}
    return play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Omar"], cast["Niles"]],
                      options=options)  # fmt: skip


def test_a_rolled_head_hit_is_a_vulnerable_area() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Omar:Hit Location": [7], "Niles:Withstand Injury": [3]})
    events = round_of(cast, dice, (cast.act(K.STRIKE, "Niles"),))
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    assert withstand.breakdown.text() == (
        "5 [Withstand Injury] − 2 [sword Injury Rating] − 3 [Vulnerable Area] = 0"
    )
    (injured,) = [e for e in events if isinstance(e, Injured)]
    assert injured.added == 2
    # Two Injuries on the head at once: shock.
    assert [s.name for s in statuses_of(cast.world, cast["Niles"])] == ["Shock"]
    assert is_prone(cast.world, cast["Niles"])  # knocked prone, as the prone module has it


def test_without_location_effects_a_head_hit_is_plain() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Omar:Hit Location": [7], "Niles:Withstand Injury": [4]})
    events = round_of(cast, dice, (cast.act(K.STRIKE, "Niles"),), options=RuleOptions({"hit_locations"}))
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    assert withstand.breakdown.total == 3 and withstand.outcome == "failure"
    assert [e.added for e in events if isinstance(e, Injured)] == [1]


def test_location_effects_bring_hit_locations_and_prone_and_go_with_them() -> None:
    assert RuleOptions({"location_effects"}).on == {"location_effects", "hit_locations", "prone"}
    assert RuleOptions.battlefield().with_module("location_effects", True).has("hit_locations")
    assert not ON.with_module("hit_locations", False).has("location_effects")
    assert not ON.with_module("prone", False).has("location_effects")


def test_halving_rounds_down_or_up_with_favorable_rounding() -> None:
    assert [halved(v, False) for v in (5, 4, 1)] == [2, 2, 0]
    assert [halved(v, True) for v in (5, 4, 1)] == [3, 2, 1]


def test_a_leg_injury_halves_movement_once() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3, 4], "Omar:Hit Location": [85, 95],
                               "Niles:Withstand Injury": [12, 12]})  # fmt: skip
    before = movement_rate(cast.world, cast["Niles"]).total
    round_of(cast, dice, (cast.act(K.STRIKE, "Niles"), cast.act(K.STRIKE, "Niles")))
    rate = movement_rate(cast.world, cast["Niles"])
    assert (before, rate.text()) == (5, "5 [Movement] − 3 [Leg Injury (halved)] = 2")
    # The leg's Injury Penalty does not reduce the rate (CO.16); a Sprint roll takes both.


def test_a_wounded_arm_drops_its_weapon_on_a_failed_grip() -> None:
    cast = duel(grip=4)
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Omar:Hit Location": [65], "Niles:Withstand Injury": [12],
                               "Niles:Grip": [4]})  # fmt: skip
    events = round_of(cast, dice, (cast.act(K.STRIKE, "Niles"),), (cast.act(K.STRIKE, "Omar"),))
    grip = next(e for e in events if isinstance(e, Rolled) and e.action == "Grip")
    assert grip.text() == (
        "Niles — Grip: 4 [Grip] − 1 [Injury Penalty] = 3; rolled 4: failure (the right arm is wounded)"
    )
    (fell,) = [e for e in events if isinstance(e, WeaponFell)]
    assert fell.text() == "Niles's sword falls at (4, 5) (the wounded right arm lost its grip)"
    assert cast.world.get(cast["Niles"], Equipment).weapons == ()
    assert [i.weapon.name for _, i in cast.world.query(Item)] == ["sword"]
    # Niles's own Strike comes later in the round: no weapon in hand for it any more.
    assert any(isinstance(e, ActionNullified) and e.actor == "Niles" for e in events)


def test_a_held_grip_keeps_the_weapon_and_an_empty_hand_rolls_nothing() -> None:
    cast = duel(grip=9)
    dice = ScriptedDice(keyed={"Omar:Strike": [3, 4], "Omar:Hit Location": [65, 75],
                               "Niles:Withstand Injury": [12, 12], "Niles:Grip": [5]})  # fmt: skip
    events = round_of(cast, dice, (cast.act(K.STRIKE, "Niles"), cast.act(K.STRIKE, "Niles")))
    assert [e.outcome for e in events if isinstance(e, Rolled) and e.action == "Grip"] == ["success"]
    assert cast.world.get(cast["Niles"], Equipment).weapons == (SWORD,)  # left hand held nothing


def test_hand_weapons() -> None:
    assert hand_weapon(Equipment((SHOTGUN,)), "left arm") == "shotgun"  # two hands
    assert hand_weapon(Equipment((SWORD,)), "left arm") is None
    assert hand_weapon(Equipment((SWORD, SWORD)), "left arm") == "sword"


def test_shock_halves_every_skill_and_forbids_attacks() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Omar:Strike": [3, 4], "Omar:Hit Location": [30, 40],
                               "Niles:Withstand Injury": [12, 12]})  # fmt: skip
    events = round_of(cast, dice, (cast.act(K.STRIKE, "Niles"), cast.act(K.STRIKE, "Niles")),
                      (cast.act(K.STRIKE, "Omar"),))  # fmt: skip
    assert "Niles: Shock (torso): 2 Injuries on one place: no offensive actions, skills halved" in [
        e.text() for e in events
    ]
    # Niles went into shock before his turn: his Strike is nullified with the reason.
    (gone,) = [e for e in events if isinstance(e, ActionNullified)]
    assert gone.reason == "Niles is in shock (torso): no offensive actions"
    world, niles = cast.world, cast["Niles"]
    assert skill_roll(world, niles, "dodge", None).text() == (
        "3 [Dodge] − 2 [Injury Penalty] − 2 [Shock (halved)] = −1"
    )
    assert skill_roll(world, niles, "withstand_injury", None).text() == (
        "5 [Withstand Injury] − 2 [Injury Penalty] − 3 [Shock (halved)] = 0"
    )
    order = cast.order("Niles", cast.act(K.STRIKE, "Omar"))
    assert validate_order(world, cast.board, order, {}, ON) == [
        "Niles is in shock (torso): no offensive actions"
    ]
    assert validate_order(world, cast.board, cast.order("Niles", cast.act(K.DODGE)), {}, ON) == []


def test_shock_and_a_leg_halve_movement_one_after_the_other_with_favorable_rounding() -> None:
    cast = duel(luck=5)
    niles = cast["Niles"]
    cast.world.set(niles, Statuses((Status("Leg Injury", "location_effects", "left leg"),
                                    Status("Shock", "location_effects", "left leg"))))  # fmt: skip
    assert cast.world.get(niles, Sheet).has_favorable_rounding
    assert movement_rate(cast.world, niles).text() == (
        "5 [Movement] − 2 [Leg Injury (halved)] − 1 [Shock (halved)] = 2"
    )
