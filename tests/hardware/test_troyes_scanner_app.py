"""Troyes in the running app with the simulated dice scanner (the twin on a real pty, read by the
app's reader thread, facts through the bridge): every district's throw is thrown with the table
screen's Roll (simulated) and assigned, without a tap, to the seat whose due colours the read
matches, the neutral dice last; the black dice likewise. A throw that fits no district is refused
with the reason on screen and nothing journaled; a cocked die is not counted and the screen says
to re-roll it; entry by hand stays one tap away throughout."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from companion.session import Intent  # noqa: E402
from companion.wiring.scanner_plan import ScannerPlan  # noqa: E402
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


def test_throws_by_the_simulated_scanner_in_the_app(session):
    def script(ui):
        s = ui.app.session
        yield from until(lambda: ui.app.dice is not None and ui.app.dice.device is not None, what="the scanner")
        ui.app.post(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 11,
                                                                       "start_player": 0}}))
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        while s.table_view().view["phase"] in ("placement", "reveal"):
            ui.app.troyes_vm.pick_option(0)
            yield
        assert s.table_view().view["phase"] == "dice"
        yield from until(lambda: ui.shown("troyes.roll") and ui.app.troyes_vm.simulated, what="Roll (simulated)")
        device = ui.app.dice.device
        # A throw that fits nothing asked: refused, saying what it was, and nothing written.
        steps = s.engine.journal.last_step
        device.roll("red red red red red red red")
        yield from until(lambda: s.notice is not None and s.notice.level == "refused", what="the refusal")
        assert "7 red" in ui.text("troyes.prompt") and s.engine.journal.last_step == steps
        # A cocked die: not counted, and the screen says to re-roll it.
        device.roll("red:cocked")
        yield from until(lambda: "re-roll" in ui.text("troyes.verdict"), what="the cocked die's verdict")
        assert s.engine.journal.last_step == steps
        assert ui.shown("troyes.hand.enter") and ui.shown("troyes.hand.face.1"), "entry by hand is a tap away"
        order = [p["district"] for p in s.table_view().view["ask"]["about"]["pending"]]
        thrown = []
        while s.table_view().view["phase"] == "dice":
            ask = s.table_view().view["ask"]
            due, district = ask["about"]["due"], ask["about"]["district"]
            before = len(ask["about"]["pending"])
            yield from ui.tap("troyes.roll")
            yield from until(lambda: s.table_view().view["phase"] != "dice"
                             or len(s.table_view().view["ask"]["about"]["pending"]) < before, what="the throw")
            square = s.table_view().view["square"]
            mine = sorted(c for d, c, _f in square if d == district)
            assert mine == sorted(c for c, n in due.items() for _ in range(n)), f"district {district}'s dice"
            thrown.append(district)
        assert thrown == order and thrown[-1] == -1, "the seats clockwise from the start player, neutral dice last"
        while s.table_view().view["phase"] == "event_draw":
            ui.app.troyes_vm.pick_option(0)
            yield
        if s.table_view().view["phase"] == "black_throw":
            count = s.table_view().view["ask"]["about"]["count"]
            yield from ui.tap("troyes.roll")
            yield from until(lambda: s.table_view().view["phase"] != "black_throw", what="the black dice")
            black = s.table_view().view["black"]
            assert len(black) <= count and black == sorted(black, reverse=True), "sorted high to low"

    run_ui(session, script, scanner_plan=ScannerPlan("simulated"), watchdog=240)
