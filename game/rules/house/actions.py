"""A house rule's composed actions (docs/house-rules.md, `[[action]]`): a melee action on an
adjacent enemy, rolled with one of the attacker's skills as an attack is (the round's
penalties, the modules' terms, the target's defences as against a Strike), whose success
has one effect from a fixed vocabulary.

The effects reuse the rules' own homes: a push walks the knockback module's `push_path`, a
fall is the prone module's `knock_down`, a dropped weapon lands where a Disarm's would
(`disarm.landing_tile`).  The AI proposes them as it does any attack, at the worth below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.core.equipment import BARE_HANDS, Weapon
from game.core.geometry import Tile
from game.core.modifiers import Breakdown
from game.rules.actions.disarm import landing_tile
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import OrderCheck
from game.rules.apply import applies, entity
from game.rules.events import Event, WeaponFell, entity_id
from game.rules.modules.knockback import push_path
from game.rules.modules.prone import knock_down
from game.rules.orders import Action, ActionKind
from game.rules.positions import name_of, tile_of
from game.rules.registry import register_action, spec_of
from game.rules.stats import skill_roll
from game.world import Equipment, Position, World

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext
    from game.rules.api.port import RoundPort
    from game.rules.events import Rolled

PUSH, PRONE, DROP_WEAPON = "push", "prone", "drop_weapon"
EFFECTS = (PUSH, PRONE, DROP_WEAPON)
"""What a composed action's success does: push the target N tiles straight away, knock it
prone, or make it drop its weapon."""
MAX_PUSH = 3  # tiles
NEEDS = {PRONE: "prone"}
"""The module an effect needs on (its state means nothing without it): required with the rule."""


AI_PRONE_WORTH = 0.4
"""An AI's estimate, in Injuries on the target, of a foe knocked down: a round of its attacks
worse and ours better, and its movement spent standing up."""
AI_PUSH_WORTH = 0.15
"""An AI's estimate of a foe pushed a few tiles: out of reach for a round, perhaps."""


@dataclass(frozen=True)
class ActionDescription:
    """An `[[action]]` entry: its key (`name`), words, the skill rolled, and its effect."""

    name: str
    label: str
    skill: str
    effect: str
    tiles: int = 0
    help: str = ""


@dataclass(frozen=True)
class Pushed(Event):
    """A composed action pushed its target straight away from the pusher."""

    kind: ClassVar[str] = "pushed"
    target: str
    by: str
    action: str
    path: tuple[Tile, ...]
    stop: str = ""
    target_id: int | None = entity_id()

    def text(self) -> str:
        moved = len(self.path) - 1
        start, end = tuple(self.path[0]), tuple(self.path[-1])
        where = f"{start} → {end}" if moved else f"stays at {start}"
        stop = f"; {self.stop}" if self.stop else ""
        tiles = f"{moved} tile{'s' if moved != 1 else ''}"
        return f"{self.target} is pushed {tiles} by {self.by}'s {self.action}: {where}{stop}"


@applies(Pushed)
def _pushed(world: World, event: Pushed) -> None:
    world.set(entity(event.target_id, event), Position(*event.path[-1]))


class HouseAction(AttackSpec):
    """A composed action of a house rule (`register` makes one subclass per action)."""

    description: ClassVar[ActionDescription]
    roles = frozenset({"offensive", "targeted", "melee"})
    deals_injury = False
    win = "success"
    lose = "failure"

    @property
    def attack_class(self) -> str:
        """Defences count against it as against a Strike (a melee attack)."""
        return ActionKind.STRIKE.value

    def default_weapon(self, equipment: Equipment) -> Weapon | None:
        """The melee weapon in hand (its reach), else bare hands."""
        return equipment.melee_weapon() or BARE_HANDS

    def attack_reasons(self, check: OrderCheck, action: Action, weapon: Weapon | None) -> list[str]:
        """Nothing beyond reach; a drop needs a weapon to drop."""
        assert action.target is not None
        if self.description.effect == DROP_WEAPON and not check.world.get(action.target, Equipment).weapons:
            return [f"{name_of(check.world, action.target)} holds no weapon to drop"]
        return []

    def base_breakdown(self, ctx: AttackContext) -> Breakdown:
        """The attacker's skill with the round's penalties."""
        return skill_roll(ctx.world, ctx.attacker, self.description.skill, ctx.order)

    def ai_worth(self, world: World, actor: int, action: Action) -> float:
        """What a success is worth to an AI, in Injuries on the target: a dropped weapon what a
        Disarm's is (asked of the Disarm); a foe on the ground or pushed away, an estimate."""
        if self.description.effect == DROP_WEAPON:
            return float(spec_of(ActionKind.DISARM).ai_worth(world, actor, action))
        return AI_PRONE_WORTH if self.description.effect == PRONE else AI_PUSH_WORTH

    def on_success(self, rnd: RoundPort, eid: int, action: Action, weapon: Weapon, rolled: Rolled) -> None:
        """The effect, on the target."""
        assert action.target is not None
        world, target, effect = rnd.world, action.target, self.description.effect
        by = name_of(world, eid)
        if effect == PUSH:
            path, stop = push_path(world, rnd.board, target, tile_of(world, eid), self.description.tiles)
            rnd.emit(Pushed(name_of(world, target), by, self.label, tuple(path), stop, target_id=target))
        elif effect == PRONE:
            knock_down(rnd, target, f"is knocked down by {by}'s {self.label}")
        elif effect == DROP_WEAPON:
            equipment = world.get(target, Equipment)
            if equipment.weapons:  # an earlier success this round may have taken the last one
                dropped = equipment.melee_weapon() or equipment.weapons[0]
                tile = landing_tile(rnd, tile_of(world, target))
                fell = WeaponFell(
                    name_of(world, target),
                    dropped.name,
                    tile,
                    target_id=target,
                    item_id=world.next_id,
                    why=f"{by}'s {self.label}",
                )
                rnd.emit(fell)


def action_kind(rule_key: str, name: str) -> str:
    """The action kind of a house rule's action: `<rule key>_<name>` (`house_brawl_shove`)."""
    return f"{rule_key}_{name}"


def register(rule_key: str, description: ActionDescription) -> str:
    """Register one composed action of the house rule `rule_key` (offered while it is on);
    its kind."""
    value = action_kind(rule_key, description.name)
    attributes = {
        "kind": ActionKind.define(value),
        "label": description.label,
        "help": description.help or f"a {description.skill} roll; on a success, {describe(description)}",
        "module": rule_key,
        "description": description,
        "__doc__": f"The house action {value!r}.",
    }
    register_action(type(f"HouseAction_{value}", (HouseAction,), attributes))
    return value


def describe(description: ActionDescription) -> str:
    """What a success does, in words."""
    if description.effect == PUSH:
        return f"the target is pushed {description.tiles} tile{'s' if description.tiles != 1 else ''} away"
    if description.effect == PRONE:
        return "the target falls prone"
    return "the target drops its weapon"
