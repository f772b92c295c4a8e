"""What the player does to the order being drafted on the battle screen: a click on a tile
(a path to it, the attack menu of an enemy on it), the final facing, actions added from
the menus, undo.  A part of `BattleScene` (a mixin): it changes only the draft and the
open menu, and declaring the finished order is the screen's (`BattleScene.confirm`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.core.geometry import Tile, bearing_direction
from game.i18n import _
from game.rules.orders import Action, ActionKind
from game.rules.positions import are_enemies, occupant, tile_of
from game.ui.battle import menus
from game.ui.planner import Draft, Planner
from game.ui.render.camera import Camera
from game.ui.render.widgets import PopupMenu
from game.ui.theme import Theme
from game.world import World


class OrderCommands:
    """The drafting commands of the battle screen.

    The screen provides `world`, `theme`, `camera`, `rects`, `phase`, `actor`, `draft`,
    `planner` and `menu`, and the methods `select`, `toast` and `plan_end`.
    """

    world: World
    theme: Theme
    camera: Camera
    rects: dict[str, pygame.Rect]
    phase: str
    actor: int | None
    draft: Draft | None
    planner: Planner | None
    menu: PopupMenu | None

    if TYPE_CHECKING:  # the screen's own

        def select(self, eid: int | None) -> None: ...
        def toast(self, text: str, bad: bool = False) -> None: ...
        def plan_end(self, eid: int) -> tuple[Tile, int]: ...
        def fog_sees(self, eid: int | None) -> bool: ...

    def click_tile(self, tile: Tile, pos: tuple[int, int]) -> None:
        """What a click (or Enter) on a tile means now."""
        world = self.world
        who = occupant(world, tile)
        if not self.fog_sees(who):
            who = None  # fog of war: an enemy the side does not see is not there for it
        if self.phase != "declare" or self.draft is None or self.planner is None or self.actor is None:
            self.select(who)
            return
        if who == self.actor:
            if self.draft.state.path:
                self.set_path(tile)
            self.select(who)
            return
        if who is not None and are_enemies(world, self.actor, who):
            self.open_attack_menu(who, pos)
            return
        if who is not None:
            self.select(who)
            return
        self.set_path(tile)

    def set_path(self, tile: Tile) -> None:
        """Plan movement to a tile (the shortest path, with Sprint or Retreat when it needs one)."""
        assert self.draft is not None and self.planner is not None
        state = self.planner.with_path(self.draft, tile)
        if state is None:
            limit = self.planner.sprint_metres(replace(self.draft.order(), path=()))
            self.toast(f"Cannot reach {tile}: beyond {limit:g} m even with the best Sprint", bad=True)
            return
        self.draft.change(state)
        if state.auto_move is not None:
            self.toast(_("{action} added: the path needs it").format(action=_(state.auto_move.label)))

    def turn(self, step: int) -> None:
        """Turn the planned final facing."""
        if self.draft is None or self.actor is None:
            return
        _, facing = self.plan_end(self.actor)
        self.draft.set_facing(facing + step)

    def face_toward(self, tile: Tile) -> None:
        """Face the tile from where the path ends."""
        if self.phase != "declare" or self.draft is None or self.actor is None:
            return
        end, _ = self.plan_end(self.actor)
        if end != tile:
            self.draft.set_facing(bearing_direction(end, tile))

    def undo(self) -> None:
        """Undo the last change to the order."""
        if self.draft is not None and not self.draft.undo():
            self.toast("Nothing to undo")

    def add_action(self, action: Action) -> None:
        """Add an action to the order."""
        if self.draft is not None:
            self.draft.add(action)
            if self.planner is not None:
                # Attacking turns you to face the target unless you set a facing yourself: one
                # step of undo takes back the action and the turn together.
                self.draft.state = self.planner.with_chosen_facing(self.draft.state)

    def open_attack_menu(self, target: int, pos: tuple[int, int]) -> None:
        """The attacks on a target, with target numbers and chances, impossible ones with why."""
        assert self.draft is not None and self.planner is not None
        self.menu = menus.attack_menu(
            self.theme,
            self.world,
            self.planner,
            self.draft,
            target,
            pos,
            self.add_action,
            self.open_called_menu,
            lambda eid: self.face_toward(tile_of(self.world, eid)),
            self.select,
        )

    def open_called_menu(self, target: int, kind: ActionKind, pos: tuple[int, int]) -> None:
        """Called Shots at each body part (CO.08)."""
        assert self.draft is not None and self.planner is not None
        world, planner, draft = self.world, self.planner, self.draft
        self.menu = menus.called_shot_menu(
            self.theme, world, planner, draft, target, kind, pos, self.add_action
        )

    def open_action_menu(self) -> None:
        """Every action: defences and movement here, attacks through each enemy."""
        if self.draft is None or self.planner is None:
            return
        rect, px = self.rects["right"], self.theme.px
        self.menu = menus.action_menu(
            self.theme,
            self.world,
            self.planner,
            self.draft,
            (rect.x - px(330), rect.y + px(120)),
            self.add_action,
            self.open_attack_menu,
            lambda eid: self.camera.tile_centre(tile_of(self.world, eid)),
        )
