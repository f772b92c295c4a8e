"""Rules modules meeting each other and the core, hand-computed from the rule texts (an audit
of 2026-12-01 found each of these wrong): a fumble's free attack, a crawl with a wound, shots
while engaged, a mover shot on its way, cover after a push."""

from __future__ import annotations

import pytest
from builders import BLASTER, Cast, log_text

from game.core.equipment import Armour, MissileKind, Weapon, WeaponClass
from game.rules.dice import ScriptedDice
from game.rules.modules.prone import Prone
from game.rules.modules.suppression import SUPPRESS
from game.rules.options import RuleOptions
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from game.rules.stats import movement_rate
from game.rules.statuses import Status, Statuses
from game.rules.validate import validate_order

SMG = Weapon(
    "smg", WeaponClass.MISSILE, injury=2, missile_kind=MissileKind.SLUG, ranges=(10.0, 20.0, 40.0),
    traits=frozenset({"burst"}),
)  # fmt: skip


def lines(events: list, *marks: str) -> list[str]:
    return [line for line in log_text(events).splitlines() if any(m in line for m in marks)]


def play(cast: Cast, orders: list, dice: dict, timing: list[str], modules: set[str]) -> list:
    return play_round(
        cast.world, cast.board, ScriptedDice(keyed=dice), {o.actor: o for o in orders}, 1,
        [cast[n] for n in timing], RuleOptions(modules),
    )  # fmt: skip


# ------------------------------------------------------------ a fumble's free attack (seed 002)
def test_a_shots_fumble_rolls_the_ranged_table_and_can_hit_the_shooter() -> None:
    """Seed 002's ranged table (d4) has no free attack: its 3 is "damage yourself instead"."""
    cast = Cast(20, 10)
    cast.add("Ash", (2, 4), "a", weapons=(BLASTER,), missile_beam=7)
    cast.add("Bo", (10, 4), "b", weapons=(BLASTER,), missile_beam=8)
    dice = {
        "Ash:Missile Strike": [12],
        "Ash:Ranged Fumble": [3],
        "Ash:Withstand Injury": [12],
    }
    events = play(
        cast, [cast.order("Ash", cast.act(K.MISSILE_STRIKE, "Bo"))], dice, ["Ash", "Bo"], {"criticals"}
    )
    assert lines(events, "Fumble") == ["Ash — Ranged Fumble on Bo: d4 3: yourself hit: Ash takes the hit"]
    assert not lines(events, "Bo — Missile Strike")
    assert lines(events, "Ash — Withstand") and "Ash" in lines(events, "Injur")[0]


def test_a_free_attack_has_no_action_penalty_whatever_its_maker_declared() -> None:
    cast = Cast(20, 10)
    cast.add("Omar", (4, 5), "a", strike=6)
    cast.add("Niles", (5, 5), "b", facing=6, strike=9, parry=5, dodge=8)
    orders = [
        cast.order("Omar", cast.act(K.STRIKE, "Niles")),
        cast.order("Niles", cast.act(K.STRIKE, "Omar"), cast.act(K.PARRY), cast.act(K.DODGE)),
    ]
    dice = {"Niles:Parry": [12], "Niles:Dodge": [12], "Omar:Strike": [12], "Omar:Fumble": [6],
            "Niles:Strike": [8, 11], "Omar:Withstand Injury": [12]}  # fmt: skip
    events = play(cast, orders, dice, ["Omar", "Niles"], {"criticals"})
    assert lines(events, "Niles — Strike") == [
        "Niles — Strike on Omar: 9 [Strike] = 9; rolled 8: hit",  # the free attack
        "Niles — Strike on Omar: 9 [Strike] − 2 [Action Penalty] = 7; rolled 11: miss",  # its own
    ]


def test_a_burst_fumbles_on_the_ranged_table() -> None:
    """A burst is a Missile Strike: its 12 rolls 002's ranged table (d4), never a free attack."""
    cast = Cast(30, 12)
    cast.add("Gun", (2, 5), "a", weapons=(SMG,), missile_slug=7)
    cast.add("Pal", (3, 5), "a", strike=6)
    cast.add("Bo", (8, 5), "b", strike=5)
    dice = {"Gun:Suppression Fire": [11, 12], "Gun:Ranged Fumble": [4]}
    orders = [cast.order("Gun", cast.act(SUPPRESS, "Bo"))]
    events = play(cast, orders, dice, ["Gun", "Pal", "Bo"], {"suppression", "criticals"})
    assert lines(events, "Fumble") == ["Gun — Ranged Fumble on Pal: d4 4: weapon dropped"]
    assert not lines(events, "Pal — Strike")


