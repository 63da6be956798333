"""The table's panel at a call, by touch through a real offscreen window: one call updates the
panel once (the view-model's refresh sets a dozen properties, the screen waits for its end), and
the call's buttons are the same widgets from call to call, given their new words (shelf.Shelf),
not made again."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle  # noqa: E402
from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, symbols):
    return {"number": number, "kind": "green", "vp": 1, "gold": 0, "wheat": 0, "symbols": list(symbols),
            "power": None}


def test_a_call_updates_the_panel_once_and_keeps_its_buttons(session):
    cards = [card(n, ("swords", "shield", "chariot", "catapult")) for n in range(1, 7)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo"], "seed": 4, "oldest": 0, "settings": {"bag": "table"}, "cards": cards}}))
    for seat, numbers in ((0, (1, 2, 3)), (1, (4, 5, 6))):
        for number in numbers:
            session.handle(Intent("take", {"seat": seat, "number": number}))
    assert session.table_view().view["phase"] == "draw", session.notice
    seen = {}

    def script(ui):
        screen = ui.app.sm.get_screen("augustus_table")
        updates = []
        update_panel = screen.update_panel
        screen.update_panel = lambda: (updates.append(1), update_panel())
        vm = ui.app.augustus.table
        token_buttons = []
        for token in ("swords", "shield"):
            assert vm.content == "token"
            yield from ui.tap(f"augustus.token.{token}")
            assert vm.content == "seats" and len(updates) == 1, f"{len(updates)} updates for one call"
            token_buttons.append((ui.find("augustus.seat.0"), ui.find("augustus.choice.0"),
                                  ui.text("augustus.choice.0")))
            for _ in range(2):
                yield from ui.tap(f"augustus.choice.{len(vm.choices) - 1}")  # Skip, last
            yield from settle()
            updates.clear()
        (tab1, choice1, words1), (tab2, choice2, words2) = token_buttons
        assert tab1 is tab2 and choice1 is choice2, "the same widgets, given new words"
        assert words1 != words2 and "Shield" in words2, (words1, words2)
        seen["done"] = True

    run_ui(session, script, start_screen="augustus_table", language="en", profile="800x480")
    assert seen.get("done")
