"""What the on-screen keyboard needs to know before any Kivy: whether to show it at all (a kiosk or
a table with no keyboard plugged in has no other way to type a name) and the names the owner keeps
in a file (the way to enter Chinese names without an input method). Pure: no Kivy here, so the CLI
decides it and tests check it without a window."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Iterable

#: Where Linux lists its input devices: a keyboard's block has a `kbd` handler and can repeat keys.
INPUT_DEVICES = Path("/proc/bus/input/devices")
_EV_KEY, _EV_REP = 1 << 1, 1 << 20


@dataclasses.dataclass(frozen=True)
class KeyboardPlan:
    """`shown`: the keyboard docks under a name field while it is chosen; `names_file`: the
    owner's names file (None: none is read)."""

    shown: bool = True
    names_file: Path | None = None


@dataclasses.dataclass(frozen=True)
class OwnNames:
    """The names file read: its names in order, each once, and `unreadable`, the file's name when
    it could not be read as UTF-8 text (a missing file is no problem: nothing is offered). The
    screen words the problem in the table's language."""

    names: tuple[str, ...] = ()
    unreadable: str = ""


def has_physical_keyboard(devices: Path = INPUT_DEVICES) -> bool:
    """Is a keyboard plugged in? A block of /proc/bus/input/devices with a `kbd` handler whose
    events include key repeat: a real keyboard; a power button or a touchscreen has no repeat.
    An unreadable list (not Linux) counts as one: then only the setting shows the keyboard."""
    try:
        text = devices.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    for block in text.split("\n\n"):
        handlers = ev = ""
        for line in block.splitlines():
            if line.startswith("H: Handlers="):
                handlers = line.partition("=")[2]
            elif line.startswith("B: EV="):
                ev = line.partition("=")[2].strip()
        try:
            bits = int(ev, 16) if ev else 0
        except ValueError:
            continue
        if "kbd" in handlers.split() and bits & _EV_KEY and bits & _EV_REP:
            return True
    return False


def plan_keyboard(mode: str, names_file: Path | None, *, fullscreen: bool,
                  devices: Path = INPUT_DEVICES) -> KeyboardPlan:
    """The setting's `mode` ("auto", "on", "off") made a decision: "auto" shows the keyboard in
    full screen (the kiosk, touched only) or when no keyboard is plugged in."""
    if mode == "on":
        shown = True
    elif mode == "off":
        shown = False
    else:
        shown = fullscreen or not has_physical_keyboard(devices)
    return KeyboardPlan(shown, names_file)


def parse_names(lines: Iterable[str]) -> tuple[str, ...]:
    """One name a line, trimmed; blank lines and `#` comments skipped; each name once."""
    names: list[str] = []
    for line in lines:
        name = line.strip()
        if name and not name.startswith("#") and name not in names:
            names.append(name)
    return tuple(names)


def read_names(path: Path | None) -> OwnNames:
    """The owner's names file; a file that is not UTF-8 text or cannot be read says so plainly
    (its names are not offered), a missing one offers nothing."""
    if path is None:
        return OwnNames()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return OwnNames()
    except (UnicodeDecodeError, OSError):
        return OwnNames(unreadable=path.name)
    return OwnNames(parse_names(text.splitlines()))


def offered_names(recent: Iterable[str], own: Iterable[str], limit: int = 24) -> list[str]:
    """The keyboard's one-tap names: the table's recent players first, then the file's, each once."""
    names: list[str] = []
    for name in (*recent, *own):
        if name and name not in names:
            names.append(name)
    return names[:limit]


__all__ = ["INPUT_DEVICES", "KeyboardPlan", "OwnNames", "has_physical_keyboard", "offered_names", "parse_names",
           "plan_keyboard", "read_names"]
