"""Reading a game's view for the small displays (a seat's pad, the table status display): the few
fields every game's view shares, read so that a field of the wrong kind is passed over rather than
stopping a display."""

from __future__ import annotations

from collections.abc import Mapping, Sequence  # not typing's: an isinstance check through those is 2-3x slower
from typing import Any


def view_players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The view's players (each a mapping with at least `seat`), in its order."""
    return [p for p in view.get("players") or () if isinstance(p, Mapping)]


def seat_player(players: Sequence[Mapping[str, Any]], seat: int) -> Mapping[str, Any] | None:
    """The player at `seat`, or None when no player sits there."""
    return next((p for p in players if p.get("seat") == seat), None)


def seat_name(players: Sequence[Mapping[str, Any]], seat: int) -> str:
    """The name of the player at `seat`, or the seat's number (from 1) when it has none."""
    player = seat_player(players, seat)
    return f"{seat + 1}" if player is None else str(player.get("name", ""))


def whole_number(value: Any) -> int | None:
    """`value` when it is a whole number (a bool is not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def count_in(value: Any, most: int) -> int | None:
    """`value` when it is a whole number from 1 to `most`, else None: a value a screen cannot draw
    leaves its part out rather than stopping the display (the screens raise on it)."""
    number = whole_number(value)
    return number if number is not None and 1 <= number <= most else None
