"""Shared set-ups of the AI tests: a small roster, a scenario file, hand-built views."""

from __future__ import annotations

import json
from pathlib import Path

from game.ai.controller import DeclarationView
from game.rules.options import RuleOptions
from game.rules.orders import Order

ROOT = Path(__file__).resolve().parents[1]
TEST_MAPS = Path(__file__).parent / "maps"

ROSTER = {
    "characters": [
        {
            "id": "swordsman",
            "name": "Swordsman",
            "attributes": {"vigor": 4, "agility": 4, "stamina": 4},
            "skills": {"strike": 6, "parry": 5, "block": 5, "feint": 4, "movement": 5},
            "weapons": ["sword"],
            "shield": "shield",
        },
        {
            "id": "spearman",
            "name": "Spearman",
            "attributes": {"vigor": 4, "agility": 3, "stamina": 4},
            "skills": {"strike": 5, "parry": 6, "dodge": 4, "movement": 5},
            "weapons": ["quarterstaff"],
            "armour": "leather jerkin",
        },
        {
            "id": "archer",
            "name": "Archer",
            "attributes": {"vigor": 3, "agility": 5, "stamina": 3},
            "skills": {"missile_primitive": 7, "evade": 5, "dodge": 5, "movement": 6},
            "weapons": ["longbow"],
        },
        {
            "id": "knight",
            "name": "Knight",
            "attributes": {"vigor": 5, "agility": 3, "stamina": 5},
            "skills": {"strike": 7, "parry": 5, "disarm": 5, "movement": 5},
            "weapons": ["broadsword"],
            "armour": "chain mail",
        },
    ]
}
"""A roster of four troop kinds, independent of the bundled content."""


def write_scenario(
    folder: Path,
    red: list[str],
    blue: list[str],
    map_path: str = "maps/skirmish.tmx",
    zones: tuple[str, str] = ("red", "blue"),
    max_rounds: int = 30,
) -> tuple[Path, Path]:
    """A scenario file and its roster file in `folder`; returns (scenario, roster)."""
    roster = folder / "roster.json"
    roster.write_text(json.dumps(ROSTER))
    data = {
        "title": "AI test",
        "briefing": "Two sides.",
        "map": str(ROOT / map_path) if not Path(map_path).is_absolute() else map_path,
        "max_rounds": max_rounds,
        "sides": [
            {"name": "Red", "zone": zones[0], "units": [{"character": c} for c in red]},
            {"name": "Blue", "zone": zones[1], "units": [{"character": c} for c in blue]},
        ],
    }
    scenario = folder / "ai_test.json"
    scenario.write_text(json.dumps(data))
    return scenario, roster


def view_of(cast, actor: str, earlier: dict[str, Order] | None = None, later: tuple[str, ...] = ()):  # noqa: ANN001, ANN201
    """The view of `actor` in a hand-built cast: `earlier` declared before it, `later` after it."""
    earlier = earlier or {}
    declaration = [cast[name] for name in earlier] + [cast[actor]] + [cast[name] for name in later]
    return DeclarationView(
        world=cast.world.copy(),
        board=cast.board,
        options=RuleOptions.battlefield(),
        round_number=1,
        actor=cast[actor],
        earlier={cast[name]: order for name, order in earlier.items()},
        timing=tuple(reversed(declaration)),
    )


def judging(name: str, seed: int = 0):  # noqa: ANN201
    """The controller of level `name` ("ai:normal", …) with its on-purpose slips turned off:
    what it judges best, the skill these tests check (the slips have their own tests)."""
    from dataclasses import replace

    from game.ai.levels import LEVELS
    from game.ai.tactical import TacticalController

    return TacticalController(replace(LEVELS[name.removeprefix("ai:")], mistakes=False), seed)


def knowledge_of(view: DeclarationView, facts=None):  # noqa: ANN001, ANN201
    """The AI's knowledge for a view, as the controller builds it: the round's facts read from
    the view (or `facts`, shared with another declarer of the same round)."""
    from game.ai.facts import RoundFacts, read_unit, round_key
    from game.ai.knowledge import Knowledge
    from game.rules.positions import combatants

    if facts is None:
        units = {e: read_unit(view.world, e, view.board, view.options) for e in combatants(view.world)}
        facts = RoundFacts(round_key(view.world, view.round_number), units)
    return Knowledge(view.world, view.board, view.options, view.actor, view.earlier, view.timing, facts)
