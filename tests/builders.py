"""Builders for hand-made battles in tests: `Cast().add("Omar", ...)`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from game.core.equipment import Armour, MissileKind, Shield, Weapon, WeaponClass
from game.core.sheet import Sheet
from game.rules.board import GridBoard
from game.rules.dice import Dice
from game.rules.events import Event, Rolled
from game.rules.orders import Action, ActionKind, CalledShot, Order
from game.rules.round import play_round
from game.world import Condition, Equipment, Facing, Item, Name, Position, Side, World

E = TypeVar("E", bound=Event)

SWORD = Weapon("sword", injury=2)
DAGGER = Weapon("dagger", injury=1)
STUN_BATON = Weapon("stun baton", injury=1)
SHOTGUN = Weapon(
    "shotgun",
    WeaponClass.MISSILE,
    hands=2,
    injury=3,
    missile_kind=MissileKind.SLUG,
    ranges=(15.0, 40.0, 80.0),
)
BLASTER = Weapon(
    "blaster", WeaponClass.MISSILE, injury=3, missile_kind=MissileKind.BEAM, ranges=(20.0, 50.0, 100.0)
)
SHIELD = Shield("round shield", 1)
PLATE = Armour("full plate", 8, -4, -2)


class Cast:
    """A world plus a board, with named combatants."""

    def __init__(self, width: int = 12, height: int = 12, **board_kwargs: object) -> None:
        self.world = World()
        self.board = GridBoard(width, height, **board_kwargs)  # type: ignore[arg-type]
        self.ids: dict[str, int] = {}

    def add(
        self,
        name: str,
        at: tuple[int, int],
        side: str = "a",
        vigor: int = 3,
        agility: int = 3,
        facing: int = 2,
        weapons: tuple[Weapon, ...] = (SWORD,),
        shield: Shield | None = None,
        armour: Armour | None = None,
        injuries: int = 0,
        **skills: int,
    ) -> int:
        """Add a combatant; keyword skills go on the sheet (strike=6, dodge=8 …)."""
        attrs = {k: skills.pop(k) for k in ("stamina", "intuition", "intellect", "luck") if k in skills}
        sheet = Sheet(vigor, agility, skills=skills, **attrs)
        eid = self.world.create(
            Name(name),
            Position(*at),
            Facing(facing),
            Side(side),
            sheet,
            Equipment(weapons, shield, armour),
            Condition(injuries=injuries, defeated=injuries >= 3),
        )
        self.ids[name] = eid
        return eid

    def __getitem__(self, name: str) -> int:
        return self.ids[name]

    def order(
        self, actor: str, *actions: Action, path: tuple[tuple[int, int], ...] = (), facing: int | None = None
    ) -> Order:
        """An order for a named combatant."""
        return Order(self.ids[actor], tuple(actions), path, facing)

    def act(
        self, kind: ActionKind, target: str | None = None, called: CalledShot | None = None, **kw: object
    ) -> Action:
        """An action, naming the target by name."""
        return Action(kind, self.ids[target] if target else None, called, **kw)


# ---------------------------------------------------------------------------------------------
# The combat chapter's cast (seeds/000_…, CO.02–CO.18), for the worked-example tests.
# Only the numbers the EXAMPLE blocks give are set; every other skill stays at the
# Combat Composite (Vigor 3, Agility 3 → 3 unless the chapter says otherwise).

FORCE_BLADE = Weapon("force blade", injury=2)
"""CO.10 Ex. 7: the alien's melee weapon."""
HUNTING_RIFLE = Weapon(
    "hunting rifle",
    WeaponClass.MISSILE,
    hands=2,
    injury=3,
    missile_kind=MissileKind.SLUG,
    ranges=(60.0, 150.0, 300.0),
)
"""CO.10 Ex. 7: Alex's rifle (ranges are ours, the Armory is not in the chapter)."""
DISINTEGRATOR = Weapon(
    "matter disintegrator pistol",
    WeaponClass.MISSILE,
    injury=3,
    missile_kind=MissileKind.BEAM,
    ranges=(10.0, 25.0, 50.0),
)
"""CO.07 Ex. 2: the captured alien pistol, a Beam weapon."""
SENTRY_LASER = Weapon(
    "sentry laser",
    WeaponClass.MISSILE,
    hands=2,
    injury=2,
    missile_kind=MissileKind.BEAM,
    ranges=(20.0, 50.0, 100.0),
)
"""CO.15: the remote-controlled sentry laser."""

