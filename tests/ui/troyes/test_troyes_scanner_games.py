"""Whole Troyes games of 2, 3 and 4 players in the running app, as a table plays them beside the
box: the set-up by touch, every district's throw and the black dice thrown into the simulated
scanner (the twin on a real pty, read by the app's reader thread, its facts through the bridge:
the table screen's Roll throws the dice the question is due, and the read is assigned to its
district without a tap), everything else — starting citizens, cards turned up, events drawn,
countering, agriculture, passing — by touches through the offscreen window; at the end the final
breakdown on screen is the engine's, line by line, every category with its rule. At every step
the shared screen shows no character card and no VP total."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.wiring.scanner_plan import ScannerPlan  # noqa: E402
from test_troyes_screens import final_on_screen, next_taps, seeded, tap  # noqa: E402,F401 - the touch game's; its seed
from uiharness import run_ui, texts_under, until  # noqa: E402

pytestmark = pytest.mark.timeout(900)

SCANNER_ASKS = ("troyes.throw", "troyes.black_throw")


def throw_into_the_scanner(ui, s):
    """The table screen's Roll (simulated): the twin throws the dice the question is due; waits for
    the read to be journaled and checks it went to the district whose due colours it matches."""
    view = s.table_view().view
    ask = view["ask"]
    steps = s.engine.journal.last_step
    yield from until(lambda: ui.shown("troyes.roll") and ui.app.troyes_vm.simulated, what="Roll (simulated)")
    yield from tap(ui, "troyes.roll")
    yield from until(lambda: s.engine.journal.last_step > steps or (s.notice is not None and s.notice.level == "refused"),
                     what=f"the scanner's read for {ask['about']}")
    assert s.notice is None or s.notice.level != "refused", s.notice.text
    entry = s.history(since=steps)[-1]
    played = [ev for ev in entry.events if ev.get("kind") == "troyes.played"]
    assert played and played[0]["detail"].get("source") == "scanner", "the read came from the scanner"
    if ask["kind"] == "troyes.throw":
        district = played[0]["detail"]["district"]
        due = next(p["due"] for p in ask["about"]["pending"] if p["district"] == district)
        thrown = sorted(c for c, _f in played[0]["detail"]["dice"])
        assert thrown == sorted(c for c, n in due.items() for _ in range(n)), "assigned to the district it matches"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_by_scanner_reads_and_touches(session, seeded, players):
    secrets: list[str] = []
    seen: dict[str, int] = {"reads": 0}

    def check_secrets(ui, where):
        if ui.app.session.table_view().view["phase"] == "over":
            return
        for line in texts_under(ui.app.sm.get_screen("troyes_table")):
            assert not any(name in line for name in secrets), f"{where}: a character on the shared screen: {line}"
            assert " VP" not in line.split(": ", 1)[-1].replace("−2 VP", ""), f"{where}: a VP on the shared screen: {line}"

    def script(ui):
        s = ui.app.session
        yield from until(lambda: ui.app.dice is not None and ui.app.dice.device is not None, what="the scanner")
        yield from ui.tap("home.game.troyes")
        assert ui.screen == "troyes_setup"
        while int(ui.app.setup_vm.count) > players:
            yield from ui.tap("troyes.setup.count.minus")
        while int(ui.app.setup_vm.count) < players:
            yield from ui.tap("troyes.setup.count.plus")
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        view = s.table_view().view
        assert len(view["players"]) == players
        secrets.extend(c["name"] for seat in range(players) for c in s.seat_view(seat)["me"]["characters"])
        while s.table_view().view["phase"] != "over":
            view = s.table_view().view
            kind = (view.get("ask") or {}).get("kind") or view["phase"]
            check_secrets(ui, kind)
            if kind in SCANNER_ASKS:
                yield from throw_into_the_scanner(ui, s)
                seen["reads"] += 1
                continue
            before = s.engine.journal.last_step
            taps = next_taps(view, ui.app.troyes_vm)
            for wid in taps:
                yield from tap(ui, wid)
            yield from until(lambda: s.engine.journal.last_step > before or (
                s.notice is not None and s.notice.level == "refused"), what=f"the step after {taps} in {kind}")
            assert s.notice is None or s.notice.level != "refused", s.notice.text
        yield from final_on_screen(ui, secrets)

    run_ui(session, script, scanner_plan=ScannerPlan("simulated"), watchdog=800)
    rounds = {2: 4, 3: 5, 4: 6}[players]
    assert seen["reads"] >= rounds * (players + 1), "every district's throw of every round came from the scanner"
