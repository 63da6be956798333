"""Bytes off the wire → candidate lines, resynchronising after noise; and → frames.

A serial line delivers chunks that cut frames anywhere, and noise (a plug bouncing, a boot
loader's banner, a wrong baud rate) between or inside them. The rule that makes recovery certain:
a frame starts at *every* `$` and ends at the next LF. Payloads never contain `$`, so an intact
frame is always the tail after the last `$` before its LF, whatever came before it: an intact
frame is never lost to the noise around it, and noise is never glued onto one (the CRC rejects
what the noise damaged).

`Framer` only splits; `FrameDecoder` also parses, counts and hands back frames and errors in
stream order. Both are plain objects, fed from one thread.
"""

from __future__ import annotations

import dataclasses

from hardware.scanner.codec import MAX_LINE, ChecksumError, Frame, FrameError, UnknownFrameType, parse_frame


class Framer:
    """Splits a byte stream into lines that start with `$` (LF excluded, a CR kept for the parser).

    `garbage` counts bytes outside any returned line (noise, and frames cut short by a newer `$`);
    `overlong` counts runs from `$` longer than MAX_LINE without an LF, which are dropped."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.garbage = 0
        self.overlong = 0
        self._pending = b""  # an unfinished line, starting with "$"

    def reset(self) -> None:
        """Forgets a half-received line (after a reconnect: its rest will never come)."""
        self.garbage += len(self._pending)
        self._pending = b""

    def feed(self, data: bytes) -> list[bytes]:
        buffer = self._pending + data if self._pending else data
        self._pending = b""
        lines = []
        start = 0
        while True:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            dollar = buffer.rfind(b"$", start, end)
            if dollar < 0:
                self.garbage += end + 1 - start
            else:
                self.garbage += dollar - start
                if end + 1 - dollar > self.max_line:
                    self.overlong += 1
                    self.garbage += end + 1 - dollar
                else:
                    lines.append(buffer[dollar:end])
            start = end + 1
        dollar = buffer.rfind(b"$", start)
        if dollar < 0:
            self.garbage += len(buffer) - start
        else:
            self.garbage += dollar - start
            rest = buffer[dollar:]
            if len(rest) >= self.max_line:  # cannot end in time: noise (the LF would make it longer still)
                self.overlong += 1
                self.garbage += len(rest)
            else:
                self._pending = rest
        return lines


@dataclasses.dataclass
class DecoderCounts:
    """What a decoder has seen: frames accepted, lines rejected (bad CRC, or malformed with a good
    CRC: a firmware bug), well-formed frames of unknown type (ignored), and noise bytes."""

    frames: int = 0
    bad_checksum: int = 0
    malformed: int = 0
    unknown: int = 0
    garbage_bytes: int = 0
    overlong: int = 0

    @property
    def rejected(self) -> int:
        return self.bad_checksum + self.malformed


class FrameDecoder:
    """Framer + parse_frame: `feed(bytes)` returns frames and FrameErrors in stream order."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.framer = Framer(max_line)
        self.counts = DecoderCounts()

    def reset(self) -> None:
        self.framer.reset()
        self._sync_noise()

    def feed(self, data: bytes) -> list[Frame | FrameError]:
        out: list[Frame | FrameError] = []
        counts = self.counts
        for line in self.framer.feed(data):
            try:
                out.append(parse_frame(line))
                counts.frames += 1
            except UnknownFrameType as exc:
                counts.unknown += 1
                out.append(exc)
            except ChecksumError as exc:
                counts.bad_checksum += 1
                out.append(exc)
            except FrameError as exc:
                # A line without a valid "*CCCC" tail is damage, like a CRC mismatch; a valid
                # CRC over a bad payload is the device's fault.
                if type(exc) is FrameError:
                    counts.bad_checksum += 1
                else:
                    counts.malformed += 1
                out.append(exc)
        self._sync_noise()
        return out

    def _sync_noise(self) -> None:
        self.counts.garbage_bytes = self.framer.garbage
        self.counts.overlong = self.framer.overlong
