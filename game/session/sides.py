"""Who plays each side, as a battle's meta says: `meta["sides"]` maps each side's
name to its colour, shape and controller (a dict by name, or a list of dicts
with a "name"); a side it does not describe is played by a human."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.positions import combatants
from game.session.controller import HUMAN
from game.world import Side, World


def side_names(world: World) -> list[str]:
    """Every side with a combatant, in the order their first combatants were made."""
    names: list[str] = []
    for eid in combatants(world):
        side = world.get(eid, Side).name
        if side not in names:
            names.append(side)
    return names


def side_specs(world: World, meta: Mapping[str, Any]) -> dict[str, object]:
    """Each side's description in `meta["sides"]` (None when it has none), by side name."""
    spec_of = meta.get("sides")
    specs: dict[str, object] = {}
    for name in side_names(world):
        spec = spec_of.get(name) if isinstance(spec_of, dict) else None
        if isinstance(spec_of, list):
            spec = next((s for s in spec_of if isinstance(s, dict) and s.get("name") == name), None)
        specs[name] = spec
    return specs


def controller_spec(spec: object) -> str:
    """The controller a side description names ("human", "ai:hard", …): a dict's
    "controller" key or an object's `controller` attribute; "human" when absent."""
    if isinstance(spec, dict):
        return str(spec.get("controller", HUMAN))
    if spec is not None:
        return str(getattr(spec, "controller", HUMAN))
    return HUMAN


def side_controllers(world: World, meta: Mapping[str, Any]) -> dict[str, str]:
    """The controller of every side with a combatant, by side name."""
    return {name: controller_spec(spec) for name, spec in side_specs(world, meta).items()}
