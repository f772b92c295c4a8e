"""The perception module: a Perception roll to fight into one's own back squares (seed 003),
with the facing module.

Seed 003, "Facing and Melee Combat": "One handed weapons trying to attack a target in their
back squares receive a Herculean difficulty grade penalty, but parrying an attack coming from
their back squares with a one handed weapon is only a Formidable difficulty grade penalty. To
attack or parry back squares, a Perception roll is required. [...] Two handed weapons follow
the same penalties as one handed weapons for attacking and parrying back squares. [...]
Evading an attack from a back square requires a successful Perception roll, and even then the
evade check has a Formidable grade penalty."

Converted (RULES.md §8: the facing module keeps the grades, −6 to attack into one's back arc,
−4 to a Parry, Dodge or Evade against an attacker there):

- **Perception** is an Intuition roll: 2 × Intuition with the Injury Penalty ("Name:Perception")
  [design: as Keep Footing's 2 × Agility, an attribute roll; no Action Penalty, it is no
  declared action];
- a combatant rolls it **once a round, as the Resolution Stage begins** (after all movement,
  facing as it ends), if it then has a reason to: a declared melee attack on a foe in its back
  arc, or a successful Parry, Dodge or Evade and a declared attacker (of a kind that defence
  counters) in its back arc [design: the chapter rolls defences once, in the Modifier Stage,
  against every attacker; one look over the shoulder stands for the round];
- failed, it is **unaware of its back** this round: its melee attacks into its back arc are
  nullified, and its Parry, Dodge and Evade count nothing against attackers in its back arc
  (Block never faces the back: the facing module);
- succeeded, or not rolled, the facing module's grades stand.  Attacks made before the
  Resolution Stage (a held shot, a first strike at a Charge) come before the look: they meet
  the defender's defences with the grades alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.modules import RulesModule
from game.rules.arcs import BACK, arc_of
from game.rules.chances import chance
from game.rules.defence import defence_spec
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, combatants, is_active, name_of, tile_of
from game.rules.registry import OFFENSIVE, derived, register_module, spec_of
from game.rules.stats import injury_modifier
from game.world import Equipment, Facing, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.board import Board

NAME = "perception"
ROLL = "Perception"
INTUITION_TIMES = 2
UNAWARE = "unaware of its back"
"""The round fact of one who failed its Perception roll."""
GUARDS = (ActionKind.PARRY, ActionKind.DODGE, ActionKind.EVADE)
"""The defences that need a look behind against an attacker in the back arc."""
BLIND: Mapping[ActionKind, int | None] = {kind: None for kind in GUARDS}


def perception_roll(world: World, eid: int) -> Breakdown:
    """Perception: 2 × Intuition with the Injury Penalty (not an action: no Action Penalty)."""
    intuition = world.get(eid, Sheet).intuition
    return Breakdown(f"Intuition ×{INTUITION_TIMES}", INTUITION_TIMES * intuition).plus(
        injury_modifier(world, eid)
    )


def _melee_attack(action: Action) -> bool:
    melee = derived(
        ("melee attacks",), lambda: frozenset(k for k in OFFENSIVE if "melee" in spec_of(k).roles)
    )
    return action.kind in melee


def _in_back(world: World, eid: int, other: int) -> bool:
    """Whether `other` stands in `eid`'s back arc now."""
    return arc_of(tile_of(world, eid), world.get(eid, Facing).direction, tile_of(world, other)) == BACK


def reason_to_look(rnd: RoundPort, eid: int, state: RoundState) -> str:
    """Why `eid` must roll Perception as the Resolution Stage begins ("" when it need not): a
    melee attack of its own into its back arc, or a successful Parry, Dodge or Evade against a
    declared attacker there."""
    world = rnd.world
    order = rnd.orders.get(eid)
    if order is None:
        return ""
    for action in order.actions:
        if action.target is not None and _melee_attack(action) and _in_back(world, eid, action.target):
            return f"to strike {name_of(world, action.target)} behind it"
    result = state.defences.get(eid)
    guards = [k for k in GUARDS if result is not None and result.total(k)]
    if not guards:
        return ""
    equipment = world.get(eid, Equipment)
    for attacker in rnd.timing:
        if attacker == eid or not is_active(world, attacker):
            continue
        for action in rnd.orders.get(attacker, Order(attacker)).actions:
            if action.target != eid or action.kind not in OFFENSIVE:
                continue
            cls = spec_of(action.kind).attack_class
            if any(cls in defence_spec(k).counters_for(equipment) for k in guards) and _in_back(
                world, eid, attacker
            ):
                return f"{name_of(world, attacker)} attacks from behind"
    return ""


