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


def test_the_tray_keeps_its_dice_and_chips_when_their_number_changes(session):
    """Five dice, then three, then five again: the tray shows the same five widgets (and the same
    colour chips), only the two taken off set aside and put back, each showing its new die."""
    from hardware.facts import DiceLive

    seen = {}

    def live(seq, faces):
        colours = ("red", "white", "yellow", "black", "red")
        return DiceLive(seq, tuple((colours[k], f, "settled") for k, f in enumerate(faces)), "3F2A9C01")

    def script(ui):
        from companion.session import Intent

        ui.app.post(Intent("new_game", {"game": "dicetray", "setup": {}}))
        yield from settle()
        panel = ui.app.sm.get_screen("dice_tray").ids.panel
        box, chips = panel.ids.dice_box, panel.ids.totals
        ui.app.post(live(2, (1, 2, 3, 4, 5)))
        yield from settle()
        dice, chip_widgets = list(reversed(box.children)), list(reversed(chips.children))
        ui.app.post(live(3, (6, 5, 4)))
        yield from settle()
        seen["fewer"] = [a is b for a, b in zip(dice, reversed(box.children))] + [len(box.children) == 3]
        ui.app.post(live(4, (2, 2, 2, 2, 6)))
        yield from settle()
        again = list(reversed(box.children))
        seen["again"] = (set(map(id, again)) == set(map(id, dice)), [d.face for d in again],
                         [d.wid for d in again], set(map(id, chips.children)) == set(map(id, chip_widgets)))

    run_ui(session, script)
    assert all(seen["fewer"]), "the first three dice stay"
    same, faces, wids, same_chips = seen["again"]
    assert same and same_chips, "the five dice and four chips are the ones made for the first throw"
    assert faces == [2, 2, 2, 2, 6] and wids == [f"dice.die.{i}" for i in range(5)]
