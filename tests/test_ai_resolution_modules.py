"""The AI uses the resolution modules through the rules' odds (issue 16): it never restates them,
yet its choices follow them."""

from __future__ import annotations

from dataclasses import replace

from ai_helpers import view_of
from builders import SHOTGUN, Cast

from game.ai.factory import make_controller
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind, Order

PLAIN = RuleOptions({"cover", "hit_locations"})
BODY = RuleOptions({"cover", "hit_locations", "body_cover"})


def two_targets() -> Cast:
    """A shooter who cannot move; Near stands behind a low wall at short range, Far in the open
    at medium range.  Both Withstand Injury at 3 − 3 [shotgun] = 0: every hit Injures."""
    cast = Cast(width=30, height=12, cover={(9, 3): "low"})
    cast.add("Shooter", (2, 6), "red", weapons=(SHOTGUN,), missile_slug=11, movement=0)
    cast.add("Near", (10, 3), "blue", weapons=(), stamina=3)  # 8.5 m: short range, behind the wall
    cast.add("Far", (19, 7), "blue", weapons=(), stamina=3)  # 17 m: medium range, in the open
    return cast


def chosen(options: RuleOptions, level: str = "ai:easy", seed: int = 2) -> Order:
    """What the AI declares (easy's human-like mistakes are drawn from its seed: seed 2 draws
    none for this declaration, so its choice is its judgement)."""
    cast = two_targets()
    view = replace(view_of(cast, "Shooter", later=("Near", "Far")), options=options)
    return make_controller(level, seed).choose_order(view)


def test_with_cover_by_body_part_the_ai_shoots_the_one_the_wall_does_not_hide() -> None:
    """Near: 11 − 2 [Low Cover] = 9; Far: 11 − 3 [Medium Range] = 8.  Without the module Near is
    the better shot; with it, a fifth of the hits on Near strike the wall (9 × 0.8 < 8).  (The
    easy AI, which tries no Called Shots: a harder one aims at Near's head, which the wall
    leaves exposed.)"""
    targets = {
        name: {a.target for a in chosen(options).actions if a.kind is ActionKind.MISSILE_STRIKE}
        for name, options in (("plain", PLAIN), ("body", BODY))
    }
    cast = two_targets()
    assert targets == {"plain": {cast["Near"]}, "body": {cast["Far"]}}


def test_a_harder_ai_aims_a_called_shot_where_the_wall_leaves_the_target_exposed() -> None:
    order = chosen(BODY, "ai:hard")
    called = [a.called_shot.part for a in order.actions if a.called_shot is not None]
    assert called == ["head"]
