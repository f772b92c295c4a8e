"""Invariants every battle keeps, checked after each step by the fuzz, monkey and scenario tests.

- no two living combatants on one tile, and nobody on a tile that blocks movement;
- Injuries never decrease; the dead stay dead, the Defeated stay Defeated (unless the dying
  module lifted the Defeat, seed 002);
- the world serialises to JSON and reloads equal, component by component.
"""

from __future__ import annotations

import json

from game.rules.battle import Battle
from game.rules.board import Board
from game.rules.positions import combatants, name_of, tile_of
from game.rules.statuses import statuses_of
from game.world import Condition, World


def reloads_equal(world: World) -> bool:
    """Whether the world survives JSON text unchanged: the same components on the same ids."""
    reloaded = World.from_dict(json.loads(json.dumps(world.to_dict())))

    def components(w: World) -> dict[type, dict[int, object]]:
        return {kind: store for kind, store in w._stores.items() if store}  # noqa: SLF001

    return reloaded.to_dict() == world.to_dict() and components(reloaded) == components(world)


class Watch:
    """Remembers each combatant's Condition between checks of one battle."""

    def __init__(self) -> None:
        self.conditions: dict[int, Condition] = {}
        self.checks = 0

    def forget(self) -> None:
        """A new battle (or one loaded from a save): start over."""
        self.conditions = {}

    def check(self, world: World, board: Board | None = None, reload: bool = False) -> None:
        """Assert the invariants now; `reload` also round-trips the world through JSON."""
        self.checks += 1
        living = [e for e in combatants(world) if world.get(e, Condition).present]
        tiles = [tile_of(world, e) for e in living]
        assert len(tiles) == len(set(tiles)), f"two combatants on one tile: {sorted(tiles)}"
        if board is not None:
            for eid, tile in zip(living, tiles, strict=True):
                where = f"{name_of(world, eid)} stands at {tile}"
                assert board.in_bounds(tile) and not board.blocks_move(tile), where
        for eid in combatants(world):
            now = world.get(eid, Condition)
            was = self.conditions.get(eid)
            if was is not None:
                who = name_of(world, eid)
                assert now.dead or not was.dead, f"{who} came back from the dead"
                # The dying module (seed 002) lifts a Defeat: the unconscious wake up one Injury
                # short of it, and one bleeding inside fights on; it marks each with a status.
                if not any(s.module == "dying" for s in statuses_of(world, eid)):
                    assert now.injuries >= was.injuries, f"{who}'s Injuries went down: {was} → {now}"
                    assert now.defeated or not was.defeated, f"{who} is no longer Defeated"
                assert now == was or not was.fled, f"{who} fled the map, yet changed: {was} → {now}"
            self.conditions[eid] = now
        if reload:
            assert reloads_equal(world), "the world does not reload equal from its JSON"


class BattleWatch:
    """Watches whatever battle a screen shows: a new battle (or a loaded one) starts over;
    the world is round-tripped through JSON each time a round has been resolved."""

    def __init__(self) -> None:
        self.watch = Watch()
        self.battle: object | None = None
        self.number = -1
        self.rounds_seen = 0

    def check(self, battle: Battle) -> None:
        """Assert the invariants on the battle's world now."""
        if battle is not self.battle:
            self.watch.forget()
            self.battle, self.number = battle, -1
        changed = battle.number != self.number
        self.rounds_seen += changed and self.number != -1  # a round resolved while watched
        self.watch.check(battle.world, battle.board, reload=changed)
        self.number = battle.number
