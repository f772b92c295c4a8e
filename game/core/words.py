"""Small English helpers for the rules' and the screens' sentences."""

from __future__ import annotations


def article(word: str) -> str:
    """ "an" before a vowel ("an Overwatch", "an Evade"), else "a" ("a Dodge")."""
    return "an" if word[:1].lower() in "aeiou" else "a"
