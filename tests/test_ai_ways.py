"""Ways the AI used to miss: a weapon knocked out of reach while an enemy holds it in melee,
and a doorway a defeated body blocks.

A disarmed fighter whose weapon lies beyond a normal move (or beyond the enemy's reach, which a
normal move may not leave) Retreats or Sprints to it and picks it up in the same order: it used
to brawl bare-handed to the end.  The walking fields look past the living (they move on) but
not past the defeated, who lie where they fell: a unit used to stand forever beside a doorway a
body blocks, the field telling it the way through was the shortest."""

from __future__ import annotations

import math

from ai_helpers import judging, knowledge_of, view_of
from builders import SWORD, ChapterCast

from game.ai.candidates import approach_field, candidates
from game.ai.levels import LEVELS
from game.rules.orders import ActionKind
from game.rules.validate import validate_order


def _disarmed_in_melee() -> tuple[ChapterCast, int]:
    """Me, bare-handed and engaged with Foe; the sword lies four tiles behind Me."""
    cast = ChapterCast(16, 12)
    cast.add("Me", (6, 5), "a", facing=2, weapons=(), brawling=2, strike=7, movement=5)
    cast.add("Foe", (7, 5), "b", facing=6, strike=4)
    sword = cast.drop(SWORD, (2, 5))
    return cast, sword


def test_an_engaged_fighter_is_offered_a_retreat_that_picks_its_weapon_up() -> None:
    cast, sword = _disarmed_in_melee()
    view = view_of(cast, "Me", later=("Foe",))
    know = knowledge_of(view)
    for name in ("normal", "hard"):
        grabs = [
            c.order
            for c in candidates(know, LEVELS[name])
            if c.order.movement_mode == "retreat"
            and any(a.kind is ActionKind.RETRIEVE and a.item == sword for a in c.order.actions)
        ]
        assert grabs, name
        for order in grabs:
            assert not validate_order(view.world, view.board, order, view.earlier, view.options)


def test_hard_retreats_to_its_weapon_rather_than_brawl() -> None:
    cast, sword = _disarmed_in_melee()
    order = judging("ai:hard").choose_order(view_of(cast, "Me", later=("Foe",)))
    assert order.has(ActionKind.RETRIEVE), order
    assert order.movement_mode == "retreat"


def test_a_weapon_beyond_a_walk_is_sprinted_to() -> None:
    cast = ChapterCast(24, 12)
    cast.add("Me", (3, 5), "a", facing=2, weapons=(), brawling=2, movement=4)
    cast.add("Foe", (22, 5), "b", facing=6)
    sword = cast.drop(SWORD, (10, 5))  # seven tiles on: beyond a walk
    view = view_of(cast, "Me", later=("Foe",))
    know = knowledge_of(view)
    walk = know.reach_map(know.actor, float(know.me.rate))
    assert not any(walk.can_reach((x, y)) for x in range(9, 12) for y in range(4, 7))
    grabs = [
        c.order
        for c in candidates(know, LEVELS["hard"])
        if c.order.movement_mode == "sprint" and any(a.item == sword for a in c.order.actions)
    ]
    assert grabs
    for order in grabs:
        assert not validate_order(view.world, view.board, order, view.earlier, view.options)


def test_the_walking_field_goes_round_a_body_in_the_doorway() -> None:
    """A wall across the board with one doorway at (8, 5) and a defeated man lying in it: the
    way to Foe beyond goes round through the far gap at (8, 10)."""
    wall = [(8, y) for y in range(12) if y not in (5, 10)]
    cast = ChapterCast(16, 12, walls=wall)
    cast.add("Me", (6, 5), "a", facing=2)
    cast.add("Body", (8, 5), "a", injuries=3)
    cast.add("Foe", (10, 5), "b", facing=6)
    know = knowledge_of(view_of(cast, "Me"))
    field = approach_field(know)
    mpt = know.mpt
    through_the_door = 4 * mpt
    assert math.isfinite(field[5, 6])
    assert field[5, 6] > through_the_door + 2 * mpt  # round by the far gap, not through the body
    # Standing up again, the same man would not block it for good: the living move on.
    alive = ChapterCast(16, 12, walls=wall)
    alive.add("Me", (6, 5), "a", facing=2)
    alive.add("Body", (8, 5), "a", injuries=0)
    alive.add("Foe", (10, 5), "b", facing=6)
    live = knowledge_of(view_of(alive, "Me"))
    assert approach_field(live)[5, 6] == through_the_door
