"""Who can be placed: the roster's named characters and troops, and the roster character a
combatant still is (a scenario file can only name roster characters)."""

from __future__ import annotations

from game.content.roster import Character, Roster, default_roster
from game.core.sheet import Sheet
from game.world import Appearance, Equipment, Name, World


def named_characters(roster: Roster | None = None) -> list[Character]:
    """The combat chapter's named characters, as the roster lists them."""
    return [c for c in (roster or default_roster()).characters.values() if c.kind == "named"]


def troops(roster: Roster | None = None) -> list[Character]:
    """Generic troops, as the roster lists them."""
    return [c for c in (roster or default_roster()).characters.values() if c.kind == "troop"]


def same_as(world: World, eid: int, character: Character) -> bool:
    """Whether a combatant's sheet and equipment are still exactly the character's."""
    return world.get(eid, Sheet) == character.sheet and world.get(eid, Equipment) == character.equipment


def roster_origin(world: World, eid: int, roster: Roster | None = None) -> str | None:
    """The roster character a combatant is (the same sheet and equipment), preferring one whose
    short name is the combatant's and whose token it wears; None if it is no roster character."""
    roster = roster or default_roster()
    name = world.get(eid, Name).value.casefold()
    appearance = world.try_get(eid, Appearance)
    matches = [c for c in roster.characters.values() if same_as(world, eid, c)]
    if not matches:
        return None
    matches.sort(
        key=lambda c: (c.short.casefold() != name, appearance is None or c.token != appearance.token)
    )
    return matches[0].id
