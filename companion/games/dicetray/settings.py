"""Dice tray limits: what a read may hold. Not rules of a board game: bounds that keep a slip
(or a confused scanner) out of the journal."""

from __future__ import annotations

import dataclasses

DICE_COLOURS = ("red", "white", "yellow", "black")
"""The colours a read may hold: Troyes' district dice and its black attack dice (rules digest 2.1).
A scanner's "unknown" colour never counts as a read, so it never reaches the tray."""


@dataclasses.dataclass(frozen=True)
class DiceTraySettings:
    """`max_dice`: the most dice in one read — a scanner frame holds at most 32 (PROTOCOL.md), and
    a Troyes box has 24. `recent`: how many of the newest reads the public view lists (the history
    screen has them all; the view is rebuilt after every fact, live dice frames included)."""

    max_dice: int = 32
    recent: int = 6


DEFAULT = DiceTraySettings()
