"""The numbers of one attack, given what the Modifier Stage left behind.

Shared by the Resolution Stage (with the real outcomes) and the forecast
(with every possible outcome), so the two can never disagree.  The attack's
spec gives its own stat and reasons to be nullified; every rules module that
is on adds its terms (facing, cover …) and its defence costs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from game.core.equipment import Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.rules.actions.base import AttackSpec
from game.rules.board import Board
from game.rules.defence import DefenceResult
from game.rules.moving import Trail
from game.rules.options import RuleOptions
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of
from game.rules.registry import modules_with, spec_of
from game.world import Equipment, World

CALLED_SHOT = "Called Shot"


@dataclass(frozen=True)
class Situation:
    """What an attack's numbers depend on besides the sheets and the order."""

    attacker_tile: Tile
    target_tile: Tile
    defence: DefenceResult = field(default_factory=DefenceResult)
    feint_succeeded: bool = False
    grip: int = 0
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


def attack_breakdown(
    world: World,
    board: Board,
    attacker: int,
    order: Order,
    action: Action,
    weapon: Weapon,
    situation: Situation,
) -> Breakdown | str:
    """The modified stat of an attack, or the reason it is nullified.

    For a Called Shot the breakdown includes the Called Shot Modifier; the
    general hit uses the same breakdown `without(CALLED_SHOT)` (CO.08 Ex. 1).
    """
    return modified_stat(AttackContext(world, board, attacker, order, action, weapon, situation))[0]


def modified_stat(
    ctx: AttackContext,
) -> tuple[Breakdown | str, tuple[dict[ActionKind, int | None], str] | None]:
    """`attack_breakdown` of an attack's context, with the target's defence costs it used
    (None when the attack is nullified): the odds need both."""
    spec = ctx.spec
    situation, action = ctx.situation, ctx.action
    problem = spec.nullify(ctx)
    if problem:
        return problem, None
    positional: list[Modifier] = []
    for module in modules_with(situation.options, "attack_modifiers"):
        terms = module.attack_modifiers(ctx)
        if isinstance(terms, str):
            return terms, None
        positional += terms
    problem = spec.late_nullify(ctx)
    if problem:
        return problem, None
    breakdown = spec.base_breakdown(ctx).plus(*positional)
    if action.called_shot is not None:
        # Called Shot Modifiers are suspended against Defeated characters (CO.08).
        modifier = 0 if situation.target_defeated else action.called_shot.modifier
        breakdown = breakdown.plus(Modifier(CALLED_SHOT, modifier))
    costs, arc = defence_costs(ctx)
    return breakdown.plus(*situation.defence.penalty_against(spec.attack_class, costs, arc)), (costs, arc)


def defence_costs(ctx: AttackContext) -> tuple[dict[ActionKind, int | None], str]:
    """How much each of the target's defences loses against this attacker (the modules
    that are on say so: facing, by arc), and the word for the ledger."""
    costs: dict[ActionKind, int | None] = {}
    word = ""
    for module in modules_with(ctx.situation.options, "defence_costs"):
        found = module.defence_costs(ctx)
        if found is None:
            continue
        more, label = found
        for kind, cost in more.items():
            before = costs.get(kind, 0)
            costs[kind] = None if cost is None or before is None else before + cost
        word = word or label
    return costs, word


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
