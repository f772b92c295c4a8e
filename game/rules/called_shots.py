"""Called Shot Modifiers by body part (CO.08).

The chapter's Diagram 1 is missing from the source text.  It gives the head
at −3 and says the parts "with modifiers of −3 or greater" are the head, eyes
and neck: so those three are the only parts at −3 or worse, and every other
part is −1 or −2.  [design] Arms and legs −1, hands and feet −2 (smaller,
so harder), neck −4, eyes −6.  A scenario may also name any other spot with
its own modifier (Alex's drone sensor: −7).
"""

from __future__ import annotations

from game.rules.orders import CalledShot

CALLED_SHOT_TABLE: dict[str, tuple[int, bool]] = {
    "head": (-3, True),
    "neck": (-4, True),
    "eyes": (-6, True),
    "left arm": (-1, False),
    "right arm": (-1, False),
    "left hand": (-2, False),
    "right hand": (-2, False),
    "left leg": (-1, False),
    "right leg": (-1, False),
    "left foot": (-2, False),
    "right foot": (-2, False),
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
