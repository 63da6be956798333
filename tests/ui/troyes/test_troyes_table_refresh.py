"""The Troyes table redoes only what a fact changed: rows of widgets are kept when their number
changes (only the difference goes out or comes in, and what went out comes back before anything
new is made), and a panel out of the tree is brought up to date when it is shown, not while
nobody sees it (a throw changes the city square, shown only on a player's turn)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(180)


def test_rows_keep_their_widgets_and_take_back_the_ones_set_aside():
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.widget import Widget

    from companion.ui.widgets import kept_rows as _rows

    grid, spare, made = GridLayout(cols=1), [], []

    def make(i):
        made.append(i)
        return Widget()

    first = _rows(grid, 5, make, spare)
    assert made == [0, 1, 2, 3, 4] and first == list(reversed(grid.children))
    fewer = _rows(grid, 3, make, spare)
    assert fewer == first[:3], "the first rows stay, in order; the last ones go out"
    assert sorted(map(id, spare)) == sorted(map(id, first[3:]))
    more = _rows(grid, 6, make, spare)
    assert more[:3] == first[:3] and set(map(id, more[3:5])) == set(map(id, first[3:]))
    assert made == [0, 1, 2, 3, 4, 5] and spare == [], "only the sixth is new: the two set aside came back"
    assert _rows(grid, 0, make, spare) == [] and len(spare) == 6


def _post_and_wait(ui, intent):
    steps = ui.app.session.engine.journal.last_step
    ui.app.post(intent)
    yield from until(lambda: ui.app.session.engine.journal.last_step > steps, what=intent.name)
    yield from settle()


def _throw_due(ui):
    """The open throw answered with the dice its district is due (by the view's ask)."""
    from companion.session import Intent

    ask = ui.app.session.table_view().view["ask"]
    intent = ask["intent"]
    if ask["kind"] == "troyes.throw":
        dice = [[c, (k % 6) + 1] for k, (c, n) in enumerate(ask["about"]["due"].items()) for _ in range(n)]
    else:
        dice = [4] * int(ask["about"]["count"])
    yield from _post_and_wait(ui, Intent(intent["name"], {**dict(intent.get("args") or {}), "dice": dice}))


def to_the_dice(ui, players):
    """A new Troyes game of `players` (seed 3), its starting citizens placed and its cards turned
    up by intents, to its first district's throw."""
    from companion.session import Intent

    s = ui.app.session
    ui.app.post(Intent("new_game", {"game": "troyes", "setup": {"players": players, "seed": 3, "start_player": 0}}))
    yield from until(lambda: ui.screen == "troyes_table", what="the table")
    while s.table_view().view["phase"] in ("placement", "reveal"):
        view = s.table_view().view
        if view["phase"] == "placement":
            building, space = view["placement"]["free"][0]
            yield from _post_and_wait(ui, Intent("place_start", {"building": building, "space": space}))
        else:
            ask = view["ask"]
            yield from _post_and_wait(ui, Intent(ask["intent"]["name"], {ask["field"]: ask["options"][0]}))


def test_the_square_is_made_when_shown_and_its_dice_are_kept_through_an_undo(session):
    seen = {}

    def script(ui):
        from companion.session import Intent

        s = ui.app.session
        yield from to_the_dice(ui, ["Ann", "Bo"])
        screen = ui.app.sm.get_screen("troyes_table")
        grid, vm = screen.ids.square_grid, ui.app.troyes_vm
        assert s.table_view().view["phase"] == "dice"
        yield from _throw_due(ui)
        seen["hidden"] = (len(vm.square), len(grid.children))
        for _ in range(20):  # the other throws, the black dice and any card or event, to a turn
            view = s.table_view().view
            if view["phase"] in ("actions", "counter"):
                break
            ask = view["ask"]
            if ask["kind"] in ("troyes.throw", "troyes.black_throw"):
                yield from _throw_due(ui)
            else:
                yield from _post_and_wait(ui, Intent(ask["intent"]["name"], {**dict(ask["intent"].get("args") or {}),
                                                                             ask["field"]: ask["options"][0]}))
        yield from until(lambda: vm.entry == "actions", what=lambda: f"a player's turn ({s.table_view().view['phase']})")
        yield from settle()
        seen["shown"] = ([r["face"] for r in vm.square], [d.text.split("\n")[0] for d in reversed(grid.children)],
                         [d.wid for d in reversed(grid.children)])
        dice = list(reversed(grid.children))
        yield from _post_and_wait(ui, Intent("undo"))  # the last throw taken back: its dice leave the square
        yield from _post_and_wait(ui, Intent("redo"))
        yield from until(lambda: vm.entry == "actions", what="the turn again")
        yield from settle()
        seen["kept"] = [a is b for a, b in zip(dice, reversed(grid.children))] + [len(grid.children) == len(dice)]

    run_ui(session, script)
    square, made = seen["hidden"]
    assert square > 0 and made == 0, "a throw in the dice phase makes no widget in the hidden square"
    faces, texts, wids = seen["shown"]
    assert texts == [str(f) for f in faces], "shown on the turn, the square has every die of the view"
    assert wids == [f"troyes.square.{i}" for i in range(len(faces))]
    assert all(seen["kept"]), "after an undo and a redo the square shows the same widgets"
