"""The battle screen's input modes: each an object that owns its state, takes the keys
that belong to it, and says which mode the screen is in next (python-tcod's event
handlers, one per mode, instead of a string `phase` tested all over the screen).

    Idle          between two steps of the battle (nothing is asked of anyone)
    Declaring     a player drafts an order: the draft, its planner, the order keys
    AiDeclaring   an AI declares in a worker thread; polled each frame
    PlayingBack   a resolved round is shown: the playback, the pace keys
    RoundSummary  the end-of-round card waits for the player
    HandingOver   the hot-seat hand-over screen is up
    Over          the battle has ended

The screen (`BattleScene`) keeps what outlives a mode (the battle, the view, the
selection, the overlays) and the transitions that ask the session what comes next; a
mode asks it through the narrow `ModeHost` below.  `BattleScene.phase` is the mode's
`name`, for the drawing code and the tools that only need to know which it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from game.ui.planner import Draft, Planner
from game.ui.playback import Playback

if TYPE_CHECKING:
    from game.core.geometry import Tile
    from game.ui.ai_runner import AiDeclaration
    from game.ui.battle.host import Drafting
    from game.ui.battle.round_summary import RoundSummaryCard


class ModeHost(Protocol):
    """What a mode may ask of the battle screen: the order keys go to its drafting commands
    (`Drafting`), the rest to the screen."""

    mode: BattleMode

    @property
    def orders(self) -> Drafting: ...
    def confirm(self) -> None: ...
    def pace(self, what: str) -> None: ...
    def poll_ai(self, ai: AiDeclaration) -> None: ...
    def play_on(self, dt: float) -> None: ...
    def cursor_tile(self) -> Tile | None: ...


class BattleMode:
    """A mode of the battle screen; by default it takes no keys and nothing moves on."""

    name: ClassVar[str] = "idle"

    def command(self, host: ModeHost, cmd: str) -> BattleMode | None:
        """The mode after the bound command `cmd` (see `game.ui.input.bindings`), or None
        when the command is not this mode's."""
        return None

    def update(self, host: ModeHost, dt: float) -> BattleMode:
        """The mode after `dt` seconds."""
        return self

    def catch_up(self, host: ModeHost, dt: float) -> BattleMode:
        """The mode after the rest of a frame it was entered in (from an AI's declaration):
        most have nothing to do with it."""
        return self


class Idle(BattleMode):
    """Between two steps of the battle."""

    name = "idle"


class Declaring(BattleMode):
    """A player drafts the order of `actor`."""

    name = "declare"

    def __init__(self, actor: int, draft: Draft, planner: Planner) -> None:
        self.actor = actor
        self.draft = draft
        self.planner = planner

    def command(self, host: ModeHost, cmd: str) -> BattleMode | None:
        """The keys that change the order being drafted."""
        if cmd == "actions":
            host.orders.open_action_menu()
        elif cmd == "face_left":
            host.orders.turn(-1)
        elif cmd == "face_right":
            host.orders.turn(1)
        elif cmd == "face_cursor":
            tile = host.cursor_tile()
            if tile is None:
                return None
            host.orders.face_toward(tile)
        elif cmd == "undo":
            host.orders.undo()
        elif cmd == "confirm":
            host.confirm()  # declared, the battle moves on: the host is in its next mode
        else:
            return None
        return host.mode


class AiDeclaring(BattleMode):
    """An AI declares for `actor` in a worker thread."""

    name = "ai"

    def __init__(self, actor: int, ai: AiDeclaration) -> None:
        self.actor = actor
        self.ai = ai

    def update(self, host: ModeHost, dt: float) -> BattleMode:
        """Its order, once the thread has it, declared; the battle moves on."""
        if not self.ai.finished:
            return self
        host.poll_ai(self.ai)
        return host.mode.catch_up(host, dt)


class PlayingBack(BattleMode):
    """A resolved round shown event by event."""

    name = "playback"
    PACE = ("step", "play", "skip", "actions")

    def __init__(self, playback: Playback) -> None:
        self.playback = playback

    def command(self, host: ModeHost, cmd: str) -> BattleMode | None:
        """Step, play or pause, skip to the round's end."""
        if cmd not in self.PACE:
            return None
        host.pace("play" if cmd == "actions" else cmd)
        return host.mode

    def update(self, host: ModeHost, dt: float) -> BattleMode:
        """The playback moved on by `dt`; at its end, the round's summary or the next step."""
        host.play_on(dt)
        return host.mode

    def catch_up(self, host: ModeHost, dt: float) -> BattleMode:
        """A round resolved after the AI's declaration starts playing in the same frame."""
        return self.update(host, dt)


class RoundSummary(BattleMode):
    """The end-of-round card, until the player has read it."""

    name = "summary"

    def __init__(self, card: RoundSummaryCard) -> None:
        self.card = card


class HandingOver(BattleMode):
    """The hot-seat hand-over screen is up (it starts the next player's declaration)."""

    name = "handover"


class Over(BattleMode):
    """The battle has ended."""

    name = "over"
