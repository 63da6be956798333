"""Dice tray events. A read carries everything about the throw (replay never asks the scanner)."""

from __future__ import annotations

import dataclasses

from companion.core.events import Event
from companion.games.dicetray.state import Dice


@dataclasses.dataclass(frozen=True)
class TrayOpened(Event):
    kind = "dicetray.opened"


@dataclasses.dataclass(frozen=True)
class DiceRecorded(Event):
    """Read `number` of the tray: its dice, where they came from ("scanner" or "manual") and, for
    a scanner read, the scanner's boot id and frame number."""

    kind = "dicetray.read"
    number: int
    source: str
    dice: Dice
    boot: str = ""
    seq: int = 0


@dataclasses.dataclass(frozen=True)
class TrayFinished(Event):
    kind = "dicetray.finished"


EVENT_TYPES: tuple[type[Event], ...] = (TrayOpened, DiceRecorded, TrayFinished)
