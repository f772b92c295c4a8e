"""The conditions a house rule may put on an attack (docs/house-rules.md), each read from what
the engine already knows at the attack (`AttackContext`), never worked out again here.

One `Condition` per key of a house rule's `when` table: its kind of value, the words it
accepts, and its test.  The loader (`game.content.house_rules`) validates a file against
this table and `HouseRule` asks it at every attack; both read the same table, so a
condition is defined once.  The arc comes from the facing module's `arc_of`, the range band
from `positions.range_band`, cover from the board's `cover_between`, lying prone from the
prone module's round fact, engagement from `positions.engaged_with`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.sheet import ALL_SKILLS, Sheet
from game.rules.arcs import BACK, FRONT, LEFT, RIGHT, arc_of
from game.rules.board import COVER_LEVELS
from game.rules.modules import prone
from game.rules.positions import RANGE_BANDS, are_enemies, engaged_with, range_band

if TYPE_CHECKING:
    from game.rules.api.attack import AttackContext

WORDS, FLAG, SKILLS, NAMES = "words", "flag", "skills", "names"
"""The kinds of value a condition takes: words from a fixed list (one, or a list meaning any
of them), true/false, a table skill → whole number, or free names (terrain kinds, weapons)."""

SIDE = "side"
ARC_WORDS = {FRONT: {FRONT}, SIDE: {LEFT, RIGHT}, LEFT: {LEFT}, RIGHT: {RIGHT}, BACK: {BACK}}
"""A house rule's arc words → the facing module's arcs ("side" is either side)."""
POSTURES = ("prone", "standing")
NO_TERRAIN = None
"""What `terrain_of` answers on a board that has no terrain kinds (the sandbox's grid)."""


@dataclass(frozen=True)
class Condition:
    """One key of a `when` table: what value it takes and when it holds."""

    key: str
    kind: str
    help: str
    test: Callable[[AttackContext, Any], bool]
    choices: tuple[str, ...] = ()
    """The words a WORDS condition accepts."""


def target_arc(ctx: AttackContext) -> str:
    """The arc of the target the attack comes from (the facing module's own function)."""
    situation = ctx.situation
    return arc_of(situation.target_tile, situation.target_facing, situation.attacker_tile)


def band_of(ctx: AttackContext) -> str | None:
    """The range band of a missile attack ("short", "medium", "long"); None for melee or out of range."""
    weapon = ctx.weapon
    if weapon.is_melee or weapon.ranges is None:
        return None
    situation = ctx.situation
    found = range_band(ctx.board.distance(situation.attacker_tile, situation.target_tile), weapon)
    return None if found is None else found[0]


def terrain_of(ctx: AttackContext, attacker: bool) -> str | None:
    """The terrain kind's name under the attacker (or the target), where the board has terrain
    kinds (a map); None on a board without them."""
    terrain_at = getattr(ctx.board, "terrain_at", None)
    if terrain_at is None:
        return NO_TERRAIN
    situation = ctx.situation
    tile = situation.attacker_tile if attacker else situation.target_tile
    return str(terrain_at(tile).name)


def posture_of(ctx: AttackContext, attacker: bool) -> str:
    """ "prone" when the prone module's round fact says so (only while it is on), else "standing"."""
    facts = ctx.situation.attacker_facts if attacker else ctx.situation.target_facts
    return "prone" if prone.FACT in facts else "standing"


def target_engaged_by_ally(ctx: AttackContext) -> bool:
    """Whether the target is engaged in melee with another combatant of the attacker's side."""
    world = ctx.world
    foes = engaged_with(world, ctx.board, ctx.target, at=ctx.situation.target_tile)
    return any(other != ctx.attacker and not are_enemies(world, other, ctx.attacker) for other in foes)


def _skill_test(attacker: bool, at_least: bool) -> Callable[[AttackContext, Any], bool]:
    def test(ctx: AttackContext, wanted: tuple[tuple[str, int], ...]) -> bool:
        sheet = ctx.world.get(ctx.attacker if attacker else ctx.target, Sheet)
        return all((sheet.skill(s) >= n) if at_least else (sheet.skill(s) < n) for s, n in wanted)

    return test


def _words(ctx_value: str | None, wanted: tuple[str, ...]) -> bool:
    return ctx_value is not None and ctx_value in wanted


CONDITIONS: Mapping[str, Condition] = {
    c.key: c
    for c in (
        Condition(
            "arc",
            WORDS,
            "the target's arc the attack comes from (the facing module's arcs; side: left or right)",
            lambda ctx, wanted: any(target_arc(ctx) in ARC_WORDS[w] for w in wanted),
            tuple(ARC_WORDS),
        ),
        Condition(
            "range",
            WORDS,
            "a missile attack's range band (never true of a melee attack)",
            lambda ctx, wanted: _words(band_of(ctx), wanted),
            tuple(band for band, _, _ in RANGE_BANDS),
        ),
        Condition(
            "cover",
            WORDS,
            "the cover between attacker and target (the board's, as the cover module reads it)",
            lambda ctx, wanted: _words(
                ctx.board.cover_between(ctx.situation.attacker_tile, ctx.situation.target_tile), wanted
            ),
            COVER_LEVELS,
        ),
        Condition(
            "attacker_posture",
            WORDS,
            "the attacker lies prone (the prone module's round fact) or stands",
            lambda ctx, wanted: _words(posture_of(ctx, True), wanted),
            POSTURES,
        ),
        Condition(
            "target_posture",
            WORDS,
            "the target lies prone or stands",
            lambda ctx, wanted: _words(posture_of(ctx, False), wanted),
            POSTURES,
        ),
        Condition(
            "attacker_terrain",
            NAMES,
            "the terrain kind under the attacker (a map's; never true on a board without terrain kinds)",
            lambda ctx, wanted: _words(terrain_of(ctx, True), wanted),
        ),
        Condition(
            "target_terrain",
            NAMES,
            "the terrain kind under the target",
            lambda ctx, wanted: _words(terrain_of(ctx, False), wanted),
        ),
        Condition(
            "weapon",
            NAMES,
            "the attacker's weapon, by name",
            lambda ctx, wanted: ctx.weapon.name in wanted,
        ),
        Condition(
            "attacker_engaged",
            FLAG,
            "the attacker is (true) or is not (false) engaged in melee",
            lambda ctx, wanted: ctx.situation.attacker_engaged == wanted,
        ),
        Condition(
            "target_engaged_by_ally",
            FLAG,
            "the target is (true) or is not (false) engaged in melee with another of the attacker's side",
            lambda ctx, wanted: target_engaged_by_ally(ctx) == wanted,
        ),
        Condition(
            "attacker_skill_at_least",
            SKILLS,
            "each named skill of the attacker's sheet is at least the number",
            _skill_test(True, True),
        ),
        Condition(
            "attacker_skill_below",
            SKILLS,
            "each named skill of the attacker's sheet is below the number",
            _skill_test(True, False),
        ),
        Condition(
            "target_skill_at_least",
            SKILLS,
            "each named skill of the target's sheet is at least the number",
            _skill_test(False, True),
        ),
        Condition(
            "target_skill_below",
            SKILLS,
            "each named skill of the target's sheet is below the number",
            _skill_test(False, False),
        ),
    )
}
"""Every condition a house rule's `when` table may use, by key."""

SKILL_NAMES = ALL_SKILLS
"""The skills a skill condition may name (the sheet's)."""


def holds(ctx: AttackContext, when: tuple[tuple[str, Any], ...]) -> bool:
    """Whether every condition of a `when` table holds for this attack (all of them: AND)."""
    return all(CONDITIONS[key].test(ctx, value) for key, value in when)
