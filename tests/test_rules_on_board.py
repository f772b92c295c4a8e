"""Rules on a board with terrain, and the facing and cover modules in the breakdowns."""

from __future__ import annotations

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, EvadeLimited, Moved, Rolled
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.world import Equipment
from tests.builders import BLASTER, SHIELD, Cast

ON = RuleOptions.battlefield()


def roll_of(events, actor: str, action: str) -> Rolled:
    return next(
        e for e in events if isinstance(e, Rolled) and e.actor == actor and e.action.startswith(action)
    )


def test_evade_counts_the_metres_of_ground_not_the_movement_cost_of_rough_ground() -> None:
    """CO.15: the Defense Penalty is limited by the metres actually moved.  Rough ground
    costs more of the Movement rate but covers no more ground (issue 12, point 8)."""
    # Rough tiles cost double: 1.5 m per tile, 3 m of Movement per rough tile.
    cast = Cast(width=30, height=5, metres_per_tile=1.5, move_costs={(12, 2): 2.0, (13, 2): 2.0})
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=10)
    cast.add("Alex", (10, 2), "resistance", evade=6, movement=5)
    orders = {
        cast["Alex"]: cast.order("Alex", cast.act(K.EVADE), path=((11, 2), (12, 2))),
        cast["Sentry"]: cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "Alex")),
    }
    dice = ScriptedDice(keyed={"Alex:Evade": [5], "Sentry:Missile Strike": [2]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Alex"], cast["Sentry"]])
    moved = next(e for e in events if isinstance(e, Moved))
    # Movement 5 m: 1.5 m onto open ground, then 3 m onto rough: 4.5 m of Movement spent …
    assert moved.path[-1] == (12, 2)
    assert moved.metres == 4.5
    # … but only 3 m of ground covered: the Evade rolled 5 counts −3, not −4.
    (limited,) = [e for e in events if isinstance(e, EvadeLimited)]
    assert (limited.rolled, limited.kept, limited.metres) == (5, 3, 3.0)
    shot = roll_of(events, "Sentry", "Missile Strike")
    assert shot.breakdown.text() == "10 [Missile Strike (Beam)] − 3 [Evade] = 7"
    assert dice.unused() == {}


def test_sprint_carries_the_target_out_of_range_before_resolution() -> None:
    cast = Cast(width=40, height=5)
    cast.add("Sentry", (0, 2), "aliens", weapons=(BLASTER,), missile_beam=9)
    cast.add("IX", (30, 2), "law", movement=5)
    # A pistol whose long range ends at 33 m.
    pistol = Weapon("pistol", WeaponClass.MISSILE, missile_kind=MissileKind.BEAM, ranges=(10.0, 20.0, 33.0))
    cast.world.set(cast["Sentry"], Equipment((pistol,)))
    orders = {
        cast["IX"]: cast.order("IX", cast.act(K.SPRINT), path=tuple((30 + i, 2) for i in range(1, 10))),
        cast["Sentry"]: cast.order("Sentry", cast.act(K.MISSILE_STRIKE, "IX")),
    }
    dice = ScriptedDice(keyed={"IX:Sprint": [2]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Sentry"], cast["IX"]])
    # 5 + 2 = 7 m: from 30 m to 37 m, past the pistol's 33 m long range.
    assert next(e for e in events if isinstance(e, Moved)).path[-1] == (37, 2)
    nullified = next(e for e in events if isinstance(e, ActionNullified))
    assert "out of range" in nullified.reason
    assert dice.unused() == {}


def test_retreat_breaks_melee_and_nullifies_the_strike() -> None:
    cast = Cast()
    cast.add("Niles", (5, 5), "assassin", strike=9)
    cast.add("Serena", (6, 5), "hunters", movement=4)
    path = tuple((6 + i, 5) for i in range(1, 6))
    orders = {
        cast["Serena"]: cast.order("Serena", cast.act(K.RETREAT), path=path),
        cast["Niles"]: cast.order("Niles", cast.act(K.STRIKE, "Serena")),
    }
    dice = ScriptedDice(keyed={"Serena:Retreat": [3]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["Serena"], cast["Niles"]])
    # 4 + 3 = 7 m allowed; the declared path is 5 tiles long, so Serena walks all of it.
    assert next(e for e in events if isinstance(e, Moved)).path[-1] == (11, 5)
    assert any(isinstance(e, ActionNullified) and "Retreated" in e.reason for e in events)


def test_facing_modifiers_appear_by_name() -> None:
    cast = Cast()
    # The attacker faces north but strikes a foe on its left (west): off-hand side, −2.
    cast.add("A", (5, 5), "red", facing=0, strike=8)
    # The defender faces west, so the attacker at its east stands in its back arc.
    cast.add("B", (4, 5), "blue", facing=6, dodge=8, parry=8)
    orders = {
        cast["B"]: cast.order("B", cast.act(K.DODGE), cast.act(K.PARRY), facing=6),
        cast["A"]: cast.order("A", cast.act(K.STRIKE, "B"), facing=0),
    }
    dice = ScriptedDice(keyed={"B:Dodge": [6], "B:Parry": [5], "A:Strike": [11]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["B"], cast["A"]], options=ON)
    text = roll_of(events, "A", "Strike").breakdown.text()
    assert "− 2 [Attacking into Off-hand Side]" in text
    # From the back: Dodge 6 − 4 = 2, Parry 5 − 4 = 1.
    assert "− 2 [Dodge (back arc)]" in text
    assert "− 1 [Parry (back arc)]" in text
    # B's two defences cost it an Action Penalty: Dodge 8 − 1 and Parry 8 − 1 still succeed.
    assert roll_of(events, "A", "Strike").breakdown.total == 8 - 2 - 2 - 1


def test_a_shield_does_not_block_from_the_weapon_side() -> None:
    cast = Cast()
    cast.add("A", (5, 4), "red", facing=4, strike=8)  # north of B, facing south at it
    cast.add("B", (5, 5), "blue", facing=6, block=8, shield=SHIELD)  # B faces west: A is on its right
    orders = {
        cast["B"]: cast.order("B", cast.act(K.BLOCK), facing=6),
        cast["A"]: cast.order("A", cast.act(K.STRIKE, "B"), facing=4),
    }
    dice = ScriptedDice(keyed={"B:Block": [6], "A:Strike": [9]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=[cast["B"], cast["A"]], options=ON)
    strike = roll_of(events, "A", "Strike")
    assert "Block" not in strike.breakdown.text()
    assert strike.breakdown.total == 8


def test_cover_penalties_and_hidden_targets() -> None:
    cast = Cast(width=30, height=9, cover={(19, 4): "low", (19, 6): "high"}, sight_blockers=[])
    cast.add("Shooter", (5, 4), "red", weapons=(BLASTER,), missile_beam=10)
    cast.add("Crouched", (20, 4), "blue")
    cast.add("Walled", (20, 6), "blue")
    cast.add("Firing", (20, 7), "blue", weapons=(BLASTER,))
    cast.board._cover[(19, 7)] = "high"  # noqa: SLF001 - a wall beside the third target too
    orders = {
        cast["Firing"]: cast.order("Firing", cast.act(K.MISSILE_STRIKE, "Shooter")),
        cast["Shooter"]: cast.order(
            "Shooter",
            cast.act(K.MISSILE_STRIKE, "Crouched"),
            cast.act(K.MISSILE_STRIKE, "Walled"),
            cast.act(K.MISSILE_STRIKE, "Firing"),
        ),
    }
    timing = [cast["Shooter"], cast["Firing"], cast["Crouched"], cast["Walled"]]
    dice = ScriptedDice(sequence=[11] * 10)
    events = play_round(cast.world, cast.board, dice, orders, timing_order=timing, options=ON)
    shots = [e for e in events if isinstance(e, Rolled) and e.actor == "Shooter"]
    assert "− 2 [Low Cover]" in shots[0].breakdown.text()
    hidden = [e for e in events if isinstance(e, ActionNullified) and e.actor == "Shooter"]
    assert hidden and "hidden behind high cover" in hidden[0].reason and hidden[0].target == "Walled"
    # Firing from behind high cover exposes: −8, not hidden.
    assert "− 8 [High Cover]" in shots[1].breakdown.text()


def test_low_cover_is_minus_2_whether_or_not_the_target_attacks() -> None:
    """RULES.md §8: low cover hides the legs, −2 to Missile Strikes either way; only high
    cover depends on whether the target attacks (hidden, or −8 while it attacks)."""
    cast = Cast(width=30, height=9, cover={(19, 2): "low", (19, 6): "low"})
    cast.add("Shooter", (5, 4), "red", weapons=(BLASTER,), missile_beam=10)
    cast.add("Quiet", (20, 2), "blue")
    cast.add("Firing", (20, 6), "blue", weapons=(BLASTER,), missile_beam=5)
    orders = {
        cast["Firing"]: cast.order("Firing", cast.act(K.MISSILE_STRIKE, "Shooter")),
        cast["Shooter"]: cast.order(
            "Shooter", cast.act(K.MISSILE_STRIKE, "Quiet"), cast.act(K.MISSILE_STRIKE, "Firing")
        ),
    }
    timing = [cast["Shooter"], cast["Firing"], cast["Quiet"]]
    dice = ScriptedDice(keyed={"Shooter:Missile Strike": [12, 12], "Firing:Missile Strike": [12]})
    events = play_round(cast.world, cast.board, dice, orders, timing_order=timing, options=ON)
    shots = [e for e in events if isinstance(e, Rolled) and e.actor == "Shooter"]
    assert [s.target for s in shots] == ["Quiet", "Firing"]
    assert all("− 2 [Low Cover]" in s.breakdown.text() for s in shots)
    assert dice.unused() == {}


def test_a_barricade_touched_only_at_its_corner_does_not_hide_the_target() -> None:
    """The shot from (0, 0) to (6, 6) passes the corner point between (6, 5) and (5, 6): a
    high barricade on (6, 5) alone neither hides the target nor costs the shot (it hid it);
    on both tiles, the target is hidden."""
    for cover, hidden in (({(6, 5): "high"}, False), ({(6, 5): "high", (5, 6): "high"}, True)):
        cast = Cast(width=9, height=9, cover=cover, sight_blockers=[])
        cast.add("Shooter", (0, 0), "red", weapons=(BLASTER,), missile_beam=10, facing=3)
        cast.add("Target", (6, 6), "blue", facing=7)
        orders = {cast["Shooter"]: cast.order("Shooter", cast.act(K.MISSILE_STRIKE, "Target"))}
        dice = ScriptedDice(keyed={"Shooter:Missile Strike": [12]})
        events = play_round(
            cast.world, cast.board, dice, orders, timing_order=[cast["Shooter"], cast["Target"]], options=ON
        )
        nullified = [e for e in events if isinstance(e, ActionNullified) and e.actor == "Shooter"]
        shots = [e for e in events if isinstance(e, Rolled) and e.actor == "Shooter"]
        if hidden:
            assert nullified and "hidden behind high cover" in nullified[0].reason and not shots
        else:
            assert not nullified and shots and "Cover" not in shots[0].breakdown.text()
            assert dice.unused() == {}
