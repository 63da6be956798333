"""Which dice scanner to read: the real one on its serial port, or the simulated twin in the app's
own process, decided from `[devices.scanner]` before the window opens. Light on purpose (no
pyserial, no pty): the composition root plans before the first frame and hands the plan to the
app, whose call of its `open` starts the reader after it (`companion.wiring.scanner`).

Modes (config `mode`, or `companion --scanner MODE`; `--scanner-port PATH` overrides `port`):

- "real": a `ScannerReader` on `port` (default /dev/dice-scanner, the udev rule's name; or
  /tmp/dice-scanner, `scanner-sim`'s link). Absent, it is a status line that keeps trying —
  a scanner plugged in later is found;
- "simulated": the twin (`hardware.scanner.simulated`) on a fresh pseudo-terminal, read through
  the same reader and protocol; the dice tray then offers "Roll (simulated)";
- "auto" (the default): "real" when `port` exists now, else "simulated". A table with a scanner
  should say "real", so that a scanner unplugged at boot is waited for rather than replaced.
"""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

if TYPE_CHECKING:  # pyserial and the pty host load when the scanner opens, not when it is planned
    from companion.wiring.scanner import ScannerDevice

REAL, SIMULATED, AUTO = "real", "simulated", "auto"
MODES = (AUTO, REAL, SIMULATED)


@dataclasses.dataclass(frozen=True)
class ScannerPlan:
    """What `open_scanner` opens. `mode`: "real" or "simulated" (auto already decided); `port` and
    `baud` for the real one; `reason`: one line for the log ("simulated: no /dev/dice-scanner")."""

    mode: str
    port: str = "/dev/dice-scanner"
    baud: int = 115200
    reason: str = ""

    @property
    def is_simulated(self) -> bool:
        return self.mode == SIMULATED

    def open(self, report: Callable[[object], None], *, history: Iterable[Any] = (),
             report_together: Callable[[Sequence[object]], None] | None = None) -> "ScannerDevice":
        """Starts this plan's reader (`open_scanner`), its facts through `report` (a settled frame's
        two through `report_together`, if given). `history`: the open game's `Session.history()`,
        whose newest scanner read (`last_scanner_read`) tells the reader which dice already lie
        counted in the tray. The app calls this after its first frame."""
        from companion.wiring.scanner import last_scanner_read, open_scanner

        return open_scanner(self, report, last_read=last_scanner_read(history), report_together=report_together)


def plan_scanner(config: Any, *, mode: str | None = None, port: str | None = None,
                 exists: Callable[[str], bool] = os.path.exists) -> ScannerPlan:
    """Decides real or simulated for `config` (a `companion.config.ScannerConfig`); `mode` and
    `port` override the config's. Only "auto" looks at the machine (`exists`: does the port, or
    the device a symlink points to, exist now)."""
    chosen = mode or config.mode
    source = "by the command line" if mode else "by config"
    if chosen not in MODES:
        raise ValueError(f"scanner mode must be one of {', '.join(MODES)}, not {chosen!r}")
    where = port or config.port
    plan = ScannerPlan(REAL, where, int(config.baud))
    if chosen == SIMULATED:
        return dataclasses.replace(plan, mode=SIMULATED, reason=f"simulated, {source}")
    if chosen == REAL:
        return dataclasses.replace(plan, reason=f"real on {where}, {source}")
    if "://" in where or exists(where):
        return dataclasses.replace(plan, reason=f"real: {where} is there")
    return dataclasses.replace(plan, mode=SIMULATED, reason=f"simulated: no {where}")
