"""The tray's protocol side (firmware_tools/PROTOCOL.md): what it sends and answers, given the dice
the tracker reports. Pure given `now` (seconds, any monotonic origin): lines come out as bytes, so
the runner, the tests and a bench drive the same object.

- At power-on: the hello, then — once the tracker has judged the dice (or `boot_wait` has passed
  since the first picture) — frame 1, the tray as found. A tray restarted under a counted throw thus re-reports it settled
  as frame 1, and the app does not count it twice (reading rule 6).
- A dice frame whenever the dice change, and not otherwise; seq 1, 2, … within a boot.
- A heartbeat every `heartbeat` seconds, whatever else is sent.
- `Q` -> the hello; `R` -> the latest frame, the same bytes (an `R` before frame 1 is answered
  by frame 1 itself, a fraction of a second later: reporting dice not yet judged as rolling would
  make a tray lying still look like a new throw); a damaged request -> `E,CRC`, an
  unknown or malformed one -> `E,CMD` (both ignored otherwise).
- Error reports (`E,CAM`, `E,LIGHT`, `E,FULL`; `E,READ` when a picture trips the vision up) when a
  trouble begins, and again every
  `error_every` seconds while it lasts (the app shows the text until the next dice frame).
"""

from __future__ import annotations

import secrets
from typing import Sequence

from hardware.scanner.codec import (MAX_DICE, PROTOCOL_VERSION, ChecksumError, DeviceError, DiceFrame, Die, FrameError,
                                    Heartbeat, Hello, HelloRequest, ResendRequest, format_frame)
from hardware.scanner.framer import FrameDecoder

FIRMWARE = "dice-tray-1.0"


def new_boot_id() -> str:
    """8 hex digits from the OS's random source (the Zero has a hardware RNG behind it)."""
    return secrets.token_hex(4).upper()


class TrayFirmware:
    def __init__(self, *, firmware: str = FIRMWARE, heartbeat: float = 1.0, boot_wait: float = 0.5,
                 error_every: float = 5.0, boot: str | None = None) -> None:
        self.firmware = firmware
        self.heartbeat = heartbeat
        self.boot_wait = boot_wait
        self.error_every = error_every
        self._boot = boot
        self.boot = ""
        self.seq = 0
        self.latest = b""
        self.tray: tuple[Die, ...] | None = None
        self.sent: list[DiceFrame] = []
        self._first_picture: float | None = None
        self._next_beat = float("inf")
        self._requests = FrameDecoder()
        self._trouble: dict[str, float] = {}

    # -- power -----------------------------------------------------------------------------

    def power_on(self, now: float) -> list[bytes]:
        self.boot = self._boot or new_boot_id()
        self._boot = None
        self.seq = 0
        self.latest = b""
        self.tray = None
        self._first_picture = None
        self._next_beat = now + self.heartbeat
        self._requests = FrameDecoder()
        self._trouble.clear()
        return [self.hello_line()]

    def hello_line(self) -> bytes:
        return format_frame(Hello(PROTOCOL_VERSION, self.boot, self.firmware, round(self.heartbeat * 1000)))

    # -- the dice --------------------------------------------------------------------------

    def observe(self, dice: Sequence[Die], now: float, *, judged: bool = True) -> list[bytes]:
        """The dice in the latest picture, as the tracker has them. `judged`: the tracker has
        seen every die long enough to say whether it is at rest (only matters before frame 1)."""
        out = []
        dice = tuple(dice)
        if len(dice) > MAX_DICE:
            out += self.trouble("FULL", f"{len(dice)} dice in the tray, a frame holds {MAX_DICE}", now)
            dice = dice[:MAX_DICE]
        else:
            self._trouble.pop("FULL", None)
        if self._first_picture is None:
            self._first_picture = now
        if self.seq == 0 and not judged and now - self._first_picture < self.boot_wait:
            return out  # frame 1 waits until the tray is judged: a restarted tray re-reports it settled
        if dice != self.tray:
            out.append(self._frame(dice))
        return out

    def _frame(self, dice: tuple[Die, ...]) -> bytes:
        self.seq += 1
        self.tray = dice
        frame = DiceFrame(self.seq, dice)
        self.sent.append(frame)
        self.latest = format_frame(frame)
        return self.latest

    # -- troubles --------------------------------------------------------------------------

    def trouble(self, code: str, text: str, now: float) -> list[bytes]:
        """An error report, if this trouble is new or was last reported `error_every` ago."""
        last = self._trouble.get(code)
        if last is not None and now - last < self.error_every:
            return []
        self._trouble[code] = now
        return [format_frame(DeviceError(code, text[:80]))]

    def clear_trouble(self, code: str) -> None:
        self._trouble.pop(code, None)

    # -- the host --------------------------------------------------------------------------

    def on_bytes(self, data: bytes, now: float) -> list[bytes]:
        out = []
        for item in self._requests.feed(data):
            if isinstance(item, HelloRequest):
                out.append(self.hello_line())
            elif isinstance(item, ResendRequest):
                if self.latest:
                    out.append(self.latest)  # else frame 1, on its way, is the answer
            elif isinstance(item, ChecksumError) or type(item) is FrameError:  # damaged on the way
                out.append(format_frame(DeviceError("CRC", "request refused: bad checksum")))
            elif isinstance(item, FrameError):
                out.append(format_frame(DeviceError("CMD", f"request refused: {str(item)[:60]}")))
            else:
                out.append(format_frame(DeviceError("CMD", f"unknown request {type(item).__name__}")))
        return out

    # -- time ------------------------------------------------------------------------------

    def next_deadline(self) -> float:
        return self._next_beat

    def tick(self, now: float) -> list[bytes]:
        if now < self._next_beat:
            return []
        # Keep the rhythm; after a stall, one beat, not a burst.
        self._next_beat = max(self._next_beat + self.heartbeat, now + self.heartbeat / 2)
        return [format_frame(Heartbeat(self.boot, self.seq))]
