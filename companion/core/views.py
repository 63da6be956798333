"""Typed views: what a game's `view(state, seat)` returns, as frozen dataclasses that still read as
the plain mappings screens, pads, logs and tests have always read.

A view class subclasses `View` and declares its fields; it *is* a frozen, keyword-only dataclass
(typed attributes: `view.players[0].name`, `dataclasses.fields`, `dataclasses.replace`) and at once
a read-only `dict` of the same content (`view["players"][0]["name"]`, `.get`, iteration,
`{**view}`, `json.dumps(view)`, `==` against a plain dict). Why both: readers move from keys to
attributes game by game and reader by reader, and nothing that reads a view as data (the secrecy
scans, `companion replay --json`, presenters fed hand-made views in tests) has to change the
same day.

- Lists in a view are `Seq`s: lists that refuse to change, so a view compares, slices and adds as
  the plain lists it used to hold did. Mappings whose keys are data (a count per demand type, a
  row per building) are `FrozenMap`s: read-only dicts.
- A field made with `optional()` is left out of the mapping while it is None (Trajan's `final`
  before the end, a seat's `me`), so the mapping holds exactly the keys a game's view always had;
  the attribute reads None. A field made with `keyed("from")` has a key its name cannot be.
- `repr` (and so `str`) is the mapping's, as the plain dict's was: text a log line or a secrecy scan
  sees holds exactly the mapping's keys, in the order the view was built in.
- `to_data(view)` is the plain, JSON-ready copy (dicts and lists only) for exports, logs and the
  secrecy scan; `freeze(data)` turns free-form plain data (a card's effect, an intent's args)
  into `FrozenMap`/`Seq` for a view; `mismatches(view)` says where a built view differs from its
  class (the conformance suite runs it over every game's views).
- `dataclasses.replace`, `copy.copy`, `copy.deepcopy` and pickling work.

Cost: a view is built after every step, dozens of parts at a time, so a part is built by dict's
own constructor wherever it can be (benchmarks/views.py measures the views against the plain
dicts they replaced).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections import abc
from operator import itemgetter, methodcaller
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
        """As the tuple of its items: a Seq never changes."""
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
    __init__ = dict.__init__  # a mapping or (key, value) pairs, as for a dict; no Python code runs

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenMap, (dict(self),)


def optional(default: None = None) -> Any:
    """A field left out of the view's mapping while it is None (its attribute reads None)."""
    return dataclasses.field(default=default, metadata={OMIT_NONE: True})


def keyed(key: str) -> Any:
    """A field whose mapping key is not its name: one a Python name cannot be (a payment's
    "from")."""
    return dataclasses.field(metadata={KEY: key})


def _rebuild(cls: type[V], items: Mapping[str, Any]) -> V:
    """A view of class `cls` holding `items` (its mapping, keys as stored): what pickling and
    copying rebuild it from."""
    view = dict.__new__(cls)  # type: ignore[call-overload]
    dict.update(view, items)
    return view  # type: ignore[no-any-return]


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field, optional, keyed))
class View(_ReadOnlyDict):
    """The base of every view class. A subclass only declares its fields; this makes it a frozen,
    keyword-only dataclass whose fields live in the mapping alone, each attribute a property
    reading its key.

    Why so: a view is built after every step, dozens of parts at a time. A class without
    `optional()` or `keyed()` fields is built by dict's own constructor (`SeatLock(seat=0, ...)`
    runs no Python code), which costs about two plain dict literals; a generated `__init__` would
    cost five. The price: the names given are not checked as a view is built. A type checker
    checks them, as it checks any dataclass call, `mismatches(view)` checks a built view, and the
    conformance suite checks every game's views over random play. A field takes no default but
    None (`optional()`); a view class has no `__init__` or `__post_init__` of its own."""

    _omit: ClassVar[frozenset[str]] = frozenset()
    _keys: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__ or "__post_init__" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a view class has no __init__ or __post_init__ of its own")
        for name in cls.__dict__.get("__annotations__", {}):
            if name not in cls.__dict__:  # not a base's property: dataclasses would take it for a default
                setattr(cls, name, dataclasses.MISSING)
        dataclasses.dataclass(init=False, frozen=True, eq=False, repr=False, kw_only=True)(cls)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        for f in fields:
            if f.default_factory is not dataclasses.MISSING or (
                    f.default is not dataclasses.MISSING and not f.metadata.get(OMIT_NONE)):
                raise TypeError(f"{cls.__name__}.{f.name}: a view field takes no default but None, made with optional()")
        cls._omit = frozenset(f.name for f in fields if f.metadata.get(OMIT_NONE))
        cls._keys = {f.name: f.metadata.get(KEY, f.name) for f in fields}
        for f in fields:
            key = cls._keys[f.name]
            getter = methodcaller("get", key) if f.name in cls._omit else itemgetter(key)
            setattr(cls, f.name, property(getter, doc=f"The view's {key!r}."))
        renamed = {name: key for name, key in cls._keys.items() if name != key}
        if cls._omit or renamed:
            cls.__init__ = _init_leaving_out(cls.__name__, sorted(cls._omit), renamed)  # type: ignore[misc]
        else:
            cls.__init__ = dict.__init__  # type: ignore[misc,assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), dict(self))


