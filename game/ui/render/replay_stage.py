"""What the replay screen says about where it stands: its stage bar (the Timing chips of
the events shown so far, the stage reached) and the words of its panel (where the
cursor is, the round's orders so far, the sides and how many of each stand, how the
saved battle ended)."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.events import Event, OrderDeclared, TimingOrderSet, TimingRolled
from game.rules.fog import SideView
from game.rules.positions import combatants, find_by_name, is_active
from game.ui.render.battlefield import StyleOf, stage_reached
from game.ui.render.panels import Chip, draw_stage_bar
from game.ui.render.replay_panel import SideRow
from game.ui.render.tokens import TokenArt
from game.ui.replay_timeline import ReplayCursor, SavedReplay
from game.ui.scenarios import CONTROLLER_LABELS
from game.ui.theme import Colour, SideStyle, Theme
from game.world import Condition, Side, World


def shown_events(cursor: ReplayCursor) -> list[Event]:
    """The events of the cursor's round revealed so far (with a side's view, fog of war, as
    that side saw them)."""
    return list(cursor.playback.shown)


def timing_chips(events: list[Event], current: Event | None, world: World, style_of: StyleOf) -> list[Chip]:
    """A chip per combatant in Timing order as far as `events` tell it (best so far first while
    the dice are still rolling), with its score, whether it has declared, and who declares now."""
    order: list[str] = []
    scores: dict[str, str] = {}
    latest: dict[str, int] = {}
    declared: set[str] = set()
    settled = False
    for event in events:
        if isinstance(event, TimingRolled):
            if event.reroll and event.actor in scores:
                scores[event.actor] += f"↻{event.score}"  # a tie re-rolled among the tied
            else:
                scores[event.actor] = str(event.score)
                order.append(event.actor)
            latest[event.actor] = event.score
        elif isinstance(event, TimingOrderSet):
            order, settled = list(event.order), True
        elif isinstance(event, OrderDeclared):
            declared.add(event.actor)
    if not settled:  # still rolling: best so far first, as the order will be
        order.sort(key=lambda name: -latest.get(name, 0))
    chips = []
    for name in order:
        eid = find_by_name(world, name)
        if eid is None or not world.has(eid, Condition):
            continue
        declaring = isinstance(current, OrderDeclared) and current.actor == name
        chips.append(
            Chip(
                eid,
                name,
                style_of(world, eid),
                scores.get(name),
                name in declared and not declaring,
                declaring,
                is_active(world, eid),
            )
        )
    return chips


def stage_text(replay: SavedReplay, cursor: ReplayCursor) -> str:
    """The stage the replay has reached."""
    if cursor.at_start:
        return _("Before the first round")
    if cursor.playback.done and cursor.round >= replay.resolved:
        return _("Saved here, before the round was resolved")
    if cursor.playback.done:
        return _("Battle over") if cursor.at_end and replay.ended_after(cursor.round + 1) else _("Round over")
    return stage_reached(shown_events(cursor), _("Timing Stage"))


def draw_replay_stage_bar(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    replay: SavedReplay,
    cursor: ReplayCursor,
    world: World,
    style_of: StyleOf,
    tokens: TokenArt,
) -> None:
    """The replay's stage bar: the round of how many, the stage, the Timing chips."""
    chips = timing_chips(shown_events(cursor), cursor.current, world, style_of)
    title = _("Round {round} of {count}").format(round=cursor.round + 1, count=len(replay.rounds))
    note = _("Replay · F1 help · Esc back")
    draw_stage_bar(surface, theme, rect, title, stage_text(replay, cursor), chips, note, tokens)


def position_text(replay: SavedReplay, cursor: ReplayCursor) -> str:
    """Where the replay stands: the start, an event of a round, a round's end."""
    if cursor.length <= 2:
        return _("no round was played before this save")
    if cursor.at_start:
        return _("the start: nothing has happened yet")
    if cursor.playback.done and cursor.round >= replay.resolved:
        return _("round {round} as saved, before it was resolved").format(round=cursor.round + 1)
    if cursor.playback.done:
        return _("end of round {round}").format(round=cursor.round + 1)
    number, count = cursor.playback.place()  # with a side's view: among the events it saw
    return _("round {round}: event {index} of {count}").format(
        round=cursor.round + 1, index=number, count=count
    )


def order_lines(
    cursor: ReplayCursor, world: World, style_of: StyleOf, plain: Colour
) -> list[tuple[str, Colour]]:
    """The orders declared so far this round, each in its side's colour (`plain` for nobody's)."""
    lines = []
    for event in shown_events(cursor):
        if isinstance(event, OrderDeclared):
            eid = find_by_name(world, event.actor)
            colour = style_of(world, eid).colour if eid is not None else plain
            lines.append((event.text(), colour))
    return lines


def side_rows(world: World, styles: dict[str, SideStyle], view: SideView | None = None) -> list[SideRow]:
    """Each side: who played it and how many of its combatants stand at this point.  With a
    side's view (fog of war), another side's row counts only the standing combatants the view
    sees now and the ghosts it keeps, never its true strength."""
    rows = []
    for name, style in styles.items():
        members = [e for e in combatants(world) if world.get(e, Side).name == name]
        who = (
            _(CONTROLLER_LABELS[style.controller])
            if style.controller in CONTROLLER_LABELS
            else style.controller
        )
        label = f"{name} · {who}"
        if view is not None and name != view.side:
            in_sight = sum(1 for e in members if is_active(world, e) and view.sees(e))
            ghosts = sum(1 for e in members if e in view.ghosts)
            rows.append(SideRow(style, label, in_sight, len(members), ghosts=ghosts))
            continue
        standing = sum(1 for e in members if is_active(world, e))
        rows.append(SideRow(style, label, standing, len(members)))
    return rows


def result_text(replay: SavedReplay) -> str:
    """How the saved battle ended (or that it had not yet)."""
    battle = replay.battle
    if battle.round is None and battle.over:
        winner = battle.outcome().winner
        end = _("Victory for {winner}").format(winner=winner) if winner else _("A draw")
        return _("Result: {end} in round {resolved}").format(end=end, resolved=replay.resolved)
    return _("Saved during round {count}, before it was resolved").format(count=len(replay.rounds))
