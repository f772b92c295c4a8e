"""The critical defences option of the criticals module: 002's Dodge and Block tables.

Seed 002, "Critical Rolls": "When a combat roll of any kind is a critical success or a
critical failure, the outcome can be determined with appropriate dice rolls and consulting
the following tables."

    Dodge, critical success:  01: get a free attack.  02: act first when the next combat
                              round begins.
    Dodge, critical fail:     01: the attacker does max damage.  02: fall on your face and
                              lose your next turn.
    Block, critical success:  01: get a free attack.  02: disarm the attacker.
    Block, critical fail:     01: the attacker does max damage.  02: the shield's blocking
                              tier (see Base Gear, Shields) drops by one point.

Converted (RULES.md §8; the criticals module reads a natural 1 as 002's critical success
and a natural 12 as its critical fail, the d12 rolled low):

- a **natural 1** on a Dodge, an Evade or a Block (a success, the smallest Defense Penalty)
  rolls d2 on its critical success table ("Name:Dodge Critical", "Name:Evade Critical",
  "Name:Block Critical"); a **natural 12** (a failure, as any 12) d2 on its critical fail
  table ("Name:Dodge Fumble", "Name:Evade Fumble", "Name:Block Fumble").
  [design: the chapter's Evade is its Dodge against missiles (CO.15), where 002 has one
  Dodge against every attack: it rolls the Dodge tables];
- the defence is rolled in the Modifier Stage once against every attacker of the round
  (CO.05), so "the attacker" is [design] an attacker whose declared attack on the defender
  that defence counters, the first in Timing order that the entry can apply to;
- **a free attack**: at once, the defender's best attack that can Injure on that attacker
  with no Action Penalty, against the defences that attacker has rolled so far this round
  (the fumble table's free attack, `game.rules.modules.fumbles`); its own 12 fumbles nothing;
- **act first**: at the next round's Timing Stage the defender is put ahead of everyone
  (several such: in their Timing order) [design: as side initiative's "acts first", it
  declares last and resolves first; a Timing order a sandbox round fixes is final];
- **max damage**: this round, every hit on the defender by an attack that defence counters
  Injures without a Withstand Injury roll (the attack critical table's "max damage")
  [design: one roll stands against every attacker, so its failure opens the defender to
  every one of them];
- **fall on your face and lose your next turn**: the rest of this round, its turn: it
  does not move and its offensive actions are nullified [design: the defence is rolled
  before the defender's own movement and Resolution Stage turn];
- **disarm the attacker**: the weapon of the first attacker engaged with the defender falls
  at the attacker's feet (Retrieve Weapon picks it up) [design: a shield turns only a blow
  in reach; a shooter far off keeps its gun];
- **the shield's blocking tier drops by one point**: the shield's Withstand bonus (its one
  number here) drops by 1 for the battle, never below 0.

An entry that cannot apply (nobody to attack or disarm) does nothing and the log says why
(002: "reroll the outcome or come up with your own").
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.i18n import N_
from game.rules.api.attack import weapon_for
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, WeaponFell, entity_id
from game.rules.hits import TableRolled, free_attack
from game.rules.modules.fumbles import best_free_attack
from game.rules.orders import ActionKind
from game.rules.positions import combatants, engaged_with, is_active, name_of, tile_of
from game.rules.registry import OFFENSIVE, register_module, spec_of
from game.rules.statuses import StatusGained, StatusLost, expiring, statuses_of
from game.world import Equipment, World

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from game.core.geometry import Tile
    from game.core.modifiers import Breakdown, Modifier
    from game.rules.api.attack import AttackContext, Blow
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.events import Rolled

NAME = "defence_criticals"
CRITICAL_DIE, FUMBLE_DIE = 1, 12
SIDES = 2
FREE, FIRST, MAX, FALL, DISARM, SHIELD = (
    "a free attack",
    "act first next round",
    "the attacker does max damage",
    "falls on its face: loses its turn",
    "disarm the attacker",
    "the shield's blocking tier drops by one",
)
TABLES: dict[str, tuple[dict[int, str], dict[int, str]]] = {
    "Dodge": ({1: FREE, 2: FIRST}, {1: MAX, 2: FALL}),
    "Block": ({1: FREE, 2: DISARM}, {1: MAX, 2: SHIELD}),
}
"""002's tables by defence: (critical success d2, critical fail d2)."""
TABLE_OF = {ActionKind.DODGE: "Dodge", ActionKind.EVADE: "Dodge", ActionKind.BLOCK: "Block"}
"""Which of 002's tables each defence rolls (Evade is the chapter's Dodge against missiles)."""
FIRST_STATUS, FALLEN = "Acts First", "Fallen"
OPENED = "opened:"
"""A round fact on a defender whose defence fumbled "max damage", + the attack class it opens."""
SHIELD_DAMAGE = -1


