"""Secret bid over the core: set-up, rounds, pads, results, replay and corrections."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalCommand
from companion.core.sealed import AdjustBid, ForceReveal, LockBid, SetBid, UnlockBid
from companion.core.store import JournalStore
from companion.games import all_rules, registry
from companion.games.secretbid.commands import FinishBids, NewRound, StartBids
from companion.games.secretbid.rules import SECRETBID
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from secretbid_helpers import new_engine, reopen

SECRET = 4837261


def test_registered_with_rules_and_screens():
    entry = next(e for e in registry() if e.id == "secretbid")
    assert entry.players == (2, 8) and entry.screens and entry.rules is SECRETBID
    assert all_rules()["secretbid"] is SECRETBID


@pytest.mark.parametrize("setup, words", [
    ({"players": ["Ann"]}, "2 to 8 players, not 1"),
    ({"players": [f"P{i}" for i in range(9)]}, "2 to 8 players, not 9"),
    ({"players": ["Ann", " "]}, "Player 2 has no name"),
    ({"players": ["Ann", "Ann"]}, "same name"),
    ({"players": ["Ann", "Bo"], "limits": [5]}, "one limit per player (2)"),
    ({"players": ["Ann", "Bo"], "limits": [5, 10_000_000]}, "Player 2's limit must be from 0 to 9999999"),
    ({"players": ["Ann", "Bo"], "limits": [5, "x"]}, "'limits' must be a list"),
    ({"players": ["Ann", "Bo"], "step": 0}, "by 1 to 100000"),
    ({"players": ["Ann", "Bo"], "unlocked": "coin flip"}, "current, minimum, excluded"),
    ({"players": "Ann, Bo"}, "list of names"),
])
def test_setup_refusals_name_what_is_wrong(setup, words):
    with pytest.raises(IllegalCommand) as info:
        SECRETBID.decide(SECRETBID.initial_state(), SECRETBID.parse_command("setup", {**setup, "seed": 1}))
    assert words in info.value.message


def test_setup_seats_the_table_and_opens_the_first_round(tmp_path):
    engine = new_engine(tmp_path / "g.journal", limits=(12, None, 30))
    view = engine.view()
    assert view["phase"] == "bidding" and view["round"] == 1
    assert [(p["name"], p["limit"], p["locked"]) for p in view["players"]] == \
        [("Ann", 12, False), ("Bo", 9_999_999, False), ("Cy", 30, False)]
    assert view["bid"]["waiting"] == [0, 1, 2] and view["results"] == []
    with pytest.raises(IllegalCommand, match="already seated"):
        engine.execute(StartBids(("X", "Y")))


def test_a_round_from_presses_to_the_result_then_the_next_round(tmp_path):
    engine = new_engine(tmp_path / "g.journal", limits=(12, 20, 30))
    engine.execute(AdjustBid(0, 1))
    engine.execute(AdjustBid(0, 1))
    engine.execute(LockBid(0))
    engine.execute(SetBid(1, 15))
    engine.execute(LockBid(1))
    assert engine.view()["phase"] == "bidding" and engine.view()["bid"]["waiting"] == [2]
    with pytest.raises(IllegalCommand, match="before starting another"):
        engine.execute(NewRound())
    with pytest.raises(IllegalCommand, match="before finishing"):
        engine.execute(FinishBids())
    engine.execute(SetBid(2, 15))
    engine.execute(LockBid(2))  # the last lock reveals
    view = engine.view()
    assert view["phase"] == "revealed"
    assert view["results"] == [{"round": 1, "bids": [{"seat": 0, "amount": 2, "locked": True},
                                                     {"seat": 1, "amount": 15, "locked": True},
                                                     {"seat": 2, "amount": 15, "locked": True}],
                                "places": [[1, 2], [0]], "winners": [1, 2], "forced": False}]
    with pytest.raises(IllegalCommand, match="No sealed bid is open"):
        engine.execute(AdjustBid(0, 1))
    engine.execute(NewRound(limits=(10, 5, 15)))  # the table paid: new limits
    view = engine.view()
    assert view["round"] == 2 and view["phase"] == "bidding" and [p["limit"] for p in view["players"]] == [10, 5, 15]
    assert len(view["results"]) == 1 and view["bid"]["result"] is None
    engine.execute(ForceReveal())
    engine.execute(FinishBids())
    assert engine.is_finished and engine.view()["phase"] == "finished"


def test_only_a_seats_own_view_shows_its_amount(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(SetBid(0, SECRET))
    engine.execute(LockBid(0))
    engine.execute(SetBid(1, SECRET + 1))
    assert engine.view(0)["mine"]["amount"] == SECRET and engine.view(0)["mine"]["locked"]
    assert str(SECRET + 1) not in json.dumps(engine.view(0))
    assert engine.view(1)["mine"]["amount"] == SECRET + 1 and str(SECRET) not in json.dumps(engine.view(1))
    public = json.dumps(engine.view())
    assert str(SECRET) not in public and str(SECRET + 1) not in public and "mine" not in engine.view()
    assert [p["locked"] for p in engine.view()["players"]] == [True, False, False]


def test_summary_text_says_who_locked_never_what(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(SetBid(1, SECRET))
    engine.execute(LockBid(1))
    text = SECRETBID.summary_text(engine.view())
    assert "round 1, bidding" in text and "locked:  Bo" in text and "waiting: Ann, Cy" in text
    assert str(SECRET) not in text
    engine.execute(SetBid(0, SECRET))
    engine.execute(LockBid(0))
    engine.execute(ForceReveal())
    text = SECRETBID.summary_text(engine.view())
    assert f"Round 1, forced: Ann {SECRET} · Bo {SECRET} · Cy 0 (not locked) — tie: Ann, Bo" in text


def test_pads_adjust_lock_and_a_long_press_unlocks(tmp_path):
    session = Session({"secretbid": SECRETBID}, JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"], "limits": [3, 9]}}))
    for key in ("plus", "plus", "plus", "plus", "minus", "ok"):  # the fourth + meets the limit of 3
        session.handle(ButtonPressed(pad=0, key=key))
    assert session.seat_view(0)["mine"] == {"seat": 0, "amount": 2, "limit": 3, "locked": True,
                                            "can_lower": False, "can_raise": False}
    steps = session.engine.journal.last_step
    session.handle(ButtonPressed(pad=0, key="plus"))  # locked: means nothing, journals nothing
    assert session.engine.journal.last_step == steps and session.notice is None
    session.handle(ButtonPressed(pad=0, key="ok_long"))
    session.handle(ButtonPressed(pad=0, key="plus"))
    session.handle(ButtonPressed(pad=0, key="ok"))
    session.handle(ButtonPressed(pad=1, key="ok"))
    result = session.table_view().view["results"][0]
    assert [(b["seat"], b["amount"]) for b in result["bids"]] == [(0, 3), (1, 0)] and result["winners"] == [0]
    steps = session.engine.journal.last_step
    session.handle(ButtonPressed(pad=1, key="ok"))  # after the reveal a press opens nothing
    assert session.engine.journal.last_step == steps
    session.shutdown()


def test_undo_of_a_lock_before_the_reveal_unlocks(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(SetBid(0, SECRET))
    engine.execute(LockBid(0))
    engine.undo()
    assert not engine.state.round.is_locked(0) and engine.state.round.amounts[0] == SECRET
    engine.redo()
    assert engine.state.round.is_locked(0)


def test_a_correction_before_the_reveal_enters_the_later_bids_again(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(SetBid(0, 10))  # step 2: the slip
    engine.execute(LockBid(0))
    engine.execute(SetBid(1, 7))
    result = engine.correct(2, SetBid(0, 12))
    assert not result.dropped and len(result.replayed) == 2
    assert engine.state.round.amounts[:2] == (12, 7) and engine.state.round.is_locked(0)


def test_a_reveal_is_never_undone_or_corrected_away(tmp_path):
    engine = new_engine(tmp_path / "g.journal", players=("Ann", "Bo"))
    engine.execute(SetBid(0, 10))
    engine.execute(LockBid(0))
    engine.undo()  # before the reveal, a lock can be taken back
    engine.redo()
    engine.execute(LockBid(1))  # reveals
    assert not engine.can_undo
    with pytest.raises(IllegalCommand, match="revealed what was secret"):
        engine.undo()
    with pytest.raises(IllegalCommand, match="revealed what was secret"):
        engine.correct(2, SetBid(0, 3))
    engine.execute(NewRound())
    engine.undo()  # a new round may be taken back: the result is still shown
    assert engine.view()["results"][0]["winners"] == [0] and not engine.can_undo
    engine = reopen(engine)
    assert not engine.can_undo and engine.view()["phase"] == "revealed"


def test_parse_command_names_bad_fields_and_never_echoes_an_amount():
    assert SECRETBID.parse_command("lock_bid", {"seat": 1}) == LockBid(1)
    assert SECRETBID.parse_command("lock_bid", {"seat": 1, "amount": 5}) == LockBid(1, 5)
    assert SECRETBID.parse_command("adjust_bid", {"seat": 0, "steps": -2}) == AdjustBid(0, -2)
    assert SECRETBID.parse_command("new_round", {}) == NewRound()
    assert SECRETBID.parse_command("force_reveal", {}) == ForceReveal()
    with pytest.raises(IllegalCommand) as info:
        SECRETBID.parse_command("set_bid", {"seat": 0, "amount": str(SECRET)})
    assert "'amount' must be a whole number" in info.value.message and str(SECRET) not in str(info.value)
    with pytest.raises(IllegalCommand, match="'seat' must be a whole number, got 'x'"):
        SECRETBID.parse_command("unlock_bid", {"seat": "x"})
    with pytest.raises(IllegalCommand, match="no action 'bribe'"):
        SECRETBID.parse_command("bribe", {})
