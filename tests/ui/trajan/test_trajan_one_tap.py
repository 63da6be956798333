"""One-tap turns: a tray tap whose target tray offers one action besides Pass (the Senate's Advance)
takes it, and the turn ends by itself; the notice says so, and Undo comes back to the choice so the
player may Pass instead. A handheld pad's pick-up does the same (one policy, in the session).
View-model (no window) and one screen test through the offscreen window."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.session import Intent
from tests.games.trajan.test_flow import one_trajan_stack
from tests.ui.trajan.test_trajan_viewmodels import new_game, table_vm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(120)

NOTICE = "Ann: Senate taken, the only action there. Undo to pass instead."


def tray_game(session, action, **setup):
    """A new game (Ann starts) in which one of Ann's trays lands in `action`'s tray: its index."""
    for seed in range(1, 80):
        new_game(session, seed=seed, **setup)
        previews = session.table_view().view["previews"]
        tray = next((p["tray"] for p in previews if p and p["target_action"] == action), None)
        if tray is not None:
            return tray
    raise AssertionError(f"no seed puts a tray's last marker in the {action} tray")


def senate_game(session):
    """A new game (Ann starts) in which one of Ann's trays lands in the Senate tray: its index."""
    return tray_game(session, "senate")


def kinds_since(session, step):
    return [e["kind"] for entry in session.history() if entry.step > step for e in entry.events]


def test_a_senate_turn_is_one_tap_and_undo_offers_pass(session):
    tray = senate_game(session)
    vm = table_vm(session)
    before = session.table_view()
    row = next(t for t in vm.trays.rows if t["tray"] == tray)
    vm.choose(row["index"])
    assert kinds_since(session, before.step) == ["trajan.sowed", "trajan.action", "trajan.turn_ended"]
    view = session.table_view().view
    assert view["players"][0]["senate"] == 1 and view["current"] == 1
    assert vm.notice_text == NOTICE and vm.notice_level == "info"
    vm.relabel()
    assert vm.notice_text == NOTICE, "the notice stays until something else happens"

    vm.undo()  # the automatic end of turn and the action go back; the choice is shown again
    view = session.table_view().view
    assert view["turn"]["tray"] == 3 and not view["turn"]["acted"] and view["current"] == 0
    assert vm.entry == "choices" and [c["wid"] for c in vm.choices.rows] == ["trajan.choice.senate", "trajan.choice.pass"]
    # the sole action's notice is gone: Undo's own says what it took back (the app words the step as
    # the history does: tests/ui/trajan/test_trajan_table_told.py)
    assert vm.notice_text.startswith("Undid step ") and NOTICE not in vm.notice_text and vm.can_redo
    vm.redo()  # and they come back together
    assert session.table_view().view["current"] == 1 and session.table_view().view["players"][0]["senate"] == 1
    vm.undo()
    vm.choose(next(c["index"] for c in vm.choices.rows if c["kind"] == "pass"))
    view = session.table_view().view
    assert view["players"][0]["senate"] == 0 and view["current"] == 1 and vm.notice_text == ""
    vm.undo()
    vm.undo()  # past the choice: back to the trays, as before the pick-up
    assert vm.entry == "trays" and session.table_view().view == before.view


def test_a_tray_with_a_real_choice_still_asks(session):
    new_game(session, seed=3)
    vm = table_vm(session)
    previews = session.table_view().view["previews"]
    tray = next(p["tray"] for p in previews if p and p["target_action"] in ("forum", "military", "construction"))
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    view = session.table_view().view
    assert vm.entry == "choices" and not view["turn"]["acted"] and len(view["choices"]) > 2
    assert vm.notice_text == ""


def test_the_notice_is_translated(session):
    from companion.ui.text import i18n

    tray = senate_game(session)
    vm = table_vm(session)
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    i18n.set_language("zh-Hant")
    vm.relabel()
    assert vm.notice_text == i18n._("{name}: {action} taken, the only action there. Undo to pass instead.").format(
        name="Ann", action=i18n._("Senate")) and vm.notice_text != NOTICE


