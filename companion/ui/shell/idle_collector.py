"""Garbage collection between frames and while the table is idle, over what is new since last time.

CPython's cyclic collector walks every object it tracks. With the app, its screens and a game's
history in memory that is several hundred thousand objects, and a pass over them all took 250 ms
to 1.5 s on the reference machine (more on a Raspberry Pi): run in the middle of a tap, or just
before the next one, the table froze for that long. So:

- nothing collects by itself (`gc.disable`): the young generations are collected between frames,
  at the start of the frame after the one that made them exceed CPython's own thresholds (a few
  ms, they hold only what was made since their last pass). A tap's work and its frame then never
  pay for it, and the next touch comes long after (a finger is still lifting);
- the oldest generation waits for the table to be idle:
  `IDLE_COLLECT_SECONDS` after the last fact, one pass collects what is garbage, and everything
  still alive is then frozen (`gc.freeze`: moved where no pass looks again). The next idle pass
  walks only what was made since: one tap's worth, a few milliseconds;
- what start-up made (the imports, the first screen: objects that live as long as the app) is
  frozen as the first screen is built (`freeze_start_up`), so the first frame's young pass has
  nothing to walk; the CLI keeps CPython's collector off from the start of `companion` to there
  (75 ms of passes over objects that are not garbage, before, at 200 resumed steps), and the
  first idle pass, a whole one, collects whatever of it was garbage after all;
- a frozen object that later becomes part of a garbage cycle (a widget dropped from the screen) is
  not freed by those passes. Once `WHOLE_PASS_GROWTH` more objects are frozen than after the last
  whole pass, the next idle pass unfreezes everything and walks it all (the old cost, rarely), so
  such garbage is bounded, not a leak.
"""

from __future__ import annotations

import gc
from typing import Callable

from kivy.clock import Clock

#: Seconds without a fact after which the idle pass runs.
IDLE_COLLECT_SECONDS = 1.0
#: Frozen objects added since the last whole pass that make the next idle pass a whole one.
WHOLE_PASS_GROWTH = 150_000


class IdleCollector:
    """Collects garbage between frames and when the table is idle (see the module docstring).
    `activity()` after every fact postpones the idle pass; `stop()` unfreezes everything and gives
    collection back to CPython."""

    def __init__(self, whole_pass_growth: int = WHOLE_PASS_GROWTH) -> None:
        self._saved = gc.get_threshold()
        self._was_enabled = gc.isenabled()
        gc.disable()  # the young generations are collected between frames, the oldest when idle
        self.young_passes = 0
        self._frames = Clock.schedule_interval(self.between_frames, 0)
        self.whole_pass_growth = whole_pass_growth
        self._frozen_after_whole = -1  # no whole pass yet: the first one is whole
        self.passes = self.whole_passes = 0
        self._jobs: list[Callable[[], None]] = []
        # Not armed until the first `activity()` (the app's, once its first frame is shown): on a
        # busy machine a start slower than the pause ran the idle jobs and the whole pass before
        # the first frame.
        self._trigger = Clock.create_trigger(self._idle, IDLE_COLLECT_SECONDS)

    def when_idle(self, job: Callable[[], None]) -> None:
        """Runs `job` once, at the next idle moment, before that moment's pass (which then collects
        whatever garbage the job made): work nobody should wait for, such as widgets a later tap
        would otherwise have to build."""
        if job not in self._jobs:
            self._jobs.append(job)

    def idle_now(self) -> None:
        """The idle moment now, as if the table had paused for `IDLE_COLLECT_SECONDS`: a benchmark
        models a table's pace (a pause between turns) without waiting for it."""
        self._trigger.cancel()
        self._idle()

    def _idle(self, _dt: float = 0.0) -> None:
        jobs, self._jobs = self._jobs, []
        for job in jobs:
            job()
        self.collect()

    def between_frames(self, _dt: float = 0.0) -> None:
        """At the start of a frame: collects the young generations if what was made since their
        last pass exceeds CPython's thresholds (the middle one too when it is due)."""
        young, middle, _old = gc.get_count()
        if young >= self._saved[0]:
            gc.collect(1 if middle + 1 >= self._saved[1] else 0)
            self.young_passes += 1

    def freeze_start_up(self) -> None:
        """Freezes everything alive now (start-up's objects) until the first idle pass, a whole
        one (see the module docstring): the young generations start empty at the first frame."""
        gc.freeze()

    def activity(self) -> None:
        """A fact was handled: postpone the pass until the table is idle again."""
        self._trigger.cancel()
        self._trigger()

    def collect(self, _dt: float = 0.0, whole: bool = False) -> None:
        """One idle pass: over what is new since the last one, or over everything (`whole`, or when
        enough has been frozen since the last whole pass). Everything alive afterwards is frozen."""
        whole = whole or self._frozen_after_whole < 0 or \
            gc.get_freeze_count() - self._frozen_after_whole >= self.whole_pass_growth
        if whole:
            gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.passes += 1
        if whole:
            self.whole_passes += 1
            self._frozen_after_whole = gc.get_freeze_count()

    def stop(self) -> None:
        self._trigger.cancel()
        self._frames.cancel()
        self._jobs.clear()
        gc.unfreeze()
        gc.set_threshold(*self._saved)
        if self._was_enabled:
            gc.enable()
