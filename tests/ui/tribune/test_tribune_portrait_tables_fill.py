"""Tribune's players' and victory grid's tables in portrait (720×1280) are laid out for its height:
their rows and words grow into the room under them instead of leaving about a third of the
screen empty (the documentation's demo, four players), and stay inside the screen, nothing cut,
in the three languages. Landscape keeps its rows as they were."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legibility import legibility_problems  # noqa: E402
from uiharness import LayoutProblems, choices, run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(300)

LANGUAGES = ("en", "zh-Hans", "zh-Hant")
TABLES = {"whole_grid": "tribune.board.grid", "whole_players": "tribune.board.players"}
TABS = {"whole_grid": "victory", "whole_players": "players"}


def _empty_share(ui, prefix: str) -> float:
    """The share of the board's body under the lowest cell of the tables (`prefix`) left empty."""
    from companion.ui.widgets import is_shown, iter_widgets

    cells = [w for w in iter_widgets(ui.app.root) if getattr(w, "wid", "").startswith(prefix) and is_shown(w)]
    body = cells[0].parent.parent
    _x, bottom = body.to_window(body.x, body.y)
    _x, top = body.to_window(body.x, body.top)
    lowest = min(w.to_window(w.x, w.y)[1] for w in cells)
    return (lowest - bottom) / (top - bottom)


@pytest.mark.parametrize("state", sorted(TABLES))
@pytest.mark.parametrize("profile", ["720x1280", "800x480"])
def test_the_portrait_tables_fill_the_height_and_nothing_is_cut(tmp_path: Path, state, profile):
    from companion import demo
    from companion.games import built_games
    from companion.ui.widgets import theme

    session = demo.demo_game_session(tmp_path, "en", "tribune", state, built_games())
    before = demo.game_demo("tribune", choices()).prepare(state)
    problems = LayoutProblems(profile)
    seen: dict[str, list] = {"empty": [], "size": []}

    def script(ui):
        if before is not None:
            before(ui.app)
        for language in LANGUAGES:
            ui.app.set_language(language)
            yield from settle()
            yield from ui.tap(f"tribune.board.tab.{TABS[state]}")  # the new language's table shows its first tab
            yield from problems.check(ui, state)
            problems.extend(legibility_problems(ui, f"{profile} {language} {state}"))
            seen["empty"].append(_empty_share(ui, TABLES[state]))
            seen["size"].append(ui.find(f"{TABLES[state]}.0.1").font_size / ui.app.scale)

    try:
        run_ui(session, script, start_screen="tribune_table", profile=profile, watchdog=250)
    finally:
        session.shutdown()
    assert not problems, "\n".join(problems)
    if profile == "720x1280":
        assert max(seen["empty"]) < 0.12, f"the tables leave {max(seen['empty']):.0%} of the body empty under them"
        assert min(seen["size"]) > theme.BODY, seen["size"]
    else:
        assert set(seen["size"]) == {theme.BODY}, "landscape: the cells keep their size"
