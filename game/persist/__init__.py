"""Saves, autosaves and replays: JSON only, written atomically, validated on load."""
