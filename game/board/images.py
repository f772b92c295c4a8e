"""An image's real size, read from its header without decoding a pixel.

A tileset may declare a small image whose file really holds 27000×27000
pixels (a few MB of well-compressed PNG): decoding it takes gigabytes or
crashes the process.  The map checks and the renderer both ask `image_size`
first, and decode nothing whose size they have not bounded.  Formats whose
header we do not read are never decoded.
"""

from __future__ import annotations

import os
import struct

from game.files import FileRefused, read_head

HEADER_BYTES = 64 * 1024  # bytes read first
JPEG_HEADER_BYTES = 1024 * 1024  # bytes read at most for a JPEG: its frame may follow long metadata
FORMATS = "PNG, JPEG, GIF or BMP"
JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}  # SOFn markers (not DHT, JPG, DAC)


class ImageError(ValueError):
    """An image whose header cannot be read (truncated, or not a format we size)."""


def image_size(path: str | os.PathLike[str]) -> tuple[int, int]:
    """(width, height) in pixels from the file's header; ImageError if unknown or damaged."""
    try:
        head = read_head(path, HEADER_BYTES)
    except FileRefused as err:
        raise ImageError(str(err)) from None
    if not head:
        raise ImageError("the file is empty")
    if head.startswith(b"\xff\xd8") and len(head) == HEADER_BYTES and _jpeg_frame_at(head) is None:
        try:  # (Exif, XMP and colour profiles before the frame header run to hundreds of KiB)
            head = read_head(path, JPEG_HEADER_BYTES)
        except FileRefused as err:
            raise ImageError(str(err)) from None
    try:
        return _size(head)
    except (struct.error, IndexError):
        raise ImageError("its header is truncated") from None


def _size(head: bytes) -> tuple[int, int]:
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if head[12:16] != b"IHDR":
            raise ImageError("a PNG without its IHDR header")
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return _gif_size(head)
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(head)
    if head.startswith(b"BM"):
        (header,) = struct.unpack("<I", head[14:18])
        if header == 12:  # the old OS/2 header: 16-bit sizes
            width, height = struct.unpack("<HH", head[18:22])
        else:
            width, height = struct.unpack("<ii", head[18:26])
        return abs(width), abs(height)  # a negative height means rows top-down
    raise ImageError(f"not a {FORMATS} image")


def _gif_size(head: bytes) -> tuple[int, int]:
    """The logical screen, widened to the first frame if it sticks out (decoders use both)."""
    width, height, packed = struct.unpack("<HHB", head[6:11])
    at = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)
    while at < len(head):
        block = head[at]
        if block == 0x2C:  # image descriptor
            left, top, w, h = struct.unpack("<HHHH", head[at + 1 : at + 9])
            return max(width, left + w), max(height, top + h)
        if block != 0x21:  # anything but an extension before the first frame
            break
        at += 2
        while head[at]:  # sub-blocks, each prefixed by its length
            at += head[at] + 1
        at += 1
    raise ImageError("a GIF without a frame in its first 64 KiB")


def _jpeg_size(head: bytes) -> tuple[int, int]:
    at = _jpeg_frame_at(head)
    if at is None:
        raise ImageError(f"a JPEG without a frame header in its first {len(head) // 1024} KiB")
    height, width = struct.unpack(">HH", head[at + 5 : at + 9])
    return width, height


def _jpeg_frame_at(head: bytes) -> int | None:
    """Where the frame header (SOFn) starts, walking the segments before it; None if not in `head`."""
    at = 2
    while at + 4 <= len(head):
        if head[at] != 0xFF:
            raise ImageError("a damaged JPEG")
        marker = head[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in JPEG_FRAMES:
            return at if at + 9 <= len(head) else None
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            at += 2
            continue
        (length,) = struct.unpack(">H", head[at + 2 : at + 4])
        at += 2 + length
    return None
