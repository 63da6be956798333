"""The reader on a pty where the test plays the scanner byte by byte: handshake, resync, repeats,
gaps, restarts, the watchdog, error reports, a missing port. Each test runs in well under a second.

The reader's clock is a `ManualClock` here: its watchdog, hello retries and counter reports happen
when a test advances it, never because the machine was slow. Where a test asserts that something
did NOT happen, it first waits for the reader to have decoded the frames that could have caused it
(`handled`), instead of sleeping."""

from __future__ import annotations

import errno
import os
import threading

import pytest
import serial

from hardware.facts import DiceLive, DiceRead, ScannerStatus
from hardware.scanner.codec import (DeviceError, Die, DiceFrame, Heartbeat, Hello, HelloRequest, ResendRequest,
                                    format_frame)
from hardware.scanner.port import open_port
from hardware.scanner.reader import ScannerReader
from tests.waiting import wait_for

from conftest import ManualClock

BOOT, OTHER = "1234ABCD", "5678EF01"


def hello(boot: str = BOOT, heartbeat_ms: int = 1000, protocol: int = 1) -> Hello:
    return Hello(protocol, boot, "test-fw", heartbeat_ms)


def settled(seq: int, face: int = 4) -> DiceFrame:
    return DiceFrame(seq, (Die("red", face, "settled"), Die("white", 2, "settled")))


def rolling(seq: int) -> DiceFrame:
    return DiceFrame(seq, (Die("red", 1, "rolling"), Die("white", 0, "rolling")))


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def reader(device, scanner_facts, clock):
    readers = []

    def start(**options) -> ScannerReader:
        options.setdefault("clock", clock)
        r = ScannerReader(options.pop("port", device.path), scanner_facts, **options).start()
        readers.append(r)
        return r

    yield start
    for r in readers:
        r.close()


def connect(device, scanner_facts, reader, **options) -> ScannerReader:
    r = reader(**options)
    device.wait_request(HelloRequest)
    device.send(hello())
    device.wait_request(ResendRequest)  # after the hello it asks for the latest frame
    scanner_facts.wait_for(lambda f: "connected" in f.states())
    return r


def handled(r: ScannerReader, frames: int) -> None:
    """Waits until the reader has decoded `frames` more frames than it had when the test took
    `r.counts().frames`; whatever they cause (facts, requests) has been done by then."""
    assert wait_for(lambda: r.counts().frames >= frames), f"the reader decoded {r.counts().frames} frames"


def test_handshake_then_reads(device, scanner_facts, reader):
    connect(device, scanner_facts, reader)
    device.send(rolling(1), settled(2))
    read = scanner_facts.wait_for(lambda f: f.of(DiceRead))[0]
    assert read == DiceRead(2, (("red", 4), ("white", 2)), BOOT)
    live = scanner_facts.of(DiceLive)
    assert [f.seq for f in live] == [1, 2]
    assert live[0].dice == (("red", 1, "rolling"), ("white", 0, "rolling"))
    status = scanner_facts.of(ScannerStatus)
    assert status[0].state == "connecting" and status[-1] == ScannerStatus(
        "connected", "Scanner test-fw ready", device.path, "test-fw", BOOT)


def test_noise_and_damage_are_dropped_and_intact_frames_kept(device, scanner_facts, reader):
    r = connect(device, scanner_facts, reader)
    damaged = format_frame(settled(1)).replace(b"R4s", b"R5s")
    device.send(b"\x00\xffnoise$$", damaged, b"$D,2,R", rolling(3), b"\r\n\r\n", settled(4))
    scanner_facts.wait_for(lambda f: f.of(DiceRead))
    assert [f.seq for f in scanner_facts.of(DiceLive)] == [3, 4]
    assert r.counts().rejected == 1 and r.counts().garbage_bytes > 0


def test_repeats_are_ignored_and_gaps_counted(device, scanner_facts, reader, clock):
    r = connect(device, scanner_facts, reader)
    before = r.counts().frames
    device.send(rolling(1), rolling(1), settled(2), settled(2), rolling(6), settled(7, 5), settled(2))
    handled(r, before + 7)
    assert [f.seq for f in scanner_facts.of(DiceLive)] == [1, 2, 6, 7]
    assert [f.seq for f in scanner_facts.of(DiceRead)] == [2, 7]
    counts = r.counts()
    assert (counts.duplicates, counts.missed) == (3, 3)
    assert scanner_facts.of(ScannerStatus)[-1].missed == 0  # not yet: at most one report a second
    # A second later the counters reach the status line, without a state change.
    clock.advance(1.0)
    status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus)[-1].missed == 3 and f.of(ScannerStatus)[-1])
    assert status.state == "connected"


