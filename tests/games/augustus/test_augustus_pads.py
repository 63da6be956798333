"""Augustus on the pads: after a call every seat places or skips on its own pad at the same time
(− / + walk its legal placements, OK places, a long press skips), the presses arriving from a
thread per pad through the bridge, handled on the main thread in order."""

from __future__ import annotations

import threading
import time

import pytest

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from augustus_helpers import NAMES, card

pytestmark = pytest.mark.timeout(60)


def started(tmp_path, players: int = 4) -> Session:
    """Each seat holds a shield objective (and fillers), the physical bag, pads 0.. for seats 0.."""
    cards = []
    for seat in range(players):
        cards += [card(10 + seat, symbols=("shield", "chariot")), card(30 + seat, symbols=("dagger", "standard")),
                  card(50 + seat, symbols=("shield",) * 3)]
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": list(NAMES[:players]), "seed": 1, "settings": {"bag": "table"}, "cards": cards,
        "pads": list(range(players))}}))
    for seat in range(players):
        for number in (10 + seat, 30 + seat, 50 + seat):
            session.handle(Intent("take", {"seat": seat, "number": number}))
    session.handle(Intent("draw", {"token": "shield"}))
    assert session.table_view().view["phase"] == "place", session.notice
    return session


def test_every_seat_places_from_its_own_pad_thread_at_once(tmp_path):
    from kivy.clock import Clock

    from companion.ui.shell.bridge import Bridge

    session = started(tmp_path)
    bridge = Bridge(session.handle)
    # seat k walks k steps along its menu, then OK; seat 3 holds OK long: a skip
    presses = {0: ["ok"], 1: ["plus", "ok"], 2: ["plus", "plus", "minus", "plus", "ok"], 3: ["ok_long"]}

    def pad(k: int) -> None:
        for key in presses[k]:
            bridge.post(ButtonPressed(pad=k, key=key))

    menus = {k: session.engine.game.pad_choices(session.engine.state, k) for k in range(4)}
    before = session.engine.journal.last_step
    threads = [threading.Thread(target=pad, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while session.engine.journal.last_step < before + 4 and time.monotonic() < deadline:
        Clock.tick()
    for t in threads:
        t.join()
    Clock.tick()
    assert session.engine.journal.last_step == before + 4, "one step per seat"
    state = session.engine.state
    assert state.phase == "draw", "every seat done: the call closed"
    expected = {0: menus[0][0], 1: menus[1][1], 2: menus[2][2]}
    for seat, command in expected.items():
        objective = state.player(seat).objective(command.number)
        assert objective.legions[command.slot], f"seat {seat} placed what its cursor showed"
    assert state.player(3).on_board == 0 and state.player(3).supply == 7, "the long press skipped"
    session.shutdown()


def test_a_pad_menu_ends_with_skip_and_a_done_seat_has_none(tmp_path):
    session = started(tmp_path, players=2)
    game, state = session.engine.game, session.engine.state
    menu = game.pad_choices(state, 0)
    assert type(menu[-1]).__name__ == "Skip" and len(menu) == 1 + 1 + 3  # 10's shield, 50's three, skip
    session.handle(Intent("seat_key", {"seat": 0, "key": "ok"}))
    assert game.pad_choices(session.engine.state, 0) == ()
    session.handle(Intent("seat_key", {"seat": 0, "key": "ok"}))
    assert session.notice.level == "info"  # nothing to enter from this pad now
    session.shutdown()
