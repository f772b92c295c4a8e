"""The smaller items of issue 51: a property type Tiled does not have is named, a sandbox
seed past 2^53 is refused as docs/sandbox.md says, and `render` names a bad map once."""

from __future__ import annotations

import json
from pathlib import Path

from tests.hostile import assert_refused, plain_map, run_limited

QUATERNION = '<properties><property name="spin" type="quaternion" value="1,0,0,0"/></properties>'


def _map(tmp_path: Path) -> Path:
    path = tmp_path / "spin.tmx"
    text = plain_map()
    path.write_text(text.replace("<tileset", QUATERNION + "<tileset", 1))
    return path


def test_a_property_type_tiled_does_not_have_is_named(tmp_path: Path) -> None:
    outcome = run_limited("check-map", str(_map(tmp_path)), home=tmp_path)
    assert_refused(outcome, "property 'spin' has type 'quaternion', not one of Tiled's")


def test_render_names_a_bad_map_once(tmp_path: Path) -> None:
    path = _map(tmp_path)
    outcome = run_limited("render", str(path), "--out", str(tmp_path / "out.png"), home=tmp_path)
    assert_refused(outcome, "has type 'quaternion'")
    assert outcome.stderr.count(path.name) == 1, outcome.stderr


def test_a_sandbox_seed_past_2_to_the_53_is_refused(tmp_path: Path) -> None:
    example = json.loads((Path(__file__).resolve().parent.parent / "docs/examples/feint.json").read_text())
    example["seed"] = 2**200
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(example))
    assert_refused(
        run_limited("resolve", str(path), home=tmp_path), "seed: expected a whole number from 0 to"
    )
