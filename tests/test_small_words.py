"""Small words the player reads (issue 52, item 9): plural Injuries, one reason for two
Charges, "an Overwatch", a killed combatant's sheet, and a defence hint for the last declarer."""

from __future__ import annotations

from game.core.words import article
from game.rules.events import Injured
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, CalledShot, Order
from game.rules.validate import validate_order
from game.ui.defence_notes import defence_note
from game.ui.render.panels import injury_words
from game.world import Condition
from tests.builders import Cast


def test_two_injuries_are_injuries() -> None:
    assert Injured("Niles", 2, 2).text() == "Niles takes 2 Injuries; now 2 Injuries"
    assert Injured("Niles", 1, 1).text() == "Niles takes 1 Injury; now 1 Injury"


def test_two_charges_get_one_reason() -> None:
    from game.rules.modules.charge import CHARGE

    cast = Cast(14, 8)
    cast.add("A", (2, 4), "a", strike=6, movement=4)
    cast.add("B", (9, 4), "b")
    charge = Action(CHARGE, cast["B"])
    order = Order(cast["A"], (charge, charge), tuple((x, 4) for x in range(3, 9)))
    reasons = validate_order(cast.world, cast.board, order, {}, RuleOptions({"charge"}))
    per_round = [r for r in reasons if "per round" in r]
    assert len(per_round) == 1, reasons


def test_an_before_a_vowel() -> None:
    from game.rules.modules.overwatch import OVERWATCH

    assert (article("Overwatch"), article("Evade"), article("Dodge")) == ("an", "an", "a")
    cast = Cast(10, 6)
    cast.add("A", (2, 2), "a")
    cast.add("B", (3, 2), "b")
    called = Action(OVERWATCH, None, CalledShot("head", -4, True))
    reasons = validate_order(
        cast.world, cast.board, Order(cast["A"], (called,)), {}, RuleOptions({"overwatch"})
    )
    assert any(r.endswith("not an Overwatch") for r in reasons), reasons


def test_a_killed_combatants_sheet_does_not_count_past_three() -> None:
    assert injury_words(Condition(injuries=4, defeated=True, dead=True)) == "killed"
    assert injury_words(Condition(injuries=3, defeated=True)) == "Defeated"
    assert injury_words(Condition(injuries=1)) == "Injuries 1/3 (−1 to every roll)"


def test_the_last_declarer_is_not_told_later_declarers_may_attack() -> None:
    cast = Cast(10, 6)
    cast.add("A", (2, 2), "a", dodge=6)
    cast.add("B", (6, 2), "b")
    assert "later declarers may still attack" in defence_note(cast.world, cast["A"], {}, ActionKind.DODGE)
    b_stays = {cast["B"]: Order(cast["B"], ())}
    note = defence_note(cast.world, cast["A"], b_stays, ActionKind.DODGE)
    assert "later" not in note and "ignore" in note
