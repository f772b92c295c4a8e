"""The rules sandbox: scenarios from JSON files, played and printed."""
