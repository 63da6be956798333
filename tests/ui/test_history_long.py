"""A long game's history opens at once: its newest rows first, the older ones over the next frames;
reopened after a tap, it makes only the new row and keeps the others."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import run_ui, until

pytestmark = pytest.mark.timeout(60)

ENTRIES = 60


def _rows(ui):
    from companion.ui.shell.screens.history import HistoryRow

    steps = ui.app.sm.get_screen("history").ids.steps
    return [w for w in reversed(steps.children) if isinstance(w, HistoryRow)]


def test_a_long_history_opens_with_its_newest_rows_and_keeps_them(session):
    from companion.ui.shell.screens.history import ROWS_AT_ONCE

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(ENTRIES):
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    total = ENTRIES + 1  # and the set-up
    seen = {}

    def script(ui):
        yield from ui.tap("table.history")
        seen["at_once"] = [row.step_text for row in _rows(ui)]
        yield from until(lambda: len(_rows(ui)) == total, what="every row")
        seen["all"] = [row.step_text for row in _rows(ui)]
        kept = {row.step_text: row for row in _rows(ui)}
        yield from ui.tap("history.back")
        yield from ui.tap("table.seat.0.plus1")
        yield from ui.tap("table.history")
        yield from until(lambda: len(_rows(ui)) == total + 1, what="every row, and the new one")
        rows = _rows(ui)
        seen["new_first"] = rows[0].step_text
        seen["same_widgets"] = all(row is kept[row.step_text] for row in rows[1:])

    run_ui(session, script)
    newest = [str(step) for step in range(total, 0, -1)]
    assert seen["at_once"] == newest[:ROWS_AT_ONCE], "the newest rows, on the first frame"
    assert seen["all"] == newest, "then every row, newest first"
    assert seen["new_first"] == str(total + 1)
    assert seen["same_widgets"], "a row whose step shows the same is kept, not made again"
