"""The dice scanner of `[devices.scanner]`, opened: a `ScannerReader` on the real port, or the
simulated twin in this process, both reporting `DiceLive` / `DiceRead` / `ScannerStatus` facts
through the callable they are given (the bridge's `post`, from the reader's thread).

Two steps, as for the pads and the status display, so the choice is pure and cheap:

    plan = plan_scanner(config.devices.scanner, mode=args.scanner, port=args.scanner_port)  # the CLI, before the window
    device = plan.open(bridge.post, history=session.history())  # the app, after the first frame:
    #  = open_scanner(plan, bridge.post, last_read=last_scanner_read(session.history()))
    device.roll()      # simulated only: throws the dice set
    device.close()     # at exit: the reader stops, ScannerStatus("closed") comes last

`last_read` is how a restarted app avoids counting the dice still lying in the tray: the newest
scanner read the journal holds (`last_scanner_read`), undone or not — undoing a read takes it off
the tally, it does not put the dice back in the tray.

No Kivy here. pyserial and the pty host are imported only when a scanner opens.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.wiring.scanner_plan import REAL, SIMULATED, ScannerPlan
from hardware.facts import DiceRead

log = logging.getLogger("companion.scanner")

COCKED_CHANCE = 0.2
"""How often a simulated throw (from the app's Roll button) leaves one die cocked: often enough to
see the panel say "not counted: re-roll the cocked die", rarely enough to play with."""


def last_scanner_read(entries: Iterable[Any]) -> DiceRead | None:
    """The newest scanner read of a game's history (`Session.history()` entries, undone ones
    included), from the public events' `scanner_read` {boot, seq, dice}; None when there is none.

    Any game that journals scanner reads this way gets the same protection after a restart."""
    found: Mapping[str, Any] | None = None
    for entry in entries:
        for event in entry.events:
            read = event.get("scanner_read")
            if isinstance(read, Mapping):
                found = read
    if found is None:
        return None
    try:
        dice = tuple((str(colour), int(face)) for colour, face in found.get("dice", ()))
        return DiceRead(int(found["seq"]), dice, str(found.get("boot", "")))
    except (KeyError, TypeError, ValueError):
        log.warning("scanner: the journal's last read cannot be used (%r); reading without it", found)
        return None


class ScannerDevice:
    """An opened scanner: the reader (and the twin, when simulated). `is_simulated` says whether
    `roll` and `nudge` mean anything."""

    def __init__(self, plan: ScannerPlan, reader: Any, simulated: Any = None,
                 rng: random.Random | None = None) -> None:
        self.plan = plan
        self.reader = reader
        self.simulated = simulated
        self._rng = rng or random.Random()
        self._closed = False

    @property
    def is_simulated(self) -> bool:
        return self.simulated is not None

    @property
    def port(self) -> str:
        return str(getattr(self.reader, "port_name", self.plan.port))

    def roll(self, dice: str | None = None) -> bool:
        """Simulated only: throws `dice` ("red:6 white:cocked"), or the dice set with now and then
        one die left cocked. False (nothing happens) for a real scanner: the players throw."""
        if self.simulated is None or self._closed:
            return False
        self.simulated.roll(dice if dice is not None else self._throw())
        return True

    def nudge(self) -> bool:
        """Simulated only: the cocked and unreadable dice are re-rolled (the players' hand)."""
        if self.simulated is None or self._closed:
            return False
        return bool(self.simulated.command("nudge"))

    def command(self, text: str) -> bool:
        """Simulated only: any simulator command (docs/scanner.md), e.g. "unplug 1.5"."""
        if self.simulated is None or self._closed:
            return False
        return bool(self.simulated.command(text))

    def _throw(self) -> Any:
        from hardware.scanner.simulated import TROYES_DICE
        from hardware.scanner.twin import DieSpec

        dice = list(TROYES_DICE)
        if self._rng.random() < COCKED_CHANCE:
            which = self._rng.randrange(len(dice))
            dice[which] = DieSpec(dice[which].colour, None, "cocked")
        return dice

    def close(self) -> None:
        """Stops the reader (its last fact is ScannerStatus("closed")) and the twin. Idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.simulated is not None:
                self.simulated.close()
            else:
                self.reader.close()
        except Exception:  # closing must not stop the app from closing
            log.exception("closing the dice scanner failed")


def open_scanner(plan: ScannerPlan, report: Callable[[object], None], *, last_read: DiceRead | None = None,
                 rng: random.Random | None = None,
                 report_together: Callable[[Sequence[object]], None] | None = None,
                 **reader_options: Any) -> ScannerDevice:
    """Starts the reader `plan` names; returns at once. Never raises for the device: a missing or
    failing scanner arrives through `report` as a `ScannerStatus` the panel shows inline.
    `report_together`: where a settled frame's live dice and read go in one call (the bridge's
    `post_all`). `reader_options` (retry_interval, watchdog, …) go to the `ScannerReader` (tests)."""
    if plan.mode == SIMULATED:
        from hardware.scanner.simulated import open_simulated_scanner

        sim = open_simulated_scanner(report, last_read=last_read, report_together=report_together)
        log.info("dice scanner: %s (twin on %s)", plan.reason, sim.device.port)
        return ScannerDevice(plan, sim.reader, sim, rng)
    if plan.mode != REAL:
        raise ValueError(f"a scanner plan is real or simulated, not {plan.mode!r}")
    from hardware.scanner.reader import ScannerReader

    reader = ScannerReader(plan.port, report, baud=plan.baud, last_read=last_read, report_together=report_together,
                           **reader_options).start()
    log.info("dice scanner: %s (last read %s)", plan.reason,
             f"{last_read.boot or '-'}#{last_read.seq}" if last_read is not None else "none")
    return ScannerDevice(plan, reader, None, rng)
