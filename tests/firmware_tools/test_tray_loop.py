"""The loop closed: the tray program fed generated pictures on one side of a pty, and on the
other `scanner-check` (as separate processes, as a maker runs them) or the app's own reader,
which must take each throw once — also across a restart of the tray under a counted throw."""

from __future__ import annotations

import random
import subprocess
import threading

import pytest

from hardware.facts import DiceLive, DiceRead  # noqa: E402
from hardware.scanner.reader import ScannerReader  # noqa: E402
from firmware_tools.tray import measure, synth  # noqa: E402
from firmware_tools.tray.firmware import TrayFirmware  # noqa: E402
from firmware_tools.tray.runner import PtyPort, Tray, TrayRunner  # noqa: E402
from firmware_tools.tray.sources import FeedSource  # noqa: E402
from firmware_tools.tray.vision import Vision  # noqa: E402

from fwtools_helpers import ROOT, tool, wait_for_link  # noqa: E402

from tests.waiting import TIMEOUT, wait_for  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def test_scanner_check_passes_the_tray_fed_generated_throws(tmp_path, processes):
    link = tmp_path / "dice-scanner"
    tray = tool("tray", "run", "--pty", str(link), "--synth", "0.2", "--seed", "5", "--heartbeat", "0.5",
                "--fps", "15", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    processes.append(tray)
    wait_for_link(link, tray)
    # As for the simulator: the answer time and roll timeout only bound waits for what the tray
    # always sends. The heartbeat slack stays under the 500 ms period (a missing beat still fails)
    # but lets a loaded machine deliver a beat late: this process draws and reads pictures too.
    check = tool("check", str(link), "--rolls", "2", "--roll-timeout", str(4 * TIMEOUT), "--answer-time",
                 str(TIMEOUT), "--heartbeat-slack", "0.4", stdout=subprocess.PIPE)
    processes.append(check)
    out, _ = check.communicate(timeout=6 * TIMEOUT)
    assert check.returncode == 0, out
    assert "firmware dice-tray-1.0" in out
    assert "10 checks: 10 passed, 0 failed, 0 skipped" in out
    # docs/scanner-build.md shows a maker what to expect: the same checks, in the same order.
    doc = (ROOT / "docs" / "scanner-build.md").read_text(encoding="utf-8")
    example = doc.split("scanner-check /dev/dice-scanner --rolls 3\n```")[1].split("```\n", 2)[1]
    assert checks(example) == checks(out) and "10 checks: 10 passed" in example


def checks(text: str) -> list[str]:
    return [line[6:24].strip() for line in text.splitlines() if line.startswith(("PASS", "FAIL", "SKIP"))]


class Facts:
    def __init__(self) -> None:
        self.items: list[object] = []
        self._lock = threading.Lock()

    def __call__(self, fact: object) -> None:
        with self._lock:
            self.items.append(fact)

    def of(self, kind: type) -> list:
        with self._lock:
            return [f for f in self.items if isinstance(f, kind)]


def test_the_apps_reader_takes_each_throw_once(tmp_path):
    vision = Vision(measure.calibrated_table())
    feed = FeedSource(fps=30)
    rng = random.Random(12)
    scene = synth.random_scene(rng, 3, cocked=0, touching=0, stacked=0, hard=False)
    feed.show([synth.render(scene, rng)])
    runner = TrayRunner(Tray(vision, TrayFirmware(heartbeat=0.5)), lambda: feed, PtyPort(tmp_path / "dice-scanner"))
    facts = Facts()
    runner.start()
    reader = ScannerReader(str(tmp_path / "dice-scanner"), facts, retry_interval=0.05, watchdog=60.0).start()
    try:
        # The tray as found at power-on: a read, since this reader knows of none before it.
        assert wait_for(lambda: facts.of(DiceRead))
        throws = [sorted((p.colour, p.face) for p in scene.dice)]
        for n in range(1, 3):
            colours = [rng.choice(synth.COLOURS) for _ in range(4)]
            scenes = list(synth.throw(rng, colours, frames_moving=(5, 8), frames_still=6))
            throws.append(sorted((p.colour, p.face) for p in scenes[-1].dice))
            feed.show([synth.render(s, rng) for s in scenes])
            assert wait_for(lambda: len(facts.of(DiceRead)) == n + 1), facts.items[-5:]
        assert [sorted(r.dice) for r in facts.of(DiceRead)] == throws
        # A restart under the counted throw: a new boot re-reports it, and it is not counted again.
        boot = runner.tray.firmware.boot
        lives = len(facts.of(DiceLive))
        runner.restart()
        assert wait_for(lambda: any(f.boot != boot and f.seq == 1 for f in facts.of(DiceLive)))
        assert sorted((c, f) for c, f, s in facts.of(DiceLive)[-1].dice) == throws[-1]
        assert len(facts.of(DiceLive)) > lives and len(facts.of(DiceRead)) == 3
        # The next throw after it counts.
        colours = ["red", "white"]
        scenes = list(synth.throw(rng, colours, frames_moving=(5, 8), frames_still=6))
        feed.show([synth.render(s, rng) for s in scenes])
        assert wait_for(lambda: len(facts.of(DiceRead)) == 4)
        assert sorted(facts.of(DiceRead)[-1].dice) == sorted((p.colour, p.face) for p in scenes[-1].dice)
    finally:
        reader.close()
        runner.close()
