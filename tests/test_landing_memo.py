"""The rules may remember how hits land and movements end while the world stands still
(`game.rules.still`, used by the AI while it declares): remembered or not, every number is
the same, a shot from behind cover never borrows the landing of one from the open, and a
module that does not say what its landing reads is never remembered."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from builders import SHOTGUN, Cast
from hypothesis import given, settings
from hypothesis import strategies as st
from test_forecast_modules import ALL_ON, BATTLES, forecast

from game.core.geometry import bearing_direction
from game.rules.api.attack import AttackContext, Blow
from game.rules.api.modules import RulesModule
from game.rules.hits import landing_key
from game.rules.odds import attack_odds, guard_of
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.orders import Order
from game.rules.registry import active_modules, register_module, unregister
from game.rules.still import world_standing_still

TARGET_AT = (10, 4)
WALL = {(9, y): "low" for y in range(2, 7)} | {(9, 3): "high"}  # low, but high above the target


@pytest.mark.parametrize("name", list(BATTLES))
def test_remembering_changes_no_forecast(name: str) -> None:
    build = BATTLES[name]
    plain = forecast(build())
    battle = build()
    memo: dict = {}
    with world_standing_still(memo, battle.cast.world):
        first = forecast(battle)
        again = forecast(battle)
    assert first == again == plain
    assert memo, "the forecast asked how its hits land"


def _cover_board() -> Cast:
    cast = Cast(width=20, height=9, cover=WALL)
    cast.add("A", (2, 4), "red", weapons=(SHOTGUN,), missile_slug=9)
    cast.add("T", (10, 4), "blue", facing=6, stamina=5)
    return cast


def _odds(
    cast: Cast, kind: K, at: tuple[int, int], there: tuple[int, int], theirs: Order | None = None
) -> tuple[Fraction, Fraction]:
    """A's attack of `kind` on T (facing west), exact: its success and expected Injuries."""
    odds = attack_odds(
        cast.world,
        cast.board,
        cast["A"],
        cast.act(kind, "T"),
        at=at,
        facing=bearing_direction(at, there),
        target_at=there,
        target_facing=6,
        target_order=theirs,
        options=ALL_ON,
        one=Fraction(1),
    )
    return odds.success, odds.expected_injuries


def _shot(cast: Cast, at: tuple[int, int]) -> tuple[Fraction, Fraction]:
    return _odds(cast, K.MISSILE_STRIKE, at, TARGET_AT)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 19), st.integers(0, 8)).filter(lambda t: t != TARGET_AT),
        min_size=2,
        max_size=8,
    )
)
def test_one_memo_for_shots_from_many_tiles_gives_each_its_own_numbers(tiles: list[tuple[int, int]]) -> None:
    """From the open, over low cover, over high cover: one memo, the numbers of fresh odds."""
    cast = _cover_board()
    fresh = [_shot(cast, at) for at in tiles]
    memo: dict = {}
    with world_standing_still(memo, cast.world):
        remembered = [_shot(cast, at) for at in tiles]
    assert remembered == fresh


def test_cover_tells_shots_apart_in_the_memo() -> None:
    """The check above is not idle: the low wall changes the expected Injuries of a shot."""
    cast = _cover_board()
    over_the_wall = _shot(cast, (2, 4))
    past_the_wall = _shot(cast, (12, 4))
    assert over_the_wall[1] != past_the_wall[1]


class QuietHits(RulesModule):
    """A toy that shapes hits without saying what it reads."""

    name = "quiet_hits"
    label = "Quiet Hits"
    builtin = False
    help = "a toy"

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        return blow, ""


@pytest.fixture
def quiet() -> Iterator[None]:
    register_module(QuietHits)
    yield
    unregister("quiet_hits")


def test_a_module_that_does_not_say_is_never_remembered(quiet: None) -> None:
    cast = _cover_board()
    options = RuleOptions({*ALL_ON.on, "quiet_hits"})
    assert any(m.name == "quiet_hits" for m in active_modules(options))
    target = TARGET_AT
    memo: dict = {}
    with world_standing_still(memo, cast.world):
        attack_odds(
            cast.world,
            cast.board,
            cast["A"],
            cast.act(K.MISSILE_STRIKE, "T"),
            at=(2, 4),
            facing=2,
            target_at=target,
            target_facing=6,
            options=options,
        )
    assert memo, "other answers were remembered"
    assert not [key for key in memo if key[0] == "landing"]


def test_the_modules_on_are_listed_afresh_when_one_registers() -> None:
    """`active_modules` keeps its lists until something registers: a new module shows at once."""
    options = RuleOptions({"hit_locations"})
    before = [m.name for m in active_modules(options)]
    register_module(QuietHits)
    try:
        with_it = [m.name for m in active_modules(RuleOptions({"hit_locations", "quiet_hits"}))]
        assert with_it == [*before, "quiet_hits"]
    finally:
        unregister("quiet_hits")
    assert [m.name for m in active_modules(options)] == before


def test_a_landing_key_names_the_cover_for_a_shot_only() -> None:
    """Body cover reads the cover between the two for a missile, nothing for a melee blow."""
    from game.rules.api.attack import Situation
    from game.rules.hits import first_blow

    cast = _cover_board()
    shot = cast.act(K.MISSILE_STRIKE, "T")
    here, there = (2, 4), TARGET_AT
    keys = []
    for at in (here, (12, 4)):
        ctx = AttackContext(
            cast.world,
            cast.board,
            cast["A"],
            cast.order("A", shot),
            shot,
            SHOTGUN,
            Situation(at, there, options=ALL_ON),
        )
        keys.append(landing_key(ctx, first_blow(ctx, False)))
    assert None not in keys and keys[0] != keys[1]


def _strike_at(cast: Cast, theirs: Order | None) -> tuple[Fraction, Fraction]:
    return _odds(cast, K.STRIKE, (3, 4), (4, 4), theirs)


def test_orders_that_guard_alike_share_odds_and_each_gets_its_own_numbers() -> None:
    """The target's orders are asked about in one memo: those that differ only in whom they
    name or which way they face (one `Guard`) share one `AttackOdds`; a Dodge, or a Strike
    (two actions: its Dodge then rolls lower), guards otherwise.  Every answer is the fresh one."""
    cast = Cast(width=8, height=8)
    a = cast.add("A", (3, 4), "red", strike=6)
    t = cast.add("T", (4, 4), "blue", facing=6, dodge=7, strike=5)
    still, turned = Order(t), Order(t, facing=2)
    dodging = Order(t, (cast.act(K.DODGE),))
    dodging_striking = Order(t, (cast.act(K.DODGE), cast.act(K.STRIKE, "A")))
    orders = [None, still, turned, dodging, dodging_striking, dodging, still]
    fresh = [_strike_at(cast, o) for o in orders]
    memo: dict = {}
    with world_standing_still(memo, cast.world):
        remembered = [_strike_at(cast, o) for o in orders]
        guards = {o: guard_of(cast.world, cast.board, t, o, ALL_ON) for o in orders if o is not None}
    assert remembered == fresh
    assert guards[still] == guards[turned] != guards[dodging] != guards[dodging_striking]
    assert fresh[1] == fresh[2] != fresh[3] != fresh[4], "a Dodge, and its Action Penalty, count: not idle"
    shared = [k for k in memo if isinstance(k, tuple) and k[0] == "attack odds" and k[2] == a]
    assert len(shared) == 3  # no order, still and turned share one; the Dodge; the Dodge with a Strike
