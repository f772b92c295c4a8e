"""Walk up and strike: the melee attack a click on an enemy means, when the draft does not end
within reach of it, offered with the walk to the tile it is best made from.

A player who clicks a foe across the yard wants to go and hit him; the attack menu used to
grey every attack out ("Thug will not be within reach (1 tile) of (8, 7)") and leave the
walk to plan by hand.  The rules still decide everything: each tile next to the foe that a
walk reaches is tried as the draft's path, the attack added, and judged by the planner (the
rules' validation and forecast); the best chance wins, then the shortest walk.  A Called
Shot with a melee attack is offered the same walk, to the tile the plain attack is best made
from (the body part's modifier is the same from every tile).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.geometry import Tile, bearing_direction
from game.i18n import _
from game.rules.orders import Action
from game.rules.positions import name_of, tile_of
from game.rules.registry import MELEE_ATTACKS, spec_of
from game.ui.planner import Choice, Draft, DraftState, Planner, menu_kinds, with_action

NEAR = 2  # tiles around the foe tried as places to strike from (reach 1 or 2)


@dataclass(frozen=True)
class Approach:
    """A walk to `tile` and an attack from there: the draft it makes and the planner's verdict."""

    tile: Tile
    state: DraftState
    choice: Choice
    lane: bool = False  # the attack chose its own path (a Charge's run), not a walk up

    @property
    def label(self) -> str:
        """ "Walk to (11, 7), Strike on Thug", or "Charge on Thug, running from (3, 7)"."""
        if self.lane:
            return _("{label}, running from {path}").format(label=self.choice.label, path=self.state.path[0])
        return _("Walk to {tile}, {label}").format(tile=self.tile, label=self.choice.label)


def approach(planner: Planner, draft: Draft, target: int) -> Approach | None:
    """The best walk-and-attack on `target`, or None when no melee attack is wanted (one is
    legal from where the draft ends already) or none can be made after a walk this round."""
    world = planner.world
    if planner.quick_attack(draft, target).enabled:
        return None
    kinds = [k for k in menu_kinds(planner.options, "attack") if k in MELEE_ATTACKS and spec_of(k).quick]
    there = tile_of(world, target)
    reach = planner.reach(planner.walk_metres)
    best: tuple[tuple[float, float, Tile], Approach] | None = None
    for tile in _around(there):
        if tile == planner.start or not reach.can_reach(tile):
            continue
        state = planner.with_path(draft, tile)
        if state is None or state.auto_move is not None:  # a walk only: no Sprint, no Retreat
            continue
        state = replace(state, facing=bearing_direction(tile, there), auto_facing=False)
        walked = Draft(draft.actor, state)
        for kind in kinds:
            action = Action(kind, target)
            choice = planner.choice(
                walked,
                action,
                _("{label} on {name}").format(label=_(kind.label), name=name_of(world, target)),
            )
            if not choice.enabled or choice.forecast is None:
                continue
            rank = (-float(choice.forecast.success), reach.metres_to(tile), tile)
            if best is None or rank < best[0]:
                best = (rank, Approach(tile, with_action(state, action), choice))
            break  # the first legal kind, as a click means (`Planner.quick_attack`)
    return best[1] if best is not None else None


def called_approach(planner: Planner, draft: Draft, choice: Choice) -> Approach | None:
    """The walk-up for a Called Shot `choice` the draft cannot make from where it ends: the
    walk `approach` would take, with this Called Shot in place of the plain attack; None when
    the choice is legal already, is not a melee attack, or no walk makes it legal."""
    action = choice.action
    if choice.enabled or action.target is None or action.kind not in MELEE_ATTACKS:
        return None
    plain = approach(planner, draft, action.target)
    if plain is None:
        return None
    walked = Draft(draft.actor, _without_last(plain.state, plain.choice.action))
    called = planner.choice(walked, action, choice.label)
    if not called.enabled:
        return None
    return Approach(plain.tile, with_action(walked.state, action), called)


def lane_approaches(planner: Planner, draft: Draft, target: int) -> list[Approach]:
    """Each attack that chooses its own path (a Charge's straight run; the spec's `own_path`)
    and that the draft cannot make as it stands, offered on its path at `target`: the draft's
    other actions kept, its walk replaced by the lane, facing the foe."""
    world, found = planner.world, []
    there = tile_of(world, target)
    for kind in menu_kinds(planner.options, "attack"):
        spec = spec_of(kind)
        action = Action(kind, target)
        label = _("{label} on {name}").format(label=_(kind.label), name=name_of(world, target))
        if spec.movement is None or planner.choice(draft, action, label).enabled:
            continue
        path = spec.own_path(world, planner.board, planner.actor, target)
        if not path:
            continue
        kept = tuple(a for a in draft.state.actions if a.kind is not draft.state.auto_move)
        state = replace(
            draft.state,
            path=path,
            actions=kept,
            auto_move=None,
            flee=False,
            facing=bearing_direction(path[-1], there),
            auto_facing=False,
        )
        choice = planner.choice(Draft(draft.actor, state), action, label)
        if choice.enabled:
            found.append(Approach(path[-1], with_action(state, action), choice, lane=True))
    return found


def _without_last(state: DraftState, action: Action) -> DraftState:
    """The walked draft before the plain attack `approach` added to it (its last action)."""
    actions = list(state.actions)
    if actions and actions[-1] == action:
        actions.pop()
    return replace(state, actions=tuple(actions))


def _around(centre: Tile) -> list[Tile]:
    """The tiles within `NEAR` of `centre` (not it), nearest first, then in reading order."""
    x0, y0 = centre
    tiles = [(x0 + dx, y0 + dy) for dy in range(-NEAR, NEAR + 1) for dx in range(-NEAR, NEAR + 1) if dx or dy]
    return sorted(tiles, key=lambda t: (max(abs(t[0] - x0), abs(t[1] - y0)), t[1], t[0]))
