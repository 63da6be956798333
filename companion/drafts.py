"""Private drafts: the amount each seat is choosing on its pad before it locks a sealed bid.

Kept by the session in memory, never in the public `TableView`, a log line or the journal: only
the lock goes to the journal (with its amount), so nobody can count presses in the history. A crash
loses an unlocked draft, never a locked bid. A game opts in with two functions:
`pad_draft(state, seat) -> (minimum, limit, step, start) | None` (None: the seat is not choosing) and
`draft_command(state, seat, amount) -> Command` (the lock).
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.events import Command

Bounds = tuple[int, int, int, int]


class PrivateDrafts:
    """Seat → the amount its pad shows. Touch from the game's thread only, like the engine."""

    def __init__(self) -> None:
        self._amounts: dict[int, int] = {}

    def __repr__(self) -> str:  # a logged session must not print the amounts
        return f"PrivateDrafts(seats={sorted(self._amounts)})"

    def clear(self) -> None:
        self._amounts.clear()

    def amount(self, seat: int, bounds: Bounds | None) -> int | None:
        """What seat's pad shows now, or None when it is not choosing (its draft is forgotten)."""
        if bounds is None:
            self._amounts.pop(seat, None)
            return None
        low, high, _step, start = bounds
        return min(max(self._amounts.get(seat, start), low), high)

    def press(self, seat: int, key: str, bounds: Bounds | None,
              lock: Callable[[int], Command]) -> Command | None:
        """−/+ move the draft by the round's step within the minimum and the seat's limit; OK
        returns the lock command for the draft (and forgets it: once locked the round holds it).
        None: nothing to journal (a move, or a key that means nothing to a draft)."""
        amount = self.amount(seat, bounds)
        if amount is None or bounds is None:
            return None
        low, high, step, _start = bounds
        if key in ("minus", "plus"):
            self._amounts[seat] = min(max(amount + (step if key == "plus" else -step), low), high)
            return None
        if key == "ok":
            self._amounts.pop(seat, None)
            return lock(amount)
        return None


def game_drafts(game: Any) -> tuple[Callable[..., Bounds | None], Callable[..., Command]] | None:
    """The game's draft functions, when it keeps sealed bids on pads."""
    return (game.pad_draft, game.draft_command) if game.keeps_drafts else None
