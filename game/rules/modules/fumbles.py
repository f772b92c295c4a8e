"""The fumble tables of the criticals module (seed 002, "critical fail"), converted to the grid.

A natural 12 on an attack rolls 002's table for its kind: a melee attack d6 on
the melee table ("Name:Fumble"), a Missile Strike d4 on the ranged table
("Name:Ranged Fumble"):

    melee d6   ranged d4
    1          4          weapon dropped   the weapon falls at the attacker's feet (Retrieve
                                           Weapon picks it up: "getting the weapon back takes at
                                           least one combat round"; "picking up and readying the
                                           weapon takes one combat round")
    2          1          weapon damaged   the weapon's injury rating (002's damage tier) drops
                                           by d3 ("Name:Weapon Damage"); at 0 the weapon breaks
                                           and is gone
    3          2          an ally hit      the nearest ally the attack could reach (in reach, or in
                                           range and sight) takes the hit instead: it lands as any
                                           hit and rolls Withstand Injury
    4          3          yourself hit     the hit lands on the fumbler ("damage yourself
                                           instead"): it rolls Withstand Injury
    5          -          weapon stuck     no attack with it; from the end of the next round, a
                                           Grip roll at the end of each round works it loose (002:
                                           "Strength DR12 roll to get the weapon loose"; Grip is
                                           our Vigor skill)
    6          -          a free attack    the target, if an enemy ("the enemy gets a free
                                           attack"), attacks the fumbler at once, if it can (in
                                           reach, or in range and sight), with its best attack and
                                           no Action Penalty, against the fumbler's defences of
                                           the round; a free attack's own 12 fumbles nothing

An entry that cannot apply (bare hands have nothing to drop or damage, nobody to
hit) does nothing, and the log says why (002 allows "come up with your own").
A Disarm hurts nobody: its ally and self entries do nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import Weapon
from game.rules.api.attack import AttackSpec, Situation, weapon_for
from game.rules.apply import applies, entity
from game.rules.attack import attack_breakdown
from game.rules.events import Event, WeaponFell, entity_id
from game.rules.hits import TableRolled, free_attack
from game.rules.orders import Action, Order
from game.rules.positions import (
    are_enemies,
    combatants,
    engaged_with,
    is_active,
    name_of,
    range_band,
    tile_of,
)
from game.rules.registry import action_specs
from game.rules.stats import grip_roll
from game.rules.statuses import Statuses, StatusGained, StatusLost, statuses_of
from game.world import Equipment, Facing, Side, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.events import Rolled

NAME = "criticals"
PURPOSE, RANGED_PURPOSE, DAMAGE_PURPOSE = "Fumble", "Ranged Fumble", "Weapon Damage"
SIDES, RANGED_SIDES, DAMAGE_SIDES = 6, 4, 3
STUCK = "Stuck"
DROPPED, DAMAGED, ALLY, SELF, JAMMED, FREE = (
    "weapon dropped",
    "weapon damaged",
    "an ally hit",
    "yourself hit",
    "weapon stuck",
    "a free attack",
)
FUMBLE_TABLE = {1: DROPPED, 2: DAMAGED, 3: ALLY, 4: SELF, 5: JAMMED, 6: FREE}
"""002's melee table (d6)."""
RANGED_FUMBLE_TABLE = {1: DAMAGED, 2: ALLY, 3: SELF, 4: DROPPED}
"""002's ranged table (d4)."""


def fumble_table(ctx: AttackContext) -> tuple[str, int, dict[int, str]]:
    """(purpose, sides, table) of the fumble table an attack rolls: ranged for a missile
    weapon, melee otherwise."""
    if ctx.weapon.is_missile:
        return RANGED_PURPOSE, RANGED_SIDES, RANGED_FUMBLE_TABLE
    return PURPOSE, SIDES, FUMBLE_TABLE


@dataclass(frozen=True)
class WeaponDamaged(Event):
    """A fumble dropped a weapon's injury rating (002's damage tier); at 0 it breaks."""

    kind: ClassVar[str] = "weapon_damaged"
    actor: str
    weapon: str
    injury: int
    actor_id: int | None = entity_id()

    def text(self) -> str:
        if self.injury <= 0:
            return f"{self.actor}'s {self.weapon} breaks"
        return f"{self.actor}'s {self.weapon} is damaged: injury rating now {self.injury}"


