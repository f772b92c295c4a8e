"""The dying option of the criticals module: 002's Dying to Death table at the Defeated threshold.

Seed 002, "Dying to Death": "When a PC's HP reaches 0, they don't necessarily die
immediately. Upon such an event, roll for D5 and consult the following table. However, if
the PC's HP falls below -2 they die without a chance of being saved.

    01-02: instant death.
    03: fall unconscious for D3+1 combat rounds. After that, wake up with 1 HP.
    04: throw D4 to determine which limb you lost; 1 is the left arm, 2 is the right arm,
        3 is the left leg, 4 is the right leg. Then fall unconscious for D3+1 combat
        rounds. After that, wake up with 1 HP.
    05: internal bleeding; you die within an hour if you don't get into a hospital; all
        skill rolls during internal bleeding are DR18."

Converted (RULES.md §7–§8): HP reaching 0 is a hit making its target Defeated (3 Injuries).
It rolls d5 ("Name:Dying"):

- 1–2 **dead** at once;
- 3 **unconscious** for d3+1 rounds ("Name:Unconscious", d3): Defeated until the end of the
  (d3+1)th round after this one, then it **wakes with 2 Injuries** (002's 1 HP: one Injury
  short of Defeat) [design] and fights on;
- 4 **a lost limb**, d4 ("Name:Lost Limb": 1 left arm, 2 right arm, 3 left leg, 4 right leg),
  then unconscious as 3.  [design] A lost arm: what that hand holds falls at once (the right
  hand the first weapon, the left a second one; a two-handed weapon either), and from then on
  no attack with a two-handed weapon, and with the left arm no Block (the shield's arm).  A
  lost leg halves the Movement rate for the battle (rounded as ever);
- 5 **internal bleeding**: it is not Defeated; it fights on at 3 Injuries with −3 to every
  skill roll (002's DR18 for DR12: 6 points on its d20, 30 % ≈ 3 on the d12, RULES.md §8)
  [design].  "You die within an hour" is out of combat: left out.

"HP below −2": [design] a combatant Defeated again while bleeding dies; the chapter's own
rule (a failed Withstand Injury while Defeated kills) plays it for the unconscious.  One who
woke up and is Defeated again rolls the table again (its HP reached 0 again).  Out of combat
(the hospital, the hour) is left out, and so is 002's "half or more of their max HP on one
hit" (no HP here).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from game.core.modifiers import Modifier, signed
from game.core.sheet import Sheet
from game.i18n import N_
from game.rules.api.attack import weapon_for
from game.rules.api.modules import RulesModule, TokenMark
from game.rules.apply import applies, entity
from game.rules.events import Event, Killed, WeaponFell, entity_id
from game.rules.hits import TableRolled
from game.rules.injury import DEFEAT_AT
from game.rules.modules.location_effects import halved, hand_weapon
from game.rules.orders import ActionKind
from game.rules.positions import combatants, name_of, tile_of
from game.rules.registry import OFFENSIVE, register_module
from game.rules.statuses import StatusGained, StatusLost, expiring, has_status, statuses_of
from game.world import Condition, Equipment, World

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.core.modifiers import Breakdown
    from game.rules.api.attack import AttackContext, Blow
    from game.rules.api.contexts import OrderCheck
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.statuses import Status

NAME = "dying"
DYING, UNCONSCIOUS_DIE, LIMB = "Dying", "Unconscious", "Lost Limb"
SIDES, UNCONSCIOUS_SIDES, LIMB_SIDES = 5, 3, 4
DEAD, OUT, MAIMED, BLEEDING = "instant death", "unconscious", "a lost limb", "internal bleeding"
TABLE = {1: DEAD, 2: DEAD, 3: OUT, 4: MAIMED, 5: BLEEDING}
"""002's d5."""
LIMBS = {1: "left arm", 2: "right arm", 3: "left leg", 4: "right leg"}
"""002's d4."""
WAKE_INJURIES = DEFEAT_AT - 1
"""002's "wake up with 1 HP": one Injury short of Defeat."""
BLEEDING_PENALTY = -3
"""002's DR18 instead of DR12: 6 on a d20, 30 d100 points ≈ 3 on the d12."""
UNCONSCIOUS, LOST, BLEEDS, REVIVED = "Unconscious", "Lost", "Internal Bleeding", "Revived"
"""The statuses; a Revived one came back from a Defeat (a Defeat this module lifted)."""


@dataclass(frozen=True)
class WokeUp(Event):
    """An unconscious combatant wakes with one Injury short of Defeat (002: "wake up with 1 HP")."""

    kind: ClassVar[str] = "woke_up"
    target: str
    injuries: int
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target} wakes up with {self.injuries} Injuries and fights on"


