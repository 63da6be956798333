"""Typed views: what a game's `view(state, seat)` returns, as frozen dataclasses that still read as
the plain mappings screens, pads, logs and tests have always read.

A view class subclasses `View` and declares its fields; it *is* a frozen, keyword-only dataclass
(typed attributes: `view.players[0].name`) and at once a read-only `dict` of the same content
(`view["players"][0]["name"]`, `.get`, iteration, `{**view}`, `json.dumps(view)`, `==` against a plain
dict). Why both: readers move from keys to attributes game by game and reader by reader, and
nothing that reads a view as data (the conformance suite's secrecy scan, `companion replay --json`,
presenters fed hand-made views in tests) has to change on the same day.

- Lists in a view are `Seq`s: lists that refuse to change, so a view compares, slices and adds
  as the plain lists it used to hold did. Mappings with keys that are data
  (a count per demand type, a row per building) are `FrozenMap`s: read-only dicts.
- A field made with `optional()` is left out of the mapping while it is None (Trajan's `final`
  before the end, a seat's `me`), so the mapping holds exactly the keys a game's view always had;
  the attribute reads None.
- `to_data(view)` is the plain, JSON-ready copy (dicts and lists only) for exports, logs and the
  secrecy scan; `freeze(data)` turns free-form plain data (a card's effect, an intent's args) into
  `FrozenMap`/`Seq` for a view.
- A field made with `keyed("from")` has a mapping key its name cannot be.
- `repr` (and so `str`) is the mapping's, as the plain dict's was: text a log line or a secrecy
  scan sees holds exactly the mapping's keys.
- `dataclasses.replace`, `copy.copy`, `copy.deepcopy` and pickling work (a view is rebuilt from its
  fields, never filled key by key).

Cost: a view is built after every step; building one costs its dataclass `__init__` plus one
`dict.update` (benchmarks/views.py measures it against the plain dicts it replaced).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Iterable, List, Mapping, TypeVar, dataclass_transform

T = TypeVar("T")
V = TypeVar("V")

OMIT_NONE = "companion.view.omit_none"
KEY = "companion.view.key"


class Seq(List[T]):
    """A view's list: a list that refuses to change (nothing can append to a view). A list, not a
    tuple, because readers and tests compare parts of views with lists, slice them and add them
    to lists, and all of that keeps meaning what it meant with the plain lists views held."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        """As the tuple of its items: a Seq never changes (and so may be a field's default)."""
        return hash(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return Seq, (list(self),)

def _read_only(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(f"a {type(self).__name__} is read-only (views are frozen: build another, "
                    "or dataclasses.replace one)")


for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "remove",
              "pop", "clear", "sort", "reverse"):
    setattr(Seq, _name, _read_only)


class _ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict whose mutators refuse: the storage of `View` and `FrozenMap`."""

    __slots__ = ()
    __setitem__ = __delitem__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only  # type: ignore[assignment]


class FrozenMap(_ReadOnlyDict):
    """A read-only dict, for a view's mappings whose keys are data (a count per kind, a row per
    building). Equal to a plain dict of the same items; JSON-ready as it is."""

    __slots__ = ()

    def __init__(self, items: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = (), /) -> None:
        dict.update(self, items)

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenMap, (dict(self),)


def optional(default: None = None) -> Any:
    """A field left out of the view's mapping while it is None (its attribute reads None)."""
    return dataclasses.field(default=default, metadata={OMIT_NONE: True})


def keyed(key: str) -> Any:
    """A field whose mapping key is not its name: one a Python name cannot be (a payment's
    "from")."""
    return dataclasses.field(metadata={KEY: key})


def _rebuild(cls: type[V], fields: Mapping[str, Any]) -> V:
    return cls(**fields)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field, optional, keyed))
class View(_ReadOnlyDict):
    """The base of every view class: subclasses are frozen keyword-only dataclasses (applied here,
    so a subclass only declares its fields) whose mapping holds their fields in declaration order,
    a base's fields first."""

    _omit: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True, eq=False, repr=False, kw_only=True)(cls)
        cls._omit = frozenset(f.name for f in dataclasses.fields(cls) if f.metadata.get(OMIT_NONE))
        cls.__init__ = _fast_init(cls)  # type: ignore[misc]

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), dict(self.__dict__))


def _fast_init(cls: type) -> Any:
    """The class's `__init__`, generated as `dataclasses` does, but filling the instance's fields
    and its mapping from one dict instead of one `object.__setattr__` per field: a Trajan view
    has ~150 fields in all and is built after every step. No `__post_init__`, no default factories."""
    fields = dataclasses.fields(cls)
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_update": dict.update}
    params = []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a view field takes a default, not a default_factory")
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    keys = {f.name: f.metadata.get(KEY, f.name) for f in fields}
    body = ["    d = {" + ", ".join(f"{f.name!r}: {f.name}" for f in fields) + "}",
            "    _set(self, '__dict__', d)"]
    if any(key != name for name, key in keys.items()):
        body.append("    shown = {" + ", ".join(f"{key!r}: {name}" for name, key in keys.items()) + "}")
        fresh = True
    else:
        body.append("    shown = d")
        fresh = False
    for name in (f.name for f in fields if f.name in cls._omit):
        body.append(f"    if {name} is None:")
        if not fresh:
            body += ["        if shown is d:", "            shown = d.copy()"]
        body.append(f"        del shown[{keys[name]!r}]")
    body.append("    _update(self, shown)")
    signature = ", ".join(["self"] + (["*"] + params if params else []))
    source = f"def __init__({signature}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"A {cls.__name__} from its fields (keywords only)."
    return init


def freeze(value: Any) -> Any:
    """Plain data (dicts, lists, tuples, within one another) as a view holds it: `FrozenMap`s and
    `Seq`s all the way down; a view or anything else as it is."""
    if isinstance(value, View):
        return value
    if isinstance(value, Mapping):
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return Seq([freeze(v) for v in value])
    return value


def to_data(value: Any) -> Any:
    """A view (or any part of one) as plain JSON-ready data: dicts with string keys, lists, and the
    scalars as they are. For exports, log lines and the secrecy scan: what they hold is only ever
    what the view holds."""
    if isinstance(value, Mapping):
        return {k if isinstance(k, str) else str(k): to_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    return value


class PlayerView(View):
    """A player's row as every game's view has it: the seat (from 0) and the name; the colour and
    VP where the game has them in public (Troyes' VP are hidden, the score pad has no colours)."""

    seat: int
    name: str
    colour: str | None = optional()
    vp: int | None = optional()


class GameView(View):
    """What every game's view has, for the readers that serve any game (`companion replay`, the
    session, the pads' hold marker, the app's set-up memory): the game's id and its players, and,
    where the game has them, its phase, whether it is over, the round, whose turn it is and the
    question the table is to answer (`core.asks.Ask` as a view, `asks.ask_view`). A game's view
    class narrows `players` to its own row type and may make an optional field always present."""

    game: str
    phase: str | None = optional()
    finished: bool | None = optional()
    round: int | None = optional()
    players: Seq[PlayerView] = Seq()
    current: int | None = optional()
    ask: Any = optional()


__all__ = ["FrozenMap", "GameView", "PlayerView", "Seq", "View", "freeze", "keyed", "optional", "to_data"]
