"""A die in the tray is drawn once, as the frame that shows it is drawn, however many of its colour, face,
state, place and size changed before that frame (a read sets the first three, the layout then
moves it), and that drawing is of its last values."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(90)


def test_a_die_changed_five_ways_is_drawn_once_with_its_last_values(session):
    seen = {}

    def script(ui):
        from kivy.graphics import Ellipse, RoundedRectangle

        from companion.ui.dice.dieface import DieFace

        die = DieFace(colour="red", face=2, size_hint=(None, None), size=(80, 80))
        home = ui.app.sm.current_screen
        home.add_widget(die)
        yield from settle()
        drawn = []
        redraw = die._redraw
        die._redraw = lambda *args: (drawn.append(die.face), redraw(*args))
        die.colour, die.face, die.stability = "white", 5, "settled"
        die.pos, die.size = (40, 30), (96, 96)
        yield from settle()
        instructions = die.canvas.children
        body = next(i for i in instructions if isinstance(i, RoundedRectangle))
        seen["drawn"] = list(drawn)
        seen["pips"] = sum(isinstance(i, Ellipse) for i in instructions)
        seen["body"] = [*body.pos, *body.size]
        home.remove_widget(die)

    run_ui(session, script)
    assert seen["drawn"] == [5], "one drawing, of the last face"
    assert seen["pips"] == 5
    side = 96 * 0.86
    assert seen["body"] == pytest.approx([40 + 48 - side / 2, 30 + 48 - side / 2, side, side], abs=1e-3)
