"""scanner-check: passes the simulator, fails firmware that breaks the protocol, says why."""

from __future__ import annotations

import io
import random
import subprocess
import time

from hardware.scanner.codec import PROTOCOL_VERSION, DiceFrame, Die, Heartbeat, Hello, format_frame
from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.twin import ScannerTwin, parse_dice

from firmware_tools.check import main

from fwtools_helpers import FAST, tool, wait_for_link

from tests.waiting import TIMEOUT


def run_check(port: str, *args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main([port, *args], out=out), out.getvalue()


def test_scanner_check_passes_the_simulator_in_ci(tmp_path, processes):
    """The CI gate: the tools as separate processes, as a maker would run them."""
    link = tmp_path / "dice-scanner"
    sim = tool("sim", "--link", str(link), "--auto", "0.4", "--no-stdin", *FAST,
               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    processes.append(sim)
    wait_for_link(link, sim)
    # The answer time and the roll timeout only bound waits for what the simulator always sends.
    # The heartbeat slack stays under the 200 ms period (a missing beat still fails) but lets a
    # loaded machine deliver a beat late: the intervals' own rule is tested on a scripted clock.
    check = tool("check", str(link), "--rolls", "2", "--roll-timeout", str(2 * TIMEOUT), "--answer-time", str(TIMEOUT),
                 "--heartbeat-slack", "0.15", stdout=subprocess.PIPE)
    processes.append(check)
    out, _ = check.communicate(timeout=3 * TIMEOUT)
    assert check.returncode == 0, out
    assert out.count("PASS") == 10 and "FAIL" not in out
    assert "10 checks: 10 passed, 0 failed, 0 skipped" in out


def test_a_noisy_line_fails_the_lines_check(twin_on_pty):
    sim = twin_on_pty(faults=FaultInjector(FaultRates(corrupt=0.15), random.Random(4)))
    code, out = run_check(sim.port)
    assert code == 1
    assert "FAIL  lines" in out and "checksum" in out


class SkippingTwin(ScannerTwin):
    """Firmware with a bug: it counts its frames in twos."""

    def _frame(self, dice):
        self.seq += 1
        return super()._frame(dice)


class CarelessTwin(ScannerTwin):
    """Firmware that obeys requests without checking their checksum."""

    def on_bytes(self, data, now):
        if data.startswith(b"$Q*"):
            return [self.hello_line()]
        return super().on_bytes(data, now)


def test_firmware_bugs_are_named(twin_on_pty):
    options = dict(heartbeat=0.2, roll_time=(0.05, 0.1), frame_interval=0.02, rng=random.Random(1))
    # The answer time and the roll timeout only bound waits for what these scanners do send: an
    # obeyed bad request is named once its hello is heard, however long that takes.
    sim = twin_on_pty(SkippingTwin(**options), auto=0.3)
    code, out = run_check(sim.port, "--rolls", "1", "--roll-timeout", str(2 * TIMEOUT), "--answer-time", str(TIMEOUT))
    assert code == 1 and "FAIL  sequence" in out and "PASS  rolls" in out
    sim.close()
    sim = twin_on_pty(CarelessTwin(**options))
    code, out = run_check(sim.port, "--answer-time", str(TIMEOUT))
    assert code == 1 and "FAIL  damaged request" in out and "was obeyed" in out


def test_rolls_that_never_come_or_never_settle(twin_on_pty):
    from firmware_tools.check import Checker, Link
    from hardware.scanner.port import open_port

    sim = twin_on_pty()
    port = open_port(sim.port)
    held = [lambda: False]

    def clock() -> float:
        """Real time, standing still while held[0]() is true: the roll timeout cannot run out
        before the checker has heard what the test waits for, however slow the machine."""
        return 0.0 if held[0]() else time.monotonic()

    try:
        link = Link(port, clock=clock)
        checker = Checker(link, rolls=1, roll_timeout=0.3, out=io.StringIO())
        checker.check_rolls()  # nothing is thrown: any timeout runs out with no throw seen
        sim.roll(parse_dice("red white:cocked"))  # it lands, but one die never counts
        assert sim.wait_idle(TIMEOUT)
        landed = sim.history()[-1][1]
        assert [d.state for d in landed.dice] == ["settled", "cocked"]
        held[0] = lambda: not any(frame == landed for _, frame in link.heard)
        checker.check_rolls()  # times out only once the landed tray was heard
    finally:
        port.close()
    assert any(frame == landed for _, frame in link.heard)
    assert [(r.ok, r.detail) for r in checker.results] == [
        (False, "0 of 1 throws seen going from rolling to settled")] * 2


def test_a_silent_device_fails_at_the_hello(tmp_path):
    import os
    import tty
    master, slave = os.openpty()
    tty.setraw(master)
    try:
        code, out = run_check(os.ttyname(slave), "--answer-time", "0.2")
    finally:
        os.close(master)
        os.close(slave)
    assert code == 1
    assert "FAIL  hello" in out and "SKIP  (the rest)" in out


def test_no_port(tmp_path):
    code, out = run_check(str(tmp_path / "nothing"))
    assert code == 2 and "No scanner at" in out


def test_a_stale_frame_in_an_answer_would_be_caught():
    """The resend rule the checker applies: a second R may bring a newer frame, never an older one."""
    from firmware_tools.check import Checker, Link

    class Replay:
        """A port that answers every R with a scripted frame."""

        def __init__(self, answers):
            self.answers, self.pending, self.in_waiting = list(answers), b"", 0

        def write(self, data):
            self.pending += self.answers.pop(0)
            self.in_waiting = len(self.pending)

        def read(self, n):
            data, self.pending = self.pending[:n], self.pending[n:]
            self.in_waiting = len(self.pending)
            return data

    old = format_frame(DiceFrame(5, (Die("red", 1, "settled"),)))
    older = format_frame(DiceFrame(4, (Die("red", 2, "settled"),)))
    out = io.StringIO()
    checker = Checker(Link(Replay([old, older])), out=out)
    checker.check_resend()
    assert checker.results[0].ok is False
    checker = Checker(Link(Replay([older, old])), out=out)
    checker.check_resend()
    assert checker.results[0].ok is True


def test_heartbeat_intervals_are_judged_against_the_announced_period():
    """The heartbeat rule on a scripted port and clock (no machine's speed in it): intervals
    within the slack pass; a missing beat, or one too late for the slack, fails."""
    from firmware_tools.check import Checker, Link

    class Beats:
        """A port that delivers a heartbeat at each scripted time of a clock moved by its reads."""

        def __init__(self, times):
            self.times, self.now, self.pending, self.in_waiting = list(times), 0.0, b"", 0

        def clock(self):
            return self.now

        def write(self, data):
            pass

        def read(self, n):
            self.now += 0.01
            while self.times and self.times[0] <= self.now:
                self.times.pop(0)
                self.pending += format_frame(Heartbeat("0000BEEF", 1))
            data, self.pending = self.pending[:n], self.pending[n:]
            self.in_waiting = len(self.pending)
            return data

    def verdict(times, slack=None):
        port = Beats(times)
        checker = Checker(Link(port, clock=port.clock), out=io.StringIO(), heartbeat_slack=slack)
        checker.hello = Hello(PROTOCOL_VERSION, "0000BEEF", "test", 200)
        checker.check_heartbeat()
        return checker.results[0].ok

    assert verdict([0.2, 0.4, 0.6]) is True
    assert verdict([0.2, 0.6]) is False  # a beat missing
    assert verdict([0.2, 0.5, 0.6]) is False  # 100 ms late: over the default 10 % + 50 ms
    assert verdict([0.2, 0.5, 0.6], slack=0.15) is True
    assert verdict([0.2, 0.6], slack=0.15) is False
