"""Helpers for the scanner tool tests: run a tool as a process, wait for the simulator's link."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--heartbeat", "0.2", "--roll-time", "0.05,0.12", "--frame-interval", "0.02"]


def tool(name: str, *args: str, **popen) -> subprocess.Popen:
    """`python -m firmware_tools.NAME ARGS` from the repo (the same code as the installed command)."""
    return subprocess.Popen([sys.executable, "-m", f"firmware_tools.{name}", *args], cwd=ROOT, text=True, **popen)


def wait_for_link(link: Path, process: subprocess.Popen, timeout: float = 60.0, old: str = "") -> str:
    """Waits until the simulator has made its pty and pointed `link` at it (a new target if `old`).
    `timeout` bounds a cold Python start-up on a loaded machine; it returns as soon as the link is there."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"scanner-sim ended with {process.returncode}")
        try:
            target = os.readlink(link)
            if target != old and os.path.exists(target):
                return target
        except OSError:
            pass
        time.sleep(0.01)
    raise AssertionError(f"{link} never appeared")
