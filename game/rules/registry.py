"""Where every action and every rules module plugs in: one spec per action kind, one
object per rules module, collected at import and iterated by the rest of the rules.

    @register_action
    class Strike(AttackSpec):            # game/rules/actions/strike.py
        kind = ActionKind.STRIKE
        label = "Strike"
        ...

    @register_module
    class Facing(RulesModule):           # game/rules/modules/facing.py
        name = "facing"
        ...

Validation, the round, the forecast, the action menus, the AI's candidates, the
sandbox and the setup screen ask this registry; none of them names an action
kind or a module to decide what it does.  The base classes with every hook are
in `game.rules.api` (`action`, `attack`, `defence`, `modules`).  Every plug-in is
found on first use (`game.rules.plugins`: the files of the two packages, then the
`dominion_tactics.rules` entry points of installed packages), so importing any
part of the rules is enough; no list names them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from game.world import World


# The registry sits at the bottom of the rules, under the orders and the plug-in API
# (`game.rules.api`) whose objects it holds: it names only what it reads of them.
class Kind(Protocol):
    """An action kind (`game.rules.orders.ActionKind`): a canonical name."""

    @property
    def value(self) -> str: ...

    @property
    def chapter(self) -> bool: ...

    @classmethod
    def remember(cls, kind: Kind) -> None: ...

    @classmethod
    def forget(cls, value: str) -> None: ...


class OrderLike(Protocol):
    """An order (`game.rules.orders.Order`): what the registry reads of it."""

    @property
    def actions(self) -> tuple[Any, ...]: ...

    @property
    def path(self) -> tuple[Any, ...]: ...

    @property
    def flee(self) -> bool: ...


class InPlay(Protocol):
    """The rules modules in play (`game.rules.options.RuleOptions`)."""

    @property
    def on(self) -> frozenset[str]: ...

    def has(self, name: str) -> bool: ...


class Movement(Protocol):
    """How a movement action moves (`game.rules.api.action.MovementRule`)."""

    @property
    def mode(self) -> str: ...

    @property
    def leaves_melee(self) -> bool: ...


class Spec(Protocol):
    """A registered action spec (`game.rules.api.action.ActionSpec`, every hook there): what
    the registry reads of it; the callers of `spec_of` use its whole class."""

    kind: Any
    label: str
    roles: frozenset[str]
    module: str | None
    movement: Movement | None

    @property
    def exposes(self) -> bool: ...

    def __getattr__(self, hook: str) -> Any: ...


class Module(Protocol):
    """A registered rules module (`game.rules.api.modules.RulesModule`, every hook there)."""

    name: str
    requires: tuple[str, ...]
    mark_overlays: tuple[Any, ...]

    def overrides(self, hook: str) -> bool: ...

    def token_marks(self, world: World, eid: int) -> list[Any]: ...

    def __getattr__(self, hook: str) -> Any: ...


S = TypeVar("S")
D = TypeVar("D")

_ACTIONS: dict[Kind, Spec] = {}
_MODULES: dict[str, Module] = {}
_loaded = False
_finders: list[Callable[[], None]] = []


def find_plugins_with(finder: Callable[[], None]) -> None:
    """Let `finder` load the plug-ins on first use (`game.rules.plugins` does, as the rules
    package is imported: the registry never imports the plug-ins itself)."""
    _finders.append(finder)


def load_builtins() -> None:
    """Find every plug-in once: the chapter's actions and the modules shipped in
    `game.rules.actions` and `game.rules.modules`, then those of installed packages
    (`game.rules.plugins`)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for finder in _finders:
        finder()
    _listings.clear()


_listings: dict[Hashable, Any] = {}
"""The sorted listings and what is worked out from them, kept until something registers
(they are asked for in hot loops)."""


def derived(key: Hashable, build: Callable[[], D]) -> D:
    """A value worked out from what is registered (the modules on for some options, the
    kinds of a role, facing's costs per arc), built once and kept until something registers
    or unregisters; not to be changed."""
    found = _listings.get(key)
    if found is None:
        found = _listings[key] = build()
    return found  # type: ignore[no-any-return]


