"""The AI's difficulty levels: one set of knobs each, nothing else differs.

Every level scores the same candidate orders with the same terms; the knobs
say how far it looks (the threat of enemies still to declare, next round's
position, predicting the declarations still to come) and how often it makes
a mistake on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules.victory import Victory


@dataclass(frozen=True)
class Level:
    """How one AI level weighs and chooses."""

    name: str
    self_weight: float  # an Injury taken, against one dealt (1 = even trade)
    threat_weight: float  # enemies still to declare this round (0 = ignores them)
    position_weight: float  # next round: where enemies can reach us, whom we can reach
    approach_weight: float  # per round of walking still needed before we can attack
    anticipate: int  # best candidates re-scored by predicting later declarers (0 = off)
    tactics: bool  # Feints, Called Shots and Disarms considered
    mistake_rate: float  # chance to take a random one of the best `mistake_pool` candidates
    mistake_pool: int
    blunder_rate: float  # chance to take any candidate at all
    noise: float  # random jitter added to every score (in Injuries)
    max_targets: int  # enemies considered as targets of attacks
    dealt_weight: float = 1.0  # Injuries dealt (less for a side that only has to hold out)
    focus: bool = False  # an Injury is worth more on a target our side already attacks this round
    guess_defences: bool = False  # a target still to declare is judged against the defence it would add
    flank: bool = (
        False  # enemies strike from the tiles that serve them best (our back arc), not the near side
    )
    mistakes: bool = False  # human-like mistakes on purpose (see `game.ai.mistakes`), marked as such
    reads: bool = False  # fears a side that seldom attacks when it could less (`game.ai.opponents`)
    escape: float = 0.0  # getting off the map, in Injuries dealt (0: its side does not win by it)
    menace: bool = False  # an Injury is worth more on the fighter (foe or ours) whose attacks land most often
    back_weight: float = 0.0  # walking back to the tile it left a round ago, in Injuries (0 = no cost)
    support_weight: float = 0.0  # joining an ally who fights two or more, × what it spares the ally

    @property
    def keeps_away(self) -> bool:
        """Whether its side wins by holding out or getting away (`for_stakes`), so that
        stepping back from the enemy can serve it."""
        return self.escape > 0 or self.dealt_weight < 1.0


BACK_WEIGHT = 0.15
"""What hard asks of a reason to walk back to where it stood a round ago, in Injuries: a
fighter that Retreats and comes straight back has spent two rounds going nowhere."""


SUPPORT_WEIGHT = 1.0
"""How much hard counts what joining an ally who fights two or more spares it (the share of
a foe's attacks it turns to us, `next_round.SPLIT`, as an Injury on the ally is worth): a
free fighter has a reason to come in."""


EASY = Level(
    name="easy",
    self_weight=0.6,
    threat_weight=0.0,
    position_weight=0.0,
    approach_weight=0.2,
    anticipate=0,
    tactics=False,
    mistake_rate=0.35,
    mistake_pool=16,
    blunder_rate=0.6,
    noise=0.15,
    max_targets=2,
    mistakes=True,
)
"""Short-sighted: sees only what was declared before it, and errs on purpose in almost
every declaration (a beginner's habits, lapses, blunders)."""

NORMAL = Level(
    name="normal",
    self_weight=0.9,
    threat_weight=1.0,
    position_weight=0.5,
    approach_weight=0.25,
    anticipate=0,
    tactics=True,
    mistake_rate=0.3,
    mistake_pool=4,
    blunder_rate=0.0,
    noise=0.01,
    max_targets=3,
    focus=True,
    guess_defences=True,
    mistakes=True,
    reads=True,
)
"""Weighs position and the threat of enemies still to declare; slips now and then (a
beginner's habit or one of its best four orders, three declarations in ten), never blunders."""

HARD = Level(
    name="hard",
    self_weight=0.9,
    threat_weight=1.0,
    position_weight=0.5,
    approach_weight=0.25,
    anticipate=8,
    tactics=True,
    mistake_rate=0.0,
    mistake_pool=1,
    blunder_rate=0.0,
    noise=0.0,
    max_targets=4,
    focus=True,
    guess_defences=True,
    flank=True,
    reads=True,
    menace=True,
    back_weight=BACK_WEIGHT,
    support_weight=SUPPORT_WEIGHT,
)
"""Normal, and it guesses each later enemy's best reply (a flank included) and judges its
best candidates against them."""

LEVELS = {level.name: level for level in (EASY, NORMAL, HARD)}
"""Levels by name."""


SURVIVOR_CARE = 2.5  # a side that wins by holding out values its own skin this much more
SURVIVOR_APPROACH = 0.2  # … and closes in this much less
SURVIVOR_DEALT = 0.5  # … and cares this much less for hurting the enemy
ESCAPE_WORTH = 20.0  # fleeing off the map, for a side that wins by it: the battle, in Injuries
HUNTER_HASTE = 2.0  # a side racing a survive clock closes in this much faster
HUNTER_CARE = 0.7  # … and cares this much less for itself
LATE = 1 / 3  # the share of the rounds, at the end, when everyone hurries


def for_stakes(
    level: Level, victory: Victory | None, side: str, round_number: int = 1, max_rounds: int | None = None
) -> Level:
    """The level adjusted to the scenario's victory condition: a side that wins by
    surviving plays safe, a side that wins by escaping heads off the map, the side that
    must stop either before the clock hurries,
    and everyone hurries in the last third of the rounds (a draw is a win for nobody).
    The clock is the survive clock when there is one (the battle is decided then), else
    the round limit; in its last round there is no next round to stand well for."""
    limit = victory.last_round(max_rounds) if victory is not None else max_rounds
    if limit and round_number > limit * (1 - LATE):
        level = replace(
            level,
            self_weight=level.self_weight * HUNTER_CARE,
            approach_weight=level.approach_weight * HUNTER_HASTE,
        )
    if limit and round_number >= limit:
        level = replace(level, position_weight=0.0, approach_weight=0.0)
    if victory is None or victory.kind == "eliminate" or victory.side is None:
        return level
    if victory.kind == "escape" and victory.side.casefold() == side.casefold():
        # Heads for the map's edge and off it (the scoring's `escape` and `edge` terms take the
        # approach's place), hurting the hunters only as it must, minding its skin as one that
        # holds out.
        return replace(
            level,
            self_weight=level.self_weight * SURVIVOR_CARE,
            dealt_weight=level.dealt_weight * SURVIVOR_DEALT,
            escape=ESCAPE_WORTH,
        )
    if victory.side.casefold() == side.casefold():
        return replace(
            level,
            self_weight=level.self_weight * SURVIVOR_CARE,
            approach_weight=level.approach_weight * SURVIVOR_APPROACH,
            dealt_weight=level.dealt_weight * SURVIVOR_DEALT,
        )
    return replace(
        level,
        self_weight=level.self_weight * HUNTER_CARE,
        approach_weight=level.approach_weight * HUNTER_HASTE,
    )
