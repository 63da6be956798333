"""Secrets by construction, under random play: presses, sets, locks, unlocks, forced reveals, new
rounds, undo, redo and crashes (the journal closed and the game read back from disk).

Amounts are seven digits from 4 800 000 on (limits are 9 1xx xxx, everything else the public sees is
short or unlike them), so "the amount is nowhere in the text" is a meaningful substring test. An
amount is *secret* once a seat's bid has held it, until a reveal has shown it.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from tests.properties import examples

from companion.core.engine import Engine
from companion.core.store import JournalStore
from companion.games.secretbid.rules import SECRETBID
from companion.replay import format_summary, replay_journal
from companion.session import Intent, Session
from sealed_play import LOCKING, PRESS, SET, do, revealed
from secretbid_helpers import companion_logs

GAMES = {"secretbid": SECRETBID}
OPS = st.one_of(
    PRESS, SET,
    LOCKING, LOCKING,  # weighted towards locking, so most games reach a reveal and crash locked
    st.sampled_from([("force",), ("new_round",), ("undo",), ("redo",), ("crash",)]),
    st.sampled_from([("crash",), ("force",)]),
)
SETUPS = st.fixed_dictionaries({
    "players": st.integers(2, 4).map(lambda n: ["Ann", "Bo", "Cy", "Di"][:n]),
    "unlocked": st.sampled_from(("current", "minimum", "excluded")),
    "limit_base": st.integers(9_100_000, 9_199_990),
})


def _held(session: Session) -> set[int]:
    """The distinctive amounts seats' bids hold now (every one of them secret until revealed)."""
    round_ = session.engine.state.round
    return {a for a in round_.amounts if a >= 1_000_000} if round_ is not None else set()


def _revealed_steps(session: Session) -> list[int]:
    return [h.step for h in session.history() if any(e["kind"] == "sealed.revealed" for e in h.events)]


def _public_texts(session: Session, records: list) -> dict[str, str]:
    table = session.table_view()
    notice = table.notice
    return {
        "table view": json.dumps(table.view, default=str),
        "notice": "" if notice is None else f"{notice.text} {notice.rule} {notice.params}",
        "history": json.dumps([[e for e in h.events] for h in session.history()], default=str),
        "logs": "\n".join(r.getMessage() for r in records),
    }


def _assert_nothing_secret_shown(session: Session, secret: set[int], records: list) -> None:
    for where, text in _public_texts(session, records).items():
        shown = sorted(a for a in secret if str(a) in text)
        assert not shown, f"{where} shows unrevealed amounts {shown}"


def _play(setup: dict, ops: list[tuple], engine_cls: type[Engine]) -> None:
    names = setup["players"]
    limits = [setup["limit_base"] + i for i in range(len(names))]
    with tempfile.TemporaryDirectory(prefix="secretbid-") as tmp, companion_logs() as records, \
            mock.patch("companion.session.Engine", engine_cls):
        session = Session(GAMES, JournalStore(Path(tmp)))
        session.handle(Intent("new_game", {"game": "secretbid", "setup": {
            "players": names, "limits": limits, "unlocked": setup["unlocked"], "seed": 1}}))
        assert session.engine is not None, session.notice
        ever_held: set[int] = set()
        shown_results: list = []
        for op in ops:
            if op[0] == "crash":
                before, can = session.engine.state, (session.engine.can_undo, session.engine.can_redo)
                path = session.engine.journal.path
                session.shutdown()
                session = Session(GAMES, JournalStore(Path(tmp)))
                session.resume(path)
                after = session.engine.state
                # (b) every seat still locked or not, with the same amount, and nothing else changed
                if before.round is not None:
                    assert after.round.locked == before.round.locked
                    assert after.round.amounts == before.round.amounts
                assert after == before and (session.engine.can_undo, session.engine.can_redo) == can
                if before.round is not None and any(before.round.locked) and before.round.is_open:
                    event("crash with a locked, unrevealed bid")
            else:
                do(session, op)
            ever_held |= _held(session)
            # (a) no public output holds an amount no reveal has shown
            _assert_nothing_secret_shown(session, ever_held - revealed(session), records)
            # the seats' own views do hold them: the search above looks for something that exists
            round_ = session.engine.state.round
            for i, seat in enumerate(round_.seats):
                assert session.seat_view(seat)["mine"]["amount"] == round_.amounts[i]
            results = session.table_view().view["results"]
            if op == ("undo",) and session.notice is not None and "revealed" in session.notice.text:
                event("undo refused at a reveal")
            # (c) what a reveal showed stays shown, whatever is undone afterwards
            assert results[:len(shown_results)] == shown_results
            shown_results = results
        assert any("durable step" in r.getMessage() for r in records)  # the logs were really captured
        event(f"reveals: {min(len(_revealed_steps(session)), 3)}")
        summary = replay_journal(session.engine.journal.path, GAMES)
        replay_text = format_summary(summary, SECRETBID) + json.dumps(summary)
        secret = ever_held - revealed(session)
        assert not [a for a in secret if str(a) in replay_text]
        session.shutdown()


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, ops=st.lists(OPS, min_size=4, max_size=50))
def test_random_play_never_shows_a_secret_resumes_locked_and_keeps_every_reveal_shown(setup, ops):
    _play(setup, ops, Engine)


def test_undo_keeps_a_reveal_shown(tmp_path):
    session = Session(GAMES, JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    session.handle(Intent("set_bid", {"seat": 0, "amount": 4_837_261}))
    session.handle(Intent("lock_bid", {"seat": 0}))
    session.handle(Intent("lock_bid", {"seat": 1}))
    assert session.table_view().view["results"]
    session.handle(Intent("undo"))
    try:
        assert session.table_view().view["results"], "undo hid the revealed bids again"
    finally:
        session.shutdown()
