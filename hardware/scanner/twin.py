"""The scanner's simulated twin: the device's behaviour, without the wire. Pure given `now`.

It does what PROTOCOL.md asks of firmware: a Hello and the tray as frame 1 at power-on, a frame
whenever the tray changes (tumbling dice while a roll lasts, each die settling at its own moment,
a die that can end cocked or unreadable), a Heartbeat every `heartbeat` seconds, answers to the
host's Q (Hello) and R (resend the latest frame, same seq), and error reports — including `CRC`
and `CMD` for damaged or unknown requests.

Time is passed in (`now`, seconds, any monotonic origin) and lines come out as bytes, so the pty
host (`ptyhost`), the tests and the benchmark drive the same object. Faults on the wire are the
host's business (`faults`); this is the device being right.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from typing import Sequence

from hardware.scanner.codec import (PROTOCOL_VERSION, DeviceError, Die, DiceFrame, FrameError, Heartbeat, Hello,
                                    HelloRequest, ResendRequest, format_frame)
from hardware.scanner.framer import FrameDecoder

COLOURS = ("red", "white", "yellow", "black", "unknown")
END_STATES = ("settled", "cocked", "unreadable")


@dataclasses.dataclass(frozen=True)
class DieSpec:
    """One die of a roll: its colour, the face it lands on (None: at random) and how it ends."""

    colour: str
    face: int | None = None
    end: str = "settled"

    def __post_init__(self) -> None:
        if self.colour not in COLOURS:
            raise ValueError(f"colour must be one of {COLOURS}, not {self.colour!r}")
        if self.face is not None and not 1 <= self.face <= 6:
            raise ValueError(f"face must be 1-6, not {self.face}")
        if self.end not in END_STATES:
            raise ValueError(f"a die ends {' or '.join(END_STATES)}, not {self.end!r}")

    @classmethod
    def parse(cls, token: str) -> "DieSpec":
        """`red`, `red:6`, `red:cocked`, `white:unreadable`, `unknown:3`."""
        colour, _, what = token.strip().lower().partition(":")
        if not what:
            return cls(colour)
        if what in END_STATES:
            return cls(colour, None, what)
        if not what.isdigit():
            raise ValueError(f"{token!r}: after the colour comes a face 1-6, cocked or unreadable")
        return cls(colour, int(what))


def parse_dice(text: str | Sequence[str]) -> tuple[DieSpec, ...]:
    """Dice tokens separated by spaces or commas (`red:6 white yellow:cocked`)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(DieSpec.parse(token) for token in tokens)


def new_boot_id() -> str:
    """8 random hex digits. Always from the OS, never from a seeded generator: two runs of a
    seeded simulator must still look like two boots."""
    return secrets.token_hex(4).upper()


