"""The battlefield: Tiled maps turned into boards the rules play on."""
