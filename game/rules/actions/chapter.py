"""The combat chapter's actions (CO.05–CO.18), in the order the menus and the sandbox list them."""

import importlib

NAMES = (
    "strike",
    "missile_strike",
    "brawling",
    "disarm",
    "feint",
    "parry",
    "block",
    "dodge",
    "evade",
    "sprint",
    "retreat",
    "retrieve",
)
"""One module of `game.rules.actions` per action, each registering its spec."""

for _name in NAMES:
    importlib.import_module(f"game.rules.actions.{_name}")
