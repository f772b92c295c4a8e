"""The knockback module (RULES.md §8; seed 003 Knockback; docs/modules.md): each ruling worked
by hand, with scripted dice, and how it brings the prone rules along."""

from __future__ import annotations

import pytest

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.knockback import KnockedBack, tiles_pushed
from game.rules.modules.prone import Prone, WentProne
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.world import Equipment, Position
from tests.builders import SWORD, Cast, log_text, of_type, rolls, the_roll

KNOCKBACK = RuleOptions({"knockback"})
HAMMER = Weapon("war hammer", hands=2, injury=3, traits=frozenset({"heavy"}))


def smithy(**pik: object) -> Cast:
    """Bo (Strike 9, a war hammer) at (4, 4) strikes Pik east of him; a wall at (8, 4)."""
    cast = Cast(12, 8, walls=[(8, 4)])
    cast.add("Bo", (4, 4), "a", strike=9, weapons=(HAMMER,))
    cast.add("Pik", (5, 4), "b", **{"facing": 6, "strike": 5, **pik})
    return cast


def strike(cast: Cast, dice: dict[str, list[int]]) -> list[Event]:
    by_actor = {cast["Bo"]: cast.order("Bo", cast.act(K.STRIKE, "Pik"))}
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), by_actor, 1, list(cast.ids.values()), KNOCKBACK
    )


@pytest.mark.parametrize(
    ("margin", "tiles"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (11, 3)]
)
def test_a_tile_per_three_points_of_margin(margin: int, tiles: int) -> None:
    assert tiles_pushed(margin) == tiles


def test_a_heavy_hit_pushes_and_a_failed_footing_roll_floors_the_target() -> None:
    """9 − 1 = margin 8: two tiles; Keep Footing 2 × 3 − 1 [Injury] = 5, an 8 fails."""
    cast = smithy()
    events = strike(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [1], "Pik:Keep Footing": [8]})
    (push,) = of_type(events, KnockedBack)
    assert push.text() == "Pik is knocked back 2 tiles by Bo's heavy blow (margin 8): (5, 4) → (7, 4)"
    assert the_roll(events, "Pik", "Keep Footing").text() == (
        "Pik — Keep Footing: 6 [Agility ×2] − 1 [Injury Penalty] = 5; rolled 8: failure"
    )
    assert of_type(events, WentProne)[0].text().startswith("Pik is knocked prone")
    assert cast.world.get(cast["Pik"], Position).tile == (7, 4)
    assert cast.world.has(cast["Pik"], Prone)


def test_a_wall_stops_the_push_and_the_footing_roll_still_comes() -> None:
    """Margin 8 would push two tiles; the wall at (8, 4) stops Pik at (7, 4).  A 4 keeps him up."""
    cast = smithy()
    cast.world.set(cast["Pik"], Position(6, 4))
    cast.world.set(cast["Bo"], Position(5, 4))
    events = strike(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [12], "Pik:Keep Footing": [4]})
    (push,) = of_type(events, KnockedBack)
    assert push.text() == (
        "Pik is knocked back 1 tile by Bo's heavy blow (margin 8): (6, 4) → (7, 4);"
        " stopped by a wall at (8, 4)"
    )
    assert not cast.world.has(cast["Pik"], Prone)


def test_a_token_stops_the_push() -> None:
    cast = smithy()
    cast.add("Kit", (6, 4), "b")
    events = strike(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [12], "Pik:Keep Footing": [1]})
    (push,) = of_type(events, KnockedBack)
    assert push.text() == (
        "Pik is knocked back 0 tiles by Bo's heavy blow (margin 8): stays at (5, 4); stopped by Kit at (6, 4)"
    )
    assert rolls(events, "Pik", "Keep Footing")


def test_no_push_under_three_points_of_margin_or_without_a_heavy_weapon() -> None:
    cast = smithy()
    events = strike(cast, {"Bo:Strike": [7], "Pik:Withstand Injury": [12]})
    assert not of_type(events, KnockedBack) and not rolls(events, "Pik", "Keep Footing")
    cast = smithy()
    cast.world.set(cast["Bo"], Equipment((SWORD,)))
    events = strike(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [12]})
    assert not of_type(events, KnockedBack)


def test_a_defeated_target_is_pushed_but_rolls_no_footing() -> None:
    cast = smithy(injuries=2)
    events = strike(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [12]})
    assert "Pik is Defeated" in log_text(events)
    assert of_type(events, KnockedBack) and not rolls(events, "Pik", "Keep Footing")


def test_knockback_brings_the_prone_rules_along() -> None:
    assert RuleOptions({"knockback"}).has("prone")
    assert not RuleOptions({"knockback"}).with_module("prone", False).has("knockback")
    with pytest.raises(ValueError, match="rules module knockback needs prone"):
        RuleOptions.from_dict({"knockback": True, "prone": False})


def test_the_forecast_tells_which_rolls_push_how_far() -> None:
    cast = smithy()
    orders = {cast["Bo"]: cast.order("Bo", cast.act(K.STRIKE, "Pik"))}
    (hit,) = forecast_order(cast.world, cast.board, orders, cast["Bo"], KNOCKBACK)
    assert hit.notes == ("Knockback (war hammer): 1 tile on ≤ 6, 2 tiles on ≤ 3, then Keep Footing or prone",)
