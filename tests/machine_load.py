"""How much slower than an idle machine this one runs now: failure limits stretch by it.

A test waits for a condition, never for a duration, but it still has limits after which a hang
counts as a failure: pytest-timeout's per-test bound, the UI harness's watchdog, `wait_for`'s
bound. They were set at several times a test's time on an idle machine. On a machine whose run
queue holds many times more work than it has cores (eight builds beside the suite), a passing test
takes that many times longer and would hit them. Each limit is multiplied by `slowdown()`, so a
hang still fails, only later, and a passing test never fails for the machine's load.
"""

from __future__ import annotations

import os

MOST = 8.0
"""The largest stretch: a hang must still fail within the suite's own bound."""


def slowdown() -> float:
    """The run queue's length per core over the last 1 and 5 minutes (the larger), at least 1."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:  # no load figure on this platform: an idle machine's limits
        return 1.0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(MOST, max(1.0, max(one, five) / cores))
