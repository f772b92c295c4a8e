"""Where the rules find their plug-ins: no list names them.

Every file of the packages `game.rules.actions` and `game.rules.modules` is imported
(the hooks' bases are the plug-in API, `game.rules.api`), and each registers what it defines with
`game.rules.registry`.  Then every entry point of the group
`dominion_tactics.rules` of the installed packages is loaded, so a package
installed beside the game adds its actions and rules modules the same way:

    # pyproject.toml of a separate package
    [project.entry-points."dominion_tactics.rules"]
    shove = "my_table_rules.shove"        # a module that registers on import

A plug-in that fails to load is left out and remembered (`plugin_problems`), with the
one line that says why; the game goes on with the others.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from importlib import metadata

from game.rules.registry import find_plugins_with, register_action, register_module

ENTRY_POINT_GROUP = "dominion_tactics.rules"
"""The entry-point group an installed package names its rules plug-ins in."""
PACKAGES = ("game.rules.actions", "game.rules.modules")
"""The packages whose every file is a plug-in (actions first: modules' actions build on them)."""


@dataclass(frozen=True)
class PluginProblem:
    """A plug-in that could not be loaded: where it came from and why, in one line."""

    source: str
    reason: str

    @property
    def name(self) -> str:
        """The entry point's name ("shove" of "shove = my_rules.shove"), for a list's entry."""
        return self.source.partition(" = ")[0]


_problems: list[PluginProblem] = []


def plugin_problems() -> tuple[PluginProblem, ...]:
    """The plug-ins left out since start-up, with their reasons."""
    return tuple(_problems)


def discover() -> None:
    """Import every shipped plug-in file, then every installed entry point (once per process;
    the registry calls this on first use)."""
    for package in PACKAGES:
        found = importlib.import_module(package)
        names = sorted(info.name for info in pkgutil.iter_modules(found.__path__))
        for name in names:
            if not name.startswith("_"):  # a private helper file is no plug-in
                importlib.import_module(f"{package}.{name}")
    for entry in _entry_points():
        load_entry_point(entry)


def _entry_points() -> list[metadata.EntryPoint]:
    try:
        return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (e.name, e.value))
    except Exception as err:  # a broken installation's metadata must not stop the game
        _problems.append(PluginProblem(ENTRY_POINT_GROUP, f"cannot read the installed packages: {err}"))
        return []


def load_entry_point(entry: metadata.EntryPoint) -> None:
    """Load one entry point: a module that registers its plug-ins on import, or a class of
    `ActionSpec` or `RulesModule` not registered yet.  A failure is remembered, not raised."""
    source = f"{entry.name} = {entry.value}"
    try:
        loaded = entry.load()
        if isinstance(loaded, type) and hasattr(loaded, "kind"):
            register_action(loaded)
        elif isinstance(loaded, type) and hasattr(loaded, "name"):
            register_module(loaded)
    except Exception as err:  # any fault of a third party's code: leave it out, say why
        reason = " ".join(str(err).split()) or type(err).__name__
        _problems.append(PluginProblem(source, f"{type(err).__name__}: {reason}"[:300]))


find_plugins_with(discover)
