"""Playing a battle out and saving it, and recomputing a save's hashes after an edit."""

from __future__ import annotations

import json
from typing import Any

from game.ai.placeholder import placeholder_order
from game.persist.saves import (
    SaveError,
    battle_to_save,
    events_hash,
    rebuild,
    round_hashes,
    seal,
    world_hash,
)
from game.rules.battle import Battle


def play(battle: Battle, rounds: int, declare_next: bool = False) -> Battle:
    """Play `rounds` rounds with the placeholder AI (fewer if the battle ends), and with
    `declare_next` the first order of the next round too."""
    for _ in range(rounds):
        if battle.over:
            break
        battle.play_round(lambda eid, b: placeholder_order(b.world, b.board, eid, b.round.orders))
    if declare_next and not battle.over:
        rnd = battle.start_round()
        battle.declare(placeholder_order(battle.world, battle.board, rnd.next_declarer, rnd.orders))
    return battle


def as_saved(battle: Battle) -> dict[str, Any]:
    """The save document, as read back from its file."""
    return json.loads(json.dumps(battle_to_save(battle)))


def rehash(data: dict[str, Any]) -> dict[str, Any]:
    """Every hash recomputed from the (edited) battle, as anyone can: the battle hash, and
    the replay's hashes where the battle can still be replayed."""
    seal(data)
    try:
        battle = rebuild(data, "edited")
    except SaveError:
        return data  # it cannot even be replayed: loading must refuse it, whatever its hashes
    data.update(
        state_hash=world_hash(battle.world),
        events_hash=events_hash(battle),
        round_hashes=round_hashes(battle),
    )
    return seal(data)  # (version 3's covers the replay's hashes too)
