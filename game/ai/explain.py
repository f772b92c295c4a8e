"""The AI's reasons, for a player: its best candidates in plain words.

    Declared: Strike on Omar, Strike on Omar, move to (4, 2), face W (the best of 63 orders)
      +0.74  Strike on Omar ×2 at his back: 42% to hit, 0.60 Injuries expected (+0.90);
             attacks already declared on me −0.10; Omar can reach my back next round −0.30 …

Every number comes from the scoring's terms (`game.ai.scoring`), whose
chances are the rules' own (the forecast); the words around them say which
term is which.  The first line names the order actually declared and why:
the best, a tie broken at random on purpose, or a mistake made on purpose
(the `easy` level), in which case it says which.  `simulate --explain` prints
these lines; the battle window shows them on its debug key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.ai.expect import attacks_in_forecast, forecast
from game.ai.knowledge import Knowledge
from game.ai.menace import best_attack_chance
from game.ai.scoring import (
    APPROACH,
    BACK,
    DEALT,
    EDGE,
    ESCAPE,
    OUTPACED,
    POSITION,
    SUPPORT,
    TAKEN,
    THREAT,
    Scored,
)
from game.core.geometry import Tile, bearing_direction
from game.i18n import _
from game.rules.api.contexts import ActionForecast
from game.rules.forecast import movement_outcomes
from game.rules.injury import DEFEAT_AT
from game.rules.odds import IMPOSSIBLE
from game.rules.orders import Action, Order
from game.rules.positions import name_of
from game.rules.registry import (
    OFFENSIVE,
    movement_mode,
    movement_rule,
    movement_spec,
    spec_of,
)
from game.rules.summary import summarize_order

if TYPE_CHECKING:
    from game.ai.decision import Decision
    from game.ai.mistakes import Slip

Explanation = list[tuple[str, float, dict[str, float]]]
"""(summary, score, {term: value}) of the best candidates, the declared one first."""


def explain(
    know: Knowledge, chosen: Scored | None, top: list[Scored], slip: Slip | None = None
) -> Explanation:
    """The declared candidate and the best others, as (summary, score, terms)."""
    rows = ([chosen] if chosen else []) + [s for s in top if s is not chosen]
    out: Explanation = []
    for s in rows:
        text = f"{s.candidate.tag} — {summarize_order(know.world, s.candidate.order)}"
        if s is chosen and slip is not None:
            text += f" [{slip.words}]"
        out.append((text, round(s.score, 3), {k: round(v, 3) for k, v in s.terms.items()}))
    return out


def _tie_words(decision: Decision) -> str:
    """How a tie was broken: toward the most attacks and the fewest other actions, then at
    random on purpose."""
    if not decision.busier:
        return "the tie broken at random on purpose"
    if decision.busier == decision.tied:
        return "the one with the most attacks and the fewest other actions taken"
    return "of those with the most attacks and the fewest other actions, one taken at random on purpose"


def plain_words(know: Knowledge, decision: Decision, top: list[Scored]) -> list[str]:
    """The declaration and its best rivals in plain words: a headline, then one line each."""
    chosen = decision.chosen
    me = know.me.name
    if chosen is None:
        return [f"{me}: nothing to declare"]
    order = summarize_order(know.world, chosen.candidate.order)
    weighed = f"{decision.weighed} orders weighed" if decision.weighed else "the orders it weighed"
    if decision.slip is not None:
        why = decision.slip.words
    elif decision.tied:
        others = "another order" if decision.tied == 1 else f"{decision.tied} other orders"
        why = f"tied with {others} on {chosen.score:+.2f}; " + _tie_words(decision)
    else:
        why = f"the best of {weighed}, {chosen.score:+.2f}"
    if decision.dropped:
        what = "an action" if decision.dropped == 1 else f"{decision.dropped} actions"
        why += f" ({what} left out: an attack the rules give no chance on a foe already committed)"
    lines = [f"{me} declares {order}: {why}"]
    scouting = scout_words(know)
    if scouting:
        lines.append(scouting)
    read = _read_words(know)
    if read:
        lines.append(f"Reading the enemy: {read}")
    menace = _menace_words(know, decision.menace)
    if menace:
        lines.append(f"Who counts most, each against its own side: {menace}")
    rows = [chosen] + [s for s in top if s is not chosen]
    for s in rows[:5]:
        mark = "→" if s is chosen else "·"
        lines.append(
            f"{mark} {s.score:+.2f} {summarize_order(know.world, s.candidate.order)} — {reasons(know, s)}"
        )
    return lines


def reasons(know: Knowledge, scored: Scored) -> str:
    """One candidate's terms in words, biggest first."""
    order = scored.candidate.order
    parts: list[tuple[float, str]] = []
    terms = dict(scored.terms)
    if DEALT in terms or any(attacks_in_forecast(a.kind) for a in order.actions):
        dealt = terms.pop(DEALT, 0.0)
        words = _attack_words(know, order, scored.replies)
        if words and scored.trust < 1.0:
            # What it deals trusts the guess only in part (`Scorer.trusted`): say so.
            words += f", counted ×{scored.trust:.2f} against the replies guessed, the rest as if none came"
        parts.append((dealt, f"{words} ({dealt:+.2f})" if words else ""))
    for label, value in list(terms.items()):
        if label in (TAKEN, THREAT, POSITION, APPROACH, OUTPACED, ESCAPE, EDGE, BACK, SUPPORT, "noise"):
            continue
        parts.append((value, f"the worth of a {label} {value:+.2f}"))
        terms.pop(label)
    if OUTPACED in terms:
        value = terms[OUTPACED]
        fate = "Defeated" if know.me.injuries >= DEFEAT_AT - 1 else "hurt"
        parts.append((value, f"faster enemies may have me {fate} before my attacks land {value:+.2f}"))
    if TAKEN in terms:
        parts.append((terms[TAKEN], f"attacks already declared on me {terms[TAKEN]:+.2f}"))
    if THREAT in terms:
        parts.append((terms[THREAT], _threat_words(know, scored, terms[THREAT])))
    if POSITION in terms:
        value = terms[POSITION]
        named = _danger_words(know, scored) if value < 0 else ""
        word = "where I stand next round" if value >= 0 else "what enemies can do to me there next round"
        parts.append((value, f"{named or word} {value:+.2f}"))
    if APPROACH in terms:
        value = terms[APPROACH]
        if not know.enemies and know.scout_goal() is not None:
            parts.append(
                (value, _("walking still to do to look for the enemy {value}").format(value=f"{value:+.2f}"))
            )
        else:
            parts.append((value, f"walking still to do before I can attack well {value:+.2f}"))
    if ESCAPE in terms:
        value = terms[ESCAPE]
        parts.append((value, f"off the map, which wins the battle {value:+.2f}"))
    if EDGE in terms:
        parts.append((terms[EDGE], f"nearer the map's edge, to flee off it {terms[EDGE]:+.2f}"))
    if BACK in terms:
        parts.append((terms[BACK], f"back where I stood a round ago {terms[BACK]:+.2f}"))
    if SUPPORT in terms:
        value = terms[SUPPORT]
        parts.append(
            (
                value,
                _("beside an ally who fights two or more, one of them turned on me {value}").format(
                    value=f"{value:+.2f}"
                ),
            )
        )
    if "noise" in terms:
        parts.append((0.0, f"a little randomness {terms['noise']:+.2f}"))
    parts = [p for p in parts if p[1]]
    parts.sort(key=lambda p: -abs(p[0]))
    # The chance of getting away first: it is what a Retreat is for (its worth is in the terms
    # above: what it no longer takes, where it ends).
    getaway = _getaway_words(know, order)
    return "; ".join([getaway] * bool(getaway) + [text for _value, text in parts]) or "nothing at stake"