@applies(WeaponDamaged)
def _weapon_damaged(world: World, event: WeaponDamaged) -> None:
    eid = entity(event.actor_id, event)
    equipment = world.get(eid, Equipment)
    weapon = equipment.find(event.weapon)
    if weapon is None:
        return
    if event.injury <= 0:
        world.set(eid, equipment.without(weapon))
        return
    weapons = list(equipment.weapons)
    weapons[weapons.index(weapon)] = replace(weapon, injury=event.injury)
    world.set(eid, replace(equipment, weapons=tuple(weapons)))


def fumble(rnd: RoundPort, ctx: AttackContext, rolled: Rolled) -> None:
    """Roll the fumble table for this attack and do what it says."""
    world = rnd.world
    me = name_of(world, ctx.attacker)
    purpose, sides, table = fumble_table(ctx)
    die = rnd.dice.roll(sides, f"{me}:{purpose}")
    result = table[die]

    def say(words: str) -> None:
        rnd.emit(TableRolled(me, purpose, ctx.target_name, die, sides, words))

    held = world.get(ctx.attacker, Equipment).find(ctx.weapon.name) is not None
    if result in (DROPPED, JAMMED, DAMAGED) and not held:
        say(f"{result}: no weapon in hand")
        return
    if result == DROPPED:
        say(result)
        tile = tile_of(world, ctx.attacker)
        rnd.emit(WeaponFell(me, ctx.weapon.name, tile, target_id=ctx.attacker, item_id=world.next_id,
                            why="fumble"))  # fmt: skip
    elif result == JAMMED:
        say(result)
        why = "no attack with it; a Grip roll at the end of each later round works it loose"
        rnd.emit(StatusGained(me, STUCK, NAME, ctx.weapon.name, why=why, target_id=ctx.attacker))
    elif result == DAMAGED:
        say(result)
        weapon = world.get(ctx.attacker, Equipment).find(ctx.weapon.name)
        assert weapon is not None
        lost = rnd.dice.roll(DAMAGE_SIDES, f"{me}:{DAMAGE_PURPOSE}")
        rnd.emit(TableRolled(me, DAMAGE_PURPOSE, None, lost, DAMAGE_SIDES, f"injury rating −{lost}"))
        rnd.emit(WeaponDamaged(me, weapon.name, weapon.injury - lost, actor_id=ctx.attacker))
    elif result == FREE:
        _free_attack(rnd, ctx, die, purpose, sides)
    elif result == SELF:
        if not ctx.spec.deals_injury:
            say(f"{SELF}: a {ctx.spec.label} hurts nobody")
            return
        say(f"{SELF}: {me} takes the hit")
        rnd.hit(ctx.attacker, replace(ctx.action, target=ctx.attacker, called_shot=None), ctx.weapon, rolled)
    else:
        _ally_hit(rnd, ctx, die, rolled, purpose, sides)


def _free_attack(rnd: RoundPort, ctx: AttackContext, die: int, purpose: str, sides: int) -> None:
    """The target's best attack on the fumbler, at once, if it has one that can happen."""
    world = rnd.world
    me, enemy = name_of(world, ctx.attacker), ctx.target_name
    if not are_enemies(world, ctx.target, ctx.attacker):  # a friend caught in a burst's cone
        rnd.emit(TableRolled(me, purpose, enemy, die, sides, f"{FREE}: {enemy} is no enemy of {me}"))
        return
    chosen = best_free_attack(rnd, ctx.target, ctx.attacker)
    if chosen is None:
        rnd.emit(TableRolled(me, purpose, enemy, die, sides, f"{FREE}: {enemy} cannot attack {me}"))
        return
    rnd.emit(TableRolled(me, purpose, enemy, die, sides, f"{FREE}: {enemy}'s {chosen.kind.label} on {me}"))
    free_attack(rnd, ctx.target, chosen)


def best_free_attack(rnd: RoundPort, attacker: int, target: int) -> Action | None:
    """The attack (that can Injure) with the best modified stat `attacker` could make on
    `target` now, with no Action Penalty; None when none can happen."""
    world = rnd.world
    if not is_active(world, attacker):
        return None
    equipment = world.get(attacker, Equipment)
    best: tuple[int, Action] | None = None
    for spec in action_specs(rnd.options):
        if not isinstance(spec, AttackSpec) or not spec.deals_injury or spec.menu != "attack":
            continue
        action = Action(spec.kind, target)
        weapon = weapon_for(equipment, action)
        if weapon is None:
            continue
        found = attack_breakdown(world, rnd.board, attacker, Order(attacker, (action,)), action, weapon,
                                 _situation(rnd, attacker, target))  # fmt: skip
        if not isinstance(found, str) and found.total >= 1 and (best is None or found.total > best[0]):
            best = (found.total, action)
    return best[1] if best is not None else None


