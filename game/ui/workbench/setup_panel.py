"""The workbench's Set up tab: the board, the rules modules, placing combatants from the roster,
and the selected combatant's sheet, equipment and Injuries, each change one undoable edit.

Every change goes through `game.workbench.edits`, which gives the reason when it refuses one
(a wall, full hands, a name taken); the panel only offers and shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.armory import default_armory
from game.core.geometry import direction_name
from game.core.sheet import ALL_SKILLS, ATTRIBUTES, SKILL_LABELS, Sheet
from game.i18n import N_, _
from game.persist.house_rules import last_gathered
from game.rules.injury import DEFEAT_AT
from game.rules.plugins import plugin_problems
from game.rules.positions import name_of
from game.rules.registry import rules_modules
from game.rules.stats import movement_rate
from game.ui.render.widgets import MenuItem, PopupMenu
from game.ui.theme import shorten
from game.ui.workbench.widgets import Column, TextField, menu_page
from game.workbench import edits
from game.workbench.boards import map_choices, open_choice
from game.workbench.characters import named_characters, troops
from game.workbench.setup import Refused
from game.world import Condition, Equipment, Facing, Side

if TYPE_CHECKING:
    from game.ui.workbench.host import SetupHost

ATTRIBUTE_SHORT = {"vigor": "Vigor", "agility": "Agility", "stamina": "Stamina", "intuition": "Intuition",
                   "intellect": "Intellect", "luck": "Luck"}  # fmt: skip
MODULES_PER_ROW = 4  # rules module switches side by side in the panel
NEW_SIDES = (N_("Red"), N_("Blue"), N_("Green"), N_("Gold"))  # names offered to the first sides
SKILL_SHORT = {"missile_primitive": "Primitive", "missile_slug": "Slug Thrower", "missile_beam": "Beam",
               "withstand_injury": "Withstand"}  # fmt: skip


def draw(scene: SetupHost, surface: pygame.Surface, rect: pygame.Rect, scroll: int) -> Column:
    """The Set up panel; returns its laid-out column (buttons, tips, height)."""
    col = Column(surface, scene.theme, rect, scroll)
    setup = scene.setup
    pal = scene.theme.palette
    col.heading(_("Board"))
    board = shorten(setup.source.label, 40)
    col.row((board, None, {"enabled": False}), (_("Change…"), lambda: open_map_menu(scene)))
    col.heading(_("Rules modules"))
    switches = [
        (
            (_("{module}: on") if setup.options.has(m.name) else _("{module}: off")).format(
                module=_(m.label)
            ),
            lambda n=m.name: toggle_module(scene, n),
            {"tip": [_(m.help)], "selected": setup.options.has(m.name), "name": f"module:{m.name}"},
        )
        for m in rules_modules()
    ]
    for first in range(0, len(switches), MODULES_PER_ROW):  # rows, so any number of modules fits
        col.row(*switches[first : first + MODULES_PER_ROW])
    for found in last_gathered():  # house-rule files that cannot be used, greyed, with their reason
        if found.description is None:
            greyed = {"enabled": False, "reason": found.problem, "tip": [found.problem]}
            col.row((shorten(_("{name}: cannot be used").format(name=found.path.name), 40), None, greyed))
    for problem in plugin_problems():  # installed rules plug-ins that failed to load, likewise
        greyed = {"enabled": False, "reason": problem.reason, "tip": [problem.source, problem.reason]}
        col.row((shorten(_("{name}: cannot be used").format(name=problem.name), 40), None, greyed))
    col.heading(_("Place combatants"))
    side = scene.place_side or default_side(scene)
    scene.place_side = side
    col.row(
        (
            side,
            lambda: cycle_side(scene),
            {"tip": [_("The side the next combatant joins (click: the next side)")]},
        ),
        (_("New side…"), lambda: ask_side(scene)),
        label=_("Side"),
    )
    col.row(
        (_("Named character…"), lambda: roster_menu(scene, named=True)),
        (_("Troop…"), lambda: roster_menu(scene, named=False)),
    )
    if scene.placing is not None:
        col.text(
            _("Placing {name} for {side}: click a free tile (Esc stops).").format(
                name=scene.placing.short, side=side
            ),
            12,
            pal.accent,
        )
    col.row(
        (shorten(_(setup.title), 36), None, {"enabled": False}),
        (_("Rename…"), lambda: ask_title(scene), {"name": "title"}),
        label=_("Title"),
    )
    col.gap(4)
    eid = scene.selected
    if eid is None or eid not in setup.combatants:
        col.heading(_("Selected combatant"))
        col.text(
            _("Click a combatant to edit its sheet, equipment and Injuries; drag it to move it."),
            12,
            pal.text_dim,
        )
        return col
    _combatant(scene, col, eid)
    return col


def _combatant(scene: SetupHost, col: Column, eid: int) -> None:
    setup, pal = scene.setup, scene.theme.palette
    world = setup.world
    sheet = world.get(eid, Sheet)
    condition = world.get(eid, Condition)
    name = name_of(world, eid)
    col.heading(f"{name} · {world.get(eid, Side).name}")
    col.row(
        ("Rename…", lambda: ask_name(scene, eid), {"name": "rename"}),
        ("Other side", lambda: next_side(scene, eid), {"name": "other side"}),
        ("Remove", lambda: remove(scene, eid), {"name": "remove"}),
    )
    facing = world.get(eid, Facing).direction
    state = "dead" if condition.dead else "Defeated" if condition.defeated else ""
    col.cells(
        [
            (
                _("Facing {direction}").format(direction=direction_name(facing)),
                [
                    (
                        "◀",
                        lambda: scene.edit(edits.turn(scene.setup, eid, facing - 1), f"turn {name}"),
                        "turn-",
                    ),
                    (
                        "▶",
                        lambda: scene.edit(edits.turn(scene.setup, eid, facing + 1), f"turn {name}"),
                        "turn+",
                    ),
                ],
                ["Right click a tile, or Q/E, turns the selected combatant too"],
                True,
            ),
            (
                f"Injuries {condition.injuries}/{DEFEAT_AT}" + (f" {state}" if state else ""),
                [
                    ("−", _injure(scene, eid, condition.injuries - 1), "injuries-"),
                    ("+", _injure(scene, eid, condition.injuries + 1), "injuries+"),
                ],
                [
                    f"−{condition.injuries} to every roll but the Movement rate"
                    if condition.injuries
                    else "unhurt"
                ],
                bool(condition.injuries),
            ),
        ]
    )
    if condition.dead:
        col.row(
            (_("Revive (Defeated)"), lambda: scene.edit(edits.revive(scene.setup, eid), f"revive {name}"))
        )
    col.cells(
        [
            (
                f"{ATTRIBUTE_SHORT[a]} {getattr(sheet, a)}",
                [
                    ("−", _attribute(scene, eid, a, getattr(sheet, a) - 1), f"{a}-"),
                    ("+", _attribute(scene, eid, a, getattr(sheet, a) + 1), f"{a}+"),
                ],
                None,
                True,
            )
            for a in ATTRIBUTES
        ]
    )
    rounding = {None: "by Luck", True: "yes", False: "no"}[sheet.favorable_rounding]
    col.row(
        (f"Favorable Rounding: {rounding}", lambda: cycle_rounding(scene, eid), {"name": "rounding"}),
        label=f"Composite {sheet.combat_composite} · Move {movement_rate(world, eid).total} m ·",
    )
    col.cells(
        [
            (
                f"{SKILL_SHORT.get(s, SKILL_LABELS[s])} {sheet.skill(s)}",
                [
                    ("↺", _skill(scene, eid, s, None) if s in sheet.skills else None, f"{s}="),
                    ("−", _skill(scene, eid, s, sheet.skill(s) - 1), f"{s}-"),
                    ("+", _skill(scene, eid, s, sheet.skill(s) + 1), f"{s}+"),
                ],
                [
                    f"{SKILL_LABELS[s]}: "
                    + (
                        "written on the sheet (↺ back to its start)"
                        if s in sheet.skills
                        else "at its starting value"
                    )
                ],
                s in sheet.skills,
            )
            for s in ALL_SKILLS
        ]
    )
    eq = world.get(eid, Equipment)
    col.heading(_("Equipment"))
    for index, weapon in enumerate(eq.weapons):
        col.row(
            (
                f"{weapon.name} ×",
                lambda i=index, w=weapon.name: scene.edit(
                    edits.remove_weapon(scene.setup, eid, i), f"drop {w}"
                ),
                {"tip": [f"Take the {weapon.name} out of {name}'s hands"], "name": f"drop:{index}"},
            ),
        )
    col.row(
        (_("Melee weapon…"), lambda: equipment_menu(scene, eid, "melee")),
        (_("Missile weapon…"), lambda: equipment_menu(scene, eid, "missile")),
    )
    col.row(
        (f"Shield: {eq.shield.name if eq.shield else 'none'}", lambda: equipment_menu(scene, eid, "shield")),
        (f"Armour: {eq.armour.name if eq.armour else 'none'}", lambda: equipment_menu(scene, eid, "armour")),
    )
    col.text(_("Free hands: {count}").format(count=eq.free_hands()), 11, pal.text_dim)


def _attribute(scene: SetupHost, eid: int, name: str, value: int):  # noqa: ANN202
    return lambda: scene.edit(
        edits.set_attribute(scene.setup, eid, name, value), f"{ATTRIBUTE_SHORT[name]} {value}"
    )


def _skill(scene: SetupHost, eid: int, skill: str, value: int | None):  # noqa: ANN202
    label = f"{SKILL_LABELS[skill]} {value if value is not None else 'reset'}"
    return lambda: scene.edit(edits.set_skill(scene.setup, eid, skill, value), label)


def _injure(scene: SetupHost, eid: int, value: int):  # noqa: ANN202
    return lambda: scene.edit(edits.set_injuries(scene.setup, eid, value), f"Injuries {value}")


# ------------------------------------------------------------------ commands
def toggle_module(scene: SetupHost, name: str) -> None:
    """Switch a rules module on or off."""
    on = not scene.setup.options.has(name)
    scene.edit(edits.set_module(scene.setup, name, on), f"{name} {'on' if on else 'off'}")


def default_side(scene: SetupHost) -> str:
    """The side a new combatant joins: the first side, or a new one if there is none."""
    sides = scene.setup.sides
    return sides[0] if sides else _(NEW_SIDES[0])


def cycle_side(scene: SetupHost) -> None:
    """The next side to place for: every side there is, then a new one."""
    sides = list(scene.setup.sides)
    fresh = next((s for s in map(_, NEW_SIDES) if s.casefold() not in {x.casefold() for x in sides}), None)
    choices = sides + ([fresh] if fresh else [])
    current = scene.place_side
    scene.place_side = (
        choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]
    )


def ask_side(scene: SetupHost) -> None:
    """Name a new side to place for."""

    def done(text: str) -> str:
        text = text.strip()
        if not text or len(text) > 60 or not text.isprintable():
            return "a side's name is one line of at most 60 characters"
        scene.place_side = text
        return ""

    scene.field = TextField(_("Name the side"), "", done, 60)


def ask_title(scene: SetupHost) -> None:
    """Rename the position (files are named after it)."""

    def done(text: str) -> str:
        result = edits.set_title(scene.setup, text.strip())
        if isinstance(result, Refused):
            return result.reason
        scene.edit(result, "title")
        return ""

    scene.field = TextField(_("Title of the position"), scene.setup.title, done)


def ask_name(scene: SetupHost, eid: int) -> None:
    """Rename a combatant."""

    def done(text: str) -> str:
        result = edits.rename(scene.setup, eid, text)
        if isinstance(result, Refused):
            return result.reason
        scene.edit(result, f"rename {text}")
        return ""

    scene.field = TextField(_("Name of the combatant"), name_of(scene.setup.world, eid), done, 60)


def next_side(scene: SetupHost, eid: int) -> None:
    """Move a combatant to the next side (a new one after the last)."""
    sides = list(scene.setup.sides)
    current = scene.setup.world.get(eid, Side).name
    fresh = next((s for s in map(_, NEW_SIDES) if s.casefold() not in {x.casefold() for x in sides}), current)
    choices = sides + [fresh] if fresh not in sides else sides
    target = choices[(choices.index(current) + 1) % len(choices)]
    scene.edit(edits.set_side(scene.setup, eid, target), f"side {target}")


def remove(scene: SetupHost, eid: int) -> None:
    """Take a combatant off the board."""
    scene.edit(edits.remove(scene.setup, eid), f"remove {name_of(scene.setup.world, eid)}")


def cycle_rounding(scene: SetupHost, eid: int) -> None:
    """Favorable Rounding: by Luck → yes → no."""
    current = scene.setup.world.get(eid, Sheet).favorable_rounding
    following = {None: True, True: False, False: None}[current]
    scene.edit(edits.set_rounding(scene.setup, eid, following), "Favorable Rounding")


def open_map_menu(scene: SetupHost, first: int = 0) -> None:
    """Every board: open ground of a size, the bundled maps, your maps; a page at a time
    (More… for the next), so the menu fits the window however many maps you have."""
    choices = scene.cached("map choices", map_choices)
    items = menu_page(
        choices,
        first,
        lambda c: MenuItem(c.label, lambda: change_map(scene, c)),
        lambda nxt: open_map_menu(scene, nxt),
    )
    rect = scene.rects["right"]
    scene.menu = PopupMenu(scene.theme, "Board", items, (rect.x - scene.theme.px(300), rect.y))


def change_map(scene: SetupHost, choice) -> None:  # noqa: ANN001 - a MapChoice
    """Put the position on another board; who cannot stand on it is left off (undo brings them back)."""
    opened = open_choice(choice)
    if isinstance(opened, Refused):
        scene.toast(opened.reason, bad=True)
        return
    moved, dropped = edits.set_board(scene.setup, *opened)
    if scene.edit(moved, f"board: {choice.label}") and dropped:
        scene.toast(f"Left off (a wall or off the board there): {', '.join(dropped)}", bad=True)


def roster_menu(scene: SetupHost, named: bool) -> None:
    """The roster's named characters or troops; choosing one arms placing it."""
    people = named_characters() if named else troops()
    items = []
    for character in people:
        detail = f"{character.setting}" + (f" · {shorten(character.source, 28)}" if named else "")

        def arm(c=character) -> None:  # noqa: ANN001
            scene.placing = c
            scene.toast(f"Click a free tile to place {c.short}")

        items.append(MenuItem(shorten(f"{character.short} ({character.name})", 44), arm, detail))
    rect = scene.rects["right"]
    title = _("Place a named character") if named else _("Place a troop")
    scene.menu = PopupMenu(scene.theme, title, items, (rect.x - scene.theme.px(420), rect.y))


