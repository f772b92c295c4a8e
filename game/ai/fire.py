"""Fire: where to shoot from, and how exposed a tile is to the enemies' shots.

The candidates ask this for their shooting spots, their hiding place and their
Sprint away; everything here weighs tiles by the rules' odds (`game.ai.expect`),
cached for the round in the side's facts.
"""

from __future__ import annotations

import numpy as np

from game.ai.expect import expected_injuries
from game.ai.facts import Unit, injury_value
from game.ai.knowledge import Knowledge
from game.core.geometry import Tile, bearing_direction

MAX_SHOOTING_SPOTS = 3
SHOOTING_SAMPLE = 40  # tiles looked at when choosing shooting spots
SHOOTING_LOOKS = 8  # of those, tiles weighed with the rules' odds


def shooting_spots(know: Knowledge, ends: list[Tile], danger: np.ndarray) -> list[Tile]:
    """Reachable tiles with shots at enemies, sheltered from the enemies' own shots and away
    from their reach.  A quick look (range band and sight) keeps the likeliest tiles; the
    rules' odds then weigh our best shot from each against every enemy shooter's shot at us
    there: cover counts where it stands between us and them, not anywhere near the tile."""
    me = know.me
    assert me.missile is not None
    step = max(1, len(ends) // SHOOTING_SAMPLE)
    quick = []
    for tile in ends[::step]:
        shots = 0.0
        for enemy in know.enemies:
            there = know.planned(enemy.eid)
            band = know.shot_band(me.missile, tile, there)
            if band is not None:
                shots = max(shots, (1 + band[1] / 6) * injury_value(enemy.injuries))
        if shots:
            quick.append((-(shots - 0.8 * float(danger[tile[1], tile[0]])), tile))
    scored = []
    for _, tile in sorted(quick)[:SHOOTING_LOOKS]:
        mine = max((shot_at(know, me, enemy, tile) for enemy in know.enemies), default=0.0)
        theirs = exposure(know, tile, exposed=True)
        scored.append((-(mine - theirs - 0.8 * float(danger[tile[1], tile[0]])), tile))
    return [tile for _, tile in sorted(scored)[:MAX_SHOOTING_SPOTS]]


def shot_at(know: Knowledge, me: Unit, enemy: Unit, tile: Tile) -> float:
    """Our best shot's expected Injuries (worth included) from `tile` at where `enemy` will be."""
    if me.shot_kind is None:
        return 0.0
    there = know.planned(enemy.eid)
    order = know.earlier.get(enemy.eid)
    # Nobody knows yet whether an enemy still to declare will attack (and so show itself).
    exposed = know.attacking(enemy.eid) if order is not None else True
    return injury_value(enemy.injuries) * expected_injuries(
        know,
        me,
        me.shot_kind,
        enemy,
        from_tile=tile,
        target_tile=there,
        target_order=order,
        target_facing=know.facing_of(enemy.eid),
        exposed=exposed,
    )


def exposure(know: Knowledge, tile: Tile, exposed: bool) -> float:
    """Expected Injuries of one shot from each enemy shooter (not in melee) at us on `tile`,
    from where it stands or from the step out of cover that gives it the shot
    (`Knowledge.vantage`), by the rules' odds (range bands, cover between, sight): how
    exposed the tile is to fire.  Cached for the round, for each of our combatants (the
    round's facts serve the whole side: one in armour is less exposed than one without)."""
    key = ("exposure", know.actor, tile, exposed)
    found = know.facts.odds.get(key)
    if found is None:
        me = know.me
        found = 0.0
        for enemy in know.enemies:
            if enemy.shot_kind is None or know.engaged_now(enemy.eid):
                continue
            spot = know.vantage(enemy.eid, tile)
            if spot is None:
                continue
            found += expected_injuries(
                know,
                enemy,
                enemy.shot_kind,
                me,
                from_tile=spot,
                target_tile=tile,
                target_order=None,
                target_facing=bearing_direction(tile, spot) if tile != spot else me.facing,
                exposed=exposed,
            )
        know.facts.odds[key] = found
    return found


def hidden_spot(know: Knowledge, ends: list[Tile], danger: np.ndarray) -> Tile | None:
    """The reachable tile least exposed to the enemies' shots (out of their sight or range,
    behind cover) and to their reach: where to go when the next Injury would defeat us."""
    if not any(e.shot_kind is not None for e in know.enemies):
        return None
    step = max(1, len(ends) // SHOOTING_SAMPLE)
    best = None
    for tile in ends[::step]:
        key = (exposure(know, tile, exposed=False) + float(danger[tile[1], tile[0]]), tile)
        if best is None or key < best:
            best = key
    return best[1] if best is not None else None


def shot_value(know: Knowledge, tile: Tile) -> float:
    """The best range-band worth of a shot from `tile` at any enemy (a quick look: band only)."""
    me = know.me
    assert me.missile is not None
    best = 0.0
    for enemy in know.enemies:
        there = know.planned(enemy.eid)
        band = know.shot_band(me.missile, tile, there)
        if band is not None:
            best = max(best, 1 + band[1] / 6)
    return best
