"""The dice scanner in the running app: opened after the first frame (pyserial, a pty and two
threads are not needed for the screen to appear), told the journal's last scanner read, attached
to the dice tray panel, and closed when the app stops.

Kivy-free: the app is handed in. Facts reach the session through the app's bridge, from the
reader's thread; the status line, the live dice and the reads all come back as `TableView`s.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable, Protocol, Sequence

from companion.ui.dice.model import GAME

log = logging.getLogger("companion.scanner")


class ScannerOpener(Protocol):
    """What the CLI hands the app for the dice scanner (a `companion.wiring.scanner_plan.ScannerPlan`):
    one call starts its reader, after the first frame, and returns the device (`roll`, `nudge`,
    `is_simulated`, `close()`) the dice tray attaches."""

    def open(self, report: Callable[[object], None], *, history: Iterable[Any] = (),
             report_together: Callable[[Sequence[object]], None] | None = None) -> Any: ...


class ScannerHook:
    """One running app's scanner: `device` is what its opener returned."""

    def __init__(self, app: Any, device: Any) -> None:
        self.app = app
        self.device = device
        app.game_ui(GAME).made().attach(device)

    @classmethod
    def open(cls, app: Any, plan: ScannerOpener) -> "ScannerHook":
        """Opens `plan`, given the open game's history (the CLI resumed it before the window opened):
        its newest scanner read becomes the reader's `last_read`, so the dice still lying in the
        tray are not counted again. A settled frame's live dice and read reach the bridge in one
        post (`post_all`): the main loop wakes once for both."""
        history = app.session.history() if app.session.engine is not None else ()
        return cls(app, plan.open(app.bridge.post, history=history, report_together=app.bridge.post_all))

    def close(self) -> None:
        """Stops the reader first (no fact after this but its "closed"), then detaches. Idempotent."""
        device, self.device = self.device, None
        if device is None:
            return
        device.close()
        self.app.game_ui(GAME).made().attach(None)
