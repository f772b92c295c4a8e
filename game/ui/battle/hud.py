"""The battle screen's stage bar (the round, the stage, a chip per combatant in Timing
order) and its hint line (what the keys do now)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.rules.battle import Battle
from game.rules.events import TimingRolled
from game.rules.positions import is_active, name_of
from game.rules.summary import summarize_order
from game.ui.playback import Playback
from game.ui.render.battlefield import StyleOf, stage_reached
from game.ui.render.panels import Chip, draw_stage_bar
from game.ui.render.tokens import TokenArt
from game.ui.theme import Theme
from game.world import World


def draw_battle_stage_bar(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    battle: Battle,
    playback: Playback | None,
    style_of: StyleOf,
    tokens: TokenArt,
    shown: Callable[[int], bool] | None = None,
) -> list[tuple[pygame.Rect, int]]:
    """The stage bar; returns each chip's rectangle with its combatant (with fog of war only
    the combatants `shown` says the side sees)."""
    rnd = battle.round
    world = battle.world
    chips: list[Chip] = []
    if rnd is not None:
        scores: dict[str, str] = {}
        for event in rnd.events:
            if isinstance(event, TimingRolled):
                if event.reroll and event.actor in scores:
                    scores[event.actor] += f"↻{event.score}"  # a tie re-rolled among the tied
                else:
                    scores[event.actor] = str(event.score)
        for eid in rnd.timing:
            if shown is not None and not shown(eid):
                continue
            name = name_of(world, eid)
            chips.append(
                Chip(
                    eid,
                    name,
                    style_of(world, eid),
                    scores.get(name),
                    eid in rnd.orders,
                    eid == rnd.next_declarer,
                    is_active(world, eid),
                )
            )
        stage = _("Strategy Stage: declaring worst Timing first")
    elif playback is not None:
        stage = stage_reached(playback.shown)
    elif battle.over:
        stage = _("The battle is over")
    else:
        stage = _("Between rounds") if battle.number else _("Before the first round")
    note = _("Space/P play · N step · K skip") if playback is not None else _("F1 help · Esc menu")
    number = max(1, battle.number)
    # The victory's own clock (hold out, or escape, for so many rounds; none: it has no
    # clock but the round limit) is the objective: always in view.  (A plain round limit is
    # not: the Timing chips need the room.)
    if battle.victory.last_round(None):
        last = battle.victory.last_round(battle.max_rounds)
        title = _("Round {number}/{last}").format(number=number, last=last)
    else:
        title = _("Round {number}").format(number=number)
    return draw_stage_bar(surface, theme, rect, title, stage, chips, note, tokens)


def chip_lines(battle: Battle, world: World, eid: int) -> list[str]:
    """A Timing chip's tooltip: who, its order (or that it has not declared), its Timing rolls
    as the log writes them, and what the ↻ mark means when a tie was re-rolled."""
    rnd = battle.round
    name = name_of(world, eid)
    lines = [name]
    if rnd is not None:
        order = rnd.orders.get(eid)
        lines.append(
            _("declared: {order}").format(order=summarize_order(world, order))
            if order
            else _("has not declared yet")
        )
        rolls = [e for e in rnd.events if isinstance(e, TimingRolled) and e.actor == name]
        lines += [e.text() for e in rolls]
        if any(e.reroll for e in rolls):
            lines.append(_("↻ marks a re-roll that broke a tie in Timing"))
    return lines


def battle_hint(
    battle: Battle,
    phase: str,
    actor: int | None,
    controller: str,
    playback: Playback | None,
    clock: float,
    shown: Callable[[int], bool] | None = None,
) -> str:
    """What the keys do now: declaring (`actor`, a human), waiting for `actor`'s AI
    (`controller` names it), watching the round resolve, or nothing in particular.  With fog
    of war the declarers are counted among those `shown` says the side sees."""
    world = battle.world
    if phase == "declare" and actor is not None:
        rnd = battle.round
        timing = [e for e in rnd.timing if shown is None or shown(e)] if rnd else []
        n = sum(1 for e in timing if e in rnd.orders) + 1 if rnd else 1
        total = len(timing) if rnd else 1
        return _(
            "{name} declares ({n} of {total}): click a tile to move · an enemy "
            "to attack · X actions · Q/E facing · C declare · F1 help"
        ).format(name=name_of(world, actor), n=n, total=total)
    if phase == "ai" and actor is not None:
        dots = "." * (1 + int(clock * 3) % 3)
        return _("{name} ({controller}) is choosing an order{dots}").format(
            name=name_of(world, actor), controller=controller, dots=dots
        )
    if playback is not None:
        template = (
            _(
                "Resolution (playing, {speed:g}× speed): N next event · P play/pause · "
                "K skip to the end of the round · [ ] slower/faster"
            )
            if playback.playing
            else _(
                "Resolution (paused, {speed:g}× speed): N next event · P play/pause · "
                "K skip to the end of the round · [ ] slower/faster"
            )
        )
        return template.format(speed=playback.speed)
    if phase == "summary":
        return _("End of the round: Enter or Space for the next round · F1 help")
    return _("F1 help · M whole map · Shift+M minimap")
