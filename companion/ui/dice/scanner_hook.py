"""The dice scanner in the running app: opened after the first frame (pyserial, a pty and two
threads are not needed for the screen to appear), told the journal's last scanner read, attached
to the dice tray panel, and closed when the app stops.

Kivy-free: the app is handed in. Facts reach the session through the app's bridge, from the
reader's thread; the status line, the live dice and the reads all come back as `TableView`s.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.ui.dice.model import GAME

log = logging.getLogger("companion.scanner")


class ScannerHook:
    """One running app's scanner: `device` is the `companion.wiring.scanner.ScannerDevice`."""

    def __init__(self, app: Any, device: Any) -> None:
        self.app = app
        self.device = device
        app.game_ui(GAME).made().attach(device)

    @classmethod
    def open(cls, app: Any, plan: Any) -> "ScannerHook":
        """Opens `plan` (a `companion.wiring.scanner_plan.ScannerPlan`). The open game's newest
        scanner read (the CLI resumed it before the window opened) becomes the reader's
        `last_read`, so the dice still lying in the tray are not counted again."""
        from companion.wiring.scanner import last_scanner_read, open_scanner

        last = last_scanner_read(app.session.history()) if app.session.engine is not None else None
        device = open_scanner(plan, app.bridge.post, last_read=last)
        return cls(app, device)

    def close(self) -> None:
        """Stops the reader first (no fact after this but its "closed"), then detaches. Idempotent."""
        device, self.device = self.device, None
        if device is None:
            return
        device.close()
        self.app.game_ui(GAME).made().attach(None)
