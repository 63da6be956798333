"""The board panel opened again shows the game as it is now, in the rows it already had."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import run_ui, settle

pytestmark = pytest.mark.timeout(60)



def _province_table(ui):
    """Each shown province table: (its row widgets, their cells' texts, the first cells' wids)."""
    from companion.ui.trajan.panes.board import BoardSection

    out = []
    board = ui.app.sm.get_screen("trajan_table").ids.board_panel.ids
    for box in (board.left, board.right):
        for section in (w for w in reversed(box.children) if isinstance(w, BoardSection)):
            lines = list(reversed(section.ids.table.children))
            cells = [[column.children[-1] for column in reversed(line.children)] for line in lines]
            out.append((lines, [[c.text for c in row] for row in cells], [row[0].wid for row in cells]))
    return [t for t in out if t[0]]


def _model_rows(vm):
    return [[row["cells"] for row in section["rows"]] for section in vm.board.sections if section.get("rows")]


def test_the_board_reopened_after_moves_shows_them_in_the_same_rows(session):
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 5, "start_player": 0}}))
    seen = {}

    def play_until_the_provinces_change():
        """Moves (a leader's move whenever offered) until a province's tile or figures change."""
        before = session.table_view().view["provinces"]
        for _ in range(200):
            choices = session.table_view().view["choices"]
            choice = next((c for c in choices if (c.get("args") or {}).get("kind") == "move"), choices[0])
            session.handle(Intent(choice["name"], dict(choice.get("args", {}))))
            if session.table_view().view["provinces"] != before:
                return
        raise AssertionError("the provinces never changed")

    def script(ui):
        yield from ui.tap("trajan.board")
        first = _province_table(ui)
        seen["first"] = ([t[1] for t in first], _model_rows(ui.app.trajan_vm))
        yield from ui.tap("trajan.board")
        play_until_the_provinces_change()
        yield from settle()
        yield from ui.tap("trajan.board")
        again = _province_table(ui)
        seen["again"] = ([t[1] for t in again], _model_rows(ui.app.trajan_vm), [t[2] for t in again])
        seen["same_rows"] = all(a is b for t1, t2 in zip(first, again) for a, b in zip(t1[0], t2[0]))

    run_ui(session, script)
    shown, model = seen["first"]
    assert shown == model
    shown, model, wids = seen["again"]
    assert model != seen["first"][1], "the game moved on the board"
    assert shown == model, "the rows show the board as it is now"
    assert all(w.startswith("trajan.board.province.") or w == "" for table in wids for w in table)
    assert seen["same_rows"], "relabelled, not made again"
