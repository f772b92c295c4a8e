"""`python -m game simulate`: whole AI-versus-AI battles with no window.

    python -m game simulate SCENARIO_OR_MAP --sides ai:hard,ai:easy --battles 20 --seed 1

SCENARIO_OR_MAP is a bundled scenario id, a scenario .json file, a Tiled .tmx
map (a plain skirmish on it), `bundled` (every bundled scenario in turn),
`battles` (the bundled scenarios that are not tutorials: the ones made to be
played both ways rather than to teach one rule from a lopsided start), or
`mirror` (every bundled scenario won by elimination, each side fielding the
units of both: the same troops on both sides, so the play decides), or
`duel` (the equal duels: one swordsman against his double in the ring, facing
on; where the flanking script `ai:flanker` is measured).
Battles come in pairs: the same scenario and seed twice, the two AIs
swapping sides, so neither profits from the better deployment.  Battle i
plays with dice seed `SEED + i // 2`; each controller's own random stream
comes from `--ai-seed`, the battle's number and its side, never from the dice
seed (`game.ai.seeds`).  `--jobs K` spreads the battles over K
processes (default: one per CPU, no more than the battles); the results
are the same as with one.  A battle ends in victory
or, after the scenario's `max_rounds`, in a draw.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.tally import Tally, wilson_interval  # noqa: F401 - wilson_interval: part of this module's API

PROGRESS_FROM = 10  # battles: longer runs show a progress bar on stderr
PROGRESS_WIDTH = 30  # characters of the bar
MIRROR_MIN_ROUNDS = 30  # rounds a mirrored scenario lasts at least
DUELLISTS = ("charles", "omar", "frederic", "knight")  # melee fighters, each against his double
DUEL_ROUNDS = 20
IN_FLIGHT_PER_JOB = 4  # battles handed to the pool ahead of the results, per process


@dataclass
class BattleResult:
    """What one battle left behind, as plain data (it crosses process boundaries)."""

    index: int
    scenario: str
    seed: int
    entrants: list[str]  # AI names by side, in the scenario's side order
    winner: int | None  # index into the --sides list, or None for a draw
    rounds: int
    injuries: list[int]  # Injuries taken by each entrant of --sides (a death counts as 4)
    rejected: int = 0  # AI orders refused by validation (should stay 0)
    winning_side: int | None = None  # index of the winning side in the scenario's order
    decide_ms: list[list[float]] = field(default_factory=lambda: [[], []])  # per entrant
    explain: list[str] = field(default_factory=list)
    actions: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])  # per entrant: kind → declared
    seat: int = 0  # the side the first AI of --sides played, in the scenario's order (0 or 1)
    undone: list[int] = field(default_factory=lambda: [0, 0])  # per entrant: rounds that undid the one before
    judged: list[int] = field(default_factory=lambda: [0, 0])  # … of the rounds judged (`game.ai.dithering`)


CALLED_SHOT_KEY = "called_shot"
"""Counted beside the Strike or Missile Strike it modifies, in `BattleResult.actions`."""


def count_actions(tally: dict[str, int], order: Any) -> None:
    """Add an accepted order's actions to a tally by kind (Called Shots also on their own)."""
    for action in order.actions:
        tally[action.kind.value] = tally.get(action.kind.value, 0) + 1
        if action.called_shot is not None:
            tally[CALLED_SHOT_KEY] = tally.get(CALLED_SHOT_KEY, 0) + 1


def _roster(roster_path: str | None) -> Any:
    from game.content.roster import default_roster, load_roster

    return load_roster(Path(roster_path)) if roster_path else default_roster()


def load_scenarios(spec: str, roster_path: str | None) -> list[Any]:
    from game.content.scenarios import (
        MAP_SUFFIXES,
        find_scenario,
        list_scenarios,
        load_scenario,
        quick_scenario,
    )

    path = Path(spec)
    if spec == "mirror":
        return [mirrored(s) for s in list_scenarios() if s.victory.kind == "eliminate"]
    if spec == "duel":
        return duels()
    if spec == "battles":
        return [s for s in list_scenarios() if s.tutorial is None]
    if spec == "fog":
        # The scenarios made for fog of war (issue 55): every bundled one that plays with it.
        return [s for s in list_scenarios() if s.tutorial is None and s.options.has("fog")]
    if spec == "bundled":
        found = list_scenarios()
        if not found:
            raise ValueError("no bundled scenarios")
        return found
    if path.suffix.lower() in MAP_SUFFIXES:
        if not path.exists():
            raise ValueError(f"no map {spec}")
        return [quick_scenario(path)]  # a .tmj: MapError, one line saying to save it as .tmx
    if path.suffix == ".json" and roster_path:
        return [load_scenario(path, _roster(roster_path))]
    return [find_scenario(spec)]


