"""The workbench's Try tab: every side's orders, rolled or fixed Timing, the round resolved once
(animated with the battle screen's playback) or N times (the distribution, and a heat map of
where everyone ends up).

Orders are drafted with the battle screen's planner and menus; the rules judge each as the
round will (`game.workbench.plans`).  The runs are `game.workbench.trials`', played a few each
frame so the window stays responsive.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.rules.positions import is_active, name_of
from game.rules.round import OrderRejected
from game.rules.summary import summarize_order
from game.ui.battle.plans import draw_draft
from game.ui.theme import shorten
from game.ui.workbench.widgets import Column, TextField
from game.workbench import edits, plans
from game.workbench.ledger import exact
from game.workbench.setup import Refused
from game.workbench.trials import Trials, resolve_once

if TYPE_CHECKING:
    from game.ui.workbench.host import TryHost

RUN_CHOICES = (100, 1000, 10_000)
HEAT_LABEL_TILE = 28  # pixels per tile from which the heat map writes its percentages


def draw(scene: TryHost, surface: pygame.Surface, rect: pygame.Rect, scroll: int) -> Column:
    """The Try panel; returns its laid-out column."""
    col = Column(surface, scene.theme, rect, scroll)
    setup, pal = scene.setup, scene.theme.palette
    if scene.playback is not None or scene.outcome is not None and scene.trials is None:
        _resolution(scene, col)
    col.heading(_("Timing"))
    fixed = setup.timing is not None
    col.row(
        (
            _("Rolled each run"),
            lambda: scene.edit(edits.set_timing(scene.setup, None), "rolled Timing"),
            {"selected": not fixed},
        ),
        (_("Fixed order"), lambda: fix_timing(scene), {"selected": fixed}),
    )
    if fixed:
        order = list(setup.timing or ())
        col.cells(
            [
                (
                    f"{i + 1}. {name_of(setup.world, e)}",
                    [
                        ("▲", _move_timing(scene, i, -1) if i else None, f"timing-up:{i}"),
                        ("▼", _move_timing(scene, i, 1) if i < len(order) - 1 else None, f"timing-down:{i}"),
                    ],
                    ["best Timing first: the worst declares first and acts last"] if i == 0 else None,
                    True,
                )
                for i, e in enumerate(order)
            ],
            columns=1,
        )
    col.heading(_("Orders (declared worst Timing first)"))
    problems = scene.cached("problems", lambda: plans.problems(setup))
    for eid in plans.declaration_order(setup):
        order = setup.orders.get(eid)
        text = summarize_order(setup.world, order) if order else _("nothing")
        marker = "▶ " if eid == scene.selected else ""
        col.row(
            (
                shorten(f"{marker}{name_of(setup.world, eid)}: {text}", 52),
                lambda e=eid: scene.select(e),
                {
                    "selected": eid == scene.selected,
                    "name": f"order:{eid}",
                    "tip": [f"{name_of(setup.world, eid)}: {text}"],
                },
            ),
        )
        for reason in problems.get(eid, []):
            col.text(
                _("refused: {reason}").format(reason=reason), 11, pal.text_bad, indent=scene.theme.px(12)
            )
    if scene.selected is not None and scene.selected in setup.standing:
        eid = scene.selected
        col.row(
            (_("Add action…  X"), scene.input.open_action_menu), (_("Clear order"), lambda: clear(scene, eid))
        )
    else:
        col.text(
            _("Select a combatant: click tiles for its path, an enemy for its attacks, X for every action."),
            11,
            pal.text_dim,
        )
    col.heading(_("Resolve"))
    col.row(
        ("−", lambda: set_seed(scene, setup.seed - 1), {"name": "seed-"}),
        (
            _("seed {seed}").format(seed=setup.seed),
            lambda: ask_seed(scene),
            {"tip": [_("Run k of N uses seed + k; the sandbox file keeps it")]},
        ),
        ("+", lambda: set_seed(scene, setup.seed + 1), {"name": "seed+"}),
        label=_("Dice"),
    )
    if setup.dice:
        shown = ", ".join(f"{k} {list(v)}" for k, v in setup.dice.items())
        col.text(_("Scripted dice (from the file): {dice}").format(dice=shown), 11, pal.text_dim)
        col.row(
            (
                f"Use them once: {'yes' if scene.scripted else 'no'}",
                lambda: setattr(scene, "scripted", not scene.scripted),
            )
        )
    problem = scene.cached("ready", lambda: plans.ready_problem(setup))
    col.row((_("Resolve once ▶"), lambda: resolve(scene), {"enabled": not problem, "reason": problem}))
    col.row(
        *[
            (
                f"{n:,}",
                lambda n=n: setattr(scene, "runs", n),
                {"selected": scene.runs == n, "name": f"runs:{n}"},
            )
            for n in RUN_CHOICES
        ],
        (
            ngettext("Resolve {count} time", "Resolve {count} times", scene.runs).format(
                count=f"{scene.runs:,}"
            ),
            lambda: start_trials(scene),
            {"enabled": not problem, "reason": problem},
        ),
        label=_("Runs"),
    )
    if problem:
        col.text(problem, 11, pal.text_bad)
    if scene.trials is not None:
        _distribution(scene, col)
    return col


def _resolution(scene: TryHost, col: Column) -> None:
    """The single resolution on the map: its pace, and keeping or dropping its result."""
    col.heading("One resolution")
    pb = scene.playback
    if pb is not None:
        state = "done" if pb.done else "playing" if pb.playing else "paused"
        col.text(
            f"Event {min(pb.index + 1, len(pb.events))} of {len(pb.events)} ({state})",
            12,
            scene.theme.palette.text_dim,
        )
        col.row(
            ("Step  N", lambda: scene.input.pace("step")),
            ("Play/pause  P", lambda: scene.input.pace("play")),
            ("Skip  K", lambda: scene.input.pace("skip")),
        )
    col.row(
        (
            "Keep the result",
            lambda: keep_result(scene),
            {"tip": ["The end of the round becomes the position (undoable)"]},
        ),
        ("Back to the position", lambda: _drop(scene)),
    )


def keep_result(scene: TryHost) -> None:
    """The resolution's end becomes the position (undoable); orders and scripted dice are cleared,
    a fixed Timing order keeps those still standing."""
    if scene.outcome is None:
        return
    after, _events = scene.outcome
    setup = scene.setup
    timing = tuple(e for e in setup.timing if is_active(after, e)) if setup.timing is not None else None
    scene.close_playback()
    scene.edit(replace(setup, world=after, orders={}, dice={}, timing=timing), "keep the result")


def _drop(scene: TryHost) -> None:
    scene.close_playback()
    scene.outcome = None


def _distribution(scene: TryHost, col: Column) -> None:
    trials = scene.trials
    assert trials is not None
    pal = scene.theme.palette
    result = trials.result
    runs = result.runs
    col.heading("Distribution")
    if not trials.done:
        col.text(f"{runs:,} of {trials.total:,} runs…", 12, pal.accent)
        col.row(("Stop", lambda: stop(scene)))
    else:
        last = trials.seed + runs - 1
        col.text(f"{runs:,} runs, seeds {trials.seed}–{last} ({trials.elapsed:.1f} s)", 12, pal.text_dim)
    if not runs:
        return
    for reason, count in result.refused.items():
        col.text(f"{count} runs refused an order: {reason}", 11, pal.text_bad)
    for row in result.actions:
        forecast = (
            f" · forecast {exact(row.expected)}"
            if row.expected is not None
            else " · forecast: depends on Timing"
        )
        per = "a run" if row.declared > 1 else ""
        rate = row.successes / runs
        detail = f"succeeded {row.successes:,} ({rate * 100:.1f}%{' ' + per if per else ''}){forecast}"
        if row.nullified:
            detail += f" · nullified {row.nullified:,}"
        col.text(row.title, 12, pal.text, True)
        col.text(detail, 11, pal.text_dim, indent=scene.theme.px(10))
    col.heading("Who ends how")
    for tally in result.combatants.values():
        spread = " ".join(f"{k}: {n / runs * 100:.0f}%" for k, n in sorted(tally.injuries.items()))
        col.text(tally.name, 12, pal.text, True)
        defeated, killed = result.rate(tally.defeated) * 100, result.rate(tally.killed) * 100
        first, moved = result.rate(tally.first) * 100, 100 - tally.ends[tally.start] / runs * 100
        col.text(
            f"Injuries {tally.expected_injuries(runs):.2f} a run ({spread}) · Defeated {defeated:.1f}%"
            f" · killed {killed:.1f}% · first in Timing {first:.0f}% · moved {moved:.0f}%",
            11,
            pal.text_dim,
            indent=scene.theme.px(10),
        )
    whose = name_of(scene.setup.world, scene.selected) if scene.selected is not None else "everyone"
    col.row(
        (
            f"Heat map of where {whose} ends: {'on' if scene.heat else 'off'}",
            lambda: setattr(scene, "heat", not scene.heat),
            {"selected": scene.heat, "name": "heat"},
        )
    )


# ------------------------------------------------------------------ commands
def fix_timing(scene: TryHost) -> None:
    """A fixed Timing order, starting from the best Timing skill first."""
    if scene.setup.timing is None:
        scene.edit(edits.set_timing(scene.setup, edits.default_timing(scene.setup)), "fixed Timing")


def _move_timing(scene: TryHost, index: int, step: int):  # noqa: ANN202
    def move() -> None:
        order = list(scene.setup.timing or ())
        j = index + step
        if 0 <= index < len(order) and 0 <= j < len(order):
            order[index], order[j] = order[j], order[index]
            scene.edit(edits.set_timing(scene.setup, tuple(order)), "Timing order")

    return move


def clear(scene: TryHost, eid: int) -> None:
    """Drop a combatant's order."""
    scene.drafts.pop(eid, None)
    scene.edit(
        edits.set_order(scene.setup, eid, None), f"clear the order of {name_of(scene.setup.world, eid)}"
    )


