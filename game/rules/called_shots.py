"""Called Shot Modifiers by body part (CO.08).

The chapter's Diagram 1 is missing from the source text; it gives only the
head at −3 and says head, eyes and neck are the vulnerable parts (modifier −3
or worse).  [design] The other values below follow that scale: limbs −2,
hands and feet −4, neck −4, eyes −6.  A scenario may also name any other spot
with its own modifier (Alex's drone sensor: −7).
"""

from __future__ import annotations

from game.rules.actions import CalledShot

CALLED_SHOT_TABLE: dict[str, tuple[int, bool]] = {
    "head": (-3, True),
    "neck": (-4, True),
    "eyes": (-6, True),
    "left arm": (-2, False),
    "right arm": (-2, False),
    "left hand": (-4, False),
    "right hand": (-4, False),
    "left leg": (-2, False),
    "right leg": (-2, False),
    "left foot": (-4, False),
    "right foot": (-4, False),
}
"""part → (Called Shot Modifier, vulnerable)."""


def called_shot(part: str, modifier: int | None = None, vulnerable: bool | None = None) -> CalledShot:
    """A Called Shot at `part`: the table's modifier unless the GM gives one.

    Raises ValueError for an unknown part without a modifier, or a modifier > −1.
    """
    key = part.strip().casefold()
    if modifier is None:
        if key not in CALLED_SHOT_TABLE:
            known = ", ".join(CALLED_SHOT_TABLE)
            raise ValueError(f"unknown body part {part!r}: give a modifier, or one of {known}")
        modifier, table_vulnerable = CALLED_SHOT_TABLE[key]
    else:
        table_vulnerable = CALLED_SHOT_TABLE.get(key, (0, False))[1]
    if modifier > -1:
        raise ValueError(f"a Called Shot Modifier is −1 or worse, not {modifier}")
    return CalledShot(key, modifier, table_vulnerable if vulnerable is None else vulnerable)
