"""The dice tray's notice keeps two lines of room: a read's hint or notice of one line or two leaves
the tray where it was (its dice are not sized and laid out again); a longer one still grows it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(120)

TWO_LINES = "Dice read 5 ignored: nothing is waiting for dice. Open a game that takes dice, or the tray's own count."


def test_a_notice_of_one_line_or_two_keeps_the_tray_in_place(session):
    seen = {}

    def script(ui):
        from companion.session import Intent

        ui.app.post(Intent("new_game", {"game": "dicetray", "setup": {}}))
        yield from until(lambda: ui.screen == "dice_tray", what="the dice tray")
        yield from settle()
        tray, notice = ui.app.dice.tray, ui.find("dice.notice")
        for name, text in (("one", "Read 4."), ("two", TWO_LINES), ("one again", "Read 5."), ("long", TWO_LINES * 3)):
            tray.notice_text = text
            yield from settle()
            panel = ui.app.sm.get_screen("dice_tray").ids.panel
            seen[name] = (tuple(panel.pos), tuple(panel.size), notice.texture_size[1], notice.height)

    run_ui(session, script)
    assert seen["two"][2] > seen["one"][2], "the notices are one line and two"
    assert seen["one"][:2] == seen["two"][:2] == seen["one again"][:2], "the tray did not move"
    _pos, _size, text_height, room = seen["long"]
    assert text_height <= room, "a longer notice grows its area: nothing is cut"
