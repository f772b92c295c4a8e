"""Every attack between two combatants, both ways, with the rules' full ledger; and the attack
matrix (every combatant against every enemy: the best attack, its target number and chance).

An attack already in the attacker's order is forecast as declared; every other attack the
action menu offers is forecast as if it were added to that order (so its Action Penalty is
the one it would really have), or shown with the rules' reasons it cannot be.  The numbers are
the forecast's (`game.rules.forecast`): the modified stat as the rulebook writes it, the terms
that depend on dice still to be rolled, the exact chance, the chance the attack is nullified
and why.  The facts of the pair (distance, reach, range band, sight, cover, the arc an attack
comes from) are asked of the board and the rules too; nothing here is a rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from game.core.modifiers import signed, signed_span
from game.rules.api.attack import AttackContext, weapon_for
from game.rules.api.contexts import ActionForecast
from game.rules.assumed import assumed_short, assumed_words
from game.rules.attack import defence_costs
from game.rules.odds import AttackOdds
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import are_enemies, engaged_with, name_of, range_band, tile_of
from game.rules.registry import OFFENSIVE, action_specs
from game.rules.summary import describe_action
from game.workbench.plans import Case, forecast_cases, order_problems
from game.workbench.setup import Setup
from game.world import Equipment, Facing, World


def attack_kinds(setup: Setup) -> tuple[ActionKind, ...]:
    """The attacks the action menu offers on an enemy, under the position's rules modules."""
    return tuple(s.kind for s in action_specs(setup.options) if s.menu == "attack")


@dataclass(frozen=True)
class AttackLine:
    """One attack of `actor` on `target`: as declared (`declared`), or as if added to the
    actor's order; refused with `reasons`, or with its forecast in each Timing `case`."""

    actor: int
    target: int
    action: Action
    declared: bool
    reasons: tuple[str, ...]
    cases: tuple[tuple[str, ActionForecast], ...]

    @property
    def possible(self) -> bool:
        """Whether the rules accept it and it can succeed."""
        return not self.reasons and any(fc.success > 0 for _, fc in self.cases)

    @property
    def best(self) -> ActionForecast | None:
        """Its forecast (under the less favourable Timing case when they differ)."""
        if self.reasons or not self.cases:
            return None
        return min((fc for _, fc in self.cases), key=lambda fc: fc.success)


def attack_lines(
    setup: Setup, actor: int, target: int, kinds: tuple[ActionKind, ...] | None = None
) -> list[AttackLine]:
    """The declared attacks of `actor` on `target`, then each other attack kind as if added."""
    order = setup.order_of(actor)
    lines: list[AttackLine] = []
    own = tuple(order_problems(setup, order))
    aimed = [i for i, a in enumerate(order.actions) if a.target == target]
    if aimed:
        cases = [] if own else forecast_cases(setup, order, target)
        for index in aimed:
            found = tuple((c.when, c.forecasts[index]) for c in cases)
            lines.append(AttackLine(actor, target, order.actions[index], True, own, found))
    for kind in kinds if kinds is not None else attack_kinds(setup):
        if any(order.actions[i].kind is kind for i in aimed):
            continue
        action = Action(kind, target)
        added = replace(order, actions=(*order.actions, action))
        refused = order_problems(setup, added)
        reasons = tuple(r for r in refused if r not in own) + tuple(r for r in refused if r in own)
        found = ()
        if not reasons:
            cases: list[Case] = forecast_cases(setup, added, target)
            found = tuple((c.when, c.forecasts[-1]) for c in cases)
        lines.append(AttackLine(actor, target, action, False, reasons, found))
    return lines


@dataclass(frozen=True)
class PairLedger:
    """Two combatants: the facts between them and every attack both ways."""

    first: int
    second: int
    facts: tuple[str, ...]
    forward: tuple[AttackLine, ...]
    backward: tuple[AttackLine, ...]


def pair_ledger(setup: Setup, first: int, second: int) -> PairLedger:
    """The ledger of a pair (attacks only between enemies: friends get the facts alone)."""
    enemies = are_enemies(setup.world, first, second)
    forward = tuple(attack_lines(setup, first, second)) if enemies else ()
    backward = tuple(attack_lines(setup, second, first)) if enemies else ()
    return PairLedger(first, second, tuple(pair_facts(setup, first, second)), forward, backward)


def pair_facts(setup: Setup, first: int, second: int) -> list[str]:
    """Where the two stand to each other, as the board and the rules see it."""
    world, board = setup.world, setup.board
    here, there = tile_of(world, first), tile_of(world, second)
    a, b = name_of(world, first), name_of(world, second)
    lines = [
        f"{a} at {here} facing {world.get(first, Facing).name}, {b} at {there} facing "
        f"{world.get(second, Facing).name}: {board.distance(here, there):.1f} m apart"
    ]
    engaged = second in engaged_with(world, board, first)
    sight = board.line_of_sight(here, there)
    lines.append(
        ("engaged in melee" if engaged else "not in melee")
        + " · "
        + ("line of sight" if sight else "no line of sight")
    )
    if are_enemies(world, first, second):
        lines += _one_way(setup, first, second) + _one_way(setup, second, first)
    return lines


