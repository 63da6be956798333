"""The line codec: spelling, checksum, strictness, round trips, and the examples in PROTOCOL.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests.properties import examples

from hardware.scanner.codec import (MAX_DICE, ChecksumError, DeviceError, Die, DiceFrame, FrameError, Heartbeat,
                                    Hello, HelloRequest, MalformedFrame, ResendRequest, UnknownFrameType, crc16,
                                    format_frame, frame_bytes, parse_frame)

from scanner_strategies import device_frames

PROTOCOL = Path(__file__).resolve().parents[3] / "firmware_tools" / "PROTOCOL.md"


def reference_crc16(data: bytes) -> int:
    """The bit-by-bit loop PROTOCOL.md gives firmware writers (C there, Python here)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def test_crc_is_ccitt_false():
    assert crc16(b"123456789") == 0x29B1


@given(st.binary(max_size=200))
def test_crc_matches_the_loop_firmware_uses(data):
    assert crc16(data) == reference_crc16(data)


def test_a_read_frame_is_spelled_as_documented():
    frame = DiceFrame(41, (Die("red", 6, "settled"), Die("white", 3, "settled"), Die("yellow", 2, "rolling")))
    line = format_frame(frame)
    assert line == b"$D,41,R6s,W3s,Y2r*0038\r\n"
    assert parse_frame(line) == frame
    assert not frame.is_settled


@pytest.mark.parametrize("frame, line", [
    (Hello(1, "3F2A9C01", "tray-0.4.2", 1000), b"$H,1,3F2A9C01,tray-0.4.2,1000*FB76\r\n"),
    (Heartbeat("3F2A9C01", 41), b"$K,3F2A9C01,41*5707\r\n"),
    (DeviceError("CAM", "camera not responding, retrying"), b"$E,CAM,camera not responding, retrying*28F2\r\n"),
    (HelloRequest(), b"$Q*AB24\r\n"),
    (ResendRequest(), b"$R*9B47\r\n"),
    (DiceFrame(1, ()), b"$D,1*6808\r\n"),
])
def test_each_frame_type(frame, line):
    assert format_frame(frame) == line
    assert parse_frame(line) == frame
    assert parse_frame(line.rstrip(b"\r\n")) == frame  # the line end is optional for the parser
    assert parse_frame(line.replace(b"\r\n", b"\n")) == frame  # a bare LF is fine too


def test_every_example_line_in_protocol_md_parses_or_is_marked_bad():
    text = PROTOCOL.read_text(encoding="utf-8")
    good = re.findall(r"^    (\$.*?\*[0-9A-Fa-f]{4})$", text, re.M)
    bad = re.findall(r"^    (\$.*?\*[0-9A-Fa-f]{4})  <- refused", text, re.M)
    assert len(good) >= 15 and len(bad) >= 6
    for line in good:
        frame = parse_frame(line.encode())
        assert format_frame(frame) == line.encode() + b"\r\n"
    for line in bad:
        with pytest.raises(FrameError):
            parse_frame(line.encode())


def test_settled_state_needs_a_face_and_a_known_colour_to_count():
    assert DiceFrame(2, (Die("black", 5, "settled"),)).is_settled
    assert not DiceFrame(2, (Die("unknown", 5, "settled"),)).is_settled
    assert not DiceFrame(2, (Die("red", 5, "settled"), Die("white", 0, "cocked"))).is_settled
    assert not DiceFrame(2, ()).is_settled  # an empty tray is not a read
    with pytest.raises(MalformedFrame, match="settled without a face"):
        parse_frame(frame_bytes(b"D,3,R0s"))
    with pytest.raises(ValueError):
        Die("red", 0, "settled")


@pytest.mark.parametrize("payload, error", [
    (b"D,0,R1s", MalformedFrame),           # seq starts at 1
    (b"D,041,R1s", MalformedFrame),         # one spelling per number
    (b"D,4294967296", MalformedFrame),      # beyond 32 bits
    (b"D,5,G1s", MalformedFrame),           # no green dice
    (b"D,5,R7s", MalformedFrame),
    (b"D,5,R1S", MalformedFrame),           # states are lower case
    (b"D,5,R1s,", MalformedFrame),          # a trailing comma is an empty die
    (b"D," + b"5," + b",".join([b"R1s"] * (MAX_DICE + 1)), MalformedFrame),
    (b"K,3f2a9c01,4", MalformedFrame),      # boot ids are upper-case hex
    (b"K,3F2A9C01", MalformedFrame),
    (b"H,1,3F2A9C01,fw,50", MalformedFrame),  # a heartbeat under 100 ms
    (b"H,1,3F2A9C01,f w,1000", MalformedFrame),
    (b"E,cam,lower case code", MalformedFrame),
    (b"Q,1", MalformedFrame),
    (b"d,5", MalformedFrame),
    (b"D,5,R1s\x00", MalformedFrame),
    (b"T,1,2", UnknownFrameType),            # a newer firmware's frame: ignored, not an error
])
def test_strict_grammar(payload, error):
    with pytest.raises(error):
        parse_frame(frame_bytes(payload))


def test_checksum_and_framing_errors():
    line = format_frame(DiceFrame(7, (Die("red", 4, "settled"),)))
    with pytest.raises(ChecksumError):
        parse_frame(line.replace(b"R4s", b"R5s"))
    with pytest.raises(FrameError, match="upper-case hex"):
        parse_frame(b"$H,1,3F2A9C01,tray-0.4.2,1000*fb76")
    with pytest.raises(FrameError):
        parse_frame(b"D,7,R4s*1234")  # no "$"
    with pytest.raises(FrameError, match="longer"):
        parse_frame(frame_bytes(b"E,X," + b"y" * 200))


def test_nothing_off_spec_can_be_formatted():
    with pytest.raises(ValueError):
        format_frame(Heartbeat("not-hex!", 3))
    with pytest.raises(ValueError):
        format_frame(DeviceError("CAM", "a $ sign"))


@settings(max_examples=examples(100), deadline=None)
@given(device_frames)
def test_round_trip_frame_to_line_to_frame(frame):
    line = format_frame(frame)
    assert len(line) <= 160
    assert parse_frame(line) == frame
    assert format_frame(parse_frame(line)) == line


@settings(max_examples=examples(100), deadline=None)
@given(st.binary(max_size=170))
def test_random_lines_only_raise_frame_errors(data):
    try:
        frame = parse_frame(b"$" + data)
    except FrameError:
        return
    # The rare random line that passes must be a real frame in its one spelling.
    assert format_frame(frame).rstrip(b"\r\n") == (b"$" + data).rstrip(b"\r\n")
