"""Planning one combatant's order in the Strategy Stage: the draft and what it can become.

Pure (no pygame): the draft holds the path, the final facing and the
actions, with an undo history; the planner answers what the order panel
and the action menu show, using the rules' own `validate_order` (why an
action is impossible) and `forecast_order` (target number and exact chance).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from game.board.reach import ReachMap, reachable
from game.board.terrain import TerrainBoard
from game.core.geometry import Tile
from game.core.modifiers import signed
from game.i18n import _, source_text
from game.rules.api.contexts import ActionForecast
from game.rules.board import Board
from game.rules.called_shots import CALLED_SHOT_TABLE
from game.rules.flight import exit_metres, exit_tile, metres_needed, on_edge
from game.rules.forecast import arrival_chance, flight_chance, forecast_order
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, CalledShot, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    engaged_with,
    left_behind,
    name_of,
    occupant,
    tile_of,
)
from game.rules.registry import (
    MELEE_ATTACKS,
    OFFENSIVE,
    TARGETED,
    action_specs,
    movement_kind,
    spec_of,
)
from game.rules.stats import max_movement_metres, movement_rate
from game.rules.validate import validate_order
from game.ui.defence_notes import defence_buys, defence_note
from game.ui.draft import Draft, DraftState, chosen_facing, with_action, with_chosen_facing
from game.ui.forecast_text import forecast_detail, forecast_lines
from game.world import Condition, Equipment, Item, Position, World

__all__ = [
    "Choice",
    "Draft",
    "DraftState",
    "FlightChoice",
    "Planner",
    "forecast_detail",
    "forecast_lines",
    "menu_kinds",
]


def menu_kinds(options: RuleOptions, menu: str) -> tuple[ActionKind, ...]:
    """The actions a menu offers under the battle's rules modules, in the registry's order:
    "attack" (on an enemy), "self" (defences, Sprint, Retreat …) or "item" (a weapon on the ground)."""
    return tuple(s.kind for s in action_specs(options) if s.menu == menu)


def terrain_board(board: Board) -> TerrainBoard:
    """The board as a `TerrainBoard` (numpy arrays for overlays); converted once per board."""
    if isinstance(board, TerrainBoard):
        return board
    return _converted(board)


@functools.lru_cache(maxsize=8)
def _converted(board: Board) -> TerrainBoard:
    return TerrainBoard.from_board(board)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Choice:
    """An action the menu offers: legal or not (with the reason), and its forecast."""

    label: str
    action: Action
    reasons: tuple[str, ...]
    forecast: ActionForecast | None
    note: str = ""  # a remark that does not forbid it (a defence no declared attack calls for)

    @property
    def enabled(self) -> bool:
        """Whether adding it keeps the order legal."""
        return not self.reasons

    def detail(self) -> str:
        """ "needs 5 or less · 42% success" for the menu."""
        return forecast_detail(self.forecast)


@dataclass(frozen=True)
class FlightChoice:
    """Fleeing off the map as the menu offers it: to flee or to stay, legal or not (with the
    reasons), and the chance of getting off the map."""

    label: str
    state: DraftState
    reasons: tuple[str, ...]
    chance: Fraction | None

    @property
    def flee(self) -> bool:
        """Whether the choice is to flee (else to stay)."""
        return self.state.flee

    @property
    def enabled(self) -> bool:
        """Whether the order stays legal."""
        return not self.reasons

    def detail(self) -> str:
        """ "58% to get away" for the menu."""
        if self.chance is None:
            return ""
        return _("{float:.0f}% to get away").format(float=float(self.chance) * 100)


class Planner:
    """What a combatant can declare now, given the orders declared before it."""

    def __init__(
        self,
        world: World,
        board: Board,
        actor: int,
        earlier: Mapping[int, Order],
        options: RuleOptions,
        sees: Callable[[int], bool] | None = None,
    ) -> None:
        self.world, self.board, self.actor, self.options = world, board, actor, options
        self.earlier = dict(earlier)
        self.sees = sees  # fog of war: the combatants the actor's side sees (None: all)
        self.terrain = terrain_board(board)
        self.start = tile_of(world, actor)
        self._reach: dict[float, ReachMap] = {}
        self._validated: dict[Order, tuple[str, ...]] = {}
        self._refused: dict[Order, bool] = {}
        self._forecasts: dict[Order, list[ActionForecast]] = {}
        self._quick: dict[tuple[DraftState, int], Choice] = {}
        self._arrivals: dict[Order, Fraction] = {}

    # ------------------------------------------------------------- movement
    @property
    def walk_metres(self) -> float:
        """The normal movement rate in metres."""
        return float(max(0, movement_rate(self.world, self.actor).total))

    def sprint_metres(self, order: Order) -> float:
        """The longest path the order could declare with a Sprint (or Retreat) added, or with
        the movement action it already has (a Charge runs twice the Movement rate)."""
        if any(spec_of(a.kind).movement is not None for a in order.actions):
            return max_movement_metres(self.world, self.actor, order)
        kind = movement_kind(self.options, self.engaged())
        if not order.has(kind):
            order = replace(order, actions=(*order.actions, Action(kind)))
        return max_movement_metres(self.world, self.actor, order)

    def engaged(self) -> bool:
        """Whether the actor is engaged in melee now."""
        return bool(engaged_with(self.world, self.board, self.actor))

    def occupied(self) -> list[Tile]:
        """Tiles of other combatants still standing (dead bodies do not block); with fog of war
        only those the side sees (an unseen one's tile is not refused by the rules: a walk
        there stops short at resolution, and drawing it taken would give him away)."""
        return [
            tile_of(self.world, e)
            for e in combatants(self.world)
            if e != self.actor
            and self.world.get(e, Condition).present
            and (self.sees is None or self.sees(e))
        ]

    def reach(self, budget: float) -> ReachMap:
        """Tiles reachable within `budget` metres (cached)."""
        key = round(budget, 6)
        if key not in self._reach:
            self._reach[key] = reachable(self.terrain, self.start, budget, self.occupied())
        return self._reach[key]

    def with_path(self, draft: Draft, tile: Tile) -> DraftState | None:
        """The draft with a shortest path to `tile` (Sprint or Retreat added if it needs one)."""
        state = draft.state
        kept = list(state.actions)
        if state.auto_move:  # drop the Sprint or Retreat the old path added (the last one)
            for i in range(len(kept) - 1, -1, -1):
                if kept[i].kind is state.auto_move:
                    kept.pop(i)
                    break
        base_actions = tuple(kept)
        if tile == self.start:
            facing = None if state.auto_facing else state.facing
            return self.with_chosen_facing(DraftState((), facing, base_actions, flee=state.flee))
        base = Order(self.actor, base_actions)
        longest = self.reach(self.sprint_metres(base))
        path = longest.path_to(tile)
        if path is None:
            return None
        metres = longest.metres_to(tile)
        need: ActionKind | None = None
        engaged = self.engaged()
        if engaged and (state.flee or left_behind(self.world, self.board, self.actor, tile)):
            need = movement_kind(
                self.options, True
            )  # a walk may not leave any melee it is in, off the map neither
        elif metres_needed(self.board, metres, state.flee) > self.walk_metres + 1e-9:
            need = movement_kind(self.options, engaged)
        actions = base_actions
        auto = None
        moving = any(spec_of(a.kind).movement is not None for a in base_actions)
        if need is not None and not moving:
            actions = (*base_actions, Action(need))
            auto = need
        facing, auto_facing, why = state.facing, state.auto_facing, state.facing_reason
        if auto_facing or facing is None:
            facing, why = chosen_facing(self.world, self.board, self.actor, tuple(path), actions, need)
            auto_facing = facing is not None
        return DraftState(tuple(path), facing, actions, auto, auto_facing, facing_reason=why, flee=state.flee)

    def with_chosen_facing(self, state: DraftState) -> DraftState:
        """The draft facing as `chosen_facing` says, unless the player set a facing."""
        return with_chosen_facing(self.world, self.board, self.actor, state)

    def path_metres(self, path: tuple[Tile, ...]) -> float:
        """Metres of a path from the actor's tile."""
        total, here = 0.0, self.start
        for tile in path:
            step = self.board.step_metres(here, tile)
            if step is None:
                return float("inf")
            total += step
            here = tile
        return total

    # ------------------------------------------------------------- checks
    def reasons(self, order: Order) -> tuple[str, ...]:
        """Why the order cannot be declared (empty when it can)."""
        if order not in self._validated:
            self._validated[order] = tuple(
                validate_order(self.world, self.board, order, self.earlier, self.options)
            )
        return self._validated[order]

    def path_refused(self, order: Order) -> bool:
        """Whether the rules refuse the order's path itself (too long, a tile twice, ending on
        someone, a step off the map beyond the metres): the drafted path is drawn as bad.  Read
        from the reasons in the source language, whatever the window shows."""
        if order not in self._refused:
            with source_text():
                reasons = validate_order(self.world, self.board, order, self.earlier, self.options)
            self._refused[order] = any(r.startswith("path") or "may move" in r for r in reasons)
        return self._refused[order]

    def forecasts(self, order: Order) -> list[ActionForecast]:
        """A forecast for each action of the order."""
        if order not in self._forecasts:
            orders = {**self.earlier, self.actor: order}
            try:
                self._forecasts[order] = forecast_order(
                    self.world, self.board, orders, self.actor, self.options
                )
            except (KeyError, ValueError, AssertionError):
                self._forecasts[order] = []
        return self._forecasts[order]

    def arrival_odds(self, order: Order) -> Fraction:
        """The chance the order's movement ends on its path's end (`arrival_chance`), kept
        for the planner's life: the ruler asks it every frame while the path is drafted."""
        if order not in self._arrivals:
            self._arrivals[order] = arrival_chance(self.world, self.board, self.actor, order)
        return self._arrivals[order]

    def choice(self, draft: Draft, action: Action, label: str) -> Choice:
        """What adding `action` to the draft would do: the rules' verdict on the order it
        would make (every reason they give, those the action brings first) and its forecast.

        The rules judge the whole order, never the action alone: a Feint is legal
        beside a Strike and refused without one, whatever the menu thinks of it.
        """
        order = draft.order()
        state = with_action(draft.state, action)
        new = Order(self.actor, state.actions, state.path, state.facing, state.flee)
        own = set(self.reasons(order))
        refused = self.reasons(new)
        reasons = tuple(r for r in refused if r not in own) + tuple(r for r in refused if r in own)
        fc = None
        if not reasons:  # forecasts cost more than checks: only for what can be declared
            forecasts = self.forecasts(new)
            fc = forecasts[-1] if forecasts and len(forecasts) == len(new.actions) else None
        return Choice(label, action, reasons, fc)

    def flight_odds(self, order: Order) -> Fraction | None:
        """The chance that a legal order that flees gets the declarer off the map (None for one
        that does not flee or cannot be declared)."""
        if not order.flee or self.reasons(order):
            return None
        return flight_chance(self.world, self.board, self.actor, order)

    def flight_choice(self, draft: Draft) -> FlightChoice:
        """Fleeing off the map after the path (or no longer): the rules' verdict on the order it
        would make, and the chance the movement gets the declarer off (`flight_chance`)."""
        order = draft.order()
        state = self.flight_state(draft) if not order.flee else replace(draft.state, flee=False)
        new = Draft(draft.actor, state).order()
        own = set(self.reasons(order))
        refused = self.reasons(new)
        reasons = tuple(r for r in refused if r not in own) + tuple(r for r in refused if r in own)
        chance = self.flight_odds(new) if not reasons else None
        label = _("Stay on the map (no flight)")
        if new.flee:
            label = _("Flee off the map")
            if not on_edge(self.board, exit_tile(self.world, new)):
                label = _("Flee off the map (no edge tile in reach this round)")
            elif new.path != order.path and new.path:
                label = _("Flee off the map via {tile}").format(tile=tuple(new.path[-1]))
        return FlightChoice(label, state, reasons, chance)

    def flight_state(self, draft: Draft) -> DraftState:
        """The draft made to flee: as it is when its path ends on the map's edge; else with the
        shortest path to the nearest edge tile it can reach with the step off to spare (a Sprint
        or Retreat added if it needs one); if none is in reach, as it is (the rules say why)."""
        state = replace(draft.state, flee=True)
        end = state.path[-1] if state.path else self.start
        if on_edge(self.board, end):
            moving = any(spec_of(a.kind).movement is not None for a in state.actions)
            if self.engaged() and not moving:  # only a Retreat leaves melee, off the map too
                kind = movement_kind(self.options, True)
                return replace(state, actions=(*state.actions, Action(kind)), auto_move=kind)
            return state
        budget = self.sprint_metres(Order(self.actor)) - exit_metres(self.board)
        if budget < 0:
            return state
        reach = self.reach(budget)
        edges = [t for t in reach.iter_tiles(budget) if on_edge(self.board, t)]
        if not edges:
            return state
        nearest = min(edges, key=lambda t: (reach.metres_to(t), t))
        return self.with_path(Draft(draft.actor, state), nearest) or state

    def self_choices(self, draft: Draft) -> list[Choice]:
        """Defences, Sprint, Retreat and Retrieve Weapon, legal or not, that this combatant
        could ever declare with what it holds (no Block without a shield)."""
        out = []
        held = self.world.get(self.actor, Equipment)
        for kind in menu_kinds(self.options, "self"):
            if not spec_of(kind).usable_with(held):
                continue
            choice = self.choice(draft, Action(kind), _(kind.label))
            buys = ""
            if choice.enabled:
                buys = defence_buys(self.world, self.board, self.earlier, draft.order(), kind, self.options)
            counters = defence_note(self.world, self.actor, self.earlier, kind)
            note = "; ".join(part for part in (counters, buys) if part)
            out.append(replace(choice, note=note))
        for kind in menu_kinds(self.options, "item"):
            for eid, item, pos in self.world.query(Item, Position):
                label = _("{label}: {name} at {tile}").format(
                    label=_(kind.label), name=item.weapon.name, tile=pos.tile
                )
                out.append(self.choice(draft, Action(kind, item=eid), label))
        return out

    def attack_choices(self, draft: Draft, target: int) -> list[Choice]:
        """Every attack on `target` this combatant could ever make with what it holds (the
        spec's `usable_with`: no Missile Strike without a missile weapon), legal here or not."""
        name = name_of(self.world, target)
        held = self.world.get(self.actor, Equipment)
        return [
            self.choice(
                draft, Action(kind, target), _("{label} on {name}").format(label=_(kind.label), name=name)
            )
            for kind in menu_kinds(self.options, "attack")
            if spec_of(kind).usable_with(held)
        ]

    def called_shot_choices(self, draft: Draft, target: int, kind: ActionKind) -> list[Choice]:
        """A Called Shot at each body part of the table, with its modifier."""
        out = []
        for part, (modifier, vulnerable) in CALLED_SHOT_TABLE.items():
            action = Action(kind, target, CalledShot(part, modifier, vulnerable))
            label = _("{label}, Called Shot: {part} ({modifier})").format(
                label=_(kind.label), part=part, modifier=signed(modifier)
            )
            out.append(self.choice(draft, action, label))
        return out

    def enemies(self) -> list[int]:
        """Enemies still alive (with fog of war, those the side sees), nearest first."""
        here = self.start
        found = [
            e
            for e in combatants(self.world)
            if e != self.actor
            and are_enemies(self.world, self.actor, e)
            and self.world.get(e, Condition).present
            and (self.sees is None or self.sees(e))
        ]
        return sorted(found, key=lambda e: (self.board.distance(here, tile_of(self.world, e)), e))

    def own_attack(self, draft: Draft, target: int) -> tuple[Action, ActionForecast | None] | None:
        """The draft's first attack on `target` and its forecast in the whole order (the
        chance every place shows once the attack is chosen), or None when it has none."""
        order = draft.order()
        for index, action in enumerate(order.actions):
            if action.target == target and action.kind in OFFENSIVE:
                forecasts = self.forecasts(order)
                found = (fc for fc in forecasts if fc.index == index and fc.action.target == target)
                return action, next(found, None)
        return None

    def known_quick_attack(self, draft: Draft, target: int) -> Choice | None:
        """`quick_attack` if it was worked out already for this draft, else None."""
        return self._quick.get((draft.state, target))

    def quick_attack(self, draft: Draft, target: int) -> Choice:
        """The attack a click on an enemy means: the first legal one (Strike, Missile Strike, …)."""
        key = (draft.state, target)
        if key in self._quick:
            return self._quick[key]
        name = name_of(self.world, target)
        choices = []
        for kind in menu_kinds(self.options, "attack"):
            if not spec_of(kind).quick:
                continue
            choice = self.choice(
                draft, Action(kind, target), _("{label} on {name}").format(label=_(kind.label), name=name)
            )
            if choice.enabled:
                self._quick[key] = choice
                return choice
            choices.append(choice)
        # None is legal: show why the attack the player most likely means is not (a shot at a
        # far target when a missile weapon is in hand, else the first melee attack).
        eq = self.world.get(self.actor, Equipment)
        far = self.board.distance(self.start, tile_of(self.world, target)) > 1.5 * self.board.metres_per_tile
        missile_first = eq.missile_weapon() is not None and (far or eq.melee_weapon() is None)
        found = next(c for c in choices if (c.action.kind in MELEE_ATTACKS) != missile_first)
        self._quick[key] = found
        return found

    def targeted_by_draft(self, draft: Draft) -> set[int]:
        """Targets the draft attacks."""
        return {a.target for a in draft.state.actions if a.kind in TARGETED and a.target is not None}

    def weapon_summary(self) -> str:
        """The weapons in hand, for the panel."""
        eq = self.world.get(self.actor, Equipment)
        return ", ".join(w.name for w in eq.weapons) or _("bare hands")

    def occupant(self, tile: Tile) -> int | None:
        """Who stands on a tile."""
        return occupant(self.world, tile)