def test_a_heartbeat_ahead_of_us_asks_for_the_latest_frame(device, scanner_facts, reader, clock):
    r = connect(device, scanner_facts, reader)
    device.send(rolling(1))
    scanner_facts.wait_for(lambda f: f.of(DiceLive))
    before = r.counts().frames
    device.send(Heartbeat(BOOT, 1))
    handled(r, before + 1)
    assert r.counts().resend_requests == 1  # up to date: nothing asked (the one is the hello's)
    clock.advance(1.0)  # past the pause between two resend requests
    device.send(Heartbeat(BOOT, 2))  # frame 2 was lost on the way
    device.wait_request(ResendRequest, 2)
    device.send(settled(2))
    assert scanner_facts.wait_for(lambda f: f.of(DiceRead))[0].seq == 2


def test_a_restart_seen_only_in_a_heartbeat(device, scanner_facts, reader):
    r = connect(device, scanner_facts, reader)
    device.send(rolling(5), settled(6))
    scanner_facts.wait_for(lambda f: f.of(DiceRead))
    # It rebooted; its hello was lost. Frame 1 of the new boot must not pass as a repeat of 1.
    device.send(Heartbeat(OTHER, 0))
    device.wait_request(HelloRequest, 2)
    before = r.counts().frames
    device.send(rolling(1), settled(2, 6))  # held until the hello says which boot they are
    handled(r, before + 2)
    assert len(scanner_facts.of(DiceRead)) == 1 and len(scanner_facts.of(DiceLive)) == 2
    device.send(hello(OTHER))
    read = scanner_facts.wait_for(lambda f: len(f.of(DiceRead)) == 2 and f.of(DiceRead)[1])
    assert read == DiceRead(2, (("red", 6), ("white", 2)), OTHER)
    assert scanner_facts.of(ScannerStatus)[-1].detail.startswith("The scanner restarted")


def test_a_restart_reporting_the_same_tray_counts_nothing(device, scanner_facts, reader):
    connect(device, scanner_facts, reader)
    device.send(rolling(8), settled(9))
    scanner_facts.wait_for(lambda f: f.of(DiceRead))
    device.send(hello(OTHER), settled(1))
    scanner_facts.wait_for(lambda f: f.of(DiceLive)[-1].boot == OTHER)
    device.send(rolling(2), settled(3))  # then a real roll, landing the same
    scanner_facts.wait_for(lambda f: len(f.of(DiceRead)) == 2)
    assert [(r.boot, r.seq) for r in scanner_facts.of(DiceRead)] == [(BOOT, 9), (OTHER, 3)]


def test_last_read_from_the_journal_is_not_counted_again(device, scanner_facts, reader):
    connect(device, scanner_facts, reader, last_read=DiceRead(9, (("red", 4), ("white", 2)), BOOT))
    device.send(settled(9), rolling(10), settled(11))
    scanner_facts.wait_for(lambda f: f.of(DiceRead))
    assert [r.seq for r in scanner_facts.of(DiceRead)] == [11]
    assert [f.seq for f in scanner_facts.of(DiceLive)] == [10, 11]


def test_error_report_shown_until_the_next_frame(device, scanner_facts, reader):
    connect(device, scanner_facts, reader)
    device.send(DeviceError("CAM", "camera not responding"))
    status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus)[-1].error and f.of(ScannerStatus)[-1])
    assert status.error == "CAM: camera not responding" and status.state == "connected"
    assert "camera not responding" in status.detail and status.reason == "device_error"
    device.send(rolling(1))
    status = scanner_facts.wait_for(lambda f: not f.of(ScannerStatus)[-1].error and f.of(ScannerStatus)[-1])
    assert (status.state, status.reason) == ("connected", "")


def test_another_protocol_version_is_refused(device, scanner_facts, reader):
    r = reader()
    device.wait_request(HelloRequest)
    device.send(hello(protocol=2), settled(1))
    status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus)[-1].state == "incompatible" and f.of(ScannerStatus)[-1])
    assert "protocol 2" in status.detail and status.reason == "protocol"
    handled(r, 2)
    assert not scanner_facts.of(DiceLive)


