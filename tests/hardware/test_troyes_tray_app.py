"""Troyes in the running app with the dice tray program (firmware_tools/tray) as its scanner: the
tray, fed generated pictures of a district's throw, on one side of a pty; the app's reader on the
other, as on a table with a real tray (scanner mode "real" on the pty's link). The throw arrives
as dice: assigned to the district whose due colours it matches, with the very faces drawn."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from companion.session import Intent  # noqa: E402
from companion.wiring.scanner_plan import ScannerPlan  # noqa: E402
from firmware_tools.tray import measure, synth  # noqa: E402
from firmware_tools.tray.firmware import TrayFirmware  # noqa: E402
from firmware_tools.tray.runner import PtyPort, Tray, TrayRunner  # noqa: E402
from firmware_tools.tray.sources import FeedSource  # noqa: E402
from firmware_tools.tray.vision import Vision  # noqa: E402
from uiharness import run_ui, until  # noqa: E402

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def session(tmp_path):
    from companion.core.store import JournalStore
    from companion.games import built_games, registry
    from companion.session import Session
    from companion.ui.shell.choices import choices_from_registry, register

    register(choices_from_registry(registry()))
    s = Session(built_games(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


@pytest.fixture
def tray(tmp_path):
    feed = FeedSource(fps=30)
    rng = random.Random(21)
    feed.show([synth.render(synth.Scene(()), rng)])  # an empty tray at power-on
    runner = TrayRunner(Tray(Vision(measure.calibrated_table()), TrayFirmware()), lambda: feed,
                        PtyPort(tmp_path / "dice-scanner")).start()
    yield runner, feed, rng
    runner.close()


def test_a_districts_throw_from_the_tray_arrives_as_dice(session, tray, tmp_path):
    runner, feed, rng = tray
    link = str(tmp_path / "dice-scanner")

    def script(ui):
        s = ui.app.session
        yield from until(lambda: ui.app.dice is not None and ui.app.dice.device is not None, what="the scanner")
        assert not ui.app.dice.device.is_simulated and ui.app.dice.device.port == link
        ui.app.post(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 11,
                                                                       "start_player": 0}}))
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        while s.table_view().view["phase"] in ("placement", "reveal"):
            ui.app.troyes_vm.pick_option(0)
            yield
        assert s.table_view().view["phase"] == "dice"
        ask = s.table_view().view["ask"]
        due, district = ask["about"]["due"], ask["about"]["district"]
        before = len(ask["about"]["pending"])
        colours = [c for c, n in due.items() for _ in range(n)]
        scenes = list(synth.throw(rng, colours, frames_moving=(5, 8), frames_still=6))
        drawn = sorted((p.colour, p.face) for p in scenes[-1].dice)
        feed.show([synth.render(scene, rng) for scene in scenes])
        yield from until(lambda: s.table_view().view["phase"] != "dice"
                         or len(s.table_view().view["ask"]["about"]["pending"]) < before, what="the throw")
        mine = sorted((c, f) for d, c, f in s.table_view().view["square"] if d == district)
        assert mine == drawn, f"district {district}'s dice as the tray saw them"

    run_ui(session, script, scanner_plan=ScannerPlan("real", link), watchdog=240)
