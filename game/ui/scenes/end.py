"""End of battle: the winner, the casualties, how many rounds; rematch, watch the replay or
back to the menu, and after a tutorial won at the window, the next tutorial in teaching order."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import pygame

from game.i18n import _, ngettext
from game.rules.battle import Battle
from game.rules.positions import combatants, name_of
from game.session.flow import rematch
from game.session.sides import side_controllers
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.render.panels import look_of
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, blit_text, draw_panel
from game.ui.scenarios import UiScenario, default_setup, next_tutorial
from game.ui.scenarios import start as start_scenario
from game.ui.theme import SideStyle
from game.world import Condition, Side, World


class FinishedBattle(Protocol):
    """What the end screen needs of the battle screen below it."""

    battle: Battle
    battle_map: Any
    title: str
    styles: dict[str, SideStyle]
    end_autosave: Path | None  # the finished battle's autosave, to watch it again

    @property
    def tokens(self) -> TokenArt:
        """The token pictures."""
        ...

    def style_of(self, world: World, eid: int) -> SideStyle:
        """A combatant's side style."""
        ...


class EndScene(Scene):
    """The result of a battle."""

    overlay = True

    def __init__(self, app: App, battle_scene: FinishedBattle) -> None:
        super().__init__(app)
        self.battle_scene = battle_scene
        self.watch_button = Button(
            _("Watch replay"),
            self.watch,
            hint="W",
            enabled=battle_scene.end_autosave is not None,
            reason=_("the battle's end was not autosaved (see the log)"),
        )
        self.buttons = [
            Button(_("Rematch"), self.rematch, hint="R"),
            self.watch_button,
            Button(_("Main menu"), self.to_menu, hint=_("Esc")),
        ]
        self.next: UiScenario | None = self._next_tutorial()
        self.error = ""
        if self.next is not None:
            self.buttons.insert(0, Button(_("Next tutorial"), self.next_tutorial, hint="N", selected=True))

    def _next_tutorial(self) -> UiScenario | None:
        """The tutorial to offer: only after one won by a side played at the window."""
        battle = self.battle_scene.battle
        winner = battle.outcome().winner
        sides = side_controllers(battle.world, battle.meta)
        humans = {side for side, spec in sides.items() if spec == "human"}
        if winner is None or winner not in humans:
            return None
        return next_tutorial(battle.meta.get("scenario"))

    def next_tutorial(self) -> None:
        """Open the next tutorial, with its briefing."""
        if self.next is None:
            return
        controllers, options = default_setup(self.next)
        try:
            start_scenario(self.app, self.next, self.battle_scene.battle.seed + 1, controllers, options)
        except Exception as err:  # noqa: BLE001 - a broken scenario is shown, not raised
            self.error = _("Cannot start {title}: {err}").format(title=self.next.title, err=err)

    def watch(self) -> None:
        """Watch the battle again from its start, in the replay screen."""
        from game.persist.saves import SaveError
        from game.ui.replay_timeline import load_replay

        path = self.battle_scene.end_autosave
        if path is None:
            return
        try:  # a save gone since (or damaged) says why here
            self.app.replace_screen("replay", load_replay(path))
        except SaveError as err:
            self.error = _("Cannot watch the replay: {err}").format(err=err)

    def rematch(self) -> None:
        """The same battle from its start, with new dice."""
        scene = self.battle_scene
        self.app.replace_screen("battle", rematch(scene.battle), scene.battle_map, scene.title)

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.app.replace_screen("menu")

    def on_event(self, event: pygame.event.Event) -> None:
        """R rematch, W watch the replay, N the next tutorial, Esc or Enter to the menu."""
        if BINDINGS.matches(event, "back") or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.rematch()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_w and self.watch_button.enabled:
            self.watch()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_n and self.next is not None:
            self.next_tutorial()
        else:
            for button in self.buttons:
                if button.handle(event):
                    return

    def draw(self, surface: pygame.Surface) -> None:
        """The result box over the battle."""
        theme, pal = self.theme, self.theme.palette
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        battle = self.battle_scene.battle
        world = battle.world
        count = len(combatants(world))
        extra = 24 if self.next is not None or self.error else 0
        box = pygame.Rect(0, 0, theme.px(640), min(h - 20, theme.px(230 + extra + 26 * count)))
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        outcome = battle.outcome()
        style = self.battle_scene.styles.get(outcome.winner or "")
        title = (
            _("Victory: {winner}").format(winner=outcome.winner)
            if outcome.winner
            else _("A draw: nobody is left standing")
        )
        if not outcome.winner and battle.number >= battle.max_rounds:
            title = _("A draw after the {max_rounds}-round limit").format(max_rounds=battle.max_rounds)
        y = box.y + theme.px(20)
        blit_text(
            surface,
            theme,
            title,
            (box.centerx, y),
            28,
            style.colour if style else pal.accent,
            True,
            anchor="midtop",
        )
        y += theme.px(46)
        blit_text(
            surface,
            theme,
            ngettext("after {n} round", "after {n} rounds", battle.number).format(n=battle.number),
            (box.centerx, y),
            14,
            pal.text_dim,
            anchor="midtop",
        )
        y += theme.px(34)
        blit_text(surface, theme, _("Casualties"), (box.x + theme.px(24), y), 15, pal.text, True)
        y += theme.px(26)
        for eid in combatants(world):
            cond = world.get(eid, Condition)
            state = (
                _("killed")
                if cond.dead
                else _("fled off the map")
                if cond.fled
                else _("Defeated")
                if cond.defeated
                else ngettext("standing, {n} Injury", "standing, {n} Injuries", cond.injuries).format(
                    n=cond.injuries
                )
            )
            side = world.get(eid, Side).name
            sstyle = self.battle_scene.style_of(world, eid)
            icon = self.battle_scene.tokens.token(look_of(world, eid, sstyle), theme.px(22))
            surface.blit(icon, (box.x + theme.px(24), y - theme.px(2)))
            who = (
                name_of(world, eid)
                if side == name_of(world, eid)
                else _("{name} ({side})").format(name=name_of(world, eid), side=side)
            )
            blit_text(
                surface,
                theme,
                _("{who}: {state}").format(who=who, state=state),
                (box.x + theme.px(54), y),
                14,
                pal.text_bad if cond.dead or cond.defeated else pal.text,
            )
            y += theme.px(26)
            if y > box.bottom - theme.px(100 if self.next is not None or self.error else 80):
                break
        gap = theme.px(16)
        bw = min(theme.px(180), (box.w - gap * (len(self.buttons) + 1)) // len(self.buttons))
        bh = theme.px(42)
        left = box.centerx - (len(self.buttons) * bw + (len(self.buttons) - 1) * gap) // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + i * (bw + gap), box.bottom - theme.px(20) - bh, bw, bh)
            button.hovered = button.rect.collidepoint(pygame.mouse.get_pos())
            button.draw(surface, theme)
        if self.next is not None or self.error:
            offer = (
                _("Next: {title}").format(title=self.next.title)
                if self.next is not None and not self.error
                else self.error
            )
            colour = pal.text_bad if self.error else pal.text_good
            spot = (box.centerx, box.bottom - theme.px(70))
            blit_text(surface, theme, offer, spot, 13, colour, anchor="midbottom")
