"""Sealed bids chosen on a pad stay in the session's private drafts: only the lock is journaled."""

from __future__ import annotations

import logging

import pytest

from companion.core.store import JournalStore
from companion.core.asks import Ask
from companion.pad_answers import NOT_YET, PadAnswers, _key
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.facts import ButtonPressed

SECRET = 4_837_261


def test_a_draft_moves_within_its_bounds_and_ok_locks_what_it_shows():
    answers = PadAnswers()
    ask = Ask("sealed.bid", "sealed bid", {"name": "lock_bid", "args": {"seat": 0}}, "amount", 0,
              range=(2, 5, 1), secret=True)
    start = lambda: 2  # noqa: E731
    assert answers.press(0, "minus", ask, start) is NOT_YET and answers.value(0, ask, start) == 2
    for _ in range(9):
        answers.press(0, "plus", ask, start)
    assert answers.value(0, ask, start) == 5
    assert ask.answered(answers.press(0, "ok", ask, start)) == ("lock_bid", {"seat": 0, "amount": 5})
    assert answers.value(0, ask, start) == 2  # forgotten after the lock: the round holds the amount now
    assert answers.value(0, None, start) is None
    assert "5" not in repr(answers)


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "secretbid", "setup": {
        "players": ["Ann", "Bo"], "limits": [SECRET + 10, SECRET + 10], "step": 1, "seed": 1}}))
    assert s.engine is not None, s.notice
    yield s
    s.shutdown()


def test_presses_are_private_and_unjournaled_until_the_lock(session, caplog):
    caplog.set_level(logging.DEBUG, logger="companion")
    session.handle(Intent("set_bid", {"seat": 1, "amount": 3}))  # a private device may set outright
    start = session.engine.journal.last_step
    ask = next(a for a in session.table_view().asks if a.who == 0)
    session.answers._values[0] = (_key(ask), SECRET - 2)  # as if held + for a long time
    for _ in range(2):
        session.handle(ButtonPressed(0, "plus"))
    assert session.engine.journal.last_step == start  # nothing journaled: nothing to count
    assert session.seat_view(0)["draft"] == SECRET
    assert session.seat_view(1)["draft"] == 3
    public = repr(session.table_view()) + repr(session.history()) + caplog.text
    assert str(SECRET) not in public
    session.handle(ButtonPressed(0, "ok"))
    assert session.engine.journal.last_step == start + 1
    assert session.engine.state.round.is_locked(0) and session.seat_view(0)["draft"] is None
    assert session.seat_view(0)["mine"]["amount"] == SECRET
    assert str(SECRET) not in repr(session.table_view()) + repr(session.history()) + caplog.text


def test_a_crash_keeps_the_lock_and_loses_only_an_unlocked_draft(session, tmp_path):
    session.handle(ButtonPressed(0, "plus"))
    session.handle(ButtonPressed(0, "ok"))
    session.handle(ButtonPressed(1, "plus"))
    path = session.engine.journal.path
    session.shutdown()
    again = Session(all_rules(), JournalStore(tmp_path))
    again.resume(path)
    try:
        assert again.engine.state.round.is_locked(0) and again.seat_view(0)["mine"]["amount"] == 1
        assert not again.engine.state.round.is_locked(1) and again.seat_view(1)["draft"] == 0
        # a long press unlocks; the draft starts from the locked amount
        again.handle(ButtonPressed(0, "ok_long"))
        assert again.seat_view(0)["draft"] == 1
    finally:
        again.shutdown()


def test_a_seat_without_a_pad_uses_its_private_panel_with_the_same_keys(session):
    session.handle(Intent("seat_key", {"seat": 1, "key": "plus"}))
    session.handle(Intent("seat_key", {"seat": 1, "key": "ok"}))
    assert session.engine.state.round.is_locked(1) and session.seat_view(1)["mine"]["amount"] == 1
    session.handle(Intent("seat_key", {"seat": 1, "key": "jump"}))
    assert session.notice is not None and session.notice.rule == "seat_key"
    session.handle(Intent("seat_key", {"seat": 7, "key": "ok"}))
    assert session.notice is not None and "seat" in session.notice.text


def test_a_forced_reveal_counts_what_an_unlocked_pad_shows(session):
    """Under the `current` policy an unlocked seat bids the amount its pad shows (docs/sealed-bids.md)."""
    assert session.engine.state.round.unlocked == "current"
    session.handle(Intent("seat_key", {"seat": 0, "key": "plus"}))
    session.handle(Intent("seat_key", {"seat": 0, "key": "ok"}))  # Ann locks 1
    for _ in range(3):
        session.handle(ButtonPressed(1, "plus"))  # Bo shows 3, not locked
    session.handle(Intent("force_reveal", {}))
    assert session.notice is None, session.notice
    result = session.table_view().view["results"][-1]
    assert {(b["seat"], b["amount"], b["locked"]) for b in result["bids"]} == {(0, 1, True), (1, 3, False)}
    assert result["winners"] == [1]
    # a correction before the reveal enters the forced reveal again with the amounts it counted
    replay = session.engine.game.command_of(session.engine.latest_step.events)
    assert replay is not None and dict(replay.drafts) == {1: 3}