def test_watchdog_says_silent_asks_again_and_recovers(device, scanner_facts, reader, clock):
    r = connect(device, scanner_facts, reader, watchdog=0.3)
    asked = sum(isinstance(q, HelloRequest) for q in device.requests())
    clock.advance(0.55)  # past the watchdog and the hello timeout, short of twice the watchdog (reopen)
    scanner_facts.wait_for(lambda f: f.states()[-1] == "silent")
    assert scanner_facts.of(ScannerStatus)[-1].reason == "silent"
    device.wait_request(HelloRequest, asked + 1)  # it keeps asking
    device.send(Heartbeat(BOOT, 0))
    scanner_facts.wait_for(lambda f: f.states()[-1] == "connected")
    assert scanner_facts.of(ScannerStatus)[-1].reason == ""
    assert r.state == "connected"


def test_a_long_silence_reopens_the_port(device, scanner_facts, reader, clock):
    r = connect(device, scanner_facts, reader, watchdog=0.2)
    clock.advance(0.45)  # twice the watchdog
    scanner_facts.wait_for(lambda f: f.states()[-2:] == ["disconnected", "connecting"])
    assert r.counts().connects >= 2
    reopened = [s for s in scanner_facts.of(ScannerStatus) if s.state == "disconnected"][0]
    assert reopened.reason == "silent" and "stopped answering" in reopened.detail


def test_no_port_yet_then_it_appears(tmp_path, scanner_facts, reader, device):
    link = tmp_path / "dice-scanner"
    tries = []

    def opener(port, baud, timeout):
        tries.append(port)
        return open_port(port, baud, timeout)

    r = reader(port=str(link), retry_interval=0.05, opener=opener)
    status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus))[0]
    assert status.state == "disconnected" and status.detail == f"No scanner at {link}: plug it in (trying again)"
    assert status.reason == "missing"
    assert wait_for(lambda: len(tries) >= 4)  # it tried again, three times
    assert len(scanner_facts.of(ScannerStatus)) == 1  # trying again says nothing new
    os.symlink(device.path, link)
    device.wait_request(HelloRequest)
    device.send(hello())
    scanner_facts.wait_for(lambda f: "connected" in f.states())
    assert r.counts().connects == 1


def test_unplugged_while_reading(device, scanner_facts, reader):
    connect(device, scanner_facts, reader)
    os.close(device.master)  # the USB device is gone: reads fail with EIO
    status = scanner_facts.wait_for(lambda f: [s for s in f.of(ScannerStatus) if "unplugged" in s.detail])[0]
    assert status.state == "disconnected" and status.firmware == "test-fw" and status.reason == "lost"
    # The pty is gone for good: it keeps trying, saying so once.
    scanner_facts.wait_for(lambda f: f.states()[-1] == "disconnected" and "No scanner" in f.of(ScannerStatus)[-1].detail)
    assert scanner_facts.of(ScannerStatus)[-1].reason == "missing"


def test_a_port_another_program_holds_is_busy_until_it_lets_go(device, scanner_facts, reader):
    holder = serial.Serial(device.path, exclusive=True)  # e.g. a terminal program left open on it
    try:
        r = reader(retry_interval=0.05)
        status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus))[0]
        assert (status.state, status.reason) == ("disconnected", "busy")
        assert status.detail == f"{device.path} is in use by another program: close it (fuser {device.path})"
    finally:
        holder.close()
    device.wait_request(HelloRequest)
    device.send(hello())
    scanner_facts.wait_for(lambda f: "connected" in f.states())
    assert r.counts().connects == 1