def set_seed(scene: TryHost, seed: int) -> None:
    """The seed of the first run."""
    scene.edit(edits.set_seed(scene.setup, seed), f"seed {seed}")


def ask_seed(scene: TryHost) -> None:
    """Type a seed."""

    def done(text: str) -> str:
        if not text.strip().isdigit():
            return "a seed is a whole number, 0 or more"
        result = edits.set_seed(scene.setup, int(text.strip()))
        if isinstance(result, Refused):
            return result.reason
        scene.edit(result, "seed")
        return ""

    scene.field = TextField("Seed of the first run", str(scene.setup.seed), done, 16)


def resolve(scene: TryHost) -> None:
    """Play the round once on a copy of the position and show it on the map."""
    setup = scene.setup
    problem = plans.ready_problem(setup)
    if problem:
        scene.toast(f"Cannot resolve: {problem}", bad=True)
        return
    try:
        after, events = resolve_once(setup, setup.seed, scene.scripted)
    except OrderRejected as err:  # a rolled Timing order the position did not foresee
        scene.toast(f"Refused in this run's Timing: {err}", bad=True)
        return
    except ValueError as err:  # a scripted die that does not fit its die
        scene.toast(f"Cannot resolve: {err}", bad=True)
        return
    scene.trials = None
    dice = " and the scripted dice" if scene.scripted and setup.dice else ""
    scene.log.add_text(f"— one resolution, seed {setup.seed}{dice} —")
    scene.play(setup.world, events, after)


