"""The battle screen's parts read a narrow, declared state (issue 52), and stay so.

`BattleScene` has no mixins left: its drawing, input, order commands, focus, what the
window's side sees and its saves are components, each holding the screen as a host typed
by its own protocol (`game/ui/battle/host.py`).  These tests check, on the source, that
each component reads the screen only through its host protocol and uses every name of it,
assigns only what the protocol says it may, never hands the screen on whole, and reaches
another part only through that part's query protocol (`host.aim.focus()`: `Aim`); and, on
a screen, that `BattleScene` satisfies every one of them.

The workbench's input (`WorkbenchInput`, `scene.input`) is held to the same: it reads
`WorkbenchScene` only through `InputHost` (`game/ui/workbench/host.py`), and the Try panel
reaches its commands only through `InputCommands`.

    python tests/test_ui_narrow_state.py      (from the repository's root)

prints, for each component, how many names its host protocol holds.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BATTLE = ROOT / "game/ui/battle"
HOST = BATTLE / "host.py"
WORKBENCH = ROOT / "game/ui/workbench"
WORKBENCH_HOST = WORKBENCH / "host.py"
WORKBENCH_INPUT = WORKBENCH / "input.py"
WORKBENCH_ASSIGNS = frozenset({"selected", "partner", "placing", "menu", "field", "ruler", "matrix"})
"""What the workbench's input may assign of its host: the selection and pair (See's swap), the
placing it stops (Esc), the menu and text field it opens and closes, the switches R and Ctrl+M."""


class Part:
    """A component of the battle screen: where it is, its host protocol, the screen's
    attribute that holds it, and what of the host it may assign."""

    def __init__(self, module: str, cls: str, host: str, attr: str, assigns: frozenset[str] = frozenset()):
        self.path = BATTLE / module
        self.cls = cls
        self.host = host
        self.attr = attr
        self.assigns = assigns


PARTS = [
    Part("drawing.py", "BattleDrawing", "DrawingHost", "drawing"),
    Part("input.py", "BattleInput", "InputHost", "input", frozenset({"menu"})),  # it closes the menu
    Part("orders.py", "OrderCommands", "OrdersHost", "orders", frozenset({"menu"})),  # it opens menus
    Part("focus.py", "BattleFocus", "FocusHost", "aim"),
    Part("sight.py", "WindowSight", "SightHost", "sight"),
    Part("saving.py", "BattleSaves", "SavesHost", "saves"),
]
QUERIES = {"aim": "Aim", "sight": "Sight", "orders": "Drafting", "drawing": "Layout", "session": "Seating"}
"""The host's names that are another part, and the query protocol it is reached through."""


def _class(path: Path, name: str) -> ast.ClassDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)


