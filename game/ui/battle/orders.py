"""What the player does to the order being drafted on the battle screen: a click on a tile
(a path to it, the attack menu of an enemy on it), the final facing, actions added from
the menus, undo.

A component of `BattleScene` (`scene.orders`), not a mixin: it reads the screen only
through `OrdersHost` (`game.ui.battle.host`) and answers the input and the modes through
`Drafting`.  It changes only the draft and the open menu; declaring the finished order is
the screen's (`BattleScene.confirm`).
"""

from __future__ import annotations

from dataclasses import replace

from game.core.geometry import Tile, bearing_direction
from game.i18n import _
from game.rules.orders import Action, ActionKind
from game.rules.positions import are_enemies, occupant, tile_of
from game.ui.battle import menus
from game.ui.battle.host import OrdersHost


class OrderCommands:
    """The drafting commands of the battle screen."""

    def __init__(self, host: OrdersHost) -> None:
        self.host = host

    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means now."""
        host = self.host
        world, actor, draft = host.world, host.actor, host.draft
        who = occupant(world, tile)
        if not host.sight.sees(who):
            who = None  # fog of war: an enemy the side does not see is not there for it
        if host.phase != "declare" or draft is None or host.planner is None or actor is None:
            host.select(who)
            return
        if who == actor:
            if draft.state.path:
                self.set_path(tile)
            host.select(who)
            return
        if who is not None and are_enemies(world, actor, who):
            self.open_attack_menu(who, pos)
            return
        if who is not None:
            host.select(who)
            return
        self.set_path(tile)

    def set_path(self, tile: Tile) -> None:
        """Plan movement to a tile (the shortest path, with Sprint or Retreat when it needs one)."""
        draft, planner = self.host.draft, self.host.planner
        assert draft is not None and planner is not None
        state = planner.with_path(draft, tile)
        if state is None:
            limit = planner.sprint_metres(replace(draft.order(), path=()))
            self.host.toast(f"Cannot reach {tile}: beyond {limit:g} m even with the best Sprint", bad=True)
            return
        draft.change(state)
        if state.auto_move is not None:
            self.host.toast(_("{action} added: the path needs it").format(action=_(state.auto_move.label)))

    def turn(self, step: int) -> None:
        """Turn the planned final facing."""
        draft, actor = self.host.draft, self.host.actor
        if draft is None or actor is None:
            return
        _end, facing = self.host.aim.plan_end(actor)
        draft.set_facing(facing + step)

    def face_toward(self, tile: Tile) -> None:
        """Face the tile from where the path ends."""
        draft, actor = self.host.draft, self.host.actor
        if self.host.phase != "declare" or draft is None or actor is None:
            return
        end, _facing = self.host.aim.plan_end(actor)
        if end != tile:
            draft.set_facing(bearing_direction(end, tile))

    def undo(self) -> None:
        """Undo the last change to the order."""
        draft = self.host.draft
        if draft is not None and not draft.undo():
            self.host.toast("Nothing to undo")

    def add_action(self, action: Action) -> None:
        """Add an action to the order."""
        draft, planner = self.host.draft, self.host.planner
        if draft is not None:
            draft.add(action)
            if planner is not None:
                # Attacking turns you to face the target unless you set a facing yourself: one
                # step of undo takes back the action and the turn together.
                draft.state = planner.with_chosen_facing(draft.state)

    def open_attack_menu(self, target: int, pos: tuple[int, int]) -> None:
        """The attacks on a target, with target numbers and chances, impossible ones with why."""
        host = self.host
        draft, planner, world = host.draft, host.planner, host.world
        assert draft is not None and planner is not None
        host.menu = menus.attack_menu(
            host.theme,
            world,
            planner,
            draft,
            target,
            pos,
            self.add_action,
            self.open_called_menu,
            lambda eid: self.face_toward(tile_of(self.host.world, eid)),
            host.select,
        )

    def open_called_menu(self, target: int, kind: ActionKind, pos: tuple[int, int]) -> None:
        """Called Shots at each body part (CO.08)."""
        host = self.host
        draft, planner = host.draft, host.planner
        assert draft is not None and planner is not None
        host.menu = menus.called_shot_menu(
            host.theme, host.world, planner, draft, target, kind, pos, self.add_action
        )

    def open_action_menu(self) -> None:
        """Every action: defences and movement here, attacks through each enemy."""
        host = self.host
        draft, planner = host.draft, host.planner
        if draft is None or planner is None:
            return
        host.menu = menus.action_menu(
            host.theme,
            host.world,
            planner,
            draft,
            menus.action_menu_spot(host.theme, host.rects["right"]),
            self.add_action,
            self.open_attack_menu,
            lambda eid: host.view.camera.tile_centre(tile_of(host.world, eid)),
        )
