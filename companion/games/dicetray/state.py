"""Dice tray state: immutable, so the engine keeps one per step for instant undo."""

from __future__ import annotations

import dataclasses

Dice = tuple[tuple[str, int], ...]
"""(colour, face) per die, in the order the scanner (or the players) gave them."""

SCANNER, MANUAL = "scanner", "manual"
SOURCES = (SCANNER, MANUAL)


@dataclasses.dataclass(frozen=True)
class TrayRead:
    """One counted read. `number` counts the tray's reads from 1; `source` is "scanner" or
    "manual"; `boot` and `seq` identify a scanner read ("" and 0 for one entered by hand)."""

    number: int
    source: str
    dice: Dice
    boot: str = ""
    seq: int = 0

    @property
    def key(self) -> tuple[str, int] | None:
        """(boot, seq) for a read from a real scanner session; None otherwise (by hand, or a
        scripted read without a boot id, which carries no identity to compare)."""
        return (self.boot, self.seq) if self.source == SCANNER and self.boot else None


@dataclasses.dataclass(frozen=True)
class DiceTrayState:
    opened: bool = False
    reads: tuple[TrayRead, ...] = ()
    finished: bool = False

    @property
    def last(self) -> TrayRead | None:
        return self.reads[-1] if self.reads else None

    @property
    def phase(self) -> str:
        if not self.opened:
            return "setup"
        return "finished" if self.finished else "open"