def protocol_members(name: str, host: Path = HOST) -> set[str]:
    """The names a protocol of `host.py` declares: its methods, properties and attributes."""
    cls = _class(host, name)
    members = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    members |= {
        n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    return members


def _attributes(name: str, host: Path = HOST) -> set[str]:
    """A protocol's plain attributes (assignable, unlike its properties)."""
    cls = _class(host, name)
    return {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def _canonical(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """ "host" for the host (`self.host`, or a local name bound to it), "host.aim" for one of
    its parts; None for anything else."""
    if ast.unparse(node) == "self.host":
        return "host"
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute) and _canonical(node.value, aliases) == "host" and node.attr in QUERIES:
        return f"host.{node.attr}"
    return None


def _aliases(fn: ast.AST) -> dict[str, str]:
    """The local names a function binds to the host or to one of its parts."""
    aliases: dict[str, str] = {}
    for node in ast.walk(fn):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = [(target, node.value)]
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(target.elts, node.value.elts, strict=False))
            for name, value in pairs:
                found = _canonical(value, aliases)
                if isinstance(name, ast.Name) and found is not None:
                    aliases[name.id] = found
    return aliases


class Reads:
    """What a component does with its host: the names it reads and assigns, the names of
    each part it reaches, and where it hands the host on whole."""

    def __init__(self, cls: ast.ClassDef) -> None:
        self.read: set[str] = set()
        self.assigned: set[str] = set()
        self.parts: dict[str, set[str]] = {}
        self.handed: list[str] = []
        for fn in cls.body:
            if not isinstance(fn, ast.FunctionDef):
                continue
            aliases = _aliases(fn)
            for node in ast.walk(fn):
                if isinstance(node, ast.Attribute):
                    owner = _canonical(node.value, aliases)
                    if owner == "host":
                        self.read.add(node.attr)
                        if isinstance(node.ctx, ast.Store):
                            self.assigned.add(node.attr)
                    elif owner is not None:
                        self.parts.setdefault(owner.removeprefix("host."), set()).add(node.attr)
                elif isinstance(node, ast.Call):
                    args = [*node.args, *(k.value for k in node.keywords)]
                    self.handed += [ast.unparse(a) for a in args if _canonical(a, aliases) == "host"]


def _own_attributes(cls: ast.ClassDef) -> tuple[set[str], set[str]]:
    """What a class defines (its methods, and what it assigns to `self.X`), and every `self.X`
    it uses."""
    defined = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    used: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self":
            used.add(node.attr)
            if isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
    return defined, used


def test_each_part_reads_the_screen_only_through_its_host() -> None:
    for part in PARTS:
        reads, members = Reads(_class(part.path, part.cls)), protocol_members(part.host)
        assert reads.read <= members, f"{part.cls} reads {sorted(reads.read - members)} outside {part.host}"
        assert not members - reads.read, (
            f"{part.host} names {sorted(members - reads.read)} {part.cls} never reads"
        )
        assert reads.assigned <= part.assigns, (
            f"{part.cls} assigns host.{sorted(reads.assigned - part.assigns)}"
        )
        assert part.assigns <= _attributes(part.host), (
            f"{part.host} does not let {part.cls} assign {part.assigns}"
        )
        assert not reads.handed, f"{part.cls} hands its host on: {reads.handed}"


def test_each_part_reaches_another_only_through_its_query_protocol() -> None:
    for part in PARTS:
        reads = Reads(_class(part.path, part.cls))
        for name, used in reads.parts.items():
            members = protocol_members(QUERIES[name])
            assert used <= members, (
                f"{part.cls} uses {sorted(used - members)} of host.{name} ({QUERIES[name]})"
            )
    # The modes reach the draft's commands the same way (`ModeHost.orders` is a `Drafting`).
    tree = ast.parse((BATTLE / "modes.py").read_text(encoding="utf-8"))
    used = {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and ast.unparse(n.value) == "host.orders"
    }
    assert used and used <= protocol_members("Drafting"), sorted(used - protocol_members("Drafting"))


def test_each_part_uses_only_its_own_attributes() -> None:
    for part in PARTS:
        defined, used = _own_attributes(_class(part.path, part.cls))
        assert used <= defined | {"host"}, f"{part.cls} uses {sorted(used - defined)} it does not define"


def test_no_part_imports_a_scene_or_another_part() -> None:
    parts = {p.path.stem for p in PARTS}
    for path in [HOST, *(p.path for p in PARTS)]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in modules if m.startswith("game.ui.scenes")], path.name
        others = {f"game.ui.battle.{p}" for p in parts - {path.stem}}
        assert not others & set(modules), f"{path.name} imports {sorted(others & set(modules))}"


def test_the_battle_screen_has_no_mixins_and_satisfies_every_host() -> None:
    from game.ui.app import Scene
    from game.ui.scenes.battle import BattleScene
    from tests.ui_helpers import duel, make_app

    assert BattleScene.__bases__ == (Scene,), "the screen's parts are components, not mixins"
    scene = BattleScene(make_app(), duel())
    for part in PARTS:
        assert getattr(scene, part.attr).host is scene, part.cls
        missing = [m for m in sorted(protocol_members(part.host)) if not hasattr(scene, m)]
        assert not missing, f"BattleScene lacks {missing} of {part.host}"
    for attr, protocol in QUERIES.items():
        missing = [m for m in sorted(protocol_members(protocol)) if not hasattr(getattr(scene, attr), m)]
        assert not missing, f"scene.{attr} lacks {missing} of {protocol}"
    mode_host = _class(BATTLE / "modes.py", "ModeHost")
    wanted = {n.name for n in mode_host.body if isinstance(n, ast.FunctionDef)} | {"mode"}
    assert not [m for m in wanted if not hasattr(scene, m)], "BattleScene is a ModeHost"


