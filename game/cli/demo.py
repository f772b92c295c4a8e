"""A terminal demo battle, shown until the game window lands (issue 5)."""

from __future__ import annotations

from game.ai.placeholder import placeholder_order
from game.content.demo import demo_world
from game.rules.dice import SeededDice
from game.rules.round import play_round
from game.rules.victory import winner

MAX_ROUNDS = 30


def run_demo(seed: int = 7) -> int:
    """Play the demo battle with placeholder AIs and print the log."""
    world, board = demo_world()
    dice = SeededDice(seed)
    print("Dominion Tactics — demo battle (the game window arrives with issue 5)\n")
    for number in range(1, MAX_ROUNDS + 1):
        events = play_round(
            world, board, dice, lambda eid, rnd: placeholder_order(world, board, eid, rnd.orders), number
        )
        for event in events:
            print(event.text())
        result = winner(world)
        if result.over:
            print(result.text())
            return 0
    print(f"No winner after {MAX_ROUNDS} rounds.")
    return 0
