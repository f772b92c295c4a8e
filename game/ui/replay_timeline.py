"""A saved battle as a timeline of events that can be stepped through both ways.

`load_replay` rebuilds the battle from its save once (initial world + seed +
orders, checked against the stored state hash) and keeps the true world at
the start of every round.  `ReplayCursor` shows one round at a time with the
battle screen's `Playback`, so moving forward is the same animation the
battle showed, and moving back is exact: it restarts the round from its
snapshot and re-applies the events up to the one wanted, never undoing.

With fog of war in the saved battle the cursor can show one side's view (`set_side`): its
rounds are played back as that side saw them (the rules' `game.rules.fog.watch`, through
the battle screen's own `Playback` filtering, `seen_events`), and `fog_view` is what the
side sees and knows at the cursor (its darkness and ghosts, as the battle window draws them).

Pure Python (no pygame): the replay screen draws from `cursor.world`,
`cursor.playback` and `cursor.shown_count`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.persist.saves import battle_from_save, read_save
from game.rules.battle import Battle
from game.rules.events import Event
from game.rules.fog import FogMemory, SideView, fog_on, sides_of, view_for, watch
from game.ui.playback import Playback, seen_events
from game.world import World

ROUND_PAUSE = 0.6  # seconds the end of a round stays on screen while playing


@dataclass
class SavedReplay:
    """A save rebuilt for watching: the battle, its events by round, the world before each round."""

    path: Path
    battle: Battle
    starts: list[World]  # starts[r]: the world before round r + 1 (the last: the final world)
    rounds: list[list[Event]]  # events of each round, as the battle emitted them
    resolved: int  # rounds fully resolved (the last may still be in its Strategy Stage)

    @property
    def title(self) -> str:
        """What to call the battle: its title, else its scenario, else the file's name."""
        meta = self.battle.meta
        return str(meta.get("title") or meta.get("scenario") or self.path.stem)

    @property
    def events(self) -> list[Event]:
        """Every event, in order."""
        return [e for r in self.rounds for e in r]

    def number(self, r: int) -> int:
        """The battle's number of round index `r`."""
        records = self.battle.records
        return records[r].number if r < len(records) else r + 1

    def fog_sides(self) -> list[str]:
        """The sides whose view can be watched: every side when the battle played with fog
        of war, none without."""
        return sides_of(self.starts[0]) if fog_on(self.battle.options) else []

    def ended_after(self, rounds: int) -> bool:
        """Whether the battle is over once `rounds` rounds have been resolved."""
        return rounds >= self.resolved and self.battle.round is None and self.battle.over


def load_replay(path: Path) -> SavedReplay:
    """Rebuild a save for watching; SaveError (one line) for anything that is not a sound save."""
    path = Path(path)
    label = str(path)
    data = read_save(path)
    starts: list[World] = []

    def keep(battle: Battle, _number: int) -> None:
        starts.append(battle.world.copy())

    # One path for every save: header, replay and hash checks live in battle_from_save.
    battle = battle_from_save(data, label, on_round=keep)
    first = World.from_dict(battle.initial)
    rounds = [list(record.events) for record in battle.records] or [[]]
    starts.insert(0, first)
    return SavedReplay(path, battle, starts, rounds, battle.resolved_rounds)


class FogRounds:
    """What each side saw of each round of a replay, worked out on first asking: its memory
    as the round began, and each event as it saw it (None: unseen), from the rules' `watch`."""

    def __init__(self, replay: SavedReplay) -> None:
        self.replay = replay
        self._memories: dict[str, list[FogMemory]] = {}
        self._seen: dict[tuple[str, int], list[Event | None]] = {}

    def memory(self, side: str, r: int) -> FogMemory:
        """`side`'s memory as round index `r` began."""
        self._watch(side, r)
        return self._memories[side][r]

    def seen(self, side: str, r: int) -> list[Event | None]:
        """Each event of round index `r` as `side` saw it (None: one it did not see)."""
        self._watch(side, r)
        return self._seen[(side, r)]

    def _watch(self, side: str, r: int) -> None:
        replay = self.replay
        memories = self._memories.setdefault(side, [FogMemory(side)])
        while len(memories) <= r + 1 and len(memories) <= len(replay.rounds):
            k = len(memories) - 1
            battle = replay.battle
            events = replay.rounds[k]
            watched = watch(
                replay.starts[k], battle.board, side, memories[k], events, replay.number(k), battle.options
            )
            self._seen[(side, k)] = seen_events(events, watched.events)
            memories.append(watched.memory)