def _listed(what: str, source: Callable[[], dict[str, S]]) -> list[S]:
    """By `listing` (the built-ins' places), then in the order they registered."""
    if what not in _listings:
        items = list(source().values())
        _listings[what] = sorted(items, key=lambda item: getattr(item, "listing", 1000))  # stable
    return _listings[what]


# ------------------------------------------------------------------ registering
def register_action(cls: type[S]) -> type[S]:
    """Class decorator: register one instance of an `ActionSpec` subclass for its kind."""
    spec = cls()
    kind = spec.kind  # type: ignore[attr-defined]
    if spec.module is None and not kind.chapter:
        # Only the chapter is always in play: anything more is a table's choice, switched on.
        raise ValueError(
            f"action {kind.value!r} is not the chapter's: it must name the rules module it belongs to"
        )
    if kind in _ACTIONS and type(_ACTIONS[kind]) is not cls:
        raise ValueError(f"action {kind.value!r} is registered twice")
    _ACTIONS[kind] = spec  # type: ignore[assignment]
    type(kind).remember(kind)
    _listings.clear()
    return cls


def register_module(cls: type[S]) -> type[S]:
    """Class decorator: register one instance of a `RulesModule` subclass by its name."""
    module = cls()
    name = module.name  # type: ignore[attr-defined]
    if name in _MODULES and type(_MODULES[name]) is not cls:
        raise ValueError(f"rules module {name!r} is registered twice")
    _MODULES[name] = module  # type: ignore[assignment]
    _listings.clear()
    return cls


def unregister(name_or_kind: str) -> None:
    """Remove a module or an action kind (tests that plug in a toy module clean up with this)."""
    _MODULES.pop(str(name_or_kind), None)
    for kind in list(_ACTIONS):
        if kind.value == str(name_or_kind):
            del _ACTIONS[kind]
            type(kind).forget(kind.value)
    _listings.clear()


# ------------------------------------------------------------------ actions
def spec_of(kind: Kind) -> Spec:
    """The spec of an action kind; KeyError for a kind nobody registered."""
    found = _ACTIONS.get(kind) if _loaded else None  # asked a million times a battle: no call
    if found is not None:
        return found
    load_builtins()
    try:
        return _ACTIONS[kind]
    except KeyError:
        raise KeyError(f"no spec registered for action {str(kind)!r}") from None


def action_specs(options: InPlay | None = None) -> list[Spec]:
    """Every registered action spec in registration order; with `options`, only those
    in play (the chapter's, and those of the modules switched on)."""
    load_builtins()
    specs = _listed("actions", lambda: {k.value: v for k, v in _ACTIONS.items()})
    if options is None:
        return list(specs)
    return [s for s in specs if s.module is None or options.has(s.module)]


def action_in_play(kind: Kind, options: InPlay | None) -> bool:
    """Whether a kind may be declared under these options (a module's action needs its module)."""
    module = spec_of(kind).module
    return module is None or (options is not None and options.has(module))


class Role:
    """The action kinds sharing one role ("offensive", "melee", "defence" …), read from
    their specs: `kind in OFFENSIVE` is true for any kind whose spec has that role,
    a module's kinds included."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._key = ("role", name)

    def __contains__(self, kind: object) -> bool:
        # Kinds only, not their plain names: a kind is a str of its own class.
        if not isinstance(kind, str) or type(kind) is str:
            return False
        kinds = _listings.get(self._key)  # asked for every action weighed: `_kinds` without its call
        return kind in (kinds if kinds is not None else self._kinds())

    def __iter__(self) -> Iterator[Kind]:
        return iter([s.kind for s in action_specs() if self.name in s.roles])

    def _kinds(self) -> frozenset[Kind]:
        """The kinds with this role, kept until something registers (asked very often: the
        AI tells attacks from defences in every order it weighs)."""
        return derived(self._key, lambda: frozenset(s.kind for s in action_specs() if self.name in s.roles))

    def __repr__(self) -> str:
        return f"Role({self.name!r})"


OFFENSIVE = Role("offensive")
"""Offensive actions rolled in the Resolution Stage against a target (a Feint is rolled earlier)."""
MELEE_ATTACKS = Role("melee")
"""Attacks that need the target within reach; a Retreat out of reach nullifies them."""
DEFENCES = Role("defence")
"""Defensive actions: rolled in the Modifier Stage, a Defense Penalty against every attacker."""
MOVEMENT_ACTIONS = Role("movement")
"""Actions that set how the order's path is moved (Sprint, Retreat …)."""
TARGETED = Role("targeted")
"""Actions that name an enemy."""
FEINTABLE = Role("feintable")
"""Attacks a Feint can serve (CO.09)."""