def test_a_refused_port_says_permission_until_it_is_allowed(device, scanner_facts, reader):
    if os.geteuid() != 0:
        mode = os.stat(device.path).st_mode
        os.chmod(device.path, 0)
        opener, allow = open_port, (lambda: os.chmod(device.path, mode))
    else:  # root opens anything: refuse exactly as pyserial does for a user outside dialout
        allowed = threading.Event()

        def opener(port, baud, timeout):
            if not allowed.is_set():
                raise serial.SerialException(errno.EACCES, f"could not open port {port}: [Errno 13] "
                                                           f"Permission denied: {port!r}")
            return open_port(port, baud, timeout)

        allow = allowed.set
    try:
        reader(retry_interval=0.05, opener=opener)
        status = scanner_facts.wait_for(lambda f: f.of(ScannerStatus))[0]
        assert (status.state, status.reason) == ("disconnected", "permission")
        assert status.detail.startswith(f"Not allowed to open {device.path}: join the dialout group")
    finally:
        allow()
    device.wait_request(HelloRequest)
    device.send(hello())
    status = scanner_facts.wait_for(lambda f: "connected" in f.states() and f.of(ScannerStatus)[-1])
    assert status.reason == ""


class BrokenPort:
    """A port whose driver raises what no link error is: the reader's own failure."""

    in_waiting = 0

    def read(self, size=1):
        raise RuntimeError("a bug")

    def write(self, data):
        return len(data)

    def close(self):
        pass


def test_a_reader_that_fails_says_so_and_stops(scanner_facts):
    r = ScannerReader("/dev/dice-scanner", scanner_facts, opener=lambda port, baud, timeout: BrokenPort()).start()
    try:
        status = scanner_facts.wait_for(lambda f: f.states()[-1:] == ["disconnected"] and f.of(ScannerStatus)[-1])
        assert status.reason == "failed" and status.detail == "The dice scanner reader failed: restart the app"
        r._thread.join(30)
        assert not r.is_running
    finally:
        r.close()


def test_a_broken_listener_does_not_stop_the_reader(device):
    seen = []

    def report(fact):
        seen.append(fact)
        if isinstance(fact, DiceLive):
            raise RuntimeError("a bug in the app")

    r = ScannerReader(device.path, report).start()
    try:
        device.wait_request(HelloRequest)
        device.send(hello(), rolling(1), settled(2))
        assert wait_for(lambda: any(isinstance(f, DiceRead) for f in seen)) and r.is_running
    finally:
        r.close()


def test_close_is_prompt_and_says_closed(device, scanner_facts, reader):
    # The read waits up to an hour for a byte: only close's cancel_read can end it within the join.
    r = connect(device, scanner_facts, reader, read_timeout=3600)
    r.close(timeout=30)
    assert not r.is_running
    assert scanner_facts.of(ScannerStatus)[-1].state == "closed"


def test_loop_url_own_requests_are_not_mistaken_for_a_scanner(scanner_facts, clock):
    r = ScannerReader("loop://", scanner_facts, watchdog=0.2, clock=clock).start()
    try:
        assert wait_for(lambda: r.counts().connects == 1 and r.state == "connecting")
        handled(r, 1)  # it read its own hello request back
        clock.advance(0.25)
        scanner_facts.wait_for(lambda f: "silent" in f.states())
        assert "connected" not in scanner_facts.states()
    finally:
        r.close()


def test_spy_url_reads_through_and_logs_the_traffic(device, scanner_facts, tmp_path):
    log = tmp_path / "spy.txt"
    r = ScannerReader(f"spy://{device.path}?file={log}", scanner_facts).start()
    try:
        device.wait_request(HelloRequest)
        device.send(hello(), rolling(1), settled(2))
        scanner_facts.wait_for(lambda f: f.of(DiceRead))
    finally:
        r.close()
    text = log.read_text()
    assert "$Q*AB24" in text and "R4s" in text  # pyserial's spy dump: what went each way


def test_a_settled_frames_live_dice_and_read_go_together_when_asked(device, scanner_facts, reader):
    """With `report_together` (the bridge's `post_all`) the frame that settles a roll hands over its
    DiceLive and its DiceRead in one call, in that order: the app's main loop wakes once for both.
    Every other fact (a rolling frame, a status) still goes to `report` alone."""
    together: list[tuple[object, ...]] = []
    r = connect(device, scanner_facts, reader, report_together=lambda facts: together.append(tuple(facts)))
    device.send(rolling(1), settled(2))
    assert wait_for(lambda: together), "the settled frame's two facts"
    handled(r, 2)
    assert together == [(DiceLive(2, (("red", 4, "settled"), ("white", 2, "settled")), BOOT),
                         DiceRead(2, (("red", 4), ("white", 2)), BOOT))]
    assert [f.seq for f in scanner_facts.of(DiceLive)] == [1] and not scanner_facts.of(DiceRead)
