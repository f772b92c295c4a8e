"""Key bindings: one table of named commands, shown on the help and settings screens.

Scenes ask `BINDINGS.matches(event, "confirm")` instead of testing keys, so
the table below is the single truth about the keyboard.

The pan keys (W A S D) and the facing keys beside them (Q E) go by the key's place on
the keyboard (its scancode), not by the letter it types, so the same hand position
pans and turns on AZERTY, QWERTZ or Dvorak keyboards: an AZERTY "Z" pans up.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT
POSITIONAL = N_(" (by position)")  # after a key that goes by its place on the keyboard
KEY_NAMES = {
    "Return": N_("Enter"),
    "Enter": N_("Enter"),
    "Escape": N_("Esc"),
    "Backspace": N_("Backspace"),
    "Space": N_("Space"),
    "Tab": N_("Tab"),
    "Left": N_("Left"),
    "Right": N_("Right"),
    "Up": N_("Up"),
    "Down": N_("Down"),
    "Home": N_("Home"),
    "End": N_("End"),
    "Page Up": N_("Page Up"),
    "Page Down": N_("Page Down"),
    "Delete": N_("Delete"),
}
"""pygame's names of the keys that have a word, as the help shows them (translated there)."""


POSITIONS = {
    pygame.K_q: pygame.KSCAN_Q,
    pygame.K_w: pygame.KSCAN_W,
    pygame.K_e: pygame.KSCAN_E,
    pygame.K_a: pygame.KSCAN_A,
    pygame.K_s: pygame.KSCAN_S,
    pygame.K_d: pygame.KSCAN_D,
}
"""The US-layout letters whose bindings go by place on the keyboard, with that place."""


def _same_key(event: pygame.event.Event, key: int, by_position: bool) -> bool:
    """Whether the event's key is `key`: by its place on the keyboard for positional
    bindings (when the event says where, as real key events do), else by the letter."""
    scancode = getattr(event, "scancode", 0)
    if by_position and scancode:
        return bool(scancode == POSITIONS[key])
    return bool(event.key == key)


@dataclass(frozen=True)
class Binding:
    """A command with the keys that trigger it and what it does."""

    name: str
    keys: tuple[tuple[int, int], ...]  # (key, required modifier mask; 0 = none required)
    help: str
    group: str = "General"
    by_position: bool = False  # the keys are places on the keyboard (W A S D), not letters

    def matches(self, event: pygame.event.Event) -> bool:
        """Whether a KEYDOWN event triggers this command."""
        return event.type == pygame.KEYDOWN and self.is_key(event)

    def released(self, event: pygame.event.Event) -> bool:
        """Whether a KEYUP event lets go of one of this command's keys."""
        if event.type != pygame.KEYUP:
            return False
        return any(_same_key(event, key, self.by_position) for key, _need in self.keys)

    def is_key(self, event: pygame.event.Event) -> bool:
        """Whether a key event (down or up) is one of this command's keys with its modifiers."""
        mods = getattr(event, "mod", 0)
        for key, need in self.keys:
            if not _same_key(event, key, self.by_position):
                continue
            if need and not mods & need:
                continue
            if not need and mods & CTRL and key not in (pygame.K_TAB,):
                continue
            return True
        return False

    def label(self) -> str:
        """ "Ctrl+S", "Tab / Shift+Tab" … for the help screen."""
        parts = []
        for key, need in self.keys:
            name = pygame.key.name(key).title() if key != pygame.K_QUESTION else "?"
            name = _(KEY_NAMES[name]) if name in KEY_NAMES else name
            if need & CTRL:
                name = _("Ctrl+{key}").format(key=name)
            elif need & SHIFT:
                name = _("Shift+{key}").format(key=name)
            if name not in parts:
                parts.append(name)
        return " / ".join(parts) + (_(POSITIONAL) if self.by_position else "")


def _b(name: str, help_text: str, group: str, *keys: int | tuple[int, int]) -> Binding:
    combos = tuple(k if isinstance(k, tuple) else (k, 0) for k in keys)
    return Binding(name, combos, help_text, group)


def _placed(name: str, help_text: str, group: str, key: int) -> Binding:
    """A binding to a place on the keyboard (`key` is the letter there on a US layout)."""
    return Binding(name, ((key, 0),), help_text, group, by_position=True)


