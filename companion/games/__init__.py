"""One package per game, each pure (standard library and companion.core only) and alike:
state · commands · events · rules (decide/apply) · scoring · view · settings.

`GAMES` lists every game the app knows, built or not, in the order the home screen shows them.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """A game as the home screen lists it. `rules` is None while the game is not built yet."""

    id: str
    players: tuple[int, int]
    rules: Any | None


def registry() -> tuple[GameEntry, ...]:
    """Every game in home-screen order; imported lazily so start-up only loads what it shows."""
    from companion.games.scorepad.rules import SCOREPAD

    return (
        GameEntry("trajan", (2, 4), None),
        GameEntry("troyes", (2, 4), None),
        GameEntry("tribune", (2, 5), None),
        GameEntry("augustus", (2, 6), None),
        GameEntry("scorepad", (1, 8), SCOREPAD),
    )


def built_games() -> dict[str, Any]:
    """Game id → rules object, for the games that can be played now."""
    return {entry.id: entry.rules for entry in registry() if entry.rules is not None}