def test_a_handheld_pads_senate_turn_is_one_press_and_the_screen_undoes_it_alike(session):
    """A pad's OK reaches the rules through the session, the touchscreen's tap through this
    view-model: both follow one policy (the game's flow). The pad's pick-up takes the Senate and
    ends the turn; the screen says so; its Undo comes back to Advance/Pass as after a tap."""
    tray = senate_game(session)
    vm = table_vm(session)
    before = session.table_view()
    sow = next(i for i, c in enumerate(before.view["choices"]) if c["args"].get("tray") == tray)
    for _ in range(sow):
        session.seat_key(0, "plus")
    session.seat_key(0, "ok")
    vm.update(session.table_view())  # what the session tells the screen after a pad's press
    assert kinds_since(session, before.step) == ["trajan.sowed", "trajan.action", "trajan.turn_ended"]
    view = session.table_view().view
    assert view["players"][0]["senate"] == 1 and view["current"] == 1
    assert vm.notice_text == NOTICE and vm.notice_level == "info"

    vm.undo()
    view = session.table_view().view
    assert view["turn"]["tray"] == 3 and not view["turn"]["acted"] and view["current"] == 0
    assert [c["wid"] for c in vm.choices.rows] == ["trajan.choice.senate", "trajan.choice.pass"]
    assert vm.notice_text.startswith("Undid step ") and NOTICE not in vm.notice_text, "Undo's notice, not the sole action's"
    session.seat_key(0, "plus")  # the pad's menu is the same choice: Pass this time
    session.seat_key(0, "ok")
    view = session.table_view().view
    assert view["players"][0]["senate"] == 0 and view["current"] == 1, "Pass, then the turn ended by itself"


def test_a_trajan_trays_only_action_opens_the_tile_entry_when_the_table_draws(session, monkeypatch):
    """The Trajan tray's only action (stacks narrowed to one: at the start all six have tiles) needs
    the tile the table drew: the tray tap picks up and opens the tile entry for that stack."""
    one_trajan_stack(monkeypatch)
    tray = tray_game(session, "trajan", digital_draws=False)
    vm = table_vm(session)
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    stack = next(ch["args"]["stack"] for ch in session.table_view().view["choices"] if ch["name"] == "trajan")
    assert vm.entry == "choices" and vm.drawn_tile.entry["stack"] == stack
    assert vm.notice_text == "Enter the Trajan tile drawn from the stack."


def test_one_tap_senate_turn_by_touch_then_undo_and_pass(session):
    seen = {}
    tray = senate_game(session)

    def script(ui):
        assert ui.screen == "trajan_table"
        yield from ui.tap(f"trajan.tray.{tray}")
        seen["notice"] = ui.text("trajan.notice")
        seen["after"] = session.table_view().view
        yield from ui.tap("trajan.undo")
        assert ui.shown("trajan.choice.senate") and ui.shown("trajan.choice.pass")
        assert ui.text("trajan.notice") != seen["notice"]
        yield from ui.tap("trajan.choice.pass")
        seen["passed"] = session.table_view().view

    run_ui(session, script, start_screen="trajan_table", watchdog=60)
    assert seen["notice"] == NOTICE
    assert seen["after"]["players"][0]["senate"] == 1 and seen["after"]["current"] == 1
    assert seen["passed"]["players"][0]["senate"] == 0 and seen["passed"]["current"] == 1


def test_a_pads_trajan_action_opens_the_screens_tile_entry_when_the_table_draws(session):
    """A pad cannot name a drawn tile: its Trajan action is refused with the stack, and the screen
    opens that stack's tile entry (once: cancelled, it stays closed through a relabel)."""
    tray = tray_game(session, "trajan", digital_draws=False)
    vm = table_vm(session)
    choices = session.table_view().view["choices"]
    for _ in range(next(i for i, c in enumerate(choices) if c["args"].get("tray") == tray)):
        session.seat_key(0, "plus")
    session.seat_key(0, "ok")  # the pick-up: the Trajan tray offers a stack per pile, and Pass
    choices = session.table_view().view["choices"]
    stacks = [c["args"]["stack"] for c in choices if c["name"] == "trajan"]
    assert len(stacks) > 1
    for _ in range(choices.index(next(c for c in choices if c["name"] == "trajan" and c["args"]["stack"] == stacks[1]))):
        session.seat_key(0, "plus")
    session.handle(Intent("seat_key", {"seat": 0, "key": "ok"}))  # refused: the notice, nothing journaled
    vm.update(session.table_view())  # what the session tells the screen after a pad's press
    assert vm.notice_text == "Enter the Trajan tile drawn from the stack."
    assert vm.entry == "choices" and vm.drawn_tile.entry["stack"] == stacks[1]
    vm.drawn_tile.close()
    vm.relabel()
    assert not vm.drawn_tile.entry, "a cancelled entry does not come back by itself"
