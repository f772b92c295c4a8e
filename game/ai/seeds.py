"""The AI's own random streams, apart from the dice.

An AI's seed never comes from the battle's dice seed, so no AI, however
clever, can rebuild the dice stream from what it is given.  The window draws
each AI's seed from the operating system (`fresh_ai_seed`): a battle's record
keeps the orders, so saves and replays never need it.  `simulate` takes its
AI seeds from `--ai-seed` (`ai_seed_for`), apart from `--seed`, so a run is
reproducible from the two numbers.
"""

from __future__ import annotations

import hashlib
import secrets

SEED_BITS = 63


def fresh_ai_seed() -> int:
    """A seed from the operating system's randomness: for an AI playing in the window."""
    return secrets.randbits(SEED_BITS)


def ai_seed_for(ai_seed: int, battle: int, side: int) -> int:
    """The seed of the AI playing `side` (its index) in battle number `battle` of a run with
    `--ai-seed ai_seed`: a hash of the three, so the streams of a run are unrelated to each
    other and to the dice."""
    digest = hashlib.sha256(f"ai:{ai_seed}:{battle}:{side}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
