"""Sequence bookkeeping: which dice frames are new, which are repeats, what went missing, and
which settled frames are new rolls. Pure and single-threaded, so every rule is tested without a port.

The rules (firmware_tools/PROTOCOL.md, "Reading rules"):

- A scanner numbers its dice frames 1, 2, 3, … from each power-on, which its Hello and Heartbeat
  name by a random boot id. Within a boot a frame whose seq is not above the last one seen is a
  repeat (a resend, or a line doubled on the way) and is ignored; a jump forward is a gap.
- A new boot id means the scanner restarted: its numbering starts again, so its seq 1 is new.
- A settled frame is a new roll unless it is provably the tray already known: the same dice as
  the last settled frame seen, with no evidence of motion since — no rolling, cocked or empty frame
  between, and no frame missed. A real re-roll always passes through rolling frames; a scanner that
  restarts, or a cable replugged, re-reports the unchanged tray, which must not count twice.
  A restarted scanner's first frame is seq 1: a higher first seq means frames went unseen,
  which is evidence enough.
- An app that restarts passes its last counted read (with its boot and seq, from the journal):
  the same boot and seq is a repeat; the same boot and a later seq, or a changed tray, is new.
"""

from __future__ import annotations

import dataclasses

from hardware.facts import DiceRead
from hardware.scanner.codec import DiceFrame

DiceValues = tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What one dice frame means. `fresh`: not seen before (report it live). `missed`: frames
    skipped just before it. `new_read`: a settled roll to report as a DiceRead."""

    fresh: bool
    missed: int = 0
    new_read: bool = False


def dice_values(frame: DiceFrame) -> DiceValues:
    """(colour, face) per die: what a DiceRead carries."""
    return tuple((die.colour, die.face) for die in frame.dice)


class SequenceTracker:
    """Remembers the current boot, the last seq and the last settled tray.

    `last_read`: the read the app last counted (its journal's), so a restarted app does not count
    the dice still lying there again. Without it the first settled frame seen is a new read."""

    def __init__(self, last_read: DiceRead | None = None) -> None:
        self.boot: str | None = (last_read.boot or None) if last_read else None
        self.last_seq = last_read.seq if last_read and last_read.boot else 0
        self.settled: DiceValues | None = tuple(last_read.dice) if last_read else None
        self.moved = False  # evidence of motion since `settled`
        self.missed = 0
        self.duplicates = 0
        self.restarts = 0

    def boot_seen(self, boot: str) -> bool:
        """A Hello or Heartbeat named `boot`. True when it is a restart (a different boot than the
        one known; the first boot seen is no restart)."""
        if boot == self.boot:
            return False
        restarted = self.boot is not None
        self.boot = boot
        self.last_seq = 0  # the numbering restarts with the boot
        self.restarts += restarted
        return restarted

    def tail_missing(self, last_seq: int) -> bool:
        """A heartbeat says the scanner's last frame is `last_seq`: have we not got it yet?"""
        return last_seq > self.last_seq

    def dice(self, frame: DiceFrame) -> Verdict:
        """Classifies a dice frame of the current boot (call `boot_seen` first)."""
        if frame.seq <= self.last_seq:
            self.duplicates += 1
            return Verdict(False)
        skipped = frame.seq - self.last_seq - 1
        # A first frame above 1 means frames we never saw (the app connected late): evidence of
        # motion, but not a loss on our link, so only gaps after a frame we saw are `missed`.
        missed = skipped if self.last_seq else 0
        self.missed += missed
        self.last_seq = frame.seq
        if skipped:
            self.moved = True
        if not frame.is_settled:
            self.moved = True
            return Verdict(True, missed)
        values = dice_values(frame)
        new_read = self.moved or values != self.settled
        self.settled, self.moved = values, False
        return Verdict(True, missed, new_read)
