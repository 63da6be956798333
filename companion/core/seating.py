"""Seating a table: the checks every game makes of its players' names at set-up."""

from __future__ import annotations

from typing import Sequence

from companion.core.errors import IllegalCommand


def check_names(names: Sequence[str], rule: str, max_length: int) -> None:
    """Refuses, under the game's set-up `rule`, a player without a name, a name longer than
    `max_length` characters, or two players with the same name. `names` come stripped, in seat
    order; how many players a game takes is the game's own check, made first."""
    for i, name in enumerate(names):
        if not name:
            raise IllegalCommand(rule, "Player {n} has no name.", n=i + 1)
        if len(name) > max_length:
            raise IllegalCommand(rule, "Player {n}'s name is longer than {max} characters.", n=i + 1, max=max_length)
    if len(set(names)) != len(names):
        raise IllegalCommand(rule, "Two players have the same name.")
