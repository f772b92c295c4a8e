"""How to try each tutorial's topic in the battle window: the first step the briefing and
the battle screen show (the rule itself comes from the topic's rules module or action),
and which bundled tutorial a battle is."""

from __future__ import annotations

from game.content.scenarios import list_scenarios
from game.i18n import N_, _
from game.rules.battle import Battle
from game.rules.flight import FLIGHT_HELP

TUTORIAL_STEPS = {
    "basics": N_(
        "Click a tile to plan Omar's move, Q/E (or a right-click) for his final facing, then C to "
        "declare. Next round, click the thug to attack and X → Parry to defend."
    ),
    "facing": N_("Press 3 for facing arcs (F front, L/R sides, B back)."),
    "cover": N_("Press 4 for line of sight and cover from your planned tile: shields marked L and H."),
    "sprint": N_(
        "Press 1 for movement reach: hatched orange tiles need a Sprint. Click one and the Sprint is "
        "added for you; the order panel shows the roll it needs."
    ),
    "evade": N_("Click a tile to plan a path, then add Evade from the action menu (X)."),
    "retreat": N_("Click a tile out of the enemy's reach and the Retreat is added for you."),
    "flee": N_(
        "{rule} Choose Flee off the map in the action menu (X): "
        "it walks you to the nearest edge tile in reach."
    ),
    "feint": N_("Click the enemy, add a Strike, then a Feint, and watch the chance change."),
    "disarm": N_("Retrieve Weapon is in the action menu (X)."),
    "prone": N_("Go Prone and Stand Up are in the action menu (X); a prone token lies flat."),
    "careful_aim": N_("Click the enemy and choose Careful Aim; each round of aim shows on your token."),
    "charge": N_("Plan a straight path at an enemy, then choose Charge on it; press 8 for the lanes."),
    "knockback": N_("Press 6 on an enemy: the hit chance says which rolls knock it back how far."),
    "sudden_dive": N_("Plan a path to a tile by cover, then add Sudden Dive from the action menu (X)."),
    "suppression": N_("Click an enemy and choose Suppression Fire; press 8 for the cone and who is in it."),
    "overwatch": N_("Face a passage and choose Overwatch in the action menu (X); press 8 for the arc."),
    "hit_locations": N_(
        "Hover an enemy for the hit chance and where a hit lands; the figure by a token marks "
        "its wounded places."
    ),
    "location_effects": N_(
        "Add a Called Shot at the head or a leg from the action menu (X), then watch the "
        "figure and the tags on the token."
    ),
    "body_cover": N_(
        "Press 8 for the exposed parts overlay from your selected rifleman (H head, T torso, A arms)."
    ),
    "criticals": N_(
        "Hover an enemy who Dodges: the chance still counts the natural 1 its Dodge cannot stop."
    ),
    "fog": N_(
        "Round 1: dark tiles are out of your scouts' sight, and a faded token marks where you last "
        "saw a raider (its label says in which round). Walk one scout to the gap in the wall to look. "
        "Round 2: a shot from the shadows shows the shooter where he stands."
    ),
    "side_initiative": N_(
        "The log's first lines show the d4; the Timing chips on the stage bar show the order."
    ),
}
"""How to try each tutorial topic in this window; the rule itself comes from the topic's
rules module or action (`tutorial_hint`)."""


def tutorial_hint(topic: str) -> str:
    """The first step of a tutorial: the rule's own reminder, and how to try it here."""
    from game.rules.orders import ActionKind
    from game.rules.registry import module_of, spec_of

    try:
        rule = _(module_of(topic).hint)
    except KeyError:
        try:
            rule = _(spec_of(ActionKind(topic)).hint)
        except (KeyError, ValueError):
            rule = ""
    steps = TUTORIAL_STEPS.get(topic, "")
    return " ".join(part for part in (rule, _(steps).format(rule=_(FLIGHT_HELP)) if steps else "") if part)


def tutorial_topic(battle: Battle) -> str | None:
    """The topic of a bundled tutorial ("basics"), or None for any other battle."""
    ident = battle.meta.get("scenario")
    return next((s.tutorial for s in list_scenarios() if s.id == ident and s.tutorial is not None), None)


def tutorial_texts(battle: Battle) -> list[str]:
    """A bundled tutorial's briefing, rules and first step (what asks the player to press an
    overlay's key); nothing for any other battle."""
    ident = battle.meta.get("scenario")
    for scenario in list_scenarios():
        if scenario.id == ident and scenario.tutorial is not None:
            return [scenario.briefing, scenario.rules, tutorial_hint(scenario.tutorial)]
    return []
