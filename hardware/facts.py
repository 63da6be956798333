"""Facts: what a device observed, as small frozen values. The session decides what they mean."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class ButtonPressed:
    """A debounced press on handheld pad number `pad` (counting from 0, in the config's order of
    pads; the session knows which player holds it in the open game).

    key: "minus", "plus" or "ok" (one per press, and again for every repeat while − or + is
    held), or "ok_long" when OK is held past the long-press time (then no "ok" follows on release).
    """

    pad: int
    key: str


@dataclasses.dataclass(frozen=True)
class DiceRead:
    """A settled read from the dice scanner: sequence number and (colour, face) per die.

    Only a read in which every die lies flat with a known colour and face becomes a DiceRead (a
    cocked or unreadable die makes it a `DiceLive` only), and each roll is reported once: the
    scanner reader drops repeated frames and does not take a tray re-reported after a reconnect
    or a scanner restart for a new roll. Colours: "red", "white", "yellow", "black"; faces 1-6.

    `boot` names the scanner's power-on session the read came from ("" when not from a scanner,
    e.g. a scripted input): `seq` counts from 1 again after the scanner restarts, so (boot, seq)
    is what identifies a read.
    """

    seq: int
    dice: tuple[tuple[str, int], ...]
    boot: str = ""


DIE_COLOURS = ("red", "white", "yellow", "black", "unknown")
"""Colours a scanner reports; "unknown" when it cannot tell (it then never counts as settled)."""

DIE_STATES = ("rolling", "settled", "cocked", "unreadable")
"""How a die lies: only "settled" counts. "cocked" leans on another die or the tray wall (the
players re-roll it); "unreadable" is flat but its face could not be read (lighting, a hand)."""


@dataclasses.dataclass(frozen=True)
class DiceLive:
    """What the scanner sees right now, settled or not, for a live panel: one (colour, face, state)
    per die in the scanner's order; face 0 when no face was read. Reported for every new frame, so
    a panel can show dice tumbling and say "re-roll the cocked die" before anything counts.
    A DiceRead follows when (and only when) a roll settles completely."""

    seq: int
    dice: tuple[tuple[str, int, str], ...]
    boot: str = ""

    @property
    def is_settled(self) -> bool:
        """Every die flat with a known colour and face (and at least one die): a countable read."""
        return bool(self.dice) and all(state == "settled" and colour != "unknown" and face > 0
                                       for colour, face, state in self.dice)

    @property
    def problems(self) -> tuple[tuple[int, str, str], ...]:
        """(index, colour, what) for each die stopping the read from counting once the rest has
        stopped: what is "cocked", "unreadable" or "unknown colour". Rolling dice are not problems."""
        found = []
        for index, (colour, _face, state) in enumerate(self.dice):
            if state in ("cocked", "unreadable"):
                found.append((index, colour, state))
            elif state == "settled" and colour == "unknown":
                found.append((index, colour, "unknown colour"))
        return tuple(found)


SCANNER_STATES = ("connecting", "connected", "silent", "disconnected", "incompatible", "closed")
"""`ScannerStatus.state`: connecting (port open, waiting for the scanner's hello); connected;
silent (no heartbeat for the watchdog time: a hung scanner or a loose cable); disconnected (no
port, unplugged, or not openable: the reader keeps trying); incompatible (it speaks another
protocol version); closed (the reader was stopped)."""

SCANNER_REASONS = ("", "missing", "permission", "busy", "open_error", "lost", "silent", "protocol",
                   "device_error", "failed")
"""`ScannerStatus.reason`, what is wrong, for a screen to word in its own language ("" when nothing
is): missing (no such port: not plugged in, or its symlink leads nowhere); permission (the port is
refused: the user is not in its group, dialout); busy (another program holds the port); open_error
(opening failed otherwise: `detail` has the system's words); lost (the link failed while reading:
unplugged, or the device stopped); silent (no heartbeat for the watchdog time, while "silent" and
when the reader reopens the port after twice that); protocol (it speaks another protocol version);
device_error (the scanner reported an error, in `error`); failed (the reader itself stopped on an
error: restart the app)."""


@dataclasses.dataclass(frozen=True)
class ScannerStatus:
    """How the dice scanner link is, for a status line shown inline (never a modal dialog).

    `detail` is an English sentence a player can act on ("No scanner at /dev/dice-scanner: plug it
    in"), for logs and `companion doctor`; `reason` says the same for a machine (one of
    `SCANNER_REASONS`, "" when nothing is wrong), so a screen words it from `state`, `reason` and
    `port` in its own language instead of reading the sentence.
    `error` is the scanner's own last error report (its code and text, e.g. "CAM: camera not
    responding"), cleared by its next read. The counters run since the reader started: frames
    `missed` (sequence gaps), `duplicates` ignored, lines `rejected` (bad checksum or syntax).
    Reported when the state changes, when the scanner restarts or reports an error, and at most
    once a second when only the counters moved.
    """

    state: str
    detail: str = ""
    port: str = ""
    firmware: str = ""
    boot: str = ""
    error: str = ""
    missed: int = 0
    duplicates: int = 0
    rejected: int = 0
    reason: str = ""

    def __post_init__(self) -> None:
        if self.state not in SCANNER_STATES:
            raise ValueError(f"state must be one of {SCANNER_STATES}, not {self.state!r}")
        if self.reason not in SCANNER_REASONS:
            raise ValueError(f"reason must be one of {SCANNER_REASONS}, not {self.reason!r}")

    @property
    def is_ready(self) -> bool:
        """Reads are flowing: the panel can ask the players to roll."""
        return self.state == "connected"


@dataclasses.dataclass(frozen=True)
class DeviceStatus:
    """A device came, went or failed: `device` names it ("scanner", "pad 2 OLED"), `status` says
    how ("ok", "missing", "failed"), `detail` says what was seen in a sentence a player can act on.
    `pad` is the handheld pad the device belongs to (its number from 0, as `ButtonPressed.pad`),
    None for a table-wide device, so the wiring can stand a twin in for that pad."""

    device: str
    status: str
    detail: str = ""
    pad: int | None = None


PAD_KEYS = ("minus", "plus", "ok")
"""The physical buttons of a handheld pad."""

PRESS_KEYS = PAD_KEYS + ("ok_long",)
"""Every `ButtonPressed.key` a pad reports: its buttons, and OK held past the long-press time."""
