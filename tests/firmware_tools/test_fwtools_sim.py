"""scanner-sim as a process: kill it, start another on the same link, and the app's reader
recovers within 2 s with no read lost or doubled; scripts; commands on standard input; signals."""

from __future__ import annotations

import os
import signal
import subprocess
import time

from hardware.facts import DiceLive, DiceRead, ScannerStatus
from hardware.scanner.reader import ScannerReader

from fwtools_helpers import FAST, tool, wait_for_link
from tests.waiting import TIMEOUT


class Collected(list):
    def __call__(self, fact):
        self.append(fact)

    def wait(self, check, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = check(self)
            if result:
                return result
            time.sleep(0.005)
        raise AssertionError(f"timed out: {list(self)}")

    def reads(self):
        return [f.dice for f in self if isinstance(f, DiceRead)]

    def states(self):
        return [f.state for f in self if isinstance(f, ScannerStatus)]


def sim_process(link, processes, *args):
    process = tool("sim", "--link", str(link), *FAST, *args, stdin=subprocess.PIPE,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    processes.append(process)
    return process


def command(process, text):
    process.stdin.write(text + "\n")
    process.stdin.flush()


def caught_up(process, facts, text):
    """Returns once the reader has handled all the simulator sent before: it reports an error
    after them and the reader passes that on (the pty keeps order)."""
    command(process, f"error SYNC {text}")
    facts.wait(lambda f: any(s.error == f"SYNC: {text}" for s in f if isinstance(s, ScannerStatus)))


def test_killed_and_restarted_simulator_recovers_nothing_lost_or_doubled(tmp_path, processes):
    link = tmp_path / "dice-scanner"
    first = sim_process(link, processes)
    old_pty = wait_for_link(link, first)
    facts = Collected()
    reader = ScannerReader(str(link), facts, retry_interval=0.1).start()
    try:
        facts.wait(lambda f: "connected" in f.states())
        command(first, "roll red:1 white:2")
        facts.wait(lambda f: len(f.reads()) == 1)
        command(first, "roll red:3 white:4")
        facts.wait(lambda f: len(f.reads()) == 2)

        before = len(facts)
        first.send_signal(signal.SIGKILL)  # no goodbye: the link is left pointing at a dead pty
        first.wait(30)
        facts.wait(lambda f: any(isinstance(s, ScannerStatus) and s.state == "disconnected" for s in f[before:]))
        lost_at = len(facts)

        restarted = time.monotonic()
        # The dice it had read still lie in the tray: the new scanner finds and reports them.
        second = sim_process(link, processes, "--tray", "red:3 white:4")
        facts.wait(lambda f: "connected" in [s.state for s in f[lost_at:] if isinstance(s, ScannerStatus)])
        recovered = time.monotonic() - restarted  # printed, not asserted: that is the machine's speed
        second_boot = facts.wait(lambda f: [x.boot for x in f[lost_at:] if isinstance(x, DiceLive)])[0]
        caught_up(second, facts, "tray")
        assert len(facts.reads()) == 2  # the unchanged tray is not a new roll

        command(second, "roll red:5 white:6")
        facts.wait(lambda f: len(f.reads()) == 3)
        caught_up(second, facts, "roll")
        assert facts.reads() == [(("red", 1), ("white", 2)), (("red", 3), ("white", 4)), (("red", 5), ("white", 6))]
        assert [r.boot for r in facts if isinstance(r, DiceRead)][2] == second_boot
        assert wait_for_link(link, second) != "" and reader.counts().restarts == 1
        print(f"recovered in {recovered:.3f} s (old pty {old_pty})")
    finally:
        reader.close()


def test_a_script_file_runs_and_quits(tmp_path, processes):
    link = tmp_path / "dice-scanner"
    script = tmp_path / "session.txt"
    script.write_text("# a short session\nwait 0.4\nroll black:6 black:1\nwait 0.4\nunplug 0.2\nwait 0.5\nquit\n")
    facts = Collected()
    # Reading before the simulator starts: connected as soon as its link appears, whatever the
    # machine's speed (and a late reader still asks for the latest frame).
    reader = ScannerReader(str(link), facts, retry_interval=0.05).start()
    process = sim_process(link, processes, "--script", str(script))
    try:
        assert process.wait(60) == 0
        assert facts.reads() == [(("black", 6), ("black", 1))]
        states = facts.states()
        assert "disconnected" in states and states.index("disconnected") < len(states) - 1
        assert not link.exists()  # it tidied its link away
    finally:
        reader.close()


def test_a_bad_script_is_refused_before_anything_runs(tmp_path, processes):
    script = tmp_path / "bad.txt"
    script.write_text("roll red\nroll purple\n")
    process = sim_process(tmp_path / "dice-scanner", processes, "--script", str(script))
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2 and "line 2" in err and "purple" in err
    assert not (tmp_path / "dice-scanner").exists()


def test_sigterm_removes_the_link_and_exits_cleanly(tmp_path, processes):
    link = tmp_path / "dice-scanner"
    process = sim_process(link, processes, "--no-stdin")
    wait_for_link(link, process)
    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
    assert not os.path.lexists(link)


def test_a_typo_on_standard_input_is_said_and_the_scanner_goes_on(tmp_path, processes):
    link = tmp_path / "dice-scanner"
    process = sim_process(link, processes)
    wait_for_link(link, process)
    command(process, "rol red")
    command(process, "quit")
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0 and "unknown command 'rol'" in err
