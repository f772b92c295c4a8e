"""What the AI reads of every combatant and keeps for a round: a combatant's numbers as the
engine computes them (`Unit`, `read_unit`), what one more Injury is worth on it
(`injury_value`), and the facts every declaration of a round shares (`RoundFacts`, keyed by
`round_key`: positions move only at resolution).  `game.ai.knowledge` builds one
declaration's view on them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np

from game.board.reach import ReachMap
from game.board.terrain import TerrainBoard
from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.defence import DefenceSpec
from game.rules.board import Board
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import combatants, melee_reach, name_of, tile_of
from game.rules.registry import action_specs
from game.rules.stats import movement_rate
from game.world import Condition, Equipment, Facing, Side, World

INJURY_VALUE = (1.0, 1.5, 3.0)
"""What one more Injury is worth on a combatant with 0, 1 or 2 Injuries: the third Defeats."""


def injury_value(injuries: float) -> float:
    """The worth of one more Injury on a combatant that has `injuries` (a fractional
    count, such as Injuries already expected from attacks declared this round, is
    read between the table's entries)."""
    top = len(INJURY_VALUE) - 1
    at = min(max(float(injuries), 0.0), float(top))
    low = int(at)
    if low == top:
        return INJURY_VALUE[top]
    share = at - low
    return INJURY_VALUE[low] * (1 - share) + INJURY_VALUE[low + 1] * share


@dataclass(frozen=True)
class Unit:
    """One combatant as the AI sees it: where it is, how hurt, how far it walks and reaches,
    and which attacks it makes (its chances are asked of the rules each time)."""

    eid: int
    name: str
    side: str
    tile: Tile
    facing: int
    injuries: int
    active: bool
    rate: int
    melee: Weapon  # the melee weapon in hand, or bare hands
    armed: bool  # holds a melee weapon
    missile: Weapon | None
    reach: int
    attack_kind: ActionKind  # its best melee attack that can Injure (Strike armed, Brawling not)
    shot_kind: ActionKind | None  # its best attack from afar, if it holds what it needs


def read_unit(world: World, eid: int, board: Board | None = None, options: RuleOptions | None = None) -> Unit:
    """The numbers of one combatant, from its sheet, equipment and condition; its attacks are
    the action specs in play (`options`) that can Injure with what it holds."""
    equipment = world.get(eid, Equipment)
    condition = world.get(eid, Condition)
    melee = equipment.melee_weapon()
    melee_kind, shot_kind = _attack_kinds(world, board, options or RuleOptions.battlefield(), eid)
    return Unit(
        eid=eid,
        name=name_of(world, eid),
        side=world.get(eid, Side).name,
        tile=tile_of(world, eid),
        facing=world.get(eid, Facing).direction,
        injuries=condition.injuries,
        active=condition.can_act,
        rate=max(0, movement_rate(world, eid).total),
        melee=melee or BARE_HANDS,
        armed=melee is not None,
        missile=equipment.missile_weapon(),
        reach=melee_reach(equipment),
        attack_kind=melee_kind,
        shot_kind=shot_kind,
    )


def _attack_kinds(
    world: World, board: Board | None, options: RuleOptions, eid: int
) -> tuple[ActionKind, ActionKind | None]:
    """The best melee attack and the best attack from afar that `eid` can make with what it
    holds (the specs' `weapon`, `ai_usable` and `ai_stat`), out of melee."""
    ask = AiAsk(world, board, options, eid, tile_of(world, eid), None, {}, False, False, True)  # type: ignore[arg-type]
    equipment = world.get(eid, Equipment)
    best: dict[bool, tuple[int, int, ActionKind]] = {}
    for rank, spec in enumerate(action_specs(options)):
        if not isinstance(spec, AttackSpec) or not spec.deals_injury or not spec.targeted:
            continue
        if spec.weapon(equipment, Action(spec.kind)) is None or not spec.ai_usable(ask):
            continue
        melee = "melee" in spec.roles
        key = (spec.ai_stat(world, eid), -rank, spec.kind)
        if melee not in best or key > best[melee]:
            best[melee] = key
    melee_kind = best[True][2] if True in best else ActionKind.BRAWLING
    return melee_kind, best[False][2] if False in best else None


def terrain_board(board: Board) -> TerrainBoard:
    """The board as a `TerrainBoard` (the fast overlays need its arrays)."""
    if isinstance(board, TerrainBoard):
        return board
    cached = getattr(board, "_ai_terrain", None)
    if cached is None:
        cached = TerrainBoard.from_board(board)  # type: ignore[arg-type]
        with contextlib.suppress(AttributeError):  # a board with __slots__ just converts again
            board._ai_terrain = cached  # type: ignore[attr-defined]
    return cached


@dataclass
class RoundFacts:
    """What stays true for a whole Strategy Stage (positions move only at resolution),
    shared by every declaration of that round: units and reachable tiles."""

    key: tuple[object, ...]
    units: dict[int, Unit]
    reach_maps: dict[tuple[int, float], ReachMap] = field(default_factory=dict)
    fields_: dict[Tile, np.ndarray] = field(default_factory=dict)
    threat_masks: dict[tuple[int, Tile], np.ndarray] = field(default_factory=dict)
    los: dict[tuple[Tile, Tile], bool] = field(default_factory=dict)
    odds: dict[tuple[object, ...], float] = field(default_factory=dict)
    """The rules' odds of imagined attacks, kept under what they read of the target's order
    (`game.ai.expect`), and each fighter's best attack chance (`game.ai.menace`)."""
    walks: dict[tuple[object, ...], tuple[tuple[Tile, ...], int] | None] = field(default_factory=dict)
    """Where an enemy with nobody to attack would walk, by where our shooters will stand
    (`game.ai.anticipate`): the same for every declaration of our side that round."""
    engaged: dict[int, bool] = field(default_factory=dict)
    stats: dict[tuple[int, ActionKind], int] = field(default_factory=dict)
    defences: dict[tuple[int, bool], list[DefenceSpec]] = field(default_factory=dict)
    readings: dict[tuple[int, Order | None], tuple[object, str | None]] = field(default_factory=dict)
    """What the odds of an attack on a combatant read of its order (`Knowledge.reading`)."""
    still: dict[Hashable, object] = field(default_factory=dict)
    """What the rules remembered while the world stood still (`game.rules.still`): how hits
    land, where movements end."""


def round_key(world: World, round_number: int) -> tuple[object, ...]:
    """A cheap fingerprint of everything `RoundFacts` depends on."""
    parts: list[object] = [round_number]
    for eid in combatants(world):
        condition = world.get(eid, Condition)
        parts.append((eid, tile_of(world, eid), condition.injuries, condition.can_act, condition.present))
        parts.append(tuple(w.name for w in world.get(eid, Equipment).weapons))
    return tuple(parts)
