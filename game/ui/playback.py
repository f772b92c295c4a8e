"""Resolution playback: a round's events shown one by one on a private copy of the world.

The battle has already resolved the round (its world is the end state);
playback starts from a copy taken before, and applies each event to that
copy as its beat ends, so tokens walk their paths, dice show their
breakdowns and injuries appear in order; applying is the rules' own
`game.rules.apply`, so the picture ends exactly where the battle did.  Pure
Python: the window animates from `position_of` and `current`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.core.geometry import Tile
from game.rules.apply import apply
from game.rules.events import BattleEnded, Event, Moved, Rolled, StageStarted
from game.ui.hit_feedback import FLOAT_SECONDS, Floater, floaters_of
from game.world import World

STEP_SECONDS = 0.16  # seconds per tile of animated movement
MIN_MOVE_SECONDS = 0.35
ROLL_SECONDS = 1.3  # seconds a die stays on screen
HARM_SECONDS = 0.8  # hits, injuries, defeats
STAGE_SECONDS = 0.5
OTHER_SECONDS = 0.45


def beat_seconds(event: Event) -> float:
    """How long an event stays on screen at normal pace."""
    if isinstance(event, Moved):
        return max(MIN_MOVE_SECONDS, STEP_SECONDS * max(0, len(event.path) - 1))
    if isinstance(event, Rolled):
        return ROLL_SECONDS if event.die is not None else OTHER_SECONDS * 2
    if event.kind in ("hit", "injured", "defeated", "killed", "weapon_dropped", "battle_ended"):
        return HARM_SECONDS
    if isinstance(event, StageStarted):
        return STAGE_SECONDS
    return OTHER_SECONDS


class Playback:
    """Plays a round's events over a copy of the world taken before resolution."""

    def __init__(
        self,
        world_before: World,
        events: list[Event],
        speed: float = 1.0,
        pause_after: Callable[[int], bool] | None = None,
        seen: Sequence[Event | None] | None = None,
    ) -> None:
        self.world = world_before.copy()
        self.events = list(events)
        # Fog of war: each event as the side watching may see it, None for one it may not
        # (applied to the picture at once, never on screen: no beat, no floater, no log line).
        self.seen: list[Event | None] = list(seen) if seen is not None else list(self.events)
        self.speed = max(0.1, speed)
        self.index = -1  # the event on screen (-1: none yet)
        self.elapsed = 0.0
        self.playing = True
        self.shown: list[Event] = []  # events revealed so far (for the log)
        self.pause_after = pause_after  # indexes of events whose beat, once over, pauses playing
        self.paused_on: int | None = None  # the event playing last paused after
        self.clock = 0.0  # paced seconds since playing began (the floaters' clock)
        self.floats: list[tuple[float, Floater]] = []  # (born on the clock, floater)

    # ------------------------------------------------------------- state
    @property
    def done(self) -> bool:
        """Whether every event has been shown and applied."""
        return self.index >= len(self.events)

    @property
    def current(self) -> Event | None:
        """The event on screen (as the side watching saw it)."""
        return self.seen[self.index] if 0 <= self.index < len(self.events) else None

    def place(self) -> tuple[int, int]:
        """(which event is on screen, 1 = the first; how many the round shows): with fog of
        war, counted among the events the side saw."""
        if all(event is not None for event in self.seen):
            return max(0, self.index) + 1, len(self.events)
        number = sum(1 for event in self.seen[: self.index + 1] if event is not None)
        return max(1, number), sum(1 for event in self.seen if event is not None)

    def progress(self) -> float:
        """0..1 through the current beat."""
        event = self.current
        if event is None:
            return 1.0
        return min(1.0, self.elapsed * self.speed / beat_seconds(event))

    def position_of(self, eid: int) -> tuple[float, float] | None:
        """Where to draw a combatant now (between tiles while it walks), or None if not moving."""
        event = self.current
        if not isinstance(event, Moved) or len(event.path) < 2:
            return None
        if event.actor_id != eid:
            return None
        steps = len(event.path) - 1
        t = self.progress() * steps
        k = min(int(t), steps - 1)
        frac = t - k
        (ax, ay), (bx, by) = event.path[k], event.path[k + 1]
        return ax + (bx - ax) * frac, ay + (by - ay) * frac

    def facing_of(self, eid: int) -> int | None:
        """The facing of a walking combatant: the direction of its current step."""
        event = self.current
        if not isinstance(event, Moved) or len(event.path) < 2 or event.actor_id != eid:
            return None
        steps = len(event.path) - 1
        k = min(int(self.progress() * steps), steps - 1)
        (ax, ay), (bx, by) = event.path[k], event.path[k + 1]
        angle = math.degrees(math.atan2(bx - ax, -(by - ay))) % 360
        return int(((angle + 22.5) % 360) // 45)

    def live_floaters(self) -> list[tuple[Floater, float]]:
        """The results floating over tokens now, each with its age (0 new … 1 gone)."""
        return [
            (floater, (self.clock - born) / FLOAT_SECONDS)
            for born, floater in self.floats
            if self.clock - born < FLOAT_SECONDS
        ]

    # ------------------------------------------------------------- driving
    def update(self, dt: float) -> list[Event]:
        """Advance time; returns events newly put on screen (for the log)."""
        self.clock += dt * self.speed
        self.floats = [(born, f) for born, f in self.floats if self.clock - born < FLOAT_SECONDS]
        revealed: list[Event] = []
        if self.index == -1:
            revealed += self._begin_next()
        if not self.playing:
            # Stepping: the current beat still animates, but the next waits for `step`.
            self.elapsed += dt
            return revealed
        self.elapsed += dt
        guard = 0
        while not self.done and self.progress() >= 1.0 and guard < 1000:
            if self._pauses_here():
                self.playing = False  # the event stays on screen until Play or Step
                self.paused_on = self.index
                break
            leftover = self.elapsed - beat_seconds(self.current) / self.speed  # type: ignore[arg-type]
            revealed += self._finish_and_next()
            self.elapsed = max(0.0, leftover)
            guard += 1
        return revealed

    def _pauses_here(self) -> bool:
        """Whether playing stops after the event on screen (once: Play then goes on)."""
        event = self.current
        return (
            self.pause_after is not None
            and event is not None
            and self.paused_on != self.index
            and self.pause_after(self.index)
        )

    def set_speed(self, speed: float) -> None:
        """A new pace, keeping the place in the event on screen."""
        speed = max(0.1, speed)
        self.elapsed *= self.speed / speed
        self.speed = speed

    def step(self) -> list[Event]:
        """Finish the beat on screen and show the next one."""
        if self.done:
            return []
        if self.index == -1:
            return self._begin_next()
        return self._finish_and_next()

    def skip(self) -> list[Event]:
        """Apply everything left; returns the events not yet shown."""
        revealed: list[Event] = []
        while not self.done:
            revealed += self.step()
        return revealed

    def _begin_next(self) -> list[Event]:
        self.index += 1
        self.elapsed = 0.0
        while not self.done and self.seen[self.index] is None:
            apply(self.world, self.events[self.index])  # unseen by the side watching
            self.index += 1
        event = self.current
        if event is None:
            return []
        self.shown.append(event)
        self.floats += [(self.clock, floater) for floater in floaters_of(event)]
        return [event]

    def _finish_and_next(self) -> list[Event]:
        if 0 <= self.index < len(self.events):
            apply(self.world, self.events[self.index])
        return self._begin_next()


def seen_events(events: Sequence[Event], shown: Sequence[Event]) -> list[Event | None]:
    """Each of `events` as it is among `shown` (the events a side may see, in the same order,
    from `Battle.events_for` or `game.rules.fog.watch`: a subsequence, a Timing order perhaps
    with the unseen left out), or None where it is not shown.  The battle's end is shown to
    everyone (it names no combatant)."""
    seen: list[Event | None] = []
    j = 0
    for event in events:
        if j < len(shown) and (shown[j] == event or (shown[j].kind == event.kind == "timing_order")):
            seen.append(shown[j])
            j += 1
        elif isinstance(event, BattleEnded):
            seen.append(event)
        else:
            seen.append(None)
    return seen


def moved_path(event: Event) -> tuple[Tile, ...]:
    """The path of a movement event (empty for others)."""
    return tuple(event.path) if isinstance(event, Moved) else ()
