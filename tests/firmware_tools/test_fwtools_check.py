"""scanner-check: passes the simulator, fails firmware that breaks the protocol, says why."""

from __future__ import annotations

import io
import random
import subprocess

from hardware.scanner.codec import DiceFrame, Die, format_frame
from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.twin import ScannerTwin, parse_dice

from firmware_tools.check import main

from fwtools_helpers import FAST, tool, wait_for_link


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
    check = tool("check", str(link), "--rolls", "2", "--roll-timeout", "10", stdout=subprocess.PIPE)
    processes.append(check)
    out, _ = check.communicate(timeout=30)
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
    sim = twin_on_pty(SkippingTwin(**options), auto=0.3)
    code, out = run_check(sim.port, "--rolls", "1", "--roll-timeout", "3")
    assert code == 1 and "FAIL  sequence" in out and "PASS  rolls" in out
    sim.close()
    sim = twin_on_pty(CarelessTwin(**options))
    code, out = run_check(sim.port)
    assert code == 1 and "FAIL  damaged request" in out and "was obeyed" in out


def test_rolls_that_never_come_or_never_settle(twin_on_pty):
    from firmware_tools.check import Checker, Link
    from hardware.scanner.port import open_port

    sim = twin_on_pty()
    port = open_port(sim.port)
    try:
        checker = Checker(Link(port), rolls=1, roll_timeout=0.3, out=io.StringIO())
        checker.check_rolls()
        sim.roll(parse_dice("red white:cocked"))  # it lands, but one die never counts
        checker.check_rolls()
    finally:
        port.close()
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
