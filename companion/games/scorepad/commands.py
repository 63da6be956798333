"""Score pad commands, and how named intents (from the screen, a pad or a script) become them."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.events import Command


@dataclasses.dataclass(frozen=True)
class StartPad(Command):
    players: tuple[str, ...]
    seed: int


@dataclasses.dataclass(frozen=True)
class AddPoints(Command):
    seat: int
    points: int


@dataclasses.dataclass(frozen=True)
class FinishPad(Command):
    pass


def _int(args: Mapping[str, Any], field: str) -> int:
    value = args.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand("score pad input", "'{field}' must be a whole number, got {value}", field=field, value=repr(value))
    return value


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """Builds a command from an intent name and its arguments, naming any bad field."""
    if name == "setup":
        players = args.get("players")
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
            raise IllegalCommand("score pad setup", "'players' must be a list of names")
        return StartPad(tuple(players), _int(args, "seed"))
    if name == "add_points":
        return AddPoints(_int(args, "seat"), _int(args, "points"))
    if name == "finish":
        return FinishPad()
    raise IllegalCommand("score pad input", "The score pad has no action '{name}'.", name=name)


PAD_KEYS = {"plus": 1, "minus": -1}


def command_for_button(seat: int, key: str) -> Command | None:
    """A handheld pad's − / + adds or takes one point for its own seat; OK has no meaning here."""
    if key in PAD_KEYS:
        return AddPoints(seat, PAD_KEYS[key])
    return None
