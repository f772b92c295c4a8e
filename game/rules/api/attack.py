"""An attack as the plug-ins see it: its spec's hooks (`AttackSpec`), the situation it is
made in (`Situation`), the context every hook is asked with (`AttackContext`) and one hit as
it lands (`Blow`).  The numbers are worked out in `game.rules.attack` and `game.rules.hits`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.hashing import keep_hash, without_hash
from game.core.modifiers import Breakdown, Modifier
from game.i18n import ngettext
from game.rules.api.action import ActionSpec
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.api.reply import ReplyRoll
from game.rules.api.state import DefenceResult, Trail
from game.rules.board import Board
from game.rules.called_shots import called_shot
from game.rules.chances import roll_value_dist, scaled
from game.rules.injury import injuries_dealt
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of, target_tiles
from game.rules.registry import action_specs, derived, spec_of
from game.rules.stats import skill_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.chances import Dist
    from game.rules.events import Rolled


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
    reply: ClassVar[ReplyRoll | None] = None
    """What its target rolls against it in the Modifier Stage, its die a term of the attack
    (a Disarm's Grip); None: nothing (`game.rules.api.reply`)."""

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

    def usable_with(self, equipment: Equipment) -> bool:
        """An attack needs the weapon it is made with (what `attack_reasons` refuses it
        without): a Suppression Fire is never a dagger's."""
        return self.weapon(equipment, Action(self.kind)) is not None

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
        Feint serves gets the Feint's term when the order has a Feint for its `slot`: every
        spec that serves attacks is asked (`ServingSpec.served_terms`); then the target's
        reply roll (`reply_forecast`)."""
        served = [t for s in serving() for t in s.served_terms(self, world, actor, order, slot)]
        return served + self.reply_forecast(world, action)

    def react(
        self, rnd: RoundPort, defender: int, attacker: int, index: int, action: Action, state: RoundState
    ) -> None:
        """The target's reply roll, if the attack has one: a success's die kept in the
        attack's slot."""
        reply = self.reply
        if reply is None:
            return
        note = reply.note.format(attacker=name_of(rnd.world, attacker), label=self.label)
        rolled = rnd.roll(defender, reply.purpose, attacker, reply.stat(rnd.world, defender), note=note)
        if rolled.succeeded and rolled.die is not None:
            state.slot(self.kind.value, dict)[(attacker, index)] = rolled.die

    def situation_mark(self, state: RoundState, attacker: int, index: int, slot: int | None) -> int | None:
        """The die of a successful reply roll against this attack, if any."""
        if self.reply is None:
            return None
        return state.slot(self.kind.value, dict).get((attacker, index))

    def reply_terms(self, ctx: AttackContext) -> list[Modifier]:
        """The reply roll's term in the attack's breakdown (its die, signed; 0 when it failed)."""
        reply = self.reply
        if reply is None:
            return []
        return [Modifier(reply.term, reply.sign * ctx.situation.marks.get(self.kind.value, 0))]

    def reply_forecast(self, world: World, action: Action) -> list[tuple[str, Dist, tuple[int, ...]]]:
        """The reply roll as a forecast term: every die it can add, from the same breakdown."""
        reply = self.reply
        if reply is None or action.target is None:
            return []
        values = roll_value_dist(reply.stat(world, action.target).total)
        return [(reply.term, scaled(values, reply.sign), tuple(reply.sign * v for v in sorted(values)))]

    def feint_bonus(self, ctx: AttackContext) -> list[Modifier]:
        """The Feint Bonus, when a Feint served this attack and succeeded (CO.09): what every
        spec that serves attacks adds (`ServingSpec.served_bonus`)."""
        return [m for s in serving() for m in s.served_bonus(self, ctx)]

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
            called = Action(self.kind, ask.target, called_shot("head"))
            found += [((called,), "called shot"), ((called, one), f"called shot, {word}")]
        return found

    def ai_usable(self, ask: AiAsk) -> bool:
        """Whether the AI should consider this attack at all here (Brawling only empty-handed …)."""
        return True

    def resolve(
        self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState, slot: int | None
    ) -> None:
        """Roll the attack (the round does the common part)."""
        rnd.attack(eid, index, action, slot, state)

    def on_success(self, rnd: RoundPort, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """What a successful roll does (a hit: Withstand Injury; a Disarm: the weapon falls)."""
        rnd.hit(eid, action, weapon, rolled)


AI_CALLED_SHOT_MIN_STAT = 5
"""Below this an AI's Called Shot at the head (−3, and −1 more for the second action) rarely hits it."""


def reach_reasons(check: OrderCheck, target: int, weapon: Weapon) -> list[str]:
    """A melee action needs its target within reach of the tile the actor will stand on,
    at the target's tile now or at the end of its declared path."""
    tiles = target_tiles(check.world, target, check.earlier)
    if any(check.board.in_reach(check.end_tile, t, weapon.reach) for t in tiles):
        return []
    reach = weapon.reach
    words = ngettext(
        "{target} will not be within reach ({reach} tile) of {tile}",
        "{target} will not be within reach ({reach} tiles) of {tile}",
        reach,
    )
    return [words.format(target=name_of(check.world, target), reach=reach, tile=tuple(check.end_tile))]


def weapon_for(equipment: Equipment, action: Action) -> Weapon | None:
    """The weapon an attack uses (None for actions that use none)."""
    spec = spec_of(action.kind)
    return spec.weapon(equipment, action) if isinstance(spec, AttackSpec) else None


CALLED_SHOT = "Called Shot"


@dataclass(frozen=True)
class Situation:
    """What an attack's numbers depend on besides the sheets and the order."""

    attacker_tile: Tile
    target_tile: Tile
    defence: DefenceResult = field(default_factory=DefenceResult)
    marks: Mapping[str, Any] = field(default_factory=dict)
    """What each plug-in's round state says about this attack, by the plug-in's name
    (`ActionSpec.situation_mark`: a Feint that served it succeeded, the target's Grip
    against a Disarm)."""
    target_retreated: bool = False
    target_defeated: bool = False
    attacker_engaged: bool = False
    attacker_facing: int = 2
    target_facing: int = 2
    target_exposed: bool = True
    options: RuleOptions = field(default_factory=RuleOptions)
    attacker_trail: Trail = field(default_factory=Trail)
    target_trail: Trail = field(default_factory=Trail)
    """How each moved this round (empty: not yet, or not at all)."""
    attacker_facts: frozenset[str] = frozenset()
    target_facts: frozenset[str] = frozenset()
    """Round facts the rules modules recorded about each (`RoundState.facts`), or, in the
    forecast, one way they can turn out (`RulesModule.round_outcomes`)."""

    def with_facts(self, attacker: frozenset[str], target: frozenset[str]) -> Situation:
        """The same situation with these round facts (`dataclasses.replace`, without its
        checks: the odds ask it for every way the modules' rolls turn out, for every tile)."""
        new = object.__new__(Situation)
        fields = dict(self.__dict__)
        fields["attacker_facts"], fields["target_facts"] = attacker, target
        object.__setattr__(new, "__dict__", fields)
        return new


@dataclass(frozen=True)
class AttackContext:
    """One attack as the hooks see it: who, with what, on whom, in which situation."""

    world: World
    board: Board
    attacker: int
    order: Order
    action: Action
    weapon: Weapon
    situation: Situation

    @cached_property
    def spec(self) -> AttackSpec:
        """The attack's spec (asked for by every hook: kept)."""
        return attack_spec(self.action.kind)

    @classmethod
    def known(
        cls,
        world: World,
        board: Board,
        attacker: int,
        order: Order,
        action: Action,
        weapon: Weapon,
        situation: Situation,
        spec: AttackSpec,
    ) -> AttackContext:
        """The context as `AttackContext(...)` makes it, with its attack's `spec` already known
        (the odds build one for every situation they weigh: without the frozen dataclass's
        checks, field by field, and without asking the spec again)."""
        new = object.__new__(cls)
        object.__setattr__(
            new,
            "__dict__",
            {
                "world": world,
                "board": board,
                "attacker": attacker,
                "order": order,
                "action": action,
                "weapon": weapon,
                "situation": situation,
                "spec": spec,
            },
        )
        return new

    @property
    def target(self) -> int:
        """The target's entity id."""
        assert self.action.target is not None
        return self.action.target

    @cached_property
    def target_name(self) -> str:
        """The target's name, for reasons."""
        return name_of(self.world, self.target)

    @property
    def target_equipment(self) -> Equipment:
        """What the target holds now."""
        return self.world.get(self.target, Equipment)


def attack_spec(kind: ActionKind) -> AttackSpec:
    """The spec of an offensive action."""
    spec = spec_of(kind)
    assert isinstance(spec, AttackSpec), f"{kind.value} is not an attack"
    return spec


def reach_problem(
    board: Board, here: Tile, there: Tile, weapon: Weapon, target_name: str, retreated: bool
) -> str:
    """Why a melee action (or the Feint serving it) cannot reach its target now; "" if it can.

    A Retreat nullifies the melee actions on a combatant only when it got out of
    the attacker's reach (CO.18: "because she's no longer there"); a retreater
    stopped within reach can still be struck.
    """
    if board.in_reach(here, there, weapon.reach):
        return ""
    return f"{target_name} Retreated out of melee" if retreated else f"{target_name} is out of reach"


@dataclass(frozen=True)
class Blow:
    """One hit as it lands, before its Withstand Injury roll.

    `part` is what the log names; `called` says the Called Shot's own part was hit;
    `natural` is what the attack's natural roll meant ("critical", or "");
    `location` is the hit-location table's location (with that module on).  The rest
    says how hard: `vulnerable` (RULES.md §7: −3 and two Injuries), more `withstand`
    terms, `sure` (no roll: it Injures), `factor` × and `extra` + Injuries on a failure.
    `struck` names what it struck instead of the body ("the low cover": no Injury), and
    `effects` what a module does after it lands (a critical's Faint)."""

    target: int
    part: str
    called: bool = False
    vulnerable: bool = False
    natural: str = ""
    location: str | None = None
    withstand: tuple[Modifier, ...] = ()
    sure: bool = False
    factor: int = 1
    extra: int = 0
    struck: str = ""
    effects: tuple[str, ...] = ()

    def __hash__(self) -> int:
        # The ways a hit lands are merged by blow, each hashed more than once: kept
        # (`game.core.hashing`).
        found = self.__dict__.get("_hash")
        if found is not None:
            return found  # type: ignore[no-any-return]
        return keep_hash(
            self,
            (
                self.target,
                self.part,
                self.called,
                self.vulnerable,
                self.natural,
                self.location,
                self.withstand,
                self.sure,
                self.factor,
                self.extra,
                self.struck,
                self.effects,
            ),
        )

    def __getstate__(self) -> dict[str, Any]:
        return without_hash(self)

    @property
    def injuries(self) -> int:
        """Injuries a failed Withstand Injury roll adds."""
        return injuries_dealt(self.vulnerable) * self.factor + self.extra


class ServingSpec(ActionSpec):
    """An action that serves an attack of its order (a Feint its Strike, CO.09): what it adds
    to that attack.  Every attack asks every registered one (`AttackSpec.own_terms`,
    `AttackSpec.feint_bonus`), so no attack names the actions that may serve it."""

    def served_terms(
        self, attack: AttackSpec, world: World, actor: int, order: Order, slot: int | None
    ) -> list[tuple[str, Dist, tuple[int, ...]]]:
        """Forecast: what this kind, when `order` holds it, may add to the order's `attack` in
        `slot` (as `AttackSpec.own_terms` says terms); nothing by default."""
        return []

    def served_bonus(self, attack: AttackSpec, ctx: AttackContext) -> list[Modifier]:
        """What this kind adds to `attack` (made as `ctx` says) when it served it this round;
        nothing by default."""
        return []


def serving() -> list[ServingSpec]:
    """The registered specs that serve attacks (a Feint), listed once: the forecast asks for
    every attack it imagines."""
    return derived(("serving",), lambda: [s for s in action_specs() if isinstance(s, ServingSpec)])
