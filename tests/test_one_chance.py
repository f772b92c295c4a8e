"""One chance everywhere (issue 52, item 1): every place that shows the chance of an attack
(the attack menu, the badge over the enemy, the hover card, the order panel, the workbench's
ledger and matrix) asks the same forecast with the same question, and says which of the
target's defences that chance assumed."""

from __future__ import annotations

from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.ui.battle.plans import badge_attack, badge_texts
from game.ui.battle.tips import chance_lines, chosen_attack
from game.ui.planner import Draft, Planner
from game.workbench.boards import blank_board
from game.workbench.ledger import attack_matrix, cell_text, line_text, pair_ledger
from game.workbench.setup import Setup
from tests.builders import Cast


def _duel() -> Cast:
    """Frederic (Strike 8) beside Dirk (Dodge 6), both with swords."""
    cast = Cast(10, 6)
    cast.add("Frederic", (3, 2), "a", facing=2, strike=8)
    cast.add("Dirk", (4, 2), "b", facing=6, strike=5, dodge=6)
    return cast


def _every_place(cast: Cast, earlier: dict[int, Order]) -> dict[str, tuple[float, str]]:
    """The chance of Frederic's Strike on Dirk, and the words of its assumption, as each place
    shows it, with `earlier` the orders declared before Frederic's."""
    options = RuleOptions()
    me, dirk = cast["Frederic"], cast["Dirk"]
    strike = Action(ActionKind.STRIKE, dirk)
    planner = Planner(cast.world, cast.board, me, earlier, options)
    draft = Draft(me)
    menu = planner.choice(draft, strike, "Strike on Dirk").forecast
    badge_before = badge_attack(planner, draft, dirk)
    draft.add(strike)
    badge_after = badge_attack(planner, draft, dirk)
    _, hover, _ = chosen_attack(planner, draft, dirk)
    (panel,) = planner.forecasts(draft.order())
    board, source = blank_board(cast.board.width, cast.board.height)
    setup = Setup(board, source, cast.world, options, {**earlier, me: draft.order()})
    (line,) = [line for line in pair_ledger(setup, me, dirk).forward if line.declared]
    matrix = attack_matrix(setup, [me], [dirk])[(me, dirk)]
    assert menu and badge_before and badge_after and hover and panel and line.best and matrix
    assert matrix.best is not None
    places = {
        "menu": (menu.success, planner.choice(Draft(me), strike, "").detail()),
        "badge before declaring": (badge_before[1].success, badge_texts(*badge_before)[0]),
        "badge once chosen": (badge_after[1].success, badge_texts(*badge_after)[0]),
        "hover": (hover.success, " / ".join(chance_lines(cast.world, (me, planner, draft), dirk))),
        "order panel": (panel.success, ""),
        "ledger": (line.best.success, " / ".join(line_text(setup, line))),
        "matrix": (matrix.best.success, cell_text(matrix)),
    }
    return {name: (float(p), words) for name, (p, words) in places.items()}


def test_every_place_gives_one_chance_against_a_declared_dodge() -> None:
    cast = _duel()
    dirk = cast["Dirk"]
    places = _every_place(cast, {dirk: Order(dirk, (Action(ActionKind.DODGE),))})
    assert len({p for p, _ in places.values()}) == 1, places
    assert places["menu"][1].endswith("vs Dodge")
    assert (
        places["badge before declaring"][1]
        == places["badge once chosen"][1]
        == f"Strike {places['menu'][0]:.0%} vs Dodge"
    )
    assert "counts Dirk's declared Dodge" in places["hover"][1]
    assert "counts Dirk's declared Dodge" in places["ledger"][1]
    assert places["matrix"][1].endswith("vs Dodge")


def test_before_the_target_declares_every_place_says_it_assumed_no_defence() -> None:
    cast = _duel()
    places = _every_place(cast, {})
    assert len({p for p, _ in places.values()}) == 1, places
    assert places["menu"][1].endswith("if undefended")
    assert places["badge once chosen"][1].endswith("if undefended")
    assert "assumes Dirk does not defend (Dirk has not declared yet)" in places["hover"][1]
    assert "assumes Dirk does not defend" in places["ledger"][1]
    assert places["matrix"][1].endswith("if undefended")
    # Without his Dodge the Strike is likelier than against it: the words say why they differ.
    dodging = _every_place(cast, {cast["Dirk"]: Order(cast["Dirk"], (Action(ActionKind.DODGE),))})
    assert places["menu"][0] > dodging["menu"][0]


def test_once_a_strike_is_chosen_the_badge_shows_its_chance_not_a_second_strikes() -> None:
    """The defect: after declaring a Strike at 42% the badge read "Strike 33%", the chance of
    a second Strike (another Action Penalty) that a click would add."""
    cast = _duel()
    me, dirk = cast["Frederic"], cast["Dirk"]
    planner = Planner(cast.world, cast.board, me, {}, RuleOptions())
    draft = Draft(me)
    draft.add(Action(ActionKind.STRIKE, dirk))
    second = planner.quick_attack(draft, dirk)
    found = badge_attack(planner, draft, dirk)
    assert found is not None and second.forecast is not None
    (chosen,) = planner.forecasts(draft.order())
    assert found[1].success == chosen.success
    assert second.forecast.success < chosen.success  # what the badge used to show


def test_an_overwatch_declared_before_the_enemy_waits_on_his_order_not_impossible() -> None:
    """The defect: "Overwatch — impossible, 0.0%: no enemy is expected to move or attack in the
    arc" while the enemy had not declared yet; declared anyway, it fired."""
    from game.rules.forecast import forecast_order
    from game.rules.modules.overwatch import OVERWATCH
    from game.ui.forecast_text import forecast_detail, forecast_lines
    from tests.builders import BLASTER

    cast = Cast(30, 12)
    cast.add("S", (2, 5), "red", weapons=(BLASTER,), missile_beam=9, movement=0)
    cast.add("T", (2, 11), "blue", strike=6, movement=4)
    watch = cast.order("S", cast.act(OVERWATCH), facing=2)
    options = RuleOptions({"overwatch"})
    (before,) = forecast_order(cast.world, cast.board, {cast["S"]: watch}, cast["S"], options)
    assert before.success == 0 and before.waits_on == ("T",)
    assert forecast_detail(before) == "waits on T: not declared yet"
    assert "  may change: T still to declare" in forecast_lines(cast.world, before)
    # Once T has declared staying put, nothing is awaited and the shot cannot come.
    stays = cast.order("T")
    orders = {cast["T"]: stays, cast["S"]: watch}
    (after,) = forecast_order(cast.world, cast.board, orders, cast["S"], options)
    assert after.waits_on == () and forecast_detail(after) == "impossible"