CHAPTER_CAST: dict[str, dict[str, object]] = {
    # CO.02 Vigor 2, Agility 3, Luck 2; CO.06 Strike 6; CO.09 Feint 4.
    "Omar": {"side": "hunters", "vigor": 2, "agility": 3, "luck": 2, "strike": 6, "feint": 4},
    # CO.08 Strike 5; CO.10 Grip 7 and a stun baton; CO.13 Block 4 with a shield; CO.18 Movement 4.
    "Serena": {
        "side": "hunters",
        "weapons": (STUN_BATON,),
        "shield": SHIELD,
        "strike": 5,
        "grip": 7,
        "block": 4,
        "movement": 4,
    },
    # CO.13 Strike 9; CO.14 Dodge 8; CO.12 Parry 5; CO.10 Disarm 7.
    "Niles": {"side": "assassin", "weapons": (DAGGER,), "strike": 9, "dodge": 8, "parry": 5, "disarm": 7},
    # CO.07 Missile Strike (Slug Thrower) 10; CO.15 Evade 5.
    "Alex": {"side": "resistance", "weapons": (SHOTGUN,), "missile_slug": 10, "evade": 5},
    # CO.09 Ex. 3 and 5.
    "Frederic": {"side": "fakers", "strike": 8, "feint": 6},
    "Dirk": {"side": "dodgers", "dodge": 9},
    # CO.10 Ex. 4.
    "Charles": {"side": "clever", "disarm": 5},
    "Bruto": {"side": "brash"},
    # CO.11.
    "Bully": {"side": "bullies", "weapons": (), "brawling": 4},
    "Yobbo": {"side": "yobs", "weapons": ()},
    # CO.16–CO.17: Movement 5 and a −1 Injury Penalty.
    "IX/N(a)": {"side": "law", "movement": 5, "injuries": 1},
}
"""name → keyword arguments of `Cast.add`, from the numbers the chapter gives."""


class ChapterCast(Cast):
    """A `Cast` that knows the chapter's characters by name."""

    def add_chapter(self, name: str, at: tuple[int, int], **overrides: object) -> int:
        """Add one of `CHAPTER_CAST` at a tile; keyword arguments override its sheet."""
        spec = {**CHAPTER_CAST[name], **overrides}
        return self.add(name, at, **spec)  # type: ignore[arg-type]

    def drop(self, weapon: Weapon, at: tuple[int, int], owner: str | None = None) -> int:
        """Put a weapon on the ground (as a Disarm would); returns the item's id."""
        return self.world.create(
            Name(weapon.name), Position(*at), Item(weapon, owner=self.ids[owner] if owner else None)
        )

    def play(
        self,
        dice: Dice,
        *orders: Order,
        timing: Sequence[str] | None = None,
        number: int = 1,
    ) -> list[Event]:
        """Play one round; `timing` names the Timing order best first (None: roll for it).

        A combatant without an order declares nothing.
        """
        by_actor = {order.actor: order for order in orders}
        fixed = [self.ids[name] for name in timing] if timing is not None else None
        return play_round(self.world, self.board, dice, by_actor, number=number, timing_order=fixed)


def rolls(events: Sequence[Event], actor: str | None = None, action: str | None = None) -> list[Rolled]:
    """The `Rolled` events of an actor (and action label), in the order they happened."""
    return [
        e
        for e in events
        if isinstance(e, Rolled)
        and (actor is None or e.actor == actor)
        and (action is None or e.action == action)
    ]


def the_roll(events: Sequence[Event], actor: str, action: str) -> Rolled:
    """The one roll of that actor and action (fails the test if there are 0 or several)."""
    found = rolls(events, actor, action)
    assert len(found) == 1, f"expected one {actor}:{action} roll, got {[e.text() for e in found]}"
    return found[0]


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    """Every event of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def log_text(events: Sequence[Event]) -> str:
    """The round's log, one event per line, as a player reads it."""
    return "\n".join(e.text() for e in events)


BOUNTY_HUNT_TILES: dict[str, tuple[int, int]] = {"Omar": (4, 5), "Niles": (5, 5), "Serena": (6, 5)}
"""The bounty hunters' fight: Niles between Omar (west) and Serena (east), both in his reach."""


def bounty_hunt(
    *names: str,
    changes: dict[str, dict[str, object]] | None = None,
    width: int = 20,
    height: int = 12,
) -> ChapterCast:
    """Niles, Omar and Serena (or just the `names` given) in melee; `changes` overrides sheets."""
    cast = ChapterCast(width, height)
    for name in names or tuple(BOUNTY_HUNT_TILES):
        cast.add_chapter(name, BOUNTY_HUNT_TILES[name], **(changes or {}).get(name, {}))
    return cast
