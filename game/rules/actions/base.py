"""The spec of an action kind: every hook the rules call, with the chapter's defaults.

One subclass per kind, in its own file, registered with `register_action`.  A
hook left alone does nothing (or says "no reason", "no roll").  The callers:

- validation (`game.rules.validate`): `order_reasons`, `reasons`;
- the round (`game.rules.round`): `react` (Modifier Stage, first pass, for the
  target of this attack), `movement` (second pass), `late` (third pass),
  `resolve` (Resolution Stage);
- attacks (`game.rules.attack`): `weapon`, `nullify`, `late_nullify`,
  `base_breakdown`, `on_hit`;
- the forecast (`game.rules.forecast`): `roll_breakdown`, `own_terms`,
  `adjust_forecasts`;
- the menus, the sandbox and the help: `label`, `help`, `menu`, `quick`,
  `called_shot`, `names_weapon`, `roll_purpose`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.rules.board import Board
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of
from game.rules.stats import movement_roll, skill_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.attack import AttackContext
    from game.rules.chances import Dist
    from game.rules.events import Rolled
    from game.rules.forecast import ActionForecast, ForecastAsk
    from game.rules.options import RuleOptions
    from game.rules.round import Round, RoundState


@dataclass(frozen=True)
class OrderCheck:
    """What validation knows of one order: the declarer's equipment and engagement now,
    the tile it will end on, the orders declared before it and the modules in play."""

    world: World
    board: Board
    order: Order
    earlier: Mapping[int, Order]
    options: RuleOptions
    equipment: Equipment
    engaged: tuple[int, ...]
    end_tile: Tile

    @property
    def actor(self) -> int:
        """The declarer."""
        return self.order.actor

    @property
    def engaged_names(self) -> str:
        """The enemies engaged with the declarer now, by name."""
        return ", ".join(name_of(self.world, e) for e in self.engaged)

    @property
    def stays_in_melee(self) -> bool:
        """Engaged now and not leaving melee by a movement that leaves it (a Retreat)."""
        from game.rules.registry import movement_rule

        rule = movement_rule(self.order.movement_mode)
        return bool(self.engaged) and not (rule is not None and rule.leaves_melee)


@dataclass(frozen=True)
class AiAsk:
    """What an AI asks a spec for: the actions of this kind worth trying, for `actor` ending
    its movement on `here`, against `target` (None for actions on oneself).  The AI scores
    what it gets with the forecast; validation has the last word."""

    world: World
    board: Board
    options: RuleOptions
    actor: int
    here: Tile
    target: int | None
    earlier: Mapping[int, Order]
    moving: bool
    engaged: bool
    tactics: bool
    """Whether to try the finer tools (Called Shots, Disarms): the better AIs do."""

    @property
    def equipment(self) -> Equipment:
        """What the actor holds."""
        return self.world.get(self.actor, Equipment)

    def target_tiles(self) -> set[Tile]:
        """Where the target may stand at resolution, as far as the actor can know."""
        from game.rules.validate import target_tiles

        assert self.target is not None
        return target_tiles(self.world, self.target, self.earlier)


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
    """Rolls this action sets off besides its own (`roll_purpose`), made by a combatant and
    keyed "Name:Purpose": purpose → sides (a Disarm's target rolls "Grip", d12)."""
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
        self, rnd: Round, defender: int, attacker: int, index: int, action: Action, state: RoundState
    ) -> None:
        """Modifier Stage, first pass: what the target of this action rolls against it (a Grip)."""

    def late(self, rnd: Round, eid: int, state: RoundState) -> None:
        """Modifier Stage, last pass (after all movement): rolls that need the positions (Feints)."""

    def resolve(
        self, rnd: Round, eid: int, index: int, action: Action, state: RoundState, slot: int | None
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


class AttackSpec(ActionSpec):
    """An offensive action rolled in the Resolution Stage against a target."""

    roles: ClassVar[frozenset[str]] = frozenset({"offensive", "targeted"})
    menu: ClassVar[str | None] = "attack"
    resolves: ClassVar[bool] = True
    deals_injury: ClassVar[bool] = True
    """Whether a success is a hit that may Injure (not a Disarm)."""
    win: ClassVar[str] = "hit"
    lose: ClassVar[str] = "miss"
    """How the log words its roll's outcome."""

    @property
    def attack_class(self) -> str:
        """What defences count against it: a new kind that is a kind of Missile Strike says so."""
        return self.kind.value

    def weapon(self, equipment: Equipment, action: Action) -> Weapon | None:
        """The weapon it uses: the one named in the order if it fits, else the first that fits."""
        if action.weapon is not None:
            weapon = equipment.find(action.weapon)
            if weapon is None:
                return None
            return weapon if weapon.is_melee == ("melee" in self.roles) else None
        return self.default_weapon(equipment)

    def default_weapon(self, equipment: Equipment) -> Weapon | None:
        """The weapon used when the order names none."""
        return equipment.melee_weapon()

    def reasons(self, check: OrderCheck, action: Action) -> list[str]:
        """Its own needs (`attack_reasons`), then, for a melee attack, reach at declaration."""
        weapon = self.weapon(check.equipment, action)
        found = self.attack_reasons(check, action, weapon)
        if found or "melee" not in self.roles:
            return found
        assert action.target is not None and weapon is not None
        return reach_reasons(check, action.target, weapon)

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """What this attack needs at declaration (a weapon, range, sight …)."""
        return []

    def nullify(self, ctx: AttackContext) -> str:
        """Why it cannot happen now, checked before the rules modules ("" if it can): a melee
        attack needs its target within reach (a Retreat out of reach nullifies it, CO.18)."""
        if "melee" not in self.roles:
            return ""
        from game.rules.attack import reach_problem

        situation = ctx.situation
        return reach_problem(
            ctx.board,
            situation.attacker_tile,
            situation.target_tile,
            ctx.weapon,
            ctx.target_name,
            situation.target_retreated,
        )

    def late_nullify(self, ctx: AttackContext) -> str:
        """Why it cannot happen now, checked after the rules modules ("" if it can)."""
        return ""

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:  # pragma: no cover - every attack overrides
        """The attacker's stat with the action's own modifiers (before position, Called Shot, defences)."""
        raise NotImplementedError

    def own_terms(
        self, world: World, actor: int, order: Order, action: Action, slot: int | None
    ) -> list[tuple[str, Dist, tuple[int, ...]]]:
        """Forecast: random terms of the attacker's own (a Feint Bonus, a Grip Penalty), as
        (name, distribution of the value added to the stat, the values to show).  An attack a
        Feint serves gets the Feint's term when the order has a Feint for its `slot`."""
        if "feintable" not in self.roles:
            return []
        from game.rules.actions.feint import feint_term

        term = feint_term(world, actor, order, slot)
        return [term] if term is not None else []

    def feint_bonus(self, ctx: AttackContext) -> list[Modifier]:
        """The Feint Bonus, when a Feint served this attack and succeeded (CO.09)."""
        if "feintable" not in self.roles or not ctx.situation.feint_succeeded:
            return []
        from game.rules.actions.feint import feint_bonus

        return [feint_bonus(ctx.world, ctx.attacker)]

    def victims(
        self, world: World, board: Board, actor: int, action: Action, here: Tile, there: Tile
    ) -> tuple[int, ...]:
        """Everyone one such attack is rolled against, with the attacker at `here` and its
        target at `there` (the others where they stand): its target, or, for an attack on an
        area (Suppression Fire), everyone in it.  The forecast gives one line to each."""
        assert action.target is not None
        return (action.target,)

    def ai_stat(self, world: World, actor: int) -> int:
        """The attacker's stat for this attack before the round's penalties (AI heuristics)."""
        return skill_roll(world, actor, self.kind.value, None).total

    def ai_reaches(self, ask: AiAsk, weapon: Weapon) -> bool:
        """Whether the attack can reach the target from `ask.here` (melee: within reach)."""
        return any(ask.board.in_reach(ask.here, t, weapon.reach) for t in ask.target_tiles())

    def ai_options(self, ask: AiAsk) -> list[tuple[tuple[Action, ...], str]]:
        """One attack, two, and with the finer tools a Called Shot at the head (−3, vulnerable:
        two Injuries, CO.08) alone and beside a plain one, when the attack can reach."""
        assert ask.target is not None
        weapon = self.weapon(ask.equipment, Action(self.kind, ask.target))
        if weapon is None or not self.ai_usable(ask) or not self.ai_reaches(ask, weapon):
            return []
        word = self.label.lower()
        one = Action(self.kind, ask.target)
        found = [((one,), word), ((one, one), f"{word} twice")]
        if ask.tactics and self.called_shot and self.ai_stat(ask.world, ask.actor) >= AI_CALLED_SHOT_MIN_STAT:
            from game.rules.called_shots import called_shot

            called = Action(self.kind, ask.target, called_shot("head"))
            found += [((called,), "called shot"), ((called, one), f"called shot, {word}")]
        return found

    def ai_usable(self, ask: AiAsk) -> bool:
        """Whether the AI should consider this attack at all here (Brawling only empty-handed …)."""
        return True

    def resolve(
        self, rnd: Round, eid: int, index: int, action: Action, state: RoundState, slot: int | None
    ) -> None:
        """Roll the attack (the round does the common part)."""
        rnd.attack(eid, index, action, slot, state)

    def on_success(self, rnd: Round, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """What a successful roll does (a hit: Withstand Injury; a Disarm: the weapon falls)."""
        rnd.hit(eid, action, weapon, rolled)


AI_CALLED_SHOT_MIN_STAT = 5
"""Below this an AI's Called Shot at the head (−3, and −1 more for the second action) rarely hits it."""


class DefenceSpec(ActionSpec):
    """A defensive roll: a Defense Penalty against every attacker it counters (CO.05, CO.11–CO.15)."""

    roles: ClassVar[frozenset[str]] = frozenset({"defence"})
    menu: ClassVar[str | None] = "self"
    skill: ClassVar[str]
    counters: ClassVar[frozenset[str]]
    """The attack classes its penalty counts against."""
    needs_unengaged: ClassVar[bool] = False
    """Lost when its maker is engaged in melee as it begins to move (Evade, CO.15)."""
    limited_by_metres: ClassVar[bool] = False
    """Its penalty is at most the whole metres its maker moved this round (Evade, CO.15)."""

    def counters_for(self, equipment: Equipment) -> frozenset[str]:
        """The attack classes it counters for a defender holding `equipment`."""
        return self.counters

    def modifiers(self, equipment: Equipment) -> list[Modifier]:
        """Modifiers of its roll from the defender's equipment."""
        return []

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The defender's skill with the round's penalties and the equipment's modifiers."""
        return skill_roll(world, actor, self.skill, order).plus(*self.modifiers(world.get(actor, Equipment)))

    def ai_stat(self, world: World, actor: int) -> int:
        """The defence's stat before the round's penalties, or 0 when it cannot help this defender."""
        return self.roll_breakdown(world, actor, Order(actor)).total  # type: ignore[union-attr]

    def ai_usable(self, ask: AiAsk) -> bool:
        """Whether an AI should consider it where it ends (a melee defence always; Evade only
        on the move and out of melee)."""
        if self.needs_unengaged and (ask.engaged or not ask.moving):
            return False
        return not self.order_reasons_for(ask)

    def order_reasons_for(self, ask: AiAsk) -> list[str]:
        """The spec's own reasons against one such defence (a Block without a shield)."""
        check = OrderCheck(
            ask.world,
            ask.board,
            Order(ask.actor, (Action(self.kind),)),
            ask.earlier,
            ask.options,
            ask.equipment,
            (),
            ask.here,
        )
        return self.reasons(check, Action(self.kind))


class MovementSpec(ActionSpec):
    """An action that decides how far the order's path is moved by a Movement roll (CO.17–CO.18)."""

    roles: ClassVar[frozenset[str]] = frozenset({"movement"})
    menu: ClassVar[str | None] = "self"

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """The Movement roll with the round's penalties."""
        return movement_roll(world, actor, order)


def reach_reasons(check: OrderCheck, target: int, weapon: Weapon) -> list[str]:
    """A melee action needs its target within reach of the tile the actor will stand on,
    at the target's tile now or at the end of its declared path."""
    from game.rules.validate import target_tiles

    tiles = target_tiles(check.world, target, check.earlier)
    if any(check.board.in_reach(check.end_tile, t, weapon.reach) for t in tiles):
        return []
    reach = weapon.reach
    return [
        f"{name_of(check.world, target)} will not be within reach "
        f"({reach} tile{'s' if reach > 1 else ''}) of {tuple(check.end_tile)}"
    ]


def weapon_for(equipment: Equipment, action: Action) -> Weapon | None:
    """The weapon an attack uses (None for actions that use none)."""
    from game.rules.registry import spec_of

    spec = spec_of(action.kind)
    return spec.weapon(equipment, action) if isinstance(spec, AttackSpec) else None


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