class ReplayCursor:
    """Where the replay is: a round and the event on screen in it (the battle screen's Playback).

    The positions, in order: the very start (nothing shown), then in each round
    every event on screen in turn, then that round's end (all its events
    applied).  `position` numbers them 0 … `length` − 1."""

    def __init__(self, replay: SavedReplay, speed: float = 1.0) -> None:
        self.replay = replay
        self.speed = speed
        self.playing = False
        self.pause_left = 0.0  # seconds of rest at a round's end before playing on
        self.round = 0  # index into replay.rounds
        self.side: str | None = None  # fog of war: the side whose view is shown (None: all)
        self.fog = FogRounds(replay)
        self.playback = self._playback(0)
        self.playback.playing = False
        # First position of each round (round 0 also has the "nothing shown yet" start).
        self._first: list[int] = []
        total = 0
        for r, events in enumerate(replay.rounds):
            self._first.append(total)
            total += len(events) + (2 if r == 0 else 1)
        self.length = total
        self._events_before = [0]
        for events in replay.rounds:
            self._events_before.append(self._events_before[-1] + len(events))

    # ------------------------------------------------------------- where we are
    @property
    def last_round(self) -> int:
        """Index of the last round."""
        return len(self.replay.rounds) - 1

    @property
    def index(self) -> int:
        """The event on screen in the round (−1: none yet; the round's length: its end)."""
        return self.playback.index

    @property
    def events(self) -> list[Event]:
        """The events of the round being shown."""
        return self.replay.rounds[self.round]

    @property
    def world(self) -> World:
        """The world as the screen shows it now."""
        return self.playback.world

    @property
    def current(self) -> Event | None:
        """The event on screen."""
        return self.playback.current

    @property
    def position(self) -> int:
        """The position on the whole timeline (0 = the start)."""
        return self._first[self.round] + self.index + (1 if self.round == 0 else 0)

    @property
    def at_start(self) -> bool:
        """Nothing shown yet."""
        return self.round == 0 and self.index < 0

    @property
    def at_end(self) -> bool:
        """Every event of the battle shown and applied."""
        return self.round == self.last_round and self.playback.done

    @property
    def shown_count(self) -> int:
        """Events revealed so far over the whole battle (the log shows these)."""
        return self._events_before[self.round] + min(len(self.events), self.index + 1)

    def completed_rounds(self) -> int:
        """Rounds whose every event has been shown (and resolved in the save)."""
        done = self.round + 1 if self.playback.done else self.round
        return min(done, self.replay.resolved)

    def round_span(self, r: int) -> tuple[int, int]:
        """The first and last position of round index `r` on the timeline."""
        first = self._first[r]
        return first, first + len(self.replay.rounds[r]) + (1 if r == 0 else 0)

    def seen(self, r: int) -> list[Event | None] | None:
        """Round index `r`'s events as the side watched saw them (None: everything shown)."""
        return self.fog.seen(self.side, r) if self.side is not None else None

    def fog_view(self) -> SideView | None:
        """What the side watched sees and knows at the cursor (None: everything is shown): the
        rules' view of the picture, with what it remembered as the round began."""
        if self.side is None:
            return None
        battle = self.replay.battle
        memory = self.fog.memory(self.side, self.round)
        return view_for(
            self.world, battle.board, self.side, memory, self.replay.number(self.round), battle.options
        )

    def _playback(self, r: int) -> Playback:
        return Playback(self.replay.starts[r], self.replay.rounds[r], self.speed, None, self.seen(r))

    # ------------------------------------------------------------- moving
    def set_side(self, side: str | None) -> None:
        """Show `side`'s view from here on (None: everything), at the same place."""
        self.side = side
        self.seek(self.round, self.index)

    def seek(self, r: int, index: int) -> None:
        """Show round index `r` with event `index` on screen (−1 … its length), rebuilt from
        the round's snapshot so the world is exact whichever way we came."""
        r = min(max(0, r), self.last_round)
        events = self.replay.rounds[r]
        index = min(max(-1 if r == 0 else 0, index), len(events))
        self.round = r
        self.playback = self._playback(r)
        self.playback.playing = self.playing
        while self.playback.index < index:
            self.playback.step()
        self.pause_left = 0.0

    def seek_position(self, position: int) -> None:
        """Go to a position on the whole timeline."""
        position = min(max(0, position), self.length - 1)
        r = max(i for i, first in enumerate(self._first) if first <= position)
        self.seek(r, position - self._first[r] - (1 if r == 0 else 0))

    def forward(self) -> bool:
        """The next event (into the next round at a round's end); False at the very end."""
        if not self.playback.done:
            self.playback.step()
            return True
        if self.round < self.last_round:
            self.seek(self.round + 1, 0)
            return True
        return False

    def back(self) -> bool:
        """The previous event (the previous round's end at a round's start); False at the start."""
        if self.at_start:
            return False
        seen = self.seen(self.round)
        earlier = [i for i in range(self.index) if seen is None or seen[i] is not None]
        if earlier or self.round == 0:
            self.seek(self.round, earlier[-1] if earlier else -1)
        else:
            self.seek(self.round - 1, len(self.replay.rounds[self.round - 1]))
        return True

    def next_round(self) -> None:
        """The start of the next round (the end, from the last round)."""
        if self.round < self.last_round:
            self.seek(self.round + 1, 0)
        else:
            self.to_end()

    def previous_round(self) -> None:
        """The start of this round, or of the previous one when already there."""
        if self.index > 0:
            self.seek(self.round, 0)
        elif self.round > 0:
            self.seek(self.round - 1, 0)
        else:
            self.to_start()

    def to_start(self) -> None:
        """Before the first event."""
        self.seek(0, -1)

    def to_end(self) -> None:
        """After the last event."""
        self.seek(self.last_round, len(self.replay.rounds[self.last_round]))

    def toggle_play(self) -> None:
        """Play or pause (playing at the end starts again from the beginning)."""
        if not self.playing and self.at_end:
            self.to_start()
        self.playing = not self.playing
        self.playback.playing = self.playing

    def pause(self) -> None:
        """Stop playing (stepping by hand pauses)."""
        self.playing = False
        self.playback.playing = False

    def update(self, dt: float) -> None:
        """Advance time: animate the event on screen and, while playing, move on."""
        pb = self.playback
        if not self.playing:
            if pb.index >= 0:  # the beat on screen still animates; the next waits for a step
                pb.elapsed += dt
            return
        if not pb.done:
            pb.update(dt)
            return
        if self.round >= self.last_round:
            self.pause()
            return
        self.pause_left += dt
        if self.pause_left >= ROUND_PAUSE / max(0.1, self.speed):
            self.seek(self.round + 1, 0)
