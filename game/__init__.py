"""Dominion Tactics: the Dominion Rules combat chapter on a tactical grid."""

__version__ = "0.1.0"
