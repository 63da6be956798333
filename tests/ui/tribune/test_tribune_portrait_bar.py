"""Tribune's table bar in portrait (720×1280 at 1.5×): Home, History, Undo and Redo keep their own
size (none shrinks its words to fit; they were squeezed beside the round's actions before), and
the round's actions ("Next round", "Reveal now...", "Continue") take a row of their own; without
actions the bar is one row. Landscape keeps one row of all of them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(240)

NAV = ("tribune.home", "tribune.history", "tribune.undo", "tribune.redo")


def _unshrunk(ui, wids):
    for wid in wids:
        button = ui.find(wid)
        assert button.font_size == pytest.approx(button.base_font), f"{wid} shrank to {button.font_size}"


@pytest.mark.parametrize("whole", [False, True], ids=["keeper", "whole-game"])
def test_in_portrait_no_bar_button_shrinks(session, whole):
    setup = {"players": ["Ann", "Bo", "Cy", "Di"], "start_player": 0}
    if whole:
        setup.update(mode="full", victory={"factions": 2, "laurels": 4, "legions": 3, "denarii": 25,
                                           "tribune": None, "favour": 1, "needed": 3})
    session.handle(Intent("new_game", {"game": "tribune", "setup": setup}))

    def script(ui):
        for language in ("en", "zh-Hans", "zh-Hant"):
            ui.app.set_language(language)
            ui.app.go("table")
            yield from settle()
            _unshrunk(ui, NAV)
            bar = ui.find("tribune.home").parent.parent
            actions = [w for w in ("tribune.next_round", "tribune.reveal", "tribune.continue") if ui.shown(w)]
            _unshrunk(ui, actions)
            rows = {round(ui.find(w).y) for w in (*NAV, *actions)}
            assert len(rows) == (2 if actions else 1), (language, rows)
            assert bar.height == pytest.approx((64 * 2 + 8 if actions else 64) * ui.app.scale)
        assert not whole or not actions, "the whole game's placing has no bar action"
        assert whole or actions, "the keeper's table offers Next round"

    run_ui(session, script, profile="720x1280")