def could_look(world: World, eid: int, order: Order | None) -> bool:
    """Whether an order may give its maker a reason to look behind, as the others stand now:
    a melee attack on a foe in the back arc of where it ends its move (and how it faces then),
    or a Parry, Dodge or Evade with an enemy there.  [design] What the forecast counts: a foe
    that walks round behind it during the round is not foreseen."""
    if order is None:
        return False
    melee = [a.target for a in order.actions if a.target is not None and _melee_attack(a)]
    guards = any(a.kind in GUARDS for a in order.actions)
    if not melee and not guards:
        return False
    here = order.path[-1] if order.path else tile_of(world, eid)
    facing = order.facing if order.facing is not None else world.get(eid, Facing).direction
    if any(arc_of(here, facing, tile_of(world, t)) == BACK for t in melee):
        return True
    return guards and any(
        are_enemies(world, eid, other)
        and is_active(world, other)
        and arc_of(here, facing, tile_of(world, other)) == BACK
        for other in combatants(world)
    )


@register_module
class Perception(RulesModule):
    """Perception (seed 003): to attack into, or Parry, Dodge or Evade from, the back squares,
    a Perception roll first."""

    name = NAME
    listing = 15
    label = N_("Perception")
    source = "seed 003 (Facing and Melee Combat: the Perception roll for the back squares)"
    requires = ("facing",)
    dice = {ROLL: 12}
    help = (
        "with facing: to strike into your back arc, or to Parry, Dodge or Evade an attacker there, "
        f"roll Perception ({INTUITION_TIMES} × Intuition) once a round first; failed, you cannot"
    )
    hint = (
        "Your back is blind: to strike a foe behind you, or to Parry, Dodge or Evade one who attacks from "
        f"there, you must first pass a Perception roll ({INTUITION_TIMES} × Intuition), once a round."
    )

    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """As the Resolution Stage begins: each combatant with a reason to look behind rolls."""
        if stage != "Resolution":
            return
        for eid in rnd.timing:
            if not is_active(rnd.world, eid):
                continue
            why = reason_to_look(rnd, eid, state)
            if not why:
                continue
            rolled = rnd.roll(eid, ROLL, None, perception_roll(rnd.world, eid), note=why)
            if not rolled.succeeded:
                state.fact(eid, UNAWARE)

    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """Its Perception roll's two ways, where a back arc may make it roll (`could_look`)."""
        if not could_look(world, eid, order):
            return None
        seen = chance(perception_roll(world, eid).total)
        return [(seen, frozenset()), (1 - seen, frozenset({UNAWARE}))]

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """A melee attack into the back arc of one unaware of it is nullified."""
        s = ctx.situation
        if UNAWARE not in s.attacker_facts or "melee" not in ctx.spec.roles:
            return []
        if arc_of(s.attacker_tile, s.attacker_facing, s.target_tile) != BACK:
            return []
        who = name_of(ctx.world, ctx.attacker)
        return f"{who} failed its Perception roll: it cannot strike {ctx.target_name} behind it"

    def defence_costs(self, ctx: AttackContext) -> tuple[Mapping[ActionKind, int | None], str] | None:
        """An attacker in the back arc of one unaware of it meets no Parry, Dodge or Evade."""
        s = ctx.situation
        if UNAWARE not in s.target_facts or arc_of(s.target_tile, s.target_facing, s.attacker_tile) != BACK:
            return None
        return BLIND, "back, unseen"

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """The Perception rolls this attack's arcs call for."""
        s = ctx.situation
        notes = []
        if "melee" in ctx.spec.roles and arc_of(s.attacker_tile, s.attacker_facing, s.target_tile) == BACK:
            stat = perception_roll(ctx.world, ctx.attacker).total
            notes.append(
                f"{ctx.target_name} is behind: Perception ≤ {stat} ({float(chance(stat)):.0%}) first"
            )
        guards = [k for k in GUARDS if k in s.defence.declared]
        if guards and arc_of(s.target_tile, s.target_facing, s.attacker_tile) == BACK:
            stat = perception_roll(ctx.world, ctx.target).total
            words = " and ".join(spec_of(k).label for k in guards)
            count = "counts" if len(guards) == 1 else "count"
            notes.append(
                f"from {ctx.target_name}'s back: its {words} {count} only if it passes Perception ≤ {stat} "
                f"({float(chance(stat)):.0%})"
            )
        return notes
