"""Waiting in tests for what another thread (a device twin, a reader) will do.

A test waits for a condition, never for a duration: `wait_for` returns as soon as the condition
holds, so its bound is only a failure limit. The default is generous (a loaded CI machine runs
this suite several times slower than a laptop); a passing test never waits for it.
"""

from __future__ import annotations

import time
from typing import Callable

from tests.machine_load import slowdown

TIMEOUT = 30.0
"""Seconds before a condition that never holds counts as a failure."""


def wait_for(condition: Callable[[], object], timeout: float = TIMEOUT) -> bool:
    """Polls `condition` until it holds or `timeout` seconds (stretched by the machine's load,
    `tests.machine_load`) pass; its last value decides."""
    end = time.monotonic() + timeout * slowdown()
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.005)
    return bool(condition())
