"""Where an order leaves us for the next round: the position and approach terms.

    position   next round from the end tile: our best attack, less what the enemies
               will be able to do to us there
    approach   rounds of walking before we can attack well from the end tile (for a side
               that wins by escaping: before it can step off the map)
    support    beside an ally engaged with two or more enemies: the share of the Injuries
               one of them is expected to deal it that it must now split with us

Both depend only on the end tile (and facing), so one `NextRound` per declaration
serves every candidate, its answers cached by tile.
"""

from __future__ import annotations

import numpy as np

from game.ai.candidates import approach_field
from game.ai.escape import way_off
from game.ai.expect import expected_injuries, strike_from
from game.ai.facts import Unit, injury_value
from game.ai.fire import shot_at
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.core.geometry import DIRECTION_VECTORS, Tile, bearing_direction, chebyshev
from game.rules.flight import exit_metres
from game.rules.positions import engaged_with

NEXT_ROUND_PICK = 0.5  # chance an enemy picks us next round, among its targets
SPLIT = 0.5  # the share of its attacks an enemy turns from the ally it fights to one who joins
OUTNUMBERING = 2  # enemies engaged with an ally before a free fighter is pulled in to help

Danger = tuple[float, int, Tile | None]
"""One enemy's part of the danger next round: its expected Injuries on us (as feared), the
enemy, and the tile it strikes from (None: it shoots)."""


