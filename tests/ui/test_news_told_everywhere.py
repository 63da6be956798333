"""What the table is told stays told: an Undo's notice ("Undid: Ben +5") follows a language switch
(the notice keeps its message id and the step, never text made in the old language), and the table
status display (its PNG twin) shows the same words as the screen; Trajan's warning that a season's
scoring follows is on it during that last turn. The OLED's notice wraps and is never drawn over the
counters."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from companion.session import Intent
from hardware.status_display.render import render, wrap
from hardware.status_display.screen import StatusScreen
from uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(90)


def _history_line(session, language):
    from companion.ui.gameui import game_ui_for
    from companion.ui.text.i18n import set_language

    step = next(e["step"] for entry in session.history() for e in entry.events if e["kind"] == "core.undo")
    set_language(language)
    try:
        return next(r["text"] for r in game_ui_for("scorepad").history_rows(session.history()) if r["step"] == step)
    finally:
        set_language("en")


def _flushed(feed, timeout=30.0):
    end = time.monotonic() + timeout
    while not feed.flush(0.05):
        assert time.monotonic() < end, "the status display's writer never caught up"
        yield


def test_an_undo_notice_follows_a_language_switch_on_the_screen_and_the_status_display(session, tmp_path):
    from companion.ui.text.i18n import _, set_language
    from companion.wiring.status import StatusPlan

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Ben"], "seed": 1}}))
    told: dict[str, str] = {}

    def script(ui):
        yield from until(lambda: ui.app.status_display is not None, what="the status display")
        feed = ui.app.status_display.feed
        yield from ui.tap("table.seat.1.plus5")
        yield from ui.tap("table.undo")
        yield from settle()
        told["en"] = ui.text("table.notice")
        yield from _flushed(feed)
        told["oled en"] = feed.screen.notice
        ui.app.set_language("zh-Hans")
        yield from settle()
        told["zh"] = ui.text("table.notice")
        yield from _flushed(feed)
        told["oled zh"] = feed.screen.notice
        ui.app.set_language("en")

    run_ui(session, script, status_plan=StatusPlan("simulated", png_path=tmp_path / "status.png", reason="test"))
    en_line, zh_line = _history_line(session, "en"), _history_line(session, "zh-Hans")
    assert told["en"] == _("Undid: {what}").format(what=en_line) == told["oled en"]
    set_language("zh-Hans")
    try:
        expected = _("Undid: {what}").format(what=zh_line)
    finally:
        set_language("en")
    assert told["zh"] == expected == told["oled zh"], "the step's words in the new language, on both"
    assert told["zh"] != told["en"]


def test_the_trajan_status_display_warns_that_scoring_follows_on_a_seasons_last_turn():
    from companion.ui.text.i18n import set_language
    from companion.ui.trajan.presenters import TrajanPresenter

    presenter = TrajanPresenter(lambda: "Trajan")
    view = {"game": "trajan", "phase": "turn", "season": 2, "round": 4, "time": 15, "lap": 16, "round_ending": True,
            "current": 0, "players": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bo"}]}
    assert presenter.status_screen(view).notice == "▲ This turn ends season 2: scoring follows"
    assert presenter.status_screen({**view, "round": 3}).notice == "", "a round's end is the track's bar"
    assert presenter.status_screen({**view, "round_ending": False}).notice == ""
    set_language("zh-Hant")
    try:
        assert "2" in presenter.status_screen(view).notice and "season" not in presenter.status_screen(view).notice
    finally:
        set_language("en")


def test_a_notice_on_the_oled_wraps_and_takes_the_counters_place():
    from hardware.handheld.render import latin_font

    lines = wrap("Undid: Ben +5 points for the senate", latin_font(), 128, 3)
    assert lines == ["Undid: Ben +5 points", "for the senate"], "broken at a space"
    assert all(latin_font().getlength(line) <= 128 for line in lines)
    long = wrap("word " * 40, latin_font(), 128, 3)
    assert len(long) == 3 and long[-1].endswith("..")
    counters = StatusScreen(title="Trajan", season=2, round=4, time=15, lap=16, status="Ann's turn")
    told = StatusScreen(title="Trajan", season=2, round=4, time=15, lap=16, status="Ann's turn",
                        notice="Undid: Ben +5")
    plain, with_notice = render(counters), render(told)
    assert plain.tobytes() != with_notice.tobytes()
    bare = StatusScreen(title="Trajan", status="Ann's turn", notice="Undid: Ben +5")
    assert with_notice.tobytes() == render(bare).tobytes(), "no counters or track drawn under the notice"
    assert with_notice.crop((0, 14, 128, 26)).getbbox() is not None, "the notice's first line is lit"
