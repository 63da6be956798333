"""Troyes' set-up offers both ways the characters come to the players (digest 2.1): dealt by the app,
or each drawn from the box and entered on its owner's pad. Through the window: the set-up's button
switches to the pads, the game then waits for every seat's own pad (the shared screen shows no card),
and pad presses enter them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, texts_under, until  # noqa: E402

pytestmark = pytest.mark.timeout(300)


def test_the_characters_can_be_entered_on_the_pads(session):
    from hardware.facts import ButtonPressed

    def script(ui):
        s = ui.app.session
        yield from ui.tap("home.game.troyes")
        assert "by the app" in ui.text("troyes.setup.deal")
        yield from ui.tap("troyes.setup.deal")
        assert "own pads" in ui.text("troyes.setup.deal")
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        view = s.table_view().view
        assert view["phase"] == "characters" and ui.app.troyes_vm.entry == "wait"
        seats = len(view["players"])
        for seat in range(seats):
            s.handle(ButtonPressed(seat, "plus"))
            shown = " ".join(texts_under(ui.app.sm.get_screen("troyes_table")))
            ask = s.table_view().view.get("ask")
            names = {n for card in ask["about"]["names"].values() for n in card.values()} if ask else set()
            assert not any(n in shown for n in names), "a character on the shared screen"
            s.handle(ButtonPressed(seat, "ok"))
        yield from until(lambda: s.table_view().view["phase"] == "placement", what="the placement")
        assert all(s.engine.state.player(seat).characters for seat in range(seats))

    run_ui(session, script, watchdog=120)