@dataclass(frozen=True)
class StaysUp(Event):
    """Internal bleeding: the Defeated combatant is not Defeated, and fights on."""

    kind: ClassVar[str] = "stays_up"
    target: str
    target_id: int | None = entity_id()

    def text(self) -> str:
        return f"{self.target} is not Defeated: bleeding inside, it fights on"


@applies(WokeUp)
def _woke_up(world: World, event: WokeUp) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, replace(world.get(eid, Condition), injuries=event.injuries, defeated=False))


@applies(StaysUp)
def _stays_up(world: World, event: StaysUp) -> None:
    eid = entity(event.target_id, event)
    world.set(eid, replace(world.get(eid, Condition), defeated=False))


def lost_limbs(world: World, eid: int) -> list[str]:
    """The limbs `eid` lost ("left arm" …)."""
    return [s.detail for s in statuses_of(world, eid, NAME) if s.name == LOST]


def maimed_reasons(world: World, eid: int, equipment: Equipment, actions: Sequence[object]) -> list[str]:
    """Why a one-armed combatant cannot make these actions (empty when it can)."""
    lost = [limb for limb in lost_limbs(world, eid) if limb.endswith("arm")]
    if not lost:
        return []
    who = name_of(world, eid)
    reasons = []
    for action in actions:
        kind = getattr(action, "kind", None)
        if kind in OFFENSIVE:
            weapon = weapon_for(equipment, action)  # type: ignore[arg-type]
            if weapon is not None and weapon.hands == 2:
                reasons.append(f"{who} lost the {lost[0]}: no attack with the two-handed {weapon.name}")
        if kind == ActionKind.BLOCK and "left arm" in lost:
            reasons.append(f"{who} lost the left arm: no Block (the shield's arm)")
    return reasons


