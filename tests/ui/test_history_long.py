"""A long game's history draws only the rows on screen (a RecycleView): however many steps, the
widgets are a screenful, the newest on top; scrolled to the end, the set-up is drawn; reopened
after a tap, the new step is on top."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(120)

ENTRIES = 300


def _drawn(ui):
    return [row.step_text for row in ui.app.sm.get_screen("history").rows() if hasattr(row, "step_text")]


def test_a_long_history_draws_only_what_is_on_screen(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(ENTRIES):
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    total = ENTRIES + 1  # and the set-up
    seen = {}

    def script(ui):
        yield from ui.tap("table.history")
        screen = ui.app.sm.get_screen("history")
        yield from until(lambda: _drawn(ui), what="the first rows")
        seen["data"] = [item["step_text"] for item in screen.ids.steps.data]
        seen["top"] = _drawn(ui)
        screen.ids.steps.scroll_y = 0
        yield from until(lambda: "1" in _drawn(ui), what="the set-up row, scrolled to the end")
        seen["end"] = _drawn(ui)
        yield from ui.tap("history.back")
        yield from ui.tap("table.seat.0.plus1")
        yield from ui.tap("table.history")
        yield from until(lambda: _drawn(ui) and _drawn(ui)[0] == str(total + 1), what="the new step on top")
        seen["new"] = _drawn(ui)

    run_ui(session, script)
    assert seen["data"] == [str(step) for step in range(total, 0, -1)], "every step is in the list, newest first"
    assert seen["top"][0] == str(total) and seen["top"] == sorted(seen["top"], key=int, reverse=True)
    assert len(seen["top"]) < 40, f"only about a screenful is drawn, not {len(seen['top'])} of {total} rows"
    assert len(seen["end"]) < 40 and seen["end"][-1] == "1"
    assert seen["new"][0] == str(total + 1) and len(seen["new"]) < 40


def test_scrolling_a_long_history_lays_out_the_whole_list_again_only_for_rows_taller_than_laid_out(session):
    """Rows not drawn yet are laid out at their estimated height (`HistoryRowsLayout`): one-line
    rows scrolled in are drawn at that height, so Kivy never lays out every row again for them
    (before, each row scrolled in did: O(steps) per frame)."""
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(ENTRIES):
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    seen = {"relayouts": 0}

    def script(ui):
        yield from ui.tap("table.history")
        screen = ui.app.sm.get_screen("history")
        yield from until(lambda: _drawn(ui), what="the first rows")
        yield from settle()
        layout = screen.ids.step_rows
        whole = layout.clear_layout  # what every whole layout of the list begins with

        def counted():
            seen["relayouts"] += 1
            return whole()

        layout.clear_layout = counted
        for n in range(1, 41):
            screen.ids.steps.scroll_y = 1 - n / 40
            yield from settle()
        seen["end"] = _drawn(ui)
        seen["heights"] = {round(opt["size"][1]) for opt in layout.view_opts}

    run_ui(session, script)
    assert "1" in seen["end"], "scrolled to the set-up"
    assert seen["relayouts"] <= 2, f"the whole list was laid out again {seen['relayouts']} times while scrolling"
    assert len(seen["heights"]) <= 2, f"the rows' heights as laid out: {seen['heights']}"

