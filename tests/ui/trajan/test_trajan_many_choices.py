"""A table naming the tile it found under a figure may be offered up to 24 tiles and Cancel: the
choices then scroll, in rows of buttons at the reading size and a touch target high, rather than
shrinking their words below it (in English; Chinese names, which break between any two characters,
may fit in more columns); every one of them is reached and taken by touch, in each profile and
language. The documented fifteen fit without scrolling at 800×480, as before."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legibility import legibility_problems  # noqa: E402
from uiharness import choices, run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(180)


def _many_rows():
    from companion.ui.trajan import names
    from companion.ui.trajan.markup import button_row

    rows = [button_row(f"trajan.found.site.{kind}_{vp}", names.site_tile((kind, vp)), "action", found=[kind, vp])
            for kind in names.CONSTRUCTION for vp in (1, 2, 3, 4)]
    rows += [button_row(f"trajan.found.{tile}", names.forum_tile(tile), "action", found=tile)
             for tile in ("wild_commodity", "wild_demand", "wild_construction", "wild_extra")]
    return rows[:24]


@pytest.mark.parametrize("profile", ["800x480", "720x1280", "1280x720"])
def test_twenty_four_tiles_and_cancel_scroll_at_the_reading_size(tmp_path, profile):
    from companion import demo
    from companion.games import built_games
    from companion.ui.widgets import theme

    session = demo.demo_game_session(tmp_path, "en", "trajan", "found", built_games())
    picked = []
    problems = []

    def script(ui):
        pane = next(w for w in _walk(ui.app.root) if type(w).__name__ == "ChoicesPane")
        scroll, grid = pane.choice_scroll, pane.choice_grid
        if profile == "800x480":
            assert not scroll.do_scroll_y, "the documented fifteen tiles fit without scrolling"
        for language in ("en", "zh-Hans", "zh-Hant"):
            ui.app.set_language(language)
            from companion.ui.text.i18n import _

            rows = _many_rows() + [{"wid": "trajan.found.cancel", "text": _("Cancel"), "kind": "pass",
                                     "enabled": True, "found_cancel": True}]
            grid.show([{**r, "font": theme.READ * ui.app.scale} for r in rows])
            pane._fit_grid()
            grid.on_choose = picked.append
            yield from settle()
            buttons = list(reversed(grid.children))
            assert len(buttons) == 25
            if language == "en":  # Chinese names break between any two characters: more columns fit
                assert scroll.do_scroll_y and grid.height > scroll.height, "they scroll"
            for button in buttons:
                assert button.font_size >= theme.READ * ui.app.scale - 0.01, (language, button.text, button.font_size)
                assert button.height >= 48 * ui.app.scale - 0.5, (button.text, button.height)
            problems.extend(p for p in legibility_problems(ui, f"{profile} {language}") if "trajan.found" in p)
            scroll.scroll_y = 0  # to the last row, as a finger would
            yield from settle()
            yield from ui.tap("trajan.found.cancel")
            yield from until(lambda: picked and picked[-1].get("found_cancel"), what="Cancel taken")

    try:
        run_ui(session, script, start_screen="trajan_table", profile=profile, watchdog=150)
    finally:
        session.shutdown()
    assert not problems, "\n".join(problems)
    assert len(picked) == 3


def _walk(root):
    from companion.ui.widgets import iter_widgets

    return iter_widgets(root)
