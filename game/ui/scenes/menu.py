"""The main menu and the new-battle setup: scenario or map, who plays each side, rules modules."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from game.files import resolved
from game.i18n import _
from game.persist.house_rules import gather
from game.persist.usermaps import user_maps_dir
from game.rules.api.modules import RulesModule
from game.rules.options import RuleOptions
from game.rules.plugins import plugin_problems
from game.rules.registry import module_of, rules_modules
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.input.scroll_window import ScrollWindow
from game.ui.map_listing import MapListing, draw_broken
from game.ui.render.scenario_list import draw_scenario_list
from game.ui.render.scenario_preview import scenario_preview
from game.ui.render.tokens import TokenArt, TokenLook
from game.ui.render.widgets import Button, ButtonColumn, blit_text, draw_panel, switch_label
from game.ui.scenarios import CONTROLLER_LABELS, CONTROLLERS, UiScenario
from game.ui.scenarios import start as start_scenario
from game.ui.theme import fit_text

BRIEFING_LINES = 3  # lines of a briefing the setup screen shows (the rest comes before the battle)
WHEEL_ROWS = 3  # scenarios a notch of the mouse wheel scrolls the list by


class MenuScene(Scene):
    """Title screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.column = self._column()
        self.art = TokenArt()

    def _column(self) -> ButtonColumn:
        """The title's buttons, in the language in use."""
        return ButtonColumn(
            [
                Button(_("New battle"), lambda: self.app.push(SetupScene(self.app))),
                Button(_("Load"), lambda: self.app.push_screen("load")),
                Button(_("Position workbench"), lambda: self.app.push_screen("workbench")),
                Button(_("Settings"), lambda: self.app.push_screen("settings")),
                Button(_("Quit"), self.app.request_quit, hint=_("Esc")),
            ]
        )

    def on_language(self) -> None:
        """The buttons in the new language (the highlight stays where it was)."""
        index = self.column.index
        self.column = self._column()
        self.column.index = index

    def on_event(self, event: pygame.event.Event) -> None:
        """Esc quits; F1 help."""
        if BINDINGS.matches(event, "back"):
            self.app.request_quit()
        elif BINDINGS.matches(event, "help"):
            self.app.push_screen("help")
        else:
            self.column.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, a row of tokens, the buttons."""
        theme, pal = self.theme, self.theme.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        blit_text(surface, theme, "Dominion Tactics", (w // 2, h // 5), 44, pal.accent, True, anchor="center")
        blit_text(
            surface,
            theme,
            _("the Dominion Rules combat chapter on a tactical grid — every roll explained"),
            (w // 2, h // 5 + theme.px(44)),
            15,
            pal.text_dim,
            anchor="center",
        )
        kinds = ("bounty_hunter", "assassin", "knight", "archer", "android", "duelist")
        shapes = ("circle", "triangle", "square", "diamond", "hexagon", "star")
        size = theme.px(56)
        x0 = w // 2 - (len(kinds) * (size + 12)) // 2
        for i, (kind, shape) in enumerate(zip(kinds, shapes, strict=True)):
            style = theme.side_style(shape, i)
            token = self.art.token(
                TokenLook(kind, dataclasses.replace(style, shape=shape), 0, False, False), size
            )
            surface.blit(token, (x0 + i * (size + 12), h // 5 + theme.px(70)))
        # The buttons share the room between the tokens and the hint line at the bottom: as
        # many as there are, at every UI scale and window size.
        top = h // 5 + theme.px(160)
        room = (h - theme.px(44) - top) / theme.scale / max(1, len(self.column.buttons))
        step = max(20.0, min(60.0, room))
        self.column.layout(theme, w // 2, top, 300, round(step * 0.8), round(step * 0.2))
        self.column.draw(surface, theme)
        blit_text(
            surface,
            theme,
            _("Arrows and Enter, or the mouse · F1 help"),
            (w // 2, h - theme.px(20)),
            12,
            pal.text_dim,
            anchor="midbottom",
        )


PICTURE_ROOM = 96  # pixels (at scale 1) kept below the module switches for the map's picture
REMEMBERED = "new battle"  # App.remembered key: (the scenario chosen last, the list's first row)


class SetupScene(Scene):
    """Choose a scenario or map, who plays each side, and the rules modules.

    `chosen` (a map the player named, `play --map FILE`) is selected first: the entry
    for that file if the list has one, else it is put at the top.  Your maps are listed
    from their headers and checked in the background (`MapListing`): the screen opens at
    once however large they are, and fills them in as their checks end."""

    def __init__(self, app: App, chosen: UiScenario | None = None) -> None:
        super().__init__(app)
        # House rules (docs/house-rules.md) first: the good ones become modules the scenarios'
        # defaults and the switches below know; a map the player named brings those beside it.
        beside = Path(chosen.map_path) if chosen is not None and chosen.map_path else None
        self.unusable_rules = [f for f in gather(beside=beside) if f.description is None]
        """House-rule files that cannot be used: listed greyed, with their reason."""
        self.listing = MapListing()
        self.scenarios: list[UiScenario] = self.listing.entries  # (the same list: filled in)
        # The scenario chosen last time the screen was open (and where the list was scrolled).
        last = app.remembered.get(REMEMBERED)
        start = next((i for i, sc in enumerate(self.scenarios) if last and sc.id == last[0]), 0)  # type: ignore[index]
        if chosen is not None:
            start = 0
            same = [
                i
                for i, sc in enumerate(self.scenarios)
                if sc.id.startswith(("quick-", "mine-")) and _same_file(sc.map_path, chosen.map_path)
            ]
            if same:
                start = same[0]  # checked already: its entry need not wait for the check
                self.scenarios[start] = dataclasses.replace(chosen, title=self.scenarios[start].title)
            else:
                self.scenarios.insert(0, chosen)
        self.index = 0
        self.window = ScrollWindow()  # which scenarios the list shows
        if start and last:
            self.window.first = int(last[1])  # type: ignore[index]
        self._follow = True  # the list scrolls to the highlight at the next draw (a key moved it)
        self.controllers: dict[str, str] = {}
        self.options = RuleOptions.battlefield()
        self.seed = random.randrange(1, 1_000_000)
        self.error = ""
        self.focus = 0  # keyboard focus in the right column
        self.keyboard_focus = False  # Tab moved it last (not the mouse): its module is explained
        self.module_page = 0  # which page of rules module switches shows, when they need pages
        self.buttons: list[Button] = []
        self.scenario_buttons: list[Button] = []
        self.art = TokenArt()
        self._previews: dict[object, pygame.Surface | None] = {}
        self.preview_rect: pygame.Rect | None = None
        """Where the scenario's picture was drawn last frame (None: not drawn)."""
        self.choose(start)

    def choose(self, index: int) -> None:
        """Pick a scenario: its sides and modules become the defaults."""
        if not self.scenarios:
            return
        self.index = index % len(self.scenarios)
        sc = self.scenarios[self.index]
        self.app.remembered[REMEMBERED] = (sc.id, self.window.first)
        self.controllers = {s.name: s.controller for s in sc.sides}
        self.options = sc.options
        self.error = ""
        self.listing.look_at(self.index)  # a map still waiting for its check is checked next

    def update(self, dt: float) -> None:
        """Take in the checks of your maps that ended (the chosen one's sides become the defaults)."""
        if self.index in self.listing.poll():
            self.choose(self.index)

    def leave(self) -> None:
        """Back to the menu: the checks stop."""
        self.listing.stop()
        self.app.pop(self)

    def _draw_preview(
        self,
        surface: pygame.Surface,
        sc: UiScenario,
        x: int,
        top: int,
        right: pygame.Rect,
        by_sides: pygame.Rect | None = None,
    ) -> pygame.Rect | None:
        """The scenario's picture, in the largest of three places: above the Back and Start
        buttons, the panel's width, or beside them, down to the panel's foot (a tall map, or
        a long briefing that leaves little height, is drawn larger there), or `by_sides`, right
        of the sides' buttons (at a large UI scale the modules leave no room below)."""
        theme, pad = self.theme, self.theme.px(20)
        above = pygame.Rect(x, top, right.right - pad - x, right.bottom - theme.px(74) - top)
        beside = pygame.Rect(x, top, right.right - theme.px(396) - x, right.bottom - pad - top)
        best: tuple[int, pygame.Surface, pygame.Rect] | None = None
        for room in (above, beside, *([by_sides] if by_sides is not None else [])):
            if room.w < theme.px(60) or room.h < theme.px(60):
                continue
            picture = self.preview(sc, room.size)
            if picture is not None:
                area = picture.get_width() * picture.get_height()
                if best is None or area > best[0]:
                    spot = picture.get_rect(topleft=room.topleft)
                    best = (area, picture, spot)
        if best is None:
            return None
        surface.blit(best[1], best[2])
        pygame.draw.rect(surface, theme.palette.panel_edge, best[2], 1)
        return best[2]

    def preview(self, sc: UiScenario, room: tuple[int, int]) -> pygame.Surface | None:
        """The scenario's map in small, its deploy zones and its combatants' starts (cached)."""
        key = (sc.id, room, self.seed)
        if key not in self._previews:
            self._previews[key] = scenario_preview(sc, self.seed, dict(self.controllers), room)
        return self._previews[key]

    def cycle_controller(self, side: str) -> None:
        """Human → AI easy → normal → hard → Human."""
        current = self.controllers.get(side, "human")
        nxt = (
            CONTROLLERS[(CONTROLLERS.index(current) + 1) % len(CONTROLLERS)]
            if current in CONTROLLERS
            else "human"
        )
        self.controllers[side] = nxt

    def next_modules(self) -> None:
        """The next page of rules module switches (when they need pages)."""
        self.module_page += 1

    def toggle_module(self, name: str) -> None:
        """Switch a rules module."""
        self.options = self.options.with_module(name, not self.options.has(name))

    def start(self) -> None:
        """Build the battle and open it."""
        sc = self.scenarios[self.index]
        if sc.error:
            self.error = _("{title} cannot be played: {error}").format(title=sc.title, error=sc.error)
            return
        if sc.checking:
            self.error = _("{title} is still being checked: a moment, please").format(title=sc.title)
            return
        try:
            start_scenario(self.app, sc, self.seed, self.controllers, self.options)
        except Exception as err:  # noqa: BLE001 - a bad map or scenario is shown, not raised
            self.error = _("Cannot start {title}: {err}").format(title=sc.title, err=err)
            return
        self.listing.stop()

    def _draw_broken(self, surface: pygame.Surface, sc: UiScenario, right: pygame.Rect) -> None:
        """What is wrong with a map that cannot be played, and how to check it again."""
        self.buttons = [draw_broken(surface, self.theme, sc, right, self.error, self.leave)]

    def _draw_modules(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """A row per rules module (its switch and its help, cut to two lines) while they all fit
        `area`; otherwise a grid of switches sized to their labels and to `area`, with the help
        of the switch under the mouse below it.  Returns the y below."""
        theme, pal = self.theme, self.theme.palette
        modules = rules_modules()
        row = theme.px(40)
        bw, bh = theme.px(160), theme.px(32)
        labels = [switch_label(_(m.label), self.options.has(m.name)) for m in modules]
        # Switches, then a greyed entry per house-rule file or installed plug-in that cannot be
        # used (its reason as its help): (label, help, what a click does or None, the module).
        entries: list[tuple[str, str, Callable[[], None] | None, RulesModule | None]] = [
            (label, _(m.help), lambda n=m.name: self.toggle_module(n), m)
            for m, label in zip(modules, labels, strict=True)
        ]
        entries += [
            (_("{name}: cannot be used").format(name=f.path.name), f.problem, None, None)
            for f in self.unusable_rules
        ]
        entries += [
            (_("{name}: cannot be used").format(name=p.name), p.reason, None, None) for p in plugin_problems()
        ]
        x, y = area.x, area.y
        widest = max(theme.font(12).size(e[0])[0] for e in entries) + theme.px(16)
        bw = min(area.w // 2, max(bw, widest))
        if len(entries) * row <= area.h:
            for label, text, click, _module in entries:
                self.buttons.append(self._switch(label, click, pygame.Rect(x, y, bw, bh), text))
                lines = theme.wrap(text, area.w - bw - theme.px(14), 12)
                if len(lines) > 2:
                    lines = [lines[0], lines[1].rstrip(".,;") + " …"]
                for k, line in enumerate(lines):
                    spot = (x + bw + theme.px(14), y + theme.px(2) + k * theme.line_height(12))
                    blit_text(surface, theme, line, spot, 12, pal.text_dim)
                y += row
            return y
        # The grid: columns as wide as the longest label, rows as tall as the room allows; pages
        # of switches (and a button to the next page) when even the smallest rows do not fit.
        gap = theme.px(6)
        cell_w = min(area.w, max(theme.px(100), widest))
        per_row = max(1, (area.w + gap) // (cell_w + gap))
        cell_w = (area.w - (per_row - 1) * gap) // per_row
        help_room = 2 * theme.line_height(12)
        smallest = theme.px(22)
        rows_fit = max(1, (area.h - help_room + gap) // (smallest + gap))
        shown = list(range(len(entries)))
        pages = 1
        if len(entries) > rows_fit * per_row:
            size = max(1, rows_fit * per_row - 1)  # one cell for the page button
            pages = -(-len(entries) // size)
            self.module_page %= pages
            shown = shown[self.module_page * size : (self.module_page + 1) * size]
        rows = -(-(len(shown) + (len(shown) < len(entries))) // per_row)
        cell_h = max(smallest, min(bh, (area.h - help_room) // rows - gap))
        pointed: tuple[str, str, Callable[[], None] | None, RulesModule | None] | None = None
        mouse = pygame.mouse.get_pos()
        cells = [entries[i] for i in shown]
        for i, entry in enumerate(cells):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(x + c * (cell_w + gap), y + r * (cell_h + gap), cell_w, cell_h)
            # What it does: the module the keyboard's focus is on if Tab moved last, else the
            # one under the mouse.
            keyed = self.keyboard_focus and self.focus == len(self.buttons)
            self.buttons.append(self._switch(entry[0], entry[2], rect, entry[1]))
            if keyed or (rect.collidepoint(mouse) and not self.keyboard_focus):
                pointed = entry
        if len(shown) < len(entries):
            r, c = divmod(len(cells), per_row)
            rect = pygame.Rect(x + c * (cell_w + gap), y + r * (cell_h + gap), cell_w, cell_h)
            self.buttons.append(
                Button(
                    _("More modules ({module_page}/{pages})").format(
                        module_page=self.module_page + 1, pages=pages
                    ),
                    self.next_modules,
                    rect,
                    size=12,
                )
            )
        y += rows * (cell_h + gap)
        if pointed is not None and pointed[3] is not None:
            module = pointed[3]
            needed = ", ".join(_(module_of(r).label).lower() for r in module.requires)
            label, help_text = _(module.label), _(module.help)
            if needed:
                text = _("{label}: {help} (needs {needed})").format(
                    label=label, help=help_text, needed=needed
                )
            else:
                text = _("{label}: {help}").format(label=label, help=help_text)
        elif pointed is not None:
            text = pointed[1]
        else:
            text = _("Point at a module for what it does; one that needs another switches it on too.")
        for line in theme.wrap(text, area.w, 12)[:2]:
            if y + theme.line_height(12) > area.bottom:
                break
            blit_text(surface, theme, line, (x, y), 12, pal.text_dim)
            y += theme.line_height(12)
        return y + theme.px(4)

    @staticmethod
    def _switch(label: str, click: Callable[[], None] | None, rect: pygame.Rect, reason: str) -> Button:
        """A module's switch, or a greyed entry (no `click`) that says why it cannot be used."""
        if click is None:
            return Button(label, lambda: None, rect, enabled=False, reason=reason, size=12)
        return Button(label, click, rect, size=12)

    def step(self, rows: int) -> None:
        """Move the highlight `rows` down the list (up when negative), wrapping round at an
        end for a single step, stopping at it for a page; the list scrolls to show it."""
        if not self.scenarios:
            return
        total = len(self.scenarios)
        index = self.index + rows if abs(rows) == 1 else min(total - 1, max(0, self.index + rows))
        self.choose(index)
        self._follow = True

    def on_event(self, event: pygame.event.Event) -> None:
        """Up/down (Page Up/Down, Home/End) pick the scenario, the wheel scrolls the list, Tab
        moves through the options, Enter starts, Esc backs out."""
        if BINDINGS.matches(event, "back"):
            self.leave()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.window.scroll(-event.y * WHEEL_ROWS, len(self.scenarios))
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard_focus = False
        if event.type == pygame.KEYDOWN:
            page = max(1, self.window.visible - 1)
            steps = {
                pygame.K_UP: -1,
                pygame.K_w: -1,
                pygame.K_DOWN: 1,
                pygame.K_s: 1,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -len(self.scenarios),
                pygame.K_END: len(self.scenarios),
            }
            if event.key in steps:
                self.step(steps[event.key])
            elif event.key == pygame.K_TAB and self.buttons:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(self.buttons)
                self.keyboard_focus = True
            elif event.key == pygame.K_SPACE and self.buttons:
                self.buttons[self.focus % len(self.buttons)].on_click()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            return
        for button in self.scenario_buttons:
            # A broken map is drawn greyed but can still be picked, to read why it is broken.
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if clicked and button.rect.collidepoint(event.pos):
                button.on_click()
                return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        """Scenario list on the left; briefing, sides and modules on the right."""
        theme, pal = self.theme, self.theme.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        pad = theme.px(20)
        blit_text(surface, theme, _("New battle"), (pad, pad), 26, pal.accent, True)
        left = pygame.Rect(pad, theme.px(70), theme.px(360), h - theme.px(90))
        draw_panel(surface, theme, left, pal.panel)
        self.scenario_buttons = draw_scenario_list(
            surface, theme, left, self.scenarios, self.index, self.window, self._follow, self.choose
        )
        self._follow = False
        if self.scenarios:  # where the list is scrolled now, for the next time the screen opens
            self.app.remembered[REMEMBERED] = (self.scenarios[self.index].id, self.window.first)
        # The folder is shortened from the left to what the panel leaves beside the words.
        prefix = _("Your maps: ")
        room = left.w - theme.px(24) - theme.font(10).size(prefix)[0]
        folder = fit_text(theme.font(10), str(user_maps_dir()), room, keep="end")  # "…/maps"
        at = (left.x + theme.px(12), left.bottom - theme.px(42))
        progress = self.listing.progress()  # while your maps are checked, how far, in its place
        colour = pal.accent if progress else pal.text_dim
        blit_text(surface, theme, progress or prefix + folder, at, 10, colour)
        right = pygame.Rect(left.right + pad, left.y, w - left.right - 2 * pad, left.h)
        draw_panel(surface, theme, right, pal.panel)
        if not self.scenarios:
            return
        sc = self.scenarios[self.index]
        x, y = right.x + pad, right.y + theme.px(14)
        title = fit_text(theme.font(20, True), sc.title, right.w - 2 * pad)
        blit_text(surface, theme, title, (x, y), 20, pal.text, True)
        y += theme.px(34)
        if sc.error:
            self._draw_broken(surface, sc, right)
            return
        for line in (
            theme.wrap(_("Goal: {goal}").format(goal=sc.goal), right.w - 2 * pad, 14, bold=True)
            if sc.goal
            else []
        ):
            blit_text(surface, theme, line, (x, y), 14, pal.accent, True)
            y += theme.line_height(14)
        briefing = theme.wrap(sc.briefing, right.w - 2 * pad, 14)
        if len(briefing) > BRIEFING_LINES:  # the whole briefing comes before the battle
            briefing = [*briefing[: BRIEFING_LINES - 1], briefing[BRIEFING_LINES - 1].rstrip(".") + " …"]
        for line in briefing:
            blit_text(surface, theme, line, (x, y), 14, pal.text_dim)
            y += theme.line_height(14)
        y += theme.px(14)
        self.buttons = []
        blit_text(
            surface,
            theme,
            _("Sides (click or Tab + Space to change who plays)"),
            (x, y),
            14,
            pal.accent,
            True,
        )
        sides_top = y
        y += theme.px(28)
        for i, side in enumerate(sc.sides):
            # The side's style, so the colour-blind palette recolours its name too.
            style = theme.side_style(side.name, i, {"colour": side.colour, "shape": side.shape})
            token = self.art.token(TokenLook("person", style, 0, False, False), theme.px(32))
            surface.blit(token, (x, y))
            blit_text(
                surface,
                theme,
                _("{name} ({shape})").format(name=side.name, shape=_(side.shape)),
                (x + theme.px(42), y + theme.px(6)),
                15,
                style.colour,
                True,
            )
            label = _(CONTROLLER_LABELS.get(self.controllers.get(side.name, "human"), "Human"))
            b = Button(
                label,
                lambda s=side.name: self.cycle_controller(s),
                pygame.Rect(x + theme.px(300), y, theme.px(180), theme.px(34)),
            )
            self.buttons.append(b)
            y += theme.px(42)
        # Right of the sides' buttons, below their heading: room for the picture at a large scale.
        beside_x = x + theme.px(300) + theme.px(180) + theme.px(16)
        by_sides = pygame.Rect(
            beside_x, sides_top + theme.px(28), right.right - pad - beside_x, y - sides_top - theme.px(36)
        )
        y += theme.px(10)
        blit_text(surface, theme, _("Rules modules"), (x, y), 14, pal.accent, True)
        y += theme.px(28)
        # The switches page (More modules) rather than take the picture's room below them.
        room = right.bottom - theme.px(72) - y - theme.px(PICTURE_ROOM)
        y = self._draw_modules(surface, pygame.Rect(x, y, right.w - 2 * pad, room))
        blit_text(surface, theme, _("Seed {seed}").format(seed=self.seed), (x, y), 12, pal.text_dim)
        # An error (Start failed) is written where the picture goes: the picture gives way.
        ready = self.listing.ready(self.index)  # None: its map is loaded in the background
        top = y + theme.px(22)
        self.preview_rect = (
            None
            if self.error or ready is None
            else self._draw_preview(surface, ready, x, top, right, by_sides)
        )
        start = Button(
            _("Start battle"),
            self.start,
            pygame.Rect(
                right.right - theme.px(220), right.bottom - theme.px(60), theme.px(200), theme.px(44)
            ),
            hint=_("Enter"),
            selected=True,
        )
        back = Button(
            _("Back"),
            self.leave,
            pygame.Rect(
                right.right - theme.px(380), right.bottom - theme.px(60), theme.px(140), theme.px(44)
            ),
            hint=_("Esc"),
        )
        self.buttons += [start, back]
        mouse = pygame.mouse.get_pos()
        for i, b in enumerate(self.buttons):
            b.hovered = b.rect.collidepoint(mouse)
            if i == self.focus and b not in (start,):
                b.selected = True
            b.draw(surface, theme)
        if self.error:
            for k, line in enumerate(theme.wrap(self.error, right.w - 2 * pad, 13)):
                blit_text(
                    surface,
                    theme,
                    line,
                    (x, right.bottom - theme.px(110) + k * theme.line_height(13)),
                    13,
                    pal.text_bad,
                )


def _same_file(a: str | None, b: str | None) -> bool:
    """Whether two map paths name the same file."""
    if not a or not b:
        return False
    return resolved(a) == resolved(b)  # a symlink loop names no file: never the same
