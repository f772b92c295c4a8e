"""The AI in hand-built positions with one clearly right answer."""

from __future__ import annotations

import pytest
from ai_helpers import judging, knowledge_of, view_of
from builders import SWORD, Cast

from game.ai import make_controller
from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.arcs import BACK, arc_of
from game.rules.movement import final_facing
from game.rules.orders import ActionKind, Order
from game.rules.validate import validate_order
from game.world import Position

LONGBOW = Weapon(
    "longbow",
    WeaponClass.MISSILE,
    hands=2,
    injury=2,
    missile_kind=MissileKind.PRIMITIVE,
    ranges=(40, 150, 200),
)
LEVELS = ("ai:easy", "ai:normal", "ai:hard")
SMART = ("ai:normal", "ai:hard")


def choose(level: str, view) -> Order:  # noqa: ANN001
    order = judging(level, seed=1).choose_order(view)
    assert validate_order(view.world, view.board, order, view.earlier) == []
    return order


def targets_of(order: Order, kind: ActionKind) -> set[int | None]:
    return {a.target for a in order.actions if a.kind is kind}


@pytest.mark.parametrize("level", SMART)
def test_shoots_the_target_in_the_open_not_the_one_in_high_cover(level: str) -> None:
    cast = Cast(24, 12, cover={(13, 8): "high"})
    cast.add("Archer", (2, 5), "a", weapons=(LONGBOW,), missile_primitive=8, movement=4)
    cast.add("Open", (14, 3), "b", facing=6)
    cast.add("Hidden", (14, 8), "b", facing=6)
    # Both declared before the archer, and neither attacks: the one behind high cover is hidden.
    earlier = {"Open": cast.order("Open"), "Hidden": cast.order("Hidden")}
    order = choose(level, view_of(cast, "Archer", earlier))
    assert targets_of(order, ActionKind.MISSILE_STRIKE) == {cast["Open"]}


@pytest.mark.parametrize("level", SMART)
def test_turns_an_attacker_out_of_its_back_arc(level: str) -> None:
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=5, parry=6, dodge=5)  # facing east
    cast.add("Foe", (4, 5), "b", facing=2, strike=6)  # just west: in my back arc
    earlier = {"Foe": cast.order("Foe", cast.act(ActionKind.STRIKE, "Me"))}
    view = view_of(cast, "Me", earlier)
    order = choose(level, view)
    start = view.world.get(cast["Me"], Position).tile
    end = order.path[-1] if order.path else start
    facing = final_facing(order, [start, *order.path], 2)
    assert arc_of(end, facing, (4, 5)) != BACK


@pytest.mark.parametrize("level", SMART)
def test_evades_rather_than_parries_an_arrow(level: str) -> None:
    cast = Cast(60, 12)
    cast.add("Me", (3, 5), "a", facing=2, strike=6, parry=7, evade=6, movement=5)
    cast.add("Bowman", (50, 5), "b", facing=6, weapons=(LONGBOW,), missile_primitive=9)
    earlier = {"Bowman": cast.order("Bowman", cast.act(ActionKind.MISSILE_STRIKE, "Me"))}
    order = choose(level, view_of(cast, "Me", earlier))
    assert order.has(ActionKind.EVADE)
    assert not order.has(ActionKind.PARRY)


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize("brute_declared", [True, False])
def test_retreats_at_two_injuries_from_a_fresh_foe(level: str, brute_declared: bool) -> None:
    # A corridor: no way round the brute (in the open, slipping into its back arc is better still).
    cast = Cast(16, 12, walls=[(x, y) for x in range(16) for y in (4, 6)])
    cast.add("Me", (5, 5), "a", injuries=2, strike=6, parry=5, movement=8, weapons=(SWORD,))
    cast.add("Brute", (6, 5), "b", facing=6, strike=9, weapons=(SWORD,))
    strike = cast.act(ActionKind.STRIKE, "Me")
    if brute_declared:
        view = view_of(cast, "Me", {"Brute": cast.order("Brute", strike, strike)})
    else:
        view = view_of(cast, "Me", later=("Brute",))  # better Timing: it will see our order
    assert choose(level, view).has(ActionKind.RETREAT)


@pytest.mark.parametrize("level", SMART)
def test_finishes_the_injured_enemy(level: str) -> None:
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=7)
    cast.add("Fresh", (6, 4), "b", facing=6)
    cast.add("Wounded", (6, 6), "b", facing=6, injuries=2)
    earlier = {"Fresh": cast.order("Fresh"), "Wounded": cast.order("Wounded")}
    order = choose(level, view_of(cast, "Me", earlier))
    assert targets_of(order, ActionKind.STRIKE) == {cast["Wounded"]}


