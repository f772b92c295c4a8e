"""The plug-in API of the rules: everything an action spec or a rules module needs.

A plug-in (a file of `game/rules/actions/` or `game/rules/modules/`, or a house rule of
its own) subclasses a hook base class, registers it with `game.rules.registry`, and is
asked with the contexts below; it drives the round through `RoundPort`, never the
concrete `Round`.  The api builds only on the plain data under it (orders, the board,
positions, events, dice, stats, the registry); the engine (validation, the round, the
forecast, the odds) builds on the api; nothing but the composition (`load_builtins`)
loads a plug-in.

- `action`: `ActionSpec` (every hook of an action kind), `MovementSpec`, `MovementRule`;
- `attack`: `AttackSpec`, `ServingSpec` (a Feint), `Situation`, `AttackContext`, `Blow`;
- `defence`: `DefenceSpec`;
- `modules`: `RulesModule` and its data (`Natural`, `TokenMark`, overlays as marks);
- `contexts`: `OrderCheck`, `AiAsk`, `ForecastAsk`, `ActionForecast`;
- `state`: `RoundState`, `DefenceResult`, `Trail`;
- `port`: `RoundPort`, the round as a hook sees it.
"""

from game.rules.api.action import ActionSpec, MovementRule, MovementSpec, whole_round_reasons
from game.rules.api.attack import (
    CALLED_SHOT,
    AttackContext,
    AttackSpec,
    Blow,
    ServingSpec,
    Situation,
    attack_spec,
    reach_problem,
    reach_reasons,
    weapon_for,
)
from game.rules.api.contexts import ActionForecast, AiAsk, ForecastAsk, OrderCheck
from game.rules.api.defence import DefenceSpec
from game.rules.api.modules import (
    MarkStyle,
    ModuleOverlay,
    Natural,
    OverlayAsk,
    RulesModule,
    TileMarks,
    TokenMark,
)
from game.rules.api.port import RoundPort
from game.rules.api.state import DefenceResult, RoundState, Trail

__all__ = [
    "CALLED_SHOT",
    "ActionForecast",
    "ActionSpec",
    "AiAsk",
    "AttackContext",
    "AttackSpec",
    "Blow",
    "DefenceResult",
    "DefenceSpec",
    "ForecastAsk",
    "MarkStyle",
    "ModuleOverlay",
    "MovementRule",
    "MovementSpec",
    "Natural",
    "OrderCheck",
    "OverlayAsk",
    "RoundPort",
    "RoundState",
    "RulesModule",
    "ServingSpec",
    "Situation",
    "TileMarks",
    "TokenMark",
    "Trail",
    "attack_spec",
    "reach_problem",
    "reach_reasons",
    "weapon_for",
    "whole_round_reasons",
]
