"""Troyes' table bar in portrait (720×1280 at 1.5×): Home, History, Undo, Redo, This round and
Board / Back to players in two rows of three, each word at the button size (in one row of six,
"History" shrank beside "Undo" and "Back to players" took three lines); landscape keeps one row."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(240)

BAR = ("troyes.home", "troyes.history", "troyes.undo", "troyes.redo", "troyes.round_summary", "troyes.board_toggle")


@pytest.mark.parametrize("profile,rows", [("720x1280", 2), ("800x480", 1)])
def test_the_bar_keeps_every_word_at_the_button_size(session, profile, rows):
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 3,
                                                                    "start_player": 0}}))
    seen = {}

    def script(ui):
        app = ui.app
        app.go("troyes_table")
        for language in ("en", "zh-Hans", "zh-Hant"):
            app.set_language(language)
            for board in (False, True):  # "Board", then "Back to players"
                if app.troyes_vm.board_open != board:
                    yield from ui.tap("troyes.board_toggle")
                yield from settle()
                buttons = [ui.find(wid) for wid in BAR]
                seen[(language, board)] = (
                    [wid for wid, b in zip(BAR, buttons) if b.font_size != pytest.approx(b.base_font)],
                    len({round(b.y) for b in buttons}))

    run_ui(session, script, profile=profile)
    assert len(seen) == 6
    for (language, board), (shrunk, bar_rows) in seen.items():
        if profile == "720x1280":
            assert not shrunk, (language, board, shrunk)
        assert bar_rows == rows, (language, board, bar_rows)
