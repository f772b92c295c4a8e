"""The threat term's estimate: what the enemies still to declare are expected to do to us.

An enemy that declares after us has not shown its order, so the scorer cannot forecast it;
it estimates instead.  Each later enemy that can reach our end tile strikes (from the near
side, or, for a flank-aware level, from the tile that serves it best, our back arc if it can
get there), each that can see it shoots (from the spot it would step to: `Knowledge.vantage`),
the better of the two, over the movement's outcomes; counted at the chance it picks us among
the targets it has, at the share of its threat its side shows (`Knowledge.wary`), and at the
chance it still stands after what we deal it first (a held shot).
"""

from __future__ import annotations

from game.ai.expect import expected_injuries, strike_from
from game.ai.facts import Unit, injury_value
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.next_round import attack_tile
from game.core.geometry import Tile
from game.rules.forecast import MoveOutcome
from game.rules.injury import DEFEAT_AT
from game.rules.orders import Order

MULTI_ATTACK = 1.2  # an enemy may declare more than one attack


class ThreatEstimate:
    """The later enemies' threat to the declaring unit, for one declaration (cached by the
    order as a target: every candidate with the same movement and actions shares it)."""

    def __init__(self, know: Knowledge, level: Level) -> None:
        self.know = know
        self.level = level
        self.me = know.me
        self._found: dict[tuple[Order, bool, tuple[tuple[int, float], ...]], float] = {}
        self._picks = self._pick_odds()

    def of(
        self,
        order: Order,
        outcomes: list[MoveOutcome],
        exposed: bool,
        flank: bool,
        first: dict[int, float],
    ) -> float:
        """What the enemies still to declare are expected to do to us (Injuries); `order`
        as a target (`scoring.as_target`), whose outcomes and exposure these are.
        `first`: Injuries we deal an enemy before it acts (a held shot)."""
        key = (order, flank, tuple(sorted(first.items())))
        found = self._found.get(key)
        if found is not None:
            return found
        know, me = self.know, self.me
        total = 0.0
        for eid in know.later:
            enemy = know.unit(eid)
            if enemy.side == me.side or not enemy.active:
                continue
            zone = know.melee_zone(eid, enemy.tile)
            shooter = enemy.shot_kind is not None and not know.engaged_now(eid)
            expected = 0.0
            for outcome in outcomes:
                if outcome.fled:
                    continue  # off the map before anyone strikes
                here = outcome.tile
                best = 0.0
                if zone[here[1], here[0]] and not outcome.retreated:
                    best = self._strike_on_me(enemy, here, outcome.facing, order, outcome.metres, flank)
                spot = know.vantage(eid, here) if shooter and not _close(know, enemy, here) else None
                if spot is not None:
                    assert enemy.shot_kind is not None
                    shot = expected_injuries(
                        know,
                        enemy,
                        enemy.shot_kind,
                        me,
                        from_tile=spot,
                        target_tile=here,
                        target_order=order,
                        target_facing=outcome.facing,
                        metres=outcome.metres,
                        exposed=exposed,
                    )
                    best = max(best, shot)
                expected += float(outcome.probability) * best
            still = standing(enemy, first.get(eid, 0.0))
            total += expected * MULTI_ATTACK * self._picks.get(eid, 1.0) * know.wary(eid) * still
        self._found[key] = total
        return total

    def _strike_on_me(
        self, enemy: Unit, here: Tile, facing: int, order: Order, metres: float, flank: bool
    ) -> float:
        """One strike of a later enemy on us at `here`: from the near side, or (`flank`) from
        the tile it can get to that serves it best."""
        know = self.know
        tile: Tile | None = attack_tile(enemy, here)
        if flank:
            share = injury_value(enemy.injuries) * self.level.self_weight / injury_value(self.me.injuries)
            spot = strike_from(
                know, enemy, self.me, here, facing, order, know.strike_tiles(enemy.eid, here), share
            )
            tile = spot[0] if spot is not None else None
        if tile is None:
            return 0.0
        return expected_injuries(
            know,
            enemy,
            enemy.attack_kind,
            self.me,
            from_tile=tile,
            target_tile=here,
            target_order=order,
            target_facing=facing,
            metres=metres,
        )

    def _pick_odds(self) -> dict[int, float]:
        """For each later enemy, the chance it picks us among the targets it can attack."""
        know = self.know
        odds = {}
        ours = [self.me, *know.allies]
        for eid in know.later:
            enemy = know.unit(eid)
            if enemy.side == self.me.side:
                continue
            zone = know.melee_zone(eid, enemy.tile)
            count = 0
            for unit in ours:
                where = know.planned(unit.eid) if unit.eid != self.me.eid else unit.tile
                if zone[where[1], where[0]] or _can_shoot(know, enemy, where):
                    count += 1
            odds[eid] = 1.0 / max(1, count)
        return odds


def standing(unit: Unit, dealt_first: float) -> float:
    """The chance `unit` still acts after the Injuries we deal it before it does: one on the
    verge of defeat (one Injury more Defeats it) stays up only if they miss (an Injury or
    more: the expected Injuries, capped, stand for its chance)."""
    if unit.injuries == DEFEAT_AT - 1:
        return max(0.0, 1.0 - dealt_first)
    return 1.0


def _close(know: Knowledge, enemy: Unit, here: Tile) -> bool:
    """Whether us at `here` and the enemy where it stands would be engaged in melee
    (which nullifies its shot)."""
    board = know.board
    return board.in_reach(here, enemy.tile, know.me.reach) or board.in_reach(enemy.tile, here, enemy.reach)


def _can_shoot(know: Knowledge, shooter: Unit, target: Tile) -> bool:
    if shooter.shot_kind is None or shooter.missile is None:
        return False
    return know.shot_band(shooter.missile, shooter.tile, target) is not None
