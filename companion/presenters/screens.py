"""The screen values presenters make, as the devices take them: `PadScreen` (a seat's OLED) and
`StatusScreen` (the table's status display), frozen dataclasses of `hardware` with no device code
behind them. The one place `companion.presenters` reaches into `hardware`; re-exported so that a
game's presenter in its UI folder builds screens without importing `hardware` (the UI never does)."""

from __future__ import annotations

from hardware.handheld.screen import PadScreen
from hardware.status_display.screen import StatusScreen

__all__ = ["PadScreen", "StatusScreen"]
