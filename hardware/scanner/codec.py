"""The scanner's line protocol as values: `parse_frame` turns one line into a frame, `format_frame`
turns a frame back into the exact bytes a device sends. firmware_tools/PROTOCOL.md is the spec;
this module is its reference implementation, used by the app's reader and by every tool.

A line is `$` payload `*` CRC CR LF, NMEA-like, so a microcontroller can build it with a few
`printf`s and a 16-bit CRC loop:

    $D,41,R6s,W3s,Y2r*0038

The CRC is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected) over the payload bytes
(between `$` and `*`), as four upper-case hex digits. It catches every error burst of up to 16
bits; the non-zero init (unlike XMODEM's 0) also catches zero bytes slipped in at the front.

Parsing is strict, so that there is one spelling of each frame (format(parse(line)) == line) and
a conformance checker can point at a device's mistakes. Nothing here does I/O or keeps state.
"""

from __future__ import annotations

import binascii
import dataclasses
import re
from typing import Union

PROTOCOL_VERSION = 1
MAX_LINE = 160
"""Longest line, `$` to LF inclusive. A longer run of bytes is noise; the reader drops it."""
MAX_DICE = 32
MAX_SEQ = 2**32 - 1

COLOUR_LETTERS = {"R": "red", "W": "white", "Y": "yellow", "B": "black", "U": "unknown"}
STATE_LETTERS = {"s": "settled", "r": "rolling", "c": "cocked", "u": "unreadable"}
_LETTER_OF_COLOUR = {name: letter for letter, name in COLOUR_LETTERS.items()}
_LETTER_OF_STATE = {name: letter for letter, name in STATE_LETTERS.items()}

_DECIMAL = re.compile(rb"0|[1-9][0-9]{0,9}")
_BOOT = re.compile(rb"[0-9A-F]{8}")
_FIRMWARE = re.compile(rb"[A-Za-z0-9._+-]{1,32}")
_CODE = re.compile(rb"[A-Z0-9]{1,8}")
_TEXT = re.compile(rb"[\x20-\x7e]{0,80}")
_DIE = re.compile(rb"([RWYBU])([0-6])([srcu])")
_CRC = re.compile(rb"[0-9A-F]{4}")
_PAYLOAD = re.compile(rb"[\x20-\x23\x25-\x29\x2b-\x7e]+")  # printable ASCII but $ and *


class FrameError(ValueError):
    """A line that is not a frame we accept. `line` is what was received (for the monitor)."""

    def __init__(self, message: str, line: bytes = b"") -> None:
        super().__init__(message)
        self.line = line


class ChecksumError(FrameError):
    """The CRC does not match the payload: the line was damaged on the way."""


class MalformedFrame(FrameError):
    """The checksum matches but the payload breaks the grammar: a firmware bug, never noise."""


class UnknownFrameType(FrameError):
    """A well-formed frame of a type this version does not know (a newer firmware): ignored."""


@dataclasses.dataclass(frozen=True)
class Die:
    """One die as the scanner sees it. face 0: no face read (only while not settled)."""

    colour: str
    face: int
    state: str

    def __post_init__(self) -> None:
        if self.colour not in _LETTER_OF_COLOUR:
            raise ValueError(f"colour must be one of {tuple(_LETTER_OF_COLOUR)}, not {self.colour!r}")
        if self.state not in _LETTER_OF_STATE:
            raise ValueError(f"state must be one of {tuple(_LETTER_OF_STATE)}, not {self.state!r}")
        if not 0 <= self.face <= 6 or (self.state == "settled" and self.face == 0):
            raise ValueError(f"face {self.face} is impossible for a {self.state} die")

    @property
    def counts(self) -> bool:
        """Flat, read, and of a known colour: this die may be part of a read that counts."""
        return self.state == "settled" and self.colour != "unknown"


@dataclasses.dataclass(frozen=True)
class Hello:
    """Sent at power-on and on request: who is speaking, since when, how often it beats.

    `boot` is 8 hex digits drawn at random at each power-on: sequence numbers restart with it, so
    the reader can tell a restarted scanner's read 1 from a repeat of the old read 1."""

    protocol: int
    boot: str
    firmware: str
    heartbeat_ms: int


@dataclasses.dataclass(frozen=True)
class DiceFrame:
    """What the tray shows, sent whenever that changes. `seq` grows by one per frame (1, 2, …)
    within a boot; a resend on request repeats a frame with its own seq."""

    seq: int
    dice: tuple[Die, ...]

    @property
    def is_settled(self) -> bool:
        """A read that counts: at least one die, and every die flat with a known colour."""
        return bool(self.dice) and all(die.counts for die in self.dice)


@dataclasses.dataclass(frozen=True)
class Heartbeat:
    """Sent every heartbeat_ms while nothing else is: alive, which boot, and the last seq sent
    (0: none yet), so a lost last frame is noticed even when no frame follows it."""

    boot: str
    last_seq: int


@dataclasses.dataclass(frozen=True)
class DeviceError:
    """The scanner reports a problem of its own: a short code and a sentence for people."""

    code: str
    text: str


@dataclasses.dataclass(frozen=True)
class HelloRequest:
    """Host to scanner: send your Hello."""


@dataclasses.dataclass(frozen=True)
class ResendRequest:
    """Host to scanner: send your latest DiceFrame again, unchanged (same seq)."""


