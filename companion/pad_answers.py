"""Pad answers: what each seat's pad shows while it answers the seat's ask, before OK posts it.

A pad answers an ask for its seat that has a finite `options` list or a whole-number `range`
(`core.asks.Ask.is_for_pad`): − and + step through the options (round and round) or the range (held
within its bounds, by its step), OK gives the value to post as the answer (the ask's intent with
it, `Ask.answered`). Kept by the session in memory, never in the public `TableView`, a log line or
the journal: for a sealed bid (a `secret` ask) only the lock goes to the journal, with its amount,
so nobody can count presses in the history. A crash loses an unposted choice, never a posted one.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.asks import Ask

#: `PadAnswers.press` found nothing to post (a move, or a key that means nothing to an answer).
NOT_YET = object()


def _key(ask: Ask) -> Ask:
    """What a kept choice belongs to: the question itself (another ask, even of the same kind,
    starts afresh)."""
    return ask


class PadAnswers:
    """Seat → (the ask it answers, the value its pad shows). Touch from the game's thread only,
    like the engine. A seat's value is forgotten when its ask changes (another question)."""

    def __init__(self) -> None:
        self._values: dict[int, tuple[Ask, Any]] = {}

    def __repr__(self) -> str:  # a logged session must not print the values (a bid is secret)
        return f"PadAnswers(seats={sorted(self._values)})"

    def clear(self) -> None:
        self._values.clear()

    def forget(self, seat: int) -> None:
        self._values.pop(seat, None)

    def value(self, seat: int, ask: Ask | None, start: Callable[[], Any]) -> Any:
        """What seat's pad shows for `ask` now: its choice so far, else `start()` (where the rules
        say it starts), held to the ask's answers. None when the seat answers nothing (its choice
        is forgotten)."""
        if ask is None or not ask.is_for_pad:
            self._values.pop(seat, None)
            return None
        kept = self._values.get(seat)
        value = kept[1] if kept is not None and kept[0] == _key(ask) else start()
        return _held(ask, value)

    def press(self, seat: int, key: str, ask: Ask, start: Callable[[], Any]) -> Any:
        """− / + move seat's choice; OK returns the value to answer with (and forgets it: the
        answer is posted). `NOT_YET`: nothing to post."""
        value = self.value(seat, ask, start)
        if key in ("minus", "plus"):
            self._values[seat] = (_key(ask), _moved(ask, value, 1 if key == "plus" else -1))
            return NOT_YET
        if key == "ok":
            self._values.pop(seat, None)
            return value
        return NOT_YET


def _held(ask: Ask, value: Any) -> Any:
    """`value` as one of the ask's answers: an option (the first when it is none of them), or a
    whole number within the range."""
    if ask.options:
        return value if value in ask.options else ask.options[0]
    assert ask.range is not None
    low, high, _step = ask.range
    number = value if isinstance(value, int) and not isinstance(value, bool) else low
    return min(max(number, low), high)


def _moved(ask: Ask, value: Any, by: int) -> Any:
    if ask.options:
        return ask.options[(ask.options.index(value) + by) % len(ask.options)]
    assert ask.range is not None
    low, high, step = ask.range
    return min(max(value + by * step, low), high)
