"""Feint (CO.09): a trick that, if it succeeds, adds the Feint stat to the Strike it serves.

The i-th Feint of an order serves its i-th Strike (or Brawl, for the unarmed:
CO.09 Ex. 6), "respectively".  Feints are rolled in the last pass of the
Modifier Stage, after all movement, and a Feint whose attack cannot reach is
nullified with it (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.modifiers import Breakdown, Modifier
from game.core.sheet import Sheet
from game.i18n import N_, _
from game.rules.api.attack import ServingSpec, reach_problem, weapon_for
from game.rules.api.contexts import AiAsk, OrderCheck
from game.rules.chances import ONE, chance
from game.rules.events import ActionNullified
from game.rules.orders import Action, ActionKind, Order
from game.rules.positions import name_of, tile_of
from game.rules.registry import FEINTABLE, register_action, spec_of
from game.rules.stats import WEAPONLESS_FEINT, skill_roll
from game.world import Equipment, World

if TYPE_CHECKING:
    from game.rules.api.action import ActionSpec
    from game.rules.api.attack import AttackContext
    from game.rules.api.contexts import ActionForecast
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.chances import Dist


@register_action
class Feint(ServingSpec):
    """A Feint: rolled before the attacks, its success adds the Feint stat to one Strike."""

    kind = ActionKind.FEINT
    listing = 50
    label = N_("Feint")
    hint = N_("A Feint adds its stat to your Strike when it succeeds.")
    roles = frozenset({"targeted"})
    menu = "attack"
    target_required = False
    help = N_(
        "Trick the enemy: if the Feint roll succeeds, your Feint stat is added to the Strike it "
        "serves (the first Feint serves the first Strike). No more Feints than Strikes; "
        "\u22125 without a weapon."
    )

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Never more Feints than the attacks they can serve (CO.09)."""
        order = check.order
        feints = order.count(self.kind)
        served = [a.kind for a in order.actions if a.kind in FEINTABLE]
        if feints <= len(served):
            return []
        kinds = [ActionKind.STRIKE, *[k for k in dict.fromkeys(served) if k is not ActionKind.STRIKE]]
        words = _(" and ").join(_plural(k) for k in kinds)
        return [
            _("more Feints ({feints}) than {attacks} ({served})").format(
                feints=feints, attacks=words, served=len(served)
            )
        ]

    def roll_breakdown(self, world: World, actor: int, order: Order) -> Breakdown | None:
        """Feint with the round's penalties, −5 without a melee weapon (CO.09)."""
        breakdown = skill_roll(world, actor, "feint", order)
        if world.get(actor, Equipment).melee_weapon() is None:
            breakdown = breakdown.plus(Modifier(N_("Weaponless Penalty"), WEAPONLESS_FEINT))
        return breakdown

    def late(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """Roll each Feint for the attack it serves, unless that attack cannot reach (CO.18)."""
        order = rnd.orders[eid]
        world = rnd.world
        equipment = world.get(eid, Equipment)
        served = served_attacks(order)
        for i in range(order.count(self.kind)):
            attack = served[i]
            target = attack.target
            assert target is not None
            weapon = weapon_for(equipment, attack)
            target_name = name_of(world, target)
            here, there = tile_of(world, eid), tile_of(world, target)
            problem = weapon and reach_problem(
                rnd.board, here, there, weapon, target_name, target in state.retreated
            )
            if problem:
                rnd.emit(ActionNullified(name_of(world, eid), self.label, target_name, problem))
                continue
            breakdown = self.roll_breakdown(world, eid, order)
            assert breakdown is not None
            rolled = rnd.roll(eid, self.label, target, breakdown)
            state.slot(self.kind.value, dict)[(eid, i)] = rolled.succeeded

    def situation_mark(self, state: RoundState, attacker: int, index: int, slot: int | None) -> bool | None:
        """Whether the Feint for the attack's `slot` succeeded (None: no Feint rolled for it)."""
        if slot is None:
            return None
        return state.slot(self.kind.value, dict).get((attacker, slot))

    def served_terms(
        self, attack: ActionSpec, world: World, actor: int, order: Order, slot: int | None
    ) -> list[tuple[str, Dist, tuple[int, ...]]]:
        """Forecast: the Feint Bonus an attack it serves may get (`feint_term`)."""
        if "feintable" not in attack.roles:
            return []
        term = feint_term(world, actor, order, slot)
        return [term] if term is not None else []

    def served_bonus(self, attack: ActionSpec, ctx: AttackContext) -> list[Modifier]:
        """The Feint Bonus, when a Feint served this attack and succeeded (CO.09)."""
        if "feintable" not in attack.roles or not ctx.situation.marks.get(self.kind.value):
            return []
        return [feint_bonus(ctx.world, ctx.attacker)]

    def ai_augment(self, ask: AiAsk, actions: tuple[Action, ...]) -> list[tuple[Action, ...]]:
        """A Feint for the first attack of the set it can serve, wherever the rules allow one:
        the forecast tells whether its bonus outweighs the Action Penalty."""
        served = [a for a in actions if a.kind in FEINTABLE]
        if len(served) <= sum(1 for a in actions if a.kind is self.kind):
            return []
        return [(*actions, Action(self.kind, served[0].target))]

    def adjust_forecasts(self, forecasts: list[ActionForecast]) -> list[ActionForecast]:
        """The i-th Feint goes with the i-th attack it serves: nullified, and not rolled,
        exactly when that attack cannot reach its target after movement."""
        result = list(forecasts)
        served = [f for f in result if f.action.kind in FEINTABLE]
        feints = [i for i, f in enumerate(result) if f.action.kind is self.kind]
        for slot, i in enumerate(feints[: len(served)]):
            feint, attack = result[i], served[slot]
            if attack.nullified:
                kept = 1 - attack.nullified
                result[i] = replace(
                    feint,
                    success=feint.success * kept,
                    part_hit=feint.part_hit * kept,
                    nullified=attack.nullified,
                    reason=attack.reason,
                )
        return result


def _plural(kind: ActionKind) -> str:
    spec = spec_of(kind)
    return _(spec.plural) if spec.plural else _("{label}s").format(label=_(spec.label))


def served_attacks(order: Order) -> list[Action]:
    """The attacks the order's Feints serve, in order (Brawls for the unarmed: CO.09 Ex. 6)."""
    return [a for a in order.actions if a.kind in FEINTABLE]


def feint_bonus(world: World, attacker: int) -> Modifier:
    """What a successful Feint adds to its attack: the Feint stat (CO.09)."""
    return Modifier(N_("Feint Bonus"), world.get(attacker, Sheet).skill("feint"))


def feint_term(
    world: World, actor: int, order: Order, slot: int | None
) -> tuple[str, Dist, tuple[int, ...]] | None:
    """Forecast: the Feint Bonus the attack in `slot` may get, when the order has a Feint for it."""
    if slot is None or slot >= order.count(ActionKind.FEINT):
        return None
    breakdown = spec_of(ActionKind.FEINT).roll_breakdown(world, actor, order)
    assert breakdown is not None
    p_feint = chance(breakdown.total)
    bonus = feint_bonus(world, actor).value
    dist: Dist = {0: 1 - p_feint, bonus: p_feint} if bonus else {0: ONE}
    return ("Feint Bonus", dist, (0, bonus))
