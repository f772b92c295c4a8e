"""What the rules write into a round's events does not depend on the language the window shows.

A save keeps a hash of each round's events (`round_hashes`), and `replay --verify` plays the
battle again and compares: a battle played in German and checked in English (or the other way
round) must match.  The events may be shown in any language; what they carry is the source
text (English).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

import game.i18n as i18n
from game.persist.saves import canonical
from game.rules.dice import SeededDice
from game.rules.orders import ActionKind as K
from game.rules.round import play_round
from tests.builders import Cast


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _round(language: str) -> tuple[str, list[str]]:
    """One seeded round of Strikes, a Parry and a Sprint, played in `language`:
    the hash a save keeps of its events, and its log as shown."""
    i18n.set_language(language)
    cast = Cast(12, 8)
    cast.add("Dan", (4, 4), "a", strike=7, movement=4)
    cast.add("Ann", (1, 1), "a", movement=4)
    cast.add("Orc", (5, 4), "b", facing=6)
    orders = {
        cast["Dan"]: cast.order("Dan", cast.act(K.STRIKE, "Orc"), cast.act(K.STRIKE, "Orc")),
        cast["Ann"]: cast.order("Ann", cast.act(K.SPRINT), path=tuple((x, 1) for x in range(2, 10))),
        cast["Orc"]: cast.order("Orc", cast.act(K.PARRY)),
    }
    events = play_round(
        cast.world, cast.board, SeededDice(5), orders, 1, [cast["Dan"], cast["Ann"], cast["Orc"]]
    )
    digest = hashlib.sha256(canonical([e.to_dict() for e in events])).hexdigest()
    return digest, [e.text() for e in events]


def test_a_round_played_in_german_hashes_as_in_english() -> None:
    english, english_log = _round("en")
    german, german_log = _round("de")
    assert (
        "Dan kündigt an: Schlag gegen Orc, Schlag gegen Orc (Aktionsmalus −1)" in german_log
    )  # shown in German …
    assert german == english  # … carrying what a save hashes in any language
