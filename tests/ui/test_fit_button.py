"""A `FitButton` shrinks words that do not fit its room; words fitted before in the same room start
at the size their fit ended at, and end there too, exactly as a fresh fit of them does (a seat's
choices relabelled after each call are laid out once, not at the base size first)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(120)

LONG = "#12 Shield ← #53 Chariot"
SHORT = "Skip"


def test_words_fitted_before_start_where_their_fit_ended_and_end_as_a_fresh_fit(session):
    seen = {}

    def script(ui):
        from kivy.core.window import Window
        from kivy.uix.floatlayout import FloatLayout

        from companion.ui import widgets

        widgets._FITTED.clear()
        box = FloatLayout()
        Window.add_widget(box)

        def button(text):
            made = widgets.FitButton(text=text, base_font=22, min_font=12, size_hint=(None, None),
                                     size=(136, 48), pos=(10, 10))
            box.add_widget(made)
            return made

        first = button(LONG)
        yield from settle()
        seen["fresh"] = first.font_size
        key = first._fit_key()
        seen["kept"] = widgets._FITTED.get(key)

        starts = []
        second = widgets.FitButton(text=SHORT, base_font=22, min_font=12, size_hint=(None, None),
                                   size=(136, 48), pos=(160, 10))
        box.add_widget(second)
        yield from settle()
        seen["short"] = second.font_size
        second.bind(font_size=lambda _b, size: starts.append(size))
        second.text = LONG  # relabelled with words fitted before in this room
        seen["first_step"] = list(starts)
        yield from settle()
        seen["relabelled"] = second.font_size
        second.text = SHORT
        yield from settle()
        seen["back"] = second.font_size
        Window.remove_widget(box)

    run_ui(session, script)
    assert seen["fresh"] < 22, "the long words shrink in a 136 px button"
    assert seen["kept"] == seen["fresh"], "the size the fit ended at is kept for its words and room"
    assert seen["short"] == 22, "a word that fits keeps the base size"
    assert seen["first_step"] == [seen["fresh"]], "relabelled, it starts at the kept size, not the base"
    assert seen["relabelled"] == seen["fresh"], "and ends where a fresh fit ends"
    assert seen["back"] == 22, "the short word again: back to the base size"