def scout_words(know: Knowledge) -> str:
    """With fog of war and no enemy known, where it looks for one: "No enemy in sight: to look
    for the enemy toward (20, 14), where Kai was last seen at (18, 12), round 3"; "" else."""
    goal = know.scout_goal() if not know.enemies else None
    if goal is None:
        return ""
    tile, ghost = goal
    if ghost is None:
        return _("No enemy in sight: to look for the enemy toward {tile}").format(tile=tile)
    return _(
        "No enemy in sight: to look for the enemy toward {tile}, "
        "where {name} was last seen at {at}, round {round}"
    ).format(tile=tile, name=ghost.name, at=ghost.tile, round=ghost.round)


def _getaway_words(know: Knowledge, order: Order) -> str:
    """ "Retreat: 58% to get away" for an order whose movement leaves melee on a roll (the
    forecast's movement outcomes: the share of them that got away); "" for any other."""
    mode = movement_mode(order)
    rule = movement_rule(mode)
    spec = movement_spec(mode)
    if rule is None or spec is None or not rule.leaves_melee:
        return ""
    outcomes = movement_outcomes(know.world, know.board, know.actor, order)
    away = sum(float(o.probability) for o in outcomes if o.retreated)
    return f"{spec.label}: {away:.0%} to get away"


def _attack_words(know: Knowledge, order: Order, replies: Mapping[int, Order]) -> str:
    """Each attack of the order with its chance and the Injuries expected (the forecast, against
    the replies the AI guessed, if any), and the arc it strikes if a rules module names one."""
    orders = {**know.earlier, **replies, know.actor: order}
    grouped: dict[tuple[object, ...], list[ActionForecast]] = {}
    for fc in forecast(know, orders, know.actor):
        action = fc.action
        if action.target is None or not attacks_in_forecast(action.kind):
            continue
        grouped.setdefault((action.kind, action.target, action.called_shot), []).append(fc)
    words = []
    for found in grouped.values():
        first = found[0]
        action = first.action
        target = name_of(know.world, action.target)
        label = spec_of(action.kind).label
        if action.called_shot is not None:
            label += f" at the {action.called_shot.part}"
        times = f" ×{len(found)}" if len(found) > 1 else ""
        arc = _arc(know, order, action, orders)
        at = f" from {target}'s {arc}" if arc else ""
        chance = sum(float(fc.success) for fc in found) / len(found)
        injuries = sum(float(fc.expected_injuries) for fc in found)
        spec = spec_of(action.kind)
        why = f" ({first.reason})" if chance < 0.005 and _cannot_happen(first) else ""
        if action.called_shot is not None and chance >= 0.005:
            # Under the general-hit ruling a Called Shot that misses its location may still
            # hit: "to hit" alone reads as if the modifier cost nothing; the location's own
            # chance is what it buys (`ActionForecast.part_hit`).
            part = sum(float(fc.part_hit) for fc in found) / len(found)
            why += f", {part:.0%} at the {action.called_shot.part}"
        if getattr(spec, "deals_injury", True):
            words.append(
                f"{label} on {target}{times}{at}: {chance:.0%} to hit{why}, {injuries:.2f} Injuries expected"
            )
        else:
            words.append(f"{label} on {target}{times}{at}: {chance:.0%} to succeed{why}")
    return "; ".join(words)