class Bindings:
    """The command table."""

    def __init__(self, bindings: list[Binding]) -> None:
        self.all = bindings
        self.by_name = {b.name: b for b in bindings}

    def matches(self, event: pygame.event.Event, name: str) -> bool:
        """Whether the event triggers the named command."""
        return self.by_name[name].matches(event)

    def command(self, event: pygame.event.Event, *names: str) -> str | None:
        """The first of `names` (all if none given) that the event triggers."""
        for binding in self.all if not names else [self.by_name[n] for n in names]:
            if binding.matches(event):
                return binding.name
        return None

    def released(self, event: pygame.event.Event, *names: str) -> str | None:
        """The first of `names` (all if none given) whose key a KEYUP event lets go of."""
        for binding in self.all if not names else [self.by_name[n] for n in names]:
            if binding.released(event):
                return binding.name
        return None

    def groups(self) -> list[tuple[str, list[Binding]]]:
        """Bindings grouped for display, in table order."""
        out: dict[str, list[Binding]] = {}
        for binding in self.all:
            out.setdefault(binding.group, []).append(binding)
        return list(out.items())


BINDINGS = Bindings(
    [
        _b("back", N_("back out: close a menu, drop the plan, pause"), N_("General"), pygame.K_ESCAPE),
        _b(
            "help",
            N_("show or hide this help"),
            N_("General"),
            pygame.K_F1,
            pygame.K_QUESTION,
            (pygame.K_SLASH, SHIFT),
        ),
        _b("save", N_("save the battle (Strategy Stage)"), N_("General"), (pygame.K_s, CTRL), pygame.K_F5),
        _b("ai_reasons", N_("show or hide the last AI declaration's reasons"), N_("General"), pygame.K_F9),
        _b("fullscreen", N_("fullscreen on or off"), N_("General"), pygame.K_F11),
        _b("cursor_left", N_("move the tile cursor"), N_("Map"), pygame.K_LEFT),
        _b("cursor_right", N_("move the tile cursor"), N_("Map"), pygame.K_RIGHT),
        _b("cursor_up", N_("move the tile cursor"), N_("Map"), pygame.K_UP),
        _b("cursor_down", N_("move the tile cursor"), N_("Map"), pygame.K_DOWN),
        _b("activate", N_("click the tile under the cursor"), N_("Map"), pygame.K_RETURN, pygame.K_KP_ENTER),
        _placed("pan_left", N_("pan the camera (hold)"), N_("Map"), pygame.K_a),
        _placed("pan_right", N_("pan the camera (hold)"), N_("Map"), pygame.K_d),
        _placed("pan_up", N_("pan the camera (hold)"), N_("Map"), pygame.K_w),
        _placed("pan_down", N_("pan the camera (hold)"), N_("Map"), pygame.K_s),
        _b("zoom_in", N_("zoom in"), N_("Map"), pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS),
        _b("zoom_out", N_("zoom out"), N_("Map"), pygame.K_MINUS, pygame.K_KP_MINUS),
        _b("centre", N_("centre the camera on the selected combatant"), N_("Map"), pygame.K_HOME, pygame.K_h),
        _b("next_unit", N_("select the next combatant (Shift: previous)"), N_("Map"), pygame.K_TAB),
        _b("next_target", N_("put the cursor on the next enemy of the declarer"), N_("Map"), pygame.K_t),
        _b("grid", N_("show or hide the grid"), N_("Map"), pygame.K_g),
        _b("ruler", N_("ruler: metres, range band, sight and cover to the pointer"), N_("Map"), pygame.K_r),
        _b("minimap", N_("show or hide the minimap"), N_("Map"), (pygame.K_m, SHIFT)),
        _b("fit", N_("fit the whole map in view (again: back)"), N_("Map"), pygame.K_m),
        _b("actions", N_("open the action menu"), N_("Orders"), pygame.K_x, pygame.K_SPACE),
        _placed("face_left", N_("turn the final facing anticlockwise"), N_("Orders"), pygame.K_q),
        _placed("face_right", N_("turn the final facing clockwise"), N_("Orders"), pygame.K_e),
        _b("face_cursor", N_("face the tile under the cursor"), N_("Orders"), pygame.K_f),
        _b(
            "undo",
            N_("undo the last change to the order"),
            N_("Orders"),
            pygame.K_BACKSPACE,
            (pygame.K_z, CTRL),
        ),
        _b("confirm", N_("declare the order"), N_("Orders"), pygame.K_c, (pygame.K_RETURN, CTRL)),
        _b("overlay_reach", N_("overlay: movement reach (walk, Sprint)"), N_("Overlays"), pygame.K_1),
        _b("overlay_range", N_("overlay: range bands of the missile weapon"), N_("Overlays"), pygame.K_2),
        _b("overlay_arcs", N_("overlay: facing arcs"), N_("Overlays"), pygame.K_3),
        _b("overlay_sight", N_("overlay: line of sight and cover"), N_("Overlays"), pygame.K_4),
        _b("overlay_threat", N_("overlay: enemy threat next round"), N_("Overlays"), pygame.K_5),
        _b("overlay_chance", N_("overlay: hit chance on the hovered target"), N_("Overlays"), pygame.K_6),
        _b("overlay_terrain", N_("overlay: terrain: blocking, cover, move cost"), N_("Overlays"), pygame.K_7),
        _b(
            "module_overlays",
            N_("overlays of the rules modules in play, in turn"),
            N_("Overlays"),
            pygame.K_8,
        ),
        _b("legend", N_("overlay legend: whole, one line, hidden"), N_("Overlays"), pygame.K_l),
        _b("step", N_("resolution: next event"), N_("Resolution"), pygame.K_n, pygame.K_PERIOD),
        _b("play", N_("resolution: play / pause"), N_("Resolution"), pygame.K_p),
        _b(
            "skip", N_("resolution: skip to the end of the round"), N_("Resolution"), pygame.K_k, pygame.K_END
        ),
        _b("slower", N_("resolution: slower"), N_("Resolution"), pygame.K_LEFTBRACKET),
        _b("faster", N_("resolution: faster"), N_("Resolution"), pygame.K_RIGHTBRACKET),
        # The replay screen asks for these by name first, so keys the battle screen
        # uses for other things (arrows, Home, End, C) mean the replay's commands there.
        _b(
            "replay_forward",
            N_("replay: next event"),
            N_("Replay"),
            pygame.K_RIGHT,
            pygame.K_n,
            pygame.K_PERIOD,
        ),
        _b(
            "replay_back",
            N_("replay: previous event"),
            N_("Replay"),
            pygame.K_LEFT,
            pygame.K_b,
            pygame.K_COMMA,
        ),
        _b(
            "replay_next_round",
            N_("replay: start of the next round"),
            N_("Replay"),
            pygame.K_PAGEDOWN,
            pygame.K_RIGHTBRACKET,
        ),
        _b(
            "replay_previous_round",
            N_("replay: start of this (or the previous) round"),
            N_("Replay"),
            pygame.K_PAGEUP,
            pygame.K_LEFTBRACKET,
        ),
        _b("replay_play", N_("replay: play / pause"), N_("Replay"), pygame.K_SPACE, pygame.K_p),
        _b("replay_start", N_("replay: jump to the start"), N_("Replay"), pygame.K_HOME),
        _b("replay_end", N_("replay: jump to the end"), N_("Replay"), pygame.K_END),
        _b(
            "replay_fog",
            N_("replay: whose view (fog of war): everything, then each side's"),
            N_("Replay"),
            pygame.K_v,
        ),
        _b(
            "replay_continue",
            N_("replay: continue the battle from the last whole round shown"),
            N_("Replay"),
            pygame.K_c,
        ),
        # The position workbench (the main menu's "Position workbench").
        _b("redo", N_("workbench: redo what was undone"), N_("Workbench"), (pygame.K_y, CTRL)),
        _b("workbench_setup", N_("workbench: the Set up tab"), N_("Workbench"), (pygame.K_1, CTRL)),
        _b("workbench_see", N_("workbench: the See tab"), N_("Workbench"), (pygame.K_2, CTRL)),
        _b("workbench_try", N_("workbench: the Try tab"), N_("Workbench"), (pygame.K_3, CTRL)),
        _b("workbench_keep", N_("workbench: the Keep tab"), N_("Workbench"), (pygame.K_4, CTRL)),
        _b(
            "workbench_remove",
            N_("workbench: take the selected combatant off"),
            N_("Workbench"),
            pygame.K_DELETE,
        ),
        _b("workbench_matrix", N_("workbench: attack matrix on / off"), N_("Workbench"), (pygame.K_m, CTRL)),
        _b("workbench_picture", N_("workbench: export the screen to PNG"), N_("Workbench"), pygame.K_F12),
    ]
)
"""Every command of the game window."""
