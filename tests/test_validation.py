"""Every kind of impossible order is refused with a reason a player can read."""

from __future__ import annotations

import pytest

from game.board.terrain import TerrainBoard
from game.core.equipment import Weapon
from game.rules.called_shots import called_shot
from game.rules.dice import ScriptedDice
from game.rules.events import Moved, Rolled
from game.rules.options import RuleOptions
from game.rules.orders import Action, Order
from game.rules.orders import ActionKind as K
from game.rules.round import Round, play_round
from game.rules.validate import validate_order
from game.world import Condition
from tests.builders import BLASTER, SHIELD, SWORD, Cast

GREATMAUL = Weapon("greatmaul", hands=2, can_parry=False, injury=4)


def setup() -> Cast:
    """A fights B in melee; C stands far off with a blaster; D is A's ally."""
    cast = Cast(width=20, height=10, walls=[(16, 8), (15, 7)])
    cast.add("A", (2, 2), "red", movement=4)
    cast.add("B", (3, 2), "blue", weapons=(GREATMAUL,))
    cast.add("C", (15, 8), "blue", weapons=(BLASTER,), missile_beam=8)
    cast.add("D", (2, 4), "red", weapons=(BLASTER,), shield=SHIELD)
    return cast


CASES = [
    ("A", [(K.FEINT, None), (K.FEINT, None), (K.STRIKE, "B")], (), "more Feints (2) than Strikes (1)"),
    ("A", [(K.BLOCK, None)], (), "Block needs a shield"),
    ("D", [(K.DISARM, "B")], (), "Disarm needs a melee weapon or a free hand; your hands hold blaster"),
    ("A", [(K.EVADE, None)], ((1, 2),), "cannot Evade while engaged in melee with B"),
    ("A", [(K.SPRINT, None)], ((1, 2),), "cannot Sprint while engaged in melee with B (Retreat instead)"),
    ("B", [(K.MISSILE_STRIKE, "A")], (), "Missile Strike needs a missile weapon in hand"),
    ("A", [(K.STRIKE, "C")], (), "C will not be within reach (1 tile) of (2, 2)"),
    ("A", [(K.STRIKE, "D")], (), "Strike: D is on your side"),
    ("A", [(K.STRIKE, None)], (), "Strike needs a target"),
    (
        "A",
        [(K.RETREAT, None)],
        ((1, 2), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (0, 8), (0, 9)),
        "path is",
    ),
    ("C", [], ((13, 8),), "path: step 1 (13, 8) is not next to (15, 8)"),
    ("C", [], ((16, 8),), "path: step 1 (16, 8) is blocked"),
    ("C", [], ((16, 7),), "path: step 1 (15, 8) → (16, 7) cuts a blocked corner"),
    ("C", [], ((15, 9), (15, 10)), "path: step 2 (15, 10) is off the map"),
    ("C", [], ((14, 8), (13, 8), (12, 8), (11, 8)), "path is 4.0 m but you may move at most 3.0 m"),
    ("A", [], ((1, 2),), "engaged in melee with B: a normal move may not leave its reach (Retreat instead)"),
    ("D", [(K.EVADE, None)], (), "Evade needs a path"),
    ("A", [(K.DODGE, None)], ((3, 2),), "where B stands"),
]


@pytest.mark.parametrize(("actor", "actions", "path", "reason"), CASES, ids=[c[3][:40] for c in CASES])
def test_impossible_orders_are_refused_with_a_reason(actor, actions, path, reason) -> None:
    cast = setup()
    order = cast.order(actor, *[cast.act(kind, target) for kind, target in actions], path=path)
    problems = validate_order(cast.world, cast.board, order)
    assert any(reason in p for p in problems), problems


def test_orders_of_the_fallen_and_of_unknown_combatants() -> None:
    cast = setup()
    cast.world.set(cast["B"], Condition(injuries=3, defeated=True))
    assert validate_order(cast.world, cast.board, cast.order("B")) == [
        "B is Defeated and takes no more actions"
    ]
    cast.world.set(cast["B"], Condition(injuries=3, defeated=True, dead=True))
    assert validate_order(cast.world, cast.board, cast.order("B")) == ["B is dead"]
    strike_dead = cast.order("A", cast.act(K.STRIKE, "B"))
    assert validate_order(cast.world, cast.board, strike_dead) == ["Strike: B is dead"]
    assert validate_order(cast.world, cast.board, Order(99)) == ["unknown combatant #99"]
    ghost = Order(cast["A"], (Action(K.STRIKE, 77),))
    assert validate_order(cast.world, cast.board, ghost) == ["Strike: unknown target #77"]


def test_called_shot_only_on_strikes_and_declaring_out_of_turn() -> None:
    cast = setup()
    bad = Order(cast["A"], (Action(K.DODGE, None, called_shot("head")),))
    assert validate_order(cast.world, cast.board, bad) == [
        "a Called Shot modifies a Strike or Missile Strike, not a Dodge"
    ]
    rnd = Round(cast.world, cast.board, ScriptedDice(), timing_order=[cast[n] for n in "ABCD"])
    assert rnd.declare(cast.order("A")) == ["it is D's turn to declare"]


def test_a_round_plays_on_a_terrain_board() -> None:
    """The rules engine runs unchanged on the Tiled battlefield's board class."""
    board = TerrainBoard.from_rows(
        [
            "..........",
            "..........",
            "....#.....",
        ],
        metres_per_tile=2.0,
    )
    cast = Cast()
    cast.board = board  # type: ignore[assignment]
    cast.add("Shooter", (0, 1), "red", weapons=(BLASTER,), missile_beam=9)
    cast.add("Runner", (6, 1), "blue", movement=6, evade=6, weapons=(SWORD,))
    orders = {
        # Facing the shooter: an Evade against an attack from the back would lose 4.
        cast["Runner"]: cast.order("Runner", cast.act(K.EVADE), path=((7, 0), (8, 0)), facing=6),
        cast["Shooter"]: cast.order("Shooter", cast.act(K.MISSILE_STRIKE, "Runner")),
    }
    dice = ScriptedDice(keyed={"Runner:Evade": [6], "Shooter:Missile Strike": [1]}, sequence=[12])
    events = play_round(
        cast.world,
        board,
        dice,
        orders,
        timing_order=[cast["Runner"], cast["Shooter"]],
        options=RuleOptions.battlefield(),
    )
    moved = next(e for e in events if isinstance(e, Moved))
    assert moved.metres == pytest.approx(2 * (2**0.5) + 2)  # a diagonal and a straight step, 2 m tiles
    shot = next(e for e in events if isinstance(e, Rolled) and e.actor == "Shooter")
    # 4.8 whole metres moved: Evade 6 is limited to 4; 16.1 m away: short range.
    assert "− 4 [Evade]" in shot.breakdown.text()
