"""Builders for hand-made battles in tests: `Cast().add("Omar", ...)`."""

from __future__ import annotations

from game.rules.actions import Action, ActionKind, CalledShot, Order
from game.rules.board import GridBoard
from game.rules.equipment import Armour, MissileKind, Shield, Weapon, WeaponClass
from game.rules.sheet import Sheet
from game.world import Condition, Equipment, Facing, Name, Position, Side, World

SWORD = Weapon("sword", injury=2)
DAGGER = Weapon("dagger", injury=1)
STUN_BATON = Weapon("stun baton", injury=1)
SHOTGUN = Weapon(
    "shotgun", WeaponClass.MISSILE, hands=2, injury=3, missile_kind=MissileKind.SLUG,
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
            Name(name), Position(*at), Facing(facing), Side(side), sheet,
            Equipment(weapons, shield, armour), Condition(injuries=injuries, defeated=injuries >= 3),
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

    def act(self, kind: ActionKind, target: str | None = None, called: CalledShot | None = None, **kw) -> Action:
        """An action, naming the target by name."""
        return Action(kind, self.ids[target] if target else None, called, **kw)
