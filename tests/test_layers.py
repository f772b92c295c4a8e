"""The allowed import graph: lower layers never import higher ones (issue 14).

    core → world → rules → session → board → content → sandbox, ai → persist → workbench → ui → cli

Each package may import the ones listed for it (and the small utilities
`files`, `paths`, `measure`, which import no other part of the game).  The
rules never import pygame, pytmx or tcod (`tests/test_purity.py` checks the
imports actually executed; this checks every import statement, lazy ones too).
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
UTILITIES = {"files", "paths", "measure", "logs", "i18n"}

ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "world": {"core"},
    "rules": {"core", "world"},
    "session": {"core", "world", "rules"},
    "board": {"core", "world", "rules"},
    "content": {"core", "world", "rules", "board"},
    "sandbox": {"core", "world", "rules", "board", "content"},
    "ai": {"core", "world", "rules", "session", "board", "content"},
    "persist": {"core", "world", "rules", "session", "board", "content", "ai"},
    "workbench": {"core", "world", "rules", "session", "board", "content", "sandbox", "persist"},
    "ui": {"core", "world", "rules", "session", "board", "content", "ai", "persist", "workbench"},
    "cli": {"core", "world", "rules", "board", "content", "sandbox", "ai", "persist", "session", "ui"}
    | {"workbench"},
}
"""Package → the game packages it may import."""
GRAPHICS = {"pygame", "pytmx", "tcod"}
MAY_USE = {"pygame": {"ui", "cli"}, "pytmx": {"board"}, "tcod": {"board"}}
"""Third-party libraries that only some layers may touch."""


def imported_names(path: Path, members: bool = True) -> list[str]:
    """The dotted names every absolute import statement of a file names, lazy and type-only
    ones too: `import a.b` → a.b; `from a.b import c` → a.b, and a.b.c with `members`."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            if members:  # `from game.rules.modules import cover` names the file cover
                names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def imports_of(path: Path) -> set[str]:
    """The top-level names every import statement of a file brings in (game.x → x)."""
    found: set[str] = set()
    for name in imported_names(path, members=False):
        parts = name.split(".")
        if parts[0] == "game" and len(parts) > 1:
            found.add(parts[1])
        elif parts[0] in GRAPHICS:
            found.add(f"<{parts[0]}>")
    return found


def package_of(path: Path) -> str:
    """The layer a file of game/ belongs to."""
    rel = path.relative_to(GAME)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_every_layer_imports_only_what_lies_below_it() -> None:
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        package = package_of(path)
        if package in ("__init__", "__main__"):
            continue
        for name in sorted(imports_of(path)):
            if name.startswith("<"):
                library = name.strip("<>")
                if package not in MAY_USE[library]:
                    wrong.append(f"{path.relative_to(GAME)} imports {library}")
                continue
            if name == package or name in UTILITIES:
                continue
            if package in UTILITIES or name not in ALLOWED.get(package, set()):
                wrong.append(f"{path.relative_to(GAME)} imports game.{name}")
    assert wrong == []


