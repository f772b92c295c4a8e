"""Keyboard and mouse bindings."""
