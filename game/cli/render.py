"""`python -m game render PATH --out FILE.png`: draw a map or scenario, with overlays, to a PNG.

No window is opened (SDL's dummy video driver).  PATH is a Tiled map (.tmx),
a scenario file (.json) or a bundled scenario id.  The picture is the whole
map at `--tile` pixels per tile, or with `--screen` the battle screen as a
player sees it.  Every side is set to human so no AI runs.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from game.ui.prefs import UI_SCALES  # no pygame in it: --help stays cheap

OVERLAY_NAMES = ("reach", "range", "arcs", "sight", "threat", "chance", "terrain")
MAX_SCREEN = 4096  # pixels: the largest --size side
MAX_PICTURE_PIXELS = 2**24  # pixels of the whole-map picture (64 MiB at 32 bits): 4096 × 4096
MIN_FIT_TILE = 4  # pixels per tile the picture may shrink to; a 1000×1000 map fits at 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the render command (cheap: no pygame here)."""
    parser.add_argument("path", metavar="PATH", help="a .tmx map, a scenario .json file or a scenario id")
    parser.add_argument("--out", required=True, metavar="FILE.png", help="where to write the picture")
    parser.add_argument(
        "--overlay",
        action="append",
        default=[],
        metavar="NAMES",
        help=f"overlays to draw, comma-separated ({', '.join(OVERLAY_NAMES)}, a rules module's "
        "overlay, or all)",
    )
    parser.add_argument(
        "--modules", metavar="NAMES", help="rules modules to switch on as well, comma-separated (e.g. facing)"
    )
    parser.add_argument(
        "--house-rules",
        action="append",
        default=[],
        metavar="FILE",
        help="a house-rule file (docs/house-rules.md), switched on as well (repeatable)",
    )
    parser.add_argument("--select", metavar="NAME", help="select this combatant (overlays are about it)")
    parser.add_argument(
        "--tile", type=int, default=32, help="pixels per tile of the whole-map picture (default 32)"
    )
    parser.add_argument("--screen", action="store_true", help="draw the battle screen instead")
    parser.add_argument(
        "--ui-scale", type=float, default=1.0, help=f"UI scale of --screen ({', '.join(map(str, UI_SCALES))})"
    )
    parser.add_argument(
        "--size", metavar="WxH", default="1280x720", help="window size of --screen (default 1280x720)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the battle (Timing rolls)")
    parser.add_argument("--colour-blind", action="store_true", help="use the colour-blind palette")


def run(args: argparse.Namespace) -> int:
    """Build the battle, draw it, save the PNG."""
    from game.cli import UsageError, load_house_rules
    from game.files import shown_name

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.rules.registry import rules_modules

    owner = {o.name: m.name for m in rules_modules() for o in m.mark_overlays}
    known = (*OVERLAY_NAMES, *owner)
    names = {n.strip() for arg in args.overlay for n in arg.split(",") if n.strip()}
    if "all" in names:
        names = set(known)
    unknown = names - set(known)
    if unknown:
        raise UsageError(f"unknown overlay {sorted(unknown)[0]!r}: use {', '.join(known)} or all")
    house = load_house_rules(args.house_rules, args.path)
    wanted = [m.strip() for m in (args.modules or "").split(",") if m.strip()] + house
    modules = {m.name for m in rules_modules()}
    if any(m not in modules for m in wanted):
        bad = next(m for m in wanted if m not in modules)
        raise UsageError(f"unknown rules module {bad!r}: use {', '.join(sorted(modules))}")
    if not 8 <= args.tile <= 128:
        raise UsageError("--tile must be between 8 and 128 pixels")
    if args.ui_scale not in UI_SCALES:
        raise UsageError(f"--ui-scale must be one of {', '.join(map(str, UI_SCALES))}")
    try:
        size = tuple(int(v) for v in str(args.size).lower().split("x"))
        if len(size) != 2 or not all(1 <= v <= MAX_SCREEN for v in size):
            raise ValueError
    except ValueError:
        raise UsageError(
            f"--size must look like 1280x720 (each side 1 to {MAX_SCREEN}), not {args.size!r}"
        ) from None
    try:
        battle, battle_map = _battle(args.path, args.seed)
    except UsageError:
        raise
    except MemoryError:
        raise UsageError(f"{args.path}: out of memory while setting up the battle") from None
    except Exception as err:  # noqa: BLE001 - map and scenario errors are one line for the user
        raise UsageError(_named_once(args.path, err)) from None
    for module in wanted:
        battle.options = battle.options.with_module(module, True)  # type: ignore[attr-defined]
    if "all" not in {n.strip() for arg in args.overlay for n in arg.split(",")}:
        off = sorted(n for n in names if n in owner and not battle.options.has(owner[n]))  # type: ignore[attr-defined]
        if off:
            raise UsageError(
                f"the {off[0]} overlay belongs to the {owner[off[0]]} rules module, which this battle "
                f"does not play (add --modules {owner[off[0]]})"
            )
    tile = args.tile
    if not args.screen:
        board = battle.board  # type: ignore[attr-defined]
        tile = fit_tile(board.width, board.height, args.tile)
    surface = render(
        battle, battle_map, names, args.select, tile, args.screen, args.colour_blind, args.ui_scale, size
    )
    import pygame

    from game.ui.picture import save_picture

    try:
        # A folder, a device or a pipe as --out is refused (write_atomic checks it), never
        # written into or replaced; a full disk or a file-size limit leaves the old file.
        save_picture(surface, Path(args.out))
    except pygame.error as err:
        raise UsageError(f"cannot write {args.out}: {err}") from None
    except OSError as err:
        raise UsageError(f"cannot write {args.out}: {err.strerror or err}") from None
    shrunk = ""
    if tile != args.tile:
        shrunk = f", {tile} pixels per tile to stay under {MAX_PICTURE_PIXELS:,} pixels"
    print(f"wrote {shown_name(args.out)} ({surface.get_width()}×{surface.get_height()}{shrunk})")
    return 0


