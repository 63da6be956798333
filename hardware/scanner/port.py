"""Opening the scanner's port by pyserial URL, and saying why it failed in words a player can act on.

The URL is whatever pyserial's `serial_for_url` takes: a device path (`/dev/dice-scanner`, the udev
symlink; `/dev/ttyACM0`), a pty path (the simulator's), `loop://` (tests), or `spy://PATH` to log
all traffic to stderr while debugging (`spy:///dev/dice-scanner?file=/tmp/scanner.log` writes a
file). A plain path is opened exclusively (a lock), so a second program reading the scanner is
refused at once instead of silently stealing half the bytes.
"""

from __future__ import annotations

import errno
import os
from typing import Callable

import serial

Opener = Callable[[str, int, float], "serial.SerialBase"]


def is_url(port: str) -> bool:
    return "://" in port


def open_port(port: str, baud: int = 115200, timeout: float = 0.1) -> serial.SerialBase:
    """Opens `port` for reading with `timeout` seconds per read. Raises serial.SerialException."""
    if is_url(port):
        return serial.serial_for_url(port, baudrate=baud, timeout=timeout, write_timeout=1.0)
    return serial.Serial(port, baudrate=baud, timeout=timeout, write_timeout=1.0, exclusive=True)


def open_error_reason(port: str, exc: BaseException) -> str:
    """Why `port` would not open, as a `hardware.facts.SCANNER_REASONS` value: "missing",
    "permission", "busy" or "open_error"."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT or (not is_url(port) and not os.path.exists(port)):
        return "missing"
    if code in (errno.EACCES, errno.EPERM):
        return "permission"
    if code in (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK) or "exclusively lock" in str(exc):
        return "busy"
    return "open_error"


def explain_open_error(port: str, exc: BaseException) -> str:
    """A sentence for the status line (English: logs, `companion doctor`, the command-line tools):
    what is wrong with `port`, and what to do."""
    reason = open_error_reason(port, exc)
    if reason == "missing":
        if os.path.islink(port):
            return f"The scanner was unplugged ({port} leads nowhere): plug it in (trying again)"
        return f"No scanner at {port}: plug it in (trying again)"
    if reason == "permission":
        return f"Not allowed to open {port}: join the dialout group (sudo usermod -aG dialout $USER)"
    if reason == "busy":
        return f"{port} is in use by another program: close it (fuser {port})"
    return f"Cannot open {port}: {exc} (trying again)"
