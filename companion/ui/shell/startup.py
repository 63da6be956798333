"""How long since this process started, honestly measured for the first-frame benchmark.

The kernel records each process's start (field 22 of /proc/self/stat, in clock ticks since boot, on
the CLOCK_BOOTTIME scale), so the figure includes the interpreter's own start-up and every import,
not only the time after our module loaded. Resolution is one clock tick (10 ms at USER_HZ=100).
Where /proc is missing (not Linux) we fall back to `time.monotonic()` at this module's import, which
undercounts by the interpreter's start-up; `SOURCE` says which one is in use.
"""

from __future__ import annotations

import os
import time

_IMPORTED_AT = time.monotonic()


def _process_start_boottime() -> float | None:
    try:
        with open("/proc/self/stat", "rb") as f:
            stat = f.read().decode("ascii", "replace")
        # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
        fields = stat[stat.rindex(")") + 2 :].split()
        ticks = int(fields[19])  # field 22 overall: starttime
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


_START = _process_start_boottime()
SOURCE = "/proc/self/stat" if _START is not None and hasattr(time, "CLOCK_BOOTTIME") else "module import"


def seconds_since_process_start() -> float:
    """Seconds from this process's start (see the module docstring for the clock used)."""
    if SOURCE == "/proc/self/stat":
        return time.clock_gettime(time.CLOCK_BOOTTIME) - _START  # type: ignore[operator]
    return time.monotonic() - _IMPORTED_AT