def fit_tile(width: int, height: int, tile_px: int) -> int:
    """The largest tile size up to `tile_px` at which a width × height map's picture stays
    under MAX_PICTURE_PIXELS; UsageError if even MIN_FIT_TILE is too big."""
    from game.cli import UsageError

    fitting = math.isqrt(MAX_PICTURE_PIXELS // max(1, width * height))
    if fitting < MIN_FIT_TILE:
        raise UsageError(
            f"a {width}×{height} map is too large to draw whole (use --screen for the battle screen)"
        )
    return min(tile_px, fitting)


def _named_once(path: str, err: Exception) -> str:
    """The one line of a map's or scenario's error, naming what was asked for once: a map's
    error begins with its file name ("x.tmx: …") or its whole path ("/p/x.tmx: no such map
    file"), and "no scenario 'x'" names the id; only an error that does not say it is told."""
    reason = str(err).splitlines()[0][:300] if str(err).strip() else type(err).__name__
    for said in (f"{path}: ", f"{Path(path).name}: "):
        reason = reason.removeprefix(said)
    return reason if repr(path) in reason else f"{path}: {reason}"


def _battle(path: str, seed: int) -> tuple[object, object]:

    from game.content import scenarios as content
    from game.content.battle_setup import build_battle

    scenario = content.find_scenario(path)  # a map file (.tmx, or a .tmj refused in one line) or a scenario
    controllers = {s.name: "human" for s in scenario.sides}
    return build_battle(scenario, seed, controllers)


def _combatant(world: object, name: str) -> int:
    """The combatant called `name` (as the map's object or the scenario names it, any case);
    UsageError naming those there are otherwise."""
    from game.cli import UsageError
    from game.rules.positions import combatants, find_by_name, name_of

    chosen = find_by_name(world, name)  # type: ignore[arg-type]
    if chosen is None:
        names = ", ".join(name_of(world, e) for e in combatants(world))  # type: ignore[arg-type]
        raise UsageError(f"no combatant named {name!r}; there are {names}")
    return chosen


def render(
    battle: object,
    battle_map: object,
    overlays: set[str],
    select: str | None = None,
    tile_px: int = 32,
    screen: bool = False,
    colour_blind: bool = False,
    ui_scale: float = 1.0,
    size: tuple[int, ...] = (1280, 720),
) -> object:
    """The picture as a pygame Surface: the battle screen as the game shows it when the first
    declarer's order is about to be drafted (every side at the window, nothing autosaved)."""
    import pygame

    from game.session.flow import Session
    from game.ui.prefs import Prefs
    from game.ui.render.camera import Camera
    from game.ui.scenes.battle import BattleScene
    from game.ui.screens import make_app

    prefs = Prefs(colour_blind=colour_blind, edge_scroll=False, ui_scale=ui_scale)
    app = make_app((size[0], size[1]), prefs)
    scene = BattleScene(app, battle, battle_map, session=Session(battle))  # type: ignore[arg-type]
    scene.feed.patient = True  # one picture: every overlay worked out before it is drawn
    scene.view.budgeted = False  # and every map chunk rendered, however long it takes
    scene.view.legend_always = True  # a picture names its overlays, whatever stands in the corners
    app.push(scene)
    scene.started = True
    scene.advance()  # rolls Timing; with every side human a hand-over curtain may go up
    while app.top is not scene:
        app.pop(app.top)
    eid = battle.next_declarer  # type: ignore[attr-defined]
    if eid is not None:
        scene.begin_human(eid)
    scene.overlays.active = set(overlays)
    if select:
        scene.select(_combatant(scene.world, select))
    if screen:
        scene.show_declarer()  # out from under the legend of these overlays
        scene.update(0.0)
        scene.camera.offset.update(scene.camera.target)
        scene.draw(app.screen)
        return app.screen.copy()
    board = battle.board  # type: ignore[attr-defined]
    size = (board.width * tile_px, board.height * tile_px)
    scene.view.camera = Camera((board.width, board.height), pygame.Rect((0, 0), size), tile_px)
    scene.view.cursor = None
    scene.update(0.0)
    surface = pygame.Surface(size)
    scene.drawing.draw_map(surface)
    return surface
