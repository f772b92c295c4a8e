"""How a round's events are grouped for pacing and sound: which event starts an action,
where each action's consequences end (playback may pause there), and the sound cue an
event makes.  Pure: no pygame.

An action starts with a roll of a declared action (its label is an action spec's), a
move, or an action nullified or ignored; the events after it up to the next start (a
hit, the Withstand Injury roll, Injuries, a Defeat, a dropped weapon) are its
consequences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.events import (
    ActionIgnored,
    ActionNullified,
    Event,
    Moved,
    Rolled,
    RoundEnded,
    StageStarted,
)
from game.rules.registry import action_specs


def spec_roles(label: str) -> frozenset[str] | None:
    """The roles of the action a roll's label names ("Strike, Called Shot (head)" → Strike's),
    or None when it names no action (Withstand Injury, a Timing roll)."""
    name = label.split(",")[0].strip()
    for spec in action_specs():
        if spec.label == name:
            return spec.roles
    return None


def failed_attack(event: Event) -> bool:
    """Whether the event is an attack's roll at a target that did not hit (missed, or
    impossible: no die), as the end-of-round summary and the board's results say."""
    if not isinstance(event, Rolled) or not event.target or event.succeeded:
        return False
    roles = spec_roles(event.action)
    return roles is not None and "offensive" in roles


def starts_action(event: Event) -> bool:
    """Whether an event begins a combatant's action (or a new stage of the round)."""
    if isinstance(event, Rolled):
        return spec_roles(event.action) is not None
    return isinstance(event, Moved | ActionNullified | ActionIgnored | StageStarted | RoundEnded)


def actor_of(event: Event) -> str | None:
    """The name of the combatant an action-starting event belongs to."""
    who = getattr(event, "actor", None)
    return who if isinstance(who, str) else None


def action_ends(events: Sequence[Event], is_mine: Callable[[str], bool]) -> set[int]:
    """The indexes of the last event of each action by a combatant `is_mine` says yes to
    (its roll or move, then its consequences): where playback may pause."""
    ends: set[int] = set()
    owner: str | None = None
    for i, event in enumerate(events):
        if starts_action(event):
            if owner is not None and i > 0:
                ends.add(i - 1)
            who = actor_of(event)
            owner = who if who is not None and not isinstance(event, StageStarted | RoundEnded) else None
            if owner is not None and not is_mine(owner):
                owner = None
    if owner is not None and events:
        ends.add(len(events) - 1)
    return ends


def sound_cue(event: Event) -> str | None:
    """The sound effect an event makes (`game.ui.sound.EFFECTS`), or None."""
    if isinstance(event, Moved):
        return "steps" if len(event.path) > 1 else None
    if isinstance(event, Rolled):
        roles = spec_roles(event.action)
        if roles is not None and "offensive" in roles:
            if "melee" in roles:
                return "melee_hit" if event.succeeded else "melee_miss"
            return "shot"
        return "dice" if event.die is not None else None
    return None  # the end of a battle: the screen knows whether the winner sits at the window