@register_module
class Dying(RulesModule):
    """Dying to Death (seed 002): a hit that Defeats rolls d5: dead, unconscious, a lost limb
    then unconscious, or internal bleeding."""

    name = NAME
    listing = 132
    label = N_("Dying to Death")
    source = "seed 002 (Dying to Death)"
    requires = ("criticals",)
    dice = {DYING: SIDES, UNCONSCIOUS_DIE: UNCONSCIOUS_SIDES, LIMB: LIMB_SIDES}
    help = (
        "a hit that Defeats rolls d5: 1-2 dead; 3 unconscious d3+1 rounds, then up with 2 Injuries; "
        f"4 a lost limb (d4), then as 3; 5 internal bleeding: fights on at {signed(BLEEDING_PENALTY)}"
    )
    hint = (
        "A hit that Defeats rolls d5: 1-2 dead; 3 unconscious for d3+1 rounds, then up again with 2 "
        f"Injuries; 4 a lost limb, then as 3; 5 bleeding inside: fights on at {signed(BLEEDING_PENALTY)}."
    )

    # ------------------------------------------------------------ the table
    def blow_landed(self, rnd: RoundPort, ctx: AttackContext, blow: Blow, added: int) -> None:
        """A hit that has just Defeated its target rolls the table (or kills one bleeding)."""
        world, target = rnd.world, blow.target
        condition = world.get(target, Condition)
        if not added or condition.dead or not condition.defeated:
            return
        name = name_of(world, target)
        if has_status(world, target, BLEEDS, NAME):  # 002: "HP below -2": no chance of being saved
            why = "Defeated again while bleeding inside: it dies"
            rnd.emit(StatusLost(name, BLEEDS, NAME, why=why, target_id=target))
            rnd.emit(Killed(name, target_id=target))
            return
        if condition.injuries - added >= DEFEAT_AT:
            return  # Defeated before this hit
        die = rnd.dice.roll(SIDES, f"{name}:{DYING}")
        result = TABLE[die]

        def say(words: str) -> None:
            rnd.emit(TableRolled(name, DYING, None, die, SIDES, words))

        if result == DEAD:
            say(result)
            rnd.emit(Killed(name, target_id=target))
        elif result == BLEEDING:
            say(f"{result}: {signed(BLEEDING_PENALTY)} to every skill roll")
            why = f"{signed(BLEEDING_PENALTY)} to every skill roll; Defeated again, it dies"
            rnd.emit(StatusGained(name, BLEEDS, NAME, why=why, target_id=target))
            rnd.emit(StaysUp(name, target_id=target))
        else:
            if result == MAIMED:
                limb = LIMBS[rnd.dice.roll(LIMB_SIDES, f"{name}:{LIMB}")]
                say(f"{result}: the {limb}")
                self._maim(rnd, target, limb)
            else:
                say(result)
            rounds = rnd.dice.roll(UNCONSCIOUS_SIDES, f"{name}:{UNCONSCIOUS_DIE}") + 1
            until = rnd.number + rounds
            why = f"d3+1 = {rounds} rounds, then up with {WAKE_INJURIES} Injuries"
            rnd.emit(StatusGained(name, UNCONSCIOUS, NAME, until_round=until, why=why, target_id=target))

    @staticmethod
    def _maim(rnd: RoundPort, target: int, limb: str) -> None:
        """The limb is lost: what its hand holds falls."""
        world = rnd.world
        name = name_of(world, target)
        rnd.emit(StatusGained(name, LOST, NAME, limb, target_id=target))
        if limb.endswith("arm"):
            weapon = hand_weapon(world.get(target, Equipment), limb)
            if weapon is not None:
                rnd.emit(WeaponFell(name, weapon, tile_of(world, target), target_id=target,
                                    item_id=world.next_id, why=f"the lost {limb}"))  # fmt: skip

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """The unconscious whose rounds are over wake up."""
        world = rnd.world
        for eid in combatants(world):
            if world.get(eid, Condition).dead:
                continue  # killed while unconscious (a failed Withstand Injury while Defeated)
            for _ in expiring(world, eid, NAME, rnd.number):
                name = name_of(world, eid)
                rnd.emit(StatusLost(name, UNCONSCIOUS, NAME, why="wakes up", target_id=eid))
                rnd.emit(WokeUp(name, WAKE_INJURIES, target_id=eid))
                if not has_status(world, eid, REVIVED, NAME):
                    why = f"up again with {WAKE_INJURIES} Injuries"
                    rnd.emit(StatusGained(name, REVIVED, NAME, why=why, target_id=eid))

    # ------------------------------------------------------------ what it leaves
    def status_modifiers(
        self, world: World, eid: int, statuses: Sequence[Status], skill: str, base: int
    ) -> list[Modifier]:
        """Internal bleeding: −3 to every skill roll; a lost leg halves the Movement rate."""
        names = [s.name for s in statuses]
        if skill == "movement":
            if any(s.name == LOST and s.detail.endswith("leg") for s in statuses):
                favorable = world.get(eid, Sheet).has_favorable_rounding
                return [Modifier(N_("Lost Leg (halved)"), halved(base, favorable) - base)]
            return []
        return [Modifier(BLEEDS, BLEEDING_PENALTY)] if BLEEDS in names else []

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """One arm: no two-handed weapon; no left arm: no Block."""
        return maimed_reasons(check.world, check.actor, check.equipment, check.order.actions)

    # ------------------------------------------------------------ the window
    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """What a hit that Defeats the target rolls."""
        condition = ctx.world.get(ctx.target, Condition)
        if not ctx.spec.deals_injury or condition.defeated:
            return []
        if has_status(ctx.world, ctx.target, BLEEDS, NAME):
            return [f"{ctx.target_name} bleeds inside: a hit that Defeats kills"]
        return [dying_line(ctx.target_name)]

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """Unconscious, a lost limb, bleeding."""
        return [TokenMark(s.label) for s in statuses_of(world, eid, NAME)]

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """Each condition with what it does."""
        words = {
            UNCONSCIOUS: f"Defeated; wakes with {WAKE_INJURIES} Injuries",
            BLEEDS: f"{signed(BLEEDING_PENALTY)} to every skill roll; Defeated again, it dies",
            LOST: "",
            REVIVED: "woke up after a Defeat (the Dying table)",
        }
        lines = []
        for s in statuses_of(world, eid, NAME):
            until = f" until the end of round {s.until_round}" if s.until_round is not None else ""
            lines.append(f"{s.label}{until}: {words[s.name]}".rstrip(": "))
        return lines


def _table_words() -> str:
    """The d5 table in the rulebook's notation ("1–2 instant death, 3 unconscious, …")."""
    faces = {r: [d for d, x in TABLE.items() if x == r] for r in dict.fromkeys(TABLE.values())}
    return ", ".join(f"{f[0]}" + (f"–{f[-1]}" if len(f) > 1 else "") + f" {r}" for r, f in faces.items())


TABLE_WORDS = _table_words()


def dying_line(who: str) -> str:
    """The table a hit that Defeats `who` rolls, in the rulebook's notation."""
    return f"a hit that Defeats {who} rolls d{SIDES} [{DYING}]: {TABLE_WORDS}"
