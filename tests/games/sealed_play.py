"""Shared by the games whose seats bid through the core's sealed bids (secret bid, Tribune): random
play of the bid intents for the secrets tests, and what the public history has revealed.

Amounts are seven digits from 4 800 000 on, so "the amount is nowhere in the text" is a meaningful
substring test in either game.
"""

from __future__ import annotations

from hypothesis import strategies as st

from companion.session import Intent, Session
from hardware.facts import ButtonPressed

AMOUNTS = st.integers(4_800_000, 4_899_999)
SEATS = st.integers(0, 3)  # up to 4 players; a seat past the last one must change nothing
LOCKING = st.one_of(
    st.tuples(st.just("press"), SEATS, st.just("ok")),
    st.tuples(st.just("lock"), SEATS),
    st.tuples(st.just("lock_at"), SEATS, AMOUNTS),
)
PRESS = st.tuples(st.just("press"), SEATS, st.sampled_from(("minus", "plus", "ok", "ok_long")))
SET = st.tuples(st.just("set"), SEATS, AMOUNTS)


def do(session: Session, op: tuple) -> None:
    """One bid op: a pad press, a set, a lock (of the seat's amount or `lock_at` one), a forced
    reveal; any other op is the intent of that name without arguments (undo, redo, new_round …)."""
    name = op[0]
    if name == "press":
        session.handle(ButtonPressed(pad=op[1], key=op[2]))
    elif name == "set":
        session.handle(Intent("set_bid", {"seat": op[1], "amount": op[2]}))
    elif name == "lock":
        session.handle(Intent("lock_bid", {"seat": op[1]}))
    elif name == "lock_at":
        session.handle(Intent("lock_bid", {"seat": op[1], "amount": op[2]}))
    elif name == "force":
        session.handle(Intent("force_reveal"))
    else:
        session.handle(Intent(name))


def revealed(session: Session) -> set[int]:
    """Every amount any reveal ever showed, from the public history (undone reveals included: once
    shown, shown)."""
    return {bid["amount"] for entry in session.history() for event in entry.events
            if event["kind"] == "sealed.revealed" for bid in event["bids"]}
