"""What the workbench shows of a position: the pair ledger with the rulebook's numbers (CO.18
Ex. 1, the chapter's Retreat), the attack matrix, and the round resolved once and 1,000 times."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from game.content.roster import default_roster
from game.rules.events import ActionNullified, Moved, Rolled
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import tile_of
from game.workbench import edits, plans
from game.workbench.ledger import attack_matrix, cell_text, exact, line_text, pair_ledger
from game.workbench.setup import Setup
from game.workbench.trials import Trials, resolve_once
from tests.workbench_helpers import E, empty, ids, retreat_setup

ROSTER = default_roster()


def test_the_ledger_shows_the_chapters_numbers_for_the_retreat() -> None:
    """Niles Parries and Strikes Serena (−1 Action Penalty); Serena Retreats (Movement 4) and is
    out of reach on any roll ≤ 4: 1/3 of the time his Strike is nullified."""
    setup = retreat_setup()
    who = ids(setup)
    ledger = pair_ledger(setup, who["Niles"], who["Serena"])
    assert ledger.facts[0].endswith("1.0 m apart")
    assert "engaged in melee" in ledger.facts[1]
    strike = ledger.forward[0]
    assert strike.declared and strike.action == Action(ActionKind.STRIKE, who["Serena"])
    ((when, fc),) = strike.cases
    assert when == ""
    assert fc.breakdown is not None and fc.breakdown.text() == "9 [Strike] − 1 [Action Penalty] = 8"
    assert (fc.success, fc.nullified, fc.reason) == (
        Fraction(4, 9),
        Fraction(1, 3),
        "Serena Retreated out of melee",
    )
    assert line_text(setup, strike) == [
        "Strike on Serena (declared)",
        "  9 [Strike] − 1 [Action Penalty] = 8",
        "  needs d12 ≤ 8 · success 4/9 = 44.4%",
        "  Serena declared no defence against it",
        "  nullified 1/3 = 33.3%: Serena Retreated out of melee",
        "  expected Injuries 1/3 ≈ 0.33",
    ]
    omar = pair_ledger(setup, who["Omar"], who["Niles"]).forward[0]
    assert "  counts Niles's declared Parry" in line_text(setup, omar)
    ((_, fc),) = omar.cases
    assert fc.breakdown is not None and fc.breakdown.text() == "6 [Strike] = 6"
    assert fc.uncertain == (("Parry", (0, -1, -2, -3, -4)),)  # his Parry 5 − 1 may still succeed
    assert fc.success == Fraction(31, 72)
    # Every attack the menu offers is there too, as if added, or with the rules' reason.
    refused = {line.action.kind: line.reasons for line in ledger.forward if not line.declared}
    assert refused[ActionKind.MISSILE_STRIKE] == ("Missile Strike needs a missile weapon in hand",)


def test_under_rolled_timing_the_two_orders_are_forecast_apart_when_they_differ() -> None:
    """Niles closes in to Strike Serena, who Sprints away: if he moves first she is engaged when
    her turn to move comes (no Sprint out of melee), if she moves first he finds her gone."""
    setup = empty()
    for key, tile, side in (("serena", (5, 4), "hunters"), ("niles", (2, 4), "assassin")):
        placed = edits.place(setup, ROSTER.get(key), tile, side, E)
        assert isinstance(placed, Setup)
        setup = placed
    who = ids(setup)
    sprint = Order(who["Serena"], (Action(ActionKind.SPRINT),), tuple((x, 4) for x in range(6, 13)))
    strike = Order(who["Niles"], (Action(ActionKind.STRIKE, who["Serena"]),), ((3, 4), (4, 4)))
    for order in (sprint, strike):
        changed = edits.set_order(setup, order.actor, order)
        assert isinstance(changed, Setup)
        setup = changed
    assert setup.timing is None and plans.problems(setup) == {}
    line = pair_ledger(setup, who["Niles"], who["Serena"]).forward[0]
    cases = dict(line.cases)
    assert set(cases) == {"if Niles acts first", "if Serena acts first"}
    assert cases["if Niles acts first"].success == Fraction(3, 4)
    assert (cases["if Serena acts first"].nullified, cases["if Serena acts first"].reason) == (
        1,
        "Serena is out of reach",
    )
    assert line.best == cases["if Serena acts first"]  # the matrix counts the less favourable case
    # Movement comes before any Strike whatever the Timing: in the Retreat example one case holds.
    rolled = edits.set_timing(retreat_setup(), None)
    assert isinstance(rolled, Setup)
    (case,) = pair_ledger(rolled, ids(rolled)["Niles"], ids(rolled)["Serena"]).forward[0].cases
    assert case[0] == "" and case[1].nullified == Fraction(1, 3)


def test_the_attack_matrix_gives_every_combatant_its_best_attack_on_every_enemy() -> None:
    setup = retreat_setup()
    who = ids(setup)
    matrix = attack_matrix(setup)
    assert set(matrix) == {
        (who["Omar"], who["Niles"]),
        (who["Serena"], who["Niles"]),
        (who["Niles"], who["Omar"]),
        (who["Niles"], who["Serena"]),
    }
    assert cell_text(matrix[(who["Omar"], who["Niles"])]) == "•Strike ≤ 6 · 43% vs Parry"
    assert cell_text(matrix[(who["Niles"], who["Serena"])]) == "•Strike ≤ 8 · 44%"
    assert cell_text(matrix[(who["Serena"], who["Niles"])]) == "—"  # her Retreat leaves no attack possible
    assert exact(Fraction(1, 1)) == "1 = 100%"


def test_resolving_once_with_the_chapters_dice_plays_the_example() -> None:
    setup = retreat_setup()
    setup = Setup(
        **{**setup.__dict__, "dice": {"Niles:Parry": (9,), "Serena:Retreat": (3,), "Omar:Strike": (8,)}}
    )
    world, events = resolve_once(setup)
    (moved,) = [e for e in events if isinstance(e, Moved)]
    assert moved.note.startswith("4 [Movement] + 3 [Retreat roll] = 7 m")
    assert tile_of(world, ids(setup)["Serena"]) == (13, 4)
    assert [(n.actor, n.reason) for n in events if isinstance(n, ActionNullified)] == [
        ("Niles", "Serena Retreated out of melee")
    ]
    texts = [e.text() for e in events if isinstance(e, Rolled)]
    assert "Niles — Parry: 5 [Parry] − 1 [Action Penalty] = 4; rolled 9: failure" in texts
    assert "Omar — Strike on Niles: 6 [Strike] = 6; rolled 8: miss" in texts
    assert tile_of(setup.world, ids(setup)["Serena"]) == (6, 4)  # the position itself is untouched


def test_a_thousand_runs_give_the_distribution_and_agree_with_the_forecast() -> None:
    setup = retreat_setup()
    trials = Trials(setup, 1000)
    first = trials.step(100)
    assert first == 100 and 0 < trials.progress < 1
    result = trials.run_all()
    assert result.runs == 1000 and not result.refused
    rows = {row.title: row for row in result.actions}
    strike = rows["Niles: Strike on Serena"]
    assert strike.expected == Fraction(4, 9)
    assert strike.rolled + strike.nullified == 1000
    for row in result.actions:  # every observed rate within 4 standard deviations of the exact chance
        assert row.expected is not None
        p = float(row.expected)
        assert abs(row.successes / 1000 - p) <= 4 * math.sqrt(p * (1 - p) / 1000) + 1e-9, row.title
    retreat = rows["Serena: Retreat"]
    serena = result.combatants[ids(setup)["Serena"]]
    assert serena.first == 1000  # the fixed Timing order
    assert serena.ends[(6, 4)] == 1000 - retreat.successes  # a failed Retreat stays in melee
    assert sum(serena.ends.values()) == 1000
    assert result.combatants[ids(setup)["Omar"]].ends == {(4, 4): 1000}
    # The same seed gives the same distribution; run 0 is the single resolution with that seed.
    again = Trials(setup, 1000).run_all()
    assert [r.successes for r in again.actions] == [r.successes for r in result.actions]
    one = Trials(setup, 1).run_all()
    world, _events = resolve_once(setup, setup.seed)
    assert one.combatants[ids(setup)["Serena"]].ends == {tile_of(world, ids(setup)["Serena"]): 1}


def test_trials_refuse_to_start_while_an_order_is_refused() -> None:
    setup = retreat_setup()
    who = ids(setup)
    bad = edits.set_order(setup, who["Serena"], Order(who["Serena"], (Action(ActionKind.SPRINT),), ((7, 4),)))
    assert isinstance(bad, Setup)
    with pytest.raises(ValueError, match="cannot Sprint while engaged in melee with Niles"):
        Trials(bad, 10)
    with pytest.raises(ValueError, match="runs must be"):
        Trials(setup, 0)
