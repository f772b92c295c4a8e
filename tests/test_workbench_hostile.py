"""What an audit of the workbench's files found (2026-12-01): a saved battle with a weapon on
the ground would not open, a scenario it wrote could not be read back, and --size had no bound."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.persist.saves import save_battle
from game.rules.battle import Battle
from game.rules.orders import Order
from game.workbench.files import open_position
from tests.builders import SWORD, ChapterCast


def test_a_saved_battle_with_a_weapon_on_the_ground_opens_at_every_round(tmp_path: Path) -> None:
    """A weapon on the ground has a name but no sheet: matching it to the roster raised (any
    battle with a Disarm or a fumble), and the file 'could not be opened'."""
    cast = ChapterCast(10, 8)
    cast.add("Omar", (2, 4), side="hunters")
    cast.add("Niles", (7, 4), side="assassin")
    cast.drop(SWORD, (5, 1))
    battle = Battle(cast.world, cast.board, 3, max_rounds=30, meta={"title": "a sword in the grass"})
    for _ in range(2):
        rnd = battle.start_round()
        while (eid := rnd.next_declarer) is not None:
            assert not battle.declare(Order(eid))
        battle.resolve()
    path = tmp_path / "sword.json"
    save_battle(battle, path)
    for round_number in (0, 1, 2):
        setup, _notes = open_position(path, round_number)  # raised "entity 3 has no Sheet"
        assert setup.board.width == 10


def test_a_sandbox_board_larger_than_a_map_is_refused_at_once(tmp_path: Path) -> None:
    """A board of 1001 tiles a side opened, and the scenario the workbench wrote from it then
    named a map the game refuses; boards are now as large as a map at most."""
    from game.workbench.files import WorkbenchFileError

    sandbox = tmp_path / "wide-sandbox.json"
    document = {"title": "wide", "seed": 1, "board": {"width": 1001, "height": 3}, "combatants": []}
    sandbox.write_text(json.dumps({**document, "rounds": [{}]}))
    with pytest.raises(WorkbenchFileError, match=r"board\.width: expected a whole number from 1 to 1000"):
        open_position(sandbox)


@pytest.mark.parametrize("size", ["100000x100000", "0x0", "7681x600"])
def test_the_workbench_window_has_the_game_s_bounds(size: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workbench", "--size", size]) == 2
    assert "--size must be between 1x1 and 7680x7680" in capsys.readouterr().err


def test_the_workbench_draws_its_board_once_when_it_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its map view (with the minimap's picture of the whole board) was made twice on opening:
    twice the 7 s a 1000 × 1000 grid board's picture takes."""
    import game.ui.workbench.scene as scene_module
    from tests.ui_helpers import make_app

    made = []
    real = scene_module.MapView

    def counted(*args: object, **kwargs: object) -> object:
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(scene_module, "MapView", counted)
    app = make_app()
    wb = app.push_screen("workbench")
    app.step([])
    assert len(made) == 1
    assert wb.view.overlays.active == {"reach", "range", "arcs", "sight", "chance"}
