"""`python -m game maps`: your maps folder, made ready for Tiled, and what is in it.

Creates the folder in the game's data folder (with the Tiled project and the
battlefield tileset, if missing) and lists its maps the way New battle does:
playable ones with their name and sides, broken ones with their one-line
error.  What a map's check found is remembered in the data folder while its files
stay the same (`game.persist.map_checks`): listed again, a folder of large maps
costs a hash of each file rather than a load.  Exit 0; a folder that cannot be
made is one line and exit 2.
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command has no options."""


def run(args: argparse.Namespace) -> int:
    """Prepare the folder and list it."""
    from game.board.project import PROJECT_FILE
    from game.cli import UsageError
    from game.files import shown_name
    from game.persist.map_checks import CheckCache, checked
    from game.persist.usermaps import fit_bundled_project, prepare_user_maps, user_map_files, user_maps_dir

    def say(line: str) -> None:
        # File names and map names are whoever made the folder's: a newline in one must not
        # forge a line of the listing, nor an ESC sequence reach the terminal raw.
        print(shown_name(line))

    folder = user_maps_dir()
    if fit_bundled_project():
        say(f"  the bundled {PROJECT_FILE}'s commands now run {sys.executable}")
    try:
        written = prepare_user_maps(folder)
    except OSError as err:
        raise UsageError(f"cannot prepare the maps folder {folder}: {err.strerror or err}") from None
    say(f"your maps folder: {folder}")
    say(f"  open {PROJECT_FILE} in Tiled 1.8 or later, draw with tilesets/battlefield.tsx, save maps here")
    for path in written:
        say(f"  made {path.relative_to(folder).as_posix()}")
    files = user_map_files(folder)
    say("maps:" if files else "maps: none yet (New battle lists every .tmx saved here)")
    cache = CheckCache()
    for path in files:
        check = checked(path, cache)
        if check.error:
            say(f"  cannot be played  {path.name}: {check.error.removeprefix(path.name + ': ')}")
            continue
        placed = check.placed
        units = f", {placed} combatant{'s' if placed != 1 else ''} placed" if placed else ""
        sides = ", ".join(check.map_sides)
        say(f"  ok                {path.name}: {check.name}, sides {sides}{units}")
    return 0