def test_every_package_has_a_place_in_the_layers() -> None:
    packages = {p.name for p in GAME.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(ALLOWED) | UTILITIES


# ------------------------------------------------------------------ inside game/rules (issue 49)
RULES = GAME / "rules"
PLUG_IN_FOLDERS = ("actions", "modules")
COMPOSITION = {"game.rules.plugins"}
"""What finds and loads the plug-ins (by their files, with importlib): the only file that may
import one."""
BELOW_API = {
    f"game.rules.{name}"
    for name in [
        "orders",
        "registry",
        "options",
        "board",
        "positions",
        "dice",
        "events",
        "apply",
        "chances",
        "still",
        "called_shots",
        "movement",
        "stats",
        "statuses",
        "injury",
    ]
}
"""The plain data and helpers the plug-in API builds on (`game.rules.api` may import these only)."""


def module_name(path: Path) -> str:
    """`game/rules/api/specs.py` → `game.rules.api.specs` (a package's `__init__` → the package)."""
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def rules_files() -> dict[str, Path]:
    """Every file of game/rules by module name."""
    return {module_name(p): p for p in sorted(RULES.rglob("*.py"))}


def rules_imports(path: Path, known: set[str]) -> set[str]:
    """The files of game/rules that any import statement of `path` names: at the top, inside
    functions, under `if TYPE_CHECKING:`, `from game.rules import x` and relative forms alike."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        found |= {n for n in names if n in known and n != name}
    return found


def rules_graph() -> dict[str, set[str]]:
    """File → the files of game/rules it imports."""
    files = rules_files()
    return {name: rules_imports(path, set(files)) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle (its files, the first repeated at the end), or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return []


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_the_rules_have_no_import_cycle() -> None:
    cycle = find_cycle(rules_graph())
    assert cycle == [], "import cycle in game/rules: " + " → ".join(cycle)


def test_the_ui_has_no_import_cycle() -> None:
    """Issue 52: no import circle in game/ui, function-local and type-only imports included
    (the workbench's panels and scene made one of seven files; the panels now reach their
    screen through `game.ui.workbench.host`)."""
    files = {module_name(p): p for p in sorted((GAME / "ui").rglob("*.py"))}
    graph = {name: rules_imports(path, set(files)) for name, path in files.items()}
    cycle = find_cycle(graph)
    assert cycle == [], "import cycle in game/ui: " + " → ".join(cycle)


def test_the_workbench_scene_is_every_host_its_panels_ask_for() -> None:
    """Each host protocol of `game.ui.workbench.host` names only what `WorkbenchScene` has; a
    query protocol (one a host's attribute is typed by: `TryHost.input` is `InputCommands`)
    names only what that attribute of the scene has."""
    import inspect

    from game.ui.workbench import host
    from game.ui.workbench.scene import WorkbenchScene
    from tests.ui_helpers import make_app

    scene = WorkbenchScene(make_app())
    protocols = [p for _name, p in inspect.getmembers(host, inspect.isclass) if p.__module__ == host.__name__]
    names = {p.__name__ for p in protocols}
    holder = {  # query protocol → the scene's attribute that holds it
        kind: attr
        for p in protocols
        for attr, kind in getattr(p, "__annotations__", {}).items()
        if kind in names
    }
    for protocol in protocols:
        wanted = set()
        for klass in protocol.__mro__:
            if klass.__module__ == host.__name__:
                wanted |= set(getattr(klass, "__annotations__", {}))
                wanted |= {k for k, v in vars(klass).items() if callable(v) or isinstance(v, property)}
        owner = getattr(scene, holder[protocol.__name__]) if protocol.__name__ in holder else scene
        missing = sorted(n for n in wanted if not n.startswith("_") and not hasattr(owner, n))
        assert not missing, (protocol.__name__, missing)


BUILDS_ON = {
    ("modules.criticals", "modules.fumbles"): "its own fumble table, in a file of its own",
    ("modules.knockback", "modules.prone"): "requires prone: a knock-back can knock down",
    ("modules.knockdown", "modules.prone"): "requires prone: a Knockdown knocks down",
    ("modules.location_effects", "modules.hit_locations"): "requires hit_locations: its wounds",
    ("modules.location_effects", "modules.prone"): "requires prone: a leg wound knocks down",
    ("modules.body_cover", "modules.hit_locations"): "requires hit_locations: its table",
    ("modules.sudden_dive", "modules.cover"): "a dive ends in cover: cover's penalties",
    ("modules.suppression", "actions.missile_strike"): "Suppression Fire is a Missile Strike",
    ("modules.power_strike", "actions.strike"): "a Power Strike is a Strike",
    ("modules.power_strike", "actions.missile_strike"): "a Well-aimed Shot is a Missile Strike",
    ("modules.pulled_blows", "actions.strike"): "a Pulled Blow and a Subdual are Strikes",
    ("modules.dodging_fire", "actions.missile_strike"): "Dodging Fire is a Missile Strike",
    ("modules.bursts", "actions.missile_strike"): "an Aimed or Spread Burst is a Missile Strike",
    ("modules.bursts", "modules.suppression"): "the burst-capable weapon Suppression Fire fires",
    ("modules.bursts", "modules.prone"): "lying prone braces a burst against recoil (prone's own state)",
    ("modules.delay_action", "modules.overwatch"): "a held Strike is set off and forecast as a held shot",
    ("house.actions", "modules.knockback"): "a house action's push is knock-back's push",
    ("house.actions", "modules.prone"): "a house action knocks prone as prone does (and requires it)",
    ("house.actions", "actions.disarm"): "a dropped weapon lands where a Disarmed one does",
    ("house.conditions", "modules.prone"): "the posture condition reads prone's own round fact",
    ("modules.defence_criticals", "modules.fumbles"): "requires criticals: the fumbles' free attack",
    ("modules.dying", "modules.location_effects"): "a lost limb halves or lets go as a wound does",
    ("modules.passive_block", "modules.hit_locations"): "requires hit_locations: the shield arm",
    ("modules.brace", "modules.knockback"): "requires knockback: a Brace lowers its push",
}
"""The plug-ins that build on another one (and why): no other plug-in may import a plug-in."""


def is_plug_in(name: str) -> bool:
    """A file of `game/rules/actions/` or `game/rules/modules/` (not their package docstrings)."""
    parts = name.split(".")
    return len(parts) == 4 and parts[2] in PLUG_IN_FOLDERS


def test_only_the_composition_imports_plug_ins_and_the_api_imports_only_what_lies_below() -> None:
    wrong = []
    for name, imported in sorted(rules_graph().items()):
        in_api = name.startswith("game.rules.api")
        for other in sorted(imported):
            pair = (name.removeprefix("game.rules."), other.removeprefix("game.rules."))
            if is_plug_in(other) and name not in COMPOSITION and pair not in BUILDS_ON:
                wrong.append(f"{name} imports the plug-in {other}")
            elif in_api and not (other.startswith("game.rules.api") or other in BELOW_API):
                wrong.append(f"{name} (the plug-in API) imports {other}")
            elif name in BELOW_API and not (other in BELOW_API or other == "game.rules"):
                wrong.append(f"{name} (below the API) imports {other}")
    assert wrong == [], "\n".join(wrong)
    assert (RULES / "api" / "__init__.py").exists(), "no game/rules/api package"


PLUG_IN_PACKAGES = ("game.rules.actions.", "game.rules.modules.")
HOOK_BASES = ("base",)


def plug_ins_named_in(path: Path) -> set[str]:
    """The plug-in files (an action's or a rules module's own file) a file imports, by any
    import statement (lazy and type-only ones too)."""
    found: set[str] = set()
    for name in imported_names(path):
        for package in PLUG_IN_PACKAGES:
            rest = name.removeprefix(package)
            if rest != name and rest.split(".")[0] not in HOOK_BASES:
                found.add(package + rest.split(".")[0])
    return found


def test_nothing_outside_the_rules_names_a_plug_in() -> None:
    """The window, the AI, the sandbox … ask the registry and the rules' own questions
    (`game.rules.arcs`, `game.rules.cover_terms`, `game.rules.rolls`), never one action's or
    module's file: a plug-in can be taken out or replaced without touching them (issue 49)."""
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        if package_of(path) == "rules":
            continue
        wrong += [f"{path.relative_to(GAME)} imports {name}" for name in sorted(plug_ins_named_in(path))]
    assert wrong == []
