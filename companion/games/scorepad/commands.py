"""Score pad commands, and how named intents (from the screen, a pad or a script) become them."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.intent_args import IntentArgs, is_text, list_of


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


RULE = "score pad input"


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """Builds a command from an intent name and its arguments, naming any bad field."""
    a = IntentArgs(args, RULE)
    if name == "setup":
        players = a.get("players")
        if not list_of(is_text)(players):
            raise IllegalCommand("score pad setup", "'players' must be a list of names")
        return StartPad(tuple(players), a.whole("seed"))
    if name == "add_points":
        return AddPoints(a.whole("seat"), a.whole("points"))
    if name == "finish":
        return FinishPad()
    raise IllegalCommand(RULE, "The score pad has no action '{name}'.", name=name)


PAD_KEYS = {"plus": 1, "minus": -1}


def command_for_button(seat: int, key: str) -> Command | None:
    """A handheld pad's − / + adds or takes one point for its own seat; OK has no meaning here."""
    if key in PAD_KEYS:
        return AddPoints(seat, PAD_KEYS[key])
    return None
