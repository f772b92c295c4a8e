"""The rules modules that ship with the game, in the order the setup screen lists them."""

import importlib

NAMES = (
    "facing",
    "cover",
    "prone",
    "careful_aim",
    "charge",
    "knockback",
    "sudden_dive",
    "suppression",
    "overwatch",
    "hit_locations",
    "location_effects",
    "body_cover",
    "criticals",
    "side_initiative",
)
"""One module of `game.rules.modules` per rules module, each registering itself."""

for _name in NAMES:
    importlib.import_module(f"game.rules.modules.{_name}")
