"""The Trajan set-up upright (720×1280) is laid out for portrait, not a stretched landscape: the
choices in pairs with what each means under them, so its lower third is not left empty (less than
a quarter of it is), and
nothing on it is cut or too small in any language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legibility import legibility_problems, overlap_problems  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def test_the_portrait_setup_reaches_into_its_lower_third_and_explains_its_choices(tmp_path):
    from companion import demo
    from companion.games import built_games

    session = demo.demo_game_session(tmp_path, "en", "trajan", "setup", built_games())
    seen = {}

    def script(ui):
        from kivy.core.window import Window

        for language in ("en", "zh-Hans", "zh-Hant"):
            ui.app.set_language(language)
            yield from settle()
            settings = ui.find("trajan.setup.settings")
            _x, bottom = settings.to_window(settings.x, settings.y)
            seen[language] = (bottom, Window.height, ui.text("trajan.setup.explained"))
            seen.setdefault("problems", []).extend(legibility_problems(ui, language) + overlap_problems(ui, language))
        ui.app.set_language("en")
        yield from ui.tap("trajan.setup.mode.light")
        yield from ui.tap("trajan.setup.draws.table")
        yield from settle()
        seen["chosen"] = ui.text("trajan.setup.explained")

    try:
        run_ui(session, script, start_screen="trajan_setup", profile="720x1280")
    finally:
        session.shutdown()
    for language in ("en", "zh-Hans", "zh-Hant"):
        bottom, height, explained = seen[language]
        # it used to end a third of the way up (425 of 1280 px empty): now less than a quarter is
        assert bottom < height / 4, f"{language}: the set-up ends {bottom:.0f} of {height:.0f} px above the bottom"
        assert explained.count("\n") == 1, explained
    assert seen["chosen"].startswith("Light mode") and "Table draws" in seen["chosen"]
    assert not seen["problems"], "\n".join(seen["problems"])


def test_landscape_keeps_one_row_of_choices_and_no_explanation(tmp_path):
    from companion import demo
    from companion.games import built_games

    session = demo.demo_game_session(tmp_path, "en", "trajan", "setup", built_games())
    seen = {}

    def script(ui):
        yield from settle()
        full, table = ui.find("trajan.setup.mode.full"), ui.find("trajan.setup.draws.table")
        seen["one row"] = abs(full.y - table.y) < 1
        seen["explained"] = ui.text("trajan.setup.explained")

    try:
        run_ui(session, script, start_screen="trajan_setup", profile="800x480")
    finally:
        session.shutdown()
    assert seen == {"one row": True, "explained": ""}
