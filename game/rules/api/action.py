"""The spec of an action kind: every hook the rules call, with the chapter's defaults.

One subclass per kind, in its own file, registered with `register_action`.  A
hook left alone does nothing (or says "no reason", "no roll").  The callers:

- validation (`game.rules.validate`): `order_reasons`, `reasons`;
- the round (`game.rules.round`, through `RoundPort`): `react` (Modifier Stage,
  first pass, for the target of this attack), `movement` (second pass), `late`
  (third pass), `resolve` (Resolution Stage);
- attacks (`game.rules.attack`): `weapon`, `nullify`, `late_nullify`,
  `base_breakdown`, `on_hit` (`AttackSpec`, in `game.rules.api.attack`);
- the forecast (`game.rules.forecast`): `roll_breakdown`, `own_terms`,
  `adjust_forecasts` (an action that serves an attack, a Feint: `ServingSpec`
  in `game.rules.api.attack`);
- the menus, the sandbox and the help: `label`, `help`, `menu`, `quick`,
  `called_shot`, `names_weapon`, `roll_purpose`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown
from game.rules.api.contexts import ActionForecast, AiAsk, ForecastAsk, OrderCheck
from game.rules.board import Board
from game.rules.orders import Action, ActionKind, Order
from game.rules.stats import movement_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState


@dataclass(frozen=True)
class MovementRule:
    """How a movement action moves the order's path (CO.16–CO.18).

    `refused_when_engaged`: engaged at the moment of moving, it is not rolled and
    the combatant walks (Sprint).  `fail_moves`: a failed roll still moves the
    Movement rate (Sprint) instead of staying (Retreat).  `leaves_melee`: the move
    may leave melee, and must (Retreat).  `rolls`: a Movement roll adds its result
    to the metres (Sprint, Retreat); without one the metres are certain (a Charge).
    `multiplier`: the metres are this many times the Movement rate (a Charge runs
    at twice the rate).
    """

    mode: str
    refused_when_engaged: bool = False
    fail_moves: bool = False
    leaves_melee: bool = False
    rolls: bool = True
    multiplier: int = 1


class ActionSpec:
    """One action kind: its words, roles and rule hooks."""

    kind: ClassVar[ActionKind]
    label: ClassVar[str]
    listing: ClassVar[int] = 1000
    """Where menus and lists put it: lower first (the chapter's actions 10–120, the built-in
    modules' own 130 on); plug-ins that leave it alone follow in the order they registered."""
    help: ClassVar[str] = ""
    hint: ClassVar[str] = ""
    """A tutorial's one-line reminder of what the action does (its tutorial adds how to declare it)."""
    roles: ClassVar[frozenset[str]] = frozenset()
    module: ClassVar[str | None] = None
    """The rules module that brings this action (None: the combat chapter)."""
    menu: ClassVar[str | None] = None
    """Where the action menu offers it: "attack" (on an enemy), "self" or "item" (a weapon on the ground)."""
    quick: ClassVar[bool] = False
    """Whether a click on an enemy may declare it at once (the first legal such attack)."""
    movement: ClassVar[MovementRule | None] = None
    plural: ClassVar[str] = ""
    """The label in the plural, for reasons ("Strikes"); default: the label and an s."""
    target_required: ClassVar[bool] = True
    """Whether a targeted action must name its target (a Feint serves its Strike's)."""
    called_shot: ClassVar[bool] = False
    """Whether it may be a Called Shot (CO.08)."""
    names_weapon: ClassVar[bool] = False
    """Whether an order may name the weapon it uses."""
    picks_item: ClassVar[bool] = False
    """Whether it names a weapon lying on the ground (Retrieve Weapon)."""
    resolves: ClassVar[bool] = False
    """Whether it acts in the Resolution Stage (and is nullified if its maker is down by then)."""
    counts_for_penalty: ClassVar[bool] = True
    """Whether it counts as an action for the Action Penalty (Standing Up costs the round's
    movement instead)."""
    interrupts: ClassVar[bool] = False
    """Whether the attack its forecast names comes before that target moves or acts, whatever
    the Timing (a held Overwatch shot), so what it deals lands first."""
    dice: ClassVar[Mapping[str, int]] = {}
    """Rolls this action sets off besides its own (`roll_purpose`) and an attack's reply roll
    (`AttackSpec.reply`), made by a combatant and keyed "Name:Purpose": purpose → sides."""
    shared_dice: ClassVar[Mapping[str, int | None]] = {}
    """Rolls nobody in particular makes: whole key → sides, None when the sides vary
    ("Disarm:tile": one of the free tiles around)."""

    @property
    def roll_purpose(self) -> str | None:
        """The purpose in its dice keys ("Omar:Strike"); None when it rolls no die."""
        return self.label

    @property
    def targeted(self) -> bool:
        """Whether it names an enemy."""
        return "targeted" in self.roles

    @property
    def exposes(self) -> bool:
        """Whether declaring it shows its maker out of high cover this round (RULES.md §8: one who
        attacks from it): an offensive action does, or one ready to shoot (an Overwatch)."""
        return "offensive" in self.roles

    # -------------------------------------------------------------- validation
    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Reasons against the whole order, asked once when it holds this kind."""
        return []

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """Reasons against one declared action of this kind (after the common checks)."""
        return []

    # -------------------------------------------------------------- the round
    def react(
        self, rnd: RoundPort, defender: int, attacker: int, index: int, action: Action, state: RoundState
    ) -> None:
        """Modifier Stage, first pass: what the target of this action rolls against it (a Grip)."""

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """Modifier Stage, last pass (after all movement): rolls that need the positions (Feints)."""

    def resolve(
        self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState, slot: int | None
    ) -> None:
        """Resolution Stage.  `slot` numbers the attacks a Feint can serve (CO.09 "respectively")."""

    def threatens(
        self, world: World, board: Board, orders: Mapping[int, Order], actor: int, action: Action, eid: int
    ) -> str | None:
        """The attack class with which this declared action may also attack `eid`, besides its own
        target (everyone in a burst's cone, every enemy an Overwatch watches), as everyone stands
        when the Modifier Stage begins and as `orders` say they will move: `eid`'s defences
        against it are then rolled.  None: no."""
        return None

    def situation_mark(self, state: RoundState, attacker: int, index: int, slot: int | None) -> Any:
        """What this kind's own round state (`state.slot(kind)`) says about the attack being
        made, `attacker`'s action `index` (serving `slot` of the attacks a Feint can serve):
        the round puts it in `Situation.marks` under the kind's name for the attack's hooks
        (a Feint's success, the Grip rolled against a Disarm).  None: nothing to say."""
        return None

    # -------------------------------------------------------------- forecast
    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The modified stat of its roll, for the forecast; None: no roll (certain)."""
        return None

    def forecast(self, ask: ForecastAsk) -> ActionForecast | None:
        """A forecast this kind makes of itself (an Overwatch: the shot at the enemy most likely
        to set it off); None: the usual one (its roll's chance, or certain without one)."""
        return None

    def trigger(
        self,
        world: World,
        board: Board,
        orders: Mapping[int, Order],
        actor: int,
        timing: Sequence[int] | None,
    ) -> tuple[int, Tile] | None:
        """For an action that `interrupts`: the enemy likeliest to set it off and where (its
        forecast is the attack on that one); None: nobody.  What the forecast depends on."""
        return None

    def adjust_forecasts(self, forecasts: list[ActionForecast]) -> list[ActionForecast]:
        """A last look at an order's forecasts (a Feint shares its Strike's nullification)."""
        return forecasts

    # -------------------------------------------------------------- picking up (`picks_item`)
    def within_grasp(self, weapon_at: Tile, tile: Tile) -> bool:
        """For an action that picks a weapon up: whether one standing on `tile` reaches a weapon
        lying at `weapon_at`."""
        return False

    def can_take(self, world: World, eid: int, weapon: Weapon) -> bool:
        """For an action that picks a weapon up: whether `eid` could hold `weapon` (a hand free)."""
        return False

    def usable_with(self, equipment: Equipment) -> bool:
        """Whether a combatant holding `equipment` could ever declare this action, wherever it
        stood (a Missile Strike needs a missile weapon in hand); the menus list only these.
        True by default."""
        return True

    def own_path(self, world: World, board: Board, actor: int, target: int) -> tuple[Tile, ...] | None:
        """For an action that chooses its own path (a Charge's straight run): the path it is
        best declared with against `target` from where `actor` stands, or None when there is
        none this round.  The window offers it from a click on the foe; None by default."""
        return None

    # -------------------------------------------------------------- the AI
    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """Action sets of this kind an AI should try (each with a word on why); none by default."""
        return []

    def ai_augment(self, ask: AiAsk, actions: tuple[Action, ...]) -> list[tuple[Action, ...]]:
        """Ways to add this kind to an attack set an AI tries (a Feint beside its Strike)."""
        return []

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """What one success of this action is worth to an AI beyond the Injuries the forecast
        already counts, in Injuries on its target (on the actor's side's behalf when it names
        none): a Disarm's lost attacks, a weapon back in hand.
        The AI multiplies it by the forecast's chance of success; 0 by default."""
        return 0.0

    def ai_value(self, ask: AiAsk, order: Order) -> float:
        """What an order holding this kind is worth to an AI beyond this round's forecast, in
        Injuries (the better shot a round of Careful Aim sets up); 0 by default."""
        return 0.0

    def ai_orders(self, ask: AiAsk) -> list[tuple[Order, str]]:
        """Whole orders with this kind an AI should try, path included, for an action that
        chooses its own path (a Charge's straight run, a Sudden Dive into cover); `ask.here`
        is where the actor stands and `ask.target` None.  None by default."""
        return []


class MovementSpec(ActionSpec):
    """An action that decides how far the order's path is moved by a Movement roll (CO.17–CO.18)."""

    roles: ClassVar[frozenset[str]] = frozenset({"movement"})
    menu: ClassVar[str | None] = "self"

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The Movement roll with the round's penalties."""
        return movement_roll(world, actor, order)


def whole_round_reasons(
    check: OrderCheck, label: str, allowed: frozenset[ActionKind] = frozenset()
) -> list[str]:
    """An action that takes the whole round (Go Prone, Careful Aim, Suppression Fire): no other
    action (but those `allowed`) and no path; turning to a new facing is free."""
    order = check.order
    reasons = []
    others = [a for a in order.actions if a.kind not in allowed]
    if len(others) > 1:
        reasons.append(f"{label} takes the whole round: no other action")
    if order.path:
        reasons.append(f"{label} takes the whole round: no movement")
    return reasons
