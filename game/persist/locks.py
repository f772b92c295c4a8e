"""Battle locks: which running copy of the game is playing which battle.

Two windows (or a window and `simulate`) share one autosave folder.  Each
battle a process autosaves is locked by it with a file

    autosaves/.locks/<battle>.lock   {"pid": 4242, "start": 123456, "token": "9f…"}

held until the process autosaves another battle there (a window plays one
at a time) or ends.  Another process never writes that battle's
autosaves (it continues the battle as a branch of its own) and its rotation
never deletes them.

What makes a lock live: on POSIX the owner holds an `flock` on the file, which
the kernel drops the moment the owner dies, however it dies (kill -9 too), so
a stale lock is told from a live one without trusting a pid that may have been
reused.  Where there is no `flock` (Windows) the owner's pid must be running
and, where the system says when a process started, have started when the lock
says.  The file's pid, start and token say who holds it either way; a stale
lock is simply taken over.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import uuid
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: fall back on the pid and its start time
    fcntl = None  # type: ignore[assignment]

LOCKS = ".locks"  # the folder of battle locks, inside the autosave folder
LOCK = re.compile(r"(?P<battle>[0-9a-f]{12})\.lock\Z")
MAX_LOCK_BYTES = 4096  # bytes; a lock file is about 80
TOKEN = uuid.uuid4().hex  # this process's token: tells its own locks from a reused pid's

_held: dict[Path, int] = {}  # lock file → the open descriptor holding its flock


def lock_path(folder: Path, battle: str) -> Path:
    """The lock file of `battle` in the autosave folder `folder`."""
    return folder / LOCKS / f"{battle}.lock"


def process_start(pid: int) -> int | None:
    """When process `pid` started (clock ticks since boot, Linux); None where unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (OSError, ValueError):
        return None
    # The command name (field 2) may hold spaces and parentheses: count from the last ")".
    fields = stat[stat.rfind(")") + 2 :].split()
    try:
        return int(fields[19])  # field 22 of the whole line: starttime
    except (IndexError, ValueError):
        return None


def pid_alive(pid: int) -> bool:
    """Whether a process `pid` exists (it may belong to another user)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def read_owner(path: Path) -> dict[str, object]:
    """What a lock file says of its owner ({} when it cannot be read or is not one)."""
    try:
        with open(path, "rb") as handle:
            data = json.loads(handle.read(MAX_LOCK_BYTES).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _owner_running(owner: dict[str, object]) -> bool:
    """The fallback without flock: the pid runs, and started when the lock says."""
    pid, start = owner.get("pid"), owner.get("start")
    if not isinstance(pid, int) or isinstance(pid, bool) or not pid_alive(pid):
        return False
    now = process_start(pid)
    return start is None or now is None or now == start  # a reused pid started later


def held_here(folder: Path, battle: str) -> bool:
    """Whether this process holds the battle's lock."""
    return lock_path(folder, battle) in _held


def held_elsewhere(folder: Path, battle: str) -> bool:
    """Whether another live process holds the battle's lock (a stale lock is no lock)."""
    path = lock_path(folder, battle)
    if path in _held:
        return False
    if fcntl is None:
        owner = read_owner(path)
        return bool(owner) and owner.get("token") != TOKEN and _owner_running(owner)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False  # no lock (or none we can read, which no game of ours could hold)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (closing drops the shared lock just taken)
    return False


def acquire(folder: Path, battle: str) -> bool:
    """Lock `battle` for this process (taking over a stale lock); False if another live
    process holds it.  Held until `release` or the process ends."""
    path = lock_path(folder, battle)
    if path in _held:
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        return _acquire_by_pid(path)
    for _ in range(10):  # another process may remove the file between our open and our flock
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except OSError:
            same = False
        if not same:  # we locked a file just unlinked by its releaser: try the new one
            os.close(fd)
            continue
        os.ftruncate(fd, 0)
        os.write(fd, _owner_text())
        _held[path] = fd
        return True
    return False


def _owner_text() -> bytes:
    pid = os.getpid()
    return json.dumps({"pid": pid, "start": process_start(pid), "token": TOKEN}).encode()


def _acquire_by_pid(path: Path) -> bool:
    """Without flock: create the file exclusively, or replace a stale one."""
    for _ in range(10):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            owner = read_owner(path)
            if owner and owner.get("token") != TOKEN and _owner_running(owner):
                return False
            with contextlib.suppress(OSError):
                path.unlink()
            continue
        os.write(fd, _owner_text())
        _held[path] = fd
        return True
    return False


def release(folder: Path, battle: str) -> None:
    """Give up the battle's lock (removing its file) if this process holds it."""
    _release(lock_path(folder, battle))


def _release(path: Path) -> None:
    fd = _held.pop(path, None)
    if fd is None:
        return
    # Unlinked while still locked: a process that opened the old file finds it is not the
    # file at the path any more (acquire's inode check) and tries again.
    with contextlib.suppress(OSError):
        path.unlink()
    with contextlib.suppress(OSError):
        os.close(fd)


def release_others(folder: Path, battle: str) -> None:
    """Give up this process's locks on every battle of `folder` but `battle`: a window plays
    one battle at a time, and a long session must not hold a descriptor per battle played."""
    keep = lock_path(folder, battle)
    for path in [p for p in _held if p.parent == keep.parent and p != keep]:
        _release(path)


def release_all() -> None:
    """Give up every lock this process holds (at exit)."""
    for path in list(_held):
        _release(path)


def remove_stale(folder: Path, battle: str) -> None:
    """Remove the lock file of a battle no live process holds (its autosaves are gone)."""
    if not lock_path(folder, battle).exists() or held_elsewhere(folder, battle) or held_here(folder, battle):
        return
    if acquire(folder, battle):
        release(folder, battle)


def _forget_in_child() -> None:
    # A forked child shares its parent's open files (and so its flocks): it holds nothing
    # of its own, and must not remove the parent's locks at its exit.
    global TOKEN
    _held.clear()
    TOKEN = uuid.uuid4().hex


atexit.register(release_all)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)
