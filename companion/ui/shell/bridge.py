"""The bridge: facts from any thread enter one queue that the Kivy main thread drains, in order.

Hardware threads (GPIO callbacks, the serial reader) only `post`. A Clock trigger (thread-safe to
fire) drains the queue on the main thread, so the session, the engine and every widget are touched
from that one thread and game code needs no locks. A fact posted from the main thread itself is
handled at once, after anything queued before it, so a touch shows without waiting for a frame.
"""

from __future__ import annotations

import queue
import threading
from typing import Callable


class Bridge:
    def __init__(self, handle: Callable[[object], None]) -> None:
        from kivy.clock import Clock

        self._handle = handle
        self._queue: "queue.SimpleQueue[object]" = queue.SimpleQueue()
        self._main = threading.get_ident()
        self._trigger = Clock.create_trigger(lambda dt: self.drain(), 0)
        self._draining = False

    def post(self, fact: object) -> None:
        """Thread-safe. From the main thread the fact is handled before this returns."""
        self._queue.put(fact)
        if threading.get_ident() == self._main:
            self.drain()
        else:
            self._trigger()

    def drain(self) -> int:
        """Handles every queued fact in order; main thread only. Returns how many were handled."""
        if threading.get_ident() != self._main:
            raise RuntimeError("Bridge.drain runs on the Kivy main thread only")
        if self._draining:  # a listener posted while we handle: the outer loop picks it up
            return 0
        self._draining = True
        handled = 0
        try:
            while True:
                try:
                    fact = self._queue.get_nowait()
                except queue.Empty:
                    return handled
                self._handle(fact)
                handled += 1
        finally:
            self._draining = False
