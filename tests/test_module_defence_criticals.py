"""Critical defences (seed 002 Critical Rolls: Dodge and Block): a natural 1 or 12 on a Dodge,
an Evade or a Block rolls d2 on that defence's critical success or critical fail table."""

from __future__ import annotations

from builders import DAGGER, SHIELD, Cast

from game.core.equipment import Shield
from game.rules.dice import ScriptedDice
from game.rules.events import ActionNullified, Injured, Moved, Rolled, WeaponFell
from game.rules.hits import TableRolled
from game.rules.modules.defence_criticals import ShieldDamaged, table_result
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import Round, play_round
from game.world import Equipment

ON = RuleOptions({"defence_criticals"})


def duel(**niles: object) -> Cast:
    """Omar (sword) and Serena strike at Niles, who defends."""
    cast = Cast()
    cast.add("Omar", (3, 5), "a", strike=6, stamina=4)
    cast.add("Serena", (3, 4), "a", strike=6)
    kw = {"weapons": (DAGGER,), "dodge": 8, "block": 6, "strike": 7, **niles}
    cast.add("Niles", (4, 5), "b", facing=6, **kw)  # type: ignore[arg-type]
    return cast


def play(cast: Cast, dice: ScriptedDice, orders: dict[str, tuple], number: int = 1, options=ON) -> list:
    by_actor = {cast[n]: cast.order(n, *acts) for n, acts in orders.items()}
    timing = [cast["Niles"], cast["Omar"], cast["Serena"]]
    return play_round(cast.world, cast.board, dice, by_actor, number, timing, options)


def tables(events: list) -> list[str]:
    return [e.text() for e in events if isinstance(e, TableRolled)]


def test_the_module_brings_criticals_with_it() -> None:
    assert ON.on == {"defence_criticals", "criticals"}


def test_the_tables_are_the_seeds() -> None:
    assert [table_result(K.DODGE, 1, d) for d in (1, 2)] == ["a free attack", "act first next round"]
    assert [table_result(K.DODGE, 12, d) for d in (1, 2)] == [
        "the attacker does max damage",
        "falls on its face: loses its turn",
    ]
    assert [table_result(K.BLOCK, 1, d) for d in (1, 2)] == ["a free attack", "disarm the attacker"]
    assert [table_result(K.BLOCK, 12, d) for d in (1, 2)][1] == "the shield's blocking tier drops by one"
    assert table_result(K.EVADE, 1, 2) == table_result(K.DODGE, 1, 2)


