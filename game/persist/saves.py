"""Save files: JSON with a format version, the initial state, the seed and every order.

Loading checks the file before it replays anything: its size, its header, a
hash over the whole battle part (board, rules modules, victory, meta, the
initial world, every order), a hash of the map file it was played on, and
every value with the validators scenario loading uses (`save_check`).  Only
then are the orders replayed, and the result checked against the stored
state and events hashes.  `replay --verify` goes through exactly the same
steps, so a save that verifies always loads.

Format versions: 2 adds `battle_hash` and the map's hash; 3 makes
`battle_hash` cover the whole file (every key but itself), not only the
battle; version 1 saves, which have neither hash, are refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.content.fields import FieldError
from game.files import FileRefused, describe_size, read_limited
from game.persist.atomic import write_atomic
from game.persist.save_check import HOUSE_RULES_KEY, CheckedBattle, check_battle, check_meta, storable_meta
from game.rules.battle import Battle
from game.rules.board import Board
from game.rules.house.module import descriptions_in_play
from game.rules.orders import Order
from game.rules.positions import name_of
from game.world import World

SAVE_FORMAT = "dominion-tactics-save"
SAVE_VERSION = 3
OLDEST_VERSION = 2  # the oldest save version loaded: version 1 had no battle or map hash
MAX_SAVE_BYTES = 16 * 2**20  # bytes; a 30-round battle of 10 combatants saves in about 50 KiB
HASH_LENGTH = 64  # hex digits of a SHA-256
SAVE_KEYS = (
    *("format", "version", "saved_at", "battle"),
    *("battle_hash", "state_hash", "events_hash", "round_hashes"),
)
"""Every top-level key of a save: any other is refused (nothing would check it)."""
MAX_SAVED_AT = 40  # characters of the "saved_at" time stamp (an ISO time is 25)


class SaveError(ValueError):
    """A save that cannot be loaded, with one line saying why."""


class MapChanged(SaveError):
    """The map a save was played on has been edited since: the battle cannot be replayed on it."""


BoardFactory = Callable[[Any], Board]


def _grid_board(spec: Any) -> Board:
    from game.content.grid import parse_board

    return parse_board(spec, "battle.board.grid")  # the sandbox's board validator: the same bounds


def _map_board(spec: Any) -> Board:
    """The map a save names: its path and the SHA-256 of its files."""
    from game.board.tiled import MapError, load_map
    from game.paths import from_root

    where = "battle.board.map"
    # Only the form with the map's hash: a bare path (version 1, no longer loaded) would let
    # an edited map pass for the one the battle was played on.
    path, digest = (spec.get("path"), spec.get("sha256")) if isinstance(spec, dict) else (None, None)
    if not isinstance(spec, dict) or set(spec) != {"path", "sha256"} or not isinstance(digest, str):
        raise FieldError(where, 'expected {"path": …, "sha256": …}')
    if not isinstance(path, str) or not path.endswith(".tmx") or "\x00" in path:
        raise FieldError(where, "expected the path of a .tmx map")
    try:
        battle_map = load_map(from_root(path))
    except MapError as err:
        raise SaveError(f"the map of this save cannot be loaded: {err}") from None
    if battle_map.digest != digest:
        raise MapChanged(f"the map {path} changed since this save; the battle cannot be replayed on it")
    return battle_map.board


BOARD_KINDS: dict[str, BoardFactory] = {"grid": _grid_board, "map": _map_board}
"""Board source kind → how to rebuild it (checked)."""


def canonical(data: Any) -> bytes:
    """Stable JSON bytes for hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def world_hash(world: World) -> str:
    """SHA-256 of the world's canonical JSON."""
    return hashlib.sha256(canonical(world.to_dict())).hexdigest()


def battle_hash(doc: Any) -> str:
    """SHA-256 of a save's whole battle part (what version 2's `battle_hash` covers)."""
    return hashlib.sha256(canonical(doc)).hexdigest()


def save_hash(data: dict[str, Any]) -> str:
    """SHA-256 of the whole save but its `battle_hash` (what version 3's covers): the header,
    the time stamp and every stored hash as well as the battle, everything loading reads."""
    return hashlib.sha256(canonical({k: v for k, v in data.items() if k != "battle_hash"})).hexdigest()


def expected_hash(data: dict[str, Any]) -> str:
    """What `data["battle_hash"]` must be for the save's version."""
    version = data.get("version")
    older = isinstance(version, int) and not isinstance(version, bool) and version < 3
    return battle_hash(data.get("battle")) if older else save_hash(data)


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """`data` with its `battle_hash` set as its version wants it (as anyone can recompute it)."""
    data["battle_hash"] = expected_hash(data)
    return data


