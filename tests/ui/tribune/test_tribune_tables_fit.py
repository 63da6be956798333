"""Tribune's whole-game tables and its victory card, as players read them:

- in portrait (720×1280) the players' and the victory grid's tables come in two parts one above
  the other, so no heading breaks mid-word in a narrow column ("Factio/ns", "第纳/尔": each line
  of a heading or a cell fits its column on one line), in English and both Chinese scripts, with
  four short names and five long ones;
- at 800×480 the victory card's set-up shows all seven of its numbers (the six conditions and
  how many are needed), Done and the rules' button without scrolling, in the three languages,
  its words at the reading size or larger."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.session import Intent  # noqa: E402
from legibility import legibility_problems  # noqa: E402
from test_tribune_screens import FIVE  # noqa: E402
from uiharness import LayoutProblems, duplicate_wids, run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(300)

CARD = {"factions": 3, "laurels": 6, "legions": 4, "denarii": 40, "tribune": None, "favour": 2, "needed": 3}
LANGUAGES = ("en", "zh-Hans", "zh-Hant")
CONDITIONS = ("factions", "laurels", "legions", "denarii", "tribune", "favour", "needed")


def _lines_that_wrap(root, prefixes):
    """Labels under `root` (wids starting with one of `prefixes`) with a line of their text wider
    than the width they wrap in: Kivy breaks that line, mid-word when it is one word."""
    from kivy.uix.label import Label

    from companion.ui.widgets import is_shown, iter_widgets

    found = []
    for widget in iter_widgets(root):
        wid = getattr(widget, "wid", "")
        if not isinstance(widget, Label) or not wid.startswith(prefixes) or not is_shown(widget) or not widget.text:
            continue
        padding = widget.padding[0] + widget.padding[2] if len(widget.padding) == 4 else 2 * widget.padding[0]
        room = (widget.text_size[0] if widget.text_size and widget.text_size[0] else widget.width) - padding
        for line in widget.text.split("\n"):
            if widget._label.get_extents(line)[0] > room + 1:
                found.append(f"{wid}: {line!r} is {widget._label.get_extents(line)[0]:.0f} px, its column {room:.0f}")
    return found


@pytest.mark.parametrize("names", [["Alice", "Bob", "Carol", "Dave"], FIVE], ids=["four", "five-long"])
def test_in_portrait_no_heading_or_cell_of_the_tables_breaks(session, names):
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": names, "start_player": 0, "pads": [None] * len(names), "mode": "full", "victory": CARD}}))
    for seat in range(len(names)):
        session.handle(Intent("place", {"seat": seat, "space": "faction:vestals" if seat < 2 else "bowl"}))
    problems = LayoutProblems("720x1280")
    broken = []

    def script(ui):
        app = ui.app
        for language in LANGUAGES:
            app.set_language(language)
            app.go("tribune_table")
            for tab in ("players", "victory"):
                yield from ui.tap(f"tribune.board.tab.{tab}")
                yield from problems.check(ui, tab)
                where = f"{language} {tab}"
                broken.extend(f"{where}: {p}" for p in _lines_that_wrap(app.root, ("tribune.board.grid", "tribune.board.players")))
                broken.extend(legibility_problems(ui, where))
                assert ui.shown("tribune.board.grid.0.6" if tab == "victory" else "tribune.board.declare.0")
            assert not duplicate_wids(app.root), duplicate_wids(app.root)
            yield from ui.tap("tribune.board.tab.round")

    run_ui(session, script, profile="720x1280")
    assert not problems, "\n".join(problems)
    assert not broken, "\n".join(broken)


def test_in_portrait_the_grid_comes_in_two_parts_each_naming_the_players(session):
    """Both parts name every player; the second part's names are its own labels (no wid twice)."""
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": ["Ann", "Bo", "Cy"], "start_player": 0, "pads": [None] * 3, "mode": "full", "victory": CARD}}))
    seen = {}

    def script(ui):
        ui.app.go("tribune_table")
        yield from ui.tap("tribune.board.tab.victory")
        seen["first"] = [ui.text(f"tribune.board.grid.{r}.0") for r in range(3)]
        seen["second"] = [ui.text(f"tribune.board.grid.{r}.0.1") for r in range(3)]
        first, second = ui.find("tribune.board.grid.0.3"), ui.find("tribune.board.grid.0.4")
        seen["below"] = second.to_window(*second.pos)[1] < first.to_window(*first.pos)[1]

    run_ui(session, script, profile="720x1280")
    assert seen["first"] == seen["second"] == ["Ann", "Bo", "Cy"], seen
    assert seen["below"], "denarii, the tribune and favour under factions, laurels and legions"


def test_at_800x480_the_victory_card_fits_without_scrolling(session):
    """Every number of the card, Done and the rules' button inside the window and the scrolled
    area holding no more than it shows; the titles and values at the reading size (18 px)."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    from companion.ui.widgets import theme

    problems = LayoutProblems("800x480")
    outside = []

    def script(ui):
        app = ui.app
        yield from ui.tap("home.game.tribune")
        yield from ui.tap("tribune.setup.victory_card")
        for language in LANGUAGES:
            app.set_language(language)
            yield from settle()
            yield from problems.check(ui, "victory card")
            scroll = next(w for w in ui.find("tribune.victory.card_file").walk_reverse(loopback=False)
                          if isinstance(w, ScrollView))
            if scroll.children[0].height > scroll.height + 1:
                outside.append(f"{language}: the card's rows are {scroll.children[0].height:.0f} px in {scroll.height:.0f}")
            wids = [f"tribune.victory.{c}.{part}" for c in CONDITIONS for part in ("minus", "value", "plus")]
            for wid in (*wids, "tribune.victory.done", "tribune.victory.settings", "tribune.victory.rules"):
                widget = ui.find(wid)
                x0, y0 = widget.to_window(widget.x, widget.y)
                x1, y1 = widget.to_window(widget.right, widget.top)
                if y0 < -1 or y1 > Window.height + 1 or x0 < -1 or x1 > Window.width + 1:
                    outside.append(f"{language}: {wid} at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})")
                if wid.endswith((".value", ".rules")) and widget.font_size < theme.READ * app.scale:
                    outside.append(f"{language}: {wid} at {widget.font_size:.0f} px")
            assert ui.text("tribune.victory.needed.value").split("\n")[1] == "0"

    run_ui(session, script)
    assert not problems, "\n".join(problems)
    assert not outside, "\n".join(outside)
