"""Brace against knockback (seed 003): declared for the round, rolled (Vigor + Agility) at the
first push of a heavy blow: a success cancels every push, a failure makes each a tile shorter."""

from __future__ import annotations

from dataclasses import replace

from game.core.equipment import Weapon
from game.rules.dice import ScriptedDice
from game.rules.events import Event
from game.rules.forecast import forecast_order
from game.rules.modules.brace import BRACE, Braced
from game.rules.modules.knockback import KnockedBack
from game.rules.modules.prone import WentProne
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.validate import validate_order
from game.world import Position
from tests.builders import Cast, of_type, the_roll

ON = RuleOptions({"brace"})
HAMMER = Weapon("war hammer", hands=2, injury=3, traits=frozenset({"heavy"}))


def smithy(**pik: object) -> Cast:
    """Bo (Strike 9, a war hammer) at (4, 4) strikes Pik east of him (Vigor 4, Agility 3)."""
    cast = Cast(12, 8)
    cast.add("Bo", (4, 4), "a", strike=9, weapons=(HAMMER,))
    cast.add("Pik", (5, 4), "b", **{"facing": 6, "strike": 5, "vigor": 4, "stamina": 8, **pik})
    return cast


def round_of(
    cast: Cast, dice: dict[str, list[int]], pik: tuple = (), bo_strikes: int = 1, options=ON
) -> list[Event]:
    orders = {
        cast["Bo"]: cast.order("Bo", *[cast.act(K.STRIKE, "Pik")] * bo_strikes),
        cast["Pik"]: cast.order("Pik", *pik),
    }
    timing = [cast["Bo"], cast["Pik"]]
    return play_round(cast.world, cast.board, ScriptedDice(keyed=dice), orders, 1, timing, options)


def test_the_module_brings_knockback_and_prone() -> None:
    assert ON.on == {"brace", "knockback", "prone"}


def test_a_successful_brace_cancels_the_push_and_the_footing_roll() -> None:
    """Bo's 9, rolled 1: margin 8, two tiles.  Pik's Brace: 4 + 3 = 7, rolled 5: holds."""
    cast = smithy()
    dice = {"Bo:Strike": [1], "Pik:Withstand Injury": [1], "Pik:Brace": [5]}
    events = round_of(cast, dice, (cast.act(BRACE),))
    assert the_roll(events, "Pik", "Brace").text() == (
        "Pik — Brace: 7 [Vigor + Agility] = 7; rolled 5: success (against Bo's push)"
    )
    assert [e.text() for e in of_type(events, Braced)] == [
        "Pik braces: the push of Bo's heavy blow (2) is cancelled"
    ]
    assert not of_type(events, KnockedBack)
    assert cast.world.get(cast["Pik"], Position).tile == (5, 4)


def test_a_failed_brace_shortens_each_push_by_a_tile_and_is_rolled_once() -> None:
    """Bo strikes twice (8 each): margin 4 (one tile) then 7 (two); Pik's Brace fails: a tile off each."""
    cast = smithy()
    dice = {
        "Bo:Strike": [4, 1],
        "Pik:Withstand Injury": [1, 1],
        "Pik:Brace": [9],
        "Pik:Keep Footing": [2],
    }
    events = round_of(cast, dice, (cast.act(BRACE),), bo_strikes=2)
    assert len([e for e in events if getattr(e, "action", "") == "Brace"]) == 1
    assert [e.text() for e in of_type(events, Braced)] == [
        "Pik braces: the push of Bo's heavy blow is one tile shorter (1 → 0)",
        "Pik braces: the push of Bo's heavy blow is one tile shorter (2 → 1)",
    ]
    (push,) = of_type(events, KnockedBack)
    assert push.text() == "Pik is knocked back 1 tile by Bo's heavy blow (margin 7): (5, 4) → (6, 4)"


def test_without_a_brace_the_push_is_the_knockback_modules() -> None:
    cast = smithy()
    events = round_of(cast, {"Bo:Strike": [1], "Pik:Withstand Injury": [1], "Pik:Keep Footing": [12]})
    assert of_type(events, KnockedBack)[0].path[-1] == (7, 4)
    assert of_type(events, WentProne)


def test_brace_is_an_action_without_movement_and_needs_the_module() -> None:
    cast = smithy()
    still = cast.order("Pik", cast.act(BRACE), cast.act(K.STRIKE, "Bo"))
    assert validate_order(cast.world, cast.board, still, {}, ON) == []
    assert still.action_penalty == -1
    moving = cast.order("Pik", cast.act(BRACE), path=((5, 5),))
    assert validate_order(cast.world, cast.board, moving, {}, ON) == [
        "Brace sets your feet: no movement this round"
    ]
    assert validate_order(
        cast.world, cast.board, cast.order("Pik", cast.act(BRACE)), {}, RuleOptions({"knockback"})
    )


def test_the_forecast_says_what_the_brace_does() -> None:
    cast = smithy()
    orders = {
        cast["Bo"]: cast.order("Bo", cast.act(K.STRIKE, "Pik")),
        cast["Pik"]: cast.order("Pik", cast.act(BRACE), cast.act(K.STRIKE, "Bo")),
    }
    found = forecast_order(cast.world, cast.board, orders, cast["Bo"], ON)
    # Brace with a Strike: 7 − 1 [Action Penalty] = 6.
    assert "Pik braces: Brace ≤ 6 (50%) cancels the push, else one tile less" in found[0].notes


def test_the_hard_ai_braces_against_a_war_hammer_it_cannot_fight() -> None:
    """Pik, bare-handed and slow of foot (Agility 1: Keep Footing 2), strong (Vigor 6: Brace 7),
    stands next to Bo, who declared a Strike with his war hammer.  Brawling 1 and Dodge 1: the
    hard AI braces (and does not where the module is off)."""
    from ai_helpers import judging, view_of

    cast = Cast(12, 8)
    cast.add("Bo", (4, 4), "a", strike=11, weapons=(HAMMER,))
    cast.add("Pik", (5, 4), "b", facing=6, vigor=6, agility=1, dodge=1, brawling=1, movement=0, weapons=())
    earlier = {"Bo": cast.order("Bo", cast.act(K.STRIKE, "Pik"))}
    view = replace(view_of(cast, "Pik", earlier=earlier), options=ON)
    chosen = judging("ai:hard", 1).choose_order(view)
    assert any(a.kind == BRACE for a in chosen.actions)
    off = replace(view_of(cast, "Pik", earlier=earlier), options=RuleOptions({"knockback"}))
    assert not any(a.kind == BRACE for a in judging("ai:hard", 1).choose_order(off).actions)
