"""The bridge: facts from any thread enter one queue that the Kivy main thread drains, in order.

Hardware threads (GPIO callbacks, the serial reader) only `post`. A Clock trigger (thread-safe to
fire) drains the queue on the main thread, so the session, the engine and every widget are touched
from that one thread and game code needs no locks. A fact posted from the main thread itself is
handled at once, after anything queued before it, so a touch shows without waiting for a frame.

A fact from a device thread wakes the main loop at once, not at the next frame: the app runs on
Kivy's `free_all` clock (`environment.WAKE_CLOCK`, set by `environment.prepare`), and the trigger
is a *free* one (`Clock.create_trigger_free`), which that clock lets interrupt its sleep between
frames; the tick it wakes handles the fact and draws the frame that shows it. Ordinary events keep
the frame rate (an interval of 0 still means once a frame, not a busy loop). Under another clock
(`KIVY_CLOCK=default` chosen before the start) the trigger is an ordinary one and the fact waits
for the next frame, as before. Measured in benchmarks/pads.py and benchmarks/scanner.py (both
clocks, benchmarks/run_all.py). `on_main_thread` is the same hop for a plain callback (a
display's image, a sound to play).
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable, Sequence


class Bridge:
    def __init__(self, handle: Callable[[object], None]) -> None:
        from kivy.clock import Clock

        self._handle = handle
        self._queue: "queue.SimpleQueue[object]" = queue.SimpleQueue()
        self._main = threading.get_ident()
        self._trigger = wake_trigger(lambda dt: self.drain())
        self._draining = False

    def post(self, fact: object) -> None:
        """Thread-safe. From the main thread the fact is handled before this returns."""
        self._queue.put(fact)
        if threading.get_ident() == self._main:
            self.drain()
        else:
            self._trigger()

    def post_all(self, facts: "Sequence[object]") -> None:
        """Thread-safe: `facts` queued in order, then the main loop woken once, so that it handles
        them in one drain (a settled frame's live dice and its read: the read reaches the rules
        without a whole refresh for the live frame first, and `more_queued` holds for that one)."""
        for fact in facts:
            self._queue.put(fact)
        if threading.get_ident() == self._main:
            self.drain()
        else:
            self._trigger()

    def has_queued(self) -> bool:
        """Does a fact wait in the queue (any thread; a snapshot)? The session's `more_queued`."""
        return not self._queue.empty()

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


def wakes_at_once() -> bool:
    """Does a fact from a device thread wake the main loop at once (Kivy's clock has free events)?"""
    from kivy.clock import Clock

    return hasattr(Clock, "create_trigger_free")


def wake_trigger(callback: Callable[[float], Any]) -> Any:
    """A trigger that any thread may fire; it runs `callback` on the main thread at once (a free
    trigger: the main loop wakes from its sleep between frames) or, without free events, at the
    next frame."""
    from kivy.clock import Clock

    make = getattr(Clock, "create_trigger_free", None) or Clock.create_trigger
    return make(callback, 0)


def on_main_thread(callback: Callable[[], Any]) -> None:
    """Runs `callback()` on the Kivy main thread as soon as it can; callable from any thread."""
    from kivy.clock import Clock

    schedule = getattr(Clock, "schedule_once_free", None) or Clock.schedule_once
    schedule(lambda _dt: callback(), 0)
