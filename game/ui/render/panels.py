"""Side panel pieces: a combatant's sheet, the dice box (the stage bar is `stage_bar`)."""

from __future__ import annotations

import pygame

from game.core.geometry import direction_name
from game.core.modifiers import roll_possible
from game.core.sheet import SKILL_LABELS, Sheet
from game.i18n import N_, _
from game.rules.events import MOVE_VERBS, Event, Moved, Rolled, action_name, compass
from game.rules.positions import out_of_the_fight
from game.rules.registry import token_marks_of
from game.rules.stats import movement_rate, skill_roll
from game.ui.render.conditions import sheet_lines
from game.ui.render.stage_bar import Chip, draw_stage_bar
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import blit_text, draw_panel
from game.ui.theme import SideStyle, Theme
from game.world import Appearance, Condition, Equipment, Facing, Name, Position, Side, World

__all__ = ["Chip", "dice_size", "draw_dice", "draw_sheet", "draw_stage_bar", "look_of", "roll_verdict"]

SHEET_SKILLS = (
    "strike",
    "parry",
    "dodge",
    "block",
    "feint",
    "disarm",
    "brawling",
    "evade",
    "movement",
    "timing",
)


def look_of(world: World, eid: int, style: SideStyle) -> TokenLook:
    """How a combatant's token looks (the rules modules' marks included: `token_marks_of`;
    their wounded places are the figure `draw_conditions` adds)."""
    condition = world.get(eid, Condition)
    appearance = world.try_get(eid, Appearance)
    marks = [m for m in token_marks_of(world, eid) if m.location is None]
    return TokenLook(
        appearance.token if appearance else "person",
        style,
        condition.injuries,
        condition.defeated,
        condition.dead,
        tuple(dict.fromkeys(m.label for m in marks)),
        any(m.lying for m in marks),
    )


