"""What the battle window shows of the battle under fog of war: the side seated at the
window, what it sees and knows now, the declarations it may see, which of a round's
events it saw played back, and the log as it may read it.

A component of `BattleScene` (`scene.sight`), not a mixin: it reads the screen only
through `SightHost` (`game.ui.battle.host`) and answers the other parts through `Sight`.
The rules decide what a side sees (`game.rules.fog`); this keeps the view drawn until the
battle moves on, each side's memory as the round being played back began, and what the
log holds.  Without fog of war the window shows everything and the log every event.
"""

from __future__ import annotations

from game.rules.events import Event
from game.rules.fog import FogMemory, SideView
from game.rules.fog import view_for as fog_view_for
from game.rules.orders import Order
from game.ui.battle.host import SightHost
from game.ui.playback import seen_events


class WindowSight:
    """The seated side's view of the battle, and the log as that side reads it."""

    def __init__(self, host: SightHost) -> None:
        self.host = host
        self._logged = 0  # the events the log holds (without fog of war)
        # Fog of war: the events the log shows and for which side, the view drawn (kept until
        # the battle moves on) and each side's memory as the round being played back began.
        self._fog_logged: list[Event] = []
        self._fog_log_side: str | None = None
        self._cache: tuple[object, SideView | None] | None = None
        self._memories: dict[str, FogMemory] = {}

    def side(self) -> str | None:
        """The side whose view the window shows (fog of war), None for everything (fog off,
        or nobody plays at the window): the side seated at the window (in hot-seat the side
        of the last human to declare, after the hand-over), else the one human side."""
        if self.host.battle.fog is None:
            return None
        session = self.host.session
        humans = session.human_sides()
        if not humans:
            return None
        seated = session.seated
        return seated if seated in humans else humans[0]

    def view(self) -> SideView | None:
        """What the seated side sees and knows now (the rules' view; while a round is played
        back, as its picture stands, with what the side remembered as the round began)."""
        side = self.side()
        if side is None:
            return None
        battle, pb = self.host.battle, self.host.playback
        record = len(battle.records[-1].events) if battle.records else 0
        key = (side, battle.number, record, id(pb), pb.index if pb is not None else -2)
        if self._cache is None or self._cache[0] != key:
            if pb is not None:
                memory = self._memories.get(side)
                view = fog_view_for(pb.world, battle.board, side, memory, battle.number, battle.options)
            else:
                view = battle.view_for(side)
            self._cache = (key, view)
        return self._cache[1]

    def sees(self, eid: int | None) -> bool:
        """Whether the window may show `eid` (always, without fog of war)."""
        view = self.view()
        return view is None or eid is None or view.sees(eid)

    def seen(self) -> frozenset[int] | None:
        """The combatants the seated side sees (None: everyone, without fog of war)."""
        view = self.view()
        return None if view is None else frozenset(view.seen)

    def orders(self, orders: dict[int, Order]) -> dict[int, Order]:
        """The round's declarations the seated side may see (all of them without fog)."""
        view = self.view()
        return orders if view is None else view.declarations(orders)

    def remember(self) -> None:
        """Each side's memory as a round about to be resolved begins: its playback is drawn
        as the side knew the battle then."""
        fog = self.host.battle.fog
        self._memories = dict(fog.memories) if fog is not None else {}

    def played(self, events: list[Event]) -> list[Event | None] | None:
        """Of the round's `events` just resolved, each as the seated side saw it, None where
        it did not (None for all: everything plays without fog of war); the rest is applied
        to the picture unseen."""
        side = self.side()
        if side is None:
            return None
        battle = self.host.battle
        record = battle.records[-1]
        shown = battle.events_for(side, record.number)
        return seen_events(record.events, shown)[len(record.events) - len(events) :]

    def sync_log(self) -> None:
        """The log brought up to the events so far, as the seated side may read them."""
        side = self.side()
        if side is not None:
            self._sync_fog_log(side)
            return
        events = self.host.battle.events()
        for event in events[self._logged :]:
            self.host.log.add(event)
        self._logged = len(events)

    def caught_up(self) -> None:
        """The round played back put its lines in the log (those the side saw): the log holds
        every event so far."""
        self._logged = len(self.host.battle.events())
        side = self.side()
        if side is not None:
            self._fog_logged, self._fog_log_side = self._fog_events(side), side

    def _fog_events(self, side: str) -> list[Event]:
        """Every event so far as `side` may see it, round by round."""
        battle = self.host.battle
        return [e for record in battle.records for e in battle.events_for(side, record.number)]

    def _sync_fog_log(self, side: str) -> None:
        """The log as `side` may see it: new lines added; written anew for another side (the
        hot-seat hand-over) or when what the side saw of a round has changed."""
        events = self._fog_events(side)
        kept = self._fog_logged
        log = self.host.log
        if side != self._fog_log_side or events[: len(kept)] != kept:
            log.clear()
            kept = []
        for event in events[len(kept) :]:
            log.add(event)
        self._fog_logged, self._fog_log_side = events, side
