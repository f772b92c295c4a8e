"""The battle screen's pop-up menus of actions: the attacks on one enemy, the Called Shots at
its body parts, and every action of the declarer.  Each item carries the planner's answer:
its target number and chance, or why it cannot be added."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules.api.attack import weapon_for
from game.rules.flight import FLIGHT_HELP
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of
from game.rules.registry import MELEE_ATTACKS, spec_of
from game.ui.approach import Approach, approach, called_approach, lane_approaches
from game.ui.planner import Choice, Draft, DraftState, Planner, forecast_lines, menu_kinds
from game.ui.render.widgets import MenuItem, PopupMenu
from game.ui.theme import Theme
from game.world import Equipment, World

Pos = tuple[int, int]

AddAction = Callable[[Action], None]


def menu_item(world: World, choice: Choice, add: AddAction) -> MenuItem:
    """One choice as a menu item: enabled with its chance, or greyed out with its reasons; its
    tooltip is the forecast's explanation and the action's own rule (what a failure does)."""
    lines = forecast_lines(world, choice.forecast) if choice.forecast is not None else []
    rule = _(spec_of(choice.action.kind).help)
    return MenuItem(
        choice.label,
        (lambda a=choice.action: add(a)) if choice.enabled else None,
        choice.detail() if choice.enabled else "",
        choice.enabled,
        "; ".join(choice.reasons),
        [*lines, *([rule] if rule else [])],
        choice.note,
    )


def attack_menu(
    theme: Theme,
    world: World,
    planner: Planner,
    draft: Draft,
    target: int,
    pos: Pos,
    add: AddAction,
    called: Callable[[int, ActionKind, Pos], None],
    face: Callable[[int], None],
    inspect: Callable[[int], None],
) -> PopupMenu:
    """The attacks on a target, with target numbers and chances, impossible ones with why;
    then a Called Shot (`called` opens its menu), facing the target and inspecting it."""
    items = [menu_item(world, c, add) for c in planner.attack_choices(draft, target)]
    walk_up = approach(planner, draft, target)
    if walk_up is not None:  # out of reach from here: first, the walk to strike from the best tile
        items.insert(0, walk_up_item(world, planner, draft, walk_up))
    # An attack with its own path (a Charge), on the best lane at this foe, beside the walk up.
    at = 0 if walk_up is None else 1
    for lane in lane_approaches(planner, draft, target):
        items.insert(at, walk_up_item(world, planner, draft, lane))
        at += 1
    eq = world.get(draft.actor, Equipment)
    # A Called Shot modifies an attack that may be one, with a weapon in hand for it (CO.08).
    callable_kinds = [k for k in menu_kinds(planner.options, "attack") if spec_of(k).called_shot]
    kind = next(
        (k for k in callable_kinds if weapon_for(eq, Action(k, target)) is not None), callable_kinds[0]
    )
    name = name_of(world, target)
    items.append(
        called_shot_item(
            planner.called_shot_choices(draft, target, kind), kind, called, target, pos, walk_up is not None
        )
    )
    items.append(MenuItem(_("Face {name}").format(name=name), lambda: face(target)))
    items.append(MenuItem(_("Inspect {name}").format(name=name), lambda: inspect(target)))
    return PopupMenu(theme, _("Attack {name}").format(name=name), items, pos)


def called_shot_item(
    choices: list[Choice],
    kind: ActionKind,
    called: Callable[[int, ActionKind, Pos], None],
    target: int,
    pos: Pos,
    walk_up: bool = False,
) -> MenuItem:
    """The item that opens the Called Shot menu: greyed out, with why, when the planner allows
    no Called Shot at any body part (out of sight, out of reach) and no walk up to the target
    makes one, rather than opening a menu of nothing but greyed items."""
    label = _("{action} with a Called Shot…").format(action=_(kind.label))
    reachable = walk_up and kind in MELEE_ATTACKS
    if any(choice.enabled for choice in choices) or not choices or reachable:
        return MenuItem(label, lambda: called(target, kind, pos), "▸")
    shared = [r for r in choices[0].reasons if all(r in choice.reasons for choice in choices)]
    reason = _("; ").join(shared) or _("no body part can be aimed at now")
    return MenuItem(label, None, "", False, reason)


def called_shot_menu(
    theme: Theme,
    world: World,
    planner: Planner,
    draft: Draft,
    target: int,
    kind: ActionKind,
    pos: Pos,
    add: AddAction,
) -> PopupMenu:
    """Called Shots at each body part (CO.08); a melee one out of reach from where the draft
    ends is offered with the walk up to the target (`called_approach`)."""
    items = []
    for choice in planner.called_shot_choices(draft, target, kind):
        walk = called_approach(planner, draft, choice)
        shown = menu_item(world, choice, add) if walk is None else walk_up_item(world, planner, draft, walk)
        items.append(shown)
    return PopupMenu(theme, _("Called Shot on {name}").format(name=name_of(world, target)), items, pos)


def walk_up_item(world: World, planner: Planner, draft: Draft, walk: Approach) -> MenuItem:
    """A walk to the tile an attack is best made from, and the attack (or an attack on the
    path it chooses itself): one item."""
    lines = forecast_lines(world, walk.choice.forecast) if walk.choice.forecast else []
    metres = planner.path_metres(walk.state.path)
    if walk.lane:
        how = _("a run of {metres:.1f} m along the lane").format(metres=metres)
    else:
        how = _("a walk of {metres:.1f} m first").format(metres=metres)
    return MenuItem(
        walk.label, lambda s=walk.state: draft.change(s), walk.choice.detail(), explain=[*lines, how]
    )


ACTION_MENU_LEFT = 330  # the action menu opens this far left of the right-hand panel (unscaled px)…
ACTION_MENU_DOWN = 120  # … and this far below its top: beside the order it adds to


def action_menu_spot(theme: Theme, panel: pygame.Rect) -> Pos:
    """Where the action menu opens on a screen whose orders are drafted in `panel` (the
    right-hand panel of the battle and of the workbench): beside it, clear of the map's middle."""
    return (panel.x - theme.px(ACTION_MENU_LEFT), panel.y + theme.px(ACTION_MENU_DOWN))


def action_menu(
    theme: Theme,
    world: World,
    planner: Planner,
    draft: Draft,
    pos: Pos,
    add: AddAction,
    attack: Callable[[int, Pos], None],
    where: Callable[[int], Pos],
    change: Callable[[DraftState], None] | None = None,
) -> PopupMenu:
    """Every action: defences and movement here, attacks through each enemy (`attack` opens
    its menu at the enemy's place on the screen now, `where`); fleeing off the map changes the
    draft through `change` (default: the draft's own)."""
    items = [menu_item(world, c, add) for c in planner.self_choices(draft)]
    flight = planner.flight_choice(draft)
    items.append(
        MenuItem(
            flight.label,
            (lambda s=flight.state: (change or draft.change)(s)) if flight.enabled else None,
            flight.detail(),
            flight.enabled,
            _("; ").join(flight.reasons),
            [_(FLIGHT_HELP)],
        )
    )
    for enemy in planner.enemies():
        choice = planner.quick_attack(draft, enemy)
        spot = where(enemy)
        items.append(
            MenuItem(
                _("Attack {name}…").format(name=name_of(world, enemy)),
                lambda e=enemy, p=spot: attack(e, p),
                f"{_(choice.action.kind.label)} {choice.detail()}" if choice.enabled else "▸",
            )
        )
    return PopupMenu(theme, _("Add an action"), items, pos)
