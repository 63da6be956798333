"""Dice tray commands, and how named intents (the screen, an input script) become them.

Dice are the `enter_dice` intent, the answer to the tray's ask (`view.ask_of`): {"dice": [["red", 3],
["white", 5], …]} typed in, or a scanner read, which the session posts with its provenance
{"dice": …, "source": "scanner", "boot": …, "seq": …} (`RecordScannerRead`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.asks import SCANNED
from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.intent_args import IntentArgs, as_shaped, is_text, is_whole, list_of, record
from companion.games.dicetray.state import Dice


@dataclasses.dataclass(frozen=True)
class OpenTray(Command):
    pass


@dataclasses.dataclass(frozen=True)
class RecordScannerRead(Command):
    """A settled read from the scanner: frame `seq` of the scanner's power-on `boot` ("" when the
    read did not come from a scanner session, e.g. an input script)."""

    seq: int
    boot: str
    dice: Dice


@dataclasses.dataclass(frozen=True)
class EnterDice(Command):
    """Dice the players entered by hand (the scanner is away, or read a die wrongly)."""

    dice: Dice


@dataclasses.dataclass(frozen=True)
class FinishTray(Command):
    pass


RULE = "dice tray input"
DICE = "'{field}' must list the dice as colour and face pairs."

#: The shape only: the rules check the colours, the faces and the count.
_DICE = list_of(record(is_text, is_whole))


def parse_dice(value: Any) -> Dice:
    """[[colour, face], …] (lists or tuples) as a Dice tuple; the shape only — the rules check the
    colours, faces and count."""
    return as_shaped(value, "dice", RULE, _DICE, DICE)


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """A command from an intent name and its arguments, naming any bad field."""
    a = IntentArgs(args, RULE)
    if name == "setup":
        # "seed" is accepted and ignored: the session gives every new game one; nothing is drawn here.
        return OpenTray()
    if name == "enter_dice":
        dice = parse_dice(a.get("dice"))
        if a.choice("source", ("manual", SCANNED), "manual") == SCANNED:
            return RecordScannerRead(a.whole("seq", low=0), a.text("boot", ""), dice)
        return EnterDice(dice)
    if name == "finish":
        return FinishTray()
    raise IllegalCommand(RULE, "The dice tray has no action '{name}'.", name=name)
