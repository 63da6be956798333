"""One package per game, each pure (standard library and companion.core only) and alike:
state · commands · events · rules (decide/apply) · scoring · view · settings.

`registry()` lists every game the app knows, in the order the home screen shows them. A game can
have its rules before it has its screens: `replay` and `score` then work, the home screen still
says it cannot be played on the touchscreen yet.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """A game as the app knows it. `rules` is None until its rules are built; `screens` says whether
    it can be played on the touchscreen."""

    id: str
    players: tuple[int, int]
    rules: Any | None
    screens: bool = False


def registry() -> tuple[GameEntry, ...]:
    """Every game in home-screen order; imported lazily so start-up only loads what it shows."""
    from companion.games.scorepad.rules import SCOREPAD
    from companion.games.trajan.rules import TRAJAN

    return (
        GameEntry("trajan", (2, 4), TRAJAN, screens=True),
        GameEntry("troyes", (2, 4), None),
        GameEntry("tribune", (2, 5), None),
        GameEntry("augustus", (2, 6), None),
        GameEntry("scorepad", (1, 8), SCOREPAD, screens=True),
    )


def built_games() -> dict[str, Any]:
    """Game id → rules, for the games that can be played on the touchscreen now."""
    return {entry.id: entry.rules for entry in registry() if entry.screens}


def all_rules() -> dict[str, Any]:
    """Game id → rules, for every game whose rules exist (replay, score, tests)."""
    return {entry.id: entry.rules for entry in registry() if entry.rules is not None}
