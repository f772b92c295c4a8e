"""The `World`: entity ids and their components, one per battle.

No module globals: a battle creates its own world and passes it in.  Copying
is cheap (components are frozen, so a copy duplicates only the dictionaries),
which the AI uses for look-ahead.  `to_dict`/`from_dict` make it JSON.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

from game.world.registry import codec_for_key, codec_of

EntityId = int
T = TypeVar("T")


class World:
    """A store of components keyed by entity id."""

    def __init__(self) -> None:
        self._next_id: EntityId = 1
        self._stores: dict[type, dict[EntityId, Any]] = {}

    # ---------------------------------------------------------------- entities
    def create(self, *components: Any) -> EntityId:
        """A new entity with these components; returns its id."""
        eid = self._next_id
        self._next_id += 1
        for component in components:
            self.set(eid, component)
        return eid

    @property
    def next_id(self) -> EntityId:
        """The id the next `create` will give."""
        return self._next_id

    def destroy(self, eid: EntityId) -> None:
        """Remove an entity and all its components."""
        for store in self._stores.values():
            store.pop(eid, None)

    def entities(self) -> list[EntityId]:
        """Every entity id that has at least one component, in creation order."""
        ids: set[EntityId] = set()
        for store in self._stores.values():
            ids.update(store)
        return sorted(ids)

    # -------------------------------------------------------------- components
    def set(self, eid: EntityId, component: Any) -> None:
        """Attach (or replace) a component; UnregisteredComponent for a type nobody registered."""
        kind = type(component)
        store = self._stores.get(kind)
        if store is None:
            codec_of(kind)  # refuse what could not be saved, at once
            store = self._stores[kind] = {}
        store[eid] = component

    def get(self, eid: EntityId, kind: type[T]) -> T:
        """The entity's component of that type; KeyError if it has none."""
        try:
            return self._stores[kind][eid]
        except KeyError:
            raise KeyError(f"entity {eid} has no {kind.__name__}") from None

    def try_get(self, eid: EntityId, kind: type[T]) -> T | None:
        """The entity's component of that type, or None."""
        return self._stores.get(kind, {}).get(eid)

    def has(self, eid: EntityId, kind: type) -> bool:
        """Whether the entity has a component of that type."""
        return eid in self._stores.get(kind, {})

    def remove(self, eid: EntityId, kind: type) -> None:
        """Detach a component if present."""
        self._stores.get(kind, {}).pop(eid, None)

    def query(self, *kinds: type) -> Iterator[tuple[Any, ...]]:
        """(eid, component, …) for each entity that has every one of `kinds`, by id."""
        if not kinds:
            return
        stores = [self._stores.get(k) for k in kinds]
        if any(store is None for store in stores):
            return
        first, *rest = stores
        # A hot path (every lookup of who stands where): plain loops, no generators inside.
        if not rest:
            for eid in sorted(first):  # type: ignore[arg-type]
                yield (eid, first[eid])  # type: ignore[index]
            return
        for eid in sorted(first):  # type: ignore[arg-type]
            for store in rest:
                if eid not in store:  # type: ignore[operator]
                    break
            else:
                yield (eid, *[store[eid] for store in stores])  # type: ignore[index]

    # ------------------------------------------------------------------ copying
    def copy(self) -> World:
        """An independent world with the same components (shallow: they are frozen)."""
        clone = World()
        clone._next_id = self._next_id
        clone._stores = {kind: dict(store) for kind, store in self._stores.items()}
        return clone

    def to_dict(self) -> dict[str, Any]:
        """JSON form: {"next_id": n, "entities": {id: {component key: value}}}."""
        entities: dict[str, dict[str, Any]] = {}
        for kind, store in self._stores.items():
            codec = codec_of(kind)
            for eid, component in store.items():
                entities.setdefault(str(eid), {})[codec.key] = codec.encode(component)
        ordered = {k: entities[k] for k in sorted(entities, key=int)}
        return {"next_id": self._next_id, "entities": ordered}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> World:
        """Inverse of `to_dict`."""
        world = cls()
        world._next_id = int(data["next_id"])
        for eid_text, components in data["entities"].items():
            for key, value in components.items():
                world.set(int(eid_text), codec_for_key(key).decode(value))
        return world

    def __eq__(self, other: object) -> bool:
        return isinstance(other, World) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