def test_an_evade_counts_against_a_burst_for_one_walking_into_its_cone() -> None:
    """Everyone in the cone suffers a Missile Strike on "its own terms (… Evade …)": Cy walks
    4.4 m into it with an Evade, so the shot is 8 − 4 = 4 and a 7 misses (the Evade was
    ignored as unneeded, judged where Cy stood before moving)."""
    cast = Cast(30, 14)
    cast.add("Gun", (2, 5), "a", weapons=(SMG,), missile_slug=8)
    cast.add("Bo", (8, 5), "b", strike=5)
    cast.add("Cy", (6, 10), "b", evade=6, movement=5)
    orders = [
        cast.order("Gun", cast.act(SUPPRESS, "Bo")),
        cast.order("Cy", cast.act(K.EVADE), path=((6, 9), (6, 8), (7, 7), (7, 6))),
    ]
    dice = {"Gun:Suppression Fire": [12, 7], "Cy:Evade": [4], "Cy:Withstand Injury": [12]}
    events = play(cast, orders, dice, ["Gun", "Bo", "Cy"], {"suppression"})
    assert lines(events, "on Cy") == [
        "Gun — Suppression Fire on Cy: 8 [Missile Strike (Slug Thrower)] − 4 [Evade] = 4; rolled 7: miss"
    ]


# ------------------------------------------------------------ a mover shot on its way (Overwatch)
def test_a_held_shot_lands_where_the_mover_was_shot_not_where_it_started() -> None:
    """Rex starts behind a low wall from Vas and is shot in the open at (4, 9): a leg hit lands
    on him (body cover would have sent it into the wall he has left)."""
    from game.rules.modules.overwatch import OVERWATCH

    cast = Cast(30, 14, cover={(2, 8): "low"})
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (2, 9), "b", movement=6)
    orders = [
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", path=((3, 9), (4, 9), (5, 9))),
    ]
    dice = {"Vas:Missile Strike": [3], "Vas:Hit Location": [85], "Rex:Withstand Injury": [12]}
    events = play(cast, orders, dice, ["Rex", "Vas"], {"overwatch", "body_cover", "facing"})
    assert lines(events, "Vas hits", "Rex takes") == [
        "Vas hits Rex (right leg) with blaster",
        "Rex takes 1 Injury; now 1 Injury",
    ]


def test_a_mover_the_held_shot_knocks_prone_stops_where_it_was_shot() -> None:
    from game.rules.modules.overwatch import OVERWATCH

    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Rex", (9, 5), "b", strike=6, movement=6, facing=6)
    path = tuple((9 - i, 5) for i in range(1, 7))
    orders = [
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Rex", cast.act(K.STRIKE, "Vas"), path=path),
    ]
    dice = {"Vas:Missile Strike": [2], "Vas:Hit Location": [5], "Rex:Withstand Injury": [12]}
    events = play(cast, orders, dice, ["Rex", "Vas"], {"overwatch", "location_effects"})
    assert lines(events, "knocked prone", "Rex stays", "Rex walks") == [
        "Rex is knocked prone by the shock: −2 to Missile Strikes against, +2 to melee attacks against, "
        "crawls at half Movement",
        "Rex stays at (9, 5), facing W (stopped: down at (9, 5))",
    ]


def test_a_diver_knocked_away_from_its_cover_has_none() -> None:
    """A dive claims "that cover for the round"; a war hammer knocks Bea two tiles into the open,
    so Sam's shot is 8 at short range and a 3 hits (it was nullified: "dived into high cover")."""
    from game.rules.modules.sudden_dive import DIVE

    hammer = Weapon("war hammer", injury=2, traits=frozenset({"heavy"}))
    cast = Cast(20, 14, cover={(6, 8): "high"}, move_blockers=[(6, 8)])
    cast.add("Bea", (3, 4), "a", agility=3, movement=3)
    cast.add("Ham", (5, 4), "b", weapons=(hammer,), strike=9, movement=4)
    cast.add("Sam", (15, 4), "b", weapons=(BLASTER,), missile_beam=8)
    orders = [
        cast.order("Bea", cast.act(DIVE), path=((4, 5), (4, 6), (4, 7), (5, 8))),
        cast.order("Ham", cast.act(K.STRIKE, "Bea"), path=((5, 5), (5, 6), (5, 7))),
        cast.order("Sam", cast.act(K.MISSILE_STRIKE, "Bea")),
    ]
    dice = {"Bea:Sudden Dive": [4], "Ham:Strike": [2], "Bea:Withstand Injury": [1, 12],
            "Bea:Keep Footing": [1], "Sam:Missile Strike": [3]}  # fmt: skip
    events = play(cast, orders, dice, ["Ham", "Bea", "Sam"], {"sudden_dive", "knockback"})
    assert lines(events, "knocked back", "Sam —") == [
        "Bea is knocked back 2 tiles by Ham's heavy blow (margin 7): (5, 8) → (5, 10)",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] = 8; rolled 3: hit",
    ]


