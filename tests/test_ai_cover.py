"""Cover relative to where the enemies are (issue 17): a shooter takes the cover that stands
between it and the enemy's guns, not the best cover anywhere around a tile; and a combatant
whose next Injury would defeat it gets out of sight."""

from __future__ import annotations

from dataclasses import replace

from ai_helpers import judging, knowledge_of, view_of
from builders import Cast

from game.core.equipment import MissileKind, Weapon, WeaponClass
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.validate import validate_order
from game.world import Position

RIFLE = Weapon(
    "rifle", WeaponClass.MISSILE, hands=2, injury=3, missile_kind=MissileKind.SLUG, ranges=(30, 60, 120)
)
SMART = ("ai:normal", "ai:hard")


def _end(view, order: Order) -> tuple[int, int]:  # noqa: ANN001
    return order.path[-1] if order.path else view.world.get(order.actor, Position).tile


def test_a_shooter_takes_the_cover_between_it_and_the_enemy() -> None:
    """Crates (cover one cannot stand on): a low one east of (11, 4) stands between that
    tile and the rifleman to the east; high ones west of (9, 5) are behind those tiles
    and shelter nothing from him."""
    crates = {(12, 4): "low", (8, 4): "high", (8, 5): "high", (8, 6): "high"}
    for level in SMART:
        cast = Cast(40, 12, cover=crates, move_blockers=list(crates))
        cast.add("Me", (10, 5), "a", facing=2, weapons=(RIFLE,), missile_slug=7, movement=2, evade=1)
        cast.add("Rifleman", (30, 5), "b", facing=6, weapons=(RIFLE,), missile_slug=9)
        view = view_of(cast, "Me", later=("Rifleman",))
        order = judging(level, seed=1).choose_order(view)
        assert validate_order(view.world, view.board, order, view.earlier, view.options) == []
        end = _end(view, order)
        assert cast.board.cover_between((30, 5), end) != "none", (level, order)


def test_one_injury_from_defeat_it_gets_out_of_the_riflemans_sight() -> None:
    """Two Injuries, no shot of its own and nobody to strike: behind the wall, out of the
    rifleman's sight, is where the next Injury cannot come from."""
    wall = [(12, y) for y in range(3, 8)]
    for level in SMART:
        cast = Cast(40, 12, walls=wall)
        cast.add("Me", (10, 9), "a", facing=2, injuries=2, movement=4, strike=6)
        cast.add("Rifleman", (30, 5), "b", facing=6, weapons=(RIFLE,), missile_slug=9)
        view = view_of(cast, "Me", later=("Rifleman",))
        order = judging(level, seed=1).choose_order(view)
        assert validate_order(view.world, view.board, order, view.earlier, view.options) == []
        assert not cast.board.line_of_sight((30, 5), _end(view, order)), (level, order)


def test_each_of_a_side_has_its_own_exposure_to_fire() -> None:
    """The round's facts serve a whole side: how exposed a tile is to the rifleman must
    still be worked out for each combatant (in full plate, Withstand Injury fails less)."""
    from builders import PLATE

    from game.ai.facts import RoundFacts
    from game.ai.fire import exposure
    from game.ai.knowledge import Knowledge

    cast = Cast(40, 12)
    cast.add("Bare", (10, 4), "a", facing=2)
    cast.add("Plated", (10, 6), "a", facing=2, armour=PLATE)
    cast.add("Rifleman", (30, 5), "b", facing=6, weapons=(RIFLE,), missile_slug=9)

    def know(actor: str, facts: RoundFacts | None = None) -> Knowledge:
        return knowledge_of(view_of(cast, actor, later=("Rifleman",)), facts)

    shared = know("Bare")
    bare = exposure(shared, (10, 5), exposed=True)
    plated = exposure(know("Plated", shared.facts), (10, 5), exposed=True)
    assert plated == exposure(know("Plated"), (10, 5), exposed=True)  # as if asked first
    assert 0 < plated < bare


def test_a_foe_beyond_any_roll_is_no_shot_and_a_shooter_walks_on_for_one() -> None:
    """In range and sight is not a shot: the rules' odds must give it a chance.  Bea lies
    behind high cover (a wall of crates) 15 m from the rifleman, at short range: firing
    from it she shows herself (−8), and lying prone she is −2 more, so a Missile Strike 9
    needs 9 − 8 − 2 = −1 or less: no roll makes it.  From where he stands he has no shot,
    and the next round's "walking still to do" says so (it counted the short range as a
    shot, so riflemen in the prone tutorial stood to the round limit); standing up, she is
    a 1 in 12 shot, and he has one."""
    from game.ai.levels import HARD
    from game.ai.next_round import NextRound
    from game.rules.modules.prone import Prone
    from game.rules.options import RuleOptions

    crates = {(6, y): "high" for y in range(3, 8)}
    cast = Cast(40, 12, cover=crates, move_blockers=list(crates))
    cast.add("Bea", (5, 5), "a", facing=2, weapons=(RIFLE,), missile_slug=7)
    cast.add("Sam", (20, 5), "b", facing=6, weapons=(RIFLE,), missile_slug=9, movement=4)
    options = RuleOptions.battlefield().with_module("prone", True)

    def rounds_away() -> float:
        view = view_of(cast, "Sam", earlier={"Bea": cast.order("Bea", cast.act(K.MISSILE_STRIKE, "Sam"))})
        know = knowledge_of(replace(view, options=options))
        return NextRound(know, HARD, 1.0).rounds_away((20, 5))

    assert rounds_away() == 0.0  # standing and shooting: a shot from where he stands
    cast.world.set(cast["Bea"], Prone())
    assert rounds_away() > 0.0  # lying down behind the crates: none
