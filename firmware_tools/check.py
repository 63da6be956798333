"""`scanner-check`: does a scanner (or the simulator) keep firmware_tools/PROTOCOL.md? Runs a suite
of checks over its port, prints PASS / FAIL / SKIP per check, and exits 0 only if nothing failed
(1 if something did, 2 if the port cannot be opened), for CI and for a maker's bench.

    scanner-check /dev/dice-scanner --rolls 3       # then throw the dice three times
    scanner-check /tmp/dice-scanner --rolls 2       # against `scanner-sim --auto 1`

The checks ask the scanner (Q, R, a damaged and an unknown request, line noise) and listen to it
(heartbeats, sequence numbers, checksums); with --rolls N they wait for N throws and check that
each went from rolling to settled. Nothing here changes a scanner's settings.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from typing import Callable, Sequence, TextIO

import serial

from hardware.scanner.codec import (PROTOCOL_VERSION, DeviceError, DiceFrame, Frame, FrameError, Heartbeat, Hello,
                                    HelloRequest, ResendRequest, format_frame, frame_bytes)
from hardware.scanner.framer import FrameDecoder
from hardware.scanner.port import explain_open_error, open_port

ANSWER_TIME = 1.0
"""Default seconds a request may take to be answered (the protocol asks for 100 ms; USB and a busy
host get the rest)."""


@dataclasses.dataclass(frozen=True)
class Result:
    name: str
    ok: bool | None  # None: skipped
    detail: str

    @property
    def mark(self) -> str:
        return "SKIP" if self.ok is None else "PASS" if self.ok else "FAIL"


class Link:
    """The port, and everything heard on it with arrival times."""

    def __init__(self, port: serial.SerialBase, clock: Callable[[], float] = time.monotonic,
                 answer_time: float = ANSWER_TIME) -> None:
        self.port = port
        self.clock = clock
        self.answer_time = answer_time
        self.decoder = FrameDecoder()
        self.heard: list[tuple[float, Frame]] = []
        self.refused: list[FrameError] = []

    def send(self, data: bytes) -> float:
        """Writes `data`; returns the time just before (a round trip starts there)."""
        at = self.clock()
        self.port.write(data)
        return at

    def pump(self, seconds: float) -> None:
        end = self.clock() + seconds
        while self.clock() < end:
            self._read()

    def _read(self) -> None:
        data = self.port.read(1)
        if data and self.port.in_waiting:
            data += self.port.read(self.port.in_waiting)
        now = self.clock()
        for item in self.decoder.feed(data):
            if isinstance(item, FrameError):
                self.refused.append(item)
            elif not isinstance(item, (HelloRequest, ResendRequest)):  # a loopback echoing us
                self.heard.append((now, item))

    def wait(self, kind: type | tuple[type, ...], since: int, timeout: float | None = None,
             check: Callable[[Frame], bool] = lambda f: True) -> tuple[float, Frame] | None:
        """The first frame of `kind` heard at index `since` or later, waiting up to `timeout`
        (default: the answer time)."""
        end = self.clock() + (self.answer_time if timeout is None else timeout)
        while True:
            for at, frame in self.heard[since:]:
                if isinstance(frame, kind) and check(frame):
                    return at, frame
            if self.clock() >= end:
                return None
            self._read()

    def mark(self) -> int:
        return len(self.heard)


class Checker:
    """The suite. `run()` returns the results in order; a failed hello stops it early."""

    def __init__(self, link: Link, *, rolls: int = 0, roll_timeout: float = 60.0, out: TextIO = sys.stdout,
                 rng: random.Random | None = None, heartbeat_slack: float | None = None) -> None:
        """`heartbeat_slack`: how far (seconds) a heartbeat interval may be from the announced one;
        None is the protocol's 10 % plus 50 ms for the host's scheduling. A wider one is for a host
        too loaded to time arrivals that finely (a CI machine checking the simulator): it still
        catches a missing beat as long as it stays under the period."""
        self.link = link
        self.rolls = rolls
        self.roll_timeout = roll_timeout
        self.heartbeat_slack = heartbeat_slack
        self.out = out
        self.rng = rng or random.Random(0)
        self.hello: Hello | None = None
        self.results: list[Result] = []

    def record(self, name: str, ok: bool | None, detail: str) -> bool:
        result = Result(name, ok, detail)
        self.results.append(result)
        print(f"{result.mark}  {name:<18} {detail}", file=self.out, flush=True)
        return bool(ok)

    def ask_hello(self) -> tuple[float, Hello] | None:
        since = self.link.mark()
        sent = self.link.send(format_frame(HelloRequest()))
        got = self.link.wait(Hello, since)
        return (got[0] - sent, got[1]) if got else None  # type: ignore[return-value]

    def run(self) -> list[Result]:
        if not self.check_hello():
            self.record("(the rest)", None, "skipped: nothing works without a hello")
            return self.results
        self.check_hello_again()
        self.check_resend()
        self.check_heartbeat()
        self.check_bad_checksum_request()
        self.check_unknown_request()
        self.check_noise_before_request()
        self.check_rolls()
        self.check_lines()
        self.check_sequence()
        return self.results

    # -- the checks --------------------------------------------------------------------------

    def check_hello(self) -> bool:
        # Three tries: on a noisy line the answer itself may be damaged, and the "lines" check is
        # the one that should say so, not this one.
        for _ in range(3):
            answer = self.ask_hello()
            if answer is not None:
                break
        if answer is None:
            heard = f"heard {len(self.link.heard)} frames, {len(self.link.refused)} refused lines"
            return self.record("hello", False, f"no hello within {self.link.answer_time} s of Q, 3 tries ({heard})")
        rtt, hello = answer
        self.hello = hello
        if hello.protocol != PROTOCOL_VERSION:
            return self.record("hello", False, f"protocol {hello.protocol}, this checker knows {PROTOCOL_VERSION}")
        return self.record("hello", True, f"protocol {hello.protocol}, boot {hello.boot}, firmware {hello.firmware}, "
                           f"heartbeat {hello.heartbeat_ms} ms; answered in {1000 * rtt:.2f} ms")

    def check_hello_again(self) -> None:
        answer = self.ask_hello()
        if answer is None:
            self.record("hello again", False, "a second Q got no hello")
        elif answer[1] != self.hello:
            self.record("hello again", False, f"changed: {answer[1]} after {self.hello}")
        else:
            self.record("hello again", True, f"same hello; answered in {1000 * answer[0]:.2f} ms")

    def check_resend(self) -> None:
        answers = []
        for _ in range(2):
            since = self.link.mark()
            self.link.send(format_frame(ResendRequest()))
            answers.append(self.link.wait(DiceFrame, since))
        if None in answers:
            self.record("resend", False, "R got no dice frame (frame 1 is sent at power-on, so there is always one)")
            return
        first, second = (a[1] for a in answers)  # type: ignore[index]
        # Between the two requests a new frame may have been sent (dice moving): then the second
        # answer is that newer frame, never an older one.
        if second != first and second.seq <= first.seq:  # type: ignore[union-attr]
            self.record("resend", False, f"two R gave #{first.seq} and #{second.seq} with different dice")
        else:
            self.record("resend", True, f"R answered with the latest frame (#{first.seq}), unchanged when repeated")

    def check_heartbeat(self) -> None:
        assert self.hello is not None
        period = self.hello.heartbeat_ms / 1000
        since = self.link.mark()
        self.link.pump(2.5 * period + 0.3)
        beats = [(at, f) for at, f in self.link.heard[since:] if isinstance(f, Heartbeat)]
        if len(beats) < 2:
            self.record("heartbeat", False, f"{len(beats)} heartbeats in {2.5 * period + 0.3:.1f} s "
                        f"(announced every {self.hello.heartbeat_ms} ms)")
            return
        gaps = [b[0] - a[0] for a, b in zip(beats, beats[1:])]
        # The protocol's 10 %, plus the host's scheduling (unless told otherwise).
        slack = 0.1 * period + 0.05 if self.heartbeat_slack is None else self.heartbeat_slack
        bad_time = [g for g in gaps if abs(g - period) > slack]
        bad_boot = [f.boot for _, f in beats if f.boot != self.hello.boot]
        if bad_boot:
            self.record("heartbeat", False, f"boot id {bad_boot[0]} in a heartbeat, {self.hello.boot} in the hello")
        elif bad_time:
            self.record("heartbeat", False, f"intervals {', '.join(f'{1000 * g:.0f}' for g in gaps)} ms; "
                        f"announced {self.hello.heartbeat_ms} ms")
        else:
            self.record("heartbeat", True, f"{len(beats)} beats, intervals "
                        f"{min(gaps) * 1000:.0f}-{max(gaps) * 1000:.0f} ms (announced {self.hello.heartbeat_ms})")

    def _still_answers(self) -> bool:
        return self.ask_hello() is not None

    def _expect_error(self, name: str, request: bytes, code: str, what: str) -> None:
        since = self.link.mark()
        self.link.send(request)
        # Waits for the report, or for a hello that says the request was obeyed: either decides, so
        # an obeyed request is named as soon as it is answered, not only if that answer came
        # within the answer time spent waiting for a report that will never come.
        got = self.link.wait((DeviceError, Hello), since,
                             check=lambda f: isinstance(f, Hello) or f.code == code)  # type: ignore[attr-defined]
        error = got if got is not None and isinstance(got[1], DeviceError) else None
        answered_anyway = [f for _, f in self.link.heard[since:] if isinstance(f, Hello)]
        if answered_anyway:
            self.record(name, False, f"{what} was obeyed: the scanner must ignore it")
        elif not self._still_answers():
            self.record(name, False, f"after {what} the scanner no longer answers Q")
        elif error is None:
            self.record(name, False, f"{what}: no E,{code} report (it was ignored, and it still answers)")
        else:
            self.record(name, True, f"{what}: reported as {code} ({error[1].text!r}), and it still answers")  # type: ignore[attr-defined]

    def check_bad_checksum_request(self) -> None:
        good = format_frame(HelloRequest())
        damaged = good[:-6] + (b"0000" if good[-6:-2] != b"0000" else b"FFFF") + b"\r\n"
        self._expect_error("damaged request", damaged, "CRC", "a Q with a bad checksum")

    def check_unknown_request(self) -> None:
        self._expect_error("unknown request", frame_bytes(b"Z"), "CMD", "an unknown request Z")

    def check_noise_before_request(self) -> None:
        noise = bytes(self.rng.choice(b"0123456789ABCDEF,*$ \x00\xff") for _ in range(120))
        self.link.send(noise)
        answer = self.ask_hello()
        self.record("noise", answer is not None, "a Q right after 120 bytes of noise (no line end) was answered"
                    if answer else "after line noise, a Q got no hello: start a new line at every $")

    def check_rolls(self) -> None:
        if not self.rolls:
            self.record("rolls", None, "skipped: --rolls N waits for N throws")
            return
        print(f"       throw the dice {self.rolls} time(s) (waiting up to {self.roll_timeout:.0f} s)",
              file=self.out, flush=True)
        since, end = self.link.mark(), self.link.clock() + self.roll_timeout
        reads: list[DiceFrame] = []
        while len(reads) < self.rolls and self.link.clock() < end:
            self.link.pump(0.1)
            reads, moved = [], False
            for _, frame in self.link.heard[since:]:
                if isinstance(frame, DiceFrame):
                    if frame.is_settled and moved:
                        reads.append(frame)
                    moved = not frame.is_settled
        if len(reads) < self.rolls:
            self.record("rolls", False, f"{len(reads)} of {self.rolls} throws seen going from rolling to settled")
        else:
            shown = "; ".join(" ".join(f"{d.colour} {d.face}" for d in f.dice) for f in reads[: self.rolls])
            self.record("rolls", True, f"{len(reads)} throws, each rolling then settled: {shown}")

    def check_lines(self) -> None:
        counts = self.link.decoder.counts
        problems = []
        if self.link.refused:
            first = self.link.refused[0]
            problems.append(f"{len(self.link.refused)} lines refused, first: {first} ({first.line[:60]!r})")
        if counts.overlong:
            problems.append(f"{counts.overlong} lines longer than 160 bytes")
        if counts.garbage_bytes:
            problems.append(f"{counts.garbage_bytes} bytes outside any line")
        heard = len(self.link.heard)
        self.record("lines", not problems, "; ".join(problems) if problems else
                    f"{heard} frames, all with good checksums and grammar")

    def check_sequence(self) -> None:
        seqs = [f.seq for _, f in self.link.heard if isinstance(f, DiceFrame)]
        beats = []
        last, bad = None, []
        for _, frame in self.link.heard:
            if isinstance(frame, DiceFrame):
                if last is not None and frame.seq not in (last, last + 1):
                    bad.append(f"#{frame.seq} after #{last}")
                last = max(frame.seq, last or 0)
            elif isinstance(frame, Heartbeat) and last is not None:
                beats.append((frame.last_seq, last))
        wrong_beats = [f"heartbeat says #{said}, last frame #{seen}" for said, seen in beats if said != seen]
        if bad or wrong_beats:
            self.record("sequence", False, "; ".join((bad + wrong_beats)[:3]))
        else:
            self.record("sequence", True, f"{len(seqs)} dice frames, each seq one more than the last (or the "
                        f"latest again when asked), heartbeats naming the latest")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scanner-check", description=__doc__.split("\n\n")[0])
    p.add_argument("port", help="device path, pty, /tmp/dice-scanner, or a pyserial URL")
    p.add_argument("--baud", type=int, default=115200)
    p.add_argument("--rolls", type=int, default=0, help="also wait for N throws of the dice")
    p.add_argument("--roll-timeout", type=float, default=60.0, help="seconds to wait for the throws (default 60)")
    p.add_argument("--answer-time", type=float, default=ANSWER_TIME,
                   help=f"seconds a request may take to be answered (default {ANSWER_TIME})")
    p.add_argument("--heartbeat-slack", type=float, metavar="SECONDS",
                   help="how far a heartbeat interval may be from the announced one (default: 10 %% + 50 ms)")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = build_parser().parse_args(argv)
    try:
        port = open_port(args.port, args.baud, timeout=0.05)
    except (serial.SerialException, OSError) as exc:
        print(f"scanner-check: {explain_open_error(args.port, exc)}", file=out)
        return 2
    print(f"scanner-check: {args.port}", file=out, flush=True)
    try:
        results = Checker(Link(port, answer_time=args.answer_time), rolls=args.rolls, roll_timeout=args.roll_timeout,
                          out=out, heartbeat_slack=args.heartbeat_slack).run()
    except (serial.SerialException, OSError) as exc:
        print(f"FAIL  {'link':<18} the port failed during the checks: {exc}", file=out)
        return 1
    finally:
        port.close()
    failed = sum(r.ok is False for r in results)
    passed = sum(r.ok is True for r in results)
    print(f"{len(results)} checks: {passed} passed, {failed} failed, {len(results) - passed - failed} skipped",
          file=out, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
