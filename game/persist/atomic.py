"""Atomic file writes: the old file stays whole until the new one is complete."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISSOCK, "a socket"),
)


class NotAFileError(OSError):
    """The target of a write exists and is not a regular file (a folder, a device, a pipe…):
    nothing is written, and it is left as it was."""


def check_target(path: Path) -> None:
    """NotAFileError unless `path` is missing or a regular file: what every file the game
    writes is checked with.  A link is followed (a link to a device is a device)."""
    # Between this check and the write another process could still put something there:
    # this guards a user's own mistaken --out, not a race.
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return  # a new file (or a dangling link, which the rename replaces)
    if stat.S_ISREG(mode):
        return
    kind = next((what for test, what in _KINDS if test(mode)), "something")
    raise NotAFileError(errno.EEXIST, f"{kind} is in the way, not a regular file (left as it is)", str(path))


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and
    fsynced, and only then renamed over the target (rename is atomic on one
    file system); the folder is fsynced so the rename itself survives a crash.
    NotAFileError (an OSError) if `path` is there and is not a regular file.
    """
    tmp = _complete_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def write_new(path: Path, data: bytes) -> None:
    """Write `data` to `path` as `write_atomic` does, but only if no file is there yet:
    FileExistsError otherwise, and the file there is left as it was.

    The complete temporary file is hard-linked to its name, which fails if the name is
    taken, so of two processes writing the same new name at once one gets the error
    instead of replacing the other's file.
    """
    tmp = _complete_temp(path, data)
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links: the next best, check then rename
            if os.path.lexists(path):
                raise FileExistsError(errno.EEXIST, "already exists", str(path)) from None
            os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    _fsync_dir(path.parent)


def _complete_temp(path: Path, data: bytes) -> Path:
    """A temporary file beside `path` holding all of `data`, flushed and fsynced (removed
    again if that fails): what both writers put in place.  NotAFileError first if `path` is
    there and is not a regular file."""
    # Renaming over a device or a pipe would replace it with a plain file (/dev/full, as
    # root), and over a folder fails half-way: refuse before writing anything.
    check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            _check_size(handle.fileno(), len(data))
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _check_size(fd: int, size: int) -> None:
    """OSError unless the file holds all `size` bytes: a write cut short without an error
    (a file system that lies) must not be renamed over the old file."""
    if os.fstat(fd).st_size != size:
        raise OSError(errno.EIO, "the file was cut short while it was written")


def _fsync_dir(folder: Path) -> None:
    # Not every platform lets a folder be opened for fsync (Windows); best effort.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
