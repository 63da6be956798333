"""While the table is idle the Trajan screen makes what a later tap would otherwise make the first
time: a season summary's row per player, the buttons of the grids that show a turn's details and
the final score table (blank, out of sight: the game's end relabels it)."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import run_ui, until

pytestmark = pytest.mark.timeout(120)  # above the 90 s watchdog of the game played to its end


def test_the_table_prepares_its_rows_and_buttons_while_idle(session):
    from companion.ui.trajan.table import RESERVED_BUTTONS, SummaryRow

    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo", "Cy"], "colours": ["red", "blue", "green"], "seed": 3}}))
    seen = {}

    def script(ui):
        screen = ui.app.sm.get_screen("trajan_table")
        yield from until(lambda: screen.choice_grid.made >= RESERVED_BUTTONS["choice_grid"], what="the idle moment")
        seen["made"] = {name: getattr(screen, name).made for name in RESERVED_BUTTONS}
        seen["rows"] = list(screen.ids.summary_rows.children)
        seen["summary_shown"] = screen._panels["summary_panel"].parent is not None
        seen["grid_width"] = (screen.ids.final_grid.width, screen.ids.content.width)
        seen["final"] = [getattr(w, "wid", "") for w in reversed(screen.ids.final_grid.children)]
        seen["categories"] = list(ui.app.trajan_vm.final_categories)

    run_ui(session, script)
    assert all(seen["made"][name] >= count for name, count in RESERVED_BUTTONS.items())
    assert len(seen["rows"]) == 3 and all(isinstance(row, SummaryRow) for row in seen["rows"])
    assert not seen["summary_shown"], "made, not shown"
    grid, content = seen["grid_width"]
    assert 0.5 * content < grid < content, "laid out at the width it will be shown at (62 % of the content)"
    assert len(seen["categories"]) == 7 and seen["categories"][-1] == "bonus_tiles"
    assert len(seen["final"]) == (1 + 3) * (1 + 7 + 1), "a column per player, a row per category"
    assert "trajan.final.bonus_tiles.2" in seen["final"] and "trajan.final.total.0" in seen["final"]


def test_the_board_is_made_at_the_next_idle_moment_and_opening_it_relabels(session):
    """The board's ~60 widgets are made while it is closed (at the idle moment after the one that
    made the rows above: the work is spread), then opening it makes none and shows the table now."""
    from companion.ui.trajan.table import BoardSection

    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 3}}))
    seen = {}

    def sections(screen):
        return [w for box in (screen.ids.board_left, screen.ids.board_right) for w in box.children
                if isinstance(w, BoardSection)]

    def script(ui):
        app = ui.app
        screen = app.sm.get_screen("trajan_table")
        yield from until(lambda: screen.choice_grid.made > 0, what="the first idle moment")
        seen["after_first"] = len(sections(screen))
        tray = next(t for t in app.trajan_vm.trays if t["enabled"])
        yield from ui.tap(tray["wid"])  # a fact: then the next idle moment
        yield from until(lambda: sections(screen), what="the board made while idle")
        made = sections(screen)
        seen["shown_while_made"] = screen._panels["board_panel"].parent is not None
        seen["width"] = (made[0].width, screen.ids.content.width)
        yield from ui.tap("trajan.board")
        yield from until(lambda: ui.shown("trajan.board.province.alpes"), what="the board")
        seen["same"] = sections(screen) == made
        seen["titles"] = [w.title for w in reversed(screen.ids.board_left.children) if isinstance(w, BoardSection)]
        seen["vm_titles"] = [s["title"] for s in app.trajan_vm.board_sections[:4]]
        seen["leader_row"] = ui.text("trajan.board.province.alpes")

    run_ui(session, script)
    assert seen["after_first"] == 0, "not at the same idle moment as the rows and the final table"
    assert not seen["shown_while_made"], "made, not shown"
    width, content = seen["width"]
    assert 0.3 * content < width < 0.6 * content, "laid out at the width it will be shown at"
    assert seen["same"], "opening the board made no new section"
    assert seen["titles"] == seen["vm_titles"] and seen["leader_row"]


def test_how_counted_is_made_while_the_games_end_shows_the_score_table(session):
    """At the game's end "How counted" (~100 widgets) is made at the idle moment, out of sight;
    the tap that opens it makes none. Whenever the idle moment comes (a slow machine reaches it
    within the very frames that show the game's end), the game's end itself leaves it unmade: each
    update that is not the idle one is recorded with the rows it left."""
    import random

    from companion.ui.trajan.demo import _trajan_choice

    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 3}}))
    seen = {"updates": []}

    def script(ui):
        app = ui.app
        screen = app.sm.get_screen("trajan_table")
        update = screen.update_final_details

        def recorded(ahead: bool = False) -> None:
            update(ahead)
            seen["updates"].append((ahead, app.trajan_vm.phase, len(screen.ids.details_grid.children)))

        screen.update_final_details = recorded
        rnd = random.Random(2)
        for _ in range(3000):
            view = session.table_view().view
            if view["phase"] == "over":
                break
            choice = _trajan_choice(view, rnd)
            app.post(Intent(choice["name"], dict(choice["args"]), automatic=True))
        yield from until(lambda: screen.ids.details_grid.children, what="the idle moment")
        made = list(screen.ids.details_grid.children)
        seen["shown_while_made"] = screen._panels["details"].parent is not None
        yield from ui.tap("trajan.final.details")
        yield from until(lambda: ui.shown("trajan.final.detail.bonus_tiles.1"), what="How counted shown")
        seen["same"] = list(screen.ids.details_grid.children) == made
        seen["rows"] = len(made)
        seen["categories"] = len(app.trajan_vm.final_detail_rows)

    run_ui(session, script, watchdog=90)
    at_the_end = [(ahead, rows) for ahead, phase, rows in seen["updates"] if phase == "over"]
    assert at_the_end and at_the_end[0] == (False, 0), "the game's end itself made none of it"
    assert (True, seen["rows"]) in at_the_end, "made ahead, at the idle moment"
    assert not seen["shown_while_made"] and seen["same"]
    assert seen["rows"] == seen["categories"] + 2, "a head row, a row per category, the totals"
