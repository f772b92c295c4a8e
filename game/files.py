"""Reading a file a player or map maker names: a regular file only, and never more than a limit.

`Path.read_bytes` would hang on a FIFO, fill memory from `/dev/zero` and read
a file of several gigabytes whole before anyone could object.  `read_limited`
opens without blocking, refuses anything but a regular file, and stops one
byte past the limit, so the cost of a hostile path is bounded before a byte
is parsed.  Every loader (maps, tilesets, saves, data files, settings) reads
through it and turns `FileRefused` into its own one-line error.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

KIND_NAMES = {
    stat.S_IFDIR: "a directory",
    stat.S_IFIFO: "a pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}
CHUNK = 1 << 20  # bytes read at a time


class FileRefused(ValueError):
    """A file that cannot be read as asked: the message says why, without the path."""


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileRefused otherwise."""
    return _read(path, limit, whole=True)


def read_head(path: str | os.PathLike[str], count: int) -> bytes:
    """The first `count` bytes (or fewer) of a regular file of any size; FileRefused otherwise."""
    return _read(path, count, whole=False)


def _read(path: str | os.PathLike[str], limit: int, whole: bool) -> bytes:
    flags = os.O_RDONLY
    for extra in ("O_NONBLOCK", "O_NOCTTY", "O_BINARY"):  # not every platform has each
        flags |= getattr(os, extra, 0)
    try:
        fd = os.open(path, flags)  # O_NONBLOCK: opening a FIFO with no writer must not hang
    except FileNotFoundError:
        raise FileRefused("no such file") from None
    except IsADirectoryError:
        raise FileRefused("is a directory, not a file") from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        raise FileRefused(f"cannot read: {getattr(err, 'strerror', None) or err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = KIND_NAMES.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise FileRefused(f"is {kind}, not a file")
        if whole and info.st_size > limit:
            raise FileRefused(f"too large ({describe_size(info.st_size)}; at most {describe_size(limit)})")
        wanted = limit + 1 if whole else limit  # the file may have grown since fstat
        parts: list[bytes] = []
        size = 0
        while size < wanted:
            part = os.read(fd, min(CHUNK, wanted - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
        if whole and size > limit:
            raise FileRefused(f"too large (more than {describe_size(limit)})")
        return b"".join(parts)
    except OSError as err:
        raise FileRefused(f"cannot read: {err.strerror or err}") from None
    finally:
        os.close(fd)


def describe_size(size: int) -> str:
    """ "12 bytes", "3.5 KiB", "40 MiB", "4.0 GiB" for messages."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale:
            value = size / scale
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{size} bytes"


def is_regular_file(path: Path) -> bool:
    """Whether `path` names a regular file (not a folder, a FIFO or a device), without opening it."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def shorten(text: str, limit: int = 80) -> str:
    """`text` as a one-line message shows it: at most `limit` characters, its end kept (a
    path's file name is at its end), and the cut marked with "…"."""
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def shown_name(name: str | bytes | os.PathLike[str] | os.PathLike[bytes]) -> str:
    """`name` (a path, an argument, a map's name, a whole message) as one printable line.

    What a player or a map maker chose reaches the terminal: a newline in a file name would
    forge a line of output, an ESC sequence (`\\x1b]0;pwned\\x07`) would drive the terminal,
    and a byte that is not UTF-8 (a surrogate-escaped str, as `os.fsdecode` gives) would make
    a strict UTF-8 stdout raise.  Control and other non-printable characters are written as
    Python's `repr` writes them (`\\n`, `\\x1b`, `\\u2028`), an undecodable byte as `\\xff`,
    and a backslash is doubled (as `repr` does), so a name holding a backslash and an `n`
    is never read as one holding a newline; everything else, spaces included, is left as it
    is.  On Windows, where a backslash separates folders and is in no file name, it is kept.
    """
    text = os.fsdecode(name) if isinstance(name, bytes | os.PathLike) else str(name)
    if text.isprintable() and (BACKSLASH not in text or os.sep == BACKSLASH):
        return text  # the common case, without a loop
    return "".join(_shown_char(ch) for ch in text)


BACKSLASH = "\\"


def _shown_char(ch: str) -> str:
    if ch == BACKSLASH:
        return ch if os.sep == BACKSLASH else BACKSLASH * 2
    if ch.isprintable():
        return ch
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte os.fsdecode could not decode, kept as a surrogate
        return f"\\x{code - 0xDC00:02x}"
    return repr(ch)[1:-1]


def resolved(path: str | os.PathLike[str]) -> Path:
    """`path` resolved (links followed, absolute), to compare two paths by the file they name;
    its absolute form when it cannot be (a symlink loop, a name too long), never an error.

    `Path.resolve` raises RuntimeError on a loop before Python 3.13 and OSError after, where
    callers caught only OSError: a loop given as `--map`, or as the data folder's `maps`,
    was a traceback.  A path that cannot be resolved names no file to match, so its
    absolute form is as good a key and the reader that opens it says what is wrong.
    """
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):  # ValueError: a NUL in the name
        return Path(os.path.abspath(path))


MAX_SHOWN = 200  # characters of a string read from a file to be shown (a title, a scenario)


def bounded(value: object, limit: int = MAX_SHOWN) -> str:
    """`value` as a one-line string of at most `limit` characters, cut when it is read.

    A save's `meta` is the player's (or anyone's) to edit: a 15 MB title, cut only when
    drawn, had the Load screen measure and wrap 15 MB of text every frame.  It is cut here
    first (a slice costs nothing), then its whitespace and control characters become single
    spaces, and a cut is marked with "…".
    """
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > limit
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in text[:limit]).split())
    return text[: limit - 1] + "…" if cut else text
