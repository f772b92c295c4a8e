"""The order being planned in the Strategy Stage (`Draft`, with undo), and the facing the game
picks for it when the player has not (a Retreat faces the melee it leaves; an attack faces its
target).  Pure: no pygame; the planner (`game.ui.planner`) says what the draft may become."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.geometry import Tile, bearing_direction
from game.i18n import _
from game.rules.board import Board
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import engaged_with, name_of, tile_of
from game.rules.registry import OFFENSIVE, spec_of
from game.world import World


@dataclass(frozen=True)
class DraftState:
    """One version of the order being planned."""

    path: tuple[Tile, ...] = ()
    facing: int | None = None
    actions: tuple[Action, ...] = ()
    auto_move: ActionKind | None = None  # a Sprint or Retreat the path added by itself
    auto_facing: bool = False  # the facing was chosen for the player (`facing_reason` says why)
    facing_reason: str = ""  # "toward the melee it leaves", "toward Thug"
    flee: bool = False  # after the path, step off the map (`game.rules.flight`)


@dataclass
class Draft:
    """The order being planned, with undo."""

    actor: int
    state: DraftState = field(default_factory=DraftState)
    history: list[DraftState] = field(default_factory=list)

    def order(self) -> Order:
        """The order as it stands."""
        return Order(self.actor, self.state.actions, self.state.path, self.state.facing, self.state.flee)

    def change(self, state: DraftState) -> None:
        """Move to a new version (the old one is kept for undo)."""
        if state != self.state:
            self.history.append(self.state)
            self.state = state

    def undo(self) -> bool:
        """Back to the previous version; False when there is none."""
        if not self.history:
            return False
        self.state = self.history.pop()
        return True

    def add(self, action: Action) -> None:
        """Add an action (a movement action of its own replaces the Sprint the path added)."""
        self.change(with_action(self.state, action))

    def remove(self, index: int) -> None:
        """Remove the action at `index`."""
        actions = list(self.state.actions)
        if 0 <= index < len(actions):
            removed = actions.pop(index)
            auto = None if removed.kind == self.state.auto_move else self.state.auto_move
            self.change(replace(self.state, actions=tuple(actions), auto_move=auto))

    def set_facing(self, facing: int | None) -> None:
        """Set the final facing."""
        self.change(replace(self.state, facing=None if facing is None else facing % 8, auto_facing=False))

    def clear(self) -> None:
        """Drop everything planned."""
        self.change(DraftState())


def with_action(state: DraftState, action: Action) -> DraftState:
    """The draft with one more action.  An action that moves the path its own way (a Charge, a
    Sudden Dive: its spec has a movement rule) takes the place of the Sprint or Retreat the
    path added by itself."""
    actions = state.actions
    if state.auto_move is not None and spec_of(action.kind).movement is not None:
        kept = list(actions)
        for i in range(len(kept) - 1, -1, -1):
            if kept[i].kind is state.auto_move:
                kept.pop(i)
                break
        return replace(state, actions=(*kept, action), auto_move=None)
    return replace(state, actions=(*actions, action))


def with_chosen_facing(world: World, board: Board, actor: int, state: DraftState) -> DraftState:
    """The draft facing as `chosen_facing` says, unless the player set a facing."""
    if state.facing is not None and not state.auto_facing:
        return state
    facing, why = chosen_facing(world, board, actor, state.path, state.actions, state.auto_move)
    return replace(state, facing=facing, auto_facing=facing is not None, facing_reason=why)


def chosen_facing(
    world: World,
    board: Board,
    actor: int,
    path: tuple[Tile, ...],
    actions: tuple[Action, ...],
    need: ActionKind | None,
) -> tuple[int | None, str]:
    """The facing the game picks when the player has not: a move that leaves melee faces the
    nearest enemy it leaves, not along its last step with its back to them; an order with an
    attack faces its first target from where the order ends (attacking turns you to face
    the target); else none.  (facing, why)."""
    end = path[-1] if path else tile_of(world, actor)
    rule = spec_of(need).movement if need is not None else None
    engaged = engaged_with(world, board, actor)
    if rule is not None and rule.leaves_melee and engaged and path:
        nearest = min(engaged, key=lambda e: (board.distance(end, tile_of(world, e)), e))
        there = tile_of(world, nearest)
        return (
            (None, "") if there == end else (bearing_direction(end, there), _("toward the melee it leaves"))
        )
    for action in actions:
        if action.kind in OFFENSIVE and action.target is not None:
            there = tile_of(world, action.target)
            if there != end:
                return bearing_direction(end, there), _("toward {name}").format(
                    name=name_of(world, action.target)
                )
    return None, ""
