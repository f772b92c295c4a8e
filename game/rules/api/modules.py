"""A rules module: an optional rule a scenario switches on, as one object of hooks.

One subclass per module, in its own file, registered with `register_module`.
The rules ask every module that is on; a hook left alone changes nothing.

- attacks (`game.rules.attack`): `attack_modifiers` (terms for the roll, or a
  reason the attack is nullified), `defence_costs` (how much each of the
  target's defences loses against this attacker);
- validation (`game.rules.validate`): `order_reasons`;
- its own actions: specs registered with `module = <name>` are offered and
  accepted only while the module is on;
- the round (`game.rules.round`, through `RoundPort`): `begin_stage` (as the Modifier and Resolution
  Stages begin), `interrupt_move` and `after_move` (around each combatant's
  movement), `before_action` (before each action of the Resolution Stage),
  `after_hit` (after a hit and its Withstand Injury), `end_round` (state kept
  across rounds); round facts it records in `RoundState.facts`;
- the forecast (`game.rules.odds`, `game.rules.forecast`): `round_outcomes`
  (how its rolls for an order can turn out, as facts with their chances),
  `forecast_notes`;
- the Movement rate (`game.rules.stats.movement_rate`): `rate_modifiers`;
- the window and `render`: `overlays` of the window's that show it (by name), and
  `mark_overlays` of its own, as data: tiles marked with a style and a short text
  (`ModuleOverlay.marks`), which the window and `render --overlay NAME` draw;
- the setup screen, the help and the tutorials: `label`, `help`, `hint`;
  `requires` (modules switched on with it);
- the Timing Stage (`game.rules.round`): `regroup_timing` (side initiative);
- the attack roll (`game.rules.round`, `game.rules.odds`): `natural_roll` (a natural 1
  or 12 that means more than its number), `after_attack` (what a roll sets off);
- a defensive roll (`game.rules.round`, `Round._defensive_rolls`): `after_defence` (what a
  natural 1 or 12 on a Dodge or a Block sets off);
- a hit as it lands (`game.rules.hits`, shared by the round and the odds): `hit_roll`,
  `land_hit`, `hit_outcomes` (where it lands, what it strikes, how hard), then
  `blow_landed` (what it and its Injuries set off);
- lasting conditions it put on a combatant (`game.rules.statuses`): `status_modifiers`
  (asked by `game.rules.stats` for every skill roll and the Movement rate);
- the sandbox's dice keys (`game.sandbox.rounds`): `dice`, `shared_dice`;
- the token and the sheet: `token_marks` (a word on the token, a wounded place, the token
  lying down), `sheet_lines`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from game.core.geometry import Tile
from game.core.modifiers import Breakdown, Modifier
from game.rules.board import Board
from game.rules.orders import ActionKind, Order
from game.world import World

if TYPE_CHECKING:
    from game.core.equipment import Weapon
    from game.rules.api.attack import AttackContext, Blow
    from game.rules.api.contexts import OrderCheck
    from game.rules.api.port import RoundPort
    from game.rules.api.state import RoundState
    from game.rules.events import Event, Rolled
    from game.rules.options import RuleOptions
    from game.rules.orders import Action
    from game.rules.statuses import Status


@dataclass(frozen=True)
class Natural:
    """What a natural attack roll means beyond its number: a critical (`ignores_defences`:
    the target's Defense Penalties do not count against it) or a fumble."""

    name: str
    ignores_defences: bool = False


@dataclass(frozen=True)
class TokenMark:
    """Something a module wants shown on a combatant's token, as data (the window draws it; a
    module never touches pygame): Injuries on a body `location` (`value` of them), or a state
    (`location` None) by a short word, its `label` ("AIM 2", "WATCH", "Shock"); `lying` draws
    the token on the ground (prone)."""

    label: str
    value: int = 1
    location: str | None = None
    lying: bool = False


class RulesModule:
    """One optional rule (RULES.md §8)."""

    name: ClassVar[str]
    """Its key in scenario files, saves, the sandbox and `simulate --modules`."""
    listing: ClassVar[int] = 1000
    """Where the setup screen and every list put it: lower first (the built-in modules 10–140);
    plug-ins that leave it alone follow in the order they registered."""
    label: ClassVar[str]
    help: ClassVar[str] = ""
    hint: ClassVar[str] = ""
    """A tutorial's one-line reminder of what the module changes."""
    source: ClassVar[str] = ""
    """Where the rule comes from (RULES.md §8, a seed)."""
    default_on: ClassVar[bool] = False
    """On in battles on a map unless the scenario says otherwise."""
    builtin: ClassVar[bool] = True
    """Shipped with the game (listed in every saved battle's options, on or off)."""
    overlays: ClassVar[tuple[str, ...]] = ()
    """The window's own overlays that show this module (facing: "arcs")."""
    mark_overlays: ClassVar[tuple[ModuleOverlay, ...]] = ()
    """Overlays of its own, as data (`ModuleOverlay`): a charge lane, a cone of fire …"""
    requires: ClassVar[tuple[str, ...]] = ()
    """Modules this one builds on: switched on with it (and it off with them)."""
    interrupt_word: ClassVar[str] = "down"
    """How the log words where a move `interrupt_move` stopped ("stopped: down at (5, 4)": the
    mover went down there; Hold at Bay's "held at")."""
    dice: ClassVar[Mapping[str, int]] = {}
    """Rolls a combatant makes for this module that are no action's: purpose → sides ("Hit
    Location": 100, "Keep Footing": 12), keyed "Name:Purpose" like the chapter's rolls."""
    shared_dice: ClassVar[Mapping[str, int]] = {}
    """Rolls nobody in particular makes: whole key → sides ("Sides:Initiative": 4)."""

    def overrides(self, hook: str) -> bool:
        """Whether this module fills in `hook` (the registry skips the others when it asks
        about every attack: a hook left alone answers with its default)."""
        return getattr(type(self), hook) is not getattr(RulesModule, hook)

    def attack_modifiers(self, ctx: AttackContext) -> list[Modifier] | str:
        """Terms this module adds to an attack's roll, or why the attack is nullified."""
        return []

    def defence_costs(self, ctx: AttackContext) -> tuple[Mapping[ActionKind, int | None], str] | None:
        """How much each of the target's defences loses against this attacker (None: the
        defence cannot face that way), and a word for the ledger ("back" arc); None: no change."""
        return None

    def order_reasons(self, check: OrderCheck) -> list[str]:
        """Reasons this module refuses an order (after the chapter's own checks)."""
        return []

    # -------------------------------------------------------------- the round
    def begin_stage(self, rnd: RoundPort, stage: str, state: RoundState) -> None:
        """As the "Modifier" and the "Resolution" Stage begin: state this module sets up for the
        stage (round facts of the combatants, an Overwatch taking its post)."""

    def interrupt_move(
        self, rnd: RoundPort, eid: int, tiles: tuple[Tile, ...], state: RoundState
    ) -> int | None:
        """Before `eid` walks `tiles` (start first) in the Modifier Stage: act first (an Overwatch
        shot at a mover).  Returns the index of the tile where the move must stop (the mover
        went down there, or was held there: `interrupt_word`), or None to let it go on."""
        return None

    def after_move(self, rnd: RoundPort, eid: int, state: RoundState) -> None:
        """After `eid` moved in the Modifier Stage (its trail is in `state.trails`): what the
        move sets off (a charged foe's first strike)."""

    def before_action(self, rnd: RoundPort, eid: int, index: int, action: Action, state: RoundState) -> None:
        """Before one action of the Resolution Stage resolves (an Overwatch fires at an attacker
        first).  The round checks again that its maker still stands."""

    def after_hit(
        self, rnd: RoundPort, attacker: int, action: Action, weapon: Weapon, rolled: Rolled
    ) -> None:
        """After a hit and the target's Withstand Injury (a heavy blow knocks it back)."""

    def end_round(self, rnd: RoundPort, state: RoundState) -> None:
        """At the end of the Resolution Stage: the state this module keeps across rounds (an aim
        held one round more, a diver reorienting, a faint wearing off)."""

    # -------------------------------------------------------------- the forecast
    def round_outcomes(
        self, world: World, board: Board, eid: int, order: Order | None
    ) -> list[tuple[Fraction, frozenset[str]]] | None:
        """How this module's part of `eid`'s round can turn out, before any die is rolled: each
        way with its chance and the round facts it leaves (what `RoundState.facts` will hold
        for it, which `attack_modifiers` reads in `Situation.target_facts` or
        `attacker_facts`).  None: this module records no fact for it.  The chances add up to 1."""
        return None

    def forecast_notes(self, ctx: AttackContext, breakdown: Breakdown) -> list[str]:
        """Lines the forecast adds under an attack this module touches, in the rulebook's
        notation (what a heavy hit's margin knocks back, a foe that strikes first, where a hit
        lands, a critical's table)."""
        return []

    def cover_terms(self) -> Mapping[str, Modifier]:
        """What each level of cover on the map ("low", "high") means to a shot through it under
        this module, as the term its roll gets; empty: this module gives cover no meaning.  The
        ruler and the sight overlay's legend say it (`game.rules.cover_terms`)."""
        return {}

    # -------------------------------------------------------------- movement
    def rate_modifiers(self, world: World, eid: int, rate: Breakdown) -> list[Modifier]:
        """Modifiers of `eid`'s Movement rate (`rate` so far) from the state this module keeps
        on it (a prone combatant crawls at half rate).  Asked of every registered module:
        such state exists only where the module, while on, put it."""
        return []

    # -------------------------------------------------------------- the Timing Stage
    def regroup_timing(self, rnd: RoundPort, timing: Sequence[int]) -> tuple[list[int], list[Event]] | None:
        """Timing Stage, after the Timing rolls (not with a fixed Timing order): a new Timing
        order (best first) and the events that explain it; None: no change."""
        return None

    # -------------------------------------------------------------- the attack roll
    def natural_roll(self, ctx: AttackContext, die: int) -> Natural | None:
        """What a natural `die` on this attack means beyond its number (None: nothing)."""
        return None

    def after_attack(self, rnd: RoundPort, ctx: AttackContext, rolled: Rolled) -> None:
        """After an attack's roll and what its success did (a fumble's table)."""

    # -------------------------------------------------------------- a defensive roll
    def after_defence(
        self, rnd: RoundPort, eid: int, kind: ActionKind, rolled: Rolled, state: RoundState
    ) -> None:
        """In the Modifier Stage, after one of `eid`'s defensive rolls of `kind` (a defence that
        counters an attack of the round; its success already counted): what the roll sets off
        (a natural 1 or 12 rolls a critical table).  Not asked for a defence ignored as
        unnecessary."""

    # -------------------------------------------------------------- a hit lands
    def hit_roll(self, ctx: AttackContext, blow: Blow) -> tuple[str, int] | None:
        """The roll this module makes as the hit lands: (purpose, sides); None: no roll.
        Rolled by the attacker under "Name:Purpose"."""
        return None

    def land_hit(self, ctx: AttackContext, blow: Blow, die: int | None) -> tuple[Blow, str]:
        """The hit after this module (given its roll, if any), and how the log words the
        roll's result ("" when nothing to say).  Pure: the odds call it for every die."""
        return blow, ""

    def landing_reads(self, ctx: AttackContext) -> Hashable | None:
        """What this module's `hit_roll`, `land_hit` and `hit_outcomes` read of the attack
        besides its kind, target and Called Shot, the weapon and the blow (body cover: the
        cover between the two); None: it does not say, and the odds never remember a
        landing while it is on (`game.rules.still`)."""
        return None

    def hit_outcomes(self, ctx: AttackContext, blow: Blow) -> list[tuple[Fraction, Blow]] | None:
        """Every way `land_hit` can turn out, with its probability, when that is quicker to
        say than trying every die (a table of ranges); None: the odds try every die."""
        return None

    def blow_landed(self, rnd: RoundPort, ctx: AttackContext, blow: Blow, added: int) -> None:
        """After a hit landed and its Withstand Injury roll added `added` Injuries (maybe 0)
        to `blow.target` (per-location Injuries, shock, a critical's lasting effect)."""

    # -------------------------------------------------------------- lasting conditions
    def status_modifiers(
        self, world: World, eid: int, statuses: Sequence[Status], skill: str, base: int
    ) -> list[Modifier]:
        """Terms this module's `statuses` on a combatant add to a roll of `skill` (base value
        `base`; "movement" is also the Movement rate)."""
        return []

    def token_marks(self, world: World, eid: int) -> list[TokenMark]:
        """What the token shows from the state this module keeps on `eid` (wounded locations,
        conditions, prone, aiming, on overwatch …).  Asked of every registered module, like
        `rate_modifiers`: such state exists only where the module, while on, put it."""
        return []

    def sheet_lines(self, world: World, eid: int) -> list[str]:
        """Lines for the combatant's sheet."""
        return []


# ------------------------------------------------------------------ overlays as data
@dataclass(frozen=True)
class MarkStyle:
    """How one kind of tile mark looks, readable without colour: a tone the window maps
    to its palette ("good", "bad", "warn", "info") and a pattern ("", "dots", "hatch",
    "cross", "slash"); `label` is its line in the legend."""

    label: str
    tone: str = "info"
    pattern: str = ""


@dataclass(frozen=True)
class TileMarks:
    """What an overlay marks: tile → (index into `styles`, a short text such as "+3"); with no
    tile marked, `empty` says why ("no enemy within a Charge's reach"), which the legend shows."""

    styles: tuple[MarkStyle, ...]
    tiles: Mapping[Tile, tuple[int, str]] = field(default_factory=dict)
    empty: str = ""


@dataclass(frozen=True)
class OverlayAsk:
    """What a module's overlay is about: `focus` (the combatant selected or declaring),
    where it will stand and face (`origin`, `facing`), its order as drafted or declared
    (`order`), and the orders declared so far this round (`orders`)."""

    world: World
    board: Board
    options: RuleOptions
    focus: int
    origin: Tile
    facing: int
    order: Order | None
    orders: Mapping[int, Order]


class ModuleOverlay:
    """An overlay a rules module wants drawn, as data: the window (a key cycles through the
    overlays of the modules in play) and `render --overlay NAME` draw its marks."""

    name: ClassVar[str]
    label: ClassVar[str]
    help: ClassVar[str] = ""

    def marks(self, ask: OverlayAsk) -> TileMarks:  # pragma: no cover - every overlay overrides
        """The tiles to mark for this focus."""
        raise NotImplementedError
