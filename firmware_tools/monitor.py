"""`scanner-monitor`: decodes a scanner's port live — every frame, every refused line, and a summary
of rates, errors, gaps and latency. For bringing up firmware, and for finding a bad cable.

    scanner-monitor /dev/dice-scanner
    scanner-monitor /tmp/dice-scanner --duration 30 --stats 5
    scanner-monitor spy:///dev/ttyACM0 --raw          # pyserial's spy:// also dumps the traffic

By default it asks for the hello at start and pings (`Q`) every second to measure the round trip:
the latency figure is request written → hello decoded, which is the host's and the scanner's
turnaround plus the wire. `--passive` never writes (then there is no latency figure). A port that
goes away is reopened, so the monitor can sit on /dev/dice-scanner through unplugging.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from typing import Callable, Sequence, TextIO

import serial

from hardware.scanner.codec import DeviceError, DiceFrame, Frame, FrameError, Heartbeat, Hello, HelloRequest, format_frame
from hardware.scanner.framer import FrameDecoder
from hardware.scanner.port import explain_open_error, open_port

STATE_MARKS = {"settled": "", "rolling": "~", "cocked": "/", "unreadable": "?"}


def describe(frame: Frame) -> tuple[str, str]:
    """(type letter, a short human reading) of a frame."""
    if isinstance(frame, DiceFrame):
        dice = " ".join(f"{d.colour[0].upper()}{d.face or '-'}"
                        f"{STATE_MARKS[d.state]}" for d in frame.dice) or "(empty tray)"
        return "D", f"#{frame.seq} {dice}" + ("   READ" if frame.is_settled else "")
    if isinstance(frame, Heartbeat):
        return "K", f"boot {frame.boot}, last #{frame.last_seq}"
    if isinstance(frame, Hello):
        return "H", (f"hello: protocol {frame.protocol}, boot {frame.boot}, firmware {frame.firmware}, "
                     f"heartbeat {frame.heartbeat_ms} ms")
    if isinstance(frame, DeviceError):
        return "E", f"{frame.code}: {frame.text}"
    return "?", type(frame).__name__


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


@dataclasses.dataclass
class Tally:
    """What the monitor counted: per frame type, refused lines, sequence gaps and repeats, pings."""

    started: float
    frames: dict[str, int] = dataclasses.field(default_factory=dict)
    rejected: int = 0
    garbage_bytes: int = 0
    gaps: int = 0
    missed: int = 0
    repeats: int = 0
    reads: int = 0
    pings: list[float] = dataclasses.field(default_factory=list)
    reconnects: int = 0

    def summary(self, now: float) -> str:
        elapsed = max(now - self.started, 1e-9)
        total = sum(self.frames.values())
        lines = total + self.rejected
        rate = f"{100 * self.rejected / lines:.2f} %" if lines else "-"
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.frames.items())) or "none"
        ping = (f"latency p50 {1000 * statistics.median(self.pings):.2f} ms, p99 "
                f"{1000 * percentile(self.pings, 99):.2f} ms over {len(self.pings)} pings") if self.pings else "latency -"
        return (f"-- {elapsed:.1f} s: {total} frames ({total / elapsed:.1f}/s: {kinds}), {self.reads} reads; "
                f"{self.rejected} refused (error rate {rate}), {self.garbage_bytes} noise bytes; "
                f"{self.gaps} gaps ({self.missed} frames missed), {self.repeats} repeats; {ping}")


class Monitor:
    """Reads `port` and prints to `out`. Single-threaded: `run(duration)` returns the Tally."""

    def __init__(self, port: str, out: TextIO = sys.stdout, *, baud: int = 115200, passive: bool = False,
                 ping: float = 1.0, raw: bool = False, stats: float = 10.0, quiet: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.port_name, self.baud, self.out = port, baud, out
        self.passive, self.ping_every, self.raw, self.stats_every, self.quiet = passive, ping, raw, stats, quiet
        self.clock = clock
        self.tally = Tally(clock())
        self._decoder = FrameDecoder()
        self._port: serial.SerialBase | None = None
        self._ping_sent: float | None = None
        self._boot: str | None = None
        self._last_seq = 0

    def say(self, text: str, always: bool = False) -> None:
        if always or not self.quiet:
            print(text, file=self.out, flush=True)

    def run(self, duration: float | None = None, until: Callable[[Tally], object] | None = None) -> Tally:
        """Monitors until `duration` seconds have passed (None: until Ctrl-C) or, if given, until
        `until(tally)` holds, whichever comes first; prints the summary and returns the Tally.

        `until` is checked on every turn of the loop (at least once per 50 ms read). It lets a
        caller (a test) stop once what it waits for has been shown, instead of guessing a
        duration long enough for a slow machine; `duration` then only bounds a wait for something
        that never comes. Without it the monitor behaves as before (the command line never
        passes one)."""
        end = None if duration is None else self.clock() + duration
        next_stats = self.clock() + self.stats_every
        next_ping = self.clock()
        try:
            while (end is None or self.clock() < end) and not (until is not None and until(self.tally)):
                if self._port is None and not self._open():
                    time.sleep(0.5)
                    continue
                now = self.clock()
                if not self.passive and now >= next_ping:
                    self._ping(now)
                    next_ping = now + self.ping_every
                self._read()
                if self.clock() >= next_stats:
                    self.say(self.tally.summary(self.clock()), always=True)
                    next_stats += self.stats_every
        except KeyboardInterrupt:
            pass
        finally:
            if self._port is not None:
                self._port.close()
        self.say(self.tally.summary(self.clock()), always=True)
        return self.tally

    def _stamp(self) -> str:
        return f"{self.clock() - self.tally.started:9.3f}"

    def _open(self) -> bool:
        try:
            self._port = open_port(self.port_name, self.baud, timeout=0.05)
        except (serial.SerialException, OSError) as exc:
            self.say(f"{self._stamp()}  -  {explain_open_error(self.port_name, exc)}")
            return False
        self._decoder.reset()
        self._ping_sent = None
        self.tally.reconnects += 1
        self.say(f"{self._stamp()}  -  opened {self.port_name}")
        return True

    def _lost(self, exc: BaseException) -> None:
        self.say(f"{self._stamp()}  -  port lost: {exc}")
        if self._port is not None:
            try:
                self._port.close()
            except (serial.SerialException, OSError):
                pass
        self._port = None

    def _ping(self, now: float) -> None:
        try:
            self._port.write(format_frame(HelloRequest()))  # type: ignore[union-attr]
            self._ping_sent = now
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)

    def _read(self) -> None:
        try:
            data = self._port.read(1)  # type: ignore[union-attr]
            if data and self._port.in_waiting:  # type: ignore[union-attr]
                data += self._port.read(self._port.in_waiting)  # type: ignore[union-attr]
        except (serial.SerialException, OSError) as exc:
            self._lost(exc)
            return
        if not data:
            return
        now = self.clock()
        for item in self._decoder.feed(data):
            self._show(item, now)
        self.tally.rejected = self._decoder.counts.rejected
        self.tally.garbage_bytes = self._decoder.counts.garbage_bytes

    def _show(self, item: Frame | FrameError, now: float) -> None:
        if isinstance(item, FrameError):
            self.say(f"{self._stamp()}  !  {item}: {item.line[:100]!r}")
            return
        if isinstance(item, HelloRequest):
            return  # our own ping, echoed by a loopback
        kind, text = describe(item)
        self.tally.frames[kind] = self.tally.frames.get(kind, 0) + 1
        note = ""
        if isinstance(item, Hello):
            restarted = self._boot is not None and item.boot != self._boot
            if item.boot != self._boot:
                self._boot, self._last_seq = item.boot, 0
            answered = self._ping_sent is not None
            if restarted:
                note = "   (RESTARTED: numbering starts again)"
            if answered:
                rtt = now - self._ping_sent  # type: ignore[operator]
                self.tally.pings.append(rtt)
                self._ping_sent = None
                if self.tally.frames["H"] > 1 and not restarted and not self.raw:
                    return  # a ping's answer, every second: shown the first time only
                note += f"   (answered in {1000 * rtt:.2f} ms)"
        elif isinstance(item, Heartbeat) and item.boot != self._boot and self._boot is not None:
            note = "   (another boot: it restarted, its hello missed)"
            self._boot, self._last_seq = item.boot, 0
        elif isinstance(item, DiceFrame):
            if item.seq <= self._last_seq:
                self.tally.repeats += 1
                note = "   (repeat)"
            else:
                if self._last_seq and item.seq > self._last_seq + 1:
                    self.tally.gaps += 1
                    self.tally.missed += item.seq - self._last_seq - 1
                    note = f"   (GAP: {item.seq - self._last_seq - 1} missed)"
                self._last_seq = item.seq
                self.tally.reads += item.is_settled
        self.say(f"{self._stamp()}  {kind}  {text}{note}")
        if self.raw:
            self.say(f"{'':9}     {format_frame(item)!r}")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scanner-monitor", description=__doc__.split("\n\n")[0])
    p.add_argument("port", help="device path, pty, /tmp/dice-scanner, or a pyserial URL (spy://, loop://)")
    p.add_argument("--baud", type=int, default=115200)
    p.add_argument("--duration", type=float, help="stop after SECONDS (default: Ctrl-C)")
    p.add_argument("--passive", action="store_true", help="never write to the port (no pings, no latency)")
    p.add_argument("--ping", type=float, default=1.0, help="seconds between latency pings (default 1)")
    p.add_argument("--stats", type=float, default=10.0, help="seconds between summary lines (default 10)")
    p.add_argument("--raw", action="store_true", help="also print each frame's bytes")
    p.add_argument("-q", "--quiet", action="store_true", help="summaries only")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    Monitor(args.port, baud=args.baud, passive=args.passive, ping=args.ping, raw=args.raw,
            stats=args.stats, quiet=args.quiet).run(args.duration)
    return 0


if __name__ == "__main__":
    sys.exit(main())
