"""The dice scanner adapter: one thread that keeps a serial link to the scanner alive and reports
what it reads as facts. It never touches the app: every fact goes through the `report` callable
(the bridge's `post`), from the reader's own thread.

Facts (hardware.facts): `DiceLive` for each new dice frame (settled or not), `DiceRead` once per
roll that settles completely, `ScannerStatus` when the link changes state, the scanner restarts or
reports an error (and at most once a second when only its counters moved). With `report_together`
(the bridge's `post_all`) the frame that settles a roll hands its `DiceLive` and its `DiceRead` over
in one call: the main loop, woken by the first of two separate posts, would otherwise refresh the
whole screen for the live frame before the read that follows it reaches the rules.

What the thread does, over and over:

- opens the port (a path such as the udev symlink /dev/dice-scanner, a pty, or a pyserial URL),
  and while that fails says why and tries again every `retry_interval` seconds, forever;
- asks for the scanner's Hello, then for its latest frame (so a reconnect catches up at once);
- splits and checks what arrives (framer, codec), drops repeats and notes gaps (tracker);
- asks again for the latest frame when a heartbeat shows one it never got;
- watches the heartbeat: after `watchdog` seconds of silence it says "silent" and keeps asking;
  after twice that it closes and reopens the port (a replaced symlink is picked up that way).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Callable, Sequence

import serial

from hardware.facts import DiceLive, DiceRead, ScannerStatus
from hardware.scanner.codec import (PROTOCOL_VERSION, DeviceError, DiceFrame, Frame, FrameError, Heartbeat, Hello,
                                    HelloRequest, ResendRequest, format_frame)
from hardware.scanner.framer import FrameDecoder
from hardware.scanner.port import Opener, explain_open_error, open_error_reason, open_port
from hardware.scanner.tracker import SequenceTracker, dice_values

log = logging.getLogger("hardware.scanner")

HELD_BEFORE_HELLO = 64
"""Dice frames kept while a fresh connection waits for the Hello that says which boot they are from."""

_LINK_ERRORS = (serial.SerialException, OSError)


@dataclasses.dataclass
class ReaderCounts:
    """Totals since the reader started (read from another thread: a snapshot, possibly a frame old)."""

    frames: int = 0
    rejected: int = 0
    unknown: int = 0
    garbage_bytes: int = 0
    missed: int = 0
    duplicates: int = 0
    reads: int = 0
    restarts: int = 0
    connects: int = 0
    resend_requests: int = 0


class ScannerReader:
    """Reads the scanner on `port` in a daemon thread and reports facts to `report`.

    `last_read`: the read the app counted last (its journal's), so that after an app restart the
    dice still on the tray are not counted again. `watchdog`: seconds without a frame before the
    link counts as silent (default: three of the scanner's announced heartbeats). `opener` and
    `clock` are seams for tests. `report_together`: where facts that belong together (a settled
    frame's `DiceLive` and `DiceRead`) go in one call, in order; without it each goes to `report`.
    """

    def __init__(self, port: str, report: Callable[[object], None], *, baud: int = 115200,
                 report_together: Callable[[Sequence[object]], None] | None = None,
                 last_read: DiceRead | None = None, retry_interval: float = 0.25,
                 hello_timeout: float = 0.5, watchdog: float | None = None,
                 read_timeout: float = 0.05, opener: Opener = open_port,
                 clock: Callable[[], float] = time.monotonic, name: str = "scanner-reader") -> None:
        self.port_name = port
        self.baud = baud
        self._report = report
        self._report_together = report_together
        self._retry_interval = retry_interval
        self._hello_timeout = hello_timeout
        self._watchdog_setting = watchdog
        self._read_timeout = read_timeout
        self._opener = opener
        self._clock = clock
        self._tracker = SequenceTracker(last_read)
        self._decoder = FrameDecoder()
        self._counts = ReaderCounts()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._port: serial.SerialBase | None = None
        # Link state, owned by the reader thread.
        self._state = "disconnected"
        self._detail = ""
        self._reason = ""
        self._firmware = ""
        self._error = ""
        self._heartbeat_s = 1.0
        self._hello_ok = False
        self._restart_pending = False
        self._held: list[DiceFrame] = []
        self._last_rx = 0.0
        self._opened_at = 0.0
        self._last_hello_request = float("-inf")
        self._last_resend_request = float("-inf")
        self._posted: ScannerStatus | None = None
        self._posted_at = float("-inf")

    # -- public ------------------------------------------------------------------------------

    def start(self) -> "ScannerReader":
        self._thread.start()
        return self

    def close(self, timeout: float = 2.0) -> None:
        """Stops the thread and closes the port; reports ScannerStatus("closed") last."""
        self._stop.set()
        port = self._port
        if port is not None:
            try:
                port.cancel_read()  # wakes a read that is waiting for bytes
            except Exception:  # a port closing under us, or a URL handler without it: the timeout ends the read
                pass
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        elif not self._thread.is_alive() and self._state != "closed":
            self._set_state("closed", "The dice scanner is not being read")

    @property
    def state(self) -> str:
        """The last state reported (one of hardware.facts.SCANNER_STATES)."""
        return self._state

    @property
    def is_running(self) -> bool:
        return self._thread.is_alive()

    def counts(self) -> ReaderCounts:
        return dataclasses.replace(self._counts)

    def __enter__(self) -> "ScannerReader":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the thread --------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                if self._port is None:
                    if not self._connect():
                        self._stop.wait(self._retry_interval)
                    continue
                self._read_once()
                if self._port is not None:
                    self._timers(self._clock())
                self._maybe_post_counts()
        except Exception:  # a bug must not leave the table believing the scanner is fine
            log.exception("scanner reader stopped by an error")
            self._set_state("disconnected", "The dice scanner reader failed: restart the app", "failed")
            self._drop_port()
            return
        self._drop_port()
        self._set_state("closed", "The dice scanner is not being read")

    def _connect(self) -> bool:
        try:
            port = self._opener(self.port_name, self.baud, self._read_timeout)
        except _LINK_ERRORS as exc:
            self._set_state("disconnected", explain_open_error(self.port_name, exc),
                            open_error_reason(self.port_name, exc))
            return False
        self._port = port
        self._counts.connects += 1
        self._decoder.reset()
        self._hello_ok = False
        self._held.clear()
        now = self._clock()
        self._opened_at = self._last_rx = now
        self._set_state("connecting", f"Opened {self.port_name}: waiting for the scanner to answer")
        self._send(HelloRequest(), now)
        return True

    def _drop_port(self) -> None:
        port, self._port = self._port, None
        self._hello_ok = False
        if port is not None:
            try:
                port.close()
            except _LINK_ERRORS:
                pass

    def _link_failed(self, exc: BaseException) -> None:
        log.info("scanner link lost: %s", exc)
        self._drop_port()
        self._set_state("disconnected", f"The scanner was unplugged or stopped: trying {self.port_name} again",
                        "lost")

    def _read_once(self) -> None:
        port = self._port
        assert port is not None
        try:
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
        except _LINK_ERRORS as exc:
            self._link_failed(exc)
            return
        if not data:
            return
        now = self._clock()
        for item in self._decoder.feed(data):
            if isinstance(item, FrameError):
                log.debug("scanner line refused: %s (%r)", item, item.line)
            else:
                self._on_frame(item, now)
            if self._port is None:
                return
        counts = self._decoder.counts
        self._counts.frames = counts.frames
        self._counts.rejected = counts.rejected
        self._counts.unknown = counts.unknown
        self._counts.garbage_bytes = counts.garbage_bytes

    def _send(self, frame: Frame, now: float) -> None:
        if self._port is None:
            return
        if isinstance(frame, HelloRequest):
            self._last_hello_request = now
        elif isinstance(frame, ResendRequest):
            self._last_resend_request = now
            self._counts.resend_requests += 1
        try:
            self._port.write(format_frame(frame))
        except _LINK_ERRORS as exc:
            self._link_failed(exc)

    # -- frames ------------------------------------------------------------------------------

    def _on_frame(self, frame: Frame, now: float) -> None:
        if isinstance(frame, (HelloRequest, ResendRequest)):
            return  # our own requests, echoed (loop://, or a device echoing its input)
        self._last_rx = now
        if isinstance(frame, Hello):
            self._on_hello(frame, now)
        elif isinstance(frame, DeviceError):  # worth showing even before the hello
            self._error = f"{frame.code}: {frame.text}"
            self._set_state(self._state, f"The scanner reports a problem: {frame.text}", "device_error")
        elif not self._hello_ok:
            if isinstance(frame, DiceFrame):
                self._held = (self._held + [frame])[-HELD_BEFORE_HELLO:]
            if self._state == "silent":
                self._set_state("connecting", f"Opened {self.port_name}: waiting for the scanner to answer")
            if now - self._last_hello_request >= self._hello_timeout:
                self._send(HelloRequest(), now)
        elif isinstance(frame, DiceFrame):
            self._on_dice(frame)
        elif isinstance(frame, Heartbeat):
            self._on_heartbeat(frame, now)
        if self._hello_ok and self._state == "silent":
            self._set_state("connected", f"Scanner {self._firmware} answering again")

    def _on_hello(self, hello: Hello, now: float) -> None:
        if hello.protocol != PROTOCOL_VERSION:
            self._hello_ok = False
            self._set_state("incompatible", f"The scanner speaks protocol {hello.protocol}, this app "
                            f"{PROTOCOL_VERSION}: update the app or the scanner's firmware", "protocol")
            return
        restarted = self._tracker.boot_seen(hello.boot) or self._restart_pending
        self._restart_pending = False
        self._counts.restarts = self._tracker.restarts
        self._hello_ok = True
        self._firmware = hello.firmware
        self._heartbeat_s = hello.heartbeat_ms / 1000
        self._error = ""
        self._set_state("connected", f"The scanner restarted; {hello.firmware} ready again" if restarted
                        else f"Scanner {hello.firmware} ready")
        self._send(ResendRequest(), now)  # its latest frame: catches up after a reconnect
        held, self._held = self._held, []
        for frame in held:
            self._on_dice(frame)

    def _on_heartbeat(self, beat: Heartbeat, now: float) -> None:
        if self._tracker.boot_seen(beat.boot):
            # It restarted and we missed its Hello: its frames are numbered anew, so hold them
            # until the Hello says what it is.
            self._restart_pending = True
            self._hello_ok = False
            self._counts.restarts = self._tracker.restarts
            self._send(HelloRequest(), now)
        elif self._tracker.tail_missing(beat.last_seq) and \
                now - self._last_resend_request >= min(self._heartbeat_s / 2, 0.1):
            self._send(ResendRequest(), now)

    def _on_dice(self, frame: DiceFrame) -> None:
        verdict = self._tracker.dice(frame)
        self._counts.missed = self._tracker.missed
        self._counts.duplicates = self._tracker.duplicates
        if not verdict.fresh:
            return
        boot = self._tracker.boot or ""
        live = DiceLive(frame.seq, tuple((d.colour, d.face, d.state) for d in frame.dice), boot)
        if not verdict.new_read:
            self._tell(live)
        else:
            self._counts.reads += 1
            self._tell(live, DiceRead(frame.seq, dice_values(frame), boot))
        if self._error:
            self._error = ""
            self._set_state("connected", f"Scanner {self._firmware} ready")

    # -- timers and status -------------------------------------------------------------------

    def _watchdog(self) -> float:
        return self._watchdog_setting if self._watchdog_setting is not None else 3 * self._heartbeat_s

    def _timers(self, now: float) -> None:
        quiet = now - self._last_rx
        watchdog = self._watchdog()
        if quiet >= 2 * watchdog:
            self._drop_port()  # reopen: a hung USB link, or a symlink that now points elsewhere
            self._set_state("disconnected", f"The scanner stopped answering: reopening {self.port_name}", "silent")
            return
        if quiet >= watchdog and self._state != "silent":
            self._set_state("silent", f"No word from the scanner for {quiet:.0f} s: check its cable and power",
                            "silent")
        if (not self._hello_ok or self._state == "silent") and \
                now - self._last_hello_request >= max(self._hello_timeout, min(self._heartbeat_s, watchdog / 3)):
            self._send(HelloRequest(), now)

    def _status(self, state: str, detail: str, reason: str) -> ScannerStatus:
        c = self._counts
        return ScannerStatus(state, detail, self.port_name, self._firmware, self._tracker.boot or "",
                             self._error, c.missed, c.duplicates, c.rejected, reason)

    def _set_state(self, state: str, detail: str, reason: str = "") -> None:
        """Reports the link's `state`: `detail` in English (logs, `companion doctor`), `reason` for
        screens to word (hardware.facts.SCANNER_REASONS; "" when nothing is wrong)."""
        if state == "connected" and not reason and self._error:
            reason = "device_error"  # answering again, but its error report still stands
        self._state, self._detail, self._reason = state, detail, reason
        status = self._status(state, detail, reason)
        if status != self._posted:
            self._post(status)

    def _maybe_post_counts(self) -> None:
        if self._posted is None or self._clock() - self._posted_at < 1.0:
            return
        status = self._status(self._state, self._detail, self._reason)
        if status != self._posted:
            self._post(status)

    def _post(self, status: ScannerStatus) -> None:
        self._posted, self._posted_at = status, self._clock()
        log.info("scanner: %s%s (%s)", status.state, f"/{status.reason}" if status.reason else "", status.detail)
        self._tell(status)

    def _tell(self, *facts: object) -> None:
        """Reports `facts` in order: in one call when there are several and `report_together` was given."""
        if len(facts) > 1 and self._report_together is not None:
            try:
                self._report_together(facts)
            except Exception:  # the listener's bug: log it, keep reading the scanner
                log.exception("scanner: reporting %r failed", facts)
            return
        for fact in facts:
            try:
                self._report(fact)
            except Exception:  # the listener's bug: log it, keep reading the scanner
                log.exception("scanner: reporting %r failed", fact)