def _cannot_happen(fc: ActionForecast) -> bool:
    """Whether the forecast says, in the rules' words, why the attack cannot happen (out of
    reach, no line of sight, engaged in melee …); not when it could but every roll fails
    (its arc and the defences say why)."""
    return bool(fc.reason) and fc.reason != IMPOSSIBLE


def _arc(know: Knowledge, order: Order, action: Action, orders: Mapping[int, Order]) -> str:
    """The word the rules modules give the side of the target an attack comes from ("back"),
    with both where they plan to end; "" if no module names one."""
    assert action.target is not None
    here = order.path[-1] if order.path else know.me.tile
    theirs = orders.get(action.target)
    there = theirs.path[-1] if theirs is not None and theirs.path else know.unit(action.target).tile
    if here == there:
        return ""
    facing = order.facing if order.facing is not None else bearing_direction(here, there)
    their_facing = (
        theirs.facing if theirs is not None and theirs.facing is not None else know.facing_of(action.target)
    )
    return _arc_word(know, order, action, here, there, facing, their_facing)


DANGERS_NAMED = 2  # enemies named in the words of the next round's danger


def _danger_words(know: Knowledge, scored: Scored) -> str:
    """Who the next round's danger is, in the scoring's own parts (`Scored.dangers`): "Omar
    can reach my back, Fletch can shoot me next round"; "" when nobody is named."""
    if scored.dangers_at is None:
        return ""
    here, facing = scored.dangers_at
    who: dict[str, list[str]] = {}  # what they can do, and who can: "Aldo and Bett can reach me"
    for _feared, enemy, strike in scored.dangers[:DANGERS_NAMED]:
        if strike is None or strike == here:
            deed = "shoot me" if strike is None else "reach me"
        else:
            blow = Action(know.unit(enemy).attack_kind, know.actor)
            toward = bearing_direction(strike, here)
            arc = _arc_word(know, Order(enemy, (blow,)), blow, strike, here, toward, facing)
            deed = f"reach my {arc}" if arc and arc != "front" else "reach me"
        who.setdefault(deed, []).append(name_of(know.world, enemy))
    words = [f"{' and '.join(names)} can {deed}" for deed, names in who.items()]
    return f"{', '.join(words)} next round" if words else ""