def _init_leaving_out(name: str, omit: list[str], renamed: Mapping[str, str]) -> Any:
    """`__init__` for a view class with `optional()` fields (left out while None) or `keyed()`
    ones (stored under their key): straight-line code, generated as `dataclasses` does."""
    body = [f"    if fields.get({field!r}, 0) is None:\n        del fields[{field!r}]" for field in omit]
    if renamed:  # the keys in the order given, as for any other field
        body.append("    fields = {_renamed.get(k, k): v for k, v in fields.items()}")
    source = "def __init__(self, /, **fields):\n" + "\n".join(body) + "\n    _update(self, fields)\n"
    namespace: dict[str, Any] = {"_update": dict.update, "_renamed": dict(renamed)}
    exec(source, namespace)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{name}.__init__"
    init.__doc__ = f"A {name} from its fields (keywords only)."
    return init


def mismatches(view: View) -> list[str]:
    """Where `view` differs from what its class declares: a field missing, a key no field has, a
    value not of its field's type (into its `Seq`s and parts; `Any` matches anything), a part
    that is a plain list or dict. Empty when the view is as declared."""
    return _mismatches(view, type(view), type(view).__name__)


def _mismatches(value: Any, hint: Any, where: str) -> list[str]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return [f"{where}: holds a plain list or dict"] if _holds_plain(value) else []
    if origin in (typing.Union, types.UnionType):
        found = [_mismatches(value, arg, where) for arg in args]
        if any(not f for f in found):
            return []
        # what is wrong inside the arm the value is of, else with the first
        of_kind = [f for arg, f in zip(args, found) if isinstance(typing.get_origin(arg) or arg, type)
                   and isinstance(value, typing.get_origin(arg) or arg)]
        return (of_kind or found)[0]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is Seq or hint is Seq:
        if type(value) is not Seq:
            return [f"{where}: a {type(value).__name__}, not a Seq"]
        item = args[0] if args else Any
        return [m for i, v in enumerate(value) for m in _mismatches(v, item, f"{where}[{i}]")]
    if isinstance(hint, type) and issubclass(hint, View):
        if not isinstance(value, hint):
            return [f"{where}: a {type(value).__name__}, not a {hint.__name__}"]
        cls = type(value)
        hints = typing.get_type_hints(cls)
        keys = cls._keys
        found = [f"{where}: {key!r} is no field of {cls.__name__}" for key in value if key not in keys.values()]
        for f in dataclasses.fields(cls):
            key = keys[f.name]
            if key not in value:
                if f.name not in cls._omit:
                    found.append(f"{where}.{f.name}: missing")
            elif f.name in cls._omit and value[key] is None:
                found.append(f"{where}.{f.name}: None is left out, not shown")
            else:
                found += _mismatches(value[key], hints[f.name], f"{where}.{f.name}")
        return found
    if hint is FrozenMap:
        if type(value) is not FrozenMap:
            return [f"{where}: a {type(value).__name__}, not a FrozenMap"]
        return [f"{where}: holds a plain list or dict"] if _holds_plain(value) else []
    if hint is int and isinstance(value, bool):
        return [f"{where}: a bool where an int is declared"]
    if isinstance(hint, type) and not isinstance(value, hint):
        return [f"{where}: {value!r} is not a {hint.__name__}"]
    return []


def _holds_plain(value: Any) -> bool:
    """Whether a plain (mutable) list or dict lies anywhere in `value`."""
    if type(value) in (list, dict):
        return True
    if isinstance(value, dict):
        return any(_holds_plain(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_holds_plain(v) for v in value)
    return False


_SCALARS = frozenset({str, int, bool, float, type(None)})


def freeze(value: Any) -> Any:
    """Plain data (dicts, lists, tuples, within one another) as a view holds it: `FrozenMap`s and
    `Seq`s all the way down; a view, a FrozenMap, a Seq or anything else as it is. By exact type
    first: a Trajan view freezes every legal move's intent after every step."""
    kind = type(value)
    if kind in _SCALARS or kind is Seq or kind is FrozenMap:
        return value
    if kind is dict:
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if kind is list or kind is tuple:
        return Seq([freeze(v) for v in value])
    if isinstance(value, View):
        return value
    if isinstance(value, abc.Mapping):
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return Seq([freeze(v) for v in value])
    return value


def to_data(value: Any) -> Any:
    """A view (or any part of one) as plain JSON-ready data: dicts with string keys, lists, and the
    scalars as they are. For exports, log lines and the secrecy scan: what they hold is only ever
    what the view holds."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if isinstance(value, dict) or isinstance(value, abc.Mapping):
        return {k if type(k) is str else str(k): to_data(v) for k, v in value.items()}
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
    players: Seq[PlayerView]
    current: int | None = optional()
    ask: Any = optional()


__all__ = ["FrozenMap", "GameView", "PlayerView", "Seq", "View", "freeze", "keyed", "mismatches", "optional", "to_data"]
