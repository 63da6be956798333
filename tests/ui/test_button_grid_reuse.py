"""A grid of buttons shown with another number of rows keeps the buttons it shows (only those past
the shorter count go out or come in), and a fitted button measures its words as SDL2_ttf does,
once per word and font."""

from __future__ import annotations

import pytest

from uiharness import run_ui, settle

pytestmark = pytest.mark.timeout(90)


def test_a_grid_shown_with_fewer_or_more_rows_moves_only_the_difference(session):
    seen = {}

    def script(ui):
        from companion.ui.trajan.widgets import ButtonGrid

        grid = ButtonGrid(cols=3)
        home = ui.app.sm.current_screen
        home.add_widget(grid)
        moved: list[str] = []
        add, remove = grid.add_widget, grid.remove_widget
        grid.add_widget = lambda w, *a, **k: (moved.append("in"), add(w, *a, **k))
        grid.remove_widget = lambda w, *a, **k: (moved.append("out"), remove(w, *a, **k))

        def rows(n, tag):
            return [{"wid": f"t.{tag}.{i}", "text": f"{tag} {i}"} for i in range(n)]

        grid.show(rows(5, "a"))
        first = list(reversed(grid.children))
        moved.clear()
        grid.show(rows(3, "b"))
        seen["fewer"] = (list(moved), list(reversed(grid.children)) == first[:3])
        moved.clear()
        grid.show(rows(7, "c"))
        seen["more"] = (list(moved), list(reversed(grid.children))[:3] == first[:3])
        yield from settle()
        seen["texts"] = [b.text for b in reversed(grid.children)]
        seen["wids"] = [b.wid for b in reversed(grid.children)]
        home.remove_widget(grid)

    run_ui(session, script)
    assert seen["fewer"] == (["out", "out"], True)
    assert seen["more"] == (["in"] * 4, True)
    assert seen["texts"] == [f"c {i}" for i in range(7)] and seen["wids"] == [f"t.c.{i}" for i in range(7)]


def test_a_words_kept_width_is_the_width_sdl2_ttf_measures(session):
    seen = {}

    def script(ui):
        from kivy.core.text import Label as CoreLabel

        from companion.ui.widgets import _word_width

        for size, bold in ((18, False), (24, False), (18, True)):
            core = CoreLabel(font_size=size, bold=bold)
            core.resolve_font_name()
            for word in ("Senate", "Forum", "Senate"):
                seen[(size, bold, word)] = (_word_width(core, word), core.get_extents(word)[0])
        yield

    run_ui(session, script)
    assert all(kept == measured for kept, measured in seen.values())
    assert len({kept for kept, _m in seen.values()}) >= 4, "another font, another width"
