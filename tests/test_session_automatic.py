"""Session: the steps a game takes by itself (`automatic_step`, `is_forced`) after a pad press or a
touch intent posted with `automatic=True`; undo and redo step over them; scripts and games without
the hooks get exactly the step they asked for."""

from __future__ import annotations

import pytest

from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from tests.games.trajan.test_flow import one_trajan_stack


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path))
    yield s
    s.shutdown()


def trajan(session, seed):
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "start_player": 0, "seed": seed}}))
    assert session.notice is None, session.notice


def tray_to(session, target):
    """A new game (Ann starts) with one of Ann's trays landing on `target`'s tray: (tray, seed)."""
    for seed in range(1, 80):
        trajan(session, seed)
        preview = next((p for p in session.table_view().view["previews"] if p and p["target_action"] == target), None)
        if preview is not None:
            return preview["tray"]
    raise AssertionError(f"no seed lands a tray on {target}")


def press_choice(session, pad, predicate):
    """Walks pad `pad`'s menu (the view's choices) to the first choice matching, and presses OK."""
    choices = session.table_view().view["choices"]
    index = next(i for i, c in enumerate(choices) if predicate(c))
    cursor = session.table_view().pad_cursor.get(pad, 0)
    for _ in range((index - cursor) % len(choices)):
        session.handle(ButtonPressed(pad=pad, key="plus"))
    session.handle(ButtonPressed(pad=pad, key="ok"))


def kinds_since(session, step):
    return [e["kind"] for entry in session.history() if entry.step > step for e in entry.events]


def test_a_pads_action_ends_the_turn_by_itself(session):
    tray = tray_to(session, "forum")
    start = session.table_view().step
    press_choice(session, 0, lambda c: c["args"].get("tray") == tray)
    view = session.table_view().view
    assert view["current"] == 0 and len(view["choices"]) > 2 and session.table_view().automatic == ()
    press_choice(session, 0, lambda c: c["name"] == "forum")
    table = session.table_view()
    assert kinds_since(session, start) == ["trajan.sowed", "trajan.action", "trajan.turn_ended"]
    assert table.view["current"] == 1, "no 'End turn' to press through"
    assert table.automatic == ({"step": table.step, "reason": "forced"},)


def test_a_senate_pick_up_by_pad_is_one_press_and_undo_comes_back_to_the_choice(session):
    told = []
    session.listeners.append(told.append)
    tray = tray_to(session, "senate")
    start = session.table_view().step
    told.clear()
    press_choice(session, 0, lambda c: c["args"].get("tray") == tray)
    table = session.table_view()
    assert kinds_since(session, start) == ["trajan.sowed", "trajan.action", "trajan.turn_ended"]
    assert table.view["players"][0]["senate"] == 1 and table.view["current"] == 1
    assert [a["reason"] for a in table.automatic] == ["sole_action", "forced"]
    assert table.automatic[0] == {"step": start + 2, "reason": "sole_action", "seat": 0, "action": "senate"}
    assert told[-1].step == start + 3 and told[-1].automatic == table.automatic

    session.handle(Intent("undo", automatic=True))  # the touchscreen's Undo
    view = session.table_view().view
    assert [c["name"] for c in view["choices"]] == ["senate", "pass"] and view["current"] == 0
    assert session.table_view().automatic == () and session.table_view().can_redo
    session.handle(Intent("redo", automatic=True))
    assert session.table_view().view["current"] == 1 and session.table_view().view["players"][0]["senate"] == 1
    session.handle(Intent("undo"))  # a script's undo: exactly one step (the automatic end of turn)
    assert [c["name"] for c in session.table_view().view["choices"]] == ["end_turn"]


def test_every_automatic_step_is_on_disk_before_the_screen_hears_of_it(session):
    tray = tray_to(session, "senate")
    path = session.engine.journal.path
    on_disk = []

    def listener(table):
        with Journal.open(path) as journal:  # another reader: only what is durable
            on_disk.append((table.step, journal.last_step))

    session.listeners.append(listener)
    press_choice(session, 0, lambda c: c["args"].get("tray") == tray)
    assert on_disk[-1][0] == on_disk[-1][1] and session.table_view().automatic


def test_a_touch_intent_follows_only_when_asked(session):
    tray = tray_to(session, "senate")
    sow = next(c for c in session.table_view().view["choices"] if c["args"].get("tray") == tray)
    start = session.table_view().step
    session.handle(Intent(sow["name"], sow["args"]))  # a script: exactly the pick-up
    assert kinds_since(session, start) == ["trajan.sowed"] and session.table_view().automatic == ()
    session.handle(Intent("undo"))
    session.handle(Intent(sow["name"], sow["args"], automatic=True))  # the touchscreen
    assert kinds_since(session, start)[-3:] == ["trajan.sowed", "trajan.action", "trajan.turn_ended"]


def a_table_drawing_trajan_tiles_by_hand(session, monkeypatch):
    """A new 2-player game whose table draws its own tiles, at a pick-up that lands a tray on the
    Trajan tray (stacks narrowed to one: at the start all six have tiles): the pick-up's preview."""
    one_trajan_stack(monkeypatch)
    for seed in range(1, 80):
        session.handle(Intent("new_game", {"game": "trajan", "setup": {
            "players": ["Ann", "Bo"], "colours": ["red", "blue"], "start_player": 0, "seed": seed,
            "digital_draws": False}}))
        preview = next((p for p in session.table_view().view["previews"] if p and p["target_action"] == "trajan"), None)
        if preview is not None:
            return preview
    raise AssertionError("no seed lands a tray on the Trajan tray")


def test_a_refused_automatic_step_stops_the_chain_and_says_why(session, monkeypatch):
    """With the table drawing the Trajan tiles, a Trajan tray whose only action is one stack's tile
    (stacks narrowed to one here: at the start all six have tiles) needs the tile the table drew:
    the pick-up stays, nothing else is written, and the notice asks for the tile."""
    preview = a_table_drawing_trajan_tiles_by_hand(session, monkeypatch)
    start = session.table_view().step
    session.handle(Intent("sow", {"tray": preview["tray"], "order": preview["order"]}, automatic=True))
    assert kinds_since(session, start) == ["trajan.sowed"] and session.table_view().automatic == ()
    assert session.notice.level == "refused" and session.notice.template == "Enter the Trajan tile drawn from the stack."


def test_a_game_without_the_hooks_takes_exactly_the_step(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 3}}))
    session.handle(Intent("add_points", {"seat": 0, "points": 2}, automatic=True))
    session.handle(ButtonPressed(pad=1, key="plus"))
    assert session.engine.journal.last_step == 3 and session.table_view().automatic == ()
    session.handle(Intent("undo", automatic=True))
    assert [p["score"] for p in session.table_view().view["players"]] == [2, 0]
