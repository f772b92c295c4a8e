"""The workbench's files: where they are kept, what kind a file is, and opening any of them.

Positions are saved in the game's data folder (`workbench/`, beside `saves/`), under names made
from the position's title that never overwrite an older file.  A file opened on the workbench
may be a scenario file, a sandbox file or a saved battle (at a round); whichever it is, it goes
through that format's own loader, and anything wrong is one line (`WorkbenchFileError`).
"""

from __future__ import annotations

from pathlib import Path

from game.content.armory import ArmoryError
from game.content.fields import FieldError, parse_json
from game.content.roster import RosterError
from game.content.scenarios import ScenarioError
from game.files import FileRefused, read_limited
from game.persist.autosave import data_dir
from game.persist.saves import MAX_SAVE_BYTES, SAVE_FORMAT, SaveError
from game.workbench.scenario_file import load_scenario_setup, scenario_stem
from game.workbench.setup import Setup

FOLDER = "workbench"
MAX_LISTED = 200  # files the open menu lists, newest first
KINDS = {"scenario": ".json", "sandbox": "-sandbox.json", "picture": ".png"}
"""Kind of file → how its name ends."""


class WorkbenchFileError(ValueError):
    """A file the workbench cannot open (one line saying why)."""


def workbench_dir() -> Path:
    """Where the workbench saves (it may not exist yet)."""
    return data_dir() / FOLDER


def new_path(title: str, kind: str, folder: Path | None = None) -> Path:
    """A new file for `kind` ("scenario", "sandbox", "picture") named after the title; a number
    is added rather than overwrite a file that is there."""
    folder = folder or workbench_dir()
    stem = scenario_stem(title)
    ending = KINDS[kind]
    path = folder / f"{stem}{ending}"
    n = 2
    while path.exists() or (kind == "scenario" and (folder / f"{path.stem}-map.tmx").exists()):
        path = folder / f"{stem}_{n}{ending}"
        n += 1
    return path


def position_files(folder: Path | None = None) -> list[Path]:
    """The JSON files in the workbench folder, newest first."""
    folder = folder or workbench_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            if path.is_file():
                found.append((path.stat().st_mtime, path.name, path))
        except OSError:  # removed since the folder was read
            continue
    found.sort(reverse=True)
    return [p for _t, _n, p in found[:MAX_LISTED]]


def file_kind(path: Path) -> str:
    """ "save", "scenario" or "sandbox", from what the file holds; WorkbenchFileError otherwise."""
    # Read up to the save loader's limit (larger than a data file's): a save the game loads
    # opens here too.  A scenario or sandbox file is held to its own limit when it is loaded.
    name = Path(path).name
    try:
        data = parse_json(read_limited(Path(path), MAX_SAVE_BYTES).decode("utf-8"), name)
    except FileRefused as err:
        raise WorkbenchFileError(f"{name}: {err}") from None
    except UnicodeDecodeError as err:
        raise WorkbenchFileError(f"{name}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    except FieldError as err:
        raise WorkbenchFileError(str(err)) from None
    if isinstance(data, dict):
        if data.get("format") == SAVE_FORMAT:
            return "save"
        if "sides" in data:
            return "scenario"
        if "combatants" in data:
            return "sandbox"
    raise WorkbenchFileError(f"{Path(path).name}: neither a scenario file, a sandbox file nor a saved battle")


def open_position(path: Path, round_number: int | None = None) -> tuple[Setup, list[str]]:
    """Any workbench file as a position, with notes on what it did not bring; a saved battle at
    `round_number` resolved rounds (default: all of them).  WorkbenchFileError (one line)."""
    from game.workbench.sandbox_file import load_sandbox
    from game.workbench.saved import load_saved_setup, saved_rounds

    path = Path(path)
    try:
        kind = file_kind(path)
        if kind == "save":
            rounds = saved_rounds(path) if round_number is None else round_number
            return load_saved_setup(path, rounds)
        if kind == "scenario":
            return load_scenario_setup(path)
        return load_sandbox(path)
    except WorkbenchFileError:
        raise
    except (FieldError, ScenarioError, SaveError, ArmoryError, RosterError) as err:
        raise WorkbenchFileError(_one_line(err, path)) from None
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise WorkbenchFileError(f"{path.name}: {_one_line(err, path)}") from None
    except RecursionError:
        raise WorkbenchFileError(f"{path.name}: nested too deeply") from None


def _one_line(err: BaseException, path: Path) -> str:
    text = str(err).splitlines()[0] if str(err).strip() else type(err).__name__
    return text[:300]