def equipment_menu(scene: SetupHost, eid: int, kind: str) -> None:
    """The armory's melee or missile weapons (into a free hand), shields or armour (or none)."""
    armory = default_armory()
    setup = scene.setup
    items: list[MenuItem] = []
    if kind in ("melee", "missile"):
        for weapon in armory.weapons.values():
            if weapon.is_missile != (kind == "missile"):
                continue

            def add(w=weapon) -> None:  # noqa: ANN001
                scene.edit(edits.add_weapon(scene.setup, eid, w), f"add {w.name}")

            result = edits.add_weapon(setup, eid, weapon)
            reason = result.reason if isinstance(result, Refused) else ""
            ranges = "/".join(f"{r:g}" for r in weapon.ranges or ())
            label = f"{ranges} m" if weapon.is_missile else f"reach {weapon.reach}"
            detail = (
                f"{label} · injury {weapon.injury} · {weapon.hands} hand{'s' if weapon.hands > 1 else ''}"
            )
            items.append(MenuItem(weapon.name, add, detail, not reason, reason))
    elif kind == "shield":
        items.append(
            MenuItem("no shield", lambda: scene.edit(edits.set_shield(scene.setup, eid, None), "no shield"))
        )
        for shield in armory.shields.values():
            result = edits.set_shield(setup, eid, shield)
            reason = result.reason if isinstance(result, Refused) else ""
            items.append(
                MenuItem(
                    shield.name,
                    lambda s=shield: scene.edit(edits.set_shield(scene.setup, eid, s), f"shield {s.name}"),
                    f"+{shield.withstand_bonus} Withstand Injury",
                    not reason,
                    reason,
                )
            )
    else:
        items.append(
            MenuItem("no armour", lambda: scene.edit(edits.set_armour(scene.setup, eid, None), "no armour"))
        )
        for armour in armory.armour.values():
            items.append(
                MenuItem(
                    armour.name,
                    lambda a=armour: scene.edit(edits.set_armour(scene.setup, eid, a), f"armour {a.name}"),
                    f"+{armour.withstand_bonus} WI · {armour.movement_modifier} m",
                )
            )
    rect = scene.rects["right"]
    scene.menu = PopupMenu(
        scene.theme,
        f"{kind.title()} for {name_of(setup.world, eid)}",
        items,
        (rect.x - scene.theme.px(340), rect.y),
    )