def events_hash(battle: Battle) -> str:
    """SHA-256 of every event so far."""
    return hashlib.sha256(canonical([e.to_dict() for e in battle.events()])).hexdigest()


def battle_to_save(battle: Battle) -> dict[str, Any]:
    """The save document for a battle at any point."""
    doc = battle.to_dict()
    doc["meta"] = storable_meta(doc["meta"])
    # The house rules in play travel in the save (docs/house-rules.md), only when there are
    # any: a battle without house rules saves (and hashes) as it always did.
    house = [d.to_dict() for d in descriptions_in_play(battle.options)]
    if house:
        doc[HOUSE_RULES_KEY] = house
    return seal(
        {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "battle": doc,
            "state_hash": world_hash(battle.world),
            "events_hash": events_hash(battle),
            "round_hashes": round_hashes(battle),
        }
    )


def round_hashes(battle: Battle) -> list[str]:
    """SHA-256 of each round's events, so a replay can say where it first differs."""
    return [hashlib.sha256(canonical([e.to_dict() for e in r.events])).hexdigest() for r in battle.records]


def save_battle(battle: Battle, path: Path) -> None:
    """Write the battle to `path` atomically (the previous file survives a crash)."""
    write_atomic(path, encode_save(battle))


def encode_save(battle: Battle) -> bytes:
    """The bytes of the battle's save file, checked as loading will check them; SaveError
    (nothing written) for a save the game could not load: the game never writes one."""
    doc = battle_to_save(battle)
    try:
        check_meta(doc["battle"]["meta"])
    except FieldError as err:
        raise SaveError(f"this battle cannot be saved: {_short(err)}") from None
    data = json.dumps(doc, indent=1).encode("utf-8")
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(
            f"this battle cannot be saved: it would be {describe_size(len(data))}, "
            f"more than the {describe_size(MAX_SAVE_BYTES)} a save may be"
        )
    return data


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
    """Load a save: check it, replay every order, verify the state and events hashes."""
    return battle_from_save(read_save(path), str(path))


def check_header(data: dict[str, Any], label: str) -> None:
    """SaveError unless `data` is a save of a version this game reads."""
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{label}: not a Dominion Tactics save file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{label}: version: expected a whole number, got {str(version)[:20]!r}")
    if version > SAVE_VERSION:
        raise SaveError(f"{label}: made by a newer version of the game (save version {version})")
    if version < 1:
        raise SaveError(f"{label}: unknown save version {version}")
    if version < OLDEST_VERSION:
        # Version 1 held no hash of its battle or of its map: an edited one (walls removed)
        # would load as if it were what was played.  Refused, rather than trusted.
        raise SaveError(
            f"{label}: a version {version} save, which this game no longer loads "
            f"(it holds no hash of its battle or its map)"
        )


def check_keys(data: dict[str, Any], label: str) -> None:
    """SaveError for a top-level key the game does not write, or a malformed time stamp or
    round hash: the parts of a save outside the battle, which no hash covers."""
    for key in data:
        if key not in SAVE_KEYS:
            raise SaveError(f"{label}: damaged save (unknown key {str(key)[:40]!r})")
    saved_at = data.get("saved_at")
    if saved_at is not None and not (isinstance(saved_at, str) and len(saved_at) <= MAX_SAVED_AT):
        raise SaveError(f"{label}: damaged save (saved_at is not a time)")
    hashes = data.get("round_hashes")
    if hashes is not None and not (
        isinstance(hashes, list) and all(isinstance(h, str) and len(h) == HASH_LENGTH for h in hashes)
    ):
        raise SaveError(f"{label}: damaged save (round_hashes is not a list of SHA-256)")


def prepare(data: dict[str, Any], label: str) -> CheckedBattle:
    """Every check that can be made before replaying: header, hashes of the battle and of its
    map, and every value of the battle part; SaveError (one line) on the first problem."""
    check_header(data, label)
    check_keys(data, label)
    if "battle" not in data:
        raise SaveError(f"{label}: damaged save (missing 'battle')")
    for key in ("battle_hash", "state_hash", "events_hash"):
        value = data.get(key)
        if value is not None and not (isinstance(value, str) and len(value) == HASH_LENGTH):
            raise SaveError(f"{label}: damaged save ({key} is not a SHA-256)")
    if "state_hash" not in data:
        raise SaveError(f"{label}: damaged save (missing 'state_hash')")
    if data["version"] >= 2:
        if "battle_hash" not in data:
            raise SaveError(f"{label}: damaged save (missing 'battle_hash')")
        if expected_hash(data) != data["battle_hash"]:
            raise SaveError(f"{label}: damaged save (the battle does not match its hash)")
    try:
        return check_battle(data["battle"], rebuild_board)
    except MapChanged as err:
        raise MapChanged(f"{label}: {err}") from None
    except SaveError as err:
        raise SaveError(f"{label}: {err}") from None
    except FieldError as err:
        raise SaveError(f"{label}: damaged save ({_short(err)})") from None