Frame = Union[Hello, DiceFrame, Heartbeat, DeviceError, HelloRequest, ResendRequest]


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: the check value of b"123456789" is 0x29B1."""
    return binascii.crc_hqx(data, 0xFFFF)


def frame_bytes(payload: bytes) -> bytes:
    """Wraps a payload into a line: `$` payload `*` CRC CR LF."""
    return b"$" + payload + b"*" + b"%04X" % crc16(payload) + b"\r\n"


def format_die(die: Die) -> str:
    return f"{_LETTER_OF_COLOUR[die.colour]}{die.face}{_LETTER_OF_STATE[die.state]}"


def format_payload(frame: Frame) -> bytes:
    """The payload of a frame (no `$`, CRC or line end)."""
    if isinstance(frame, DiceFrame):
        fields = ["D", str(frame.seq), *(format_die(die) for die in frame.dice)]
    elif isinstance(frame, Heartbeat):
        fields = ["K", frame.boot, str(frame.last_seq)]
    elif isinstance(frame, Hello):
        fields = ["H", str(frame.protocol), frame.boot, frame.firmware, str(frame.heartbeat_ms)]
    elif isinstance(frame, DeviceError):
        fields = ["E", frame.code, frame.text]
    elif isinstance(frame, HelloRequest):
        fields = ["Q"]
    elif isinstance(frame, ResendRequest):
        fields = ["R"]
    else:
        raise TypeError(f"not a frame: {frame!r}")
    return ",".join(fields).encode("ascii")


def format_frame(frame: Frame) -> bytes:
    """The line a device (or the host, for requests) sends for `frame`, CR LF included.
    Raises ValueError for a frame that `parse_frame` would refuse, so nothing sent is off-spec."""
    line = frame_bytes(format_payload(frame))
    parse_frame(line)
    return line


def _number(field: bytes, what: str, line: bytes, lowest: int = 0, highest: int = MAX_SEQ) -> int:
    if not _DECIMAL.fullmatch(field):
        raise MalformedFrame(f"{what} {field!r} is not a decimal number without leading zeros", line)
    value = int(field)
    if not lowest <= value <= highest:
        raise MalformedFrame(f"{what} {value} is outside {lowest}..{highest}", line)
    return value


def _expect(fields: list[bytes], count: int, kind: str, line: bytes) -> None:
    if len(fields) != count:
        raise MalformedFrame(f"{kind} frame has {len(fields) - 1} fields, not {count - 1}", line)


def _match(pattern: re.Pattern[bytes], field: bytes, what: str, line: bytes) -> str:
    if not pattern.fullmatch(field):
        raise MalformedFrame(f"bad {what} {field!r}", line)
    return field.decode("ascii")


def parse_frame(line: bytes) -> Frame:
    """The frame on one line: from `$` to `*CCCC`, with or without its CR LF.

    Raises ChecksumError, MalformedFrame or UnknownFrameType (all FrameError, a ValueError)."""
    body = line[:-1] if line.endswith(b"\n") else line
    body = body[:-1] if body.endswith(b"\r") else body
    if len(body) + 2 > MAX_LINE:
        raise FrameError(f"line longer than {MAX_LINE} bytes", line)
    if len(body) < 6 or body[:1] != b"$" or body[-5:-4] != b"*":
        raise FrameError("not a frame: needs $payload*CCCC", line)
    payload, crc = body[1:-5], body[-4:]
    if not _CRC.fullmatch(crc):
        raise FrameError(f"checksum {crc!r} is not four upper-case hex digits", line)
    if int(crc, 16) != crc16(payload):
        raise ChecksumError(f"checksum {crc.decode()} does not match {crc16(payload):04X}", line)
    if not _PAYLOAD.fullmatch(payload):
        raise MalformedFrame("payload holds $, * or a byte outside printable ASCII", line)
    kind, _, _ = payload.partition(b",")
    if kind == b"D":
        fields = payload.split(b",")
        seq = _number(fields[1] if len(fields) > 1 else b"", "seq", line, 1)
        if len(fields) - 2 > MAX_DICE:
            raise MalformedFrame(f"more than {MAX_DICE} dice", line)
        dice = []
        for field in fields[2:]:
            found = _DIE.fullmatch(field)
            if not found:
                raise MalformedFrame(f"bad die {field!r}: colour RWYBU, face 0-6, state srcu", line)
            colour, face, state = (found.group(i).decode("ascii") for i in (1, 2, 3))
            if state == "s" and face == "0":
                raise MalformedFrame(f"die {field!r} is settled without a face", line)
            dice.append(Die(COLOUR_LETTERS[colour], int(face), STATE_LETTERS[state]))
        return DiceFrame(seq, tuple(dice))
    if kind == b"K":
        fields = payload.split(b",")
        _expect(fields, 3, "K", line)
        return Heartbeat(_match(_BOOT, fields[1], "boot id", line), _number(fields[2], "last seq", line))
    if kind == b"H":
        fields = payload.split(b",")
        _expect(fields, 5, "H", line)
        return Hello(_number(fields[1], "protocol", line, 1, 999), _match(_BOOT, fields[2], "boot id", line),
                     _match(_FIRMWARE, fields[3], "firmware", line),
                     _number(fields[4], "heartbeat ms", line, 100, 60000))
    if kind == b"E":
        fields = payload.split(b",", 2)
        _expect(fields, 3, "E", line)
        return DeviceError(_match(_CODE, fields[1], "error code", line), _match(_TEXT, fields[2], "error text", line))
    if kind in (b"Q", b"R"):
        if payload != kind:
            raise MalformedFrame(f"{kind.decode()} takes no fields", line)
        return HelloRequest() if kind == b"Q" else ResendRequest()
    if re.fullmatch(rb"[A-Z]", kind):
        raise UnknownFrameType(f"unknown frame type {kind.decode()}", line)
    raise MalformedFrame(f"bad frame type {kind!r}", line)
