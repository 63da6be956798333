"""`StatusDisplay`: the table status OLED as a device — render a `StatusScreen`, hand it to a luma
device, and never let a failing display stop the game.

Works with anything luma-shaped (`display(image)`, `clear()`, `hide()`, `cleanup()`): a real
SSD1306/SH1106 on I2C (`StatusDisplay.real`), luma's `dummy` device (tests), or the PNG twin
(`StatusDisplay.simulated`: `hardware.handheld.twins.SimulatedOled`, which also feeds an on-screen
panel). The failure policy is the pads' (`hardware.display_link.DisplayLink`, which both
`StatusDisplay` and `hardware.handheld.oled.PadDisplay` are): a display that is missing or stops
answering is reported once as `DeviceStatus("status display", "missing" | "failed", detail)`, the
latest screen is kept, the device is tried again at the first `show()` or `refresh()` after
`retry_after` seconds (each try on a dead bus costs a timeout), and
`DeviceStatus("status display", "ok", ...)` says when it is back.

The display wired straight to the bus answers at 0x3D by default: the pads' displays behind the
TCA9548A use 0x3C and answer whenever a channel is open (docs/hardware.md).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

from PIL import Image

from hardware.display_link import DisplayLink
from hardware.facts import DeviceStatus
from hardware.status_display.render import render
from hardware.status_display.screen import StatusScreen

NAME = "status display"


class StatusDisplay(DisplayLink[StatusScreen]):
    """The table status display. `device`: a luma-shaped device, or a callable that opens one (it
    is called again to retry after a failure). `where` describes it in messages ("SSD1306 at
    0x3D on I2C bus 1"). Thread-safe: `show` may come from a writer thread, `close` from another.
    Showing, retrying and reporting are `hardware.display_link.DisplayLink`'s.
    """

    name = NAME

    def __init__(self, device: Any, report: Callable[[object], None], *, where: str = "",
                 retry_after: float = 5.0, clock: Callable[[], float] = time.monotonic,
                 renderer: Callable[[StatusScreen], Image.Image] = render) -> None:
        super().__init__(device, report, where=where, retry_after=retry_after, clock=clock,
                         renderer=renderer)

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

    def _status(self, status: str, detail: str) -> DeviceStatus:
        return DeviceStatus(NAME, status, detail)

    def _back_detail(self) -> str:
        return f"The status display ({self.where}) is back."

    def _trouble_detail(self, what: str) -> str:
        return (f"The status display ({self.where}) {what}. The game goes on "
                "without it; check its wiring and address (i2cdetect).")
