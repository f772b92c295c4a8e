"""One declaration's reasoning, as the tactical AI keeps it for its explanation
(`game.ai.explain`, `game.ai.module_words` read it; `game.ai.tactical` makes it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.mistakes import Slip
from game.ai.scoring import Scored


@dataclass
class Decision:
    """One declaration's reasoning, kept for the explanation: the candidates judged best
    (the declared one first), whether a tie was broken, and a mistake made on purpose."""

    ranked: list[Scored]
    chosen: Scored | None
    tied: int = 0  # how many others scored the same as the chosen one
    busier: int = 0  # of those, how many were passed over for fewer attacks or more other actions
    slip: Slip | None = None
    weighed: int = 0  # candidates scored
    dropped: int = 0  # actions left out of the chosen order: attacks that cannot land (`_dead`), Feints
    menace: dict[int, float] = field(default_factory=dict)  # an Injury's worth by fighter (`menace_factors`)
