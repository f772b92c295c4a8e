"""Save files: JSON with a format version, the initial state, the seed and every order.

Loading rebuilds the battle by replaying the orders and then checks the
result against the state hash stored at save time, so a save that was
hand-edited or damaged is caught rather than silently wrong.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.battle import Battle
from game.files import FileRefused, read_limited
from game.persist.atomic import write_atomic
from game.rules.actions import Order
from game.rules.board import Board, GridBoard
from game.rules.options import RuleOptions
from game.rules.positions import name_of
from game.rules.victory import Victory
from game.world import World

SAVE_FORMAT = "dominion-tactics-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 16 * 2**20  # bytes; a long battle saves in well under 1 MiB


class SaveError(ValueError):
    """A save that cannot be loaded, with one line saying why."""


BoardFactory = Callable[[dict[str, Any]], Board]


def _map_board(spec: Any) -> Board:
    from game.board.tiled import MapError, load_map
    from game.paths import from_root

    if not isinstance(spec, str):
        raise SaveError("board.map: expected a map path")
    try:
        return load_map(from_root(spec)).board
    except MapError as err:
        raise SaveError(f"board.map: {err}") from None


BOARD_KINDS: dict[str, BoardFactory] = {"grid": lambda spec: GridBoard.from_dict(spec), "map": _map_board}
"""Board source kind → how to rebuild it."""


def canonical(data: Any) -> bytes:
    """Stable JSON bytes for hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def world_hash(world: World) -> str:
    """SHA-256 of the world's canonical JSON."""
    return hashlib.sha256(canonical(world.to_dict())).hexdigest()


def events_hash(battle: Battle) -> str:
    """SHA-256 of every event so far."""
    return hashlib.sha256(canonical([e.to_dict() for e in battle.events()])).hexdigest()


def battle_to_save(battle: Battle) -> dict[str, Any]:
    """The save document for a battle at any point."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "battle": battle.to_dict(),
        "state_hash": world_hash(battle.world),
        "events_hash": events_hash(battle),
        "round_hashes": round_hashes(battle),
    }


def round_hashes(battle: Battle) -> list[str]:
    """SHA-256 of each round's events, so a replay can say where it first differs."""
    return [hashlib.sha256(canonical([e.to_dict() for e in r.events])).hexdigest() for r in battle.records]


def save_battle(battle: Battle, path: Path) -> None:
    """Write the battle to `path` atomically (the previous file survives a crash)."""
    write_atomic(path, json.dumps(battle_to_save(battle), indent=1).encode("utf-8"))


