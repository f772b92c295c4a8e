"""The position workbench without a window: a position being set up, its history, the orders of
every side, what the rules say about it (ledgers, an attack matrix), the same round resolved many
times, and its files (scenario and sandbox files, saved battles opened at a round).

Everything here asks the rules (`game.rules`): validation, the forecast and the round itself.
The window's workbench screen (`game.ui.workbench`) draws what this package works out.
"""