def draw_sheet(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    world: World,
    eid: int,
    style: SideStyle,
    art: TokenArt,
) -> None:
    """A combatant's sheet: name, side, condition, skills with today's modifiers, equipment."""
    pal = theme.palette
    pad = theme.px(10)
    x, y = rect.x + pad, rect.y + pad
    size = theme.px(44)
    look = look_of(world, eid, style)
    surface.blit(art.token(look, size), (x, y))
    name = world.get(eid, Name).value
    blit_text(surface, theme, name, (x + size + pad, y), 18, pal.text, True)
    condition = world.get(eid, Condition)
    state = out_of_the_fight(world, eid).removeprefix("is ") or "able to act"
    side_line = f"{world.get(eid, Side).name} · {_(style.shape)} · {_(state)}"
    blit_text(
        surface,
        theme,
        side_line,
        (x + size + pad, y + theme.px(24)),
        12,
        style.colour if condition.present else pal.text_dim,
    )
    y += size + theme.px(6)
    facing = direction_name(world.get(eid, Facing).direction)
    tile = world.get(eid, Position).tile
    inj = condition.injuries
    inj_text = injury_words(condition)
    blit_text(
        surface,
        theme,
        _("{injuries} · at {tile} facing {facing}").format(
            injuries=inj_text, tile=tile, facing=compass(facing)
        ),
        (x, y),
        12,
        pal.text_bad if inj else pal.text_dim,
    )
    y += theme.line_height(12) + theme.px(4)
    said = " · ".join(sheet_lines(world, eid))  # the rules modules' (wounded places, conditions)
    for line in theme.wrap(said, rect.w - 2 * pad, 12)[:2] if said else []:
        blit_text(surface, theme, line, (x, y), 12, pal.text_bad)
        y += theme.line_height(12)
    sheet = world.get(eid, Sheet)
    move = movement_rate(world, eid).total
    attrs = _(
        "Vig {vigor} Agi {agility} Sta {stamina} Luck {luck} · Composite {composite} · Move {move} m"
    ).format(
        vigor=sheet.vigor,
        agility=sheet.agility,
        stamina=sheet.stamina,
        luck=sheet.luck,
        composite=sheet.combat_composite,
        move=move,
    )
    blit_text(surface, theme, attrs, (x, y), 12, pal.text_dim)
    y += theme.line_height(12) + theme.px(4)
    col_w = (rect.w - 2 * pad) // 3
    skills = [s for s in SHEET_SKILLS] + [s for s in sheet.skills if s.startswith("missile_")]
    for i, skill in enumerate(skills):
        value = skill_roll(world, eid, skill, None).total if skill != "movement" else sheet.skill(skill)
        label = _(SKILL_LABELS.get(skill, skill)).replace("Missile Strike ", "Missile ")
        cx = x + (i % 3) * col_w
        cy = y + (i // 3) * theme.line_height(12)
        blit_text(surface, theme, f"{label} {value}", (cx, cy), 12, pal.text)
    y += ((len(skills) + 2) // 3) * theme.line_height(12) + theme.px(6)
    eq = world.get(eid, Equipment)
    parts = []
    for w in eq.weapons:
        if w.is_missile and w.ranges:
            parts.append(
                _("{weapon} (inj {injury}, {short:g}/{medium:g}/{long:g} m)").format(
                    weapon=w.name, injury=w.injury, short=w.ranges[0], medium=w.ranges[1], long=w.ranges[2]
                )
            )
        elif w.reach > 1:
            parts.append(
                _("{weapon} (inj {injury}, reach {reach})").format(
                    weapon=w.name, injury=w.injury, reach=w.reach
                )
            )
        else:
            parts.append(_("{weapon} (inj {injury})").format(weapon=w.name, injury=w.injury))
    if eq.shield:
        parts.append(
            _("{shield} (+{bonus} WI)").format(shield=eq.shield.name, bonus=eq.shield.withstand_bonus)
        )
    if eq.armour:
        parts.append(f"{eq.armour.name}")
    text = _("Gear: {gear}").format(gear="; ".join(parts) if parts else _("bare hands"))
    for line in theme.wrap(text, rect.w - 2 * pad, 12):
        blit_text(surface, theme, line, (x, y), 12, pal.text_dim)
        y += theme.line_height(12)


CONDITION_WORDS = (N_("able to act"), N_("Defeated"), N_("dead"), N_("has fled off the map"))
"""What the sheet says of a combatant's state (`out_of_the_fight` without its "is ")."""


def _roll_lines(event: Rolled) -> list[str]:
    action = action_name(event.action)
    if event.target:
        action = _("{action} on {target}").format(action=action, target=event.target)
    lines = [f"{event.actor} — {action}"]
    lines.append(event.breakdown.text())
    if event.note:
        lines.append(_(event.note))
    return lines


def _event_line(event: Event) -> str:
    text = event.text()
    if isinstance(event, Moved) and not event.note and len(event.path) > 1:
        text = _("{actor} {moves} {metres:.1f} m").format(
            actor=event.actor, moves=_(MOVE_VERBS.get(event.mode, event.mode + "s")), metres=event.metres
        )
    return text


def dice_size(theme: Theme, event: Event) -> tuple[int, int]:
    """The size of the card `draw_dice` draws for an event."""
    if isinstance(event, Rolled):
        # Each line in the font it is drawn in (the first and the verdict bold), the verdict as
        # it reads before and after the die lands, so the card fits it and keeps its size.
        first, second = _roll_lines(event)[:2]
        bold, plain = theme.font(14, True), theme.font(14)
        verdicts = (roll_verdict(event, False), roll_verdict(event, True))
        widest = max(bold.size(first)[0], plain.size(second)[0], *(bold.size(v)[0] for v in verdicts))
        return widest + theme.px(120), theme.px(92)
    w, h = theme.font(14, True).size(_event_line(event))
    return w + theme.px(20), h + theme.px(10) + theme.px(4)


def roll_verdict(event: Rolled, shown: bool) -> str:
    """What the roll needed and what it did, in words (the rules' `roll_possible` decides
    whether a die is rolled at all, for attacks and Withstand Injury alike)."""
    need = event.breakdown.total
    if event.die is None:
        return _("impossible: needs {need} or less, below 1, so no die is rolled").format(need=need)
    if not shown:
        return _("needs {need} or less …").format(need=need) if roll_possible(need) else _("rolling …")
    outcome = _(event.outcome).upper()
    if roll_possible(need):
        if event.die == 12:
            return _("needs {need} or less (12 always fails): rolled {die} → {outcome}").format(
                need=need, die=event.die, outcome=outcome
            )
        return _("needs {need} or less: rolled {die} → {outcome}").format(
            need=need, die=event.die, outcome=outcome
        )
    # A Called Shot whose part is out of reach is still rolled for the torso (CO.08).
    if event.die == 12:
        return _("{note} (12 always fails): rolled {die} → {outcome}").format(
            note=_(event.note), die=event.die, outcome=outcome
        )
    return _("{note}: rolled {die} → {outcome}").format(note=_(event.note), die=event.die, outcome=outcome)


def draw_dice(
    surface: pygame.Surface, theme: Theme, event: Event, centre_top: tuple[int, int], progress: float
) -> None:
    """The event on screen: a die with its breakdown for rolls, one line for the rest."""
    pal = theme.palette
    if isinstance(event, Rolled):
        lines = _roll_lines(event)
        width, height = dice_size(theme, event)
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = centre_top
        draw_panel(surface, theme, rect, pal.panel_dark, alpha=235)
        die_rect = pygame.Rect(rect.x + theme.px(12), rect.y + theme.px(12), theme.px(68), theme.px(68))
        good = event.succeeded
        colour = pal.hit if good else (pal.text_dim if event.die is None else pal.miss)
        # A d12 seen from above: a pentagon face.
        cx, cy = die_rect.center
        import math

        spin = max(0.0, 1.0 - progress * 3)
        pts = [
            (
                cx + die_rect.w / 2 * math.cos(math.radians(-90 + 72 * k + spin * 180)),
                cy + die_rect.h / 2 * math.sin(math.radians(-90 + 72 * k + spin * 180)),
            )
            for k in range(5)
        ]
        pygame.draw.polygon(surface, (240, 236, 224), pts)
        pygame.draw.polygon(surface, colour, pts, theme.px(3))
        face = (
            "—" if event.die is None else str(event.die if progress > 0.25 else (int(progress * 97) % 12) + 1)
        )
        blit_text(surface, theme, face, (cx, cy + theme.px(2)), 24, (20, 20, 24), True, anchor="center")
        tx = die_rect.right + theme.px(14)
        blit_text(surface, theme, lines[0], (tx, rect.y + theme.px(10)), 14, pal.text, True)
        blit_text(surface, theme, lines[1], (tx, rect.y + theme.px(32)), 14, pal.accent)
        verdict = roll_verdict(event, progress > 0.25)
        blit_text(
            surface,
            theme,
            verdict,
            (tx, rect.y + theme.px(56)),
            14,
            colour if progress > 0.25 else pal.text_dim,
            True,
        )
        return
    image = theme.text(_event_line(event), 14, pal.text, True)
    rect = image.get_rect(midtop=(centre_top[0], centre_top[1] + theme.px(4))).inflate(
        theme.px(20), theme.px(10)
    )
    draw_panel(surface, theme, rect, pal.panel_dark, alpha=225)
    surface.blit(image, image.get_rect(center=rect.center))


def injury_words(condition: Condition) -> str:
    """A combatant's Injuries as its sheet says them: "Injuries 2/3 (−2 to every roll)", or
    "Defeated" / "killed" (a count past the third, "Injuries 4/3", says nothing more)."""
    inj = condition.injuries
    if condition.dead:
        return _("killed")
    if condition.defeated:
        return _("Defeated")
    if inj:
        return _("Injuries {injuries}/3 (−{injuries} to every roll)").format(injuries=inj)
    return _("Injuries {injuries}/3").format(injuries=inj)
