"""The Modifier Stage's movement of one combatant, as the round makes it (CO.15–CO.18; RULES.md §4,
§6, §7): the Sprint or Retreat roll, the walk as engagement at that moment allows
(`game.rules.moving`, which the forecast asks too), what the rules modules set off on the way (a
held shot), the flight off the map (`game.rules.flight`), the events of it all, and then the
defences the metres moved limit (Evade).  `Round.resolve` calls it for each combatant in Timing
order; it changes the world only through `Round.emit`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.geometry import DIRECTION_NAMES
from game.i18n import _
from game.rules.api.state import Trail
from game.rules.defence import defence_spec, ledger
from game.rules.events import ActionNullified, DefenseTotal, EvadeLimited, Fled, Moved, Turned
from game.rules.flight import why_not_fled
from game.rules.movement import path_metres
from game.rules.moving import move, start_moving
from game.rules.positions import is_active, name_of, out_of_the_fight
from game.rules.registry import active_modules, movement_spec, spec_of
from game.rules.stats import movement_roll
from game.world import Facing

if TYPE_CHECKING:
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState


def move_in_round(rnd: RoundPort, eid: int, state: RoundState) -> None:
    """Move `eid` as engagement at this moment allows; then its defences limited by the
    metres moved are final (Evade, CO.15)."""
    world = rnd.world
    order = rnd.orders[eid]
    name = name_of(world, eid)
    result = state.defences[eid]
    start = start_moving(world, rnd.board, eid, order)
    engaged = ", ".join(name_of(world, e) for e in start.engaged)
    if start.refused is not None:
        label = spec_of(start.refused).label
        rnd.emit(
            ActionNullified(name, label, None, f"engaged in melee with {engaged}: cannot {label} out of it")
        )
    for kind in start.lost:
        if result.rolls.pop(kind, None):
            rnd.emit(ActionNullified(name, kind.label, None, f"engaged in melee with {engaged}"))
    rate = start.rate
    note = ""
    die = None
    if start.rolls:
        spec = movement_spec(start.mode)
        assert spec is not None and spec.movement is not None
        label = spec.label
        rolled = rnd.roll(eid, label, None, movement_roll(world, eid, order))
        if rolled.succeeded and rolled.die is not None:
            die = rolled.die
            note = _("{rate} [Movement] + {die} [{label} roll] = {allowed:g} m").format(
                rate=rate, die=die, label=_(label), allowed=start.allowed(die)
            )
        elif spec.movement.fail_moves:
            note = _("{label} failed: {rate} [Movement] m").format(label=_(label), rate=rate)
        else:
            # A Retreat may be declared before anyone closes in (docs/rulings.md): failed
            # with nobody beside it, it stays put, but not "in melee".
            if start.engaged:
                note = _("{label} failed: stays in melee").format(label=_(label))
            else:
                note = _("{label} failed: stays where it is").format(label=_(label))
    succeeded = start.succeeded(die)
    if succeeded and start.rule is not None and start.rule.leaves_melee:
        state.retreated.add(eid)
    allowed = start.allowed(die)
    facing = world.get(eid, Facing).direction
    walked = move(world, rnd.board, eid, order, allowed, start.held(succeeded))
    if len(walked.tiles) > 1:
        # What the move sets off before it happens (an Overwatch shot): an Evade counts the run.
        result.metres = int(walked.ground + 1e-9)
        for module in active_modules(rnd.options):
            stop = module.interrupt_move(rnd, eid, walked.tiles, state)
            if stop is not None and stop < len(walked.tiles) - 1:
                tiles = walked.tiles[: stop + 1]
                where = f"{module.interrupt_word} at {tuple(tiles[-1])}"
                walked = replace(
                    walked,
                    tiles=tiles,
                    metres=path_metres(rnd.board, tiles[0], tiles[1:]),
                    ground=sum(rnd.board.distance(a, b) for a, b in zip(tiles, tiles[1:], strict=False)),
                    stop=where,
                )
    if walked.stop and order.path and walked.tiles[-1] != order.path[-1]:
        note = f"{note}; stopped: {walked.stop}" if note else f"stopped: {walked.stop}"
    stays = ""
    if order.flee:
        held = bool(start.held(succeeded))
        stays = why_not_fled(rnd.board, order, walked.tiles, walked.metres, allowed, walked.stop, held)
        if not stays and not is_active(world, eid):  # down on the way (a held shot)
            stays = f"{name} {out_of_the_fight(world, eid)}"
        if stays:
            note = f"{note}; does not flee: {stays}" if note else f"does not flee: {stays}"
    mode = start.mode if start.mode != "none" else "walk"
    final = DIRECTION_NAMES[walked.facing]
    if len(walked.tiles) > 1 or order.path or stays:
        rnd.emit(Moved(name, mode, walked.tiles, walked.metres, allowed, final, note, actor_id=eid))
    elif walked.facing != facing:
        rnd.emit(Turned(name, final, actor_id=eid))
    if order.flee and not stays:
        rnd.emit(Fled(name, walked.tiles[-1], actor_id=eid))
    state.trails[eid] = Trail(start.mode, walked.tiles, walked.ground)
    for module in active_modules(rnd.options):
        module.after_move(rnd, eid, state)

    # Defences limited by the whole metres of ground actually covered (Evade, CO.15).
    result.metres = int(walked.ground + 1e-9)
    for kind, rolls in result.rolls.items():
        if defence_spec(kind).limited_by_metres and sum(rolls) > result.metres:
            rnd.emit(EvadeLimited(name, sum(rolls), result.metres, walked.ground))
    parts = ledger(result)
    if parts:
        rnd.emit(DefenseTotal(name, parts))