def _situation(rnd: RoundPort, attacker: int, target: int) -> Situation:
    world = rnd.world
    return Situation(
        attacker_tile=tile_of(world, attacker),
        target_tile=tile_of(world, target),
        attacker_engaged=bool(engaged_with(world, rnd.board, attacker)),
        attacker_facing=world.get(attacker, Facing).direction,
        target_facing=world.get(target, Facing).direction,
        options=rnd.options,
    )


def _ally_hit(rnd: RoundPort, ctx: AttackContext, die: int, rolled: Rolled, purpose: str, sides: int) -> None:
    """The nearest ally the attack could reach takes the hit (a Disarm hurts nobody)."""
    world = rnd.world
    me, enemy = name_of(world, ctx.attacker), ctx.target_name
    ally = nearest_ally(rnd, ctx.attacker, ctx.weapon) if ctx.spec.deals_injury else None
    if ally is None:
        rnd.emit(TableRolled(me, purpose, enemy, die, sides, f"{ALLY}: nobody within the attack's reach"))
        return
    rnd.emit(TableRolled(me, purpose, enemy, die, sides, f"{ALLY}: {name_of(world, ally)} is hit instead"))
    rnd.hit(ctx.attacker, replace(ctx.action, target=ally, called_shot=None), ctx.weapon, rolled)


def nearest_ally(rnd: RoundPort, eid: int, weapon: Weapon) -> int | None:
    """The nearest other combatant of `eid`'s side still standing that `weapon` could hit
    from where `eid` stands (in reach; or in range and in sight); ties by entity id."""
    world, board = rnd.world, rnd.board
    here = tile_of(world, eid)
    side = world.get(eid, Side).name
    found = []
    for other in combatants(world):
        if other == eid or not is_active(world, other) or world.get(other, Side).name != side:
            continue
        there = tile_of(world, other)
        if weapon.is_melee:
            reached = board.in_reach(here, there, weapon.reach)
        else:
            in_range = range_band(board.distance(here, there), weapon) is not None
            reached = in_range and board.line_of_sight(here, there)
        if reached:
            found.append((board.distance(here, there), other))
    return min(found)[1] if found else None


# ------------------------------------------------------------------ stuck weapons
def stuck_weapons(world: World, eid: int) -> list[str]:
    """The weapons stuck in `eid`'s hands, by name."""
    return [s.detail for s in statuses_of(world, eid, NAME) if s.name == STUCK]


def stuck_weapon_reason(world: World, eid: int, weapon: Weapon) -> str:
    """Why `eid` cannot attack with `weapon` ("" when it is not stuck)."""
    if weapon.name in stuck_weapons(world, eid):
        who = name_of(world, eid)
        return f"{who}'s {weapon.name} is stuck (a fumble): a Grip roll at a round's end frees it"
    return ""


def stuck_reason(world: World, eid: int, equipment: Equipment, action: Action) -> str:
    """Why a declared attack cannot use its weapon ("" when it can)."""
    weapon = weapon_for(equipment, action)
    return stuck_weapon_reason(world, eid, weapon) if weapon is not None else ""


def work_loose(rnd: RoundPort, eid: int) -> None:
    """At a round's end, each weapon stuck before this round: a Grip roll frees it."""
    world = rnd.world
    if not world.try_get(eid, Statuses) or not is_active(world, eid):
        return
    now = {
        e.detail
        for e in rnd.events
        if isinstance(e, StatusGained) and e.target_id == eid and e.status == STUCK and e.module == NAME
    }
    for weapon in stuck_weapons(world, eid):
        if weapon in now:
            continue
        rolled = rnd.roll(eid, "Grip", None, grip_roll(world, eid), note=f"to work the stuck {weapon} loose")
        if rolled.succeeded:
            rnd.emit(StatusLost(name_of(world, eid), STUCK, NAME, weapon, why="worked loose", target_id=eid))
