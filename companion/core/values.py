"""`evolve`: a fast `dataclasses.replace` for the frozen value objects game states are made of.

`dataclasses.replace` re-runs the generated `__init__`, which for a frozen class calls
object.__setattr__ once per field; a Trajan state has ~35 fields and a replay evolves it thousands of
times, so that alone was most of the replay time. `evolve` copies the instance dict instead. It is
only for frozen dataclasses without `__post_init__` or `__slots__` (all of ours), and it still
refuses a field the class does not have, as `replace` does.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

#: Field names per class, filled on first use. A plain dict, not `functools.lru_cache`: a replay
#: evolves tens of thousands of times, and the cache's call wrapper was a fifth of evolve's cost.
_FIELDS: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    names = _FIELDS.get(cls)
    if names is None:
        if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
            raise TypeError(f"evolve() does not support {cls.__name__} (it has __post_init__ or __slots__)")
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `obj` with `changes` applied."""
    cls = type(obj)
    names = _FIELDS.get(cls) or _field_names(cls)
    if not changes.keys() <= names:
        unknown = changes.keys() - names
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    new = object.__new__(cls)
    fields = new.__dict__
    fields.update(obj.__dict__)
    fields.update(changes)
    return new
