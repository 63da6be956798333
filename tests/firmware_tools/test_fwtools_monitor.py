"""scanner-monitor: shows frames, refused lines, gaps and repeats, and a summary with latency."""

from __future__ import annotations

import io
import random
import re
import threading
import tomllib
from pathlib import Path

from hardware.scanner.codec import DeviceError, Die, DiceFrame, Heartbeat
from hardware.scanner.twin import ScannerTwin, parse_dice

from firmware_tools.monitor import Monitor, describe

from tests.waiting import TIMEOUT, wait_for


def test_describe():
    assert describe(DiceFrame(6, (Die("red", 4, "settled"), Die("yellow", 0, "cocked")))) == ("D", "#6 R4 Y-/")
    assert describe(DiceFrame(7, (Die("black", 2, "settled"),))) == ("D", "#7 B2   READ")
    assert describe(DiceFrame(8, ())) == ("D", "#8 (empty tray)")
    assert describe(Heartbeat("0000BEEF", 8)) == ("K", "boot 0000BEEF, last #8")
    assert describe(DeviceError("CAM", "no image")) == ("E", "CAM: no image")


class CountingTwin(ScannerTwin):
    """The simulated scanner, counting the hello requests (pings) it has answered."""

    answered = 0

    def on_bytes(self, data, now):
        lines = super().on_bytes(data, now)
        self.answered += sum(line.startswith(b"$H,") for line in lines)
        return lines


def test_monitor_shows_damage_gaps_repeats_and_latency(twin_on_pty):
    twin = CountingTwin(rng=random.Random(2), heartbeat=0.2, frame_interval=0.02, roll_time=(0.05, 0.12),
                        dice=parse_dice("red white yellow black"))
    sim = twin_on_pty(twin)
    out = io.StringIO()
    monitor = Monitor(sim.port, out, ping=0.1, stats=60)
    failures: list[BaseException] = []

    def session() -> None:
        try:
            # A ping answered: the monitor has the port open and reads it (opening drops what came before).
            assert wait_for(lambda: "H" in monitor.tally.frames)
            sim.place(parse_dice("red:1"))
            sim.once("corrupt", "D")
            sim.place(parse_dice("red:2"))
            sim.once("duplicate", "D")
            sim.place(parse_dice("red:3 white:4"))
            sim.restart()
        except BaseException as exc:  # noqa: BLE001 - reported by the test's thread
            failures.append(exc)

    helper = threading.Thread(target=session, daemon=True)
    helper.start()
    # Until the restart (the last thing the session does, so everything before it was shown too)
    # and five answered pings; the duration only bounds a wait for something that never comes.
    tally = monitor.run(TIMEOUT, until=lambda t: "RESTARTED" in out.getvalue() and len(t.pings) >= 5)
    helper.join(TIMEOUT)
    assert not failures and not helper.is_alive()
    text = out.getvalue()
    assert text.count("  !  ") == 1  # the damaged line, shown with why it was refused
    assert "(GAP: 1 missed)" in text and "(repeat)" in text
    assert "#4 R3 W4   READ" in text
    assert "RESTARTED" in text
    assert tally.rejected == 1 and tally.gaps == 1 and tally.repeats == 1
    # Every latency figure is a request the scanner answered (a ping not yet answered has none).
    assert 5 <= len(tally.pings) <= sim.query(lambda now: twin.answered)
    summary = text.strip().splitlines()[-1]
    assert re.match(r"-- \d+\.\d s: ", summary), summary
    assert "1 refused" in summary and "latency p50" in summary and f"over {len(tally.pings)} pings" in summary


def test_passive_monitor_never_writes(twin_on_pty):
    sim = twin_on_pty()
    out = io.StringIO()
    tally = Monitor(sim.port, out, passive=True, stats=60).run(TIMEOUT, until=lambda t: t.frames.get("K", 0) >= 2)
    assert tally.pings == [] and "latency -" in out.getvalue()
    assert tally.frames.get("K", 0) >= 2 and "H" not in tally.frames


def test_the_three_commands_are_declared():
    scripts = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())["project"]["scripts"]
    import importlib
    for name, module in (("scanner-sim", "sim"), ("scanner-monitor", "monitor"), ("scanner-check", "check")):
        assert scripts[name] == f"firmware_tools.{module}:main"
        assert callable(importlib.import_module(f"firmware_tools.{module}").main)
