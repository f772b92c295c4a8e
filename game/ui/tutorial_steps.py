"""How to try each tutorial's topic in the battle window: the first step the briefing and
the battle screen show (the rule itself comes from the topic's rules module or action)."""

from __future__ import annotations

from game.rules.flight import FLIGHT_HELP

TUTORIAL_STEPS = {
    "basics": "Click a tile to plan Omar's move, Q/E (or a right-click) for his final facing, then C to "
    "declare. Next round, click the thug to attack and X → Parry to defend.",
    "facing": "Press 3 for facing arcs (F front, L/R sides, B back).",
    "cover": "Press 4 for line of sight and cover from your planned tile: shields marked L and H.",
    "sprint": "Press 1 for movement reach: hatched orange tiles need a Sprint. Click one and the Sprint is "
    "added for you; the order panel shows the roll it needs.",
    "evade": "Click a tile to plan a path, then add Evade from the action menu (X).",
    "retreat": "Click a tile out of the enemy's reach and the Retreat is added for you.",
    "flee": f"{FLIGHT_HELP} Choose Flee off the map in the action menu (X): it walks you to the nearest "
    "edge tile in reach.",
    "feint": "Click the enemy, add a Strike, then a Feint, and watch the chance change.",
    "disarm": "Retrieve Weapon is in the action menu (X).",
    "prone": "Go Prone and Stand Up are in the action menu (X); a prone token lies flat.",
    "careful_aim": "Click the enemy and choose Careful Aim; each round of aim shows on your token.",
    "charge": "Plan a straight path at an enemy, then choose Charge on it; press 8 for the lanes.",
    "knockback": "Press 6 on an enemy: the hit chance says which rolls knock it back how far.",
    "sudden_dive": "Plan a path to a tile by cover, then add Sudden Dive from the action menu (X).",
    "suppression": "Click an enemy and choose Suppression Fire; press 8 for the cone and who is in it.",
    "overwatch": "Face a passage and choose Overwatch in the action menu (X); press 8 for the arc.",
    "hit_locations": "Hover an enemy for the hit chance and where a hit lands; the figure by a token marks "
    "its wounded places.",
    "location_effects": "Add a Called Shot at the head or a leg from the action menu (X), then watch the "
    "figure and the tags on the token.",
    "body_cover": "Press 8 for the exposed parts overlay from your selected rifleman (H head, T torso, "
    "A arms).",
    "criticals": "Hover an enemy who Dodges: the chance still counts the natural 1 its Dodge cannot stop.",
    "side_initiative": "The log's first lines show the d4; the Timing chips on the stage bar show the order.",
}
"""How to try each tutorial topic in this window; the rule itself comes from the topic's
rules module or action (`tutorial_hint`)."""


def tutorial_hint(topic: str) -> str:
    """The first step of a tutorial: the rule's own reminder, and how to try it here."""
    from game.rules.orders import ActionKind
    from game.rules.registry import module_of, spec_of

    try:
        rule = module_of(topic).hint
    except KeyError:
        try:
            rule = spec_of(ActionKind(topic)).hint
        except (KeyError, ValueError):
            rule = ""
    return " ".join(part for part in (rule, TUTORIAL_STEPS.get(topic, "")) if part)
