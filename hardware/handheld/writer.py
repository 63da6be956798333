"""Sends screens to displays from a background thread, so the UI thread never waits on I2C.

A full 128×64 frame is ~23 ms on a 400 kHz bus; a reveal redraws every seat. The Kivy main thread
only calls `submit(display, screen)` (microseconds); one thread per writer renders and writes.
Newest wins: if a seat's screen changes twice before its first write, only the second is drawn.
Give each I2C bus its own writer to write buses in parallel (displays behind one mux share a bus
and are written one after the other anyway).
"""

from __future__ import annotations

import logging
import threading

from hardware.handheld.oled import PadDisplay
from hardware.handheld.screen import PadScreen

log = logging.getLogger("hardware.handheld")


class DisplayWriter:
    def __init__(self, *, name: str = "oled-writer") -> None:
        self._pending: dict[PadDisplay, PadScreen] = {}
        self._order: list[PadDisplay] = []
        self._cond = threading.Condition()
        self._busy = False
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, display: PadDisplay, screen: PadScreen) -> None:
        """`display` should show `screen` soon. Any thread; never blocks on the device."""
        with self._cond:
            if self._stopped:
                return
            if display not in self._pending:
                self._order.append(display)
            self._pending[display] = screen
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Waits until every submitted screen was written (or tried). False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Writes what is pending, then stops the thread."""
        self.flush(timeout)
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._stopped)
                if self._stopped and not self._pending:
                    return
                display = self._order.pop(0)
                screen = self._pending.pop(display)
                self._busy = True
            try:
                display.show(screen)  # never raises for device trouble; a bug must not kill the writer
            except Exception:
                log.exception("writing %s failed", display.name)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