def _one_way(setup: Setup, actor: int, target: int) -> list[str]:
    """What `actor`'s weapons make of `target`: reach, range band, cover, the arc it comes from."""
    world, board = setup.world, setup.board
    here, there = tile_of(world, actor), tile_of(world, target)
    a, b = name_of(world, actor), name_of(world, target)
    eq = world.get(actor, Equipment)
    parts = []
    melee = eq.melee_weapon()
    reach = melee.reach if melee is not None else 1
    what = f"{melee.name} (reach {reach})" if melee is not None else "bare hands (reach 1)"
    parts.append(f"{what}: {'in reach' if board.in_reach(here, there, reach) else 'out of reach'}")
    missile = eq.missile_weapon()
    if missile is not None:
        band = range_band(board.distance(here, there), missile)
        shown = f"{band[2]} ({signed(band[1])})" if band is not None else "out of range"
        parts.append(f"{missile.name}: {shown}")
    cover = board.cover_between(here, there)
    if cover != "none":
        parts.append(f"{cover} cover before {b}")
    word = _arc_word(setup, actor, target)
    if word:
        parts.append(f"from {b}'s {word} arc")
    return [f"{a} → {b}: " + " · ".join(parts)]


def _arc_word(setup: Setup, actor: int, target: int) -> str:
    """The word the rules modules give for where an attack on `target` comes from ("back")."""
    world = setup.world
    eq = world.get(actor, Equipment)
    for kind in attack_kinds(setup):
        if kind not in OFFENSIVE:
            continue
        action = Action(kind, target)
        if weapon_for(eq, action) is None:
            continue
        order = Order(actor, (action,))
        odds = AttackOdds(world, setup.board, actor, order, action, None, None, setup.options)
        if not odds.possible or odds.weapon is None:
            continue
        situation = odds.situation(
            tile_of(world, actor),
            world.get(actor, Facing).direction,
            tile_of(world, target),
            world.get(target, Facing).direction,
        )
        ctx = AttackContext(world, setup.board, actor, order, action, odds.weapon, situation)
        return defence_costs(ctx)[1]
    return ""


# ------------------------------------------------------------------ the matrix
def attack_matrix(
    setup: Setup, attackers: list[int] | None = None, targets: list[int] | None = None
) -> dict[tuple[int, int], AttackLine | None]:
    """(attacker, enemy) → the attack with the best chance (declared or as if added), or None
    when no attack on that enemy can succeed; for every combatant that can act (or `attackers`)
    against every living enemy (or those of `targets`)."""
    kinds = tuple(k for k in attack_kinds(setup) if k in OFFENSIVE)
    world = setup.world
    cells: dict[tuple[int, int], AttackLine | None] = {}
    for actor in setup.standing if attackers is None else attackers:
        for target in setup.living if targets is None else targets:
            if target == actor or not are_enemies(world, actor, target):
                continue
            lines = [line for line in attack_lines(setup, actor, target, kinds) if line.possible]
            best = max(
                lines, key=lambda line: (line.best.success if line.best else 0, line.declared), default=None
            )
            cells[(actor, target)] = best
    return cells


# ------------------------------------------------------------------ in words
def exact(p: Fraction) -> str:
    """A chance exactly and in percent: "4/9 = 44.4%"."""
    if p.denominator == 1:
        return f"{p.numerator} = {float(p) * 100:.0f}%"
    return f"{p.numerator}/{p.denominator} = {float(p) * 100:.1f}%"


def forecast_text(world: World, fc: ActionForecast) -> list[str]:
    """A forecast the rulebook's way: the modified stat, the terms still to be rolled, the exact
    chance, the called part, what may nullify it, the expected Injuries."""
    lines = []
    if fc.breakdown is not None:
        lines.append(fc.breakdown.text())
    for name, values in fc.uncertain:
        lines.append(f"still to roll: {signed_span(values)} [{name}]")
    if fc.breakdown is None and fc.nullified == 1:
        lines.append(f"cannot happen: {fc.reason or 'impossible'}")
        return lines
    total = fc.breakdown.total if fc.breakdown is not None else None
    need = f"needs d12 ≤ {total}" if total is not None and total >= 1 else "impossible"
    lines.append(f"{need} · success {exact(fc.success)}")
    if assumed := assumed_words(world, fc):
        lines.append(assumed)
    if fc.action.called_shot is not None:
        lines.append(f"the {fc.action.called_shot.part} hit {exact(fc.part_hit)}")
    if fc.nullified:
        why = f": {fc.reason}" if fc.reason else ""
        lines.append(f"nullified {exact(fc.nullified)}{why}")
    if fc.expected_injuries:
        lines.append(f"expected Injuries {fc.expected_injuries} ≈ {float(fc.expected_injuries):.2f}")
    return lines


def line_text(setup: Setup, line: AttackLine) -> list[str]:
    """An attack line in words: its head ("Strike on Niles (declared)"), then the rules' reasons
    or the forecast of each Timing case."""
    head = describe_action(setup.world, line.action)
    head += " (declared)" if line.declared else " (if added)"
    out = [head]
    if line.reasons:
        out += [f"refused: {r}" for r in line.reasons]
        return out
    for when, fc in line.cases:
        if when:
            out.append(when + ":")
        out += ["  " + text for text in forecast_text(setup.world, fc)]
    return out


def cell_text(line: AttackLine | None) -> str:
    """A matrix cell: "Strike ≤ 8 · 44%" ("—" when no attack can succeed)."""
    fc = line.best if line is not None else None
    if line is None or fc is None or fc.breakdown is None:
        return "—"
    mark = "•" if line.declared else ""
    assumed = assumed_short(fc)
    return f"{mark}{line.action.kind.label} ≤ {fc.breakdown.total} · {fc.percent:.0f}%" + (
        f" {assumed}" if assumed else ""
    )
