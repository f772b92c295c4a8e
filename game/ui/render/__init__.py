"""Drawing: camera, map layers, tokens, overlays, panels and the log."""
