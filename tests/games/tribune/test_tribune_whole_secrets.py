"""Secrets in the whole game of Tribune (property): region VIII's pair values and both sealed bids
(region V, the chariot) never reach a public view, its plain export copy (`to_data`), a notice, the
history, a log line, the replay text or `companion replay --json` before their reveal.

The players take fortunes (9 100 000) and the cards' values reach 2 500 000, so a pair's value can
be a seven-digit secret from 4 800 000 on, like the bids: "nowhere in the text" is then a
meaningful test. The rest of the round is answered by a random table from the public ask alone.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from tests.properties import examples

from companion.cli import main
from companion.core.store import JournalStore
from companion.core.views import to_data
from companion.games.tribune.rules import TRIBUNE
from companion.replay import format_summary, replay_journal
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from sealed_play import revealed

GAMES = {"tribune": TRIBUNE}
FORTUNE = 9_100_000
FACTIONS = ("gladiators", "legates", "praetorians", "plebeians", "patricians", "vestals", "senators")
CARD = {"factions": 3, "laurels": 9, "legions": 6, "denarii": None, "tribune": 2, "favour": 3, "needed": 4}
BID_OPS = st.one_of(
    st.tuples(st.just("set"), st.integers(4_800_000, 4_899_999)),
    st.tuples(st.just("lock_at"), st.integers(4_800_000, 4_899_999)),
    st.tuples(st.just("lock"), st.just(0)),
    st.tuples(st.just("press"), st.sampled_from(("plus", "minus", "ok", "ok_long"))),
    st.tuples(st.just("force"), st.just(0)),
)


def _shown(amounts, text: str) -> list[int]:
    return sorted(a for a in amounts if re.search(rf"(?<![0-9]){a}(?![0-9])", text))


def _public_texts(session: Session, records=()) -> dict[str, str]:
    table = session.table_view()
    notice = table.notice
    return {
        "table view": json.dumps(to_data(table.view)),
        "summary text": TRIBUNE.summary_text(table.view),
        "notice": "" if notice is None else f"{notice.text} {notice.rule} {notice.params}",
        "history": json.dumps([list(h.events) for h in session.history()], default=str),
        "logs": "\n".join(r.getMessage() for r in records),
    }


def _answer(ask, rnd: random.Random) -> Intent:
    """The table's answer to a whole-game ask, from the ask alone."""
    kind = ask["kind"]
    if kind == "tribune.place":
        return Intent("place", {"seat": ask["who"], "space": rnd.choice(list(ask["options"]))})
    if ask["options"]:
        return Intent("resolve", {"answer": rnd.choice(list(ask["options"]))})
    f = rnd.choice(FACTIONS)
    answer = {
        "tribune.region_i": lambda: rnd.choice((None, 2)), "tribune.region_ii": lambda: None,
        "tribune.region_iii": lambda: {"value": 2, "take": "money"},
        "tribune.region_iv": lambda: {"cards": [f"{f}:3"], "discard": [f"{f}:1"]},
        "tribune.region_vii": lambda: {"revealed": f, "discard": f"{f}:2"},
        "tribune.takeover": lambda: [f"{ask['about']['faction']}:{rnd.randint(1, 9)}" for _ in range(rnd.randint(2, 4))],
    }.get(kind, lambda: None)()
    return Intent("resolve", {"answer": answer})


@pytest.mark.timeout(600)  # whole rounds through a journal: slow on a loaded machine, never a wait
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**16), bids=st.lists(BID_OPS, min_size=30, max_size=120))
def test_pairs_and_bids_never_reach_a_public_place_before_their_reveal(players, seed, bids):
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="tribune-full-") as tmp:
        session = Session(GAMES, JournalStore(Path(tmp)))
        session.handle(Intent("new_game", {"game": "tribune", "setup": {
            "players": ["Ann", "Bo", "Cy", "Di", "Ed"][:players], "mode": "full", "victory": CARD, "seed": 1,
            "settings": {"max_card_value": 2_500_000}, "pads": list(range(players))}}))
        assert session.engine is not None, session.notice
        for seat in range(players):
            session.handle(Intent("take_money", {"seat": seat, "amount": FORTUNE}))
        ever_held: set[int] = set()
        kinds: set[str] = set()
        queue = list(bids)
        for _ in range(160):
            state = session.engine.state
            if state.finished or not queue:
                break
            view = session.table_view().view
            if state.is_bidding:
                kinds.add(state.bid_kind)
                op, value = queue.pop(0)
                seat = rnd.choice(list(state.bid.waiting) or list(state.bid.seats))
                if op == "press":
                    session.handle(ButtonPressed(pad=seat, key=value))
                elif op == "force":
                    session.handle(Intent("force_reveal"))
                elif op == "set":
                    session.handle(Intent("set_bid", {"seat": seat, "amount": value}))
                else:
                    session.handle(Intent("lock_bid", {"seat": seat, **({"amount": value} if value else {})}))
            elif view.get("ask"):
                session.handle(_answer(view["ask"], rnd))
            else:
                break
            state = session.engine.state
            if state.bid is not None and state.bid.is_open:
                ever_held |= {a for a in state.bid.amounts if a >= 1_000_000}
            for seat in range(players):  # a seat's pad draft is as secret as its bid
                draft = session.seat_view(seat).get("draft")
                if isinstance(draft, int) and draft >= 1_000_000:
                    ever_held.add(draft)
            secret = ever_held - revealed(session)
            for where, text in _public_texts(session).items():
                assert not _shown(secret, text), f"{where} shows an unrevealed bid or pair"
        for kind in sorted(kinds):
            event(f"bid: {kind}")
        secret = ever_held - revealed(session)
        path = session.engine.journal.path
        summary = replay_journal(path, GAMES)
        assert not _shown(secret, format_summary(summary, TRIBUNE) + json.dumps(summary, default=str))
        assert summary["view"] == to_data(session.table_view().view)
        session.shutdown()


def test_an_open_pair_value_is_only_in_its_seats_view(tmp_path, capsys):
    session = Session(GAMES, JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": ["Ann", "Bo"], "mode": "full", "victory": CARD, "seed": 1,
        "settings": {"max_card_value": 2_500_000}}}))
    for space in ("VIII.1", "VIII.2") + ("bowl",) * 10:
        seat = session.table_view().view["board"]["placer"]
        session.handle(Intent("place", {"seat": seat, "space": space}))
    assert session.table_view().view["phase"] == "region_viii"
    session.handle(Intent("lock_bid", {"seat": 0, "amount": 4_851_007}))
    assert session.seat_view(0)["mine"]["amount"] == 4_851_007
    assert not _shown([4_851_007], json.dumps(to_data(session.seat_view(1))))
    assert not _shown([4_851_007], "".join(_public_texts(session).values()))
    path = session.engine.journal.path
    session.shutdown()
    assert main(["replay", str(path)]) == 0 and main(["replay", "--json", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "region VIII" in out and not _shown([4_851_007], out + err)
