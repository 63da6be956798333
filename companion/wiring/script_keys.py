"""The pads' key logic for an input script's `hold` lines (docs/input-script.md), handed to the
script player by the composition root: the UI never opens a device, not even a keyboard twin.

`ScriptKeys` holds a key the way a thumb does, through the keyboard twin (`KeyboardPads`), whose
logic is the GPIO pad's (debounce, hold-to-repeat, long press): its facts are reported from the
twin's timer thread, as a real pad's are. Its own pads, so a script holds keys whatever pads the
app has.
"""

from __future__ import annotations

from typing import Callable

from hardware.handheld.keyboard import KeyboardPads
from hardware.handheld.keylogic import PadTimings


class ScriptKeys:
    """`pads` keyboard-twin pads reporting through `report` (the app's bridge `post`). `settle`:
    how long after a key-up its last fact may still come (OK is reported when let go, after the
    debounce), so the script waits that long before its next line."""

    def __init__(self, report: Callable[[object], None], pads: int, timings: PadTimings = PadTimings()) -> None:
        self._pads = KeyboardPads(pads, report, timings=timings)
        self.settle = 2 * timings.debounce

    def down(self, seat: int, key: str) -> None:
        """Seat's `key` ("minus", "plus" or "ok") goes down."""
        self._pads.key_down(self._name(seat, key))

    def up(self, seat: int, key: str) -> None:
        """Seat's `key` is let go."""
        self._pads.key_up(self._name(seat, key))

    def close(self) -> None:
        self._pads.close()

    def _name(self, seat: int, key: str) -> str:
        return getattr(self._pads.keymap.seat_keys(seat), key)
