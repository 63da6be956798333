"""One seat's key logic made safe to feed from several threads, reporting `ButtonPressed` facts.

Edges arrive on gpiozero's thread (or the Kivy main thread for the keyboard twin), deadlines on
the scheduler's thread, and `interrupt()` from the app's main thread. A lock keeps `PadLogic`
single-threaded; facts are reported *after* the lock is released, from an outbox drained by one
thread at a time, so they leave in the order they were decided and a `report` that comes
straight back into this seat (the bridge handles main-thread facts at once; the session may then
call `interrupt()`) cannot deadlock.
"""

from __future__ import annotations

import collections
import threading
from typing import Callable

from hardware.facts import PAD_KEYS, ButtonPressed
from hardware.handheld.clock import Scheduler
from hardware.handheld.keylogic import PadLogic, PadTimings

REPEATING = ("minus", "plus")
LONG_NAMES = {"ok": "ok_long"}


class SeatPresses:
    """The presses of seat `seat` (from 0): feed `edge(key, pressed)`; facts go to `report`."""

    def __init__(self, seat: int, report: Callable[[object], None], scheduler: Scheduler,
                 timings: PadTimings = PadTimings()) -> None:
        self.seat = seat
        self._report = report
        self._scheduler = scheduler
        self._logic = PadLogic(PAD_KEYS, timings, repeating=REPEATING, long_names=LONG_NAMES)
        self._lock = threading.Lock()
        self._emitting = threading.Lock()
        self._outbox: collections.deque[str] = collections.deque()
        self._closed = False

    @property
    def timings(self) -> PadTimings:
        return self._logic.timings

    def is_down(self, key: str) -> bool:
        with self._lock:
            return self._logic.is_down(key)

    def edge(self, key: str, pressed: bool) -> None:
        """A raw level change on `key` (True: pressed), stamped now on the scheduler's clock."""
        with self._lock:
            if self._closed:
                return
            self._outbox.extend(self._logic.edge(key, pressed, self._scheduler.clock()))
            self._reschedule()
        self._flush()

    def start_held(self, key: str) -> None:
        """`key` reads pressed before any edge: ignored until released (see `PadLogic.start_held`)."""
        with self._lock:
            self._logic.start_held(key, self._scheduler.clock())

    def tick(self, now: float) -> None:
        """Called by the scheduler at (or after) our deadline."""
        with self._lock:
            if self._closed:
                return
            self._outbox.extend(self._logic.advance(now))
            self._reschedule()
        self._flush()

    def interrupt(self) -> None:
        """Ends the holds in progress on this seat (see `PadLogic.interrupt`). Any thread."""
        with self._lock:
            if self._closed:
                return
            self._outbox.extend(self._logic.interrupt(self._scheduler.clock()))
            self._reschedule()
        self._flush()

    def close(self) -> None:
        """No more facts from this seat, and no more wake-ups."""
        with self._lock:
            self._closed = True
            self._outbox.clear()
            self._scheduler.set_deadline(self, None)

    def _reschedule(self) -> None:
        self._scheduler.set_deadline(self, self._logic.next_deadline())

    def _flush(self) -> None:
        while True:
            if not self._emitting.acquire(blocking=False):
                return  # another thread (or an outer call on this one) is emitting: it takes ours too
            try:
                while True:
                    with self._lock:
                        if not self._outbox:
                            break
                        key = self._outbox.popleft()
                    self._report(ButtonPressed(self.seat, key))
            finally:
                self._emitting.release()
            with self._lock:  # a fact queued between our last look and the release must not wait
                if not self._outbox:
                    return

    def __repr__(self) -> str:
        return f"SeatPresses(seat={self.seat})"
