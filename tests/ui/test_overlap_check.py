"""The layout check that one widget's text is not printed over another's (`overlap_problems`),
tried on a real window: two labels put on the same spot are caught, side by side they are not, and
a label on an opaque panel laid over the other (an open panel over the table) hides it."""

from __future__ import annotations

import pytest

from legibility import overlap_problems
from uiharness import run_ui, settle

pytestmark = pytest.mark.timeout(60)


def test_text_over_text_is_caught_and_an_opaque_panel_is_not(session):
    found = {}

    def script(ui):
        from kivy.graphics import Color, Rectangle
        from kivy.uix.floatlayout import FloatLayout
        from kivy.uix.label import Label

        screen = ui.app.sm.current_screen
        layer = FloatLayout()
        screen.add_widget(layer)
        first = Label(text="Penalty 9", font_size=24, size_hint=(None, None), size=(200, 40), pos=(300, 200))
        second = Label(text="Board", font_size=24, size_hint=(None, None), size=(200, 40), pos=(310, 205))
        layer.add_widget(first)
        layer.add_widget(second)
        yield from settle()
        found["over"] = overlap_problems(ui, "test")
        second.pos = (560, 205)
        yield from settle()
        found["beside"] = overlap_problems(ui, "test")
        second.pos = (310, 205)
        panel = FloatLayout(size_hint=(None, None), size=(300, 100), pos=(290, 180))
        with panel.canvas.before:
            Color(0.1, 0.1, 0.1, 1)
            Rectangle(pos=panel.pos, size=panel.size)
        layer.remove_widget(second)
        panel.add_widget(second)
        layer.add_widget(panel)
        yield from settle()
        found["panel"] = overlap_problems(ui, "test")
        screen.remove_widget(layer)

    run_ui(session, script)
    assert [p for p in found["over"] if "'Penalty 9'" in p and "'Board'" in p], found["over"]
    pair = lambda problems: [p for p in problems if "'Penalty 9'" in p and "'Board'" in p]  # noqa: E731
    assert not pair(found["beside"]), found["beside"]
    assert not pair(found["panel"]), found["panel"]