def test_a_natural_1_on_a_dodge_gives_a_free_attack_on_the_attacker() -> None:
    cast = duel()
    dice = ScriptedDice(
        keyed={
            "Niles:Dodge": [1],
            "Niles:Dodge Critical": [1],
            "Niles:Strike": [3],
            "Omar:Withstand Injury": [1],
            "Omar:Strike": [2],
            "Niles:Withstand Injury": [11],
        }
    )
    events = play(cast, dice, {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert tables(events) == ["Niles — Dodge Critical: d2 1: a free attack: Niles's Strike on Omar"]
    free = next(e for e in events if isinstance(e, Rolled) and e.actor == "Niles" and e.action == "Strike")
    # No Action Penalty (Niles declared one action anyway): 7, rolled 3: hit.
    assert free.text() == "Niles — Strike on Omar: 7 [Strike] = 7; rolled 3: hit"
    # The Dodge still counts its 1 against Omar's Strike: 6 − 1 = 5, rolled 2: hit.
    strike = next(e for e in events if isinstance(e, Rolled) and e.actor == "Omar" and e.action == "Strike")
    assert strike.breakdown.total == 5
    assert dice.unused() == {}


def test_a_natural_12_on_a_dodge_can_give_the_attackers_max_damage() -> None:
    cast = duel()
    dice = ScriptedDice(
        keyed={"Niles:Dodge": [12], "Niles:Dodge Fumble": [1], "Omar:Strike": [5], "Serena:Strike": [6]}
    )
    events = play(
        cast,
        dice,
        {
            "Niles": (cast.act(K.DODGE),),
            "Omar": (cast.act(K.STRIKE, "Niles"),),
            "Serena": (cast.act(K.STRIKE, "Niles"),),
        },
    )
    assert tables(events) == [
        "Niles — Dodge Fumble: d2 1: the attacker does max damage: each hit on Niles this round "
        "that the Dodge counters Injures, no Withstand roll"
    ]
    # Both hits Injure with no Withstand Injury roll.
    assert [e.added for e in events if isinstance(e, Injured)] == [1, 1]
    assert not [e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury"]
    assert dice.unused() == {}


def test_without_the_module_a_natural_12_on_a_dodge_is_a_plain_failure() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Niles:Dodge": [12], "Omar:Strike": [5], "Niles:Withstand Injury": [1]})
    events = play(
        cast,
        dice,
        {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)},
        options=RuleOptions(),
    )
    assert tables(events) == []
    assert [e.outcome for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury"] == [
        "success"
    ]


def test_a_fall_on_the_face_loses_the_defenders_move_and_attacks() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Niles:Dodge": [12], "Niles:Dodge Fumble": [2], "Omar:Strike": [9]})
    orders = {
        "Niles": (cast.act(K.DODGE), cast.act(K.STRIKE, "Omar")),
        "Omar": (cast.act(K.STRIKE, "Niles"),),
    }
    by_actor = {cast[n]: cast.order(n, *acts) for n, acts in orders.items()}
    by_actor[cast["Niles"]] = cast.order("Niles", *orders["Niles"], path=((4, 4),))
    timing = [cast["Niles"], cast["Omar"], cast["Serena"]]
    events = play_round(cast.world, cast.board, dice, by_actor, 1, timing, ON)
    assert "Niles: Fallen until the end of round 1: no movement, no offensive actions" in [
        e.text() for e in events
    ]
    assert not [e for e in events if isinstance(e, Moved) and e.actor == "Niles" and len(e.path) > 1]
    nullified = [e.text() for e in events if isinstance(e, ActionNullified)]
    assert nullified == [
        "Niles — Strike on Omar nullified: Niles fell on its face (a critical fail): it lost its turn"
    ]
    assert "Niles: no more Fallen: back on its feet" in [e.text() for e in events]


def test_act_first_puts_the_dodger_first_in_the_next_rounds_timing() -> None:
    cast = duel()
    dice = ScriptedDice(keyed={"Niles:Dodge": [1], "Niles:Dodge Critical": [2], "Omar:Strike": [9]})
    play(cast, dice, {"Niles": (cast.act(K.DODGE),), "Omar": (cast.act(K.STRIKE, "Niles"),)})
    # Round 2, Timing rolled: Niles rolls worst but acts first.
    rolls = {"Omar:Timing": [12], "Serena:Timing": [11], "Niles:Timing": [1]}
    rnd = Round(cast.world, cast.board, ScriptedDice(keyed=rolls), number=2, options=ON)
    assert rnd.timing == [cast["Niles"], cast["Omar"], cast["Serena"]]
    same = Round(cast.world, cast.board, ScriptedDice(keyed=rolls), number=3, options=ON)
    assert same.timing[0] == cast["Omar"]  # only the next round


def test_a_critical_block_disarms_an_attacker_in_reach() -> None:
    cast = duel(shield=SHIELD)
    dice = ScriptedDice(keyed={"Niles:Block": [1], "Niles:Block Critical": [2], "Serena:Strike": [4]})
    events = play(cast, dice, {"Niles": (cast.act(K.BLOCK),), "Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert tables(events) == ["Niles — Block Critical: d2 2: disarm the attacker: Omar's sword"]
    assert [e.text() for e in events if isinstance(e, WeaponFell)] == [
        "Omar's sword falls at (3, 5) (a critical Block)"
    ]
    assert cast.world.get(cast["Omar"], Equipment).weapons == ()
    assert [e.reason for e in events if isinstance(e, ActionNullified)] == [
        "no weapon in hand for it any more"
    ]


def test_a_fumbled_block_damages_the_shield_for_the_battle() -> None:
    cast = duel(shield=Shield("round shield", 2))
    dice = ScriptedDice(
        keyed={
            "Niles:Block": [12],
            "Niles:Block Fumble": [2],
            "Omar:Strike": [5],
            "Niles:Withstand Injury": [9],
        }
    )
    events = play(cast, dice, {"Niles": (cast.act(K.BLOCK),), "Omar": (cast.act(K.STRIKE, "Niles"),)})
    assert [e.text() for e in events if isinstance(e, ShieldDamaged)] == [
        "Niles's round shield is damaged: Withstand bonus now 1"
    ]
    withstand = next(e for e in events if isinstance(e, Rolled) and e.action == "Withstand Injury")
    assert "+ 1 [round shield]" in withstand.breakdown.text()


def test_the_forecast_names_the_targets_tables() -> None:
    from game.rules.forecast import forecast_order

    cast = duel()
    orders = {
        cast["Niles"]: cast.order("Niles", cast.act(K.DODGE)),
        cast["Omar"]: cast.order("Omar", cast.act(K.STRIKE, "Niles")),
    }
    found = forecast_order(cast.world, cast.board, orders, cast["Omar"], ON)
    notes = [n for attack in found for n in attack.notes]
    assert (
        "Niles's Dodge: natural 1 (1 in 12), d2 [Dodge Critical]: a free attack / act first next round; "
        "natural 12 (1 in 12), d2 [Dodge Fumble]: the attacker does max damage / falls on its face: "
        "loses its turn"
    ) in notes
