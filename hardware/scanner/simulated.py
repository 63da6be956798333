"""The scanner's simulated twin for the app: a `PtyScanner` and a `ScannerReader` on its pty,
started and stopped together. The app's composition root uses this when the scanner is
configured "simulated" (or "auto" without a scanner), so the app reads the twin through the very
same reader, port and protocol as the real device.

    sim = open_simulated_scanner(bridge.post)
    sim.roll()                      # e.g. bound to a key: throws the dice set
    sim.command("roll red:6 white:cocked")
    sim.close()
"""

from __future__ import annotations

import os
import random
from typing import Callable, Sequence

from hardware.facts import DiceRead
from hardware.scanner.ptyhost import PtyScanner
from hardware.scanner.reader import ScannerReader
from hardware.scanner.script import run_command
from hardware.scanner.twin import DieSpec, ScannerTwin, parse_dice

TROYES_DICE = parse_dice("red red red white white white yellow yellow yellow")
"""A default set to throw: three dice of each district colour."""


class SimulatedScanner:
    """A simulated scanner and the app's reader on it. `device` is the PtyScanner (for faults
    and unplugging), `reader` the ScannerReader reporting facts."""

    def __init__(self, device: PtyScanner, reader: ScannerReader) -> None:
        self.device = device
        self.reader = reader

    def roll(self, dice: Sequence[DieSpec] | str | None = None) -> None:
        """Throws `dice` ("red:6 white" or DieSpecs; default: the dice set)."""
        self.device.roll(parse_dice(dice) if isinstance(dice, str) else dice)

    def command(self, text: str) -> bool:
        """One simulator command (docs/scanner.md); False after `quit`."""
        return run_command(self.device, text)

    def close(self) -> None:
        self.reader.close()
        self.device.close()


def open_simulated_scanner(report: Callable[[object], None], *, dice: Sequence[DieSpec] = TROYES_DICE,
                           link: str | os.PathLike[str] | None = None, last_read: DiceRead | None = None,
                           seed: int | None = None, heartbeat: float = 1.0,
                           report_together: Callable[[Sequence[object]], None] | None = None) -> SimulatedScanner:
    """Starts a twin on a fresh pty (reachable as `link` too, if given) and a reader on it
    (`report_together`: as `ScannerReader`'s)."""
    twin = ScannerTwin(rng=random.Random(seed), dice=dice, heartbeat=heartbeat)
    device = PtyScanner(twin, link=link).start()
    reader = ScannerReader(device.port, report, last_read=last_read, report_together=report_together).start()
    return SimulatedScanner(device, reader)