def exposes(order: OrderLike) -> bool:
    """Whether an order shows its maker out of high cover this round: an offensive action, or an
    action that is ready to shoot (`ActionSpec.exposes`: an Overwatch)."""
    return any(spec_of(a.kind).exposes for a in order.actions)


def movement_mode(order: OrderLike) -> str:
    """The movement an order declares: the mode of its movement action (the first
    such kind registered, should there be two), else "walk" for a bare path (or a step off
    the map), else "none"."""
    declared = [m for a in order.actions if (m := spec_of(a.kind).movement) is not None]
    if declared:
        rank = derived(
            "movement ranks",
            lambda: {s.movement.mode: i for i, s in enumerate(action_specs()) if s.movement is not None},
        )
        return min((m.mode for m in declared), key=lambda mode: rank.get(mode, len(rank)))
    return "walk" if order.path or order.flee else "none"


def movement_spec(mode: str) -> Spec | None:
    """The action whose movement rule has that mode ("sprint", "retreat" …); None for a walk."""
    specs = derived("movement specs", dict)  # by mode, kept until something registers
    try:
        return specs[mode]  # type: ignore[no-any-return]
    except KeyError:
        found = specs[mode] = next(
            (s for s in action_specs() if s.movement is not None and s.movement.mode == mode), None
        )
        return found


def movement_rule(mode: str) -> Movement | None:
    """The movement rule of a mode; None for a walk or no movement."""
    spec = movement_spec(mode)
    return spec.movement if spec is not None else None


def movement_kind(options: InPlay | None, leaving_melee: bool) -> Kind:
    """The movement action a path longer than a walk needs: the one that leaves melee (a
    Retreat) when engaged, else the one that runs (a Sprint)."""
    for spec in action_specs(options):
        rule = spec.movement
        if rule is not None and rule.leaves_melee == leaving_melee:
            return spec.kind
    raise LookupError("no movement action for that")  # pragma: no cover - the chapter has both


# ------------------------------------------------------------------ modules
def module_of(name: str) -> Module:
    """The rules module of that name; KeyError for an unknown one."""
    load_builtins()
    return _MODULES[name]


def rules_modules() -> list[Module]:
    """Every registered rules module: the built-in ones first, in their listing order."""
    load_builtins()
    return list(_listed("modules", lambda: _MODULES))


def module_overlays(options: InPlay | None = None) -> list[Any]:
    """The overlays of the modules in play (of every module, without `options`), by name order
    of the modules."""
    modules = rules_modules() if options is None else active_modules(options)
    return [overlay for module in modules for overlay in module.mark_overlays]


def token_marks_of(world: World, eid: int) -> list[Any]:
    """Every mark the rules modules' state puts on a combatant's token (`RulesModule.token_marks`;
    nothing from a module that has nothing to say)."""
    return [mark for module in rules_modules() for mark in module.token_marks(world, eid)]


def active_modules(options: InPlay | None) -> list[Module]:
    """The modules switched on, in registration order."""
    if options is None:
        return []
    on = options.on
    return derived(("active", on), lambda: [m for m in rules_modules() if m.name in on])


def modules_with(options: InPlay | None, *hooks: str) -> list[Module]:
    """The modules switched on that override any of these `RulesModule` hooks, in
    registration order: the others answer with the hook's default (nothing to add, no
    fact, the blow as it was), so a caller asked about every attack may skip them."""
    if options is None:
        return []
    key = ("with", hooks, options.on)
    found = _listings.get(key)  # asked for every imagined attack: the lookup without `derived`'s call
    if found is None:
        found = _listings[key] = [m for m in active_modules(options) if any(m.overrides(h) for h in hooks)]
    return found  # type: ignore[no-any-return]
