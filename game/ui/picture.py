"""Pictures the game writes (`render --out`, the workbench's export): encoded whole in
memory, checked, then written atomically, so a full disk or a file-size limit leaves the old
file as it was and an error to report, never a cut PNG and "Picture saved"."""

from __future__ import annotations

import errno
import io
from pathlib import Path

import pygame

from game.persist.atomic import write_atomic

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_END = b"IEND\xaeB`\x82"  # the last chunk of every complete PNG


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a complete PNG; OSError if the encoder gave anything else."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    data = buffer.getvalue()
    if not (data.startswith(PNG_SIGNATURE) and data.endswith(PNG_END)):
        raise OSError(errno.EIO, "the picture could not be encoded as a PNG")
    return data


def save_picture(surface: pygame.Surface, path: Path) -> int:
    """Write the surface to `path` as a PNG, atomically (temporary file in the same folder,
    fsync, rename); the bytes written.  OSError or pygame.error, the old file intact."""
    data = png_bytes(surface)
    write_atomic(Path(path), data)
    return len(data)