def mirrored(scenario: Any) -> Any:
    """The scenario with every side fielding all of its units (placed in the side's zone):
    the same troops on both sides, so only the play (and the dice) decide."""
    from dataclasses import replace

    units = tuple(replace(u, at=None, facing=None) for side in scenario.sides for u in side.units)
    sides = tuple(replace(side, units=units) for side in scenario.sides)
    rounds = max(scenario.max_rounds, MIRROR_MIN_ROUNDS)  # twice the troops need more time
    return replace(scenario, id=f"mirror_{scenario.id}", sides=sides, max_rounds=rounds)


def duels() -> list[Any]:
    """The equal duels: each of `DUELLISTS` against his double in the ring (facing and cover on,
    no Injuries to start), first to fall; the same troops, so only the play and the dice decide."""
    from dataclasses import replace

    from game.content.scenarios import UnitSpec, find_scenario
    from game.rules.victory import Victory

    ring = find_scenario("ring_duel")
    found = []
    for who in DUELLISTS:
        sides = tuple(replace(side, units=(UnitSpec(who),)) for side in ring.sides)
        found.append(
            replace(
                ring,
                id=f"duel_{who}",
                title=f"Duel: {who} against his double",
                sides=sides,
                victory=Victory(),
                max_rounds=DUEL_ROUNDS,
            )
        )
    return found


# ------------------------------------------------------------------ battles
def play_battles(
    spec: str,
    roster_path: str | None,
    sides: list[str],
    battles: int,
    seed: int,
    jobs: int = 1,
    explain: bool = False,
    count: int = 1,
    ai_seed: int = 0,
    modules: tuple[str, ...] = (),
    foresight: bool = False,
) -> list[BattleResult]:
    """Every battle, in order; `jobs` > 1 spreads them over processes; `modules` are rules
    modules switched on in every battle (besides the scenario's own); `foresight` shows the
    first AI the orders of the enemies still to declare (`game.ai.foresight`: a measuring
    instrument, not an opponent)."""
    return list(
        iter_battles(spec, roster_path, sides, battles, seed, jobs, explain, ai_seed, modules, foresight)
    )


def iter_battles(
    spec: str,
    roster_path: str | None,
    sides: list[str],
    battles: int,
    seed: int,
    jobs: int = 1,
    explain: bool = False,
    ai_seed: int = 0,
    modules: tuple[str, ...] = (),
    foresight: bool = False,
    progress_bar: bool | None = None,
) -> Iterator[BattleResult]:
    """`play_battles`, each result as it comes (in order), none kept: a run of any length
    in flat memory.  `progress_bar`: show the bar on stderr (None: only on a terminal)."""
    # A generator: a billion battles must not be a billion tasks in memory before the first.
    tasks = (
        (spec, roster_path, sides, i, seed, explain, ai_seed, modules, foresight) for i in range(battles)
    )
    # On a terminal only: a redirected log would fill with a `\r` bar a line (issue 54).
    shown = _on_a_terminal() if progress_bar is None else progress_bar
    progress = _Progress(battles) if battles >= PROGRESS_FROM and shown else None
    if jobs <= 1:
        results: Iterator[BattleResult] = map(_task, tasks)
        for result in results:
            if progress:
                progress.step()
            yield result
    else:
        from concurrent.futures import ProcessPoolExecutor

        from game.rules.house.module import installed

        # A worker started afresh (spawn, forkserver) knows only the built-in modules: the
        # house rules registered here (docs/house-rules.md) go with it.
        rules = (tuple(installed()),)
        with ProcessPoolExecutor(max_workers=jobs, initializer=install_house_rules, initargs=rules) as pool:
            for result in in_order(pool, tasks, IN_FLIGHT_PER_JOB * jobs):
                if progress:
                    progress.step()
                yield result
    if progress:
        progress.done()


