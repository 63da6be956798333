"""The tray's loop: pictures from a source through the vision and the settle tracker into the
firmware, and the firmware's lines out to the host — over the USB gadget's serial port on the Zero
(/dev/ttyGS0), or over a pseudo-terminal with a stable link for tests and a bench without a Zero
(the app and `scanner-check` open the link as they would /dev/dice-scanner).

Two threads: the camera thread (a picture, its dice, maybe a frame: tens of ms each) and the
line thread (requests answered at once, heartbeats on time), sharing the firmware under a lock,
so a slow picture never delays an answer or a beat.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
import time
import tty
from pathlib import Path
from typing import Callable

import numpy as np

from firmware_tools.tray.firmware import TrayFirmware
from firmware_tools.tray.settle import SettleTracker
from firmware_tools.tray.sources import SourceError
from firmware_tools.tray.vision import Vision

log = logging.getLogger("firmware_tools.tray")

LIGHT_TEXT = {"dark": "too dark to read faces: is the LED ring on?",
              "bright": "too bright to read faces: glare, or the lid open in sunlight"}


class Tray:
    """Vision, tracker and firmware together: a picture in, the lines to send out."""

    def __init__(self, vision: Vision, firmware: TrayFirmware, tracker: SettleTracker | None = None) -> None:
        self.vision = vision
        self.firmware = firmware
        self.tracker = tracker or SettleTracker(vision.table.die_px)

    def power_on(self, now: float) -> list[bytes]:
        self.tracker.reset()
        return self.firmware.power_on(now)

    def picture(self, image: np.ndarray, now: float) -> list[bytes]:
        sight = self.vision.look(image)
        out: list[bytes] = []
        if sight.light:
            out += self.firmware.trouble("LIGHT", LIGHT_TEXT[sight.light], now)
        else:
            self.firmware.clear_trouble("LIGHT")
        self.firmware.clear_trouble("CAM")
        dice = self.tracker.update(sight.dice, now)
        return out + self.firmware.observe(dice, now, judged=self.tracker.judged(now))

    def no_picture(self, reason: str, now: float) -> list[bytes]:
        return self.firmware.trouble("CAM", reason, now)


class FdPort:
    """A serial line as a file descriptor: non-blocking writes, and what the host does not take is
    dropped (a host that is not reading must never stall the tray)."""

    def __init__(self, fd: int, name: str) -> None:
        self.fd = fd
        self.name = name
        os.set_blocking(fd, False)
        self.dropped = 0

    def write(self, data: bytes) -> None:
        while data:
            try:
                written = os.write(self.fd, data)
            except BlockingIOError:
                self.dropped += len(data)
                return
            except OSError as exc:
                if exc.errno in (errno.EIO, errno.EAGAIN, errno.ENODEV, errno.EPIPE):
                    self.dropped += len(data)  # no host on the other end just now
                    return
                raise
            data = data[written:]

    def read(self) -> bytes:
        try:
            return os.read(self.fd, 4096)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError as exc:
            if exc.errno in (errno.EIO, errno.ENODEV):
                return b""
            raise

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass


def open_device(path: str) -> FdPort:
    """The USB gadget's port (/dev/ttyGS0) or any tty, raw, not our controlling terminal."""
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        tty.setraw(fd)
    except Exception:  # termios.error on a non-tty (a FIFO on a bench): use it as it is
        pass
    return FdPort(fd, path)


class PtyPort(FdPort):
    """A pseudo-terminal whose other side is reachable as `link` (a symlink swapped in one step,
    like the simulator's). The tray keeps the other side open too, so writes never fail for want
    of a reader."""

    def __init__(self, link: str | os.PathLike[str]) -> None:
        from hardware.scanner.ptyhost import replace_symlink

        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        self._slave = slave
        self.pty_path = os.ttyname(slave)
        self.link = Path(link)
        replace_symlink(self.link, self.pty_path)
        super().__init__(master, str(self.link))

    def close(self) -> None:
        try:
            if os.readlink(self.link) == self.pty_path:
                self.link.unlink()
        except OSError:
            pass
        super().close()
        try:
            os.close(self._slave)
        except OSError:
            pass


class TrayRunner:
    """Runs a tray on a port until `close()`. `source_factory` makes the picture source (again,
    after a camera failure: every `retry` seconds, with E,CAM reported meanwhile)."""

    def __init__(self, tray: Tray, source_factory: Callable[[], object], port: FdPort, *,
                 clock: Callable[[], float] = time.monotonic, retry: float = 2.0) -> None:
        self.tray = tray
        self.source_factory = source_factory
        self.port = port
        self.clock = clock
        self.retry = retry
        self.pictures = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._source: object | None = None
        self._threads = [threading.Thread(target=self._camera, name="tray-camera", daemon=True),
                         threading.Thread(target=self._lines, name="tray-lines", daemon=True)]

    def start(self) -> "TrayRunner":
        with self._lock:
            self.port.write(b"".join(self.tray.power_on(self.clock())))
        for thread in self._threads:
            thread.start()
        return self

    def restart(self) -> None:
        """A reboot in place (a watchdog reset): a new boot id, numbering from 1, the tray
        re-reported once judged."""
        with self._lock:
            self.port.write(b"".join(self.tray.power_on(self.clock())))

    def close(self) -> None:
        self._stop.set()
        os.write(self._wake_w, b"!")
        source = self._source
        if source is not None and hasattr(source, "close"):
            source.close()  # type: ignore[attr-defined]
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(5.0)
        for fd in (self._wake_r, self._wake_w):
            os.close(fd)
        self.port.close()

    def __enter__(self) -> "TrayRunner":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def wait(self) -> None:
        """Until `close()` (from a signal handler's thread, say)."""
        while not self._stop.wait(0.5):
            pass

    def _send(self, lines: list[bytes]) -> None:
        if lines:
            self.port.write(b"".join(lines))

    def _camera(self) -> None:
        while not self._stop.is_set():
            try:
                if self._source is None:
                    self._source = self.source_factory()
                image = self._source.read()  # type: ignore[attr-defined]
            except SourceError as exc:
                if self._stop.is_set():
                    return
                log.warning("%s", exc)
                with self._lock:
                    self._send(self.tray.no_picture(str(exc), self.clock()))
                self._source = None
                self._stop.wait(self.retry)
                continue
            with self._lock:
                try:
                    lines = self.tray.picture(image, self.clock())
                except Exception as exc:  # a bug must not stop the tray: said, logged, next picture
                    log.exception("a picture could not be read")
                    lines = self.tray.firmware.trouble("READ", f"a picture could not be read: {exc}", self.clock())
                self._send(lines)
            self.pictures += 1

    def _lines(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                wait = max(0.0, self.tray.firmware.next_deadline() - self.clock())
            try:
                ready, _, _ = select.select([self.port.fd, self._wake_r], [], [], min(wait, 0.5))
            except (OSError, ValueError):
                return  # closed under us: stopping
            if self._stop.is_set():
                return
            data = self.port.read() if self.port.fd in ready else b""
            if self.port.fd in ready and not data:
                time.sleep(0.05)  # no host on the gadget port: readable with nothing to read
            with self._lock:
                now = self.clock()
                if data:
                    self._send(self.tray.firmware.on_bytes(data, now))
                self._send(self.tray.firmware.tick(now))