def read_save(path: Path) -> dict[str, Any]:
    """Read and parse a save file; SaveError for anything but a JSON object of a sane size."""
    try:
        raw = read_limited(path, MAX_SAVE_BYTES)
    except FileRefused as err:
        if str(err) == "no such file":
            raise SaveError(f"{path}: no such save file") from None
        raise SaveError(f"{path}: {err}") from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a save file (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise SaveError(f"{path}: damaged save (bad JSON at line {err.lineno} column {err.colno})") from None
    except RecursionError:
        raise SaveError(f"{path}: damaged save (nested too deeply)") from None
    except ValueError as err:
        raise SaveError(f"{path}: damaged save ({_short(err)})") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a save file (expected a JSON object)")
    return data


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def load_battle(path: Path) -> Battle:
    """Load a save: validate, replay every order, verify the state hash."""
    return battle_from_save(read_save(path), str(path))


def check_header(data: dict[str, Any], label: str) -> None:
    """SaveError unless `data` is a save of a version this game reads."""
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{label}: not a Dominion Tactics save file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{label}: version: expected a whole number, got {version!r}")
    if version > SAVE_VERSION:
        raise SaveError(f"{label}: made by a newer version of the game (save version {version})")
    if version < 1:
        raise SaveError(f"{label}: unknown save version {version}")


def replay_document(
    doc: Any,
    label: str,
    upto: int | None = None,
    on_round: Callable[[Battle, int], None] | None = None,
) -> Battle:
    """Rebuild the battle of a save's "battle" part; anything malformed is a SaveError."""
    try:
        return _replay(doc, label, upto, on_round)
    except SaveError:
        raise
    except KeyError as err:
        raise SaveError(f"{label}: damaged save (missing {err.args[0]!r})") from None
    except (TypeError, ValueError, AttributeError, IndexError, ArithmeticError, RuntimeError) as err:
        raise SaveError(f"{label}: damaged save ({_short(err)})") from None


def battle_from_save(
    data: dict[str, Any], label: str = "save", on_round: Callable[[Battle, int], None] | None = None
) -> Battle:
    """Rebuild a battle from a save document and verify its hashes; SaveError naming what is wrong.

    `on_round` is called after each resolved round of the replay.
    """
    check_header(data, label)
    if "battle" not in data:
        raise SaveError(f"{label}: damaged save (missing 'battle')")
    battle = replay_document(data["battle"], label, on_round=on_round)
    if "state_hash" not in data:
        raise SaveError(f"{label}: damaged save (missing 'state_hash')")
    if world_hash(battle.world) != data["state_hash"]:
        raise SaveError(f"{label}: damaged save (the replayed battle does not match its stored state)")
    if "events_hash" in data and events_hash(battle) != data["events_hash"]:
        raise SaveError(f"{label}: damaged save (the replayed events do not match)")
    return battle


def _short(err: Exception) -> str:
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    return text[:200]


def rebuild_board(source: dict[str, Any]) -> Board:
    """The board a save names."""
    if not isinstance(source, dict) or len(source) != 1:
        raise SaveError("board: expected one board source")
    ((kind, spec),) = source.items()
    factory = BOARD_KINDS.get(kind)
    if factory is None:
        raise SaveError(f"board: unknown board kind {kind!r}")
    return factory(spec)


def _replay(
    doc: dict[str, Any],
    label: str,
    upto: int | None = None,
    on_round: Callable[[Battle, int], None] | None = None,
) -> Battle:
    """Rebuild the battle by declaring every saved order again.

    `upto` stops after that many resolved rounds (to continue from there);
    `on_round` is called after each resolved round.
    """
    if not isinstance(doc, dict):
        raise SaveError(f"{label}: battle: expected an object")
    board = rebuild_board(doc["board"])
    world = World.from_dict(doc["initial"])
    seed = doc["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(f"{label}: battle.seed: expected a whole number")
    battle = Battle(
        world,
        board,
        seed,
        RuleOptions.from_dict(doc.get("options", {})),
        max_rounds=int(doc.get("max_rounds", 100)),
        board_source=doc["board"],
        meta=doc.get("meta") or {},
        victory=Victory.from_dict(doc.get("victory") or {}),
    )
    rounds = doc["rounds"]
    resolved = int(doc.get("resolved_rounds", len(rounds)))
    if not isinstance(rounds, list) or not 0 <= resolved <= len(rounds) or len(rounds) - resolved > 1:
        raise SaveError(f"{label}: battle.rounds: inconsistent with resolved_rounds")
    for number, orders in enumerate(rounds, 1):
        if upto is not None and number > upto:
            break
        if battle.over:
            raise SaveError(f"{label}: damaged save (round {number}: the battle was already over)")
        battle.start_round()
        for raw in orders:
            order = Order.from_dict(raw)
            problems = battle.declare(order)
            if problems:
                who = name_of(battle.world, order.actor)
                raise SaveError(
                    f"{label}: damaged save (round {number}: {who}'s order is refused: {problems[0]})"
                )
        if number <= resolved:
            if battle.next_declarer is not None:
                raise SaveError(f"{label}: damaged save (round {number}: orders are missing)")
            battle.resolve()
            if on_round is not None:
                on_round(battle, number)
    return battle
