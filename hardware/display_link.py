"""`DisplayLink`: what every OLED of ours does with its luma device, whoever it belongs to.

A seat's pad display (`hardware.handheld.oled.PadDisplay`) and the table status display
(`hardware.status_display.display.StatusDisplay`) differ only in what they draw and how they name
themselves in a `DeviceStatus`; the link does the rest. It works with anything luma-shaped
(`display(image)`, `clear()`, `hide()`, `cleanup()`): a real SSD1306/SH1106 on I2C, luma's `dummy`
device (tests), or `hardware.handheld.twins.SimulatedOled` (the on-screen panel and PNG twin).

The failure policy: a display that is missing or stops answering never raises into the caller. It
is reported once (status "missing" or "failed"), the latest screen is kept, the device is tried
again at the first `show()` or `refresh()` after `retry_after` seconds (not before: each try on a
dead bus costs a timeout), and "ok" is reported when it is back. A device given as an opener is
opened at the first `show()` and opened again after a failure (a replugged display needs its init
again). The game goes on without it.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any, Callable, ContextManager, Generic, TypeVar

from PIL import Image

Screen = TypeVar("Screen")


def describe_failure(exc: BaseException) -> str:
    """What went wrong, in a few words: an OSError's strerror (and file), else the exception's text
    or, when it has none, its type's name."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror + (f" ({exc.filename})" if exc.filename else "")
    return str(exc) or type(exc).__name__


class DisplayLink(Generic[Screen]):
    """Renders a screen and hands the image to a luma device, with the failure policy above.

    `device`: a luma-shaped device, or a callable opening one (called again to retry after a
    failure). `where` describes it for messages ("SSD1306 at 0x3C on I2C bus 1"). `select`: a
    context manager factory wrapped around every device call (a mux channel). Thread-safe: `show`
    may come from a writer thread, `close` from another.

    A subclass says how it is named in facts: `_status(status, detail)` builds the fact to report,
    `_back_detail()` and `_trouble_detail(what)` the sentences for "ok" and for trouble.
    """

    def __init__(self, device: Any, report: Callable[[object], None], *, where: str = "",
                 select: Callable[[], ContextManager[Any]] | None = None, retry_after: float = 5.0,
                 clock: Callable[[], float] = time.monotonic,
                 renderer: Callable[[Screen], Image.Image]) -> None:
        self._open: Callable[[], Any] | None = None if hasattr(device, "display") else device
        self._device: Any = device if self._open is None else None
        self.where = where or type(device).__name__
        self._report = report
        self._select = select or contextlib.nullcontext
        self._retry_after = retry_after
        self._clock = clock
        self._render = renderer
        self._lock = threading.Lock()
        self._problem: str | None = None  # the status last reported, while something is wrong
        self._next_try = -float("inf")
        self._shown: bytes | None = None
        self._closed = False
        self.screen: Screen | None = None
        self.image: Image.Image | None = None
        self.writes = 0
        """Frames actually sent to the device (an unchanged image is not sent again)."""

    @property
    def is_working(self) -> bool:
        """The device is open and its last write succeeded."""
        return self._device is not None and self._problem is None

    def show(self, screen: Screen) -> bool:
        """Renders `screen` and sends it (unless it is the image already shown). True when the
        device shows it; False when the device is missing or failed (reported, not raised). The
        screen last shown is not rendered again: after every fact each pad is handed its screen,
        most of them unchanged."""
        with self._lock:
            kept = self.image if self.image is not None and screen == self.screen else None
        image = kept if kept is not None else self._render(screen)
        with self._lock:
            self.screen, self.image = screen, image
            return self._push()

    def refresh(self) -> bool:
        """Sends the latest image again if the last attempt failed (a retry timer may call it)."""
        with self._lock:
            return self.image is not None and self._push()

    def close(self) -> None:
        """Clears the display (nothing, a seat's secret least of all, may stay on it) and releases
        it; later shows are kept but not sent. Never raises."""
        with self._lock:
            self._closed = True
            device, self._device = self._device, None
            if device is None:
                return
            with contextlib.suppress(Exception):
                with self._select():
                    device.clear()
                    device.hide()
            with contextlib.suppress(Exception):
                device.cleanup()

    # -- what a subclass says ---------------------------------------------------------------------

    def _status(self, status: str, detail: str) -> object:
        """The fact reporting `status` ("ok", "missing", "failed") with `detail`."""
        raise NotImplementedError

    def _back_detail(self) -> str:
        """The sentence for "ok" after trouble."""
        raise NotImplementedError

    def _trouble_detail(self, what: str) -> str:
        """The sentence for trouble; `what` is "did not answer: …" or "stopped answering: …"."""
        raise NotImplementedError

    # -- internals ------------------------------------------------------------------------------

    def _push(self) -> bool:
        image = self.image
        assert image is not None
        if self._closed or (self._problem is not None and self._clock() < self._next_try):
            return False  # a failing bus costs a timeout per try: try again only after retry_after
        data = image.tobytes()
        if self._device is None:
            if self._open is None:
                return False
            try:
                self._device = self._open()  # an opener selects its own mux channel (open_luma_oled)
            except Exception as exc:  # luma's DeviceNotFoundError, OSError from smbus2, …
                self._trouble("missing", f"did not answer: {describe_failure(exc)}")
                return False
            self._shown = None
        elif data == self._shown and self._problem is None:
            return True
        try:
            with self._select():
                self._device.display(image)
        except Exception as exc:
            self._trouble("failed", f"stopped answering: {describe_failure(exc)}")
            if self._open is not None:  # reopen next time: a replugged display needs its init again
                device, self._device = self._device, None
                with contextlib.suppress(Exception):
                    device.cleanup()
            return False
        self._shown = data
        self.writes += 1
        if self._problem is not None:
            self._problem = None
            self._report(self._status("ok", self._back_detail()))
        return True

    def _trouble(self, status: str, what: str) -> None:
        self._next_try = self._clock() + self._retry_after
        if self._problem == status:
            return  # said once; no flood while it stays so
        self._problem = status
        self._report(self._status(status, self._trouble_detail(what)))