class NextRound:
    """The next-round terms of one declaration, cached by end tile."""

    def __init__(self, know: Knowledge, level: Level, my_worth: float) -> None:
        self.know = know
        self.level = level
        self.me = know.me
        self.my_worth = my_worth
        self._position: dict[tuple[Tile, int, bool], float] = {}
        self._dangers: dict[tuple[Tile, int, bool], tuple[Danger, ...]] = {}
        self._field: np.ndarray | None = None
        self._rounds: dict[Tile, float] = {}
        self._support: dict[Tile, float] = {}
        self._shut_in: bool | None = None
        self._beset: list[tuple[Unit, list[tuple[Unit, Tile, float]]]] | None = None

    def position(self, here: Tile, facing: int, exposed: bool) -> float:
        """Next round from `here`: our best attack, less the enemies' attacks on us (from the
        tiles that serve them best, for a flank-aware level)."""
        key = (here, facing, exposed)
        found = self._position.get(key)
        if found is not None:
            return found
        know, me = self.know, self.me
        offence = danger = 0.0
        parts: list[Danger] = []
        for enemy in know.enemies:
            there = know.planned(enemy.eid)
            their_facing = know.facing_of(enemy.eid)
            # Ours: a melee attack if we can walk into reach, else a shot.
            mine = 0.0
            if know.distance(here, there) <= me.rate + me.reach * know.mpt * 1.2:
                mine = expected_injuries(
                    know,
                    me,
                    me.attack_kind,
                    enemy,
                    from_tile=attack_tile(me, there),
                    target_tile=there,
                    target_order=None,
                    target_facing=their_facing,
                )
            if me.shot_kind is not None:
                shot = expected_injuries(
                    know,
                    me,
                    me.shot_kind,
                    enemy,
                    from_tile=here,
                    target_tile=there,
                    target_order=None,
                    target_facing=their_facing,
                    exposed=True,
                )
                mine = max(mine, shot)
            offence = max(offence, mine * injury_value(enemy.injuries))
            # Theirs.
            theirs = 0.0
            strike: Tile | None = None
            zone = know.melee_zone(enemy.eid, there)
            if zone[here[1], here[0]]:
                tile: Tile | None = attack_tile(enemy, here, there)
                if self.level.flank:
                    spot = strike_from(
                        know,
                        enemy,
                        me,
                        here,
                        facing,
                        None,
                        know.strike_tiles(enemy.eid, here, next_round=True),
                    )
                    tile = spot[0] if spot is not None else tile
                if tile is not None:
                    strike = tile
                    theirs = expected_injuries(
                        know,
                        enemy,
                        enemy.attack_kind,
                        me,
                        from_tile=tile,
                        target_tile=here,
                        target_order=None,
                        target_facing=facing,
                    )
            if enemy.shot_kind is not None:
                shot = expected_injuries(
                    know,
                    enemy,
                    enemy.shot_kind,
                    me,
                    from_tile=there,
                    target_tile=here,
                    target_order=None,
                    target_facing=facing,
                    exposed=exposed,
                )
                if shot > theirs:
                    theirs, strike = shot, None
            feared = theirs * know.wary(enemy.eid)
            danger += feared
            if feared > 0:
                parts.append((feared, enemy.eid, strike))
        value = offence - self.my_worth * NEXT_ROUND_PICK * danger
        self._position[key] = value
        self._dangers[key] = tuple(sorted(parts, key=lambda p: (-p[0], p[1])))
        return value

    def dangers(self, here: Tile, facing: int, exposed: bool) -> tuple[Danger, ...]:
        """Who makes up the danger in `position` from `here`, most feared first: what the
        explanation names ("Omar can reach my back next round")."""
        key = (here, facing, exposed)
        if key not in self._dangers:
            self.position(here, facing, exposed)
        return self._dangers[key]

    def beset(self) -> list[tuple[Unit, list[tuple[Unit, Tile, float]]]]:
        """The allies engaged with two or more enemies where they plan to stand, each with
        those enemies (where they stand, and the Injuries each is expected to deal the ally
        there, as an Injury on the ally is worth); none when we are engaged ourselves (we are
        not free to join) or have no melee attack."""
        if self._beset is not None:
            return self._beset
        know, me = self.know, self.me
        self._beset = []
        if know.engaged or me.reach <= 0:
            return self._beset
        for ally in know.allies:
            at = know.planned(ally.eid)
            foes = [
                know.unit(e)
                for e in engaged_with(know.world, know.board, ally.eid, at=at)
                if e in know.facts.units and e not in know.ghosts
            ]
            if len(foes) < OUTNUMBERING:
                continue
            facing = know.facing_of(ally.eid)
            worth = injury_value(ally.injuries) * self.level.self_weight
            parts = []
            for foe in foes:
                there = know.planned(foe.eid)
                hurt = expected_injuries(
                    know,
                    foe,
                    foe.attack_kind,
                    ally,
                    from_tile=there,
                    target_tile=at,
                    target_order=know.earlier.get(ally.eid),
                    target_facing=facing,
                )
                parts.append((foe, there, hurt * worth * know.wary(foe.eid)))
            self._beset.append((ally, parts))
        return self._beset

    def support(self, here: Tile) -> float:
        """What standing on `here` spares the allies who fight two or more (`beset`): for each,
        of the enemies engaged with it that we can strike from `here`, the one that hurts it
        most turns `SPLIT` of its attacks to us."""
        found = self._support.get(here)
        if found is not None:
            return found
        value = 0.0
        for _ally, parts in self.beset():
            joined = [hurt for _foe, there, hurt in parts if 0 < chebyshev(here, there) <= self.me.reach]
            value += SPLIT * max(joined, default=0.0)
        self._support[here] = value
        return value

    def rounds_away(self, here: Tile) -> float:
        """Rounds of walking before we can attack anyone well from `here`: into melee
        reach, or (with a missile weapon) into short range; half as urgent while a
        longer shot is on offer, not at all with a short-range shot now."""
        found = self._rounds.get(here)
        if found is not None:
            return found
        know, me = self.know, self.me
        if self._field is None:
            self._field = approach_field(know)
        metres = float(self._field[here[1], here[0]])
        if not np.isfinite(metres):
            # Walled off from every enemy: as bad as the far side of the map.
            metres = 2.0 * (know.terrain.width + know.terrain.height) * know.mpt
        rate = max(1.0, float(me.rate))
        rounds = max(0.0, metres - me.reach * know.mpt) / rate
        weapon = me.missile
        if me.shot_kind is not None and weapon is not None and weapon.ranges is not None:
            bands = [
                (band[0], e)
                for e in know.enemies
                if (band := know.shot_band(weapon, here, know.planned(e.eid))) is not None
            ]

            def shot(near: bool) -> bool:
                # A shot the rules' odds give a chance: in range and sight is not enough
                # (a foe lying prone behind high cover is out of reach of any roll).
                return any(shot_at(know, me, e, here) > 0 for band, e in bands if (band == "short") == near)

            if shot(near=True):
                rounds = 0.0
            elif shot(near=False):
                rounds = min(rounds, 0.5 * max(0.0, metres - weapon.ranges[0]) / rate)
            else:
                # No shot from here: walls, cover or range. Walk on; a shot will likely come first.
                rounds *= 0.5
        self._rounds[here] = rounds
        return rounds

    @property
    def shut_in(self) -> bool:
        """Whether a side that wins by escaping has no way off left from where it stands (the
        enemies hold every way out, `escape.way_off`): then it fights its way out, closing in
        as a side that must defeat its enemies does."""
        if self._shut_in is None:
            tile = self.me.tile
            self._shut_in = bool(self.level.escape) and not np.isfinite(
                way_off(self.know, self.level)[tile[1], tile[0]]
            )
        return self._shut_in

    def rounds_to_edge(self, here: Tile) -> float:
        """Rounds of walking from `here` to the map's edge and off it, for a side that wins by
        escaping (`escape.way_off`, plus the step off the rules count); inf with no way off."""
        know = self.know
        metres = float(way_off(know, self.level)[here[1], here[0]])
        if not np.isfinite(metres):
            return np.inf  # no way off from there: nothing of the escape's worth
        return (metres + exit_metres(know.board)) / max(1.0, float(self.me.rate))


def attack_tile(attacker: Unit, target_tile: Tile, origin: Tile | None = None) -> Tile:
    """Where an attacker will strike from at first sight: the tile next to the target on its side."""
    start = origin or attacker.tile
    if start == target_tile:
        return start
    dx, dy = DIRECTION_VECTORS[bearing_direction(target_tile, start)]
    return (target_tile[0] + dx, target_tile[1] + dy)
