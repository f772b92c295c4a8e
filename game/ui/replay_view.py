"""`python -m game replay FILE`: the game window opened on a saved battle's replay."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import WINDOW_SIZE


def run_replay(path: Path | str, size: tuple[int, int] = WINDOW_SIZE) -> int:
    """Watch a save in the window until it is closed; returns the exit status (0).

    The save is rebuilt before any window opens, so a file that is not a sound
    save raises `SaveError` with one line saying why and nothing flashes up.
    Esc quits (there is no menu to go back to); "Continue" plays on in the window.
    """
    from game.ui.replay_timeline import load_replay
    from game.ui.screens import make_app

    replay = load_replay(Path(path))
    app = make_app(size)
    app.push_screen("replay", replay, standalone=True)
    app.run()
    return 0