def replay_checked(
    parts: CheckedBattle,
    label: str,
    upto: int | None = None,
    on_round: Callable[[Battle, int], None] | None = None,
) -> Battle:
    """Replay a checked battle; an order the engine refuses is a SaveError."""
    try:
        return _replay(parts, label, upto, on_round)
    except SaveError:
        raise
    except KeyError as err:
        raise SaveError(f"{label}: damaged save (missing {str(err.args[0])[:40]!r})") from None
    except (TypeError, ValueError, AttributeError, IndexError, ArithmeticError, RuntimeError) as err:
        raise SaveError(f"{label}: damaged save ({_short(err)})") from None


def rebuild(
    data: dict[str, Any],
    label: str = "save",
    upto: int | None = None,
    on_round: Callable[[Battle, int], None] | None = None,
) -> Battle:
    """Check a save document and replay it (up to `upto` resolved rounds), without comparing
    the result with its stored hashes: `battle_from_save` and `replay --verify` both start here."""
    return replay_checked(prepare(data, label), label, upto, on_round)


def hash_mismatch(data: dict[str, Any], battle: Battle) -> str | None:
    """What of the replayed battle differs from the save's stored hashes (None: nothing)."""
    if world_hash(battle.world) != data.get("state_hash"):
        return "the replayed battle does not match its stored state"
    if "events_hash" in data and events_hash(battle) != data["events_hash"]:
        return "the replayed events do not match"
    stored = data.get("round_hashes")
    if stored is not None:  # as `replay --verify` checks them: loading proves no less
        replayed = round_hashes(battle)
        for number, (mine, theirs) in enumerate(zip(replayed, stored, strict=False), 1):
            if mine != theirs:
                return f"round {number}'s events do not match the save's"
        if len(stored) != len(replayed):
            return f"{len(stored)} round hashes for {len(replayed)} rounds"
    return None


def battle_from_save(
    data: dict[str, Any], label: str = "save", on_round: Callable[[Battle, int], None] | None = None
) -> Battle:
    """Rebuild a battle from a save document and verify its hashes; SaveError naming what is wrong.

    `on_round` is called after each resolved round of the replay.
    """
    battle = rebuild(data, label, on_round=on_round)
    mismatch = hash_mismatch(data, battle)
    if mismatch:
        raise SaveError(f"{label}: damaged save ({mismatch})")
    return battle


def _short(err: Exception) -> str:
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    return text[:200]


def rebuild_board(source: dict[str, Any]) -> Board:
    """The board a save names, checked; FieldError or SaveError if it cannot be rebuilt."""
    if not isinstance(source, dict) or len(source) != 1:
        raise FieldError("battle.board", "expected one board source")
    ((kind, spec),) = source.items()
    factory = BOARD_KINDS.get(kind)
    if factory is None:
        raise FieldError("battle.board", f"unknown board kind {kind[:40]!r}")
    return factory(spec)


def _replay(
    parts: CheckedBattle,
    label: str,
    upto: int | None = None,
    on_round: Callable[[Battle, int], None] | None = None,
) -> Battle:
    """Rebuild the battle by declaring every saved order again.

    `upto` stops after that many resolved rounds (to continue from there);
    `on_round` is called after each resolved round.
    """
    battle = Battle(
        parts.world,
        parts.board,
        parts.seed,
        parts.options,
        max_rounds=parts.max_rounds,
        board_source=parts.board_source,
        meta=parts.meta,
        victory=parts.victory,
    )
    for number, orders in enumerate(parts.rounds, 1):
        if upto is not None and number > upto:
            break
        if battle.over:
            raise SaveError(f"{label}: damaged save (round {number}: the battle was already over)")
        battle.start_round()
        for raw in orders:
            order = Order.from_dict(raw)
            problems = battle.declare(order)
            if problems:
                who = name_of(battle.world, order.actor) if isinstance(order.actor, int) else "?"
                raise SaveError(
                    f"{label}: damaged save (round {number}: {who}'s order is refused: {problems[0]})"
                )
        if number <= parts.resolved:
            if battle.next_declarer is not None:
                raise SaveError(f"{label}: damaged save (round {number}: orders are missing)")
            battle.resolve()
            if on_round is not None:
                on_round(battle, number)
    return battle
