"""`companion replay` of a journal stopped mid-bid: who has locked, never what."""

from __future__ import annotations

import json

from companion.cli import main
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.facts import ButtonPressed

AMOUNTS = (4_837_261, 4_837_262, 4_901_234)


def mid_bid_journal(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 5}}))
    session.handle(Intent("set_bid", {"seat": 0, "amount": AMOUNTS[0]}))
    session.handle(ButtonPressed(pad=0, key="plus"))  # now AMOUNTS[1]
    session.handle(ButtonPressed(pad=0, key="ok"))
    session.handle(Intent("lock_bid", {"seat": 1, "amount": AMOUNTS[2]}))
    session.handle(Intent("set_bid", {"seat": 2, "amount": AMOUNTS[0]}))  # Cy's draft, not locked
    assert session.seat_view(0)["mine"]["amount"] == AMOUNTS[1]  # the secrets exist, privately
    path = session.engine.journal.path
    session.shutdown()
    return path


def test_replay_text_says_who_locked_and_no_amount(tmp_path, capsys):
    path = mid_bid_journal(tmp_path)
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Secret bid: round 1, bidding" in out and "locked: Ann, Bo" in out and "waiting: Cy" in out
    assert not [a for a in AMOUNTS if str(a) in out + err]


def test_replay_json_has_the_locks_and_no_amount(tmp_path, capsys):
    path = mid_bid_journal(tmp_path)
    assert main(["replay", "--json", str(path)]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert [p["locked"] for p in summary["view"]["players"]] == [True, True, False]
    assert summary["view"]["bid"]["waiting"] == [2] and not summary["finished"]
    assert not [a for a in AMOUNTS if str(a) in out + err]