def purposes(kind: ActionKind) -> tuple[str, str]:
    """The dice purposes of a defence's two tables ("Dodge Critical", "Dodge Fumble")."""
    label = spec_of(kind).label
    return f"{label} Critical", f"{label} Fumble"


def table_result(kind: ActionKind, die: int, table_die: int) -> str:
    """What a natural `die` (1 or 12) on a `kind` defence and `table_die` on its d2 give."""
    success, fail = TABLES[TABLE_OF[kind]]
    return (success if die == CRITICAL_DIE else fail)[table_die]


def opened(world: World, eid: int, kind: ActionKind) -> list[str]:
    """The round facts a "max damage" on `eid`'s `kind` defence leaves: one per attack class
    that defence counters for it."""
    counters = spec_of(kind).counters_for(world.get(eid, Equipment))
    return [f"{OPENED}{c}" for c in sorted(counters)]


@dataclass(frozen=True)
class ShieldDamaged(Event):
    """A Block's critical fail: the shield's Withstand bonus (its blocking tier) drops for the battle."""

    kind: ClassVar[str] = "shield_damaged"
    target: str
    shield: str
    withstand: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target}'s {self.shield} is damaged: Withstand bonus now {self.withstand}"


@applies(ShieldDamaged)
def _shield_damaged(world: World, event: ShieldDamaged) -> None:
    eid = entity(event.target_id, event)
    equipment = world.get(eid, Equipment)
    if equipment.shield is not None:
        world.set(eid, replace(equipment, shield=replace(equipment.shield, withstand_bonus=event.withstand)))


def _attackers(rnd: RoundPort, eid: int, kind: ActionKind) -> list[tuple[int, ActionKind]]:
    """(attacker, attack kind) of each declared attack on `eid` that its `kind` defence counters,
    each attacker once, in Timing order."""
    counters = spec_of(kind).counters_for(rnd.world.get(eid, Equipment))
    found: dict[int, ActionKind] = {}
    for attacker in rnd.timing:
        order = rnd.orders.get(attacker)
        for action in order.actions if order is not None else ():
            if action.target != eid or action.kind not in OFFENSIVE:
                continue
            if spec_of(action.kind).attack_class in counters:
                found.setdefault(attacker, action.kind)
    return [(a, k) for a, k in found.items() if is_active(rnd.world, a)]


def _weapon_of(rnd: RoundPort, attacker: int, kind: ActionKind, eid: int) -> Weapon | None:
    """The weapon `attacker`'s attack of `kind` on `eid` uses, if in hand."""
    order = rnd.orders[attacker]
    action = next(a for a in order.actions if a.kind == kind and a.target == eid)
    equipment = rnd.world.get(attacker, Equipment)
    weapon = weapon_for(equipment, action)
    # Bare hands (a Brawl) are no weapon in hand: nothing to knock away.
    return weapon if weapon is not None and equipment.find(weapon.name) is not None else None


