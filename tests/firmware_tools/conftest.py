"""Fixtures for the scanner tools: the simulator as a separate process (as a maker runs it), and
the twin in-process on a pty (quicker, and inspectable)."""

from __future__ import annotations

import random
import signal
import subprocess
import threading

import pytest

from hardware.scanner.faults import FaultInjector
from hardware.scanner.ptyhost import PtyScanner
from hardware.scanner.twin import ScannerTwin, parse_dice


@pytest.fixture
def processes():
    """Started tool processes, each killed at the end if still running."""
    started: list[subprocess.Popen] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(30)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream:
                stream.close()


@pytest.fixture
def twin_on_pty(tmp_path):
    """Make an in-process simulated scanner on tmp_path/dice-scanner; rolls every `auto` seconds."""
    made: list[tuple[PtyScanner, threading.Event]] = []

    def make(twin: ScannerTwin | None = None, faults: FaultInjector | None = None, auto: float | None = None):
        twin = twin or ScannerTwin(rng=random.Random(2), heartbeat=0.2, frame_interval=0.02,
                                   roll_time=(0.05, 0.12), dice=parse_dice("red white yellow black"))
        sim = PtyScanner(twin, link=tmp_path / "dice-scanner", faults=faults).start()
        stop = threading.Event()
        if auto:
            def roll() -> None:
                while not stop.wait(auto):
                    sim.roll()
            threading.Thread(target=roll, daemon=True).start()
        made.append((sim, stop))
        return sim

    yield make
    for sim, stop in made:
        stop.set()
        sim.close()