def start_trials(scene: TryHost) -> None:
    """Resolve the round N times, a few runs each frame."""
    try:
        scene.trials = Trials(scene.setup, scene.runs)
    except ValueError as err:
        scene.toast(f"Cannot resolve: {err}", bad=True)
        return
    scene.close_playback()
    scene.outcome = None
    scene.scroll["try"] = 0


def stop(scene: TryHost) -> None:
    """Stop the runs where they are (what was played stays shown)."""
    if scene.trials is not None:
        scene.trials.total = scene.trials.result.runs


# ------------------------------------------------------------------ the map
def draw_map(scene: TryHost, surface: pygame.Surface) -> None:
    """Under the tokens: the heat map of the runs, the selected combatant's draft preview."""
    draw_heat(scene, surface)
    eid = scene.selected
    if scene.playback is None and eid is not None and eid in scene.setup.standing and scene.menu is None:
        setup = scene.setup
        draw_draft(
            surface,
            scene.theme,
            scene.view.camera,
            scene.view.tokens,
            setup.world,
            setup.board,
            scene.planner(eid),
            scene.draft(eid),
            scene.style_of,
            scene.plan_end,
            scene.view.pointed() if scene.field is None else None,
            scene.plan_labels,
        )


def draw_heat(scene: TryHost, surface: pygame.Surface, labels: bool = False) -> None:
    """Where the runs left the selected combatant (or everyone): each tile tinted by the share of
    runs that ended there (under the tokens); with `labels`, the shares written (over them)."""
    trials = scene.trials
    if trials is None or not scene.heat or scene.playback is not None or not trials.result.runs:
        return
    result = trials.result
    camera, theme = scene.view.camera, scene.theme
    if labels and camera.tile_px < theme.px(HEAT_LABEL_TILE):
        return
    focus = scene.selected
    for eid, tally in result.combatants.items():
        if focus is not None and eid != focus:
            continue
        colour = scene.style_of(scene.setup.world, eid).colour
        for tile, count in tally.ends.items():
            share = count / result.runs
            rect = camera.tile_rect(tile)
            if labels:
                image = theme.text(f"{share * 100:.0f}%", 10, (245, 245, 245), True)
                spot = image.get_rect(midtop=(rect.centerx, rect.top + 1))
                pygame.draw.rect(surface, (12, 14, 18), spot.inflate(4, 0))
                surface.blit(image, spot)
                continue
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            layer.fill((*colour, int(40 + 170 * share)))
            surface.blit(layer, rect)
            pygame.draw.rect(surface, colour, rect, 2 if tile == tally.start else 1)
