import dataclasses

import pytest

from companion.core.events import Event, EventCodec


@dataclasses.dataclass(frozen=True)
class Drawn(Event):
    kind = "t.drawn"
    tiles: tuple[str, ...]
    counts: dict
    seat: int


def test_round_trip_restores_tuples():
    codec = EventCodec([Drawn])
    event = Drawn(("bread", "games"), {"a": (1, 2)}, 3)
    kind, payload = codec.encode(event)
    assert kind == "t.drawn"
    assert codec.decode(kind, payload) == event


def test_unknown_kind_and_bad_fields_refused():
    codec = EventCodec([Drawn])
    with pytest.raises(ValueError, match="unknown event kind"):
        codec.decode("t.other", "{}")
    with pytest.raises(ValueError, match="do not match"):
        codec.decode("t.drawn", '{"tiles": []}')


def test_duplicate_kinds_refused():
    @dataclasses.dataclass(frozen=True)
    class Other(Event):
        kind = "t.drawn"

    with pytest.raises(ValueError, match="share the kind"):
        EventCodec([Drawn, Other])
