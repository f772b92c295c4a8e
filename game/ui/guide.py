"""A guided tutorial: one thing asked at a time, and the next asked once it is done.

The first tutorial used to give its whole recipe in one line ("Click a tile …, Q/E …, then C
to declare. Next round, click the thug …").  A guide keeps a list of steps for the learner's
combatant; each step says what to do and how to tell it is done, from what the window
already knows (the order being planned, the orders declared).  It moves on only forward, a
step at a time, and the battle screen shows the step in its hint line: "Step 2 of 6: …".
Pure: no pygame; the rules decide everything, the guide only watches the plan.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field

from game.core.geometry import bearing_direction
from game.i18n import N_, _
from game.rules.battle import Battle
from game.rules.orders import ActionKind, Order
from game.rules.positions import are_enemies, combatants, tile_of
from game.rules.registry import OFFENSIVE

Check = Callable[["GuideView"], bool]


@dataclass(frozen=True)
class GuideView:
    """What a step looks at: the battle, the learner, the order being planned for it (None
    when it is not declaring), and how many orders it had declared when the step began."""

    battle: Battle
    learner: int
    plan: Order | None
    declared_before: int

    def declared(self) -> int:
        """The orders the learner has declared so far, over every round."""
        return sum(1 for r in self.battle.records for o in r.orders if o.actor == self.learner)

    def enemy_tiles(self) -> list[tuple[int, int]]:
        """Where the learner's enemies stand."""
        world = self.battle.world
        return [tile_of(world, e) for e in combatants(world) if are_enemies(world, self.learner, e)]


@dataclass(frozen=True)
class GuideStep:
    """One thing to do, and how to tell it is done."""

    text: str
    done: Check


def planned_a_move(view: GuideView) -> bool:
    """The plan has a path."""
    return view.plan is not None and bool(view.plan.path)


def chose_a_facing(view: GuideView) -> bool:
    """The plan's final facing turns toward an enemy's side of the map (within 45°)."""
    plan = view.plan
    if plan is None or plan.facing is None:
        return False
    end = plan.path[-1] if plan.path else tile_of(view.battle.world, view.learner)
    return any((bearing_direction(end, t) - plan.facing) % 8 in (0, 1, 7) for t in view.enemy_tiles())


def planned(kinds: Container[ActionKind]) -> Check:
    """The plan holds an action of one of these kinds."""
    return lambda view: view.plan is not None and any(a.kind in kinds for a in view.plan.actions)


def declared_again(view: GuideView) -> bool:
    """An order declared since the step began."""
    return view.declared() > view.declared_before


BASICS = (
    GuideStep(
        N_("click a tile toward the thug to plan Omar's move (orange tiles need a Sprint)"), planned_a_move
    ),
    GuideStep(
        N_("turn Omar to face the thug: Q and E turn him, or right-click the thug's tile"), chose_a_facing
    ),
    GuideStep(N_("press C to declare Omar's order, and watch the round play out"), declared_again),
    GuideStep(
        N_("click the thug to attack him: choose Strike (the menu shows its chance)"), planned(OFFENSIVE)
    ),
    GuideStep(
        N_("press X and add a Parry: the thug's Strikes get harder this round"),
        planned(frozenset({ActionKind.PARRY})),
    ),
    GuideStep(N_("press C to declare; fight on until one of you is Defeated"), declared_again),
)
GUIDES: dict[str, tuple[GuideStep, ...]] = {"basics": BASICS}
"""The tutorials that guide step by step, by topic."""


@dataclass
class Guide:
    """Where a learner is in a guide's steps (only ever forward)."""

    steps: tuple[GuideStep, ...]
    learner: int
    index: int = 0
    declared_at_step: int = 0
    done_at: list[int] = field(default_factory=list)  # the round each step was done in

    def advance(self, battle: Battle, plan: Order | None) -> bool:
        """Move past every step now done; True when one was."""
        moved = False
        while self.index < len(self.steps):
            view = GuideView(battle, self.learner, plan, self.declared_at_step)
            if not self.steps[self.index].done(view):
                break
            self.done_at.append(battle.number)
            self.index += 1
            self.declared_at_step = view.declared()
            moved = True
        return moved

    @property
    def finished(self) -> bool:
        """Every step done."""
        return self.index >= len(self.steps)

    def line(self) -> str:
        """ "Step 2 of 6: turn Omar …", or "" once every step is done."""
        if self.finished:
            return ""
        text = _(self.steps[self.index].text)
        return _("Step {number} of {count}: {text}").format(
            number=self.index + 1, count=len(self.steps), text=text[0].upper() + text[1:]
        )


def guide_for(battle: Battle, topic: str | None, humans: list[int]) -> Guide | None:
    """The guide of a tutorial topic, for the first human combatant; None when the topic has
    none or no one plays by hand."""
    steps = GUIDES.get(topic or "")
    if not steps or not humans:
        return None
    return Guide(steps, humans[0], declared_at_step=_declared(battle, humans[0]))


def _declared(battle: Battle, eid: int) -> int:
    return sum(1 for r in battle.records for o in r.orders if o.actor == eid)