def in_order(pool: Any, tasks: Iterator[Any], window: int) -> Iterator[BattleResult]:
    """Each task's result, in the tasks' order, with at most `window` submitted and not yet
    returned: `Executor.map` submits every task before the first result comes back."""
    pending: deque[Any] = deque()
    for task in tasks:
        pending.append(pool.submit(_task, task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


_CACHE: dict[tuple[str, str | None], tuple[list[Any], Any]] = {}


def install_house_rules(descriptions: tuple[Any, ...]) -> None:
    """Register these house rules (a worker process's first step: `play_battles`)."""
    from game.rules.house.module import install

    for description in descriptions:
        install(description)


def _task(
    task: tuple[str, str | None, list[str], int, int, bool, int, tuple[str, ...], bool],
) -> BattleResult:
    """One battle of a run (a top-level function, so a worker process can call it)."""
    spec, roster_path, sides, index, seed, explain, ai_seed, modules, foresight = task
    key = (spec, roster_path)
    if key not in _CACHE:
        _CACHE[key] = (load_scenarios(spec, roster_path), _roster(roster_path))
    scenarios, roster = _CACHE[key]
    pair = index // 2
    scenario = scenarios[pair % len(scenarios)]
    swapped = index % 2 == 1
    return play_battle(
        scenario, seed + pair, sides, swapped, index, roster, explain, ai_seed, modules, foresight
    )


BATTLE_GC_THRESHOLD = 100_000
"""Allocations between the collector's young-generation passes while a battle plays (Python's
default is 700): the AI allocates many short-lived tuples and keeps large caches for the
round, and each pass over them found nothing to free yet cost about 8 % of a battle."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector runs seldom inside (`BATTLE_GC_THRESHOLD`); the
    thresholds are put back afterwards, so the process around it is as it was."""
    before = gc.get_threshold()
    gc.set_threshold(BATTLE_GC_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_battle(
    scenario: Any,
    seed: int,
    sides: list[str],
    swapped: bool = False,
    index: int = 0,
    roster: Any = None,
    explain: bool = False,
    ai_seed: int = 0,
    modules: tuple[str, ...] = (),
    foresight: bool = False,
) -> BattleResult:
    """One whole battle between two AIs; `swapped` gives the second AI the first side.
    `seed` is the dice's; each AI's stream comes from `ai_seed`, the battle's `index`, the
    entrant and its side, so the two battles of a pair (and one AI against itself) play
    other streams.  `modules` are switched on besides the scenario's own; `foresight` shows
    the first AI the orders of the enemies still to declare (`game.ai.foresight`)."""
    with fewer_collections():
        return _play_battle(
            scenario, seed, sides, swapped, index, roster, explain, ai_seed, modules, foresight
        )


def _play_battle(
    scenario: Any,
    seed: int,
    sides: list[str],
    swapped: bool,
    index: int,
    roster: Any,
    explain: bool,
    ai_seed: int,
    modules: tuple[str, ...],
    foresight: bool,
) -> BattleResult:
    from game.ai.dithering import TileTrail
    from game.ai.factory import make_controller
    from game.ai.foresight import Foresight
    from game.ai.seeds import ai_seed_for
    from game.content.battle_setup import build_battle
    from game.core.geometry import Tile
    from game.rules.positions import combatants, is_active, name_of, tile_of
    from game.rules.registry import OFFENSIVE
    from game.rules.summary import summarize_order
    from game.session.flow import AwaitResolution, BattleOver, Session
    from game.world import Condition, Side

    names = [s.name for s in scenario.sides]
    # Entrant e plays side slot[e]: the first AI the first side unless swapped.
    slot = [1, 0] if swapped else [0, 1]
    entrant_of = {names[slot[e]]: e for e in range(2)}
    for extra in names[2:]:
        entrant_of[extra] = 1  # a third side, if any, joins the second AI
    specs = {side: sides[e] for side, e in entrant_of.items()}
    options = scenario.options
    for name in modules:
        options = options.with_module(name, True)
    battle, _ = build_battle(scenario, seed, controllers=specs, options=options, roster=roster)
    # By entrant and side: in the swapped battle of a pair each side gets another stream.
    controllers = {
        side: make_controller(spec, ai_seed_for(ai_seed, index, entrant_of[side] + 2 * names.index(side)))
        for side, spec in specs.items()
    }
    result = BattleResult(index, scenario.id, seed, [specs[n] for n in names], None, 0, [0, 0], seat=slot[0])
    world = battle.world
    session = Session(battle, controllers)
    seer = Foresight(session, {side for side, e in entrant_of.items() if e == 0}) if foresight else None
    trail = TileTrail()

    def in_the_fight() -> dict[int, Tile]:
        return {e: tile_of(world, e) for e in combatants(world) if is_active(world, e)}

    trail.record(in_the_fight())
    attackers: set[int] = set()  # who declared an attack this round
    while not isinstance(step := session.next_step(), BattleOver):
        if isinstance(step, AwaitResolution):
            session.resolve()
            trail.record(in_the_fight(), attackers)
            attackers = set()
            continue
        eid, side = step.actor, step.side
        controller = session.controller(side)
        started = time.perf_counter()
        order = seer.order(eid) if seer is not None else session.ask(eid)
        result.decide_ms[entrant_of[side]].append((time.perf_counter() - started) * 1000)
        if explain:
            result.explain.append(
                f"round {battle.number}, {name_of(world, eid)} ({controller.name}): "
                f"{summarize_order(world, order)}"
            )
            # The words the battle window shows on its debug key, then the terms in numbers.
            result.explain += [f"    {line}" for line in getattr(controller, "last_words", [])]
            for text, score, terms in getattr(controller, "last_explanation", []):
                parts = ", ".join(f"{k} {v:+.2f}" for k, v in terms.items())
                result.explain.append(f"      {score:+7.3f}  {text}  [{parts}]")
        if session.submit(order):
            result.rejected += 1
        else:
            count_actions(result.actions[entrant_of[side]], order)
            if any(a.kind in OFFENSIVE for a in order.actions):
                attackers.add(eid)
    outcome = battle.outcome()
    result.rounds = battle.number
    result.winner = entrant_of.get(outcome.winner) if outcome.winner else None
    result.winning_side = names.index(outcome.winner) if outcome.winner in names else None
    for eid in combatants(world):
        condition = world.get(eid, Condition)
        result.injuries[entrant_of[world.get(eid, Side).name]] += 4 if condition.dead else condition.injuries
    for e in range(2):
        mine = [eid for eid in combatants(world) if entrant_of.get(world.get(eid, Side).name) == e]
        result.undone[e], result.judged[e] = trail.count(mine)
    return result


# ------------------------------------------------------------------ summary
def summarize(results: Iterable[BattleResult], sides: list[str]) -> dict[str, Any]:
    """Wins per entrant, draws, mean rounds and mean Injuries taken; wins by side
    (the scenario's first or second side, whoever played it), overall and per scenario,
    tell a scenario's balance apart from the AIs' strength; the pairs (`pair_outcomes`)
    tell the AIs' strength apart from the scenarios' balance."""
    return _folded(results, sides).summary()


def seat_outcomes(results: Iterable[BattleResult]) -> list[dict[str, Any]]:
    """The first-named AI's battles by the seat it played, the scenario's first side and its
    second: won, drawn, lost, and the share won with its 95 % interval.  Where a scenario
    favours one side (a tutorial's learner against the side it is meant to beat), an AI's
    non-wins gather in the other seat: the seat tells them from its own mistakes."""
    return _folded(results, ["", ""]).seat_outcomes()


def pair_outcomes(results: Iterable[BattleResult]) -> dict[str, Any]:
    """The battles two by two as they are played (one scenario and dice seed, the AIs
    swapping sides), seen by the first-named AI: it wins a pair when it scores more over
    the two (a win 1, a draw ½), ties when both score the same, loses otherwise.  A
    lopsided scenario (a tutorial's learner against the side it is meant to beat) gives
    each AI the win from the favoured side whoever is stronger: a tied pair, where the
    share of battles won drifts toward one half.  So the pairs tell the AIs' strength
    apart from the seats; with the share of the decided pairs won and its 95 % interval,
    and the pairs of each scenario (where one AI is the stronger, and where the seats decide)."""
    return _folded(results, ["", ""]).pair_outcomes()


def _folded(results: Iterable[BattleResult], sides: list[str]) -> Tally:
    # One implementation of every statistic: `Tally`, which `simulate` also feeds battle by
    # battle, so that a long run keeps no result.
    tally = Tally(sides)
    for result in results:
        tally.add(result)
    return tally


def _on_a_terminal() -> bool:
    """Whether stderr is a terminal (the progress bar is for a person watching)."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced or closed stderr
        return False


class _Progress:
    """A plain-text progress bar on stderr, with the time left at the pace so far."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.count = 0
        self.started = time.monotonic()

    def step(self) -> None:
        self.count += 1
        filled = PROGRESS_WIDTH * self.count // self.total
        bar = "#" * filled + "." * (PROGRESS_WIDTH - filled)
        left = (time.monotonic() - self.started) / self.count * (self.total - self.count)
        eta = f" · about {left / 60:.0f} min left" if left >= 90 else f" · about {left:.0f} s left"
        print(f"\rsimulating [{bar}] {self.count}/{self.total}{eta}   ", end="", file=sys.stderr, flush=True)

    def done(self) -> None:
        print(file=sys.stderr, flush=True)


def check_scenarios(scenarios: list[Any], roster_path: str | None = None) -> None:
    """ScenarioError naming the scenario when one cannot be set up (its map missing or broken,
    a unit off the map or on a blocked tile, no room in a zone, a side with no units), before
    any battle: a battle would otherwise fail half-way, in a worker process.  Each is built
    once, as its battles will build it (placement uses no dice, so one build tells)."""
    from game.board.tiled import MapError, load_map
    from game.content.battle_setup import build_battle
    from game.content.scenarios import ScenarioError

    roster = _roster(roster_path)
    checked: set[Path] = set()
    for scenario in scenarios:
        if scenario.map_path not in checked:
            try:
                load_map(scenario.map_path)
            except MapError as err:
                raise ScenarioError(f"{scenario.id}: {err}") from None
            checked.add(scenario.map_path)
        build_battle(scenario, 0, roster=roster)  # its map is loaded (and cached) just above