# ------------------------------------------------------------------ the workbench's input
def test_the_workbench_input_reads_the_screen_only_through_its_host() -> None:
    reads = Reads(_class(WORKBENCH_INPUT, "WorkbenchInput"))
    members = protocol_members("InputHost", WORKBENCH_HOST)
    assert reads.read <= members, f"WorkbenchInput reads {sorted(reads.read - members)} outside InputHost"
    assert not members - reads.read, (
        f"InputHost names {sorted(members - reads.read)} WorkbenchInput never reads"
    )
    assert reads.assigned <= WORKBENCH_ASSIGNS, (
        f"WorkbenchInput assigns host.{sorted(reads.assigned - WORKBENCH_ASSIGNS)}"
    )
    attributes = _attributes("InputHost", WORKBENCH_HOST)
    assert attributes >= WORKBENCH_ASSIGNS, (
        f"InputHost does not let it assign {sorted(WORKBENCH_ASSIGNS - attributes)}"
    )
    assert not reads.handed, f"WorkbenchInput hands its host on: {reads.handed}"
    assert not reads.parts, f"WorkbenchInput reaches into {sorted(reads.parts)} of its host"
    defined, used = _own_attributes(_class(WORKBENCH_INPUT, "WorkbenchInput"))
    assert used <= defined | {"host"}, f"WorkbenchInput uses {sorted(used - defined)} it does not define"


def test_the_try_panel_reaches_the_input_only_through_its_commands() -> None:
    tree = ast.parse((WORKBENCH / "try_panel.py").read_text(encoding="utf-8"))
    used = {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and ast.unparse(n.value) == "scene.input"
    }
    members = protocol_members("InputCommands", WORKBENCH_HOST)
    assert used and used <= members, sorted(used - members)


def test_the_workbench_input_imports_no_scene() -> None:
    for path in (WORKBENCH_HOST, WORKBENCH_INPUT):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        scenes = [m for m in modules if m.startswith("game.ui.scenes") or m == "game.ui.workbench.scene"]
        assert not scenes, f"{path.name} imports {scenes}"


def test_the_workbench_has_no_mixin_and_satisfies_the_input_host() -> None:
    from game.ui.app import Scene
    from game.ui.workbench.input import WorkbenchInput
    from game.ui.workbench.scene import WorkbenchScene
    from tests.ui_helpers import make_app

    assert WorkbenchScene.__bases__ == (Scene,), "the input is a component, not a mixin"
    scene = WorkbenchScene(make_app())
    assert isinstance(scene.input, WorkbenchInput) and scene.input.host is scene
    missing = [m for m in sorted(protocol_members("InputHost", WORKBENCH_HOST)) if not hasattr(scene, m)]
    assert not missing, f"WorkbenchScene lacks {missing} of InputHost"
    commands = protocol_members("InputCommands", WORKBENCH_HOST)
    assert not [m for m in sorted(commands) if not hasattr(scene.input, m)], "scene.input is InputCommands"


if __name__ == "__main__":
    for part in PARTS:
        reads = Reads(_class(part.path, part.cls))
        reached = ", ".join(f"{name} {len(used)}" for name, used in sorted(reads.parts.items()))
        print(f"{part.cls:14} reads {len(protocol_members(part.host)):2} names of {part.host:11} {reached}")
    held = len(protocol_members("InputHost", WORKBENCH_HOST))
    print(f"{'WorkbenchInput':14} reads {held:2} names of InputHost")
