"""Kivy's environment, set before the first `import kivy` (Kivy reads it once, at import).

Why each variable: KIVY_NO_ARGS stops Kivy from parsing the CLI's (or pytest's) argv;
KIVY_LOG_MODE=PYTHON stops Kivy from taking over Python logging, so the session's "durable step"
lines still reach the handlers the CLI set up; KIVY_USE_DEFAULTCONFIG and a private KIVY_HOME keep a
stray ~/.kivy/config.ini from changing the kiosk's behaviour; no console or file log of Kivy's own;
KIVY_IMAGE leaves Pillow out of start-up; KIVY_CLOCK is the device wake-up (`WAKE_CLOCK`).
Only defaults are set (`setdefault`): a test's conftest or the CLI may have chosen already.

`prepare()` is called once, by each entry point before it imports Kivy: `companion.cli.main`,
the screenshot tool (`companion.demo.shoot`), the benchmarks and the tests' conftest. No module
prepares it on import (importing a UI module has no side effect on the environment).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

#: The device wake-up: Kivy's `free_all` clock lets a fact from a device thread (a pad's button, a
#: dice read, a display's image) wake the main loop at once instead of waiting up to a frame for
#: the next tick; otherwise it paces frames as the default clock does (companion/ui/shell/bridge.py).
#: `KIVY_CLOCK=default` (set before the start) measures the old wait (benchmarks/pads.py, scanner.py).
WAKE_CLOCK = "free_all"

DEFAULTS = {
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONSOLELOG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_USE_DEFAULTCONFIG": "1",
    "KIVY_LOG_MODE": "PYTHON",
    # Kivy's default image providers include Pillow (≈ 20 MB, 50 ms at start); SDL2 reads and writes
    # every PNG the UI uses, and start-up must stay lean on a Pi.
    "KIVY_IMAGE": "tex,dds,sdl2",
    "KIVY_CLOCK": WAKE_CLOCK,
}


def kivy_home() -> str:
    """A per-user directory for Kivy's scratch files, reused across runs so nothing piles up."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = Path(tempfile.gettempdir()) / f"companion-kivy-{uid}"
    path.mkdir(mode=0o700, exist_ok=True)
    return str(path)


def prepare(*, offscreen: bool = False) -> None:
    """Sets Kivy's environment defaults; `offscreen` forces SDL's offscreen driver (screenshots).

    Never `SDL_VIDEODRIVER=dummy`: Kivy then falls back to X and the process exits with code 102.
    """
    for name, value in DEFAULTS.items():
        os.environ.setdefault(name, value)
    if "KIVY_HOME" not in os.environ:
        os.environ["KIVY_HOME"] = kivy_home()
    if offscreen:
        if "kivy.core.window" in sys.modules and os.environ.get("SDL_VIDEODRIVER") != "offscreen":
            raise RuntimeError("the Kivy window already exists with another video driver")
        os.environ["SDL_VIDEODRIVER"] = "offscreen"


def kivy_imported() -> bool:
    return "kivy" in sys.modules
