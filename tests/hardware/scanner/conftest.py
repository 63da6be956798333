"""Fixtures for the scanner: a pty the test plays the device on, and a thread-safe fact log."""

from __future__ import annotations

import os
import select
import threading
import time
import tty
from typing import Callable

import pytest

from hardware.scanner.codec import Frame, format_frame
from hardware.scanner.framer import FrameDecoder
from tests.waiting import TIMEOUT


class Facts:
    """Facts reported from the reader's thread, in order; `wait_for` polls them."""

    def __init__(self) -> None:
        self.items: list[object] = []
        self._cond = threading.Condition()

    def __call__(self, fact: object) -> None:
        with self._cond:
            self.items.append(fact)
            self._cond.notify_all()

    def of(self, kind: type) -> list:
        with self._cond:
            return [f for f in self.items if isinstance(f, kind)]

    def wait_for(self, check: Callable[["Facts"], object], timeout: float = TIMEOUT) -> object:
        """Returns `check`'s first true answer; `timeout` is a failure limit, not a wait."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                result = check(self)
                if result:
                    return result
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out; facts so far: {self.items}")
                self._cond.wait(min(left, 0.05))

    def states(self) -> list[str]:
        from hardware.facts import ScannerStatus
        return [f.state for f in self.of(ScannerStatus)]


class ManualClock:
    """A reader's clock that moves only when the test says (`advance`): its watchdog, its hello
    retries and its once-a-second counter reports then happen when the test decides, however fast
    or slow the machine runs the reader's thread. Read from that thread, moved from the test's."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


class DevicePty:
    """A pty whose master side the test drives as the scanner: `send` frames or raw bytes,
    `requests()` returns what the host asked."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self._decoder = FrameDecoder()
        self.seen: list[Frame] = []

    def send(self, *items: Frame | bytes) -> None:
        os.write(self.master, b"".join(i if isinstance(i, bytes) else format_frame(i) for i in items))

    def requests(self, wait: float = 0.0) -> list[Frame]:
        """Every request received so far (waiting up to `wait` seconds for the first new one)."""
        deadline = time.monotonic() + wait
        while True:
            ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return self.seen
            self.seen += [f for f in self._decoder.feed(os.read(self.master, 4096)) if not isinstance(f, Exception)]
            if time.monotonic() >= deadline:
                return self.seen

    def wait_request(self, kind: type, count: int = 1, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while sum(isinstance(f, kind) for f in self.seen) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {count} x {kind.__name__}; got {self.seen}")
            self.requests(0.05)

    def close(self) -> None:
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture
def scanner_facts() -> Facts:
    return Facts()


@pytest.fixture
def device():
    pty = DevicePty()
    yield pty
    pty.close()
