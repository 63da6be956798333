"""Waiting in tests for what another thread (a device twin, a reader) will do."""

from __future__ import annotations

import time
from typing import Callable


def wait_for(condition: Callable[[], object], timeout: float = 5.0) -> bool:
    """Polls `condition` until it holds or `timeout` seconds pass; its last value decides."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.005)
    return bool(condition())
