"""The rules core never imports pygame or pytmx (STYLE.md habit 1)."""

from __future__ import annotations

import subprocess
import sys

PURE_PACKAGES = ["game.rules", "game.world"]


def test_rules_core_imports_neither_pygame_nor_pytmx() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import game.rules, game.world\n"
        "for pkg in (game.rules, game.world):\n"
        "    for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(mod.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx', 'tcod'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"rules core pulled in: {out.stdout.strip()}"