def test_a_critical_heavy_blow_pushes_by_the_margin_over_the_stat_it_was_judged_against() -> None:
    """Knockback's margin is "the modified stat of the hit − the die"; a natural 1 through a
    Dodge of 9 is judged against 7 (the Defense Penalties do not count): 7 − 1 = 6, two tiles
    (the margin was taken from −2: nobody was pushed)."""
    hammer = Weapon("war hammer", injury=2, traits=frozenset({"heavy"}))
    cast = Cast(20, 10)
    cast.add("Pik", (5, 4), "a", weapons=(hammer,), strike=7)
    cast.add("Kol", (6, 4), "b", facing=6, dodge=9, agility=3)
    orders = [cast.order("Pik", cast.act(K.STRIKE, "Kol")), cast.order("Kol", cast.act(K.DODGE))]
    dice = {"Kol:Dodge": [9], "Pik:Strike": [1], "Pik:Critical": [3], "Kol:Withstand Injury": [1],
            "Kol:Keep Footing": [1]}  # fmt: skip
    events = play(cast, orders, dice, ["Pik", "Kol"], {"knockback", "criticals"})
    assert lines(events, "knocked back") == [
        "Kol is knocked back 2 tiles by Pik's heavy blow (margin 6): (6, 4) → (8, 4)"
    ]


def test_a_second_weapon_strikes_free_into_its_own_hands_side() -> None:
    """003: a one-handed weapon attacks "the square on the side wielding the weapon without
    receiving a penalty"; the second weapon is in the left hand (the location effects ruling)."""
    from builders import DAGGER, SWORD

    cast = Cast(12, 12)
    cast.add("Duo", (5, 5), "a", facing=0, weapons=(SWORD, DAGGER), strike=7)
    cast.add("Lef", (4, 5), "b", facing=2)
    cast.add("Rig", (6, 5), "b", facing=6)
    orders = [
        cast.order(
            "Duo", cast.act(K.STRIKE, "Lef", weapon="dagger"), cast.act(K.STRIKE, "Rig", weapon="dagger")
        )
    ]
    events = play(cast, orders, {"Duo:Strike": [12, 12]}, ["Duo", "Lef", "Rig"], {"facing"})
    assert lines(events, "Duo —") == [
        "Duo — Strike on Lef: 7 [Strike] − 1 [Action Penalty] = 6; rolled 12: miss",
        "Duo — Strike on Rig: 7 [Strike] − 1 [Action Penalty] − 2 [Attacking into Off-hand Side] = 4; "
        "rolled 12: miss",
    ]


# ------------------------------------------------------------ a crawl with a wound (seeds 001, 003)
@pytest.mark.parametrize(
    ("movement", "status", "metres", "text"),
    [
        (5, "Leg Injury", 1, "5 [Movement] − 3 [Leg Injury (halved)] − 1 [Crawling (half)] = 1"),
        (5, "Shock", 1, "5 [Movement] − 3 [Shock (halved)] − 1 [Crawling (half)] = 1"),
        (4, "Shock", 1, "4 [Movement] − 2 [Shock (halved)] − 1 [Crawling (half)] = 1"),
        (6, "Leg Injury", 2, "6 [Movement] − 3 [Leg Injury (halved)] − 1 [Crawling (half)] = 2"),
    ],
)
def test_a_wounded_fighter_lying_prone_crawls_half_of_its_halved_rate(
    movement: int, status: str, metres: int, text: str
) -> None:
    """ "A leg Injury halves Movement"; prone, one crawls "at half Base Movement Rate": halved
    twice, not both halves taken from the sheet (5 − 2 − 3 = 0: a shocked fighter was stuck)."""
    cast = Cast(12, 12)
    cast.add("Kord", (2, 2), "a", movement=movement, luck=2)
    cast.add("Foe", (10, 10), "b")
    cast.world.set(cast["Kord"], Prone())
    cast.world.set(cast["Kord"], Statuses((Status(status, "location_effects", "left leg"),)))
    assert movement_rate(cast.world, cast["Kord"]).text() == text
    options = RuleOptions({"location_effects", "prone"})
    path = tuple((2, 2 + k) for k in range(1, metres + 1))
    assert not validate_order(cast.world, cast.board, cast.order("Kord", path=path), {}, options)
    longer = (*path, (2, 3 + metres))
    assert validate_order(cast.world, cast.board, cast.order("Kord", path=longer), {}, options)


