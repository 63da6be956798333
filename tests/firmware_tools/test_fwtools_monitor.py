"""scanner-monitor: shows frames, refused lines, gaps and repeats, and a summary with latency."""

from __future__ import annotations

import io
import threading
import time
import tomllib
from pathlib import Path

from hardware.scanner.codec import DeviceError, Die, DiceFrame, Heartbeat
from hardware.scanner.twin import parse_dice

from firmware_tools.monitor import Monitor, describe


def test_describe():
    assert describe(DiceFrame(6, (Die("red", 4, "settled"), Die("yellow", 0, "cocked")))) == ("D", "#6 R4 Y-/")
    assert describe(DiceFrame(7, (Die("black", 2, "settled"),))) == ("D", "#7 B2   READ")
    assert describe(DiceFrame(8, ())) == ("D", "#8 (empty tray)")
    assert describe(Heartbeat("0000BEEF", 8)) == ("K", "boot 0000BEEF, last #8")
    assert describe(DeviceError("CAM", "no image")) == ("E", "CAM: no image")


def test_monitor_shows_damage_gaps_repeats_and_latency(twin_on_pty):
    sim = twin_on_pty()
    out = io.StringIO()
    monitor = Monitor(sim.port, out, ping=0.1, stats=60)

    def session() -> None:
        time.sleep(0.25)
        sim.place(parse_dice("red:1"))
        sim.once("corrupt", "D")
        sim.place(parse_dice("red:2"))
        sim.once("duplicate", "D")
        sim.place(parse_dice("red:3 white:4"))
        sim.restart()

    threading.Thread(target=session, daemon=True).start()
    tally = monitor.run(1.0)
    text = out.getvalue()
    assert text.count("  !  ") == 1  # the damaged line, shown with why it was refused
    assert "(GAP: 1 missed)" in text and "(repeat)" in text
    assert "#4 R3 W4   READ" in text
    assert "RESTARTED" in text
    assert tally.rejected == 1 and tally.gaps == 1 and tally.repeats == 1 and len(tally.pings) >= 5
    summary = text.strip().splitlines()[-1]
    assert summary.startswith("-- 1.0 s:") and "1 refused" in summary and "latency p50" in summary


def test_passive_monitor_never_writes(twin_on_pty):
    sim = twin_on_pty()
    out = io.StringIO()
    tally = Monitor(sim.port, out, passive=True, stats=60).run(0.5)
    assert tally.pings == [] and "latency -" in out.getvalue()
    assert tally.frames.get("K", 0) >= 2 and "H" not in tally.frames


def test_the_three_commands_are_declared():
    scripts = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())["project"]["scripts"]
    import importlib
    for name, module in (("scanner-sim", "sim"), ("scanner-monitor", "monitor"), ("scanner-check", "check")):
        assert scripts[name] == f"firmware_tools.{module}:main"
        assert callable(importlib.import_module(f"firmware_tools.{module}").main)
