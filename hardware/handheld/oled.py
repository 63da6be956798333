"""A seat's OLED: render its `PadScreen` and hand the image to a luma device — that is all it does.

`PadDisplay` works with anything luma-shaped (`display(image)`, `clear()`, `cleanup()`): a real
SSD1306/SH1106 on I2C, luma's `dummy` device (tests), or `twins.SimulatedOled` (the on-screen
panel and PNG twin). A display that is missing or fails never raises into the caller: it reports
`DeviceStatus("pad 2 OLED", "missing" | "failed", detail, pad=1)` once, keeps the latest
screen, tries again at the first `show()` or `refresh()` after `retry_after` seconds (not
before: each try on a dead bus costs a timeout), and reports "ok" when it is back. The game goes
on without it. That policy is `hardware.display_link.DisplayLink`'s, shared with the status display.

More than two displays: an SSD1306 answers at 0x3C or 0x3D only. Either give seats their own
buses (Pi 4/5: dtoverlay=i2c3 … i2c6) or put them behind a TCA9548A multiplexer (`Tca9548a`),
whose channel is selected before every write, under a lock shared by every display on that bus.
The mux is driven with smbus2 (a dependency of luma.core, so present wherever luma's I2C
interface works); luma's own `i2c` interface carries the frames.

An I2C frame takes ~23 ms at 400 kHz: call `show()` from a `writer.DisplayWriter`, not from the
UI thread, on real hardware.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from typing import Any, Callable, ContextManager, Iterator, Mapping

from PIL import Image

from hardware.display_link import DisplayLink
from hardware.facts import DeviceStatus
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen

DRIVERS = ("ssd1306", "sh1106")
MUX_ADDRESS = 0x70
MUX_CHANNELS = range(8)


@dataclasses.dataclass(frozen=True)
class OledTarget:
    """Where a seat's real OLED is: driver, I2C bus number, address, and the TCA9548A channel when
    it sits behind one (the mux at `mux_address` on the same bus); None when wired straight."""

    driver: str = "ssd1306"
    bus: int = 1
    address: int = 0x3C
    mux_channel: int | None = None
    mux_address: int = MUX_ADDRESS

    def __post_init__(self) -> None:
        if self.driver not in DRIVERS:
            raise ValueError(f"OLED driver must be one of {', '.join(DRIVERS)}, not {self.driver!r}")
        if self.mux_channel is not None and self.mux_channel not in MUX_CHANNELS:
            raise ValueError(f"a TCA9548A has channels 0 to 7, not {self.mux_channel!r}")

    def describe(self) -> str:
        """ "SSD1306 at 0x3C on I2C bus 1, TCA9548A channel 2" """
        text = f"{self.driver.upper()} at 0x{self.address:02X} on I2C bus {self.bus}"
        if self.mux_channel is not None:
            text += f", TCA9548A 0x{self.mux_address:02X} channel {self.mux_channel}"
        return text


class Tca9548a:
    """A TCA9548A I2C multiplexer: `with mux.channel(n): device.display(image)`.

    The lock is held from the select to the end of the write, so two seats' frames on one bus
    never land on each other's display. The current channel is remembered (a select is one I2C
    byte) and forgotten after any error, so the next write selects again. The bus (an smbus2
    `SMBus` or anything with `write_byte(address, value)` and `close()`) is opened lazily by
    `open_bus` and again after a failure, so a mux plugged in late is found.
    """

    def __init__(self, open_bus: Callable[[], Any], address: int = MUX_ADDRESS) -> None:
        self.address = address
        self._open_bus = open_bus
        self._bus: Any = None
        self._current: int | None = None
        self._lock = threading.RLock()

    @classmethod
    def on_bus(cls, bus: int, address: int = MUX_ADDRESS) -> "Tca9548a":
        """The mux on /dev/i2c-`bus`, through smbus2."""

        def open_bus() -> Any:
            from smbus2 import SMBus

            return SMBus(bus)

        return cls(open_bus, address)

    @contextlib.contextmanager
    def channel(self, channel: int) -> Iterator[None]:
        if channel not in MUX_CHANNELS:
            raise ValueError(f"a TCA9548A has channels 0 to 7, not {channel!r}")
        with self._lock:
            try:
                if self._bus is None:
                    self._bus = self._open_bus()
                if self._current != channel:
                    self._bus.write_byte(self.address, 1 << channel)
                    self._current = channel
                yield
            except BaseException:
                self._current = None
                raise

    def close(self) -> None:
        """Deselects every channel (so a display straight on the bus is alone again) and closes the bus."""
        with self._lock:
            if self._bus is None:
                return
            with contextlib.suppress(Exception):
                self._bus.write_byte(self.address, 0)
            with contextlib.suppress(Exception):
                self._bus.close()
            self._bus, self._current = None, None


def open_luma_oled(target: OledTarget, mux: Tca9548a | None = None) -> Any:
    """Opens the real display: luma's i2c interface and ssd1306/sh1106 driver (128×64). Its init
    sequence goes through the mux channel too. Raises luma.core.error.Error or OSError when the
    bus or the display is not there.

    luma registers an exit hook that switches each display off; with a mux that write would go to
    whichever channel is open, so `persist` is set and `PadDisplay.close` clears each display on
    its own channel instead.
    """
    from luma.core.interface.serial import i2c
    from luma.oled.device import sh1106, ssd1306

    driver = {"ssd1306": ssd1306, "sh1106": sh1106}[target.driver]
    serial = i2c(port=target.bus, address=target.address)
    try:
        select = mux.channel(target.mux_channel) if mux is not None and target.mux_channel is not None \
            else contextlib.nullcontext()
        with select:
            device = driver(serial, width=128, height=64)
    except BaseException:
        serial.cleanup()
        raise
    device.persist = True
    return device


class PadDisplay(DisplayLink[PadScreen]):
    """Seat `seat`'s OLED (seats from 0). `device`: a luma-shaped device, or a callable opening one
    (called again to retry after a failure). `where` describes it for messages ("SSD1306 at 0x3C
    on I2C bus 1"). `select`: a context manager factory wrapped around every device call (the mux
    channel). Thread-safe: `show` and `close` may come from different threads. Showing, retrying
    and reporting are `hardware.display_link.DisplayLink`'s.
    """

    def __init__(self, seat: int, device: Any, report: Callable[[object], None], *, where: str = "",
                 select: Callable[[], ContextManager[Any]] | None = None, retry_after: float = 5.0,
                 clock: Callable[[], float] = time.monotonic,
                 renderer: Callable[[PadScreen], Image.Image] = render) -> None:
        self.seat = seat
        super().__init__(device, report, where=where, select=select, retry_after=retry_after,
                         clock=clock, renderer=renderer)

    @classmethod
    def for_target(cls, seat: int, target: OledTarget, report: Callable[[object], None], *,
                   mux: Tca9548a | None = None, **kwargs: Any) -> "PadDisplay":
        """The real display at `target`; `mux` (shared by every display on that bus) when
        `target.mux_channel` is set."""
        if target.mux_channel is not None and mux is None:
            raise ValueError(f"{target.describe()}: a mux channel needs the bus's Tca9548a")
        select = None
        if target.mux_channel is not None:
            channel = target.mux_channel
            select = lambda: mux.channel(channel)  # noqa: E731
        return cls(seat, lambda: open_luma_oled(target, mux), report, where=target.describe(),
                   select=select, **kwargs)

    @property
    def name(self) -> str:
        """The device name in facts: "pad 2 OLED"."""
        return f"pad {self.seat + 1} OLED"

    def _status(self, status: str, detail: str) -> DeviceStatus:
        return DeviceStatus(self.name, status, detail, self.seat)

    def _back_detail(self) -> str:
        return f"seat {self.seat + 1}'s OLED ({self.where}) is back."

    def _trouble_detail(self, what: str) -> str:
        return (f"seat {self.seat + 1}'s OLED ({self.where}) {what}. The game goes on without it; "
                f"check its wiring and address (i2cdetect).")


def open_pad_displays(targets: Mapping[int, OledTarget], report: Callable[[object], None],
                      **kwargs: Any) -> tuple[dict[int, PadDisplay], list[Tca9548a]]:
    """Real displays for seats {seat: target}, one shared `Tca9548a` per (bus, mux address) that
    has mux channels. Nothing is opened yet: each display opens (and reports) at its first
    `show()`. Returns the displays and the muxes (close them after the displays)."""
    muxes: dict[tuple[int, int], Tca9548a] = {}
    displays = {}
    for seat, target in sorted(targets.items()):
        mux = None
        if target.mux_channel is not None:
            key = (target.bus, target.mux_address)
            mux = muxes.setdefault(key, Tca9548a.on_bus(target.bus, target.mux_address))
        displays[seat] = PadDisplay.for_target(seat, target, report, mux=mux, **kwargs)
    return displays, list(muxes.values())
