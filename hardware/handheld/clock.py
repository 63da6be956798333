"""Time for the pads: a clock to stamp edges with, and a scheduler that wakes a pad at its next deadline.

A pad's repeats, long presses and debounce settles happen when nothing touches the pins, so
something must wake it. Both schedulers here own the clock they tick with, so timestamps and
deadlines always share one timebase:

- `ThreadScheduler`: one daemon thread for all pads, sleeping until the earliest deadline
  (`time.monotonic` by default). What the app uses.
- `ManualScheduler`: time stands still until a test (or a benchmark, or a scripted run) calls
  `advance(seconds)`; every deadline on the way runs at its own instant. Deterministic.

A client (`Tickable`) tells the scheduler its next deadline with `set_deadline(client, when)`
and is called back with `tick(now)`. A scheduler never holds its own lock while calling a
client, so a client may call `set_deadline` while holding its own lock without deadlock.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Protocol

log = logging.getLogger("hardware.handheld")

class Tickable(Protocol):
    def tick(self, now: float) -> None:
        """Run whatever fell due by `now` (seconds on the scheduler's clock)."""


class Scheduler(Protocol):
    clock: Callable[[], float]

    def set_deadline(self, client: Tickable, when: float | None) -> None:
        """`client` wants `tick` at `when` (None: nothing pending). Replaces its previous deadline."""


class ThreadScheduler:
    """Wakes clients at their deadlines from one daemon thread. `close()` stops it.

    Deadlines late by a few milliseconds (thread wake-up) do not shift the schedule: the pad logic
    runs each deadline at its own time, so a repeat rate does not drift.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, name: str = "pad-timer") -> None:
        self.clock = clock
        self._deadlines: dict[Tickable, float] = {}
        self._cond = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def set_deadline(self, client: Tickable, when: float | None) -> None:
        with self._cond:
            if when is None:
                self._deadlines.pop(client, None)
            else:
                self._deadlines[client] = when
            self._cond.notify()

    def close(self) -> None:
        """Stops the thread (waits for it). Deadlines still pending are dropped."""
        with self._cond:
            self._stopped = True
            self._deadlines.clear()
            self._cond.notify()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2)

    @property
    def is_running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if self._stopped:
                        return
                    now = self.clock()
                    due = [client for client, when in self._deadlines.items() if when <= now]
                    if due:
                        for client in due:
                            del self._deadlines[client]  # the client sets its next one in tick
                        break
                    wait = min(self._deadlines.values(), default=now + 3600) - now
                    self._cond.wait(timeout=max(wait, 0.0005))
            for client in due:
                try:
                    client.tick(now)
                except Exception:  # one broken pad must not stop every other pad's timer
                    log.exception("pad timer: %r failed", client)


class ManualScheduler:
    """A scheduler whose time moves only when told: for tests, benchmarks and scripted runs.

    `clock()` returns `time`; `advance(dt)` walks forward, running every deadline on the way at
    exactly its instant, then sets the time to the end. Single-threaded by design.
    """

    def __init__(self, start: float = 0.0) -> None:
        self.time = float(start)
        self._deadlines: dict[Tickable, float] = {}

    def clock(self) -> float:
        return self.time

    def set_deadline(self, client: Tickable, when: float | None) -> None:
        if when is None:
            self._deadlines.pop(client, None)
        else:
            self._deadlines[client] = when

    def next_deadline(self) -> float | None:
        return min(self._deadlines.values(), default=None)

    def advance(self, seconds: float) -> None:
        """Moves time forward by `seconds`, waking clients on the way."""
        if seconds < 0:
            raise ValueError("time does not go backwards")
        self.advance_to(self.time + seconds)

    def advance_to(self, target: float) -> None:
        while True:
            when = self.next_deadline()
            if when is None or when > target:
                break
            self.time = max(self.time, when)
            for client in [c for c, w in self._deadlines.items() if w <= self.time]:
                del self._deadlines[client]
                client.tick(self.time)
        self.time = max(self.time, target)
