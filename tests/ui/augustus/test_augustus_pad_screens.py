"""Augustus on the pads, without a window: after a call every seat places at the same time from
its own pad (presses from several threads at once), each OLED shows the token called and the
seat's highlighted placement, OK places, a long press skips; the pad menu is the rules' own
`pad_choices`; the crier's pad draws from the app's bag."""

from __future__ import annotations

import threading

import pytest

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.augustus.parse import intent_of
from companion.presenters.game import pad_screen
from companion.session import Intent, Session
from companion.ui.augustus.presenters import AugustusPresenter
from hardware.facts import ButtonPressed

pytestmark = pytest.mark.timeout(60)

PRESENTERS = {"augustus": AugustusPresenter(title=lambda: "Augustus")}


def card(number, symbols):
    return {"number": number, "kind": "green", "vp": 1, "gold": 0, "wheat": 0, "symbols": symbols, "power": None}


#: Every seat's objectives carry every symbol, so each seat can place at any call.
ALL = ["swords", "shield", "chariot", "catapult", "standard", "dagger"]


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def six_players(session):
    cards = [card(10 * seat + i + 1, ALL) for seat in range(6) for i in range(3)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo", "Cy", "Di", "Ed", "Fa"], "seed": 11, "oldest": 2, "cards": cards}}))
    assert session.notice is None, session.notice
    for seat in range(6):
        for i in range(3):
            session.handle(Intent("take", {"seat": seat, "number": 10 * seat + i + 1}))
    assert session.table_view().view["phase"] == "draw"


def screen(session, seat):
    return pad_screen(session.seat_view(seat), seat, cursor=session.table_view().pad_cursor.get(seat),
                      presenters=PRESENTERS)


def test_the_crier_draws_and_every_seat_places_from_its_pad_at_once(session):
    six_players(session)
    assert screen(session, 2).result[1] == "> Draw a token", "the crier's pad draws"
    assert screen(session, 0).result == ("Colour: red", "Legions 7", "Controlled 0"), "the seat's colour as a word"
    session.handle(ButtonPressed(2, "ok"))
    view = session.table_view().view
    token = view["token"]
    assert view["phase"] == "place" and token
    game, state = session.engine.game, session.engine.state
    for seat in range(6):
        menu = [intent_of(c) for c in game.pad_choices(state, seat)]
        assert view["players"][seat]["choices"] == menu, "the view's choices are the rules' pad menu"
        shown = screen(session, seat)
        assert shown.title.startswith(view["players"][seat]["name"] + " · ")
        assert f"{view['token_left']} left" in shown.title
        assert shown.result[0] == f"1/{len(menu)}"

    # seats 0–4 press + then OK, each from its own thread through the bridge (handled on the main
    # thread in order, as in the app); seat 5 holds OK (skips)
    from kivy.clock import Clock

    from companion.ui.shell.bridge import Bridge

    bridge = Bridge(session.handle)
    barrier = threading.Barrier(6)

    def press(seat):
        barrier.wait()
        for key in (["ok_long"] if seat == 5 else ["plus", "ok"]):
            bridge.post(ButtonPressed(seat, key))

    before = session.engine.journal.last_step
    threads = [threading.Thread(target=press, args=(seat,)) for seat in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    while session.engine.journal.last_step < before + 6:  # the pytest timeout bounds this wait
        Clock.tick()
    view = session.table_view().view
    assert view["phase"] == "draw", "every seat placed or skipped: the call closed"
    placed = [sum(sum(o["legions"]) for o in p["objectives"]) for p in view["players"]]
    joker = token == "joker"
    assert placed[:5] == [1] * 5 and placed[5] == 0
    assert [p["supply"] for p in view["players"]] == [6] * 5 + [7]
    if not joker:
        for p in view["players"][:5]:
            filled = [s for o in p["objectives"] for s, on in zip(o["symbols"], o["legions"]) if on]
            assert filled == [token], "the second legal placement: a matching symbol"


def test_a_seat_with_nothing_to_enter_sees_its_supply_and_the_status_display_the_call(session):
    six_players(session)
    session.handle(ButtonPressed(2, "ok"))
    session.handle(ButtonPressed(0, "ok"))
    shown = screen(session, 0)
    assert shown.result == ("Colour: red", "Legions 6", "Controlled 0") and shown.status == "waiting for the others"
    status = PRESENTERS["augustus"].status_screen(session.table_view().view)
    assert status.title.startswith("Augustus · ") and "left" in status.title
    assert status.status.startswith("Place one legion or skip: Bo (blue), Cy (green)"), "names with their colours"
