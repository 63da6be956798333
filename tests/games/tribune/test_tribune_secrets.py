"""Secrets by construction in Tribune: no public view, public event, history, log line, summary text
or `companion replay` output holds a bid that was not revealed.

Money is public in Tribune, so the players get large fortunes by hand (9 100 0xx denarii) and bid
seven-digit amounts from 4 800 000 on: money then only ever lands near 4.2–4.3, 9.0–9.2, 13.9–14.1 …
million, never on a bid, and "the amount is nowhere in the text" is a meaningful test. Numbers are
matched as whole numbers (not inside a longer one).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings, strategies as st

from tests.properties import examples

from companion.cli import main
from companion.core.store import JournalStore
from companion.games.tribune.rules import TRIBUNE
from companion.replay import format_summary, replay_journal
from companion.session import Intent, Session
from sealed_play import LOCKING, PRESS, SEATS, SET, do, revealed

GAMES = {"tribune": TRIBUNE}
FORTUNE = 9_100_000
SECRETS = (4_837_261, 4_837_262, 4_851_007)


def _shown(amounts, text: str) -> list[int]:
    return sorted(a for a in amounts if re.search(rf"(?<![0-9]){a}(?![0-9])", text))


def _public_texts(session: Session, records=()) -> dict[str, str]:
    table = session.table_view()
    notice = table.notice
    return {
        "table view": json.dumps(table.view, default=str),
        "summary text": TRIBUNE.summary_text(table.view),
        "notice": "" if notice is None else f"{notice.text} {notice.rule} {notice.params}",
        "history": json.dumps([list(h.events) for h in session.history()], default=str),
        "logs": "\n".join(r.getMessage() for r in records),
    }


def _rich_table(tmp_path: Path, **setup) -> Session:
    session = Session(GAMES, JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "tribune", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 1, **setup}}))
    assert session.engine is not None, session.notice
    for seat in range(3):
        session.handle(Intent("take_money", {"seat": seat, "amount": FORTUNE, "reason": "test fortune"}))
    return session


def test_unrevealed_bids_are_in_no_public_output_and_revealed_ones_are(tmp_path, caplog, capsys):
    caplog.set_level("DEBUG", logger="companion")
    session = _rich_table(tmp_path)
    session.handle(Intent("region_v", {"space1": 0, "space2": 1}))
    session.handle(Intent("set_bid", {"seat": 0, "amount": SECRETS[0]}))
    session.handle(Intent("lock_bid", {"seat": 0}))
    session.handle(Intent("set_bid", {"seat": 1, "amount": SECRETS[1]}))  # Bo's draft, not locked
    assert session.seat_view(0)["mine"]["amount"] == SECRETS[0]  # the secrets exist, privately
    assert session.seat_view(1)["mine"]["amount"] == SECRETS[1]
    assert not _shown(SECRETS[:1], json.dumps(session.seat_view(1)))  # and only in their own seat's view
    for where, text in _public_texts(session, caplog.records).items():
        assert not _shown(SECRETS, text), where
    assert session.table_view().view["players"][0]["locked"] and "locked:  Ann" in _public_texts(session)["summary text"]
    for event_ in session.history()[-1].events:
        assert set(event_) == {"kind", "seat"}  # a change says whose, never what

    # replay of a journal stopped mid-bid: text and JSON
    path = session.engine.journal.path
    session.shutdown()
    assert main(["replay", str(path)]) == 0
    assert main(["replay", "--json", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Tribune: round 1, region V bidding" in out and not _shown(SECRETS, out + err)

    session = Session(GAMES, JournalStore(tmp_path))
    session.resume(path)
    session.handle(Intent("lock_bid", {"seat": 1, "amount": SECRETS[2]}))  # the last lock reveals
    texts = _public_texts(session, caplog.records)
    assert _shown(SECRETS, texts["table view"]) == [SECRETS[0], SECRETS[2]]  # the locked amounts, now public
    assert not _shown(SECRETS[1:2], "".join(texts.values()))  # Bo's old draft was never his bid
    assert [p["money"] for p in session.table_view().view["players"]] == \
        [FORTUNE + 12 + SECRETS[2], FORTUNE + 13 - SECRETS[2], FORTUNE + 14]
    session.shutdown()


def test_a_forced_reveal_keeps_an_unlocked_draft_secret_for_ever(tmp_path, caplog):
    caplog.set_level("DEBUG", logger="companion")
    session = _rich_table(tmp_path)
    session.handle(Intent("chariot_auction"))
    session.handle(Intent("lock_bid", {"seat": 0, "amount": SECRETS[0]}))
    session.handle(Intent("set_bid", {"seat": 2, "amount": SECRETS[1]}))  # never locked
    session.handle(Intent("force_reveal"))
    texts = _public_texts(session, caplog.records)
    assert _shown(SECRETS, texts["table view"]) == [SECRETS[0]] and not _shown(SECRETS[1:], "".join(texts.values()))
    summary = replay_journal(session.engine.journal.path, GAMES)
    assert not _shown(SECRETS[1:], format_summary(summary, TRIBUNE) + json.dumps(summary))
    session.shutdown()


# -- random play -------------------------------------------------------------------------------

OPENING = st.one_of(st.tuples(st.just("region_v"), SEATS, SEATS), st.just(("chariot",)))
OPS = st.one_of(  # weighted towards opening and locking, so most games settle a bid or more
    PRESS, SET,
    LOCKING, LOCKING, LOCKING, OPENING, OPENING,
    st.tuples(st.just("take"), SEATS, st.integers(1, 30)),
    st.sampled_from([("force",), ("next_round",), ("undo",), ("redo",), ("crash",)]),
)
SETUPS = st.fixed_dictionaries({
    "players": st.integers(2, 4).map(lambda n: ["Ann", "Bo", "Cy", "Di"][:n]),
    "unlocked_bids": st.sampled_from(("minimum", "current")),
    "region_v_tie_winner_pays": st.booleans(),
})


def _do(session: Session, op: tuple) -> None:
    name = op[0]
    if name == "region_v":
        session.handle(Intent("region_v", {"space1": op[1], "space2": op[2]}))
    elif name == "take":
        session.handle(Intent("take_money", {"seat": op[1], "amount": op[2]}))
    elif name == "chariot":
        session.handle(Intent("chariot_auction"))
    else:
        do(session, op)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, ops=st.lists(OPS, min_size=12, max_size=50))
def test_random_play_never_shows_a_secret_and_never_goes_below_zero(setup, ops):
    names = setup["players"]
    overrides = {k: setup[k] for k in ("unlocked_bids", "region_v_tie_winner_pays")}
    with tempfile.TemporaryDirectory(prefix="tribune-") as tmp:
        session = Session(GAMES, JournalStore(Path(tmp)))
        session.handle(Intent("new_game", {"game": "tribune", "setup": {"players": names, "settings": overrides, "seed": 1}}))
        for seat in range(len(names)):
            session.handle(Intent("take_money", {"seat": seat, "amount": FORTUNE}))
        ever_held: set[int] = set()
        shown_results: list = []
        for op in ops:
            if op[0] == "crash":
                before = session.engine.state
                path = session.engine.journal.path
                session.shutdown()
                session = Session(GAMES, JournalStore(Path(tmp)))
                session.resume(path)
                assert session.engine.state == before
            else:
                _do(session, op)
            state = session.engine.state
            if state.bid is not None:
                ever_held |= {a for a in state.bid.amounts if a >= 1_000_000}
                for i, seat in enumerate(state.bid.seats):  # the secrets are there, in their seats' views
                    assert session.seat_view(seat)["mine"]["amount"] == state.bid.amounts[i]
            assert min(state.money) >= 0
            secret = ever_held - revealed(session)
            for where, text in _public_texts(session).items():
                assert not _shown(secret, text), f"{where} shows an unrevealed bid"
            results = session.table_view().view["results"]
            assert results[:len(shown_results)] == shown_results  # what a reveal showed stays shown
            shown_results = results
        event(f"settled bids: {min(len(shown_results), 3)}")
        summary = replay_journal(session.engine.journal.path, GAMES)
        assert not _shown(ever_held - revealed(session), format_summary(summary, TRIBUNE) + json.dumps(summary))
        assert summary["view"] == session.table_view().view  # replay of the journal = the live game
        session.shutdown()
