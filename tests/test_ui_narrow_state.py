"""The battle screen's drawing reads a narrow, declared state (issue 52), and stays so.

`BattleDrawing` is a component that reads the screen only through `DrawingHost`
(`game/ui/battle/host.py`); these tests check, on the source, that it reads nothing
else, and count how many attributes the screen's remaining mixins still share.

    python tests/test_ui_narrow_state.py      (from the repository's root)

prints the count for each class of the screen.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREEN_FILES = [
    ROOT / "game/ui/app.py",
    ROOT / "game/ui/scenes/battle.py",
    *sorted((ROOT / "game/ui/battle").glob("*.py")),
]
MIXINS = ("BattleInput", "OrderCommands", "BattleFocus")  # BattleScene's bases in game/ui/battle
SCREEN_CLASSES = {"Scene", "BattleScene", *MIXINS}  # the classes of one object, the screen
SHARED_MOST = 40  # distinct attributes the mixins share (61 while the drawing was a mixin too)


def _classes(files: list[Path], names: set[str]) -> dict[str, ast.ClassDef]:
    found: dict[str, ast.ClassDef] = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name in names:
                found[node.name] = node
    return found


def _self_attributes(cls: ast.ClassDef, base: str = "self") -> tuple[set[str], set[str]]:
    """What a class defines (its methods, and what it assigns to `self.X`) and every `self.X`
    it uses; with `base="self.host"`, the `self.host.X` it uses (and defines none)."""
    defined = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    used: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == base:
            used.add(node.attr)
            if isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
    if base != "self":
        defined = set()
    return defined, used


def shared_attributes() -> dict[str, set[str]]:
    """For each class of the battle screen, the `self.X` it uses that another one defines."""
    classes = _classes(SCREEN_FILES, SCREEN_CLASSES)
    parts = {name: _self_attributes(cls) for name, cls in classes.items()}
    shared = {}
    for name, (_defined, used) in parts.items():
        others = set().union(*(d for other, (d, _u) in parts.items() if other != name))
        shared[name] = {attr for attr in used if attr in others}
    return shared


def _protocol_members(cls: ast.ClassDef) -> set[str]:
    members = {n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    members |= {
        n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    return members


def _drawing_and_host() -> tuple[ast.ClassDef, set[str]]:
    drawing = _classes([ROOT / "game/ui/battle/drawing.py"], {"BattleDrawing"})["BattleDrawing"]
    host = _classes([ROOT / "game/ui/battle/host.py"], {"DrawingHost"})["DrawingHost"]
    return drawing, _protocol_members(host)


def test_the_drawing_reads_the_screen_only_through_its_host() -> None:
    drawing, members = _drawing_and_host()
    _none, read = _self_attributes(drawing, "self.host")
    assert read <= members, f"the drawing reads {sorted(read - members)} outside DrawingHost"
    assert not members - read, f"DrawingHost names {sorted(members - read)} the drawing never reads"
    # The host is read, never written, and never handed on whole.
    for node in ast.walk(drawing):
        if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self.host":
            assert isinstance(node.ctx, ast.Load), f"the drawing assigns host.{node.attr}"
            assert not isinstance(node.value.ctx, ast.Store)
    handed = [
        ast.unparse(node)
        for node in ast.walk(drawing)
        if isinstance(node, ast.Call)
        for arg in [*node.args, *(k.value for k in node.keywords)]
        if ast.unparse(arg) in ("self.host", "host", "self")
    ]
    assert not handed, f"the drawing hands its host on: {handed}"


def test_the_drawing_uses_only_its_own_attributes() -> None:
    drawing, _members = _drawing_and_host()
    defined, used = _self_attributes(drawing)
    assert used <= defined | {"host"}, f"the drawing uses {sorted(used - defined)} it does not define"


def test_the_drawing_imports_no_scene() -> None:
    for name in ("drawing.py", "host.py"):
        tree = ast.parse((ROOT / "game/ui/battle" / name).read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in modules if m.startswith("game.ui.scenes")], name


def test_the_battle_screen_satisfies_the_drawing_host() -> None:
    from game.ui.battle.drawing import BattleDrawing
    from game.ui.scenes.battle import BattleScene
    from tests.ui_helpers import duel, make_app

    _drawing, members = _drawing_and_host()
    scene = BattleScene(make_app(), duel())
    assert scene.drawing.host is scene
    missing = [m for m in sorted(members) if not hasattr(scene, m)]
    assert not missing, f"BattleScene lacks {missing}"
    assert BattleDrawing not in BattleScene.__mro__, "the drawing is a component, not a mixin"


def test_the_mixins_share_no_more_than_they_did() -> None:
    shared = shared_attributes()
    together = set().union(*(shared[name] for name in MIXINS))
    assert len(together) <= SHARED_MOST, sorted(together)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    for name, attrs in sorted(shared_attributes().items()):
        print(f"{name:15} uses {len(attrs):3} attributes another class of the screen defines")
    drawing, members = _drawing_and_host()
    print(f"BattleDrawing   uses   0 (a component: it reads {len(members)} names of DrawingHost)")
    print(
        "distinct attributes the mixins share:", len(set().union(*(shared_attributes()[m] for m in MIXINS)))
    )
