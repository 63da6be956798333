"""The table screen's view-model when a table drawing by hand refills the senate's bonus tiles at a
season's end (Trajan 1.6 step 4): the choices grid offers the tiles still in the bag, each tap
enters one, and undo and redo go through each tap. No window needed."""

from __future__ import annotations

import random

import pytest

from companion.session import Intent
from companion.ui.trajan import names
from tests.games.trajan.table_draws import named_intent
from tests.ui.trajan.test_trajan_viewmodels import new_game, table_vm

pytestmark = pytest.mark.timeout(60)


def drive(session, wanted, seed=1, limit=3000):
    """Random legal intents (no Trajan action: the table would have to enter the tile) until
    `wanted(view)`."""
    rnd = random.Random(seed)
    for _ in range(limit):
        view = session.table_view().view
        if wanted(view):
            return view
        options = [c for c in view["choices"] if c["name"] != "trajan"]
        choice = named_intent(view, rnd.choice(options), rnd)
        session.handle(Intent(choice["name"], dict(choice["args"])))
        assert session.notice is None, session.notice
    raise AssertionError("never reached")


def test_the_table_enters_the_senate_tiles_it_drew_at_the_refill(session):
    new_game(session, seed=4, digital_draws=False)
    vm = table_vm(session)
    view = drive(session, lambda v: v["phase"] == "consul")
    vm.choose(vm.bonus_choices()[0]["index"])
    view = session.table_view().view
    assert view["phase"] == "bonus_draw" and view["senate_bonus"] == []
    assert vm.entry == "reveal" and vm.turn_text == "Bonus tiles for the senate"
    assert vm.prompt == "Draw 2 bonus tiles for the senate and tap them."
    bag = sorted(c["args"]["tile"] for c in view["choices"])
    assert [c["wid"] for c in vm.choices] == [f"trajan.reveal.bonus.{t}" for t in bag]
    assert all(c["enabled"] and c["kind"] == "reveal" for c in vm.choices)
    assert [c["text"] for c in vm.choices] == [names.bonus_tile(t) for t in bag]
    assert vm.senate_bonus == []

    first = vm.choices[-1]
    vm.choose(first["index"])
    tile = first["wid"].rsplit(".", 1)[-1]
    assert [b["tile"] for b in vm.senate_bonus] == [tile]
    assert vm.entry == "reveal" and vm.prompt == "Draw one more bonus tile for the senate and tap it."
    assert first["wid"] not in [c["wid"] for c in vm.choices]
    second = vm.choices[0]
    vm.choose(second["index"])
    assert vm.entry == "trays" and session.table_view().view["phase"] == "turn"
    assert [b["tile"] for b in vm.senate_bonus] == [tile, second["wid"].rsplit(".", 1)[-1]]

    vm.undo()  # one tile at a time: the second goes back to the bag
    assert vm.entry == "reveal" and [b["tile"] for b in vm.senate_bonus] == [tile]
    vm.undo()
    assert vm.entry == "reveal" and vm.senate_bonus == [] and len(vm.choices) == len(bag)
    vm.redo()
    vm.redo()
    assert vm.entry == "trays" and len(vm.senate_bonus) == 2

    from companion.ui.trajan.format import history_rows

    texts = [r["bare"] for r in history_rows(session.history()) if not r["undone"]]
    assert any(t.endswith("New season: forum and provinces refilled.") for t in texts)
    assert f"Beside the senate: {names.bonus_tile(tile)}" in texts


def test_the_last_tile_in_the_bag_is_entered_by_itself(session):
    """Four players empty the bag at the third refill: once one of the last two is tapped, the
    other is the only choice, so the screen enters it (and undo steps over it)."""
    new_game(session, players=("Ann", "Bo", "Cy", "Di"), seed=2, digital_draws=False)
    vm = table_vm(session)
    drive(session, lambda v: v["phase"] == "bonus_draw" and len(v["choices"]) == 2, seed=2, limit=6000)
    assert vm.entry == "reveal" and len(vm.choices) == 2
    tiles = sorted(c["wid"].rsplit(".", 1)[-1] for c in vm.choices)
    vm.choose(vm.choices[0]["index"])
    view = session.table_view().view
    assert view["phase"] == "turn" and sorted(view["senate_bonus"]) == tiles and vm.entry == "trays"
    vm.undo()
    assert vm.entry == "reveal" and len(vm.choices) == 2 and vm.senate_bonus == []


def test_in_chinese_the_prompt_and_the_tiles_are_translated(session):
    from companion.ui.text import i18n

    new_game(session, seed=4, digital_draws=False)
    vm = table_vm(session)
    drive(session, lambda v: v["phase"] == "bonus_draw")
    i18n.set_language("zh-Hans")
    vm.relabel()
    assert vm.prompt == i18n._("Draw 2 bonus tiles for the senate and tap them.") != \
        "Draw 2 bonus tiles for the senate and tap them."
    assert vm.turn_text == i18n._("Bonus tiles for the senate") != "Bonus tiles for the senate"
    assert not any(c["text"].isascii() for c in vm.choices)


def test_no_pad_highlight_while_the_table_draws(session):
    """Pads offer nothing while the table enters a draw (`pad_choices`), so no button of the grid
    looks picked by a pad, even when a pad's last press left its cursor (0) in the session."""
    new_game(session, seed=4, digital_draws=False)
    vm = table_vm(session)
    view = drive(session, lambda v: v["phase"] == "bonus_draw")
    session.pad_cursor[view["current"]] = 0
    vm.update(session.table_view())
    assert vm.entry == "reveal" and not any(c["selected"] for c in vm.choices)
