"""`python -m game replay FILE`: the game window opened on a saved battle's replay."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import MIN_SIZE, WINDOW_SIZE, App


def run_replay(path: Path | str, size: tuple[int, int] = WINDOW_SIZE) -> int:
    """Watch a save in the window until it is closed; returns the exit status (0).

    The save is rebuilt before any window opens, so a file that is not a sound
    save raises `SaveError` with one line saying why and nothing flashes up.
    Esc quits (there is no menu to go back to); "Continue" plays on in the window.
    """
    from game.ui.replay_timeline import load_replay
    from game.ui.scenes.replay import ReplayScene

    replay = load_replay(Path(path))
    app = App((max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])))
    app.push(ReplayScene(app, replay, standalone=True))
    app.run()
    return 0
