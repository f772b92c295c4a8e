"""Key lines of the positional modules' sandbox examples (docs/examples/, docs/modules.md):
each is the hand-computed number the module's section works out.  `tests/test_sandbox.py`
runs every example and checks these lines with the chapter's own."""

from __future__ import annotations

MODULE_KEY_LINES: dict[str, list[str]] = {
    "fog.json": [
        "Fog \u2014 rangers, Strategy Stage: in sight: Sam at (12, 3)",
        "Fog \u2014 rangers, orders seen: Bea, Ada, Sam; hidden: Kai, Rex",
        "Fog \u2014 rangers, end of round: in sight: Sam at (12, 3); last seen: Kai at (13, 6) (round 1)",
        "Fog \u2014 rangers, end of round: in sight: Rex at (12, 2), Sam at (12, 3);"
        " last seen: Kai at (13, 6) (round 1)",
        "Fog \u2014 raiders, orders seen: Bea, Ada, Sam, Kai, Rex",
    ],
    "power_strike.json": [
        "Omar — Power Strike on Niles: 7 [Strike] − 2 [Power Strike] = 5; rolled 4: hit",
        "Niles — Withstand Injury: 5 [Withstand Injury] − 2 [sword Injury Rating] − 1 [Power Strike] = 2;"
        " rolled 3: failure",
        "Ash — Well-aimed Shot on Kord: 8 [Missile Strike (Beam)] − 3 [Medium Range]"
        " − 2 [Well-aimed Shot] = 3; rolled 2: hit",
        "Kord — Withstand Injury: 6 [Withstand Injury] − 4 [blaster pistol Injury Rating]"
        " − 1 [Well-aimed Shot] = 1; rolled 2: failure",
    ],
    "knockdown.json": [
        "Omar — Knockdown on Niles: 7 [Vigor + Agility] − 1 [Action Penalty] = 6; rolled 2: success",
        "Niles — Resist Knockdown: 6 [Agility ×2] − 4 [Knockdown margin] = 2; rolled 4: failure",
        "Niles is knocked down by Omar: −2 to Missile Strikes against, +2 to melee attacks against,"
        " crawls at half Movement",
        "Omar — Strike on Niles: 6 [Strike] − 1 [Action Penalty] + 2 [Prone Target in Melee] = 7;"
        " rolled 7: hit",
        "Niles — Knockdown on Omar: 6 [Vigor + Agility] − 1 [Injury Penalty] − 2 [Fighting Prone] = 3;"
        " rolled 3: success",
        "Omar — Resist Knockdown: 6 [Agility ×2] = 6; rolled 5: success",
    ],
    "shield_bash.json": [
        "Omar — Shield Bash on Niles: 8 [Block] = 8; rolled 5: hit",
        "Omar hits Niles (torso) with shield",
        "Niles — Withstand Injury: 5 [Withstand Injury] = 5; rolled 6: failure",
        "Omar — Withstand Injury: 5 [Withstand Injury] + 1 [shield] − 2 [sword Injury Rating]"
        " − 1 [Shield Bashing (no guard)] = 3; rolled 4: failure",
    ],
    "pulled_blows.json": [
        "Omar — Pulled Blow on Niles: 7 [Strike] = 7; rolled 6: hit",
        "Niles — Withstand Injury: 5 [Withstand Injury] − 2 [sword Injury Rating] + 1 [Pulled Blow] = 4;"
        " rolled 5: failure",
        "Ash — Subdual on Kord: 6 [Strike] − 2 [Subdual] = 4; rolled 3: hit",
        "Ash's sword hit on Kord (torso) strikes the flat (a pulled blow spares the Defeated) instead",
    ],
    "dodging_fire.json": [
        "Bea — Dodging Fire on Sam: 8 [Missile Strike (Beam)] − 4 [Dodging Fire] = 4; rolled 3: hit",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 1 [Injury Penalty]"
        " − 2 [Dodging Fire (target)] = 5; rolled 6: miss",
        "Kord — Dodging Fire on Bea: 7 [Missile Strike (Beam)] − 4 [Dodging Fire]"
        " − 2 [Dodging Fire (target)] = 1; rolled 5: miss",
    ],
    "hold_at_bay.json": [
        "Pik — Hold at Bay on Niles: 6 [Strike] + 2 [Pole Weapon] = 8; rolled 5: success",
        "Niles — Bypass: 6 [Agility ×2] − 5 [Held at Bay] = 1; rolled 4: failure (against Pik's Hold at Bay)",
        "Niles is held at bay by Pik: stops at (6, 3)",
        "Niles walks 1.0 m of 3.0 m (7, 3) → (6, 3), facing W; stopped: held at (6, 3)",
        "Kord — Bypass: 8 [Agility ×2] − 2 [Held at Bay] = 6; rolled 3: success (against Sol's Hold at Bay)",
        "Niles — Strike on Pik nullified: Pik is out of reach",
        "Kord — Strike on Sol: 8 [Strike] − 2 [Held at Bay] = 6; rolled 4: hit",
    ],
    "bursts.json": [
        "Gun — Aimed Burst on Ada: 7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] − 1 [Recoil] = 9;"
        " rolled 6: hit",
        "Ada — Withstand Injury: 5 [Withstand Injury] − 2 [submachine gun Injury Rating]"
        " − 1 [Aimed Burst] = 2; rolled 3: failure",
        "Gun — Spread Burst on Bo: 7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] − 1 [Recoil]"
        " − 3 [Spread Burst, 2 targets] = 6; rolled 6: hit",
        "Bo — Withstand Injury: 3 [Withstand Injury] − 2 [submachine gun Injury Rating] = 1;"
        " rolled 2: failure",
        "Gun — Spread Burst on Cy: 7 [Missile Strike (Slug Thrower)] + 3 [Burst Bonus] − 1 [Recoil]"
        " − 3 [Spread Burst, 2 targets] = 6; rolled 7: miss",
    ],
    "delay_action.json": [
        "Kai holds a Strike, waiting for an enemy to move or attack within reach",
        "Kai strikes from a held action: Rex steps into reach at (6, 5)",
        "Kai — Strike on Rex: 7 [Strike] = 7; rolled 3: hit",
        "Rex walks 4.0 m of 6.0 m (10, 5) → (6, 5), facing W",
        "Rex — Strike on Kai: 6 [Strike] − 1 [Injury Penalty] = 5; rolled 8: miss",
        "Kai holds the Strike: no enemy moved or attacked within reach",
    ],
    "disengage.json": [
        "Dan — Parry: 5 [Parry] = 5; rolled 3: success",
        "Orc — Strike on Dan: 7 [Strike] − 3 [Parry] = 4; rolled 9: miss",
        "Dan parried the round through unhurt: next round it goes first and may Withdraw",
        "Disengaged, first in the Timing order: Dan",
        "Timing order: Dan, Orc",
        "Dan withdraws 4.0 m of 4.0 m (5, 5) → (1, 5), facing W",
        "Orc — Strike on Dan nullified: Dan Retreated out of melee",
    ],
    "closing_in.json": [
        "Dan walks 3.0 m of 4.0 m (2, 5) → (5, 5), facing E",
        "Dan — Close In: 6 [Agility ×2] = 6; rolled 8: failure",
        "Dan — Strike on Orc nullified: Dan's Close In roll failed",
        "Dan — Strike on Orc: 7 [Strike] = 7; rolled 4: hit",
    ],
    "prone.json": [
        "Bea goes prone: −2 to Missile Strikes against, +2 to melee attacks against, crawls at half Movement",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 2 [Prone Target] = 6; rolled 7: miss",
        "Bea walks 3.0 m of 3.0 m (2, 3) → (2, 6), facing E",
        "Bea stands up (that is the round's movement)",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] = 8; rolled 10: miss",
        "Bea — Missile Strike on Sam: 7 [Missile Strike (Beam)] = 7; rolled 5: hit",
    ],
    "careful_aim.json": [
        "Bea aims at Sam: 1 full round (+1 against the range penalty of the next shot at Sam)",
        "Bea aims at Sam: 2 full rounds (+2 against the range penalty of the next shot at Sam)",
        "Bea — Missile Strike on Sam: 7 [Missile Strike (Beam)] − 6 [Long Range]"
        " + 2 [Careful Aim 2 rounds] = 3; rolled 2: hit",
        "Bea no longer aims at Sam: the shot is taken",
    ],
    "charge.json": [
        "Rex charges 7.0 m of 8.0 m (2, 4) → (9, 4), facing E",
        "Pik sees Rex's Charge coming and strikes first with the spear",
        "Pik — Strike on Rex: 5 [Strike] + 3 [Charging Target 7 m] = 8; rolled 9: miss",
        "Pik — Strike on Rex: 5 [Strike] + 3 [Charging Target 7 m] = 8; rolled 4: hit",
        "Rex — Charge on Pik: 6 [Strike] − 1 [Injury Penalty] + 3 [Charge 7 m] = 8; rolled 6: hit",
    ],
    "knockback.json": [
        "Bo — Strike on Pik: 9 [Strike] = 9; rolled 1: hit",
        "Pik is knocked back 2 tiles by Bo's heavy blow (margin 8): (5, 4) → (7, 4)",
        "Pik — Keep Footing: 6 [Agility ×2] − 1 [Injury Penalty] = 5; rolled 8: failure",
        "Pik is knocked prone",
        "Pik — Strike on Bo nullified: Bo is out of reach",
        "Pik — Strike on Bo: 5 [Strike] − 1 [Injury Penalty] − 2 [Fighting Prone] = 2; rolled 5: miss",
        "Bo — Strike on Pik: 9 [Strike] + 2 [Prone Target in Melee] = 11; rolled 7: hit",
        "Pik is knocked back 1 tile by Bo's heavy blow (margin 4): (7, 4) → (8, 4)",
    ],
    "brace.json": [
        "Pik — Brace: 7 [Vigor + Agility] − 1 [Action Penalty] = 6; rolled 4: success (against Bo's push)",
        "Pik braces: the push of Bo's heavy blow (2) is cancelled",
        "Pik — Brace: 7 [Vigor + Agility] − 1 [Action Penalty] = 6; rolled 9: failure (against Bo's push)",
        "Pik braces: the push of Bo's heavy blow is one tile shorter (2 → 1)",
        "Pik is knocked back 1 tile by Bo's heavy blow (margin 6): (5, 4) → (6, 4)",
        "Pik — Keep Footing: 6 [Agility ×2] = 6; rolled 5: success",
    ],
    "perception.json": [
        "Niles — Perception: 4 [Intuition ×2] = 4; rolled 7: failure (to strike Omar behind it)",
        "Omar — Strike on Niles: 8 [Strike] = 8; rolled 6: hit",
        "Niles — Strike on Omar nullified: Niles failed its Perception roll: it cannot strike Omar behind it",
        "Niles — Perception: 4 [Intuition ×2] = 4; rolled 3: success (to strike Omar behind it)",
        "Omar — Strike on Niles: 8 [Strike] − 2 [Dodge (back arc)] = 6; rolled 7: miss",
        "Niles — Strike on Omar: 9 [Strike] − 1 [Action Penalty] − 6 [Attacking into Back Arc] = 2;"
        " rolled 2: hit",
    ],
    "sudden_dive.json": [
        "Bea dives 3.4 m of 6.0 m (3, 4) → (5, 2), facing N",
        "Bea — Sudden Dive: 6 [Agility ×2] + 2 [Not Yet Acted] = 8; rolled 4: success"
        " (low cover within reach)",
        "Bea dives into low cover: −2 to every Missile Strike at it this round; next round it reorients",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] − 2 [Low Cover (dive)] = 6; rolled 7: miss",
        "Sam — Missile Strike on Bea: 8 [Missile Strike (Beam)] = 8; rolled 9: miss",
        "Bea has reoriented after the dive",
    ],
    "suppression.json": [
        "Gun — Suppression Fire on Ada: 7 [Missile Strike (Slug Thrower)] = 7; rolled 5: hit",
        "Gun — Suppression Fire on Pal: 7 [Missile Strike (Slug Thrower)] = 7; rolled 8: miss",
        "Gun — Suppression Fire on Bo: 7 [Missile Strike (Slug Thrower)] − 3 [Medium Range]"
        " − 2 [Low Cover] = 2; rolled 2: hit",
    ],
    "overwatch.json": [
        "Vas holds a Missile Strike on overwatch, watching E",
        "Vas fires on overwatch: Rex starts to move from (9, 5)",
        "Vas — Missile Strike on Rex: 8 [Missile Strike (Beam)] = 8; rolled 3: hit",
        "Rex walks 6.0 m of 6.0 m (9, 5) → (3, 5), facing W",
        "Rex — Strike on Vas: 6 [Strike] − 1 [Injury Penalty] = 5; rolled 6: miss",
        "Sol — Missile Strike on Vas: 6 [Missile Strike (Beam)] = 6; rolled 9: miss",
    ],
}
"""Each module example → lines its output must contain."""


MODULE_MAPS: dict[str, tuple[int, int, float, set[str]]] = {
    # stem: (width, height, metres per tile, deploy sides), as scripts/make_maps.py draws them
    "tutorial_prone": (32, 20, 2.0, {"rangers", "riflemen"}),
    "tutorial_careful_aim": (40, 20, 2.0, {"archers", "turret"}),
    "tutorial_charge": (26, 20, 1.0, {"raiders", "militia"}),
    "tutorial_knockback": (20, 20, 1.0, {"smiths", "thugs"}),
    "tutorial_sudden_dive": (30, 20, 1.0, {"resistance", "soldiers"}),
    "tutorial_suppression": (30, 20, 1.0, {"nest", "raiders"}),
    "tutorial_overwatch": (30, 20, 1.0, {"guards", "raiders"}),
    "tutorial_hold_at_bay": (20, 20, 1.0, {"watch", "thieves"}),
    "tutorial_dodging_fire": (24, 20, 1.0, {"rangers", "soldiers"}),
}
"""The positional modules' tutorial maps (docs/content.md), checked with the others by
`tests/test_content.py`."""