def test_disarms_a_parrying_foe_when_its_disarm_is_better() -> None:
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=3, disarm=9)
    cast.add("Fencer", (6, 5), "b", facing=6, parry=9, grip=1, vigor=1)
    earlier = {"Fencer": cast.order("Fencer", cast.act(ActionKind.PARRY), cast.act(ActionKind.PARRY))}
    order = choose("ai:hard", view_of(cast, "Me", earlier))
    assert order.has(ActionKind.DISARM)


def test_a_disarmed_fighter_picks_its_weapon_up() -> None:
    from builders import ChapterCast

    cast = ChapterCast(12, 12)
    cast.add("Me", (5, 5), "a", weapons=(), brawling=2)
    cast.add("Foe", (10, 10), "b")
    cast.drop(SWORD, (6, 6))
    order = choose("ai:hard", view_of(cast, "Me", {"Foe": cast.order("Foe")}))
    assert order.has(ActionKind.RETRIEVE)


@pytest.mark.parametrize("level", (*LEVELS, "ai:random"))
def test_every_level_explains_its_choice(level: str) -> None:
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a")
    cast.add("Foe", (6, 5), "b", facing=6)
    controller = make_controller(level, seed=3)
    controller.choose_order(view_of(cast, "Me"))
    explanation = controller.last_explanation  # type: ignore[attr-defined]
    if level == "ai:random":
        assert explanation == []
        return
    assert explanation
    for summary, score, terms in explanation:
        assert isinstance(summary, str) and summary
        assert isinstance(score, float)
        assert abs(sum(terms.values()) - score) < 0.01


def test_hard_guesses_the_replies_of_enemies_declaring_after_it() -> None:
    from game.ai.anticipate import predict_later
    from game.ai.facts import RoundFacts, read_unit
    from game.ai.knowledge import Knowledge

    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a")
    cast.add("Early", (9, 9), "b")
    cast.add("Late", (7, 5), "b", facing=6, strike=7)
    view = view_of(cast, "Me", {"Early": cast.order("Early")}, later=("Late",))
    units = {eid: read_unit(view.world, eid) for eid in cast.ids.values()}
    know = Knowledge(
        view.world, view.board, view.options, view.actor, view.earlier, view.timing, RoundFacts((), units)
    )
    guessed = predict_later(know, Order(cast["Me"]))
    assert set(guessed) == {cast["Late"]}  # never the ones that already declared
    reply = guessed[cast["Late"]]
    assert {a.target for a in reply.actions if a.kind is ActionKind.STRIKE} == {cast["Me"]}
    assert (
        validate_order(view.world, view.board, reply, {**view.earlier, cast["Me"]: Order(cast["Me"])}) == []
    )


def test_a_side_that_wins_by_surviving_plays_safer() -> None:
    from game.ai.levels import NORMAL, for_stakes
    from game.rules.victory import Victory

    survive = Victory("survive", "Law", 3)
    assert for_stakes(NORMAL, survive, "Law").self_weight > NORMAL.self_weight
    assert for_stakes(NORMAL, survive, "Alien").approach_weight > NORMAL.approach_weight
    assert for_stakes(NORMAL, Victory(), "Law") == NORMAL
    assert for_stakes(NORMAL, Victory(), "Law", round_number=29, max_rounds=30).approach_weight > (
        NORMAL.approach_weight
    )


def test_the_survive_clock_is_the_clock() -> None:
    """A survive clock shorter than the round limit decides the battle: the hunter hurries
    before it runs out, and in its last round nobody plays for a next round."""
    from game.ai.levels import NORMAL, for_stakes
    from game.rules.victory import Victory

    survive = Victory("survive", "Law", 3)
    early = for_stakes(NORMAL, survive, "Alien", round_number=1, max_rounds=6)
    last = for_stakes(NORMAL, survive, "Alien", round_number=3, max_rounds=6)
    assert early.position_weight == NORMAL.position_weight
    assert last.position_weight == 0.0 and last.approach_weight == 0.0
    assert last.self_weight < early.self_weight  # hurrying
    final = for_stakes(NORMAL, Victory(), "Law", round_number=30, max_rounds=30)
    assert final.position_weight == 0.0 and final.approach_weight == 0.0


@pytest.mark.parametrize("level", SMART)
def test_joins_the_attack_an_ally_already_declared(level: str) -> None:
    """Two fresh foes, the sturdier one (Stamina 4) already under an ally's two Strikes:
    strike that one too (focus fire), so it is likelier to fall before it can hurt us.
    Without the ally's Strikes the other, easier to injure, is the better target."""
    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6)
    cast.add("Ally", (7, 3), "a", facing=5, strike=6)
    cast.add("Upper", (6, 4), "b", facing=6, stamina=4)
    cast.add("Lower", (6, 6), "b", facing=6)
    alone = {"Upper": cast.order("Upper"), "Lower": cast.order("Lower"), "Ally": cast.order("Ally")}
    assert targets_of(choose(level, view_of(cast, "Me", alone)), ActionKind.STRIKE) == {cast["Lower"]}
    strike_upper = cast.act(ActionKind.STRIKE, "Upper")
    earlier = {
        "Upper": cast.order("Upper"),
        "Lower": cast.order("Lower"),
        "Ally": cast.order("Ally", strike_upper, strike_upper),
    }
    order = choose(level, view_of(cast, "Me", earlier))
    assert targets_of(order, ActionKind.STRIKE) == {cast["Upper"]}


