"""A hit as it lands: where it strikes and how hard, shaped by the rules modules.

The chapter's hit (`first_blow`) lands on the called part or the torso and
makes the target roll Withstand Injury (RULES.md §7).  Every rules module that
is on may reshape it, in listing order (`RulesModule.hit_roll`, `land_hit`,
`hit_outcomes`): hit locations roll where it lands, cover by body part may
stop it, location effects make a head hit vulnerable, a critical rolls its
table.  The round lands one hit with real dice (`land`); the odds try every
die with its probability (`outcomes`, `expected_injuries`).  Both run the same
pure `land_hit`, so the log and the forecast cannot disagree.

The natural attack roll is the modules' too (`natural_roll`): `naturals`
says, for one attack, which dice mean more than their number (a natural 1
that ignores the Defense Penalties).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.core.modifiers import Breakdown, Modifier, roll_succeeds
from game.i18n import N_
from game.rules.api.attack import CALLED_SHOT, AttackContext, Blow, Situation, attack_spec
from game.rules.api.state import Trail
from game.rules.chances import ONE, chance
from game.rules.defence import without_defence_penalties
from game.rules.events import Event, Rolled, entity_id
from game.rules.injury import withstand_breakdown
from game.rules.orders import Action, Order
from game.rules.positions import name_of, tile_of
from game.rules.registry import active_modules, exposes, modules_with
from game.rules.still import remembered
from game.world import Facing

if TYPE_CHECKING:
    from game.rules.api.modules import Natural, RulesModule
    from game.rules.api.port import RoundPort

DICE = range(1, 13)
PERCENTILE = 100


def first_blow(ctx: AttackContext, called_hit: bool, natural: str = "") -> Blow:
    """The chapter's hit: on the called part (a full Called Shot hit) or the torso, vulnerable
    at the head, eyes or neck (CO.08; RULES.md §7)."""
    called = ctx.action.called_shot
    on_part = called is not None and called_hit
    return Blow(
        ctx.target,
        called.part if on_part and called is not None else N_("torso"),
        called=on_part,
        vulnerable=bool(on_part and called is not None and called.vulnerable),
        natural=natural,
    )


def hit_modules(ctx: AttackContext) -> list[RulesModule]:
    """The modules that are on and shape hits or natural rolls (none: the chapter's hit)."""
    return modules_with(ctx.situation.options, "hit_roll", "land_hit", "hit_outcomes", "natural_roll")


def naturals(ctx: AttackContext) -> dict[int, Natural]:
    """The dice that mean more than their number on this attack (a natural 1: a critical)."""
    found: dict[int, Natural] = {}
    for module in modules_with(ctx.situation.options, "natural_roll"):
        for die in DICE:
            if die not in found:
                natural = module.natural_roll(ctx, die)
                if natural is not None:
                    found[die] = natural
    return found


# ------------------------------------------------------------------ the round
def land(rnd: RoundPort, ctx: AttackContext, blow: Blow) -> Blow:
    """Land a hit with real dice: each module's roll under "Attacker:Purpose", each roll
    logged with what it did."""
    world = rnd.world
    attacker = name_of(world, ctx.attacker)
    for module in active_modules(ctx.situation.options):
        roll = module.hit_roll(ctx, blow)
        die = None
        if roll is not None:
            purpose, sides = roll
            die = rnd.dice.roll(sides, f"{attacker}:{purpose}")
        blow, said = module.land_hit(ctx, blow, die)
        if roll is not None:
            rnd.emit(TableRolled(attacker, roll[0], name_of(world, blow.target), die or 0, roll[1], said))
    return blow


def hit_context(rnd: RoundPort, eid: int, action: Action, weapon: Weapon) -> AttackContext:
    """An attack as the hit-landing hooks see it: both combatants where they stand now (a
    mover shot partway along its path, where it was shot: `Round.shot_at`)."""
    world = rnd.world
    assert action.target is not None
    target_order = rnd.orders.get(action.target)
    exposed = target_order is not None and exposes(target_order)
    # The round's facts and trails, so a hit hook reads what the attack did (none outside a round).
    trails = rnd.state.trails if rnd.state is not None else {}
    facts = rnd.state.facts if rnd.state is not None else {}
    situation = Situation(
        attacker_tile=tile_of(world, eid),
        target_tile=rnd.shot_at.get(action.target) or tile_of(world, action.target),
        attacker_facing=world.get(eid, Facing).direction,
        target_facing=world.get(action.target, Facing).direction,
        target_exposed=exposed,
        options=rnd.options,
        attacker_trail=trails.get(eid, Trail()),
        target_trail=trails.get(action.target, Trail()),
        attacker_facts=frozenset(facts.get(eid, ())),
        target_facts=frozenset(facts.get(action.target, ())),
    )
    order = rnd.orders.get(eid, Order(eid, (action,)))
    return AttackContext(world, rnd.board, eid, order, action, weapon, situation)


def natural_roll(
    rnd: RoundPort, eid: int, action: Action, full: Breakdown, bare: Breakdown, special: Mapping[int, Natural]
) -> Rolled:
    """An attack roll some of whose natural dice mean more (`naturals`): a die that ignores
    the Defense Penalties is judged against `bare` (the stat without them), and makes the
    roll possible even when `full` is below 1.  Otherwise exactly `Round.roll` (or a
    Called Shot's two ranges, `Round._called_roll`)."""
    spec = attack_spec(action.kind)
    assert action.target is not None
    called = action.called_shot
    label = spec.label if called is None else f"{spec.label}, Called Shot ({called.part})"
    name, target = name_of(rnd.world, eid), name_of(rnd.world, action.target)
    ignoring = any(n.ignores_defences for n in special.values())
    if full.without(CALLED_SHOT).total < 1 and not (ignoring and bare.without(CALLED_SHOT).total >= 1):
        event = Rolled(name, label, target, full, None, "impossible")
        rnd.emit(event)
        return event
    die = rnd.dice.roll(12, f"{name}:{spec.label}")
    natural = special.get(die)
    judged = bare if natural is not None and natural.ignores_defences else full
    general = judged.without(CALLED_SHOT)
    if called is None:
        outcome = spec.win if roll_succeeds(die, judged.total) else spec.lose
    elif roll_succeeds(die, judged.total):
        outcome = "hit"
    else:
        outcome = "general hit" if roll_succeeds(die, general.total) else "miss"
    notes = []
    if called is not None and judged.total != general.total:
        notes.append(f"{called.part} on ≤ {judged.total}, torso on ≤ {general.total}")
    if natural is not None:
        dropped = judged.total != full.total
        ignored = f": the Defense Penalties do not count ({judged.total})" if dropped else ""
        notes.append(f"natural {die}, {natural.name}{ignored}")
    event = Rolled(name, label, target, full, die, outcome, "; ".join(notes))
    rnd.emit(event)
    return event


def judged_stat(rnd: RoundPort, attacker: int, action: Action, weapon: Weapon, rolled: Rolled) -> int:
    """The stat an attack's die was judged against: its modified stat, or that stat without
    the Defense Penalties when the die is a natural that ignores them (a critical): what a
    margin (the roll beat the stat by) is counted from."""
    natural = naturals(hit_context(rnd, attacker, action, weapon)).get(rolled.die or 0)
    if natural is not None and natural.ignores_defences:
        return without_defence_penalties(rolled.breakdown).total
    return rolled.breakdown.total


def free_attack(rnd: RoundPort, attacker: int, action: Action) -> Rolled | None:
    """An attack outside any order that a rules module grants (a fumble's "free attack for the
    enemy"): rolled at once with this one action's numbers (no Action Penalty) against the
    target's defences of the round.  While it is made `rnd.free_attacks` is above 0, so a
    module can tell (a free attack's fumble sets off nothing more)."""
    assert rnd.state is not None, "a free attack is made while the round resolves"
    rnd.free_attacks += 1
    try:
        return rnd.attack(attacker, -1, action, None, rnd.state, order=Order(attacker, (action,)))
    finally:
        rnd.free_attacks -= 1


# ------------------------------------------------------------------ the odds
def outcomes(ctx: AttackContext, blow: Blow, one: Fraction | float = ONE) -> dict[Blow, Fraction]:
    """Every way a hit can land, with its probability (equal outcomes merged)."""
    found: dict[Blow, Fraction] = {blow: one}  # type: ignore[dict-item]
    # (A module that shapes no hit leaves every blow as it was.)
    for module in modules_with(ctx.situation.options, "hit_roll", "land_hit", "hit_outcomes"):
        nxt: dict[Blow, Fraction] = defaultdict(lambda: 0 * one)  # type: ignore[arg-type,return-value]
        for before, p in found.items():
            grouped = module.hit_outcomes(ctx, before)
            if grouped is not None:
                for q, after in grouped:
                    nxt[after] += p * (one * q)  # type: ignore[operator]
                continue
            roll = module.hit_roll(ctx, before)
            if roll is None:
                nxt[module.land_hit(ctx, before, None)[0]] += p
                continue
            sides = roll[1]
            for die in range(1, sides + 1):
                nxt[module.land_hit(ctx, before, die)[0]] += p * one / sides  # type: ignore[operator]
        found = dict(nxt)
    return found


def expected_injuries(ctx: AttackContext, blow: Blow, one: Fraction | float = ONE) -> Fraction:
    """The Injuries a hit can be expected to deal, over every way it can land (remembered
    while the world stands still: `game.rules.still`)."""
    key = landing_key(ctx, blow, one)
    memo_key = None if key is None else ("landing", key)
    return remembered(memo_key, lambda: _expected_injuries(ctx, blow, one), ctx.world)


def _expected_injuries(ctx: AttackContext, blow: Blow, one: Fraction | float) -> Fraction:
    total = 0 * one
    weapon = ctx.weapon
    fails: dict[tuple[int, bool, tuple[Modifier, ...]], Fraction | float] = {}
    for landed, p in outcomes(ctx, blow, one).items():
        if landed.struck:
            continue
        if landed.sure:
            fail = one
        else:
            # Many landings share a roll (every location but the head, say): one breakdown each.
            which = (landed.target, landed.vulnerable, landed.withstand)
            fail = fails.get(which)  # type: ignore[assignment]
            if fail is None:
                target, vulnerable, extra = which
                stat = withstand_breakdown(ctx.world, target, weapon, vulnerable, extra)
                fail = fails[which] = one - chance(stat.total, one)
        total += p * fail * landed.injuries  # type: ignore[operator]
    return total  # type: ignore[return-value]


def landing_key(ctx: AttackContext, blow: Blow, one: Fraction | float = ONE) -> Hashable | None:
    """What the way a hit lands depends on, in one world: the attack (its kind, target and
    Called Shot), the weapon, the blow and what the hit-shaping modules say they read
    (`landing_reads`); None when a module on does not say (its landings are never
    remembered: `game.rules.still`).  The defences are never among them: they decide
    whether an attack hits, not how the hit lands."""
    read = landing_reads(ctx)
    if read is None:
        return None
    return (ctx.action, ctx.weapon, ctx.situation.options, blow, type(one), read)


def landing_reads(ctx: AttackContext) -> tuple[Hashable, ...] | None:
    """What the hit-shaping modules on say the landing of this attack's hits reads in its
    situation (`RulesModule.landing_reads`: body cover, the cover between the two), or None
    when one of them does not say.  The same for every blow of the attack, so the odds ask
    once per situation."""
    read = []
    for module in hit_modules(ctx):
        said = module.landing_reads(ctx)
        if said is None:
            return None
        read.append(said)
    return tuple(read)


# ------------------------------------------------------------------ events
def percentile(value: int) -> str:
    """A d100 reading as the seeds print it: 07, 85, 00 (for 100)."""
    return "00" if value == PERCENTILE else f"{value:02d}"


@dataclass(frozen=True)
class TableRolled(Event):
    """A rules module's table roll, and what it gave: `Omar — Hit Location on Niles: d100 37: torso`."""

    kind: ClassVar[str] = "table_rolled"
    actor: str
    table: str
    target: str | None
    die: int
    sides: int
    result: str

    def text(self) -> str:
        at = f" on {self.target}" if self.target else ""
        result = f": {self.result}" if self.result else ""
        shown = percentile(self.die) if self.sides == PERCENTILE else str(self.die)
        return f"{self.actor} — {self.table}{at}: d{self.sides} {shown}{result}"


@dataclass(frozen=True)
class HitStopped(Event):
    """A hit that struck something instead of the body (cover): no Withstand Injury roll."""

    kind: ClassVar[str] = "hit_stopped"
    actor: str
    target: str
    part: str
    weapon: str
    struck: str
    actor_id: int | None = entity_id()
    target_id: int | None = entity_id()

    def text(self) -> str:
        return (
            f"{self.actor}'s {self.weapon} hit on {self.target} ({self.part}) strikes {self.struck} instead"
        )
