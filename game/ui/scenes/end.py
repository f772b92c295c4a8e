"""End of battle: the winner, the casualties, how many rounds; rematch or back to the menu."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.rules.battle import Battle
from game.rules.positions import combatants, name_of
from game.session.flow import rematch
from game.ui.app import App, Scene
from game.ui.input.bindings import BINDINGS
from game.ui.render.panels import look_of
from game.ui.render.tokens import TokenArt
from game.ui.render.widgets import Button, blit_text, draw_panel
from game.ui.theme import SideStyle
from game.world import Condition, Side, World


class FinishedBattle(Protocol):
    """What the end screen needs of the battle screen below it."""

    battle: Battle
    battle_map: Any
    title: str
    styles: dict[str, SideStyle]

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
        self.buttons = [
            Button("Rematch", self.rematch, hint="R"),
            Button("Main menu", self.to_menu, hint="Esc"),
        ]

    def rematch(self) -> None:
        """The same battle from its start, with new dice."""
        scene = self.battle_scene
        self.app.replace_screen("battle", rematch(scene.battle), scene.battle_map, scene.title)

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.app.replace_screen("menu")

    def on_event(self, event: pygame.event.Event) -> None:
        """R rematch, Esc or Enter to the menu."""
        if BINDINGS.matches(event, "back") or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.rematch()
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
        box = pygame.Rect(0, 0, theme.px(640), min(h - 20, theme.px(230 + 26 * count)))
        box.center = (w // 2, h // 2)
        draw_panel(surface, theme, box, pal.panel)
        outcome = battle.outcome()
        style = self.battle_scene.styles.get(outcome.winner or "")
        title = f"Victory: {outcome.winner}" if outcome.winner else "A draw: nobody is left standing"
        if not outcome.winner and battle.number >= battle.max_rounds:
            title = f"A draw after the {battle.max_rounds}-round limit"
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
            f"after {battle.number} round{'s' if battle.number != 1 else ''}",
            (box.centerx, y),
            14,
            pal.text_dim,
            anchor="midtop",
        )
        y += theme.px(34)
        blit_text(surface, theme, "Casualties", (box.x + theme.px(24), y), 15, pal.text, True)
        y += theme.px(26)
        for eid in combatants(world):
            cond = world.get(eid, Condition)
            state = (
                "killed"
                if cond.dead
                else "Defeated"
                if cond.defeated
                else f"standing, {cond.injuries} Injur{'y' if cond.injuries == 1 else 'ies'}"
            )
            side = world.get(eid, Side).name
            sstyle = self.battle_scene.style_of(world, eid)
            icon = self.battle_scene.tokens.token(look_of(world, eid, sstyle), theme.px(22))
            surface.blit(icon, (box.x + theme.px(24), y - theme.px(2)))
            who = name_of(world, eid) if side == name_of(world, eid) else f"{name_of(world, eid)} ({side})"
            blit_text(
                surface,
                theme,
                f"{who}: {state}",
                (box.x + theme.px(54), y),
                14,
                pal.text_bad if cond.dead or cond.defeated else pal.text,
            )
            y += theme.px(26)
            if y > box.bottom - theme.px(80):
                break
        bw, bh = theme.px(180), theme.px(42)
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midbottom = (
                box.centerx + (i * 2 - 1) * (bw // 2 + theme.px(10)),
                box.bottom - theme.px(20),
            )
            button.hovered = button.rect.collidepoint(pygame.mouse.get_pos())
            button.draw(surface, theme)
