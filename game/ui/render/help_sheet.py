"""The help sheet's layout: every key binding by group, the mouse, what each overlay shows,
flowed into columns at the largest text size that fits the window.

The blocks come from the bindings table and the overlays' labels, so the sheet
never lists a key the game does not have; this module only places them.  A
block that would run off the bottom of a column starts the next one; when the
columns run out, the whole sheet is laid out again a size smaller.  Key names
and descriptions wrap inside their own columns, so nothing is drawn over
anything else at any window size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.input.bindings import POSITIONAL, Bindings
from game.ui.theme import Theme

SIZES = (12, 11, 10, 9)  # text sizes tried, largest first
COLUMNS = (2, 3)  # columns tried, fewest first (wide columns read best)
KEY_SHARE = 0.42  # the widest the key column may be, as a share of a column


@dataclass(frozen=True)
class Block:
    """A heading and its rows: (keys, what they do), or ("", a paragraph)."""

    title: str
    rows: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Placed:
    """A piece of text where the sheet puts it."""

    text: str
    at: tuple[int, int]
    size: int
    role: str  # "title" (a heading), "keys" or "text"


def help_blocks(bindings: Bindings, mouse: tuple[str, ...], overlays: Mapping[str, str]) -> list[Block]:
    """The sheet's blocks: each group of bindings (commands that share a description merged
    into one row), then the mouse, then what each overlay shows."""
    blocks = []
    for group, members in bindings.groups():
        merged: dict[str, list[str]] = {}
        for binding in members:
            merged.setdefault(binding.help, []).append(binding.label())
        rows = []
        positional = _(POSITIONAL)
        for text, labels in merged.items():
            keys = list(dict.fromkeys(labels))
            if text == "move the tile cursor" and len(keys) == 4:
                rows.append((_("Arrow keys"), _(text)))
                continue
            placed = [k.removesuffix(positional) for k in keys]
            suffix = positional if any(k.endswith(positional) for k in keys) else ""
            rows.append((" / ".join(placed) + suffix, _(text)))
        blocks.append(Block(_(group), tuple(rows)))
    blocks.append(Block(_("Mouse"), tuple(("", line) for line in mouse)))
    blocks.append(
        Block(
            _("Overlays"),
            tuple(
                ("", _("{label}: {what}").format(label=label, what=what)) for label, what in overlays.items()
            ),
        )
    )
    return blocks


def lay_out(theme: Theme, area: pygame.Rect, blocks: list[Block]) -> list[Placed]:
    """The blocks placed in `area`: in the fewest COLUMNS, at the largest size in SIZES at
    which they fit, the columns as even as the blocks allow (at the most columns and the
    smallest size, whatever does not fit runs past the bottom)."""
    for columns in COLUMNS:
        for size in SIZES:
            for balance in (True, False):
                placed = _try(theme, area, blocks, size, columns, balance)
                if placed is not None:
                    return placed
    return _try(theme, area, blocks, SIZES[-1], COLUMNS[-1], False, force=True) or []


Lines = list[tuple[list[str], list[str], int]]  # a block's rows: key lines, text lines, text indent


def _try(
    theme: Theme,
    area: pygame.Rect,
    blocks: list[Block],
    size: int,
    columns: int,
    balance: bool,
    force: bool = False,
) -> list[Placed] | None:
    """The layout at one size in `columns` columns, or None when it needs more.  `balance`
    starts a new column once a block would reach past its share of the whole height."""
    gap = theme.px(20)
    col_w = (area.w - gap * (columns - 1)) // columns
    key_font = theme.font(size, True)
    widest = max((key_font.size(k)[0] for b in blocks for k, _ in b.rows if k), default=0)
    key_w = min(widest + theme.px(12), int(col_w * KEY_SHARE))
    line = theme.line_height(size) + 1
    title_line = theme.line_height(size + 1) + 3
    measured: list[tuple[Block, Lines, int]] = []
    for block in blocks:
        lines: Lines = []
        for keys, what in block.rows:
            if keys:
                keys_lines = theme.wrap(keys, key_w - theme.px(8), size, True)
                lines.append((keys_lines, theme.wrap(what, col_w - key_w, size), key_w))
            else:
                lines.append(([], theme.wrap(what, col_w, size), 0))
        height = title_line + sum(max(len(k), len(t)) for k, t, _ in lines) * line + theme.px(6)
        measured.append((block, lines, height))
    share = sum(h for _, _, h in measured) / columns
    column, x, y = 0, area.x, area.y
    out: list[Placed] = []
    for block, lines, height in measured:
        past = y + height > area.bottom or (balance and y + height / 2 > area.y + share)
        if past and y > area.y:
            column += 1
            x, y = area.x + column * (col_w + gap), area.y
            if column >= columns and not force:
                return None
        out.append(Placed(block.title, (x, y), size + 1, "title"))
        y += title_line
        for keys_lines, text_lines, indent in lines:
            for i, part in enumerate(keys_lines):
                out.append(Placed(part, (x, y + i * line), size, "keys"))
            for i, part in enumerate(text_lines):
                out.append(Placed(part, (x + indent, y + i * line), size, "text"))
            y += max(len(keys_lines), len(text_lines)) * line
        y += theme.px(6)
    return out
