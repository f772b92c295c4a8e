"""Results on the board: what floats over a token as the round plays back ("−1 Injury",
"Defeated", "Parried", "Missed"), and whether the token flashes (a hit).

The words are read off the events and the rules' answers (`rules.defence.stopped_by` says
which defence foiled an attack); nothing here decides an outcome.  Pure: no pygame.  The
playback keeps each floater for `FLOAT_SECONDS` of paced time (the resolution speed
setting paces it, and skipping ends it with the round).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, _, ngettext
from game.rules.defence import stopped_by
from game.rules.events import Defeated, Event, Hit, Injured, Killed, Rolled
from game.rules.injury import WITHSTAND_ROLL
from game.ui.battle.pacing import failed_attack

FLOAT_SECONDS = 1.4  # paced seconds a floater stays over its token


@dataclass(frozen=True)
class Floater:
    """Words over one combatant's token: `tone` is harm, down, foiled or miss (the colour),
    `flash` whether the token flashes (it was hit)."""

    who: str
    text: str
    tone: str
    flash: bool = False


STOPPED_WORDS = (N_("Parried"), N_("Dodged"), N_("Blocked"), N_("Evaded"), N_("Covered"), N_("Nullified"))
"""What a floater says of a defence or a term that stopped an attack (`past_tense` of its name)."""


def past_tense(label: str) -> str:
    """ "Parried", "Dodged", "Blocked", "Evaded": a defence's label as what it did."""
    if label.endswith("y"):
        return label[:-1] + "ied"
    return label + ("d" if label.endswith("e") else "ed")


def floaters_of(event: Event) -> list[Floater]:
    """What the board shows for one event (nothing for most)."""
    if isinstance(event, Hit):
        return [Floater(event.target, "", "harm", flash=True)]
    if isinstance(event, Injured):
        text = ngettext("\u2212{n} Injury", "\u2212{n} Injuries", event.added).format(n=event.added)
        return [Floater(event.target, text, "harm")]
    if isinstance(event, Defeated):
        return [Floater(event.target, _("Defeated"), "down")]
    if isinstance(event, Killed):
        return [Floater(event.target, _("Killed"), "down")]
    if isinstance(event, Rolled):
        if event.action == WITHSTAND_ROLL and event.succeeded:
            return [Floater(event.actor, _("No Injury"), "foiled")]
        if not failed_attack(event):
            return []
        stopped = stopped_by(event.breakdown, event.die, event.succeeded)
        if stopped:
            return [Floater(event.target, " & ".join(_(past_tense(s)) for s in stopped), "foiled")]
        return [Floater(event.target, _("Impossible") if event.die is None else _("Missed"), "miss")]
    return []
