"""Which of the window's overlays are on: by default only what matters for the decision at
hand, plus whatever the player switched on or off with the number keys.

While you declare: where you can move (reach) and the hit chance on the enemy under the
mouse; the range bands when the combatant holds a missile weapon; the facing arcs while
the facing module is in play.  While others declare or a round plays: the arcs (with the
facing module) and the hit chance.  The sight, threat and terrain overlays wait for their
keys.

A window overlay a rules module claims (`RulesModule.overlays`) that shows nothing but
that module's rule is offered only while the module is on: the facing arcs.  The others
it claims (sight: line of sight is the chapter's, cover the module's) stay, without the
module's part.

A tutorial that asks the player to press an overlay's key ("Press 6 on an enemy") starts
with that overlay off, so that the key shows it as the tutorial says (it used to hide it:
the hit chance was on already).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pygame

from game.i18n import _
from game.rules.options import RuleOptions
from game.rules.registry import rules_modules
from game.ui.input.bindings import BINDINGS
from game.ui.render.overlays import OVERLAY_LABELS, OVERLAYS

MODULE_ONLY = frozenset({"arcs"})
"""Window overlays that draw nothing but the rule of the modules that claim them."""


def claimed(name: str) -> list[str]:
    """The rules modules whose rules the window overlay `name` shows."""
    return [m.name for m in rules_modules() if name in m.overlays]


def module_part_shown(name: str, options: RuleOptions) -> bool:
    """Whether the part of overlay `name` that belongs to rules modules is drawn: when no
    module claims it, or one that does is on."""
    owners = claimed(name)
    return not owners or any(options.has(m) for m in owners)


def available(options: RuleOptions) -> set[str]:
    """The window overlays this battle's rules modules leave on offer."""
    return {n for n in OVERLAYS if n not in MODULE_ONLY or module_part_shown(n, options)}


def defaults(options: RuleOptions, declaring: bool, has_missile: bool) -> set[str]:
    """The overlays on when the player has not said otherwise (see the module's docstring)."""
    wanted = {"chance", "arcs"}
    if declaring:
        wanted |= {"reach"}
        if has_missile:
            wanted.add("range")
    return wanted & available(options)


PRESS = re.compile(r"\b[Pp]ress (\d)((?:[^.;]*?\band (\d) for\b)?)")


def overlay_of_key(digit: str) -> str | None:
    """The window overlay a digit key switches ("6" → "chance"), by the key table."""
    key = getattr(pygame, f"K_{digit}", None)
    for binding in BINDINGS.all:
        if binding.name.startswith("overlay_") and any(k == key and not mod for k, mod in binding.keys):
            return binding.name.removeprefix("overlay_")
    return None


def asked_overlays(texts: Iterable[str]) -> set[str]:
    """The window overlays a tutorial's texts ask the player to press a key for ("Press 3 for
    the facing arcs and 6 for the hit chance": arcs and chance)."""
    asked: set[str] = set()
    for text in texts:
        for match in PRESS.finditer(text):
            for digit in (match.group(1), match.group(3)):
                name = overlay_of_key(digit) if digit else None
                if name is not None:
                    asked.add(name)
    return asked


class OverlayChoice:
    """The window overlays on now: the defaults for the moment, changed by the player's keys.

    Whoever sets the layer's `active` set directly (a test, `render --overlay`, the bench)
    pins it: the defaults no longer apply, only what is available does."""

    def __init__(self, start: set[str], asked: Iterable[str] = ()) -> None:
        # The player's switches, by overlay; a tutorial's asked-for overlays start off.
        self.chosen: dict[str, bool] = dict.fromkeys(asked, False)
        self.pinned: set[str] | None = None
        self.applied = set(start) & set(OVERLAYS)  # what is in the layer by this choice's doing

    def wanted(self, options: RuleOptions, declaring: bool, has_missile: bool) -> set[str]:
        """The window overlays to show now."""
        if self.pinned is not None:
            return self.pinned & available(options)
        on = defaults(options, declaring, has_missile)
        on |= {n for n, v in self.chosen.items() if v}
        on -= {n for n, v in self.chosen.items() if not v}
        return on & available(options)

    def apply(self, active: set[str], options: RuleOptions, declaring: bool, has_missile: bool) -> set[str]:
        """The layer's new active set from its current one (rules module overlays are kept)."""
        mine = active & set(OVERLAYS)
        if mine != self.applied:
            self.pinned = set(mine)  # set from outside: keep it
        wanted = self.wanted(options, declaring, has_missile)
        self.applied = wanted
        return (active - set(OVERLAYS)) | wanted

    def toggle(self, name: str, active: set[str], options: RuleOptions) -> tuple[bool, str]:
        """The player's key for an overlay: (on now, what to tell them)."""
        label = overlay_label(name)
        if name not in available(options):
            owners = _(" and ").join(claimed(name))
            if not owners:
                return False, _("{overlay}: its rules module is not in play in this battle").format(
                    overlay=label
                )
            return False, _("{overlay}: the {owners} rules module is not in play in this battle").format(
                overlay=label, owners=owners
            )
        on = name not in active
        if self.pinned is not None:
            self.pinned = (self.pinned | {name}) if on else (self.pinned - {name})
        self.chosen[name] = on
        return on, overlay_said(name, on)


def overlay_label(name: str) -> str:
    """An overlay's name for the player (a module's own overlay: the name it registered)."""
    return _(OVERLAY_LABELS[name]) if name in OVERLAY_LABELS else name


def overlay_said(name: str, on: bool) -> str:
    """What the screen says when an overlay's key switches it on or off."""
    label = overlay_label(name)
    return (_("{overlay} overlay on") if on else _("{overlay} overlay off")).format(overlay=label)