def _arc_word(
    know: Knowledge, order: Order, action: Action, here: Tile, there: Tile, facing: int, their_facing: int
) -> str:
    """The word the rules modules give the side of the target on `there` (facing
    `their_facing`) that the attacker's `action` comes from, the attacker on `here` facing
    `facing` (`defence_costs`: the facing module's arc); "" if none names one."""
    from game.rules.api.attack import AttackContext, Situation, weapon_for
    from game.rules.attack import defence_costs
    from game.world import Equipment

    weapon = weapon_for(know.world.get(order.actor, Equipment), action)
    if weapon is None or here == there:
        return ""
    options = know.options
    situation = Situation(here, there, attacker_facing=facing, target_facing=their_facing, options=options)
    ctx = AttackContext(know.world, know.board, order.actor, order, action, weapon, situation)
    _, word = defence_costs(ctx)
    return word


MENACE_SHOWN = 0.1  # how far from 1 an Injury's worth must move to be worth saying
MENACE_NAMED = 3  # enemies named in those words


def _menace_words(know: Knowledge, menace: Mapping[int, float]) -> str:
    """How much more an Injury counts on the enemies whose attacks land most (or least) often,
    and on us, with the chance that moved it (hard: `menace.menace_factors`); "" when every
    Injury counts about alike."""
    moved = {eid: f for eid, f in menace.items() if abs(f - 1) >= MENACE_SHOWN}
    foes = sorted(
        (eid for eid in moved if know.unit(eid).side != know.me.side), key=lambda eid: (-moved[eid], eid)
    )
    named = [(name_of(know.world, eid), eid) for eid in foes[:MENACE_NAMED]]
    if know.me.eid in moved:
        named.append(("me", know.me.eid))
    words = [
        f"on {who} ×{moved[eid]:.2f} (best attack {best_attack_chance(know, know.unit(eid)):.0%} unhurt)"
        for who, eid in named
    ]
    return f"an Injury {', '.join(words)}" if words else ""


def _read_words(know: Knowledge) -> str:
    """What the AI has read of the enemy sides still to declare, if it fears one less than
    sensible play (`game.ai.opponents`)."""
    sides = dict.fromkeys(know.unit(e).side for e in know.later if know.unit(e).side != know.me.side)
    return "; ".join(words for side in sides if side in know.read and (words := know.read[side].words(side)))


def _threat_words(know: Knowledge, scored: Scored, value: float) -> str:
    """Who may still strike us this round: the replies guessed for them (hard), else their names."""
    later = [know.unit(e) for e in know.later if know.unit(e).side != know.me.side and know.unit(e).active]
    if scored.replies:
        guesses = [
            f"{name_of(know.world, eid)} would reply {summarize_order(know.world, reply)}"
            for eid, reply in scored.replies.items()
            if any(a.kind in OFFENSIVE and a.target == know.actor for a in reply.actions)
        ]
        if guesses:
            return f"{'; '.join(guesses)}: {value:+.2f}"
    names = ", ".join(u.name for u in later[:3]) or "the enemies still to declare"
    return f"{names} may strike me before the round is out {value:+.2f}"