class ScannerTwin:
    """A dice scanner's firmware, simulated. Call `power_on` first; then feed it host bytes
    (`on_bytes`), actions (`roll`, `place`, …) and `tick(now)` at or after `next_deadline()`;
    each returns the lines to send.

    `history` keeps every dice frame sent (not resends): the ground truth tests compare with.
    `roll_time` bounds how long a die tumbles; `frame_interval` is the camera's frame period;
    `tray` is what lies in the tray at the first power-on (e.g. left by a scanner that died)."""

    def __init__(self, *, rng: random.Random | None = None, firmware: str = "companion-sim-1.0",
                 heartbeat: float = 1.0, frame_interval: float = 0.05,
                 roll_time: tuple[float, float] = (0.4, 0.8),
                 dice: Sequence[DieSpec] = (DieSpec("red"), DieSpec("white"), DieSpec("yellow")),
                 tray: Sequence[DieSpec] = (), boot: str | None = None) -> None:
        self.rng = rng or random.Random()
        self.firmware = firmware
        self.heartbeat = heartbeat
        self.frame_interval = frame_interval
        self.roll_time = roll_time
        self.dice_set = tuple(dice)
        self._next_boot = boot
        self.boot = ""
        self.seq = 0
        self.tray: tuple[Die, ...] = tuple(self._final(spec) for spec in tray)  # as found at power-on
        self.latest: bytes = b""
        self.powered = False
        self.history: list[tuple[str, DiceFrame]] = []
        self._schedule: list[tuple[float, tuple[Die, ...]]] = []
        self._next_beat = float("inf")
        self._commands = FrameDecoder()

    # -- power -------------------------------------------------------------------------------

    def power_on(self, now: float) -> list[bytes]:
        """Boots: a new boot id, numbering from 1, Hello, then the tray as found."""
        self.boot = self._next_boot or new_boot_id()
        self._next_boot = None
        self.seq = 0
        self.powered = True
        self._schedule.clear()
        self._commands = FrameDecoder()
        self._next_beat = now + self.heartbeat
        # Dice that were tumbling when the power went have landed since.
        self.tray = tuple(Die(d.colour, self.rng.randint(1, 6), "settled") if d.state == "rolling" else d
                          for d in self.tray)
        return [self.hello_line(), self._frame(self.tray)]

    def power_off(self) -> None:
        """Power lost: everything in flight is gone; the dice stay where they lie."""
        self.powered = False
        self._schedule.clear()
        self._next_beat = float("inf")

    def hello_line(self) -> bytes:
        return format_frame(Hello(PROTOCOL_VERSION, self.boot, self.firmware, round(self.heartbeat * 1000)))

    # -- the host ----------------------------------------------------------------------------

    def on_bytes(self, data: bytes, now: float) -> list[bytes]:
        """Bytes from the host: answers to each request (damaged or unknown ones get an error)."""
        if not self.powered:
            return []
        out = []
        for item in self._commands.feed(data):
            if isinstance(item, HelloRequest):
                out.append(self.hello_line())
            elif isinstance(item, ResendRequest):
                out.append(self.latest)
            elif isinstance(item, FrameError):
                code = "CRC" if "checksum" in str(item) else "CMD"
                out.append(format_frame(DeviceError(code, f"request refused: {str(item)[:60]}")))
            else:
                out.append(format_frame(DeviceError("CMD", f"not a request: {type(item).__name__}")))
        return out

    # -- the tray ----------------------------------------------------------------------------

    def roll(self, dice: Sequence[DieSpec] | None, now: float) -> list[bytes]:
        """Dice thrown into the tray: they tumble, then settle one by one (frames follow on `tick`).
        A roll replaces one still under way (the dice were picked up again)."""
        specs = tuple(dice) if dice else self.dice_set
        low, high = self.roll_time
        stops = [now + self.rng.uniform(low, high) for _ in specs]
        ends = [self._final(spec) for spec in specs]
        self._schedule.clear()
        t, last = now, max(stops)
        while True:  # one camera frame per interval, and one at the moment the last die stops
            snapshot = tuple(end if t >= stop else Die(spec.colour, self.rng.randint(1, 6), "rolling")
                             for spec, stop, end in zip(specs, stops, ends))
            self._schedule.append((t, snapshot))
            if t >= last:
                break
            t = min(t + self.frame_interval, last)
        return self.tick(now)

    def nudge(self, now: float) -> list[bytes]:
        """Someone re-rolls the cocked and unreadable dice: those tumble and settle; the rest stay."""
        keep = [die.state == "settled" for die in self.tray]
        if all(keep):
            return []
        low, high = self.roll_time
        stop = now + self.rng.uniform(low, high)
        finals = tuple(die if kept else Die(die.colour, self.rng.randint(1, 6), "settled")
                       for die, kept in zip(self.tray, keep))
        self._schedule.clear()
        t = now
        while t < stop:
            self._schedule.append((t, tuple(die if kept else Die(die.colour, self.rng.randint(1, 6), "rolling")
                                            for die, kept in zip(self.tray, keep))))
            t += self.frame_interval
        self._schedule.append((stop, finals))
        return self.tick(now)

    def place(self, dice: Sequence[DieSpec], now: float) -> list[bytes]:
        """Dice set down by hand (no tumbling): one frame, at once."""
        self._schedule.clear()
        return [self._frame(tuple(self._final(spec) for spec in dice))] if self.powered else []

    def clear(self, now: float) -> list[bytes]:
        """The tray emptied."""
        return self.place((), now)

    def error(self, code: str, text: str) -> list[bytes]:
        return [format_frame(DeviceError(code, text))] if self.powered else []

    def _final(self, spec: DieSpec) -> Die:
        if spec.end != "settled":
            return Die(spec.colour, 0, spec.end)
        return Die(spec.colour, spec.face or self.rng.randint(1, 6), "settled")

    # -- time --------------------------------------------------------------------------------

    @property
    def is_busy(self) -> bool:
        """A roll is still under way."""
        return bool(self._schedule)

    def next_deadline(self) -> float | None:
        if not self.powered:
            return None
        when = self._next_beat
        if self._schedule:
            when = min(when, self._schedule[0][0])
        return when

    def tick(self, now: float) -> list[bytes]:
        """Lines due by `now`: tray changes of a roll, and the heartbeat."""
        if not self.powered:
            return []
        out = []
        while self._schedule and self._schedule[0][0] <= now:
            _, snapshot = self._schedule.pop(0)
            if snapshot != self.tray:
                out.append(self._frame(snapshot))
        if now >= self._next_beat:
            out.append(format_frame(Heartbeat(self.boot, self.seq)))
            # Keep the rhythm, but never fire a burst of beats after a stall.
            self._next_beat = max(self._next_beat + self.heartbeat, now + self.heartbeat / 2)
        return out

    def _frame(self, dice: tuple[Die, ...]) -> bytes:
        self.seq += 1
        self.tray = dice
        frame = DiceFrame(self.seq, dice)
        self.history.append((self.boot, frame))
        self.latest = format_frame(frame)
        return self.latest