@register_module
class DefenceCriticals(RulesModule):
    """Critical defences (seed 002): a natural 1 or 12 on a Dodge, an Evade or a Block rolls
    d2 on that defence's critical success or critical fail table."""

    name = NAME
    listing = 131
    label = N_("Critical defences")
    source = "seed 002 (Critical Rolls: Dodge, Block)"
    requires = ("criticals",)
    dice = {
        f"{label} {table}": SIDES for label in ("Dodge", "Evade", "Block") for table in ("Critical", "Fumble")
    }
    help = N_(
        "a natural 1 on a Dodge, Evade or Block rolls d2: a free attack, or act first next round "
        "(Dodge) / disarm the attacker (Block); a natural 12 rolls d2: the attacker does max damage, "
        "or fall and lose the turn (Dodge) / the shield loses 1 (Block)"
    )
    hint = N_(
        "A natural 1 on a Dodge or a Block is a critical: a free attack, or (Dodge) act first next round, "
        "(Block) disarm the attacker. A natural 12: the attackers do max damage, or (Dodge) you fall and "
        "lose your turn, (Block) your shield loses 1."
    )

    # ------------------------------------------------------------ the roll
    def after_defence(
        self, rnd: RoundPort, eid: int, kind: ActionKind, rolled: Rolled, state: RoundState
    ) -> None:
        """A natural 1 or 12 on a Dodge, an Evade or a Block rolls its d2 table."""
        if kind not in TABLE_OF or rolled.die not in (CRITICAL_DIE, FUMBLE_DIE) or rnd.free_attacks:
            return
        world = rnd.world
        me = name_of(world, eid)
        purpose = purposes(kind)[0 if rolled.die == CRITICAL_DIE else 1]
        die = rnd.dice.roll(SIDES, f"{me}:{purpose}")
        result = table_result(kind, rolled.die, die)

        def say(words: str) -> None:
            rnd.emit(TableRolled(me, purpose, None, die, SIDES, words))

        attackers = _attackers(rnd, eid, kind)
        if result == FREE:
            for attacker, _ in attackers:
                chosen = best_free_attack(rnd, eid, attacker)
                if chosen is not None:
                    say(f"{FREE}: {me}'s {chosen.kind.label} on {name_of(world, attacker)}")
                    free_attack(rnd, eid, chosen)
                    return
            say(f"{FREE}: no attacker {me} can attack now")
        elif result == FIRST:
            until = rnd.number + 1
            say(f"{FIRST}: {me} acts first in round {until}")
            why = "ahead of everyone in the Timing order"
            rnd.emit(StatusGained(me, FIRST_STATUS, NAME, until_round=until, why=why, target_id=eid))
        elif result == MAX:
            for fact in opened(world, eid, kind):
                state.fact(eid, fact)
            label = spec_of(kind).label
            say(f"{MAX}: each hit on {me} this round that the {label} counters Injures, no Withstand roll")
        elif result == FALL:
            say(f"{FALL}: {me} does not move and makes no offensive action this round")
            why = "no movement, no offensive actions"
            rnd.emit(StatusGained(me, FALLEN, NAME, until_round=rnd.number, why=why, target_id=eid))
        elif result == DISARM:
            self._disarm(rnd, eid, attackers, say)
        else:
            shield = world.get(eid, Equipment).shield
            if shield is None:
                say(f"{SHIELD}: no shield")
                return
            say(SHIELD)
            lower = max(0, shield.withstand_bonus + SHIELD_DAMAGE)
            rnd.emit(ShieldDamaged(me, shield.name, lower, target_id=eid))

    @staticmethod
    def _disarm(
        rnd: RoundPort, eid: int, attackers: Sequence[tuple[int, ActionKind]], say: Callable[[str], None]
    ) -> None:
        """The weapon of the first attacker engaged with `eid` falls at its feet."""
        world = rnd.world
        near = set(engaged_with(world, rnd.board, eid))
        for attacker, kind in attackers:
            weapon = _weapon_of(rnd, attacker, kind, eid)
            if attacker in near and weapon is not None:
                who = name_of(world, attacker)
                say(f"{DISARM}: {who}'s {weapon.name}")
                tile: Tile = tile_of(world, attacker)
                rnd.emit(WeaponFell(who, weapon.name, tile, target_id=attacker, item_id=world.next_id,
                                    why="a critical Block"))  # fmt: skip
                return
        say(f"{DISARM}: no attacker with a weapon in reach")

    # ------------------------------------------------------------ what it leaves
    def regroup_timing(self, rnd: RoundPort, timing: Sequence[int]) -> tuple[list[int], list[Event]] | None:
        """Whoever got "act first" last round is put ahead of everyone."""
        world = rnd.world
        first = [e for e in timing if any(s.name == FIRST_STATUS and s.until_round == rnd.number
                                           for s in statuses_of(world, e, NAME))]  # fmt: skip
        if not first:
            return None
        return first + [e for e in timing if e not in first], []

    def interrupt_move(
        self, rnd: RoundPort, eid: int, tiles: tuple[Tile, ...], state: RoundState
    ) -> int | None:
        """A fallen defender does not move."""
        return 0 if _fallen(rnd.world, eid) else None

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """A fallen defender's attacks are nullified."""
        if _fallen(ctx.world, ctx.attacker):
            return f"{name_of(ctx.world, ctx.attacker)} fell on its face (a critical fail): it lost its turn"
        return []

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """The target's "max damage" facts."""
        facts = ctx.situation.target_facts
        return frozenset(f for f in facts if f.startswith(OPENED)) if facts else ()

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """A hit on a defender whose defence fumbled "max damage" Injures without a roll."""
        if not blow.struck and f"{OPENED}{ctx.spec.attack_class}" in ctx.situation.target_facts:
            return replace(blow, sure=True), ""
        return blow, ""

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """A fall, and an "act first" once its round is played, pass."""
        world = rnd.world
        for eid in combatants(world):
            for status in expiring(world, eid, NAME, rnd.number):
                why = "back on its feet" if status.name == FALLEN else "it acted first"
                rnd.emit(StatusLost(name_of(world, eid), status.name, NAME, why=why, target_id=eid))

    # ------------------------------------------------------------ the window
    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """The target's tables, for each of its declared defences that counters this attack."""
        return forecast_lines(ctx.world, ctx.target, ctx.target_name, ctx.spec.attack_class,
                              ctx.situation.defence.declared)  # fmt: skip

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Fallen, acting first."""
        return [TokenMark(s.name) for s in statuses_of(world, eid, NAME)]

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """Each condition with what it does."""
        words = {FALLEN: "no movement, no offensive actions", FIRST_STATUS: "first in the Timing order"}
        return [f"{s.name} (round {s.until_round}): {words[s.name]}" for s in statuses_of(world, eid, NAME)]


def _fallen(world: World, eid: int) -> bool:
    return any(s.name == FALLEN for s in statuses_of(world, eid, NAME))


def forecast_lines(
    world: World, target: int, who: str, attack_class: str, declared: frozenset[ActionKind]
) -> list[str]:
    """What a natural 1 or 12 on each of `target`'s declared defences that counter an attack of
    `attack_class` sets off, with its chance (the tables the round rolls)."""
    lines = []
    equipment = world.get(target, Equipment)
    for kind in sorted(declared & TABLE_OF.keys(), key=lambda k: k.value):
        if attack_class not in spec_of(kind).counters_for(equipment):
            continue
        success, fail = TABLES[TABLE_OF[kind]]
        label = spec_of(kind).label
        good, bad = purposes(kind)
        lines.append(
            f"{who}'s {label}: natural 1 (1 in 12), d2 [{good}]: {' / '.join(success.values())}; "
            f"natural 12 (1 in 12), d2 [{bad}]: {' / '.join(fail.values())}"
        )
    return lines
