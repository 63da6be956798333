"""`StatusDisplay`: the table status OLED as a device — render a `StatusScreen`, hand it to a luma
device, and never let a failing display stop the game.

Works with anything luma-shaped (`display(image)`, `clear()`, `hide()`, `cleanup()`): a real
SSD1306/SH1106 on I2C (`StatusDisplay.real`), luma's `dummy` device (tests), or the PNG twin
(`StatusDisplay.simulated`: `hardware.handheld.twins.SimulatedOled`, which also feeds an on-screen
panel). The failure policy is the pads' (`hardware.handheld.oled.PadDisplay`): a display that is
missing or stops answering is reported once as `DeviceStatus("status display", "missing" |
"failed", detail)`, the latest screen is kept, the device is tried again at the first `show()` or
`refresh()` after `retry_after` seconds (each try on a dead bus costs a timeout), and
`DeviceStatus("status display", "ok", ...)` says when it is back.

The display wired straight to the bus answers at 0x3D by default: the pads' displays behind the
TCA9548A use 0x3C and answer whenever a channel is open (docs/hardware.md).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable

from PIL import Image

from hardware.facts import DeviceStatus
from hardware.status_display.render import render
from hardware.status_display.screen import StatusScreen

NAME = "status display"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror + (f" ({exc.filename})" if exc.filename else "")
    return str(exc) or type(exc).__name__


class StatusDisplay:
    """The table status display. `device`: a luma-shaped device, or a callable that opens one (it
    is called again to retry after a failure). `where` describes it in messages ("SSD1306 at
    0x3D on I2C bus 1"). Thread-safe: `show` may come from a writer thread, `close` from another.
    """

    name = NAME

    def __init__(self, device: Any, report: Callable[[object], None], *, where: str = "",
                 retry_after: float = 5.0, clock: Callable[[], float] = time.monotonic,
                 renderer: Callable[[StatusScreen], Image.Image] = render) -> None:
        self._open: Callable[[], Any] | None = None if hasattr(device, "display") else device
        self._device: Any = device if self._open is None else None
        self.where = where or type(device).__name__
        self._report = report
        self._retry_after = retry_after
        self._clock = clock
        self._render = renderer
        self._lock = threading.Lock()
        self._problem: str | None = None
        self._next_try = -float("inf")
        self._shown: bytes | None = None
        self._closed = False
        self.screen: StatusScreen | None = None
        self.image: Image.Image | None = None
        self.writes = 0
        """Frames actually sent (an unchanged image is not sent again)."""

    @classmethod
    def real(cls, report: Callable[[object], None], *, driver: str = "ssd1306", bus: int = 1,
             address: int = 0x3D, **kwargs: Any) -> "StatusDisplay":
        """The OLED at `address` on /dev/i2c-`bus` (luma's i2c interface, 128×64). Nothing is
        opened yet: the first `show()` opens it, and reports if it is not there."""
        from hardware.handheld.oled import OledTarget, open_luma_oled

        target = OledTarget(driver, bus, address)
        return cls(lambda: open_luma_oled(target), report, where=target.describe(), **kwargs)

    @classmethod
    def simulated(cls, report: Callable[[object], None], *, png_path: str | os.PathLike[str] | None = None,
                  on_image: Callable[[Image.Image], None] | None = None, **kwargs: Any) -> "StatusDisplay":
        """The twin off a Pi: each frame to `on_image(image)` (an on-screen panel; called on the
        showing thread) and, with `png_path`, to that PNG file, replaced atomically."""
        from hardware.handheld.twins import SimulatedOled

        device = SimulatedOled(png_path=png_path, on_image=on_image)
        where = "simulated" if png_path is None else f"simulated, {Path(png_path)}"
        return cls(device, report, where=where, **kwargs)

    @property
    def device(self) -> Any:
        """The luma device while it is open (None before the first show or after a failure)."""
        return self._device

    @property
    def is_working(self) -> bool:
        return self._device is not None and self._problem is None

    def show(self, screen: StatusScreen) -> bool:
        """Renders `screen` and sends it (unless it is the image already shown). True when the
        device shows it; False when it is missing or failed (reported, not raised)."""
        image = self._render(screen)
        with self._lock:
            self.screen, self.image = screen, image
            return self._push()

    def refresh(self) -> bool:
        """Sends the latest image again if the last attempt failed (for a retry timer)."""
        with self._lock:
            return self.image is not None and self._push()

    def close(self) -> None:
        """Clears and releases the display; later shows are kept but not sent. Never raises."""
        with self._lock:
            self._closed = True
            device, self._device = self._device, None
            if device is None:
                return
            with contextlib.suppress(Exception):
                device.clear()
                device.hide()
            with contextlib.suppress(Exception):
                device.cleanup()

    def _push(self) -> bool:
        image = self.image
        assert image is not None
        if self._closed or (self._problem is not None and self._clock() < self._next_try):
            return False
        data = image.tobytes()
        if self._device is None:
            if self._open is None:
                return False
            try:
                self._device = self._open()
            except Exception as exc:  # luma's DeviceNotFoundError, OSError from the bus, ...
                self._trouble("missing", f"did not answer: {_reason(exc)}")
                return False
            self._shown = None
        elif data == self._shown and self._problem is None:
            return True
        try:
            self._device.display(image)
        except Exception as exc:
            self._trouble("failed", f"stopped answering: {_reason(exc)}")
            if self._open is not None:  # reopen next time: a replugged display needs its init again
                device, self._device = self._device, None
                with contextlib.suppress(Exception):
                    device.cleanup()
            return False
        self._shown = data
        self.writes += 1
        if self._problem is not None:
            self._problem = None
            self._report(DeviceStatus(NAME, "ok", f"The status display ({self.where}) is back."))
        return True

    def _trouble(self, status: str, what: str) -> None:
        self._next_try = self._clock() + self._retry_after
        if self._problem == status:
            return
        self._problem = status
        self._report(DeviceStatus(NAME, status, f"The status display ({self.where}) {what}. The game goes on "
                                                "without it; check its wiring and address (i2cdetect)."))
