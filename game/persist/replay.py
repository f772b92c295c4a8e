"""Replaying saves: headless verification, and continuing a battle from any round."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from game.persist.saves import SaveError, canonical, hash_mismatch, read_save, rebuild
from game.rules.battle import Battle


@dataclass
class Verification:
    """What a headless replay found: per round, whether its events match the save."""

    rounds: int = 0
    matching: list[int] = field(default_factory=list)
    first_mismatch: int | None = None
    state_matches: bool = False
    checked_rounds: bool = False

    @property
    def ok(self) -> bool:
        """Every event and the final state match."""
        return self.first_mismatch is None and self.state_matches

    def text(self) -> str:
        """One line for the terminal."""
        if self.ok:
            detail = "every round's events" if self.checked_rounds else "the events"
            return f"replay OK: {self.rounds} round(s); {detail} and the final state match"
        if self.first_mismatch is not None:
            return f"replay DIFFERS: round {self.first_mismatch} gives other events than the save recorded"
        return f"replay DIFFERS: after {self.rounds} round(s) the final state does not match the save"


def verify_save(path: Path) -> Verification:
    """Replay a save headless and compare every round's events and the final state."""
    data = read_save(path)
    label = str(path)
    stored = data.get("round_hashes")
    report = Verification(checked_rounds=isinstance(stored, list))

    def check(battle: Battle, number: int) -> None:
        report.rounds = number
        if not isinstance(stored, list):
            return
        events = [e.to_dict() for e in battle.records[number - 1].events]
        digest = hashlib.sha256(canonical(events)).hexdigest()
        if number <= len(stored) and stored[number - 1] == digest:
            report.matching.append(number)
        elif report.first_mismatch is None:
            report.first_mismatch = number

    # The same checks and replay as loading: a save that verifies is a save that loads.
    battle = rebuild(data, label, on_round=check)
    report.state_matches = hash_mismatch(data, battle) is None
    return report


def continue_from(path: Path, round_number: int) -> Battle:
    """The saved battle as it stood after `round_number` resolved rounds, ready to go on
    ("continue from here": later rounds are dropped)."""
    if not isinstance(round_number, int) or round_number < 0:
        raise SaveError(f"round must be 0 or more, not {round_number!r}")
    data = read_save(path)
    doc = data.get("battle")
    resolved = doc.get("resolved_rounds", 0) if isinstance(doc, dict) else 0
    if isinstance(resolved, int) and round_number > resolved:
        raise SaveError(f"{path}: the save has only {resolved} resolved round(s)")
    return rebuild(data, str(path), upto=round_number)  # checked as loading checks it