@pytest.mark.parametrize("level", SMART)
def test_does_not_shoot_at_an_enemy_that_has_declared_its_flight_off_the_map(level: str) -> None:
    """The nearer enemy stands on the map's edge and has declared that it steps off: a shot at it
    would be nullified (it moves before the shot resolves), so the archer shoots the other."""
    cast = Cast(24, 12)
    cast.add("Archer", (12, 5), "a", weapons=(LONGBOW,), missile_primitive=8, movement=4)
    cast.add("Leaving", (23, 5), "b", facing=6)
    cast.add("Staying", (12, 0), "b", facing=6)
    leaving = cast.order("Leaving")
    earlier = {"Leaving": Order(leaving.actor, flee=True), "Staying": cast.order("Staying")}
    order = choose(level, view_of(cast, "Archer", earlier))
    assert targets_of(order, ActionKind.MISSILE_STRIKE) == {cast["Staying"]}


def test_the_quick_look_at_a_shot_sees_the_target_flee_off_the_map() -> None:
    """The AI's quick look (`first_look`) takes a target with no path as standing still; one that
    declared its flight from the edge is gone before the shot resolves: the shot is nullified,
    as the rules' forecast says."""
    from game.ai.expect import first_look

    cast = Cast(24, 12)
    cast.add("Archer", (12, 5), "a", weapons=(LONGBOW,), missile_primitive=8, movement=4)
    cast.add("Leaving", (23, 5), "b", facing=6)
    view = view_of(cast, "Archer", {"Leaving": Order(cast["Leaving"], flee=True)})
    know = knowledge_of(view)
    shot = cast.order("Archer", cast.act(ActionKind.MISSILE_STRIKE, "Leaving"))
    looked = first_look(know, {**view.earlier, cast["Archer"]: shot}, cast["Archer"])
    assert [(f.nullified, f.success) for f in looked] == [(1, 0)]


def test_hard_strikes_first_the_foe_whose_blows_land_most() -> None:
    """Two foes beside us, alike but for their Strike (8 against 3), both committed to standing
    still: an Injury on either costs it the same, but the one that hits more often is the one
    to put down first.  Hard (`Level.menace`) strikes it; a level without the menace finds the
    two targets worth exactly the same."""
    from dataclasses import replace

    from game.ai.candidates import Candidate
    from game.ai.levels import HARD
    from game.ai.scoring import Scorer

    cast = Cast(12, 12)
    cast.add("Me", (5, 5), "a", facing=2, strike=6)
    cast.add("Deadly", (6, 4), "b", facing=6, strike=8)
    cast.add("Feeble", (6, 6), "b", facing=6, strike=3)
    earlier = {"Deadly": cast.order("Deadly"), "Feeble": cast.order("Feeble")}
    view = view_of(cast, "Me", earlier)
    assert targets_of(choose("ai:hard", view), ActionKind.STRIKE) == {cast["Deadly"]}

    know = knowledge_of(view)

    def dealt(level, foe: str) -> float:  # noqa: ANN001
        strike = cast.act(ActionKind.STRIKE, foe)
        order = cast.order("Me", strike, strike)
        return Scorer(know, level).score(Candidate(order, "strike")).terms["dealt"]

    assert dealt(HARD, "Deadly") > 2 * dealt(HARD, "Feeble")
    plain = replace(HARD, menace=False)
    assert dealt(plain, "Deadly") == pytest.approx(dealt(plain, "Feeble"))


def test_hard_looks_first_at_the_foe_whose_blows_land_most() -> None:
    """Which enemies get attack candidates at all: near and injured ones first, and for hard
    the deadly one a little farther off before a feeble one nearer (`ranked_targets`)."""
    from game.ai.candidates import ranked_targets
    from game.ai.levels import HARD, NORMAL
    from game.ai.menace import menace_factors

    cast = Cast(16, 16)
    cast.add("Me", (5, 5), "a", facing=2, strike=6)
    cast.add("Feeble", (8, 5), "b", facing=6, strike=3)
    cast.add("Deadly", (10, 5), "b", facing=6, strike=8)
    know = knowledge_of(view_of(cast, "Me", later=("Feeble", "Deadly")))
    hard = ranked_targets(know, 1, menace_factors(know, HARD))
    assert [u.eid for u in hard] == [cast["Deadly"]]
    normal = ranked_targets(know, 1, menace_factors(know, NORMAL))
    assert [u.eid for u in normal] == [cast["Feeble"]]
