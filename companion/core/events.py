"""Commands and events as small frozen dataclasses, and the codec that journals events as JSON.

Events are facts: each game declares its event classes, each with a unique `kind`. The codec turns
an event into `(kind, json)` for the journal and back. Fields hold only JSON-friendly values
(str, int, float, bool, None, tuples and dicts of them); lists come back as tuples so decoded events
compare equal to the originals, which is what makes `replay(journal) == live state` testable.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, ClassVar, Iterable, Mapping


@dataclasses.dataclass(frozen=True)
class Command:
    """Something a player asks for. Games subclass it; `decide` accepts or refuses it."""


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened. Subclasses set `kind`, unique across core and the game."""

    kind: ClassVar[str] = ""
    #: True for an event that makes a secret public (a sealed-bid reveal): undo and corrections
    #: never cross a step holding one, so what the table has seen stays seen (DESIGN.md).
    reveals: ClassVar[bool] = False


_loads = json.JSONDecoder().decode
#: The decoder's own scanner: one C call for a payload as the codec writes it (an object, no
#: whitespace around it). `_loads` still reads anything else, and says why it cannot.
_scan = json.JSONDecoder().scan_once


def _load_object(payload: str) -> Any:
    """`json.loads(payload)`, by the C scanner alone when the payload is exactly one JSON value
    (what `encode` writes); anything else (whitespace, trailing text, not JSON) goes through
    `_loads`, so the error a damaged payload raises is json's own."""
    try:
        value, end = _scan(payload, 0)
    except StopIteration:
        return _loads(payload)
    return value if end == len(payload) else _loads(payload)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class EventCodec:
    """Encodes and decodes the events of one game (plus the core's own)."""

    def __init__(self, classes: Iterable[type[Event]]) -> None:
        self._by_kind: dict[str, type[Event]] = {}
        # Field names per kind, computed once: decoding runs for every event at every start-up.
        self._fields: dict[str, frozenset[str]] = {}
        self._defaults: dict[str, dict[str, Any]] = {}
        for cls in classes:
            if not cls.kind:
                raise ValueError(f"{cls.__name__} has no kind")
            if cls.kind in self._by_kind:
                raise ValueError(f"two event classes share the kind {cls.kind!r}")
            self._by_kind[cls.kind] = cls
            self._fields[cls.kind] = frozenset(f.name for f in dataclasses.fields(cls))
            # A field added to an event later carries a default, so the journals written before it
            # still read (Tribune's `finished` learnt its winners): only such a field may be absent.
            self._defaults[cls.kind] = {f.name: f.default for f in dataclasses.fields(cls)
                                        if f.default is not dataclasses.MISSING}

    def kinds(self) -> frozenset[str]:
        return frozenset(self._by_kind)

    def encode(self, event: Event) -> tuple[str, str]:
        if self._by_kind.get(event.kind) is not type(event):
            raise ValueError(f"event kind {event.kind!r} is not known to this codec")
        fields = {f.name: _plain(getattr(event, f.name)) for f in dataclasses.fields(event)}
        return event.kind, json.dumps(fields, ensure_ascii=False, separators=(",", ":"), sort_keys=True)

    def decode(self, kind: str, payload: str | Mapping[str, Any]) -> Event:
        cls = self._by_kind.get(kind)
        if cls is None:
            raise ValueError(f"unknown event kind {kind!r}")
        if isinstance(payload, str):
            data = _load_object(payload)
            # No "[" anywhere in the text: no list anywhere in it, so nothing to freeze (most events).
            lists = "[" in payload
        else:
            data, lists = dict(payload), True
        if not isinstance(data, dict):
            raise ValueError(f"event {kind!r}: payload is not an object")
        names = self._fields[kind]
        if data.keys() != names:
            for name, default in self._defaults[kind].items():
                data.setdefault(name, default)
        if data.keys() != names:
            raise ValueError(f"event {kind!r}: fields {sorted(data)} do not match {sorted(names)}")
        if lists:
            for key, value in data.items():
                if isinstance(value, (list, dict)):
                    data[key] = _freeze(value)
        # Fields were just checked to be exactly the dataclass's, so fill the instance directly:
        # a frozen dataclass's __init__ pays an object.__setattr__ per field, and start-up decodes
        # every event of the game.
        event = object.__new__(cls)
        event.__dict__.update(data)
        return event
