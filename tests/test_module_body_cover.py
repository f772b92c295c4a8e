"""The cover by body part module (seeds 003, 004): with hit locations and cover on, a missile
hit on a part the cover hides strikes the cover; a Called Shot at a hidden part is refused."""

from __future__ import annotations

from fractions import Fraction

from builders import BLASTER, SHOTGUN, Cast

from game.rules.called_shots import called_shot
from game.rules.dice import ScriptedDice
from game.rules.events import Hit, Rolled
from game.rules.forecast import forecast_order
from game.rules.hits import HitStopped
from game.rules.modules.body_cover import exposed_by, hidden_share
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order

ON = RuleOptions({"hit_locations", "cover", "body_cover"})
WITHOUT = RuleOptions({"hit_locations", "cover"})


def range_(level: str = "low") -> Cast:
    cast = Cast(width=14, height=8, cover={(8, 4): level})
    cast.add("Alex", (2, 4), "a", weapons=(SHOTGUN,), missile_slug=10, strike=6)
    cast.add("Drone", (9, 4), "b", facing=6, stamina=5)
    return cast


def shoot(
    cast: Cast, dice: ScriptedDice, *actions: object, options: RuleOptions = ON, drone: tuple = ()
) -> list:
    alex = cast.order("Alex", *actions)  # type: ignore[arg-type]
    orders = {cast["Alex"]: alex, cast["Drone"]: cast.order("Drone", *drone)}
    return play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Alex"], cast["Drone"]],
                      options=options)  # fmt: skip


def test_exposed_parts_by_level() -> None:
    assert exposed_by("low") == ("head", "torso", "right arm", "left arm")
    assert exposed_by("high") == ("head", "right arm", "left arm")
    assert exposed_by("none") == ("head", "torso", "right arm", "left arm", "right leg", "left leg")
    assert (hidden_share("low"), hidden_share("high")) == (Fraction(1, 5), Fraction(7, 10))


def test_a_hit_on_a_leg_behind_low_cover_strikes_the_cover() -> None:
    cast = range_()
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [3], "Alex:Hit Location": [85]})
    events = shoot(cast, dice, cast.act(K.MISSILE_STRIKE, "Drone"))
    (stopped,) = [e for e in events if isinstance(e, HitStopped)]
    assert stopped.text() == "Alex's shotgun hit on Drone (right leg) strikes the low cover instead"
    assert not [e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury"]
    assert dice.unused() == {}


def test_without_the_module_the_leg_is_hit() -> None:
    cast = range_()
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [3], "Alex:Hit Location": [85],
                               "Drone:Withstand Injury": [1]})  # fmt: skip
    events = shoot(cast, dice, cast.act(K.MISSILE_STRIKE, "Drone"), options=WITHOUT)
    assert [e.part for e in events if isinstance(e, Hit)] == ["right leg"]


def test_high_cover_hides_the_torso_of_a_target_that_shoots() -> None:
    cast = Cast(width=14, height=8, cover={(8, 4): "high"})
    cast.add("Alex", (2, 4), "a", weapons=(SHOTGUN,), missile_slug=10)
    cast.add("Drone", (9, 4), "b", facing=6, weapons=(BLASTER,), missile_beam=6)
    dice = ScriptedDice(keyed={"Alex:Missile Strike": [1], "Alex:Hit Location": [40],
                               "Drone:Missile Strike": [12]})  # fmt: skip
    events = shoot(
        cast, dice, cast.act(K.MISSILE_STRIKE, "Drone"), drone=(cast.act(K.MISSILE_STRIKE, "Alex"),)
    )
    shot = next(e for e in events if isinstance(e, Rolled) and e.actor == "Alex")
    assert shot.breakdown.text() == "10 [Missile Strike (Slug Thrower)] − 8 [High Cover] = 2"
    assert [e.struck for e in events if isinstance(e, HitStopped)] == ["the high cover"]


def test_melee_is_not_stopped_by_cover() -> None:
    cast = Cast(width=10, height=8, cover={(4, 4): "low"})
    cast.add("Omar", (3, 4), "a", strike=8)
    cast.add("Niles", (4, 4), "b", facing=6)
    dice = ScriptedDice(keyed={"Omar:Strike": [3], "Omar:Hit Location": [95], "Niles:Withstand Injury": [1]})
    orders = {cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles"))}
    timing = [cast["Omar"], cast["Niles"]]
    events = play_round(cast.world, cast.board, dice, orders, timing_order=timing, options=ON)
    assert [e.part for e in events if isinstance(e, Hit)] == ["left leg"]


def test_a_called_shot_at_a_hidden_part_is_refused_with_the_reason() -> None:
    cast = range_()
    order = cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Drone", called_shot("left foot")))
    assert validate_order(cast.world, cast.board, order, {}, ON) == [
        "Drone's left foot is behind low cover from (2, 4): a Called Shot there would strike the cover"
    ]
    assert validate_order(cast.world, cast.board, order, {}, WITHOUT) == []
    head = cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Drone", called_shot("head")))
    assert validate_order(cast.world, cast.board, head, {}, ON) == []


def test_the_forecast_counts_the_hits_the_cover_stops() -> None:
    cast = range_()
    orders = {cast["Alex"]: cast.order("Alex", cast.act(K.MISSILE_STRIKE, "Drone"))}
    (on,) = forecast_order(cast.world, cast.board, orders, cast["Alex"], ON)
    (off,) = forecast_order(cast.world, cast.board, orders, cast["Alex"], WITHOUT)
    assert on.success == off.success
    assert on.expected_injuries == off.expected_injuries * Fraction(4, 5)
    assert "low cover hides the right leg, left leg: a hit there (20%) strikes the cover" in on.notes


def test_a_called_shot_at_an_unknown_target_gets_the_chapters_reason_only() -> None:
    """Found by the fuzz: the cover check must not look for an unknown target's tile."""
    cast = range_()
    order = Order(cast["Alex"], (Action(K.MISSILE_STRIKE, 999, called_shot("head")),))
    assert validate_order(cast.world, cast.board, order, {}, ON) == ["Missile Strike: unknown target #999"]


def test_the_exposed_parts_overlay_marks_what_each_tile_by_cover_leaves_to_the_shooter() -> None:
    from game.rules.api.modules import OverlayAsk
    from game.rules.registry import module_overlays

    cast = Cast(width=14, height=8, cover={(8, 4): "low", (8, 1): "high"})
    cast.add("Alex", (2, 4), "a", weapons=(SHOTGUN,))
    (overlay,) = [o for o in module_overlays(ON) if o.name == "exposed"]
    assert not [o for o in module_overlays(WITHOUT) if o.name == "exposed"]
    ask = OverlayAsk(cast.world, cast.board, ON, cast["Alex"], (2, 4), 2, None, {})
    marks = overlay.marks(ask)
    assert [s.label for s in marks.styles] == [
        "HTA: low cover hides the right leg, left leg",
        "HA: high cover hides the torso, right leg, left leg",
    ]
    assert marks.tiles[(9, 4)] == (0, "HTA")  # behind the low wall, seen from Alex
    assert marks.tiles[(9, 1)] == (1, "HA")
    assert (7, 4) not in marks.tiles  # on Alex's side of the wall: nothing hidden
    melee = Cast(width=14, height=8, cover={(8, 4): "low"})
    melee.add("Omar", (2, 4), "a")
    swordsman = OverlayAsk(melee.world, melee.board, ON, melee["Omar"], (2, 4), 2, None, {})
    assert overlay.marks(swordsman).tiles == {}