def test_a_wounded_leg_halves_the_rate_its_armour_leaves() -> None:
    cast = Cast(12, 12)
    cast.add("Kord", (2, 2), "a", movement=6, luck=2, armour=Armour("mail", 2, -2, 0))
    cast.world.set(cast["Kord"], Statuses((Status("Leg Injury", "location_effects", "left leg"),)))
    assert (
        movement_rate(cast.world, cast["Kord"]).text()
        == "6 [Movement] − 2 [mail] − 2 [Leg Injury (halved)] = 2"
    )


# ------------------------------------------------------------ shots while engaged (RULES.md §5)
def test_a_held_shot_is_nullified_when_another_enemy_has_engaged_the_watcher() -> None:
    """A Missile Strike needs its shooter "not engaged in melee"; only the mover it is held for
    comes into contact after the shot."""
    from game.rules.modules.overwatch import OVERWATCH

    cast = Cast(30, 12)
    cast.add("Vas", (2, 5), "a", weapons=(BLASTER,), missile_beam=8, movement=0)
    cast.add("Ula", (2, 8), "b", strike=5, movement=4)  # comes up on Vas's side, outside the arc
    cast.add("Sol", (9, 5), "b", weapons=(BLASTER,), missile_beam=7)  # shoots from inside it
    orders = [
        cast.order("Vas", cast.act(OVERWATCH), facing=2),
        cast.order("Ula", cast.act(K.STRIKE, "Vas"), path=((2, 7), (2, 6))),
        cast.order("Sol", cast.act(K.MISSILE_STRIKE, "Vas")),
    ]
    dice = {
        "Vas:Missile Strike": [1],
        "Sol:Withstand Injury": [12],
        "Sol:Missile Strike": [12],
        "Ula:Strike": [12],
    }
    events = play(cast, orders, dice, ["Ula", "Sol", "Vas"], {"overwatch", "facing"})
    assert lines(events, "Vas — Missile Strike") == [
        "Vas — Missile Strike on Sol nullified: engaged in melee: no Missile Strike"
    ]


def test_a_charged_foe_engaged_with_another_cannot_shoot_first() -> None:
    from game.rules.modules.charge import CHARGE

    cast = Cast(24, 10)
    cast.add("Rex", (2, 4), "a", strike=6, movement=4)
    cast.add("Kit", (10, 3), "a", strike=5)  # beside Pik: Pik is engaged with Kit already
    cast.add("Pik", (10, 4), "b", facing=6, weapons=(BLASTER,), missile_beam=6)
    orders = [cast.order("Rex", cast.act(CHARGE, "Pik"), path=tuple((2 + i, 4) for i in range(1, 8)))]
    dice = {"Pik:Missile Strike": [2], "Rex:Withstand Injury": [12], "Rex:Charge": [12]}
    events = play(cast, orders, dice, ["Rex", "Kit", "Pik"], {"charge"})
    assert lines(events, "Pik — Missile Strike") == [
        "Pik — Missile Strike on Rex nullified: engaged in melee: no Missile Strike"
    ]
    alone = Cast(24, 10)  # without Kit, the shot is taken before the charger's contact
    alone.add("Rex", (2, 4), "a", strike=6, movement=4)
    alone.add("Pik", (10, 4), "b", facing=6, weapons=(BLASTER,), missile_beam=6)
    orders = [alone.order("Rex", alone.act(CHARGE, "Pik"), path=tuple((2 + i, 4) for i in range(1, 8)))]
    events = play(alone, orders, dice, ["Rex", "Pik"], {"charge"})
    assert lines(events, "Pik — Missile Strike")[0].endswith("rolled 2: hit")


# ------------------------------------------------------------ the core chapter (a second audit)
def test_a_retreat_declared_before_a_faster_enemy_closes_in_gets_away() -> None:
    """RULES.md §5: a Retreat needs nothing; CO.18: declare it in the Strategy Stage, roll in
    the Modifier Stage, and "all melee actions declared against you that round" are nullified.
    A Retreat was refused unless already engaged, so a slower fighter could be pinned."""
    cast = Cast(30, 10)
    cast.add("Fast", (7, 5), "a", movement=5, strike=6)
    cast.add("Slow", (10, 5), "b", movement=4)
    orders = [
        cast.order("Slow", cast.act(K.RETREAT), path=((11, 5), (12, 5), (13, 5), (14, 5))),
        cast.order("Fast", cast.act(K.STRIKE, "Slow"), path=((8, 5), (9, 5))),
    ]
    events = play(cast, orders, {"Slow:Retreat": [2], "Fast:Strike": [3]}, ["Fast", "Slow"], set())
    assert lines(events, "Slow walks", "Slow retreats", "Fast — Strike") == [
        "Slow retreats 4.0 m of 6.0 m (10, 5) → (14, 5), facing E; 4 [Movement] + 2 [Retreat roll] = 6 m",
        "Fast — Strike on Slow nullified: Slow Retreated out of melee",
    ]
