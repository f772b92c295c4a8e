"""The action sets that fit one end tile of a candidate order, asked of the action specs in
play (`ActionSpec.ai_options`, `ai_augment`): each attack's own options on each target (an
attack, two, a Called Shot, a Disarm), each with a defence or what augments it (a Feint);
defences alone; a weapon to pick up; any other action a rules module offers an AI.  The
end tiles come from `game.ai.candidates`; nothing here judges an order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from game.ai.facts import Unit
from game.ai.fire import shot_at
from game.ai.knowledge import Knowledge
from game.ai.levels import Level
from game.ai.spots import Candidate, Spot
from game.core.equipment import Weapon
from game.core.geometry import Tile, bearing_direction
from game.rules.api.action import ActionSpec
from game.rules.api.attack import AttackSpec
from game.rules.api.contexts import AiAsk
from game.rules.api.defence import DefenceSpec
from game.rules.movement import walk
from game.rules.orders import Action, Order
from game.rules.registry import OFFENSIVE, action_specs, movement_spec, spec_of
from game.rules.stats import max_movement_metres

RANGED_TARGETS = 2  # targets of shots tried from one tile (the best by the rules' odds)


def _picker() -> ActionSpec | None:
    """The action that picks a weapon up (the chapter's Retrieve Weapon), if any is registered."""
    return next((spec for spec in action_specs() if spec.picks_item), None)


def wants_weapon(know: Knowledge, weapon: Weapon) -> bool:
    """Whether picking this weapon up helps: a hand free for it, and nothing of its kind in hand."""
    picker = _picker()
    if picker is None or not picker.can_take(know.world, know.actor, weapon):
        return False
    return not know.me.armed if weapon.is_melee else know.me.missile is None


# ---------------------------------------------------------------------- actions
def orders_at(know: Knowledge, spot: Spot, targets: list[Unit], level: Level) -> list[Candidate]:
    """The action sets that fit one end tile, asked of the action specs in play: each attack's
    own options on each target (alone, with a defence, with what augments it, such as a
    Feint), weapons to pick up, and defences alone."""
    me = know.me
    here = spot.tile
    path = spot.path
    out: list[Candidate] = []
    movement = movement_spec(spot.mode)
    items = {item: where for item, where, _weapon in know.items}

    def order(actions: Iterable[Action], facing_to: Tile | None, tag: str) -> None:
        acts = list(actions)
        route = path
        if movement is not None:
            acts = [Action(movement.kind), *acts]
            if len(acts) > 1 and not spot.flee:
                # A Sprint or Retreat is rolled at the Action Penalty of what comes with it: the
                # path it may declare is that much shorter (else the order is refused).
                allowed = max_movement_metres(know.world, me.eid, Order(me.eid, tuple(acts)))
                route = tuple(walk(know.board, me.tile, path, allowed, lambda _tile: False)[0][1:])
                if not route:
                    return
        end = route[-1] if route != path else here  # a shortened run ends short of the spot
        if any(a.item is not None and not spec_of(a.kind).within_grasp(items[a.item], end) for a in acts):
            return  # the run no longer ends beside the weapon
        facing = bearing_direction(end, facing_to) if facing_to is not None and facing_to != end else None
        why = f"{spot.why}: {tag}" if tag else spot.why
        out.append(Candidate(Order(me.eid, tuple(acts), route, facing, spot.flee), why))

    ask = AiAsk(
        know.world,
        know.board,
        know.options,
        me.eid,
        here,
        None,
        know.earlier,
        bool(path),
        know.engaged,
        level.tactics,
    )
    specs = action_specs(know.options)
    attacks = [s for s in specs if isinstance(s, AttackSpec)]
    augments = [s for s in specs if type(s).ai_augment is not ActionSpec.ai_augment]
    # (A Sprint or Retreat is rolled at the Action Penalty of what comes with it: there a
    # defence changes the movement even with nobody near, and is weighed like any order.)
    defences = _defences(know, ask, specs, calm_bare=level.threat_weight > 0 and movement is None)
    threat = _main_threat(know, here)

    # Shots only at the best few targets from here (the rules' odds): a shooter has many.
    shootable = {
        t.eid for t in sorted(targets, key=lambda t: (-shot_at(know, me, t, here), t.eid))[:RANGED_TARGETS]
    }

    def attack_sets(target: Unit, ranged_only: bool = False) -> None:
        there = know.planned(target.eid)
        on = replace(ask, target=target.eid)
        for spec in attacks:
            melee = "melee" in spec.roles
            if (ranged_only and melee) or (not melee and target.eid not in shootable):
                continue
            for actions, tag in spec.ai_options(on):
                order(actions, there, tag)
                if ranged_only:
                    continue
                if len(actions) == 1:
                    for defence in defences[:2]:
                        order((*actions, Action(defence.kind)), there, f"{tag}, {defence.label}")
                for augment in augments:
                    for more in augment.ai_augment(on, actions):
                        order(more, there, f"{tag}, {augment.label.lower()}")

    # Any other action in play that offers itself to an AI (a rules module's own, say):
    # alone, and with the best defence.
    others = [
        spec
        for spec in specs
        if not isinstance(spec, (AttackSpec, DefenceSpec))
        and spec.movement is None
        and type(spec).ai_options is not ActionSpec.ai_options
    ]

    def other_sets() -> None:
        for spec in others:
            for target in targets if spec.targeted else [None]:
                on = replace(ask, target=target.eid if target is not None else None)
                towards = know.planned(target.eid) if target is not None else threat
                for actions, tag in spec.ai_options(on):
                    order(actions, towards, tag)
                    if defences:
                        order((*actions, Action(defences[0].kind)), towards, f"{tag}, {defences[0].label}")

    other_sets()
    for spec in specs:
        if not spec.picks_item:
            continue
        for item, where, weapon in know.items:
            if wants_weapon(know, weapon) and spec.within_grasp(where, here):
                order([Action(spec.kind, item=item)], threat, "retrieve")
                if defences and movement is None:
                    order([Action(spec.kind, item=item), Action(defences[0].kind)], threat, "retrieve")
    if movement is None:
        for target in targets:
            attack_sets(target)
        order([], threat, "")
        for defence in defences:
            order([Action(defence.kind)], threat, defence.label)
        if defences:
            best = Action(defences[0].kind)
            order([best, best], threat, f"{defences[0].label} twice")
    else:
        order([], threat, "")
        if defences:
            order([Action(defences[0].kind)], threat, defences[0].label)
        for target in targets:
            attack_sets(target, ranged_only=True)
    return out


def _defences(
    know: Knowledge, ask: AiAsk, specs: list[ActionSpec], calm_bare: bool = False
) -> list[DefenceSpec]:
    """Defences this combatant can usefully roll where it ends, best stat first: those that
    count against an attack that can come at it there (its spec's `counters_for`).  Where
    none can, none for a level that weighs what enemies can do (`calm_bare`): its scoring
    would find each defence worth exactly nothing there, and a Parry with nobody near only
    ties with the plain move (a player reads it as a blunder); any usable one otherwise
    (easy, which does not look, may still raise its guard for nothing)."""
    equipment = ask.equipment
    found = [
        (know.stat(ask.actor, spec), i, spec)
        for i, spec in enumerate(specs)
        if isinstance(spec, DefenceSpec) and spec.ai_usable(ask)
    ]
    usable = [spec for stat, _, spec in sorted(found, key=lambda f: (-f[0], f[1])) if stat > 0]
    coming = _incoming(know, ask.here)
    useful = [spec for spec in usable if coming & spec.counters_for(equipment)]
    if coming or calm_bare:
        return useful
    return usable


def _incoming(know: Knowledge, here: Tile) -> set[str]:
    """The classes of the attacks that can come at `here` this round (declared, or from an
    enemy that can reach or shoot it)."""
    classes: set[str] = set()
    for order in know.earlier.values():
        for action in order.actions:
            if action.target == know.actor and action.kind in OFFENSIVE:
                classes.add(spec_of(action.kind).attack_class)  # type: ignore[attr-defined]
    for enemy in know.enemies:
        if know.declared(enemy.eid):
            continue
        if know.melee_zone(enemy.eid, enemy.tile)[here[1], here[0]]:
            classes.add(spec_of(enemy.attack_kind).attack_class)  # type: ignore[attr-defined]
        shoots = enemy.shot_kind is not None and enemy.missile is not None and not know.engaged_now(enemy.eid)
        if shoots and know.shot_band(enemy.missile, enemy.tile, here) is not None:  # type: ignore[arg-type]
            classes.add(spec_of(enemy.shot_kind).attack_class)  # type: ignore[arg-type,attr-defined]
    return classes


def _main_threat(know: Knowledge, here: Tile) -> Tile | None:
    """Where the enemy most worth facing will be: the nearest, melee fighters first."""
    best = None
    for enemy in know.enemies:
        there = know.planned(enemy.eid)
        metres = know.distance(here, there) - (enemy.rate + enemy.reach * know.mpt)
        key = (metres, enemy.eid)
        if best is None or key < best[0]:
            best = (key, there)
    return best[1] if best else None
