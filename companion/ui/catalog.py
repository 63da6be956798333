"""The games the home screen lists, as plain values the UI may hold.

The home screen needs every game, built or not, but must never touch rules or game state: it gets
`GameChoice` values (id, player range, built or not). The UI never imports `companion.games`: the CLI (the
composition root) turns the registry into choices and passes them in.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable


@dataclasses.dataclass(frozen=True)
class GameChoice:
    """A game on the home screen: `built` is False while its rules module does not exist yet."""

    id: str
    min_players: int
    max_players: int
    built: bool


def choices_from_registry(entries: Iterable[Any]) -> tuple[GameChoice, ...]:
    """From `companion.games.registry()` entries (id, players, screens) to choices, order kept.
    A game is offered once it can be played on the touchscreen, not merely once its rules exist."""
    return tuple(GameChoice(e.id, int(e.players[0]), int(e.players[1]), bool(e.screens)) for e in entries)
