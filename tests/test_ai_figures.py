"""The AI's current figures come from one command (issue 53): `scripts/ai_figures.py`
prints the table docs/ai.md shows, each row with the `simulate` command that gives it."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(
    r"^\| (?P<label>[^|]+) \| (?P<battles>\d+) \| (?P<w>\d+) / (?P<d>\d+) / (?P<l>\d+) \| [\d.]+% "
    r"\| [\d.]+%–[\d.]+% \| \d+ / \d+ / \d+ \| \d+ of \d+ \([\d.]+%\) \|$"
)


def _script():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location("ai_figures", ROOT / "scripts" / "ai_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_prints_every_row_with_its_command(capsys) -> None:  # noqa: ANN001
    script = _script()
    assert script.main(["--battles", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert script.HEADER in out and script.RULE in out
    rows = [m for line in out if (m := ROW.match(line))]
    assert [m["label"] for m in rows] == [label for label, *_ in script.rows()]
    for m in rows:
        assert int(m["w"]) + int(m["d"]) + int(m["l"]) == int(m["battles"]) == 2
    commands = [line.strip() for line in out if line.startswith("    python -m game simulate ")]
    assert len(commands) == len(rows)
    assert all("--seed 7357" in c and "--battles 2" in c for c in commands)


def test_docs_show_the_scripts_table_as_it_prints_it() -> None:
    """docs/ai.md's *Current figures* has the script's header and its rows, in its order,
    with the command that made them."""
    script = _script()
    text = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    section = text.split("## Current figures", 1)[1].split("\n## ", 1)[0]
    lines = section.splitlines()
    assert script.HEADER in lines
    rows = [m for line in lines if (m := ROW.match(line))]
    assert [m["label"] for m in rows] == [label for label, *_ in script.rows()]
    assert "python scripts/ai_figures.py --battles" in section
