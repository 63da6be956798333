"""The full check of every journal on the shelf, in the background once the table is idle.

Listing the games trusts the catalog (`core.catalog`): a journal whose file was not written since
its row was made is not opened. What only a full read finds — a byte that rotted on the card
without the file being written — is `JournalStore.verify_all`'s job, which reads every event of
every journal: far too slow for a start or a tap with a shelf of finished games. So the app runs it
once per start, off the main thread, after the first frame and only from the table's first idle
moment on (`CompanionApp.when_idle`):

- a thread of its own reads (`JournalStore.check_all`: read-only connections, nothing of the
  store's touched), one journal at a time, and waits before the next while the table is busy (a
  fact in the last `QUIET_SECONDS`); on Linux it runs at the lowest CPU priority, so a Pi's cores
  go to the main loop first. The open game's journal is left out: resuming it checked every event.
- what it found crosses to the main thread (`bridge.on_main_thread`), where the store sets each
  damaged journal aside and tells the table (`JournalStore.settle_checks`), exactly as a start that
  met it would; home shows the notice with its Recover, as today. A journal written or moved since
  it was read is left alone (its signature changed).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, Sequence

log = logging.getLogger("companion.ui")

#: Seconds without a fact before the check reads its next journal (the idle collector's moment).
QUIET_SECONDS = 1.0


class ShelfCheck:
    """One background check of the shelf for one running app (see the module docstring).

    `done(moved)` runs on the main thread once the check's findings are settled: `moved`, the
    journals set aside. `start`, `activity` and `stop` are called on the main thread."""

    def __init__(self, session: Any, done: Callable[[Sequence[Path]], None], *,
                 quiet: float = QUIET_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self._done = done
        self._quiet = quiet
        self._clock = clock
        self._last_activity = float("-inf")
        self._stopped = threading.Event()
        self.thread: threading.Thread | None = None
        self.finished = False
        """True once the findings were settled on the main thread (tests wait for it)."""

    def activity(self) -> None:
        """A fact was handled: the next journal waits until the table is quiet again."""
        self._last_activity = self._clock()

    def start(self) -> None:
        """Starts the check's thread (once); the open game's journal is left out."""
        if self.thread is not None or self._stopped.is_set():
            return
        engine = self.session.engine
        skip = [Path(engine.journal.path)] if engine is not None else []
        self.thread = threading.Thread(target=self._run, args=(skip,), name="shelf-check", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """The app stops: the thread ends before its next journal, and what it found is dropped
        (the next start checks again)."""
        self._stopped.set()

    def _run(self, skip: list[Path]) -> None:
        from companion.ui.shell.bridge import on_main_thread

        _lowest_priority()
        try:
            found = self.session.store.check_all(skip, between=self._wait_for_quiet)
        except _Stopped:
            return
        except Exception:  # a bug here must never stop the table: the doctor still checks
            log.exception("the background check of the journals failed")
            return
        if not found:
            self.finished = True  # nothing to set aside or tell: the main thread need not be woken
        elif not self._stopped.is_set():
            on_main_thread(lambda: self._settle(found))

    def _wait_for_quiet(self) -> None:
        while True:
            if self._stopped.is_set():
                raise _Stopped
            busy_for = self._last_activity + self._quiet - self._clock()
            if busy_for <= 0:
                return
            self._stopped.wait(min(busy_for, 0.1))  # a tenth at most: a clock that jumps is seen soon

    def _settle(self, found: list[Any]) -> None:
        if self._stopped.is_set():
            return  # the app stopped meanwhile: its store is not ours to change any more
        moved = self.session.store.settle_checks(found)
        if found:
            log.warning("background check of the journals: %d with a fault, %d set aside", len(found), len(moved))
        self.finished = True
        self._done(moved)


class _Stopped(Exception):
    """The app stopped while the check waited between journals."""


def _lowest_priority() -> None:
    """This thread (not the process) at nice 19 where the OS allows it: Linux gives each thread
    its own niceness."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass
